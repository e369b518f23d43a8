"""Typography, per language: quotation marks and brackets (see :mod:`.quotes`), spaces before
punctuation, minus signs, range dashes, Russian abbreviations, stray characters, final
punctuation of list items and the final newline of a file.

Conventions that vary between editions (how a range is dashed) are held to the document's
own majority; rules that do not vary (no space before a colon) are held everywhere.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator

from ..core.diagnostics import Diagnostic, Severity
from ..core.model import Kind, Lang, Unit
from . import quotes
from .base import CheckContext, Code, Word, _, at, text

SPACE_BEFORE = Code("typo-space-before-punct", Severity.WARNING,
                    "a space before a colon, semicolon, comma, full stop, `!` or `?` (`[Draw Card] :`)")
MINUS_DASH = Code("typo-minus-dash", Severity.WARNING,
                  "an en or em dash used as a minus sign (`minus –1`); the minus sign is − (U+2212)")
MINUS_HYPHEN = Code("typo-minus-hyphen", Severity.INFO,
                    "a hyphen used as a minus sign (`-1`); typeset text uses − (U+2212)")
RANGE_DASH = Code("typo-range-dash", Severity.WARNING,
                  "a number range dashed differently from the document's other ranges (`1 – 3` vs `3-6`)")
ABBREV_BROKEN = Code("typo-abbrev-broken", Severity.WARNING,
                     "a Russian abbreviation missing a full stop (`т е.` for `т. е.`)")
ABBREV_SPACING = Code("typo-abbrev-spacing", Severity.INFO,
                      "a Russian abbreviation written without its space (`т.е.` for `т. е.`)")
DOUBLE_SPACE = Code("typo-double-space", Severity.INFO, "two or more spaces between words")
SLASH_SPACING = Code("typo-slash-spacing", Severity.INFO,
                     "a slash with a space on one side only (`LIBERTY/ HABSBURG`)")
DANGLING_HYPHEN = Code("typo-dangling-hyphen", Severity.INFO,
                       "a hyphen hanging at the end of a word (`revolt- is placed`): a lost word or sign")
LOST_GLYPH = Code("typo-lost-glyph", Severity.ERROR,
                  "a lone `?` where a word or game icon was lost when the text was converted")
FINAL_PUNCT = Code("typo-final-punct", Severity.INFO,
                   "a list item or effect without the final punctuation all its siblings have")
FINAL_NEWLINE = Code("typo-final-newline", Severity.WARNING,
                     "the file does not end with a newline (markdownlint MD047, flake8 W292)")
CODES = [*quotes.CODES, SPACE_BEFORE, MINUS_DASH, MINUS_HYPHEN, RANGE_DASH, ABBREV_BROKEN,
         ABBREV_SPACING, DOUBLE_SPACE, SLASH_SPACING, DANGLING_HYPHEN, LOST_GLYPH, FINAL_PUNCT,
         FINAL_NEWLINE]

SPACE_BEFORE_PUNCT = re.compile(r"(?<=\S)( +)([:;,!?]|\.(?!\.))")
#: what every match of SPACE_BEFORE_PUNCT holds, found without its look-behind at every character
_SPACE_THEN_MARK = re.compile(r" [:;,!?.]")
LONE_QUESTION = re.compile(r"(?:^|(?<=\s))\?(?=\s|$)")
#: (the look-behinds of MINUS, RANGE, BROKEN, TIGHT and DANGLING are asked after their first
#: character, not before it: a pattern that begins with a character class is searched for by the
#: engine's fast scan, one that begins with a look-behind or \b is tried at every character)
#: a dash straight before a number, with no number before it: a sign, not a range
MINUS = re.compile(r"(?P<sign>[-–—])(?<![^\s(«“„\"\[/][-–—])(?=\d)")
RANGE = re.compile(r"(?P<a>\d(?<![\d.,:/]\d)\d*)(?P<dash>\s*[-–—]\s*)(?P<b>\d+)(?!\d|[.,:]\d)")
DASH_NAMES = {"-": _("a hyphen"), "–": _("an en dash"), "—": _("an em dash")}
#: how a range is dashed: by its dash and whether spaces stand around it
RANGE_FORMS = {("-", False): _("a hyphen"), ("-", True): _("a hyphen with spaces"),
               ("–", False): _("an en dash"), ("–", True): _("an en dash with spaces"),
               ("—", False): _("an em dash"), ("—", True): _("an em dash with spaces")}
DASHES = tuple(DASH_NAMES)
_DASH = re.compile("[" + "".join(DASHES) + "]")
TYPESET_RANGE = "an en dash"
ABBREVIATIONS = "епдкн"  # т. е., т. п., т. д., т. к., т. н.
BROKEN = re.compile(rf"[тТ](?<!\w[тТ])(?:\s+[{ABBREVIATIONS}]\.|\.\s*[{ABBREVIATIONS}](?![.\w]))")
TIGHT = re.compile(rf"[тТ](?<!\w[тТ])\.[{ABBREVIATIONS}]\.")
DOUBLE = re.compile(r"(?<=\S) {2,}(?=\S)")
SLASH = re.compile(r"(?<=\S)/ (?=\S)|(?<=\S) /(?=\S)")
#: `revolt- is`; a suspended compound (`two- and three-player`, `двух- и трёхходовой`) is fine
DANGLING = re.compile(r"-(?<=[^\W\d_]-)(?= (?!(?:and|or|и|или|to|до)\b)\S)")
FINAL_MARKS = ".:;,!?…"
CONJUNCTIONS = {"и", "или", "а", "and", "or"}
SEQUENCED = (Kind.EFFECT, Kind.ITEM, Kind.STEP, Kind.PRECONDITION, Kind.MODIFIER)
TABULAR = (Kind.ROW, Kind.TABLE)


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    ranges: dict[str, list[tuple]] = defaultdict(list)
    for unit, lang, side in ctx.sides():
        for found in quotes.scan(side.text, lang):
            yield at(found.code, unit, side, found.offset, found.message, suggestion=found.suggestion)
        if unit.kind not in TABULAR:
            yield from _spacing(unit, side)
        dashed = _DASH.search(side.text) is not None  # what a sign and a range need
        if dashed:
            yield from _signs(unit, side)
        if lang == Lang.RU:
            yield from _abbreviations(unit, side)
        for match in RANGE.finditer(side.text) if dashed else ():
            ranges[side.path].append((unit, side, match))  # a translation is its own document
    for document_ranges in ranges.values():
        yield from _range_dashes(document_ranges)
    yield from _final_punctuation(ctx)
    yield from _final_newlines(ctx)


def _spacing(unit: Unit, side) -> Iterator[Diagnostic]:
    # each pattern runs only on a text holding the character it cannot match without: most
    # texts have no `?`, no double space, no slash
    lost = {m.start() for m in LONE_QUESTION.finditer(side.text)} if "?" in side.text else set()
    for offset in sorted(lost):
        yield at(LOST_GLYPH, unit, side, offset,
                 text(_("a lone `%(glyph)s` stands where a word or a game icon should be: the text lost a "
                        "character when it was converted"), glyph="?"),
                 suggestion=text(_("restore the missing word or icon")))
    for match in SPACE_BEFORE_PUNCT.finditer(side.text) if _SPACE_THEN_MARK.search(side.text) else ():
        if match.start(2) in lost:
            continue
        mark = match.group(2)
        before = side.text[max(0, match.start() - 12):match.start()].split()[-1:]
        yield at(SPACE_BEFORE, unit, side, match.start(1),
                 text(_("space before `%(mark)s`: neither English nor Russian puts one there"), mark=mark),
                 suggestion=f"{before[0] if before else ''}{mark}")
    for match in DOUBLE.finditer(side.text) if "  " in side.text else ():
        yield at(DOUBLE_SPACE, unit, side, match.start(),
                 text(_("%(count)s spaces between words"), count=len(match.group())),
                 suggestion=text(_("one space")))
    for match in SLASH.finditer(side.text) if "/" in side.text else ():
        yield at(SLASH_SPACING, unit, side, match.start(),
                 text(_("a space on one side of the slash only")), suggestion=_close_slash(side.text, match))
    for match in DANGLING.finditer(side.text) if "-" in side.text else ():
        before = re.search(r"[^\W\d_]+$", side.text[:match.start()])
        if before is None:  # DANGLING starts after a word: never so
            continue
        word = before.group()
        yield at(DANGLING_HYPHEN, unit, side, match.start(),
                 text(_("hyphen hangs after `%(word)s`: a word after it is missing, or it stands for a sign "
                        "(`%(sign)s`?)"), word=word, sign=f"{word} −"))


def _close_slash(text: str, match: re.Match[str]) -> str:
    before = re.search(r"[^\s(\[«“]+$", text[:match.start()])
    after = re.match(r"[^\s,;:.!?)\]»”]+", text[match.end():])
    return f"{before.group() if before else ''}/{after.group() if after else ''}"


def _signs(unit: Unit, side) -> Iterator[Diagnostic]:
    for match in MINUS.finditer(side.text):
        sign = match.group("sign")
        digits = re.match(r"\d+", side.text[match.end():])
        if digits is None:  # MINUS ends before a number: never so
            continue
        number = digits.group()
        if sign == "-":
            yield at(MINUS_HYPHEN, unit, side, match.start(),
                     text(_("hyphen used as the minus sign of `%(number)s`"), number=f"-{number}"),
                     suggestion=f"−{number}")
        else:
            yield at(MINUS_DASH, unit, side, match.start(),
                     text(_("%(dash)s used as the minus sign of `%(number)s`"), dash=Word(DASH_NAMES[sign]),
                          number=f"{sign}{number}"),
                     suggestion=f"−{number}")


def _abbreviations(unit: Unit, side) -> Iterator[Diagnostic]:
    if "т" not in side.text and "Т" not in side.text:
        return
    for match in BROKEN.finditer(side.text):
        letters = re.findall(r"[^\W\d_]", match.group())
        yield at(ABBREV_BROKEN, unit, side, match.start(),
                 text(_("`%(found)s`: the abbreviation lacks a full stop"), found=match.group()),
                 suggestion=f"{letters[0]}. {letters[1]}.")
    for match in TIGHT.finditer(side.text):
        first, second = match.group()[0], match.group()[2]
        yield at(ABBREV_SPACING, unit, side, match.start(),
                 text(_("`%(found)s` without a space; Russian typesetting writes `%(right)s` (with a "
                        "non-breaking space)"), found=match.group(), right=f"{first}. {second}."),
                 suggestion=f"{first}. {second}.")


def _range_form(dash: str) -> str:
    mark = dash.strip()
    return RANGE_FORMS[mark, dash != mark]


def _range_dashes(found: list[tuple]) -> Iterator[Diagnostic]:
    forms = Counter(_range_form(m.group("dash")) for _u, _s, m in found)
    if len(forms) < 2:
        return
    # the typeset form (an en dash, no spaces) when the document uses it at all; else the
    # form most of its ranges take, so a suggestion never turns a right range into a wrong one
    usual = TYPESET_RANGE if TYPESET_RANGE in forms else forms.most_common(1)[0][0]
    _unit, side0, example = next((u, s, m) for u, s, m in found if _range_form(m.group("dash")) == usual)
    example_line = side0.line_start + side0.text.count("\n", 0, example.start())
    dash = example.group("dash")
    for unit, side, match in found:
        form = _range_form(match.group("dash"))
        if form != usual:
            yield at(RANGE_DASH, unit, side, match.start("dash"),
                     text(_("range `%(range)s` is written with %(form)s, while this document also writes "
                            "ranges with %(usual)s (`%(example)s`, line %(line)s)"), range=match.group(),
                          form=Word(form), usual=Word(usual), example=example.group(), line=example_line),
                     suggestion=f"{match.group('a')}{dash}{match.group('b')}")


def _final_punctuation(ctx: CheckContext) -> Iterator[Diagnostic]:
    for parent in ctx.corpus.units.values():
        groups: dict[Kind, list[Unit]] = defaultdict(list)
        for child in ctx.corpus.children(parent):
            if child.kind in SEQUENCED:
                groups[child.kind].append(child)
        for siblings in groups.values():
            if len(siblings) < 3:
                continue
            ends = {u.id: _ends_sentence(u.side().text) for u in siblings}
            bare = [u for u in siblings if not ends[u.id]]
            if len(bare) == 1:
                unit = bare[0]
                side = unit.side()
                written = side.text.rstrip()
                yield at(FINAL_PUNCT, unit, side, len(written),
                         text(_("no final punctuation, while its %(count)s siblings end with it"),
                              count=len(siblings) - 1),
                         suggestion=f"{written.split()[-1]}.")


def _ends_sentence(text: str) -> bool:
    last = text.rstrip().rstrip("*").rstrip()  # footnote markers follow the full stop
    if not last:
        return True
    if last[-1] in FINAL_MARKS:
        return True
    if last[-1] in ")»”’\"" and len(last) > 1 and last[-2] in FINAL_MARKS:
        return True
    return last.split()[-1].lower() in CONJUNCTIONS  # "…, или" runs on into the next item


def _final_newlines(ctx: CheckContext) -> Iterator[Diagnostic]:
    owners: dict[tuple[str, int], tuple] | None = None
    for document in ctx.corpus.documents:
        unit = ctx.corpus.units.get(document.key)
        if unit is None or unit.attrs.get("final_newline", True):
            continue
        if owners is None:  # the last line of every side of such a file, once: not a scan per document
            owners = {}
            files = {d.source for d in ctx.corpus.documents
                     if (u := ctx.corpus.units.get(d.key)) is not None and not u.attrs.get("final_newline", True)}
            for owner, _lang, side in ctx.sides():
                if side.path in files:
                    owners.setdefault((side.path, side.line_start + side.text.count("\n")), (owner, side))
        last_line = unit.side().line_end
        found_owner = owners.get((document.source, last_line))
        if found_owner is None:
            continue
        found, side = found_owner
        yield at(FINAL_NEWLINE, found, side, len(side.text),
                 text(_("the file ends without a newline after its last line; tools that join or compare "
                        "files then run its last line into the next")), suggestion=text(_("add a newline")))
