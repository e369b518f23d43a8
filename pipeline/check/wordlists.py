"""The project word lists (corpus/wordlists/) and the Hunspell dictionaries, loaded once.

The spelling and script families both ask "is this a word of the language?": spelling to
report unknown words, script to tell a real Cyrillic abbreviation (`КО`) from a Cyrillic
look-alike of a Latin one (`СР` for `CP`). Both read the same lists through this module.

A dictionary's suggestions for an unknown word take Hunspell a tenth of a second each, and the
same few words are reported build after build: they are kept in the user's cache
(:mod:`pipeline.incremental.usercache`), per language, under a digest of the code and the tools
that make them (the installed dictionaries included: :func:`~pipeline.incremental.fingerprint.code_digest`),
sealed as every entry there is (:mod:`pipeline.incremental.entries`).
"""

from __future__ import annotations

import json
import os
import re
import secrets
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from ..core.errors import FolioError
from ..core.model import Lang
from ..incremental import usercache
from ..incremental.entries import Damaged, conforms, opened, seal
from ..incremental.fingerprint import code_digest
from ..util import project_files
from ..util.cached import by_text

WORDLISTS = "corpus/wordlists"
#: British spellings (`centre`, `defence`) are right in Risto's text; en_GB is asked second
#: only to accept them, never to suggest.
DICTIONARIES: dict[str, tuple[str, ...]] = {Lang.EN: ("en_US", "en_GB"), Lang.RU: ("ru_RU",)}

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
LATIN = re.compile(r"[A-Za-z]")


@dataclass(frozen=True)
class WordList:
    """One language's list: exact words and `stem*` entries for inflected names."""

    words: frozenset[str]  # case-folded
    stems: tuple[str, ...]  # case-folded
    exact: frozenset[str]  # as written, for abbreviations whose case matters (CP, КО)

    def __contains__(self, word: str) -> bool:
        folded = word.casefold().replace("ё", "е")
        return folded in self.words or folded.startswith(self.stems)


@cache
def _read_wordlist(root: str, rel_path: str) -> WordList:
    words: set[str] = set()
    stems: list[str] = []
    exact: set[str] = set()
    try:
        raw = project_files.read_bytes(Path(root), rel_path)
    except FileNotFoundError:
        raw = b""  # a project without a word list of its own
    try:
        lines = raw.decode("utf-8").splitlines()
    except UnicodeDecodeError as exc:
        raise FolioError(f"not UTF-8 text (byte 0x{raw[exc.start]:02x})", rel_path,
                         raw.count(b"\n", 0, exc.start) + 1) from None
    for line in lines:
        entry = line.split("#", 1)[0].strip()
        if not entry:
            continue
        folded = entry.casefold().replace("ё", "е")
        if entry.endswith("*"):
            stems.append(folded[:-1])
        else:
            words.add(folded)
            exact.add(entry)
    return WordList(frozenset(words), tuple(stems), frozenset(exact))


@by_text
def wordlist(root: str, lang: str) -> WordList:  # asked with the root's Path: by_text gives its text
    # Asked once per word of the corpus: building the path each time cost more than the lookup.
    return _read_wordlist(root, f"{WORDLISTS}/{lang}.txt")


@by_text
def dictionaries(lang: str) -> tuple:
    """The enchant dictionaries for ``lang``, Hunspell first; () when none is installed. One set
    per process whether asked for by its code or by its :class:`~pipeline.core.model.Lang` member."""
    try:
        import enchant
    except ImportError:  # the checks still run; spelling then reports nothing
        return ()
    broker = enchant.Broker()
    found = []
    for tag in DICTIONARIES.get(lang, ()):
        # the system ordering may hand en_US to aspell; the issue asks for Hunspell
        broker.set_ordering(tag, "hunspell,aspell,myspell")
        if broker.dict_exists(tag):
            found.append(broker.request_dict(tag))
    return tuple(found)


@lru_cache(maxsize=200_000)
def in_dictionary(word: str, lang: str) -> bool:
    found = dictionaries(lang)
    if not found:
        return True  # no dictionary: nothing can be called unknown
    forms = {word, word.replace("ё", "е").replace("Ё", "Е")}
    if word[:1].isupper():
        forms.add(word.lower())
    return any(d.check(form) for d in found for form in forms)


def suggestions(wanted: Iterable[tuple[str, str]]) -> dict[tuple[str, str], tuple[str, ...]]:
    """The dictionary's first suggestions for each (word, language) of ``wanted``; those it is
    asked for anew are kept in the user's cache, in one write per language for them all."""
    found: dict[tuple[str, str], tuple[str, ...]] = {}
    new: set[str] = set()  # the languages with a word the dictionary was asked for
    for word, lang in wanted:
        if (word, lang) in found:
            continue
        kept = _kept(lang)
        if word in kept:
            found[word, lang] = tuple(kept[word])
            continue
        dictionary = dictionaries(lang)
        found[word, lang] = made = tuple(dictionary[0].suggest(word)[:3]) if dictionary else ()
        if dictionary:
            kept[word] = list(made)
            new.add(lang)
    for lang in sorted(new):
        _keep(lang)
    return found


#: the user cache's files of suggestions kept, the newest first (one per language and digest)
KEEP_SUGGESTIONS = 8


def _suggestions_file(lang: str) -> tuple[Path, tuple[str, ...], bytes] | None:
    where, key = usercache.directory("suggestions"), usercache.key()
    if where is None or key is None:
        return None
    digest = code_digest()
    return where / f"{lang}-{digest}.json", ("suggestions", lang, digest), key


@by_text
def _kept(lang: str) -> dict[str, list[str]]:
    """The suggestions kept for ``lang`` (read once per process; what this process adds is
    added here too): one dict, whichever way the language is named, or the suggestions added
    under one name would be lost to the other and asked of Hunspell again."""
    return _read_suggestions(lang)


def _read_suggestions(lang: str) -> dict[str, list[str]]:
    entry = _suggestions_file(lang)
    if entry is None:
        return {}
    path, name, key = entry
    try:
        value = opened(path.read_bytes(), name, key, _decode_suggestions)
    except (OSError, Damaged):  # none yet, or not ours: made again, and the file written anew
        return {}
    return value


def _decode_suggestions(data: bytes) -> dict[str, list[str]] | None:
    value = json.loads(data)
    return value if conforms(value, dict[str, list[str]]) else None


def _keep(lang: str) -> None:
    """Write the suggestions this process holds for ``lang``, merged with what other processes
    (a build's check workers, a build beside this one) kept meanwhile, whole or not at all; a
    cache that cannot be written is simply not used."""
    entry = _suggestions_file(lang)
    if entry is None:
        return
    path, name, key = entry
    merged = {**_read_suggestions(lang), **_kept(lang)}
    tmp = path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(seal(json.dumps(merged, ensure_ascii=False, sort_keys=True).encode("utf-8"), name, key))
        os.replace(tmp, path)  # whole or not at all: builds may run side by side
        old = sorted(path.parent.glob("*.json"), key=_modified, reverse=True)[KEEP_SUGGESTIONS:]
        for stale in old:
            stale.unlink(missing_ok=True)
    except OSError:
        with suppress(OSError):  # a write cut short leaves no part of itself behind
            tmp.unlink(missing_ok=True)


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:  # pruned by a build running beside this one
        return 0.0


@lru_cache(maxsize=200_000)  # asked of every word by spelling and parity: once per form
def language_of(word: str) -> str | None:
    """`ru` for a Cyrillic word, `en` for a Latin one, None for a mixed or letterless one."""
    cyrillic, latin = bool(CYRILLIC.search(word)), bool(LATIN.search(word))
    if cyrillic == latin:
        return None
    return "ru" if cyrillic else "en"


def known(root: Path, word: str, lang: str) -> bool:
    """In the project word list or the dictionary of ``lang``."""
    return word in wordlist(root, lang) or in_dictionary(word, lang)
