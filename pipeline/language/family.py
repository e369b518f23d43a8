"""Word families: one key for the words a title and its heading share by root, not by lemma.

«Пас» under «Когда держава может пасовать», «Сухопутное движение» under «Сухопутное
передвижение»: the lemmas differ («пас», «пасовать»; «движение», «передвижение»), the word
is one. A Russian word's family is the stem of its paradigm (the part every form of it shares,
:func:`~pipeline.language.morph.ru_stems`: «пас» for «пас» and for «пасовать», whose forms are
«пасую», «пасовал» …), and the same of the dictionary word left when one of pymorphy3's known
prefixes is taken off («пере» + «движение»). An English word's family is the Snowball stem of
its lemmas ("pass", "passing", "passed").

Families are wider than lemmas, so callers ask for them only to decide that a short title says
what its heading says, never that two sentences do.
"""

from __future__ import annotations

from functools import cache, lru_cache

from ..core.model import Lang
from .morph import analyzer, fold, known, ru_stems, ru_word

#: Prefixes that turn a word into its opposite or a false one («анти», «не», «без», «лже»): the
#: word left after them names something else, so it is no family of the whole.
OPPOSING = frozenset({"не", "без", "бес", "небез", "анти", "анти-", "противо", "противо-", "контр",
                      "контр-", "де", "дез", "дис", "лже", "лже-", "псевдо", "псевдо-", "экс", "экс-"})


def family(word: str, lang: str) -> frozenset[str]:
    """The family keys of one word form (empty for what is not a word)."""
    lower = fold(word)
    if not any(ch.isalpha() for ch in lower):
        return frozenset()
    return _ru_family(lower) if lang == Lang.RU else _en_family(lower)


@lru_cache(maxsize=20_000)
def _ru_family(lower: str) -> frozenset[str]:
    # the lemmas themselves too: an adjective's paradigm holds «наисухопутнейший», so its stem is empty
    keys: set[str] = set(ru_word(lower).keys)
    for lemma in ru_word(lower).keys:
        keys |= ru_stems(lemma)
        for prefix in _prefixes():
            rest = lemma[len(prefix):]
            if lemma.startswith(prefix) and len(rest) >= 3 and known(rest):
                keys |= {rest} | ru_stems(rest)
    return frozenset(keys)


@lru_cache(maxsize=20_000)
def _en_family(lower: str) -> frozenset[str]:
    from .pipelines import en_lemma

    stem = _en_stemmer().stemWord
    return frozenset({stem(lower), stem(en_lemma(lower))})


@cache
def _prefixes() -> tuple[str, ...]:
    """pymorphy3's own list of prefixes it strips to parse a word it does not know."""
    from pymorphy3.units.by_analogy import KnownPrefixAnalyzer

    found = next(unit.analyzer for unit in analyzer()._units if isinstance(unit.analyzer, KnownPrefixAnalyzer))
    return tuple(sorted(p for p in found.known_prefixes if p not in OPPOSING))


@cache
def _en_stemmer():
    import snowballstemmer

    return snowballstemmer.stemmer("english")
