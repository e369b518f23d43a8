"""A side's text as HTML: escaped, with its cross-references as links and abbreviations explained:
each on hover, and the first use of each on a page in words too, «PR (государство игрока)»,
where the text does not say them beside it itself.

Nothing here parses rules. References arrive from the link stage with a line and column; a
side's text starts at ``side.line_start``, so each becomes a character span of that text.
Fields (a title, a body, a duration) are the parser's own substrings of the text (a body is
its tail), so a field is shown as the span of the text it came from, and the links inside it
land where the reference stood. Every piece of rule text goes through ``escape``: the text is
untrusted and may hold markup, Markdown or template syntax, all shown as written.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from markupsafe import Markup, escape

from ...core.model import Lang, Reference, Side
from ...language.abbreviations import WORD as _WORD
from ...language.abbreviations import spelled_out, uses
from ...language.termbase import Abbreviation
from ...language.tokens import lemmas

#: renders one span holding one or more references (a span may lead to several steps)
RefRenderer = Callable[[list[Reference], Markup], Markup]


@dataclass
class _Mark:
    start: int
    end: int
    refs: list[Reference] = field(default_factory=list)
    abbr: Abbreviation | None = None


def offset(side: Side, line: int, col: int, starts: list[int] | None = None) -> int:
    """The character offset in ``side.text`` of a 1-based line and column of the source;
    ``starts``, where each line of the text starts (:func:`line_starts`), when it is asked for
    many places of one text."""
    starts = starts if starts is not None else line_starts(side.text)
    index = line - side.line_start
    if not 0 <= index < len(starts):
        raise ValueError(f"line {line} is not one of the unit's own lines")
    return starts[index] + col - 1


def line_starts(text: str) -> list[int]:
    starts = [0]
    for line in text.split("\n")[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    return starts


class Abbreviations(dict):
    """The glossary's abbreviations by their letters, with a pattern that finds only the words
    that may be one of them: a page tries every word of every unit, and most are none."""

    def finder(self, lang: str) -> re.Pattern:
        if not hasattr(self, "_finders"):
            self._finders: dict[str, re.Pattern] = {}
        if lang not in self._finders:
            # a whole word (a run of letters, as _WORD finds them) that is an abbreviation, or
            # in English an abbreviation and an s; abbreviation_spans then looks it up as before
            names = "|".join(re.escape(name) for name in sorted(self, key=len, reverse=True)
                             if _WORD.fullmatch(name))  # no other can be a whole word
            self._finders[lang] = re.compile(
                rf"(?<![^\W\d_])(?:{names}){'s?' if lang == Lang.EN else ''}(?![^\W\d_])" if names else r"(?!)")
        return self._finders[lang]


def _overlaps(mark: _Mark, refs: list[_Mark], starts: list[int]) -> bool:
    """Whether ``mark`` overlaps one of ``refs`` (in order, none overlapping another, their
    ``starts``): a look at the two around it, not at every reference of the text."""
    at = bisect.bisect_right(starts, mark.start)
    return (at > 0 and refs[at - 1].end > mark.start) or (at < len(refs) and refs[at].start < mark.end)


def abbreviation_spans(text: str, lang: str, known: dict[str, Abbreviation]) -> list[_Mark]:
    """Where the glossary's abbreviations stand in ``text`` (an English one may take -s)."""
    words = known.finder(lang) if isinstance(known, Abbreviations) else _WORD
    return [_Mark(start, end, abbr=abbr) for start, end, abbr in uses(text, lang, known, words)]


class SideText:
    """One side's text, ready to be shown in pieces; remembers which references it placed."""

    def __init__(self, side: Side, lang: str, refs: list[Reference], render_ref: RefRenderer,
                 abbreviations: dict[str, Abbreviation], expanded: set[str] | None = None):
        self.side, self.lang = side, lang
        #: the abbreviations said in words already on this page (None: never say one here)
        self.expanded = expanded
        self.text = side.text
        self.render_ref = render_ref
        self.placed: set[int] = set()
        spans: dict[tuple[int, int], _Mark] = {}
        starts = line_starts(side.text) if refs else []  # once, not once per reference
        for ref in refs:
            start = offset(side, ref.line, ref.col, starts)
            if self.text[start:start + len(ref.text)] != ref.text:
                raise ValueError(f"{ref.source}: reference {ref.text!r} is not at "
                                 f"{ref.path}:{ref.line}:{ref.col}")
            spans.setdefault((start, start + len(ref.text)),
                             _Mark(start, start + len(ref.text))).refs.append(ref)
        self.refs = sorted(spans.values(), key=lambda m: m.start)
        ref_starts = [r.start for r in self.refs]  # the extractor's spans never overlap
        self.marks = sorted(self.refs + [m for m in abbreviation_spans(self.text, lang, abbreviations)
                                         if not _overlaps(m, self.refs, ref_starts)],
                            key=lambda m: (m.start, -m.end))

    def span(self, start: int = 0, end: int | None = None) -> Markup:
        end = len(self.text) if end is None else end
        if not self.marks:
            return _plain(self.text[start:end])
        out, at = [], start
        for mark in self.marks:
            if mark.start < at or mark.end > end:
                continue  # outside this piece, or overlapping one already shown
            out.append(_plain(self.text[at:mark.start]))
            shown = _plain(self.text[mark.start:mark.end])
            if mark.refs:
                out.append(self.render_ref(mark.refs, shown))
                self.placed.add(mark.start)
            elif mark.abbr is not None:
                # %: Markup escapes its arguments as format() does, without string.Formatter's
                # Python parse of the template on every use (5,600 a build at x10)
                out.append(Markup('<abbr title="%s">%s</abbr>') % (_title(mark.abbr), shown))
                out.append(self._first_use(mark))
            else:
                out.append(shown)
            at = mark.end
        out.append(_plain(self.text[at:end]))
        return Markup("".join(out))  # every piece is markup already

    def _first_use(self, mark: _Mark) -> Markup:
        """At the first use of an abbreviation on the page, what it stands for, in words: paper
        and a phone have no hover. Not where the text itself says it beside the letters."""
        abbr = mark.abbr
        if self.expanded is None or abbr is None or abbr.abbr in self.expanded:
            return Markup("")
        self.expanded.add(abbr.abbr)
        said = spelled_out(abbr)
        if not said or _beside(self.text, mark, said, self.lang):
            return Markup("")
        return Markup('<span class="folio-abbr-expansion"> ({})</span>').format(said)

    def field(self, name: str) -> Markup | None:
        """A text field of the side, with the links of its span of the text."""
        value = self.side.fields.get(name)
        if not isinstance(value, str) or not value:
            return None
        # A body is the text's tail; any other field is the first place the text says it.
        start = len(self.text) - len(value) if name == "body" and self.text.endswith(value) \
            else self.text.find(value)
        return escape(value) if start < 0 else self.span(start, start + len(value))

    def cells(self, name: str) -> list[Markup]:
        """A list field (a table row's cells), each cell located after the one before."""
        values = self.side.fields.get(name) or []
        out, at = [], 0
        for value in values:
            start = self.text.find(value, at) if value else -1
            if start < 0:
                out.append(escape(value))
                continue
            out.append(self.span(start, start + len(value)))
            at = start + len(value)
        return out

    def unplaced(self) -> list[Markup]:
        """References standing in parts of the text no field shows: rendered on their own, so
        that no reference silently disappears from the page."""
        return [self.render_ref(m.refs, _plain(self.text[m.start:m.end]))
                for m in self.refs if m.start not in self.placed]


def _plain(text: str) -> Markup:
    # The text's own line breaks are the source's: each line is a sentence or an item.
    # (escaping leaves line breaks as they are: the same as escaping line by line)
    return Markup(str(escape(text)).replace("\n", "<br>\n"))


def _beside(text: str, mark: _Mark, said: str, lang: str) -> bool:
    # "declaration of war (DoW)": every word of the expansion among the words around the letters
    near = text[max(0, mark.start - len(said) - 24):mark.end + len(said) + 24]
    words = {key for token in lemmas(near, lang) for key in token.keys}
    own = [token for token in lemmas(said, lang) if token.is_word]
    return bool(own) and all(token.keys & words for token in own)


def _title(abbr: Abbreviation) -> str:
    return abbr.expansion or abbr.note or abbr.abbr
