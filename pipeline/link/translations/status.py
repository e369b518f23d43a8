"""Translation coverage per document and language, and the units a translator still has to write
or review: what `folio status [--units]` and the website's status page show."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass

from ...core.model import LANGUAGES, Corpus, Status, Unit
from ...editions.worddiff import Chunk, elided, word_changes, word_diff

#: the order a translator works in: what is there but wrong first, then what is not there
PENDING = (Status.STALE, Status.FUZZY, Status.MISSING)


@dataclass
class Coverage:
    document: str
    lang: str
    units: int  # units with text of their own: what there is to translate
    translated: int
    stale: int
    fuzzy: int
    missing: int
    source: bool  # the document is written in this language

    @property
    def percent(self) -> float:
        return 100.0 if self.source else 100.0 * self.translated / self.units if self.units else 0.0


@dataclass
class Pending:
    """A unit whose side in ``lang`` is missing, stale or fuzzy, and where to work on it: the
    translation's entry (stale, fuzzy) or the source's lines (missing)."""

    unit: Unit
    lang: str
    status: Status
    path: str
    line: int
    #: stale: the source text the translation was made from, and the source text now
    old_source: str | None = None
    new_source: str | None = None

    @property
    def changes(self) -> list[Chunk]:
        """Stale: what changed in the source since, word by word; otherwise nothing."""
        if self.old_source is None or self.new_source is None:
            return []
        return elided(word_changes(self.old_source, self.new_source))

    @property
    def diff(self) -> str | None:
        if self.old_source is None or self.new_source is None:
            return None
        return word_diff(self.old_source, self.new_source)


@dataclass
class Lost:
    """A stored translation whose source sentence no unit has any more (orphaned): kept in its
    file, shown to no reader; with the unit whose source comes closest, where it may belong."""

    unit: str  # the id it is stored under
    lang: str
    path: str
    line: int
    source: str  # the source text it was made from
    closest: Unit | None
    similarity: float


def lost(corpus: Corpus) -> dict[tuple[str, str], list[Lost]]:
    """(document, language) -> its orphaned translations, in the order of their files."""
    found: dict[tuple[str, str], list[Lost]] = {}
    for document, orphans in corpus.orphaned.items():
        for orphan in orphans:
            closest = corpus.units.get(orphan.closest) if orphan.closest else None
            found.setdefault((document, orphan.lang), []).append(Lost(
                orphan.unit, orphan.lang, orphan.path, orphan.line, orphan.source, closest,
                orphan.similarity))
    return found


def coverage(corpus: Corpus) -> list[Coverage]:
    rows = []
    for document, units in _units_to_translate(corpus):
        for lang in LANGUAGES:
            counts = dict.fromkeys(Status, 0)
            for unit in units:
                counts[corpus.status(unit, lang)] += 1
            rows.append(Coverage(document.key, lang, len(units), counts[Status.TRANSLATED],
                                 counts[Status.STALE], counts[Status.FUZZY], counts[Status.MISSING],
                                 document.language == lang))
    return rows


def pending(corpus: Corpus) -> dict[tuple[str, str], list[Pending]]:
    """(document, language) -> its missing, stale and fuzzy units: stale first, then fuzzy, then
    missing, each in the order of the text. A document's own language has none."""
    found: dict[tuple[str, str], list[Pending]] = {}
    for document, units in _units_to_translate(corpus):
        for lang in LANGUAGES:
            if lang == document.language:
                continue
            rows: list[Pending] = []
            for unit in units:
                status, source = corpus.status(unit, lang), unit.sides[document.language]
                if status == Status.MISSING:
                    rows.append(Pending(unit, lang, status, source.path, source.line_start))
                elif status in PENDING:
                    translation = corpus.translations[(unit.id, lang)]
                    stale = status == Status.STALE
                    rows.append(Pending(unit, lang, status, translation.path, translation.line,
                                        translation.source if stale else None,
                                        source.text if stale else None))
            rows.sort(key=lambda p: PENDING.index(p.status))  # stable: text order kept within
            found[(document.key, lang)] = rows
    return found


def _units_to_translate(corpus: Corpus):
    by_document: dict[str, list[Unit]] = {d.key: [] for d in corpus.documents}
    for unit in corpus.units.values():  # one pass, not one per document
        by_document.setdefault(unit.document, []).append(unit)
    for document in corpus.documents:
        yield document, [u for u in by_document[document.key] if u.sides[document.language].text]


def as_table(rows: list[Coverage]) -> str:
    header = ("document", "lang", "units", "translated", "stale", "fuzzy", "missing", "done")
    body = [(r.document, r.lang, str(r.units), "source" if r.source else str(r.translated),
             *(("", "", "") if r.source else (str(r.stale), str(r.fuzzy), str(r.missing))),
             f"{r.percent:.0f}%") for r in rows]
    widths = [max(len(row[i]) for row in [header, *body]) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) if i < 2 else cell.rjust(w)
                       for i, (cell, w) in enumerate(zip(row, widths, strict=False))).rstrip()
             for row in [header, *body]]
    return "\n".join(lines) + "\n"


def as_units_text(found: dict[tuple[str, str], list[Pending]], label: Callable[[Unit], str],
                  orphans: dict[tuple[str, str], list[Lost]] | None = None) -> str:
    """Per document and language, one `path:line: status id: label` line per unit (the form an
    editor jumps from), a stale one followed by its source's change; then each lost (orphaned)
    translation with the unit whose source comes closest and the source it was made from."""
    blocks = []
    orphans = orphans or {}
    for key in [*found, *(key for key in orphans if key not in found)]:
        (document, lang), rows, gone = key, found.get(key, []), orphans.get(key, [])
        if not rows and not gone:
            continue
        counts = [f"{sum(1 for r in rows if r.status == s)} {s}" for s in PENDING
                  if any(r.status == s for r in rows)]
        lines = [f"{document} ({lang}): " + ", ".join(counts + ([f"{len(gone)} lost"] if gone else []))]
        for row in rows:
            lines.append(f"  {row.path}:{row.line}: {row.status} {row.unit.id}: {label(row.unit)}")
            if row.diff is not None:
                lines.append(f"      {row.diff}")
        for orphan in gone:
            closest = (f"closest {orphan.closest.id}: {label(orphan.closest)} ({orphan.similarity:.0%} alike)"
                       if orphan.closest is not None else "no unit comes close")
            lines.append(f"  {orphan.path}:{orphan.line}: lost {orphan.unit}: {closest}")
            lines.append(f"      was: {_line(orphan.source)}")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def _line(text: str, width: int = 100) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[:width - 1].rstrip() + "…"


def as_json(rows: list[Coverage], found: dict[tuple[str, str], list[Pending]] | None = None,
            label: Callable[[Unit], str] | None = None,
            orphans: dict[tuple[str, str], list[Lost]] | None = None) -> list[dict]:
    """The coverage rows; with ``found``, each row of a translation lists its units as well,
    and its lost translations (``orphans``) with the closest unit."""
    result = []
    for row in rows:
        item = {**asdict(row), "percent": round(row.percent, 1)}
        if found is not None and not row.source:
            item["pending"] = [{"unit": p.unit.id, "label": label(p.unit) if label else None,
                                "status": str(p.status), "path": p.path, "line": p.line,
                                **({"diff": p.diff} if p.diff is not None else {})}
                               for p in found[(row.document, row.lang)]]
            item["lost"] = [{"unit": o.unit, "path": o.path, "line": o.line, "source": o.source,
                             "closest": o.closest.id if o.closest else None,
                             "closest_label": label(o.closest) if label and o.closest else None,
                             "similarity": o.similarity}
                            for o in (orphans or {}).get((row.document, row.lang), [])]
        result.append(item)
    return result
