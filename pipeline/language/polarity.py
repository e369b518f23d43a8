"""Negations and conditions of a sentence, found by lemma: what a translation must not drop.

    negations("may not be activated", "en")        # one strong Marker: `not`
    conditions("если только Милан не в VA", "ru")  # one strong Marker: «если»

A *strong* marker is a word whose only job is to negate or to set a condition (`not`, «не»,
`unless`, «если»). A *weak* one says the same in passing, as other words do (`without`,
`non-Hostile`, «без», «невозможно», `while`, «при выпадении»): the other side may render a
strong marker by one of them, so a weak marker excuses a side from having a strong one, but is
never reported missing. The two languages do not match marker for marker:

- Russian doubles its negations (`none` is «никто … не», `never` «никогда не»), so sides are
  compared by presence, not by count;
- «не более», «не менее» are `at most`, `at least` (and `no more than` the same in English):
  comparisons, whose negation is weak;
- «пока … не» and «до тех пор, пока … не» are `until` (or `while not`): their «не» is weak,
  and so is each «не» joined to it («пока он не умрёт или не перейдёт …»);
- «не» before a comparative (`не быстрее чем`: `at a rate of at most`) compares;
- a verb of keeping is the negation of a change: "are not affected" is «остаются в силе»,
  «не меняется» is "remains" (litotes), so such a verb is a weak negation;
  «если только … не» is `unless`, a strong negation as `unless` is (it also conditions).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from ..core.model import Lang
from .morph import parses, ru_word
from .tokens import Token, lemmas


class Marker(NamedTuple):
    start: int  # character offsets into the analysed text
    end: int
    text: str
    strong: bool


#: lemmas that negate, and nothing else
NEGATIONS: dict[str, frozenset[str]] = {
    Lang.EN: frozenset({"not", "n't", "no", "never", "cannot", "none", "nothing", "nobody",
                        "neither", "nor", "nowhere", "unless"}),
    Lang.RU: frozenset({"не", "нет", "ни", "нельзя", "никогда", "ничто", "никто", "никакой",
                        "нигде", "никуда", "нисколько", "ниоткуда", "отнюдь"}),
}
#: lemmas that negate in passing: an exception, an absence, a failure
WEAK_NEGATIONS: dict[str, frozenset[str]] = {
    Lang.EN: frozenset({"without", "except", "excluding", "fail", "lack", "instead",
                        "impossible", "unable", "cease", "refuse", "forfeit", "forbid",
                        "prohibit", "prohibited", "forbidden", "restrict",
                        "remain", "retain", "stay", "unchanged", "unaffected"}),
    Lang.RU: frozenset({"без", "кроме", "исключение", "лишаться", "лишиться", "отказаться",
                        "отказываться", "вместо", "запрещать", "запретить", "запрещённый",
                        "запрещенный", "запрет",
                        "оставаться", "остаться", "сохраняться", "сохраниться", "сохранять",
                        "сохранить", "прежний"}),
}
#: a negation word before one of these compares, it does not negate (`no more than`, «не более»)
COMPARATIVES: dict[str, frozenset[str]] = {
    Lang.EN: frozenset({"more", "less", "fewer", "later", "earlier", "greater"}),
    Lang.RU: frozenset({"более", "менее", "больше", "меньше", "позднее", "позже", "ранее",
                        "раньше", "свыше", "дальше"}),
}
#: how far after «пока» its «не» may stand (``пока эта держава не``)
_UNTIL_REACH = 6
#: what joins a second «не» to the first under one «пока»
_JOINING = frozenset({"или", "и", "либо"})
#: punctuation that ends the «пока» clause: a «не» after it negates on its own
_CLAUSE_END = re.compile(r"[,;:.!?()]")
#: «не смотря на»: the misspelling of «несмотря на» (`even though`), spell-confusable's to report
_NOT_A_NEGATION_BEFORE: dict[str, frozenset[str]] = {Lang.RU: frozenset({"смотря"})}

#: conditions: single lemmas, then phrases as written (`provided` alone is a verb)
CONDITIONS: dict[str, frozenset[str]] = {
    Lang.EN: frozenset({"if", "unless", "when", "whenever", "until", "till"}),
    Lang.RU: frozenset({"если", "когда", "пока", "коли", "ежели"}),
}
CONDITION_PHRASES: dict[str, tuple[tuple[str, ...], ...]] = {
    Lang.EN: (("as", "long", "as"), ("as", "soon", "as"), ("provided", "that"), ("in", "case")),
    Lang.RU: (("в", "случае"), ("при", "условии"), ("как", "только"), ("до", "тех", "пор")),
}
_NOT_A_CONDITION_AFTER: dict[str, frozenset[str]] = {Lang.EN: frozenset({"as"}), Lang.RU: frozenset({"как"})}
#: what renders a condition in passing: a preposition or a clause of time
WEAK_CONDITIONS: dict[str, frozenset[str]] = {
    Lang.EN: frozenset({"while", "after", "before", "during", "whether", "where", "otherwise",
                        "once", "upon", "on", "with", "since", "as"}),
    Lang.RU: frozenset({"при", "после", "до", "во", "время", "ли", "где", "иначе", "раз",
                        "поскольку", "однажды", "по"}),
}


@lru_cache(maxsize=50_000)
def negations(text: str, lang: str) -> tuple[Marker, ...]:
    """The negations of ``text``, strong and weak, in order (a sentence is asked for once)."""
    words = [t for t in lemmas(text, lang) if t.is_word]
    found = []
    strong, weak = NEGATIONS.get(lang, frozenset()), WEAK_NEGATIONS.get(lang, frozenset())
    for n, token in enumerate(words):
        keys = token.keys
        following = words[n + 1].keys if n + 1 < len(words) else frozenset()
        if keys & strong:
            if following & _NOT_A_NEGATION_BEFORE.get(lang, frozenset()):
                continue
            # `no more than`, «пока не» (`until`, or `while not`): a negation only in part
            partly = bool(following & COMPARATIVES[lang]) or (lang == Lang.RU and \
                bool(keys & {"не", "ни"}) and (_until(words, n, text) or _comparative(words, n + 1)))
            found.append(Marker(token.start, token.end, token.text, not partly))
        elif keys & weak or _lexical(token, following, lang):
            found.append(Marker(token.start, token.end, token.text, False))
    return tuple(found)


@lru_cache(maxsize=50_000)
def conditions(text: str, lang: str) -> tuple[Marker, ...]:
    """The conditions of ``text``, strong and weak, in order."""
    words = [t for t in lemmas(text, lang) if t.is_word]
    lower = [t.text.lower() for t in words]
    found = []
    strong, weak = CONDITIONS.get(lang, frozenset()), WEAK_CONDITIONS.get(lang, frozenset())
    phrases = CONDITION_PHRASES.get(lang, ())
    n = 0
    while n < len(words):
        phrase = next((p for p in phrases if p[0] == lower[n] and tuple(lower[n:n + len(p)]) == p), None)
        if phrase is not None:
            last = words[n + len(phrase) - 1]
            found.append(Marker(words[n].start, last.end, text[words[n].start:last.end], True))
            n += len(phrase)
            continue
        token = words[n]
        if n and lower[n - 1] in _NOT_A_CONDITION_AFTER.get(lang, ()):
            n += 1  # `as if`, «как если бы»: a comparison
            continue
        if token.keys & strong:
            found.append(Marker(token.start, token.end, token.text, True))
        elif token.keys & weak:
            found.append(Marker(token.start, token.end, token.text, False))
        n += 1
    return tuple(found)


def _until(words: list[Token], n: int, text: str) -> bool:
    """Whether the «не» at ``n`` completes a «пока» before it."""
    for back in range(1, _UNTIL_REACH + 1):
        if n - back < 0:
            return False
        keys = words[n - back].keys
        if keys & NEGATIONS[Lang.RU]:
            # a negation between: this «не» is one of its own, unless that one is the
            # «пока»'s and this one is joined to it («пока … не умрёт или не перейдёт»)
            joined = back > 1 and words[n - 1].text.lower() in _JOINING \
                and not _CLAUSE_END.search(text, words[n - back].end, words[n].start)
            return joined and _until(words, n - back, text)
        if "пока" in keys:
            return True
    return False


def _comparative(words: list[Token], n: int) -> bool:
    """Whether the word at ``n`` is a comparative (`быстрее`, `позднее`): pymorphy3's COMP."""
    if n >= len(words):
        return False
    return any("COMP" in parse.tag for parse in parses(words[n].text.lower()))


def _lexical(token: Token, following: frozenset[str], lang: str) -> bool:
    """A word negated by its prefix: `non-Hostile` (the tokenizer splits `non` off the hyphen),
    «невозможно», «непапских» (a dictionary word after «не»)."""
    if lang == Lang.EN:
        return "non" in token.keys
    lower = token.text.lower()
    if lang != Lang.RU or len(lower) < 6 or not lower.startswith(("не", "ни")):
        return False
    rest = ru_word(lower[2:])
    return not rest.guessed and len(lower) - 2 >= 4
