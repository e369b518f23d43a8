"""corpus/checks.yaml: severity per code and suppressions, each with its reason.

There is deliberately no way to switch a code off: a finding is either fixed in the source,
given another severity for the whole corpus, or suppressed at one place with a reason, and a
suppressed finding still shows in the JSON and SARIF reports. A place is a unit id (globs
allowed, as long as it starts with an id) or a path and a line; a suppression for the whole
corpus must say ``scope: everywhere``, so that forgetting the place cannot silence a code in
every text.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from yaml.nodes import MappingNode, Node, SequenceNode

from ..core.diagnostics import Diagnostic, Severity
from ..core.errors import FolioError
from ..util import project_files, yamlio
from ..util.cached import cached
from ..util.collector import paused

CONFIG = "corpus/checks.yaml"
#: a suppression's fields; ``scope: everywhere`` stands in for a place, and must be said
FIELDS = ("code", "reason", "reason_ru", "unit", "path", "line", "match", "scope")
EVERYWHERE = "everywhere"


@dataclass(frozen=True)
class Suppression:
    code: str
    reason: str
    unit: str | None = None  # a unit id; `*` globs allowed: "<rulebook>:8:I/*"
    path: str | None = None
    line: int | None = None
    match: str | None = None  # the finding's message must contain this text
    #: the reason for the readers of another language (`reason_ru`): the Russian report page
    reason_ru: str | None = None

    def covers(self, diagnostic: Diagnostic) -> bool:
        if not fnmatch.fnmatchcase(diagnostic.code, self.code):
            return False
        if self.unit is not None and not fnmatch.fnmatchcase(diagnostic.unit or "", self.unit):
            return False
        if self.path is not None and diagnostic.path != self.path:
            return False
        if self.line is not None and diagnostic.line != self.line:
            return False
        return self.match is None or self.match in diagnostic.message


#: a suppression with its place among the file's
_Placed = tuple[int, Suppression]


@dataclass(frozen=True)
class CheckConfig:
    """checks.yaml as read. One per text and process (:func:`_parsed`), shared by every build that
    reads that text (each rebuild of `folio serve`): nothing may change it, so the severities are a
    read-only mapping and the suppressions a tuple."""

    severity: Mapping[str, Severity] = field(default_factory=dict)
    suppressions: tuple[Suppression, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "severity", MappingProxyType(dict(self.severity)))
        object.__setattr__(self, "suppressions", tuple(self.suppressions))

    def apply(self, diagnostic: Diagnostic) -> Diagnostic:
        if diagnostic.code in self.severity:
            diagnostic = diagnostic.with_(severity=self.severity[diagnostic.code])
        for suppression in self._candidates(diagnostic.code, diagnostic.unit):
            if suppression.covers(diagnostic):
                return diagnostic.with_(suppressed=suppression.reason)
        return diagnostic

    def reasons_in(self, lang: str) -> dict[str, str]:
        """Each suppression's reason as the readers of ``lang`` read it, by the reason as written
        (what a suppressed finding carries): `reason_ru` for Russian."""
        field_name = f"reason_{lang}"
        return {s.reason: getattr(s, field_name) for s in self.suppressions
                if getattr(s, field_name, None)}

    @cached
    def _index(self) -> tuple[dict[tuple[str, str | None], list[_Placed]], list[_Placed]]:
        """The suppressions by code and by the rulebook a unit pattern names, and those whose code
        is a pattern, each with its place in the file."""
        by_code: dict[tuple[str, str | None], list[_Placed]] = {}
        patterns: list[_Placed] = []
        for n, suppression in enumerate(self.suppressions):
            if _is_glob(suppression.code):
                patterns.append((n, suppression))
            else:
                by_code.setdefault((suppression.code, _namespace(suppression.unit)), []).append((n, suppression))
        return by_code, patterns

    def _candidates(self, code: str, unit: str | None) -> list[Suppression]:
        """The suppressions that may cover a finding of ``code`` on ``unit``, in the file's order
        (the first that covers it gives the reason). Asked for every finding, so indexed once by
        code and by the rulebook a unit pattern names: a large corpus suppresses a few findings
        in each of hundreds of rulebooks, and matching all of them against every finding took
        seconds."""
        by_code, patterns = self._index
        namespace = unit.split(":", 1)[0] if unit and ":" in unit else None
        found = by_code.get((code, None), [])
        if namespace is not None and (code, namespace) in by_code:
            found = found + by_code[code, namespace]
        if patterns:
            found = found + patterns
        if len(found) > 1:
            found = sorted(found, key=lambda pair: pair[0])
        return [suppression for _, suppression in found]


def _is_glob(pattern: str) -> bool:
    return any(ch in pattern for ch in "*?[")


def _namespace(unit: str | None) -> str | None:
    """The rulebook every unit a suppression's ``unit`` pattern matches belongs to (the id
    before the first ``:``, when the pattern's literal start spells it out); None: any unit."""
    if unit is None:
        return None
    literal = unit
    for ch in "*?[":
        literal = literal.split(ch, 1)[0]
    return literal.split(":", 1)[0] if ":" in literal else None


def load_config(root: Path, known_codes: set[str]) -> CheckConfig:
    if not project_files.present(root, CONFIG):
        return CheckConfig()
    return _parsed(yamlio.read_file(root, CONFIG), frozenset(known_codes))


@lru_cache(maxsize=2)
def _parsed(text: str, known_codes: frozenset[str]) -> CheckConfig:
    """The configuration ``text`` gives, made once per process for each text: a build asks for
    it in the check stage and for the site's reasons, and `folio serve` on every rebuild (0.08
    CPU-s each for x100's 10,000 lines). Keyed by the text itself, so an edited file is read
    again; a refused one is not kept, and is refused again, at its line, the next time. Nothing
    changes a configuration once made (its index of suppressions is made from them alone).
    Made with the collector paused: YAML nodes and the entries read from them, no cycle
    (pipeline/util/collector.py), while the heap a build holds by then is the corpus."""
    with paused():
        return _made(text, known_codes)


def _made(text: str, known_codes: frozenset[str]) -> CheckConfig:
    node, data = yamlio.load(text, CONFIG)  # keys given twice: refused there
    where = _Lines(node)
    if data is None:
        return CheckConfig()
    if not isinstance(data, dict):
        raise FolioError("expected a mapping with `severity` and `suppress`", CONFIG, 1)
    for name in data:
        if name not in ("severity", "suppress"):
            raise FolioError(f"unknown field {name!r}: the file holds `severity` and `suppress`",
                             CONFIG, where.line(name))
    levels: dict[str, Severity] = {}
    severity = data.get("severity") or {}
    if not isinstance(severity, dict):
        raise FolioError("`severity` maps a code to error, warning or info", CONFIG,
                         where.line("severity"))
    for code, level in severity.items():
        _known(code, known_codes, where.line("severity", code))
        try:
            levels[code] = Severity.parse(str(level))
        except KeyError:
            raise FolioError(f"severity of {code} must be error, warning or info, not {level!r}",
                             CONFIG, where.line("severity", code)) from None
    entries = data.get("suppress") or []
    if not isinstance(entries, list):
        raise FolioError("`suppress` is a list of entries, each with a code, a place and a reason",
                         CONFIG, where.line("suppress"))
    return CheckConfig(levels, tuple(_suppression(entry, known_codes, where.at("suppress", number))
                                     for number, entry in enumerate(entries)))


def _suppression(entry, known_codes: frozenset[str], where: _Lines) -> Suppression:
    line = where.line()
    if not isinstance(entry, dict) or not isinstance(entry.get("code"), str) \
            or not isinstance(entry.get("reason"), str) or not entry["reason"].strip():
        raise FolioError("a suppression needs a `code` and a `reason`", CONFIG, line)
    unknown = sorted(set(entry) - set(FIELDS), key=str)
    if unknown:
        raise FolioError(f"unknown field {unknown[0]!r} (the fields are {', '.join(FIELDS)})",
                         CONFIG, where.line(unknown[0]))
    for name in ("unit", "path", "match", "reason_ru"):
        if name in entry and (not isinstance(entry[name], str) or not entry[name].strip()):
            raise FolioError(f"`{name}` must be a non-empty text", CONFIG, where.line(name))
    if "line" in entry and (not isinstance(entry["line"], int) or isinstance(entry["line"], bool)
                            or entry["line"] < 1):
        raise FolioError("`line` must be a line number (1 or more)", CONFIG, where.line("line"))
    if not any(ch in entry["code"] for ch in "*?["):
        _known(entry["code"], known_codes, where.line("code"))
    placed = "unit" in entry or ("path" in entry and "line" in entry)
    if "scope" in entry:
        if entry["scope"] != EVERYWHERE:
            raise FolioError(f"`scope` can only be {EVERYWHERE!r} (leave it out to suppress at one "
                             "place)", CONFIG, where.line("scope"))
        if any(name in entry for name in ("unit", "path", "line")):
            raise FolioError(f"`scope: {EVERYWHERE}` and a place (unit, path, line) contradict "
                             "each other: give one or the other", CONFIG, where.line("scope"))
    elif not placed:
        lacking = ("`line` with its `path`" if "path" in entry or "line" in entry else
                   "a place: a `unit` id, or a `path` and a `line`")
        raise FolioError(f"a suppression of {entry['code']} needs {lacking}; to suppress it in "
                         f"the whole corpus say so with `scope: {EVERYWHERE}`", CONFIG, line)
    if "unit" in entry and entry["unit"][0] in "*?[":
        raise FolioError(f"unit {entry['unit']!r} would match any unit: start it with the id it "
                         f"stands for (`<rulebook>:5.5/action-2/*`), or say `scope: {EVERYWHERE}`",
                         CONFIG, where.line("unit"))
    return Suppression(**{k: v for k, v in entry.items() if k != "scope"})


class _Lines:
    """1-based lines of the values of checks.yaml, by their path of keys and positions."""

    def __init__(self, node: Node | None):
        self.node = node

    def at(self, *path) -> _Lines:
        node = self.node
        for step in path:
            node = _child(node, step)
        return _Lines(node)

    def line(self, *path) -> int | None:
        """The line of the key that ``path`` ends in (or of this node, for no path or a key the
        file does not have)."""
        node = self.node
        if path:
            parent = self.at(*path[:-1]).node
            node = _key(parent, path[-1]) or _child(parent, path[-1]) or parent or node
        return node.start_mark.line + 1 if node is not None else None


def _child(node: Node | None, step) -> Node | None:
    if isinstance(node, MappingNode):
        return next((value for key, value in node.value if key.value == str(step)), None)
    if isinstance(node, SequenceNode) and isinstance(step, int) and step < len(node.value):
        return node.value[step]
    return None


def _key(node: Node | None, name) -> Node | None:
    if isinstance(node, MappingNode):
        return next((key for key, _ in node.value if key.value == str(name)), None)
    return None


def _known(code: str, known_codes: frozenset[str], line: int | None) -> None:
    if code not in known_codes:
        raise FolioError(f"unknown check code {code!r}", CONFIG, line)
