"""A character as a finding names it, in both languages: the English is Unicode's name (what a
search engine or a font tool knows it by), the Russian a description a Russian reader of the
consistency report can follow («кириллическая прописная буква С»). Both carry the code point,
which reads the same in any language."""

from __future__ import annotations

import unicodedata

from ..core.diagnostics import Phrase

#: the invisible characters (pipeline.core.characters.INVISIBLE) and the spaces, described in Russian
_RUSSIAN = {
    "\xa0": "неразрывный пробел",
    "\xad": "мягкий перенос",
    "\u061c": "арабский знак направления письма",
    "\u180e": "монгольский разделитель гласных",
    "\u200b": "пробел нулевой ширины",
    "\u200c": "разъединитель нулевой ширины",
    "\u200d": "соединитель нулевой ширины",
    "\u200e": "знак письма слева направо",
    "\u200f": "знак письма справа налево",
    "\u202a": "начало встраивания слева направо",
    "\u202b": "начало встраивания справа налево",
    "\u202c": "конец встраивания или переопределения направления",
    "\u202d": "переопределение направления слева направо",
    "\u202e": "переопределение направления справа налево",
    "\u2060": "соединитель слов",
    "\u2061": "невидимый знак применения функции",
    "\u2062": "невидимый знак умножения",
    "\u2063": "невидимый разделитель",
    "\u2064": "невидимый знак сложения",
    "\u2066": "изоляция слева направо",
    "\u2067": "изоляция справа налево",
    "\u2068": "изоляция по первому сильному знаку",
    "\u2069": "конец изоляции направления",
    "\ufeff": "неразрывный пробел нулевой ширины (метка порядка байтов)",
}
_SCRIPTS = {"CYRILLIC": ("кириллическая", "кириллический"), "LATIN": ("латинская", "латинский"),
            "GREEK": ("греческая", "греческий")}


def _russian(char: str) -> str:
    if char in _RUSSIAN:
        return _RUSSIAN[char]
    name = unicodedata.name(char, "")
    words = name.split()
    if len(words) >= 3 and words[0] in _SCRIPTS and "LETTER" in words:
        case = "прописная " if "CAPITAL" in words else "строчная " if "SMALL" in words else ""
        return f"{_SCRIPTS[words[0]][0]} {case}буква {char}"
    if unicodedata.category(char).startswith("Z"):
        return "пробел особого вида"
    return "символ"


def described(char: str, *, shown: bool = False) -> tuple[str, str]:
    """The English and the Russian naming of ``char``; ``shown``: the character itself first
    (a visible one, a letter of a mixed word)."""
    code = f"U+{ord(char):04X}"
    prefix = f"{char} " if shown else ""
    return f"{prefix}{code} {unicodedata.name(char, '?')}", f"{prefix}{code}, {_russian(char)}"


def names(chars: str, *, shown: bool = False) -> Phrase:
    """Each distinct character of ``chars`` named, in both languages, joined by commas."""
    pairs = [described(ch, shown=shown) for ch in dict.fromkeys(chars)]
    return Phrase.of(en=", ".join(en for en, _ in pairs), ru="; ".join(ru for _, ru in pairs))
