"""Find the cross-references written in a side's text: placeholders, resolved later.

Each pattern names one way the texts refer to something. Patterns run in order and a span
taken by one is not taken again, so `разделе 11.1 ниже` is one rule reference with a direction,
not a rule reference plus a vague `ниже`.

The patterns read the text's structural form (pipeline/core/characters.py: a no-break space is a
space, a zero-width space inside `18.\u200b1` is nothing); a reference's place and words are those
of the text as written.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from ...core.characters import Shaped
from ...core.model import Claims, RefKind


@dataclass(frozen=True)
class Found:
    kind: RefKind
    start: int
    end: int
    text: str
    target: str
    #: what else the words around the reference claim: a direction ("above"), a title in
    #: parentheses, an occurrence ("second"), a procedure's name, a card deck
    claims: Claims = field(default_factory=Claims)


_ROMAN = r"[IVXL]+"
_NUM = r"\d{1,3}(?:\.\d{1,3})+"
_TITLE_AFTER = re.compile(r"\s*\((?P<title>[^()]{3,80})\)")
_OCCURRENCE_AFTER = re.compile(r"^[^.;]{0,80}?\bfor the (?P<nth>first|second|third|fourth) time")
_OCCURRENCE_REACH = 120  # the longest text _OCCURRENCE_AFTER can match

# (kind, pattern, languages, hints); group `t` is the target, optional groups add claims. Every
# match holds one of the pattern's hints: a text holding none is not searched with it (most
# sides refer to nothing, and a substring test costs a fraction of a search).
PATTERNS: list[tuple[RefKind, re.Pattern[str], tuple[str, ...], tuple[str, ...]]] = [
    (RefKind.EVENT, re.compile(r"\b(?P<deck>Economic|Political|Military|Diplomatic)\s+events?\s+"
                               r"(?P<t>\d{1,3})\b(?![:.]\d)"), ("en",), ("vent",)),
    (RefKind.EVENT, re.compile(rf"(?<![\w.:])(?P<t>\d{{1,3}}:{_ROMAN})\b"), ("en", "ru"), (":",)),
    (RefKind.EVENT, re.compile(r"\b(?:[Ee]vents?|[Сс]обыти[а-я]*)\s+(?P<t>\d{1,3})\b(?![:.,]?\d|:)"),
     ("en", "ru"), ("vent", "обыти")),
    (RefKind.RULE, re.compile(rf"\b(?P<qual>political|military|economic|basic)\s+rules?\s+"
                              rf"(?P<t>{_NUM})"), ("en",), ("rule",)),
    (RefKind.RULE, re.compile(rf"\b(?:[Ss]ee|[Rr]ules?|[Ss]ection)\s+(?:also\s+)?(?:rule\s+)?"
                              rf"(?P<t>{_NUM})(?:\s+(?P<dir>above|below))?"), ("en",), ("ee", "ule", "ection")),
    (RefKind.RULE, re.compile(r"\bраздел[а-я]*\s+с\s+(?P<t>\d{1,3}\s+по\s+\d{1,3})"), ("ru",), ("раздел",)),
    (RefKind.RULE, re.compile(r"(?:\b[Сс]м\.|\bраздел[а-я]*|\b(?:описан|указан|приведен)[а-я]*"
                              r"\s+в)\s*(?P<t>\d{1,3}(?:\.\d{1,3})*)(?![\d:])"
                              r"(?:\s+(?P<dir>выше|ниже))?"), ("ru",),
     ("м.", "раздел", "описан", "указан", "приведен")),
    (RefKind.RULE, re.compile(rf"\((?P<t>{_NUM})\)"), ("en", "ru"), ("(",)),
    (RefKind.PAGE, re.compile(r"\b(?:see\s+)?pp?\.\s*(?P<t>\d{1,3}(?:\s*[–-]\s*\d{1,3})?)"), ("en",), ("p.",)),
    (RefKind.PAGE, re.compile(r"\b(?:[Сс]м\.\s*)?(?:с|стр)\.\s*(?P<t>\d{1,3}(?:\s*[–-]\s*\d{1,3})?)"),
     ("ru",), ("с.", "р.")),
    (RefKind.STEP, re.compile(r"\b[Ss]teps?\s+(?P<t>\d{1,2}(?:\s*(?:,|and|or)\s*\d{1,2})*)"), ("en",), ("tep",)),
    (RefKind.STEP, re.compile(r"\bшаг[а-я]*\s+(?P<t>\d{1,2}(?:\s*(?:,|и|или)\s*\d{1,2})*)"
                              r"(?:\s+(?P<proc>процедур[а-я]*\s+[^.,;:()]+))?"), ("ru",), ("шаг",)),
    (RefKind.RELATIVE, re.compile(r"\b(?P<t>(?:ниже)?следующ[а-я]*)\s+(?P<what>процедур)[а-я]*"), ("ru",),
     ("процедур",)),
    (RefKind.RELATIVE, re.compile(r"\bthe\s+(?P<t>following)\s+(?P<what>procedure)\b"), ("en",), ("procedure",)),
    (RefKind.RELATIVE, re.compile(r"\bthe\s+(?P<what>procedure)\s+(?P<t>below)\b"), ("en",), ("procedure",)),
    (RefKind.RELATIVE, re.compile(r"\b(?:in|see)\s+(?P<t>\d{1,2}|[a-z]\)(?:\s*(?:,|and|or)\s*"
                                  r"[a-z]\))*)\s+(?P<dir>above|below)\b"), ("en",), ("above", "below")),
    (RefKind.RELATIVE, re.compile(r"\bas in\s+(?P<t>[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)*)\s+"
                                  r"(?P<dir>above|below)\b"), ("en",), ("as in",)),
    (RefKind.RELATIVE, re.compile(r"\b(?:see\s+)?(?P<t>(?P<dir>above|below))\b"), ("en",), ("above", "below")),
    (RefKind.RELATIVE, re.compile(r"(?:\b[Сс]м\.\s*|\b(?:описан|указан)[а-я]*\s+)(?P<t>(?P<dir>выше|ниже))\b"),
     ("ru",), ("выше", "ниже")),
    # «вышеуказанные условия» is "the above conditions": kept only when the word is one (_said_word)
    (RefKind.RELATIVE, re.compile(r"(?i)\b(?P<t>(?P<dir>выше|ниже))(?P<said>[а-яё]{4,})"), ("ru",),
     ("выше", "ниже", "Выше", "Ниже")),
    (RefKind.FOOTNOTE, re.compile(r"(?<=[^\s*(])(?P<t>\*{1,3})(?=\s|$)"), ("en", "ru"), ("*",)),
]


def extract(text: str, lang: str, *, skip_leading_marker: bool = False) -> list[Found]:
    """Every reference in ``text``, in order of position.

    ``skip_leading_marker`` is set for a footnote's own text, whose leading ``*`` is the
    footnote's marker, not a reference to it.
    """
    shaped = Shaped(text)
    written, text = text, shaped.text
    marker_end = len(text) - len(text.lstrip(" *"))  # a footnote's own marker ends here
    taken: list[tuple[int, int]] = []  # the spans taken, in order: one look for an overlap
    found: list[Found] = []
    for kind, pattern, languages, hints in PATTERNS:
        if lang not in languages or not any(hint in text for hint in hints):
            continue
        for match in pattern.finditer(text):
            start, end = match.span()
            at = bisect.bisect_left(taken, (start, end))
            if (at and taken[at - 1][1] > start) or (at < len(taken) and taken[at][0] < end):
                continue
            if skip_leading_marker and kind == RefKind.FOOTNOTE and start <= marker_end:
                continue
            if "said" in pattern.groupindex and not _said_word(match["said"]):
                continue
            taken.insert(at, (start, end))
            first, last = shaped.span(start, end)
            found.append(Found(kind, first, last, written[first:last].strip(),
                               _normalise(match["t"] if "said" not in pattern.groupindex
                                          else match["t"].lower()), _claims(match, text)))
    return sorted(found, key=lambda f: f.start)


#: «выше»/«ниже» and one of these (its participle or adjective, by pymorphy3 lemma) is a
#: reference to what stands above or below: вышеуказанный, вышеописанный, нижеперечисленный
_SAYING = frozenset({"указать", "указанный", "описать", "описанный", "перечислить", "перечисленный",
                     "изложить", "изложенный", "назвать", "названный", "упомянуть", "упомянутый",
                     "привести", "приведённый", "сказать", "сказанный", "означить", "означенный",
                     "следовать", "следующий"})


def _said_word(rest: str) -> bool:
    """Whether ``rest`` (the word after «выше»/«ниже») is a word of saying or listing: not
    «вышестоящий» (higher in rank), nor «вышедших» (who left)."""
    from ...language.morph import parses  # pymorphy3: loaded only for a text that needs it

    return any(parse.normal_form in _SAYING for parse in parses(rest.lower()))


def _normalise(target: str) -> str:
    return re.sub(r"\s+", " ", target.replace("–", "-")).strip()


def _claims(match: re.Match[str], text: str) -> Claims:
    said = {name: value.lower() if name == "dir" else value for name, value in match.groupdict().items()
            if name not in ("t", "said") and value}
    # matched where the reference ends, not on a copy of the rest of the text: a text of
    # thousands of references would copy itself thousands of times
    if (title := _TITLE_AFTER.match(text, match.end())) and not re.search(r"\d|see|см\.", title["title"]):
        said["title"] = title["title"].strip()
    if (nth := _OCCURRENCE_AFTER.match(text[match.end():match.end() + _OCCURRENCE_REACH])) is not None:
        said["occurrence"] = nth["nth"]
    return Claims(**said)
