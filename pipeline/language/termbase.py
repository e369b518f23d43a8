"""The termbase, corpus/glossary.yaml: concepts, abbreviations and per-edition decisions.

The file's own header documents the schema. Loading validates it completely, so a mistake
stops the run with the file and line named rather than silently weakening a check. The
Russian texts' own glossary, «русский термин» [English original], is extracted by
:func:`bracket_pairs` (in :mod:`pipeline.language.brackets`, re-exported here).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..core.errors import FolioError
from ..core.model import LANGUAGES
from ..util import yamlio
from ..util.collector import paused
from .match import is_surface_form

GLOSSARY = "corpus/glossary.yaml"
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
#: note_ru ...: the note for the readers of that language (the glossary page in that language)
_CONCEPT_KEYS = {"id", *LANGUAGES, "case", "games", "decisions", "unapproved", "forbidden", "note",
                 *(f"note_{lang}" for lang in LANGUAGES)}
#: why_ru ...: a decision's or a ruling's reason for the readers of that language
_WHY_KEYS = {"why", *(f"why_{lang}" for lang in LANGUAGES)}
#: expansion_ru, note_en ...: the expansion and the note for the readers of that language
_ABBR_KEYS = {"abbr", "expansion", "games", "concept", "note",
              *(f"{name}_{lang}" for name in ("expansion", "note") for lang in LANGUAGES)}


@dataclass(frozen=True)
class Ruling:
    """An unapproved or forbidden rendering, with the term to use instead."""

    term: str
    use: str | None
    why: str | None
    line: int
    #: the reason in another language, by language (the glossary page in that language)
    whys: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    def why_in(self, lang: str) -> str | None:
        return self.whys.get(lang) or self.why


class Games(frozenset[str]):
    """The games an entry applies to, pickled in their sorted order: a frozenset pickles in the
    order of its strings' hashes, which each process seeds anew, and the build cache keeps the
    termbase (its entry would differ between two builds of the same glossary)."""

    __slots__ = ()

    def __reduce__(self):
        return type(self), (tuple(sorted(self)),)


@dataclass
class Concept:
    id: str
    terms: dict[str, list[str]]
    line: int
    case_exact: bool = False
    games: Games | None = None
    decisions: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    why: dict[str, str] = field(default_factory=dict)
    unapproved: dict[str, list[Ruling]] = field(default_factory=dict)
    forbidden: dict[str, list[Ruling]] = field(default_factory=dict)
    note: str | None = None
    #: the note and the decisions' reasons in another language, by language (and by game)
    notes: dict[str, str] = field(default_factory=dict)
    whys: dict[str, dict[str, str]] = field(default_factory=dict)

    def note_in(self, lang: str) -> str | None:
        return self.notes.get(lang) or self.note

    def why_in(self, game: str, lang: str) -> str | None:
        return self.whys.get(game, {}).get(lang) or self.why.get(game) or None

    def applies(self, game: str) -> bool:
        return self.games is None or game in self.games

    def approved(self, game: str, lang: str) -> list[str]:
        """The terms this game may use: a decision narrows the terms of the kind it names."""
        terms = self.terms.get(lang, [])
        decided = self.decisions.get(game, {}).get(lang)
        if not decided:
            return terms
        kinds = {is_surface_form(term) for term in decided}
        return [t for t in terms if t in decided or is_surface_form(t) not in kinds]

    def preferred(self, game: str, lang: str, like: str) -> str | None:
        """The term to suggest in place of ``like``: the approved one of the same kind."""
        approved = self.approved(game, lang)
        same = [t for t in approved if is_surface_form(t) == is_surface_form(like)]
        return next(iter(same or approved), None)


@dataclass(frozen=True)
class Abbreviation:
    abbr: str
    expansion: str | None  # None: the corpus never says what it stands for
    games: Games
    line: int
    concept: str | None = None
    note: str | None = None
    #: the expansion and the note in another language, by language (the website's tooltips)
    expansions: dict[str, str] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)

    def expansion_in(self, lang: str) -> str | None:
        return self.expansions.get(lang) or self.expansion

    def note_in(self, lang: str) -> str | None:
        return self.notes.get(lang) or self.note


@dataclass
class Termbase:
    games: dict[str, str]
    concepts: list[Concept]
    abbreviations: list[Abbreviation]

    def concept(self, concept_id: str) -> Concept:
        return next(c for c in self.concepts if c.id == concept_id)

    def abbreviation(self, abbr: str, game: str) -> Abbreviation | None:
        return next((a for a in self.abbreviations if a.abbr == abbr and game in a.games), None)


#: how a caller keeps a termbase between processes: ``read(root, rel, load, held)`` gives the
#: termbase of the file: ``held`` (this process's already), else kept or made by ``load`` (a
#: build's store, by the file's digest: pipeline/check/kept.py file_reader)
Reader = Callable[[Path, str, Callable[[Path, str], "Termbase"], "Termbase | None"], "Termbase"]


def load_termbase(root: Path, read: Reader | None = None) -> Termbase:
    try:
        text = yamlio.read_file(root, GLOSSARY)
    except FileNotFoundError:
        raise FolioError("the termbase is missing", GLOSSARY) from None
    held = _MADE.get(text)
    # a reader is told of a termbase this process holds too: its build's cache must carry it
    if read is not None:
        found = read(root, GLOSSARY, lambda _root, _rel: _parsed(text), held)
    else:
        found = held if held is not None else _parsed(text)
    _MADE.pop(text, None)  # the last used goes last: the first to go is the one used longest ago
    if len(_MADE) >= 2:  # the last texts only: an edit of the glossary, and the one before
        del _MADE[next(iter(_MADE))]
    _MADE[text] = found
    return found


#: the termbases of the last two texts this process used, parsed or kept: a build reads it for the
#: checks, the site and the aids, and `folio serve` builds again on every save (0.02 s each on
#: the real corpus, 0.09 CPU-s at x100). Keyed by the text itself, so an edited glossary is read
#: again, and a refused one is refused again. Nothing changes a termbase once made (the checks'
#: shards share one already).
_MADE: dict[str, Termbase] = {}


def _parsed(text: str) -> Termbase:
    """The termbase of ``text``, parsed with the collector paused: YAML nodes and the entries
    read from them, no cycle (pipeline/util/collector.py); half its CPU at x100, whose glossary
    is ten times the real one."""
    with paused():
        return parse_termbase(text)


def parse_termbase(text: str) -> Termbase:
    node, data = yamlio.load(text, GLOSSARY)  # a key given twice is refused there, with its line
    return _Validator(_line_index(node)).termbase(data)


def _line_index(node: Any, path: tuple = (), index: dict | None = None) -> dict[tuple, int]:
    """The 1-based line of every value in the document, by its path of keys and positions."""
    index = {} if index is None else index
    if node is None:
        return index
    index[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            index[(*path, key.value)] = key.start_mark.line + 1
            _line_index(value, (*path, key.value), index)
    elif isinstance(node, yaml.SequenceNode):
        for number, item in enumerate(node.value):
            _line_index(item, (*path, number), index)
    return index


class _Validator:
    def __init__(self, lines: dict[tuple, int]):
        self.lines = lines
        self.games: dict[str, str] = {}

    def fail(self, path: tuple, message: str) -> FolioError:
        while path and path not in self.lines:
            path = path[:-1]
        return FolioError(message, GLOSSARY, self.lines.get(path))

    def termbase(self, data: Any) -> Termbase:
        if not isinstance(data, dict):
            raise self.fail((), "expected a mapping with version, games, concepts, abbreviations")
        unknown = set(data) - {"version", "games", "concepts", "abbreviations"}
        if unknown:
            raise self.fail((sorted(unknown)[0],), f"unknown top-level key `{sorted(unknown)[0]}`")
        if data.get("version") != 1:
            raise self.fail(("version",), "`version: 1` is the only version Folio reads")
        games = data.get("games")
        if not isinstance(games, dict) or not games:
            raise self.fail(("games",), "`games` must map each manifest rulebook to its title")
        self.games = {str(k): str(v) for k, v in games.items()}
        concepts = [self.concept(item, ("concepts", n))
                    for n, item in enumerate(self.listing(data, "concepts"))]
        ids = [c.id for c in concepts]
        for number, concept in enumerate(concepts):
            if ids.index(concept.id) != number:
                raise self.fail(("concepts", number, "id"), f"concept id `{concept.id}` is used twice")
        abbreviations = [self.abbreviation(item, ("abbreviations", n), set(ids))
                         for n, item in enumerate(self.listing(data, "abbreviations"))]
        for number, entry in enumerate(abbreviations):
            for other in abbreviations[:number]:
                if other.abbr == entry.abbr and other.games & entry.games:
                    raise self.fail(("abbreviations", number), f"`{entry.abbr}` is defined twice "
                                    f"for {', '.join(sorted(other.games & entry.games))} "
                                    f"(also at line {other.line})")
        return Termbase(self.games, concepts, abbreviations)

    def listing(self, data: dict, key: str) -> list:
        value = data.get(key) or []
        if not isinstance(value, list):
            raise self.fail((key,), f"`{key}` must be a list")
        return value

    def strings(self, value: Any, path: tuple, what: str) -> list[str]:
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list) or not items or \
                not all(isinstance(i, str) and i.strip() for i in items):
            raise self.fail(path, f"{what} must be a non-empty string or list of strings")
        return [i.strip() for i in items]

    def game_list(self, value: Any, path: tuple) -> Games:
        games = self.strings(value, path, "`games`")
        for number, game in enumerate(games):
            if game not in self.games:
                raise self.fail((*path, number), f"unknown game `{game}` (the `games` mapping "
                                f"lists {', '.join(self.games)})")
        return Games(games)

    def concept(self, item: Any, path: tuple) -> Concept:
        if not isinstance(item, dict):
            raise self.fail(path, "a concept must be a mapping")
        unknown = sorted(set(item) - _CONCEPT_KEYS)
        if unknown:
            raise self.fail((*path, unknown[0]), f"unknown concept field `{unknown[0]}`")
        concept_id = item.get("id")
        if not isinstance(concept_id, str) or not _ID.match(concept_id):
            raise self.fail((*path, "id"), "a concept needs a kebab-case `id`")
        terms = {lang: self.strings(item[lang], (*path, lang), f"`{lang}`")
                 for lang in LANGUAGES if lang in item}
        if not terms:
            raise self.fail(path, f"concept `{concept_id}` has no `en` or `ru` terms")
        if item.get("case") not in (None, "exact"):
            raise self.fail((*path, "case"), "`case` can only be `exact`")
        concept = Concept(concept_id, terms, self.lines[path], item.get("case") == "exact",
                          self.game_list(item["games"], (*path, "games")) if "games" in item
                          else None, note=item.get("note"), notes=_translated(item, "note"))
        for game, decided in (item.get("decisions") or {}).items():
            where = (*path, "decisions", game)
            if game not in self.games:
                raise self.fail(where, f"decision for unknown game `{game}`")
            if not isinstance(decided, dict) or not set(decided) <= {*LANGUAGES, *_WHY_KEYS}:
                raise self.fail(where, "a decision maps `en`/`ru` to terms, plus `why` (and `why_ru`)")
            concept.why[game] = str(decided.get("why") or "")
            concept.whys[game] = _translated(decided, "why")
            concept.decisions[game] = {}
            for lang in LANGUAGES:
                if lang in decided:
                    chosen = self.strings(decided[lang], (*where, lang), f"`{lang}`")
                    self.known(concept, lang, chosen, (*where, lang))
                    concept.decisions[game][lang] = chosen
        for kind in ("unapproved", "forbidden"):
            for lang, rulings in (item.get(kind) or {}).items():
                getattr(concept, kind)[lang] = self.rulings(concept, kind, lang, rulings,
                                                            (*path, kind, lang))
        return concept

    def known(self, concept: Concept, lang: str, terms: list[str], path: tuple) -> None:
        for term in terms:
            if term not in concept.terms.get(lang, []):
                raise self.fail(path, f"`{term}` is not one of concept `{concept.id}`'s {lang} terms")

    def rulings(self, concept: Concept, kind: str, lang: Any, rulings: Any,
                path: tuple) -> list[Ruling]:
        if lang not in LANGUAGES or not isinstance(rulings, list):
            raise self.fail(path, f"`{kind}` maps `en`/`ru` to a list of {{term, use, why}}")
        found = []
        for number, entry in enumerate(rulings):
            where = (*path, number)
            if not isinstance(entry, dict) or not isinstance(entry.get("term"), str) or \
                    not set(entry) <= {"term", "use", *_WHY_KEYS}:
                raise self.fail(where, f"each `{kind}` entry is {{term, use, why, why_ru}}")
            if entry["term"] in concept.terms.get(lang, []):
                raise self.fail(where, f"`{entry['term']}` is both a term of `{concept.id}` "
                                f"and {kind}")
            if entry.get("use") is not None:
                self.known(concept, lang, [entry["use"]], (*where, "use"))
            found.append(Ruling(entry["term"], entry.get("use"), entry.get("why"), self.lines[where],
                                _translated(entry, "why")))
        return found

    def abbreviation(self, item: Any, path: tuple, concept_ids: set[str]) -> Abbreviation:
        if not isinstance(item, dict) or not isinstance(item.get("abbr"), str) or \
                not item["abbr"].strip():
            raise self.fail(path, "an abbreviation needs `abbr`")
        unknown = sorted(set(item) - _ABBR_KEYS)
        if unknown:
            raise self.fail((*path, unknown[0]), f"unknown abbreviation field `{unknown[0]}`")
        if "expansion" not in item or not (item["expansion"] is None or
                                           isinstance(item["expansion"], str)):
            raise self.fail(path, f"`{item['abbr']}` needs `expansion` (null when the corpus "
                            "never expands it)")
        if "games" not in item:
            raise self.fail(path, f"`{item['abbr']}` needs `games`")
        if item.get("concept") is not None and item["concept"] not in concept_ids:
            raise self.fail((*path, "concept"), f"unknown concept `{item['concept']}`")
        translated = {name: {lang: str(item[f"{name}_{lang}"]) for lang in LANGUAGES
                             if item.get(f"{name}_{lang}")} for name in ("expansion", "note")}
        return Abbreviation(item["abbr"], item["expansion"],
                            self.game_list(item["games"], (*path, "games")), self.lines[path],
                            item.get("concept"), item.get("note"), translated["expansion"],
                            translated["note"])


def _translated(item: dict, name: str) -> dict[str, str]:
    """``name_ru``, ``name_en`` of a mapping, by language: what a reader of that language sees."""
    return {lang: str(item[f"{name}_{lang}"]) for lang in LANGUAGES if item.get(f"{name}_{lang}")}


from .brackets import BracketPair, bracket_pairs  # noqa: E402,F401  (re-exported)
