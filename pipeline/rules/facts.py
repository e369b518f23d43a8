"""Rule facts: every number, range, limit and condition the texts decide with, as data.

``corpus/rules/<rulebook>.yaml`` holds one rulebook's facts (the schema is written at the top
of each file). A fact is bound to the unit it comes from and to the exact words it has there,
per language, so that ``folio check`` (the ``rules`` family) notices when the data and the
prose drift apart. The executable rules (:mod:`pipeline.rules`) read their numbers from here
and never carry one of their own.
"""

from __future__ import annotations

import builtins
import difflib
import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import cast

from ..core.errors import FolioError
from ..core.model import LANGUAGES, Lang
from ..util.collector import paused
from .ahead import parsed_ahead
from .inputs import RuleError
from .source import Checker, Node, read

DIRECTORY = "corpus/rules"
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")
VALUE_KEYS = ("number", "range", "period", "text", "list")
_ID = re.compile(r"^[a-z0-9]+(?:[.-][a-z0-9]+)*$")
_SLUG = re.compile(r"^[A-Za-z0-9][A-Za-z0-9:+.-]*$")


class MissingFactError(RuleError):
    """A rule asked for a fact that corpus/rules does not define (or not with that type)."""


@dataclass(frozen=True)
class Range:
    """Inclusive bounds; ``None`` is open: ``4 и больше`` is (4, None), ``4 или меньше`` (None, 4)."""

    low: int | None
    high: int | None

    def __contains__(self, number: int) -> bool:
        return (self.low is None or number >= self.low) and (self.high is None or number <= self.high)

    def numbers(self) -> list[int]:
        return sorted({n for n in (self.low, self.high) if n is not None})

    def __str__(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        if self.low is None:
            return f"≤{self.high}"
        return str(self.low) if self.low == self.high else f"{self.low}–{self.high}"


@dataclass(frozen=True)
class Fact:
    id: str  # global: "<rulebook>.<id in the file>", e.g. "<rulebook>.winter.city-limit"
    unit: str
    type: str  # one of VALUE_KEYS
    value: int | Range | str | tuple[str, ...]
    label: dict[str, str]
    #: per language, the fragments of the unit's text the fact states (usually one)
    wording: dict[str, tuple[str, ...]]
    measure: str | None
    note: str | None
    path: str
    line: int
    value_line: int
    #: where the text reads two ways: the reading the rules take, and the other one, per
    #: language (English always; a page or an aid in another language says its own)
    readings: dict[str, str] = field(default_factory=dict)
    alternatives: dict[str, str] = field(default_factory=dict)
    #: why no rule executes this fact (it is there for the prose, the aids and the checks)
    prose_only: str | None = None
    reading_line: int | None = None  # where `reading:` stands: a missing translation is reported there

    @property
    def reading(self) -> str | None:
        """The reading the rules take, in English (the words the checks report it with)."""
        return self.readings.get(Lang.EN)

    @property
    def alternative(self) -> str | None:
        return self.alternatives.get(Lang.EN)

    def numbers(self) -> list[int]:
        """The numbers the value states, which its wording must state too."""
        if isinstance(self.value, Range):
            return self.value.numbers()
        if self.type == "number" and isinstance(self.value, int):
            return [self.value]
        return []

    def shown(self) -> str:
        """The value as a person reads it: ``4``, ``1–3``, ``II``, ``england, france``."""
        if isinstance(self.value, tuple):
            return ", ".join(self.value)
        unit = f" {self.measure}" if self.measure and self.type in ("number", "range") else ""
        return f"{self.value}{unit}"


@dataclass
class Facts:
    facts: dict[str, Fact] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)  # rulebook -> path
    #: the facts per rulebook and per unit, in file order (a large corpus has hundreds of
    #: thousands of facts: a group or a unit's facts are not found by going through them all)
    by_rulebook: dict[str, list[Fact]] = field(init=False, repr=False, compare=False)
    by_unit: dict[str, list[Fact]] = field(init=False, repr=False, compare=False)
    groups: dict[str, list[Fact]] = field(init=False, repr=False, compare=False)  # by prefix, once asked
    #: the ids read through this object's accessors, when made by :meth:`recording`; None: not kept
    read: set[str] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.by_rulebook, self.by_unit, self.groups = {}, {}, {}
        for fact in self.facts.values():
            self.by_rulebook.setdefault(fact.id.split(".", 1)[0], []).append(fact)
            self.by_unit.setdefault(fact.unit, []).append(fact)

    def __iter__(self) -> Iterator[Fact]:
        return iter(self.facts.values())

    def __len__(self) -> int:
        return len(self.facts)

    def __contains__(self, fact_id: str) -> bool:
        return fact_id in self.facts

    def recording(self) -> Facts:
        """The same facts, noting in ``read`` every id a rule asks for (by id or by group), so
        which facts a rule reads is observed, not declared by hand."""
        return self._copy(read=set())

    def _copy(self, **changed: object) -> Facts:
        """These facts with the fields ``changed`` names set anew and every other field carried
        as it is (shared, not copied), so that a field added to the class is carried unnamed;
        not :func:`dataclasses.replace`, which would index every fact again."""
        copy = Facts.__new__(Facts)
        for name in _FIELDS:
            setattr(copy, name, changed.pop(name) if name in changed else getattr(self, name))
        assert not changed, f"Facts has no field {sorted(changed)}"
        return copy

    def __getitem__(self, fact_id: str) -> Fact:
        if self.read is not None:
            self.read.add(fact_id)
        if fact_id not in self.facts:
            rulebook = fact_id.split(".", 1)[0]
            where = self.files.get(rulebook, f"{DIRECTORY}/{rulebook}.yaml")
            close = difflib.get_close_matches(fact_id, list(self.facts), n=1)
            raise MissingFactError(f"the fact {fact_id} is not defined in {where}"
                                   + (f" (did you mean {close[0]}?)" if close else ""))
        return self.facts[fact_id]

    def get(self, fact_id: str) -> Fact | None:
        """The fact, or None where the data does not give it (a worked example replayed without
        the facts bound to its own unit); the read is noted all the same."""
        if self.read is not None:
            self.read.add(fact_id)
        return self.facts.get(fact_id)

    def without(self, unit_id: str, words: Mapping[str, str] | None = None) -> Facts:
        """These facts less those bound to ``unit_id`` or a unit inside it: a worked example is
        replayed without them, so that it cannot validate itself. ``words`` (per language): the
        example is only these words of a unit that also states the rule ("for example, …" in a
        paragraph), and only the facts whose wording lies within them are its own."""
        def own(f: Fact) -> bool:
            return not words or any(all(_spaced(fragment) in _spaced(words[lang]) for fragment in fragments)
                                    for lang, fragments in f.wording.items() if lang in words)

        # found by unit, and the indexes copied but for the lists they change: a large corpus
        # has hundreds of thousands of facts, and an example owns a few
        units = [unit for unit in self.by_unit if unit == unit_id or unit.startswith(unit_id + "/")]
        gone = {id(f) for unit in units for f in self.by_unit[unit] if own(f)}
        copy = self._copy(facts=dict(self.facts), by_rulebook=dict(self.by_rulebook), by_unit=dict(self.by_unit),
                          groups={}, read=None)
        for fact in (f for unit in units for f in self.by_unit[unit] if id(f) in gone):
            del copy.facts[fact.id]  # a fact is held under its own id
        for index, key in ((copy.by_rulebook, lambda f: f.id.split(".", 1)[0]), (copy.by_unit, lambda f: f.unit)):
            for name in {key(f) for unit in units for f in self.by_unit[unit] if id(f) in gone}:
                kept = [f for f in index[name] if id(f) not in gone]
                if kept:
                    index[name] = kept
                else:
                    del index[name]
        return copy

    def typed(self, fact_id: str, kind: str) -> Fact:
        fact = self[fact_id]
        if fact.type != kind:
            raise MissingFactError(f"{fact.path}:{fact.line}: {fact_id} is a {fact.type}; "
                                   f"the rules read it as a {kind}")
        return fact

    # typed() has checked the fact's type, and a fact's type fixes the type of its value
    def number(self, fact_id: str) -> int:
        return cast(int, self.typed(fact_id, "number").value)

    def range(self, fact_id: str) -> Range:
        return cast(Range, self.typed(fact_id, "range").value)

    def list(self, fact_id: str) -> tuple[str, ...]:
        return cast(tuple[str, ...], self.typed(fact_id, "list").value)

    def period(self, fact_id: str) -> str:
        return cast(str, self.typed(fact_id, "period").value)

    def text(self, fact_id: str) -> str:
        return cast(str, self.typed(fact_id, "text").value)

    def bound_to(self, unit_id: str) -> builtins.list[Fact]:  # `list` here is the method above
        """The facts bound to one unit, in file order."""
        return self.by_unit.get(unit_id, [])

    def group(self, prefix: str) -> builtins.list[Fact]:  # `list` here is the method above
        """Every fact whose id continues ``prefix.``, in file order."""
        found = self.groups.get(prefix)
        if found is None:
            rulebook = self.by_rulebook.get(prefix.split(".", 1)[0], [])  # ids begin with their rulebook
            found = self.groups[prefix] = [f for f in rulebook if f.id.startswith(prefix + ".")]
        if not found:
            raise MissingFactError(f"no fact of the group {prefix} is defined in {DIRECTORY}/")
        if self.read is not None:
            self.read.update(f.id for f in found)
        return list(found)

    def expand(self, wanted: tuple[str, ...]) -> builtins.list[Fact]:  # `list` here is the method above
        """The facts that ids and ``prefix.*`` groups name, in file order; undefined ones left out."""
        found: dict[str, Fact] = {}
        for name in wanted:
            if name.endswith(".*"):
                prefix = name[:-1]
                found.update((f.id, f) for f in self.by_rulebook.get(name.split(".", 1)[0], [])
                             if f.id.startswith(prefix))
            elif name in self.facts:
                found[name] = self.facts[name]
        return list(found.values())


#: what :meth:`Facts._copy` carries: every field of the class, so none is forgotten
_FIELDS = tuple(f.name for f in fields(Facts))


def period_index(period: str) -> int:
    return ROMAN.index(period)


#: where a wheel ships the corpus's own facts (pyproject.toml maps corpus/rules there)
PACKAGED = "packaged"


def load(root: str | Path | None = None) -> Facts:
    """The facts of the project at ``root``; without one, the facts Folio ships (this corpus's
    corpus/rules: in a wheel they are package data, in a checkout the files themselves), so
    that a program using the rules runs from any directory."""
    if root is not None:
        return load_facts(Path(root))
    from ..util.resources import package
    shipped = package() / "rules" / PACKAGED
    if any(shipped.glob("*.yaml")):
        return load_facts(shipped.parent, directory=PACKAGED)
    return load_facts(package().parent)


def load_facts(root: Path, read=None, *, missing_ok: bool = False, directory: str = DIRECTORY,
               fresh: Collection[str] = (), jobs: int = 1) -> Facts:
    """Every corpus/rules/*.yaml of the repository at ``root``.

    A root without that directory (or with no rules file in it) is refused with a
    :class:`FolioError`: an empty set of facts would let every rule fail later, far from the
    cause. ``missing_ok`` is for the build and the checks, where a project without executable
    rules is a project like any other. ``read(root, rel_path, load)`` may stand in for
    ``load(root, rel_path)`` (a build's cache); the files ``fresh`` names (those a build's plan
    reads again) are parsed ahead on up to ``jobs`` processes (pipeline/rules/ahead.py)."""
    found: dict[str, Fact] = {}
    files: dict[str, str] = {}
    folder = Path(root) / directory
    paths = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    if not paths and not missing_ok:
        why = "holds no <rulebook>.yaml" if folder.is_dir() else "does not exist"
        raise FolioError(f"no rule facts: the directory {why} in {Path(root)}; the executable "
                         "rules read their numbers from it (the manual: docs/manual/rules/rules-as-data.md)",
                         directory)
    rels = [path.relative_to(root).as_posix() for path in paths]
    with paused():  # nodes, values and facts: no cycle among them (pipeline/util/collector.py)
        load = parsed_ahead(Path(root), rels, fresh, _load_file, jobs) if read else _load_file
        for rel in rels:
            rulebook, loaded = read(root, rel, load) if read else load(root, rel)
            if rulebook in files:
                raise Checker(rel).fail(None, f"the rulebook {rulebook} is already in {files[rulebook]}")
            files[rulebook] = rel
            found.update(loaded)
        return Facts(found, files)  # whole: its indexes are made once, here


def _load_file(root: Path, rel: str) -> tuple[str, dict[str, Fact]]:
    check = Checker(rel)
    top = read(root, rel)
    keys = check.mapping(top, "a rules file", {"rulebook", "game", "facts"})
    rulebook = check.text(keys["rulebook"], "rulebook")
    if Path(rel).stem != rulebook:
        raise check.fail(keys["rulebook"], f"the file for rulebook {rulebook} is named {rulebook}.yaml")
    check.text(keys["game"], "game")
    if not isinstance(keys["facts"].value, list) or not keys["facts"].value:
        raise check.fail(keys["facts"], "facts must be a non-empty list")
    loaded: dict[str, Fact] = {}
    for node in keys["facts"].children:
        fact = _fact(check, node, rulebook)
        if fact.id in loaded:
            raise check.fail(node, f"{fact.id} is defined twice (first at line {loaded[fact.id].line})")
        loaded[fact.id] = fact
    return rulebook, loaded


def _fact(check: Checker, node: Node, rulebook: str) -> Fact:
    keys = check.mapping(node, "a fact", {"id", "unit", "label", "wording"},
                         {"measure", "note", "reading", "alternative", "prose_only", *VALUE_KEYS})
    local = check.text(keys["id"], "id")
    if not _ID.match(local):
        raise check.fail(keys["id"], f"id {local!r}: lower-case words joined by . or -")
    what = f"fact {local}"
    kinds = [k for k in VALUE_KEYS if k in keys]
    if len(kinds) != 1:
        raise check.fail(node, f"{what}: give exactly one value: {', '.join(VALUE_KEYS)}")
    kind = kinds[0]
    label = {lang: check.text(n, f"{what}: label.{lang}")
             for lang, n in check.languages(keys["label"], f"{what}: label", LANGUAGES).items()}
    if Lang.EN not in label:
        raise check.fail(keys["label"], f"{what}: label needs at least an en text")
    wording = {lang: _fragments(check, n, f"{what}: wording.{lang}")
               for lang, n in check.languages(keys["wording"], f"{what}: wording", LANGUAGES).items()}
    measure = check.text(keys["measure"], f"{what}: measure") if "measure" in keys else None
    note = check.text(keys["note"], f"{what}: note") if "note" in keys else None
    prose_only = check.text(keys["prose_only"], f"{what}: prose_only") if "prose_only" in keys else None
    readings, alternatives = (_per_language(check, keys[name], f"{what}: {name}") if name in keys else {}
                              for name in ("reading", "alternative"))
    if bool(readings) != bool(alternatives):
        raise check.fail(keys.get("reading") or keys["alternative"],
                         f"{what}: a reading needs its alternative, and an alternative its reading")
    if readings and set(readings) != set(alternatives):
        raise check.fail(keys["alternative"], f"{what}: the reading is in {', '.join(sorted(readings))}, "
                         f"its alternative in {', '.join(sorted(alternatives))}: give both in the same languages")
    return Fact(f"{rulebook}.{local}", check.text(keys["unit"], f"{what}: unit"), kind,
                _value(check, keys[kind], kind, what), label, wording, measure, note, check.path,
                node.line, keys[kind].line, readings, alternatives, prose_only,
                keys["reading"].line if "reading" in keys else None)


def _per_language(check: Checker, node: Node, what: str) -> dict[str, str]:
    """``{en: ..., ru: ...}``, English required; a plain text (the format before the readings
    had a Russian side) is the English one."""
    if isinstance(node.value, str):
        return {Lang.EN.value: check.text(node, what)}
    texts = {lang: check.text(n, f"{what}.{lang}") for lang, n in check.languages(node, what, LANGUAGES).items()}
    if Lang.EN not in texts:
        raise check.fail(node, f"{what} needs at least an en text")
    return texts


def _fragments(check: Checker, node: Node, what: str) -> tuple[str, ...]:
    if isinstance(node.value, str):
        return (check.text(node, what),)
    if isinstance(node.value, list) and node.value:
        return tuple(check.text(n, what) for n in node.children)
    raise check.fail(node, f"{what} must be the exact words of the text, or a list of them")


def _value(check: Checker, node: Node, kind: str, what: str):
    value = node.value
    if kind == "number":
        if isinstance(value, bool) or not isinstance(value, int):
            raise check.fail(node, f"{what}: number must be a whole number, not {value!r}")
        return value
    if kind == "range":
        if (not isinstance(value, list) or len(value) != 2 or value == [None, None]
                or any(v is not None and (isinstance(v, bool) or not isinstance(v, int)) for v in value)):
            raise check.fail(node, f"{what}: range is [low, high]; null for an open end, not {value!r}")
        if None not in value and value[0] > value[1]:
            raise check.fail(node, f"{what}: range [{value[0]}, {value[1]}] runs backwards")
        return Range(value[0], value[1])
    if kind == "period":
        if str(value) not in ROMAN:
            raise check.fail(node, f"{what}: period is a Roman numeral I..X, not {value!r}")
        return str(value)
    if kind == "text":
        if not isinstance(value, str) or not _SLUG.match(value):
            raise check.fail(node, f"{what}: text is a short symbol such as re-roll-not-marked, not {value!r}")
        return value
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and _SLUG.match(v) for v in value):
        raise check.fail(node, f"{what}: list is a non-empty list of short symbols, not {value!r}")
    return tuple(value)


def _spaced(text: str) -> str:
    return " ".join(text.split())
