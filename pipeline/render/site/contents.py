"""A code's meaning as a line of the consistency report's table of contents: plain text (a
line of the contents has no code spans), without a parenthesis that only lists examples (the
heading shows them), and a code span the sentence needs («a lone `?`») in quotation marks."""

from __future__ import annotations

import re

from ...core.model import Lang

_CODE_SPAN = re.compile(r"`[^`]*`")
_EMPTY_PARENS = re.compile(r"\(\s*[;,]?\s*\)")
#: a parenthesis holding code spans: the examples, with the words that join them
_EXAMPLES = re.compile(r"\([^()]*`[^`]*`[^()]*\)")
#: what joins two examples and says nothing without them: «(`50d` против `60д`)», "(`a` or `b`)"
_JOINING = {"против", "или", "и", "вместо", "against", "or", "and", "for", "vs"}
_SPACE_BEFORE = re.compile(r"\s+([,;:.)])")
_QUOTES: dict[str, tuple[str, str]] = {Lang.RU: ("«", "»")}


def _without_examples(found: re.Match) -> str:
    """A parenthesis of examples left out whole when nothing but joining words remains: the
    table of contents would show «( против)» or «(,,)»; else kept, its examples quoted."""
    rest = _CODE_SPAN.sub(" ", found.group(0))
    words = [w for w in re.findall(r"[^\W\d_]+", rest) if w.casefold() not in _JOINING]
    return found.group(0) if words else ""


def contents_line(meaning: str, lang: str) -> str:
    """``meaning`` (already in the page's language) as a line of the table of contents."""
    text = _EXAMPLES.sub(_without_examples, meaning)
    left, right = _QUOTES.get(lang, ("“", "”"))
    text = _CODE_SPAN.sub(lambda span: f"{left}{span.group(0)[1:-1]}{right}", text)
    text = _EMPTY_PARENS.sub("", text)
    return " ".join(_SPACE_BEFORE.sub(r"\1", text).split())
