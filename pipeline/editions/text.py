"""The edition diff as `folio diff` prints it: per changed document a header, then a section per
kind of change, then one summary line. Unchanged units and documents are counted, not listed."""

from __future__ import annotations

from .diff import ADDED, CHANGED, REMOVED, EditionDiff, Move, Present
from .worddiff import as_text as words
from .worddiff import elided

#: an added or removed unit's text is shown on one line, this long at most
WIDTH = 100


def as_text(diff: EditionDiff) -> str:
    lines = [f"--- {diff.old}", f"+++ {diff.new}"]
    for doc in diff.documents:
        if doc.status == ADDED:
            lines.append(f"{doc.key}: added ({_count(doc.units, 'unit')}): {doc.title}")
        elif doc.status == REMOVED:
            lines.append(f"{doc.key}: removed ({_count(doc.units, 'unit')}): {doc.title}")
        elif doc.status == CHANGED:
            lines.append(f"{doc.key}: {doc.title}")
            lines += _section("renumbered", [_move(m) for m in doc.moved if not m.relocated])
            lines += _section("moved (to another place)", [
                _move(m, f" (from {m.old_place or 'a part now gone'} to {m.new_place})")
                for m in doc.moved if m.relocated])
            lines += _section("changed", [f"{c.id}: {words(elided(c.diff))}" for c in doc.changed])
            lines += _section("corrected (spelling, punctuation, quote marks: translations stay current)",
                              [f"{c.id}: {words(elided(c.diff))}" for c in doc.corrected])
            lines += _section("added", [_unit(p) for p in doc.added])
            lines += _section("removed", [_unit(p) for p in doc.removed])
            lines += _section("translations now stale (their source was edited)",
                              [f"{s.unit} ({s.lang}): {words(elided(s.diff))}" for s in doc.stale])
            lines += _section("translations that follow their renumbered unit", [
                f"{f.old} ({f.lang}) -> {f.new}" + _where(f.attached_to, f.old, f.new)
                + (" (the sentence changed too: to review)" if f.how != "moved" else "")
                for f in doc.followed])
            lines += _section("translations lost (their unit was removed)",
                              [f"{t.unit} ({t.lang}): {_line(t.text)}" + _left(t.attached_to) for t in doc.lost])
            lines.append(f"  unchanged: {_count(doc.unchanged, 'unit')}")
    lines.append(_summary(diff))
    return "\n".join(lines) + "\n"


def _section(title: str, items: list[str]) -> list[str]:
    if not items:
        return []
    return [f"  {title} ({len(items)}):"] + [f"    {item}" for item in items]


def _move(move: Move, where: str = "") -> str:
    changed = f"\n      {words(elided(move.diff))}" + (" (corrected)" if move.corrected else "") if move.diff else ""
    return f"{move.old} -> {move.new}{where}{changed}"


def _unit(unit: Present) -> str:
    text = next(iter(unit.texts.values()), "")  # in the document's language
    return f"{unit.id}: {_line(text)}"


def _where(attached_to: str | None, old: str, new: str) -> str:
    if attached_to == new:
        return ""
    if attached_to == old:
        return _left(old)
    return " (the new edition attaches it nowhere)"


def _left(attached_to: str | None) -> str:
    if attached_to is None:
        return ""
    return f" (its file still keeps it under {attached_to}, which now names another sentence)"


def _line(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= WIDTH else flat[:WIDTH - 1].rstrip() + "…"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _summary(diff: EditionDiff) -> str:
    docs = diff.documents
    status = {s: sum(1 for d in docs if d.status == s) for s in (CHANGED, ADDED, REMOVED)}
    unchanged = len(docs) - sum(status.values())
    counts = {name: sum(len(getattr(d, name)) for d in docs)
              for name in ("moved", "changed", "corrected", "added", "removed", "stale", "followed", "lost")}
    relocated = sum(1 for d in docs for m in d.moved if m.relocated)
    # the kinds most editions have none of are counted only when there are some
    moved = f"{relocated} moved, " if relocated else ""
    corrected = f"{counts['corrected']} corrected, " if counts["corrected"] else ""
    parts = [f"{_count(len(docs), 'document')}: {status[CHANGED]} changed, {status[ADDED]} added, "
             f"{status[REMOVED]} removed, {unchanged} unchanged",
             f"units: {counts['moved'] - relocated} renumbered, {moved}{counts['changed']} changed, {corrected}"
             f"{counts['added']} added, {counts['removed']} removed, {sum(d.unchanged for d in docs)} unchanged",
             f"translations: {counts['stale']} now stale, {counts['followed']} following a renumbered "
             f"unit, {counts['lost']} lost"]
    return "; ".join(parts)
