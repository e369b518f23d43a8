"""The consistency report's findings as list items, made in Python: the report of a large
corpus lists tens of thousands of them, and a template loop spent more on calling its helpers
than on the markup (measured at x10: the two report pages in 3.3 s of CPU before, see the
commit). The words are the catalogs', read as the templates' newstyle ``_()`` reads them."""

from __future__ import annotations

import operator
from collections.abc import Callable

from markupsafe import Markup, escape

from ...core.diagnostics import Diagnostic
from .findings import Findings


def finding_items(diagnostics: list[Diagnostic], findings: Findings, href: Callable[[Diagnostic], str | None],
                  unit_name: Callable[[str], str], gettext: Callable[[str], str],
                  reasons: dict[str, str] | None = None) -> Markup:
    """Each finding as its <li>: where, the unit it is about, the message in the page's
    language, the suggestion, and why it was accepted (a suppressed one: in the page's language
    where ``reasons`` has it)."""
    reasons = reasons or {}
    suggested, accepted = gettext("suggestion: %(text)s"), gettext("accepted: %(why)s")
    out = []
    for d in diagnostics:
        link = href(d)
        suggestion = findings.suggestion(d) if d.suggestion else None
        item = (f'\n<li class="folio-finding folio-finding--{escape(d.severity)}'
                f'{" folio-suppressed" if d.suppressed else ""}"><code>{escape(d.path)}:{escape(d.line)}:'
                f"{escape(d.col)}</code>")
        if link:
            item += f' <a href="{escape(link)}">{escape(unit_name(d.unit or ""))}</a>'
        item += f": {findings.message(d).html}"
        if suggestion is not None:
            item += f' <span class="folio-meta">({Markup(suggested) % {"text": suggestion.html}})</span>'
        if d.suppressed:
            why = findings.quoted(reasons.get(d.suppressed, d.suppressed))
            item += f' <span class="folio-meta">({Markup(accepted) % {"why": why}})</span>'
        out.append(item + "</li>")
    return Markup("".join(out))


class Shown:
    """How the report page at ``path`` links and names the units its findings are about,
    noting each unit asked for (:attr:`asked`): a kept item is current only while those
    units' documents are (:class:`KeptItems`)."""

    def __init__(self, site, corpus, path: str, unit_label: Callable) -> None:
        self.site, self.corpus, self.path, self.unit_label = site, corpus, path, unit_label
        self.asked: set[str] = set()

    def href(self, d: Diagnostic) -> str | None:
        self.asked.add(d.unit or "")
        return self.site.unit_href(d.unit, self.path) if d.unit in self.site.unit_page else None

    def unit_name(self, unit_id: str) -> str:
        self.asked.add(unit_id)
        return self.unit_label(self.corpus.units[unit_id])

    def unit_link(self, unit_id: str) -> Markup | None:
        self.asked.add(unit_id)
        if unit_id not in self.site.unit_page:
            return None
        return Markup('<a href="{}">{}</a>').format(self.site.unit_href(unit_id, self.path),
                                                    self.unit_name(unit_id))


#: the build cache's entries of the report's items (pipeline/incremental/buildcache.py)
ITEMS = "report-items"
#: an entry: (code -> the items of the file's findings of that code, the documents of the
#: units they link or name -> their digests, the unit ids they name that no page shows)
ENTRY = tuple[dict[str, str], dict[str, str], list[str]]


class KeptItems:
    """The report's items of each file's findings, made once and kept in the build's ``store``
    (pipeline/incremental/store.py): an edit renders the items of the files whose findings
    changed, and the page splices in the others' (at x100, 23,600 findings of 1,000 files: 1.3 s
    a language). An entry is named by the file's findings, every field (:func:`by_file`), and
    ``context``: what else the items are made of (Folio's code and catalogs, the manifest, the
    glossary, the rule facts, the suppressions' reasons); it holds the digests of the documents
    whose units its items link or name, and is made again when one of those changed."""

    def __init__(self, store, context: str, documents: dict[str, str], files: dict[str, str] | None) -> None:
        self.store, self.context, self.documents = store, context, documents
        #: :func:`by_file` of the findings (None: not sorted by file, and so not spliced)
        self.files = files

    def key(self, lang: str, path: str, file: str) -> str:
        from ...incremental.fingerprint import digest

        assert self.files is not None
        return digest(ITEMS, self.context, lang, path, self.files[file])

    def of(self, diagnostics: list[Diagnostic], lang: str, path: str, items: Callable[[list[Diagnostic]], Markup],
           shown: Shown, findings: Findings) -> Callable[[list[Diagnostic]], Markup] | None:
        """The page's ``finding_items``: each code's items, spliced from each file's; None when
        the findings are not sorted by file (then the page makes every item)."""
        if self.files is None:
            return None
        files: dict[str, list[Diagnostic]] = {}
        for d in diagnostics:
            files.setdefault(d.path, []).append(d)
        made: dict[str, dict[str, str]] = {}
        for file, found in files.items():
            key = self.key(lang, path, file)
            entry = self.store.get_json(ITEMS, key, ENTRY)
            if entry is None or not self._current(entry, shown):
                findings.forget()  # every link its messages make noted, none taken from another file's
                entry = self._made(found, items, shown)
                self.store.put_json(ITEMS, key, entry)
            made[file] = entry[0]

        def spliced(found: list[Diagnostic]) -> Markup:
            code = found[0].code if found else ""
            return Markup("".join(made[file][code] for file in dict.fromkeys(d.path for d in found)))

        return spliced

    def _current(self, entry, shown: Shown) -> bool:
        return all(self.documents.get(document) == value for document, value in entry[1].items()) \
            and not any(unit in shown.site.unit_page for unit in entry[2])

    def _made(self, found: list[Diagnostic], items, shown: Shown) -> list:
        shown.asked = set()
        codes: dict[str, list[Diagnostic]] = {}
        for d in found:
            codes.setdefault(d.code, []).append(d)
        html = {code: str(items(of_code)) for code, of_code in codes.items()}
        units = shown.corpus.units
        documents = sorted({units[unit].document for unit in shown.asked if unit in units})
        return [html, {document: self.documents.get(document, "") for document in documents},
                sorted(unit for unit in shown.asked if unit not in shown.site.unit_page and unit)]


#: the last :func:`by_file`'s findings of each file and their digest, when a later build of
#: the process may use them (``keep``). `folio serve` builds again and again, and most files'
#: findings are then the very objects the last build had (each shard's kept findings, from
#: memory): their digest is reused for the same objects, which holds only because a Diagnostic
#: is frozen (a finding changed in place would keep its old digest). Serialising all of x100's
#: ~23,600 findings to digest them was 0.3 to 0.45 s of CPU of every rebuild before its pages
#: were published. A `folio build` keeps none: its process ends with the build.
_LAST: dict[str, tuple[list[Diagnostic], str]] = {}


def by_file(diagnostics: list[Diagnostic], *, keep: bool = False) -> dict[str, str] | None:
    """File -> a digest of every field of its findings, in the findings' order; None when a
    file's findings do not stand together (the report's order is by file). ``keep``: a later
    build of this process may use these digests (`folio serve`)."""
    global _LAST  # noqa: PLW0603 -- kept for the next build of this process, replaced whole
    import json
    from dataclasses import fields

    from ...incremental.fingerprint import digest

    names = [f.name for f in fields(Diagnostic)]
    files: dict[str, list[Diagnostic]] = {}
    last = None
    for d in diagnostics:
        if d.path != last:
            if d.path in files:
                return None
            files[d.path], last = [], d.path
        files[d.path].append(d)
    made: dict[str, tuple[list[Diagnostic], str]] = {}
    for file, found in files.items():
        before = _LAST.get(file)
        if before is not None and len(before[0]) == len(found) and all(map(operator.is_, before[0], found)):
            made[file] = before
            continue
        rows = [[getattr(d, name) for name in names] for d in found]
        made[file] = (found, digest(json.dumps(rows, ensure_ascii=False, sort_keys=True, default=_words)))
    _LAST = made if keep else {}
    return {file: value for file, (_found, value) in made.items()}


def _words(value):
    # a finding's message and advice as template and parameters (diagnostics.Text)
    return value.to_json()
