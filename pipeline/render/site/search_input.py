"""A page's HTML as Pagefind needs it: without what Pagefind would read and then drop.

The search index of a language is made again when a page of that language changed
(pipeline/render/site/search.py). Many changes to a page change nothing Pagefind keeps: an edit to a
Russian text adds, on the English page of its unit, a "this translation may be outdated" notice
(marked data-pagefind-ignore) and a class, while the English text, which is what the English index
holds, stays as it was. Left out of the pages Pagefind reads, they no longer make it index the
English pages again.

What is left out follows Pagefind's parser (pagefind/src/fossick/parser.rs, version 1.5):

- ``class`` attributes: Pagefind reads no class (Folio passes it no selector to exclude), unless
  a filter, sort or metadata names it as its value (``data-pagefind-meta="kind[class]"``);
- an element marked data-pagefind-ignore that is not an inline one, with what it holds. Pagefind
  drops such an element's text, but an element inside it still counts when it carries an id (it
  takes a number among the page's anchors), a data-pagefind-* attribute (filters, metadata and
  sorting are read from ignored elements too), or is an h1, title or img (the page's title and
  image); an element holding any of those is kept. An inline element (a link, a span) is kept
  too: its text still goes to the anchor of an enclosing element with an id.

The whitespace an element leaves is taken with it when the element had a line of its own:
Pagefind reduces every run of whitespace to one space.

The test of all this is tests/incremental/test_incremental.py and tests/render/site/test_search_split.py: the index made
from these pages is, byte for byte, the one Pagefind makes from the whole site.

It costs about 1.6 s of CPU at x100 (115 MB of pages, a fifth of it left out) while every page
Pagefind reads is written on every build; an English index kept saves some 12 s.
"""

from __future__ import annotations

import re

#: Pagefind's INLINE_SELECTORS: an ignored one still adds its text to an enclosing anchor
INLINE = frozenset(["a", "abbr", "acronym", "b", "bdo", "big", "br", "button", "cite", "code", "dfn", "em", "i",
                    "img", "input", "kbd", "label", "map", "object", "output", "q", "samp", "script", "select",
                    "small", "span", "strong", "sub", "sup", "textarea", "time", "tt", "var"])
#: elements without an end tag: nothing to take out but the tag, and Pagefind reads its attributes
VOID = frozenset(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"])

BODY = "data-pagefind-body"
_IGNORE = re.compile(r"data-pagefind-ignore(?=[\s=>])")
_START = re.compile(r"<([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s\"'<>/=]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|"
                    r"[^\s\"'=<>`]+))?)*)\s*>")
_NAME = re.compile(r"\s+([^\s\"'<>/=]+)(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s\"'=<>`]+))?")
_ID = re.compile(r"id\s*=")
#: elements that count inside an ignored one: the page's title and image, and the scripts and
#: styles Pagefind looks at for an old bundle's address
_COUNTED = ("<h1", "<title", "<img", "<script", "<link")
#: the class attribute as Folio's renderers write it; the look-ahead keeps it inside a tag
_CLASS = re.compile(r' class="[^"<>]*"(?=[^<>]*>)')
_CLASS_READ = re.compile(r"\[\s*class\s*\]", re.I)  # a filter, sort or metadata taking it as value


def trimmed(html: str) -> str:
    """``html`` (a page's own HTML, under its data-pagefind-body) without what Pagefind ignores.
    A page without data-pagefind-body is given back as it is: on a site with such a body
    Pagefind does not index it at all."""
    if BODY not in html:
        return html
    kept, position = [], 0
    for mark in _IGNORE.finditer(html):
        if mark.start() < position or not html[mark.start() - 1].isspace():
            continue
        start = html.rfind("<", position, mark.start())
        tag = _START.match(html, start) if start >= 0 else None
        if tag is None or tag.end() <= mark.start():
            continue  # the words stand in an attribute's value or a text, not in a tag
        end = _removable(html, tag)
        if end is None:
            continue
        if start > 0 and html[start - 1] == "\n" and html.startswith("\n", end):
            end += 1
        kept.append(html[position:start])
        position = end
    kept.append(html[position:])
    html = "".join(kept)
    return html if _CLASS_READ.search(html) else _CLASS.sub("", html)


def _removable(html: str, tag: re.Match) -> int | None:
    """Where the ignored element that ``tag`` opens ends, if Pagefind takes nothing from it."""
    name = tag.group(1).lower()
    if name in INLINE or name in VOID:
        return None
    own = {attribute.lower() for attribute in _NAME.findall(tag.group(2))}
    if any(attribute.startswith("data-pagefind-") for attribute in own - {"data-pagefind-ignore"}):
        return None
    end = _end(html, tag.end(), name)
    return None if end is None or _counts(html[tag.end():end].lower()) else end


def _counts(inner: str) -> bool:
    """Whether Pagefind takes anything from ``inner`` (lower-cased), the inside of an ignored
    element. Asked loosely (an ``id=`` in a text, a data-folio-id, count too): a false alarm
    only keeps an element Pagefind would drop."""
    return bool(_ID.search(inner)) or inner.count("data-pagefind-") != inner.count("data-pagefind-ignore") \
        or any(tag in inner for tag in _COUNTED)


def _end(html: str, start: int, name: str) -> int | None:
    depth = 1
    for tag in re.compile(rf"<(/?){name}(?=[\s/>])", re.I).finditer(html, start):  # re caches it
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            close = html.find(">", tag.end())
            return None if close < 0 else close + 1
    return None
