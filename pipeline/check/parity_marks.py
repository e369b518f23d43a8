"""Brackets, quotations and final punctuation of a unit's two sides.

Brackets and quotations are counted as pairs, whatever their shape: the termbase has the
Russian texts quote with «ёлочки» where the English writes ”…” or “…”, and that is the same
quotation. Only what the translation lacks is reported, since a bracketed aside or a quoted
text of the source gone may be a lost clause, while a translator who brackets an aside adds
none. Quoted names do not count on either side: Russian quotes a name that English
capitalises (the Call to Arms Action is действие «Призыв к оружию», «Конвой для Флота Индий»
the Treasure Fleet Escorts box). A bracket left open is typo-unbalanced's, on its side.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Lang, Unit
from ..language.brackets import english_originals
from . import quotes
from .base import CheckContext, Code, Count, _, at, ngettext, on_unit, text

BRACKETS = Code("parity-brackets", Severity.WARNING,
                "a bracketed aside or a quotation of the source missing from the translation "
                "(«…», “…” and ”…” are one quotation; `Realm(s)` is a plural, not an aside)")
FINAL_PUNCT = Code("parity-final-punct", Severity.INFO,
                   "a translation that ends with other punctuation than its source (a full stop, "
                   "colon, semicolon, `?` or `!` left out, added or changed; after `»` or `)` too)")
CODES = [BRACKETS, FINAL_PUNCT]

#: `Realm(s)`, `игрок(и)`: an optional ending in parentheses, which no translation need copy
_PLURAL = re.compile(r"\((?<=[^\W\d_]\()[^\W\d_]{1,3}\)")  # the bracket first: found by a fast scan
_CLAUSE = re.compile(r"[.,;:!?]")
FINAL_MARKS = ".:;!?…"
#: what may follow the final mark: closing quotation marks and brackets, footnote signs
_TRAILING = set("»”“’\"')]") | set("*†")
_ENDING = _TRAILING | set(FINAL_MARKS)  # what a text's final run of marks is made of
_KINDS = "([«"
#: a text without any quotation mark holds no quotation: most texts, not read mark by mark
_QUOTE = re.compile("[" + re.escape("".join(sorted(quotes.QUOTES))) + "]")
#: by kind and whether the count is one: what the translation lacks, and the counted noun
_LACKING = {
    ("(", True): _("%(count)s bracketed aside on the %(lang)s side, %(here)s here"),
    ("(", False): _("%(count)s bracketed asides on the %(lang)s side, %(here)s here"),
    ("[", True): _("%(count)s square-bracketed aside on the %(lang)s side, %(here)s here"),
    ("[", False): _("%(count)s square-bracketed asides on the %(lang)s side, %(here)s here"),
    ("«", True): _("%(count)s quotation on the %(lang)s side, %(here)s here"),
    ("«", False): _("%(count)s quotations on the %(lang)s side, %(here)s here")}
_NOUNS = {"(": ngettext("%(num)d bracketed aside", "%(num)d bracketed asides"),
          "[": ngettext("%(num)d square-bracketed aside", "%(num)d square-bracketed asides"),
          "«": ngettext("%(num)d quotation", "%(num)d quotations")}


def compare(ctx: CheckContext, unit: Unit, source_lang: str, lang: str) -> Iterable[Diagnostic]:
    source, target = unit.sides[source_lang], unit.sides[lang]
    theirs = pairs(source.text, source_lang)
    # most sources have no bracket nor quotation: the translation then lacks none (and the
    # difference of two empty counters is not made)
    ours = pairs(target.text, lang) if theirs else theirs
    lacking = theirs - ours if theirs else theirs
    if lacking:
        said = [text(_LACKING[k, theirs[k] == 1], count=Count(theirs[k], _NOUNS[k]),
                     lang=Lang(source_lang), here=ours[k]) for k in _KINDS if lacking[k]]
        while len(said) > 1:
            said[-2:] = [text(_("%(first)s; %(then)s"), first=said[-2], then=said[-1])]
        yield on_unit(BRACKETS, unit, target, said[0],
                      suggestion=text(_("keep every bracketed aside and quotation of the source")))
    yield from _final(unit, source_lang, lang)


def pairs(text: str, lang: str) -> Counter[str]:
    """Bracket pairs and quotations, by kind: `(`, `[` and `«` for every quotation."""
    if not quotes.MARKS.search(text):  # most texts: no bracket nor quotation mark to count
        return Counter()
    text = _PLURAL.sub("", text) if "(" in text else text
    if lang == Lang.RU and "[" in text:  # `[Treasure Fleet Escorts]` quotes the English original to the reader
        for start, end in reversed(english_originals(text)):
            text = text[:start] + text[end:]
    # a bracket without its pair still stands for an aside: the missing half is
    # typo-unbalanced's to report, on the side where it is missing
    found = Counter({"(": max(text.count("("), text.count(")")),
                     "[": max(text.count("["), text.count("]")),
                     "«": sum(not _name(text[start:end]) for start, end in quotes.quotations(text))
                     if _QUOTE.search(text) else 0})
    return +found


def _name(quoted: str) -> bool:
    """A name (`”America”`, «Конвой для Флота Индий», ‘Receiving a CtA’), which one language
    quotes and the other capitalises: not a quotation the translation must keep."""
    return quoted[:1].isupper() and not _CLAUSE.search(quoted)


def final_mark(text: str) -> str:
    """The punctuation that ends ``text`` (`.` for `«Африка».`, `… (см. с. 13).*` and
    `"Africa."`), or "" when it ends without any."""
    text = text.rstrip()
    end = len(text)
    while end and text[end - 1] in _ENDING:
        end -= 1
    # `...` is `…` (both end a text); the run of marks that ends the text holds every dot of
    # its `...`s, since the character before the run is none, so only the run is read
    return next((ch for ch in reversed(text[end:].replace("...", "…")) if ch in FINAL_MARKS), "")


def _final(unit: Unit, source_lang: str, lang: str) -> Iterable[Diagnostic]:
    source, target = unit.sides[source_lang], unit.sides[lang]
    theirs, ours = final_mark(source.text), final_mark(target.text)
    if theirs == ours:
        return
    if not ours:
        message = text(_("the translation ends without the `%(theirs)s` the %(lang)s side ends with"),
                       theirs=theirs, lang=Lang(source_lang))
    elif not theirs:
        message = text(_("the translation ends with `%(ours)s`; the %(lang)s side has no final "
                         "punctuation"), ours=ours, lang=Lang(source_lang))
    else:
        message = text(_("the translation ends with `%(ours)s` where the %(lang)s side ends with "
                         "`%(theirs)s`"), ours=ours, lang=Lang(source_lang), theirs=theirs)
    end = len(target.text.rstrip())
    yield at(FINAL_PUNCT, unit, target, max(0, end - 1), message,
             suggestion=text(_("end with `%(mark)s`"), mark=theirs) if theirs else
             text(_("drop the final `%(mark)s`"), mark=ours))

