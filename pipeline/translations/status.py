"""Translation coverage per document and language: what `folio status` shows."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from ..model import LANGUAGES, Corpus, Status


@dataclass
class Coverage:
    document: str
    lang: str
    units: int  # units with text of their own: what there is to translate
    translated: int
    stale: int
    missing: int
    source: bool  # the document is written in this language

    @property
    def percent(self) -> float:
        return 100.0 if self.source else 100.0 * self.translated / self.units if self.units else 0.0


def coverage(corpus: Corpus) -> list[Coverage]:
    rows = []
    by_document: dict[str, list] = {d.key: [] for d in corpus.documents}
    for unit in corpus.units.values():  # one pass, not one per document
        by_document.setdefault(unit.document, []).append(unit)
    for document in corpus.documents:
        units = [u for u in by_document[document.key] if u.sides[document.language].text]
        for lang in LANGUAGES:
            counts = {status: 0 for status in Status}
            for unit in units:
                counts[corpus.status(unit, lang)] += 1
            rows.append(Coverage(document.key, lang, len(units), counts[Status.TRANSLATED],
                                 counts[Status.STALE], counts[Status.MISSING],
                                 document.language == lang))
    return rows


def as_table(rows: list[Coverage]) -> str:
    header = ("document", "lang", "units", "translated", "stale", "missing", "done")
    body = [(r.document, r.lang, str(r.units),
             "source" if r.source else str(r.translated), "" if r.source else str(r.stale),
             "" if r.source else str(r.missing), f"{r.percent:.0f}%") for r in rows]
    widths = [max(len(row[i]) for row in [header, *body]) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) if i < 2 else cell.rjust(w)
                       for i, (cell, w) in enumerate(zip(row, widths))).rstrip()
             for row in [header, *body]]
    return "\n".join(lines) + "\n"


def as_json(rows: list[Coverage]) -> list[dict]:
    return [{**asdict(r), "percent": round(r.percent, 1)} for r in rows]
