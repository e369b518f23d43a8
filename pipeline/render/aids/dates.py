"""The date an aid's footer prints: when the text it prints last changed.

A player tells two printouts apart by a date, not by a digest: the newest change (the last
commit, or an edit not committed yet: :func:`pipeline.util.git.revision`) of the files the
aid prints from, the texts of its units in both languages and the rules files of its facts.
The same checkout prints the same date, so a PDF's bytes do not depend on when it is printed.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from babel.dates import format_date

from ...core.model import Corpus
from ...rules.facts import Facts
from ...util import git
from .sheet import Sheet


def _(message: str) -> str:
    """Marks a catalog string; it is translated when printed."""
    return message


class Dates:
    """Each file's last change, looked up once per plan."""

    def __init__(self, corpus: Corpus, root: Path, facts: Facts):
        self.corpus, self.root, self.facts = corpus, root, facts
        self._known: dict[str, datetime | None] = {}

    def _changed(self, rel_path: str) -> datetime | None:
        if rel_path not in self._known:
            revision = git.revision(self.root, rel_path)
            self._known[rel_path] = revision.date if revision else None
        return self._known[rel_path]

    def newest(self, sheet: Sheet) -> datetime | None:
        paths = {side.path for unit_id in sheet.units_used if unit_id in self.corpus.units
                 for side in self.corpus.units[unit_id].sides.values()}
        paths |= {self.facts[fact_id].path for fact_id in sheet.facts_used}
        found = [date for path in sorted(paths) if (date := self._changed(path)) is not None]
        return max(found, default=None)

    def of(self, sheet: Sheet, gettext) -> str:
        """"text of 2 December 2026", in the sheet's language; "" when no file has a date."""
        date = self.newest(sheet)
        if date is None:
            return ""
        return gettext("text of %(date)s") % {"date": format_date(date.date(), format="long", locale=sheet.lang)}
