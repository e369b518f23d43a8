"""Proper names against a gazetteer of the games' own maps: a capitalised word no dictionary nor
word list knows (spelling reports it as ``spell-unknown``, at info) that is one or two letters
away from a name the project knows is that name misspelt, a warning with the name as the
suggestion (``Wurttemburg`` → ``Wurttemberg``).

The gazetteer is corpus/gazetteer.yaml (the period's states, provinces and cities) and the
capitalised words of the termbase's terms (corpus/glossary.yaml). A Russian name is judged with its inflected
forms (``Вюртемберга`` is the name
«Вюртемберг», not a misspelling of it).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from yaml.nodes import MappingNode, SequenceNode

from ..core.diagnostics import Diagnostic, Severity
from ..core.errors import FolioError
from ..core.model import Lang
from ..editions.worddiff import _allowed, _edits
from ..language.morph import parses
from ..language.termbase import Termbase, load_termbase
from ..util import yamlio
from .base import CheckContext, Code, _, at, text
from .spelling import _known, _words
from .wordlists import language_of

MISSPELT = Code("name-misspelt", Severity.WARNING,
                "a name no dictionary knows that the gazetteer (`corpus/gazetteer.yaml` and the termbase) "
                "knows in another spelling (`Wurttemburg` for `Wurttemberg`)")
CODES = [MISSPELT]

GAZETTEER = "corpus/gazetteer.yaml"
SHORTEST = 5  # letters: shorter names are one letter from too many others


@dataclass(frozen=True)
class Gazetteer:
    names: dict[str, tuple[str, ...]]  # by language: every spelling, as written, in the files' order

    def closest(self, word: str, lang: str) -> str | None:
        """The known name ``word`` misspells, or None (a name it is, or no name near it)."""
        folded = _fold(word)
        best: tuple[int, int, str] | None = None
        for name in self.names.get(lang, ()):
            if name == word or (lang == Lang.RU and word.lower() in _forms(name)):
                return None
            limit = _allowed(name)
            distance = _edits(folded, _fold(name))
            if distance == 0:
                distance = 1  # the same letters but for an accent: still another spelling
            if abs(len(name) - len(word)) > limit or distance > limit:
                continue
            # of two spellings as near, the one nearer as written (Wurttemberg, not Württemberg)
            rank = (distance, _edits(word.lower(), name.lower()), name)
            if best is None or rank[:2] < best[:2]:
                best = rank
        return best[2] if best else None


#: what the findings follow from besides the units and the shared configuration: in every
#: shard's cache key (pipeline/check/shards.py), so an edit of the gazetteer is seen on the next run
INPUTS = (GAZETTEER,)


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    """Each unit on its own: judged per rulebook's shard, and so taken from the last build for
    every rulebook an edit did not touch."""
    gazetteer = ctx.configured("names.gazetteer", lambda: load_gazetteer(
        ctx.root, ctx.shared("termbase", lambda: load_termbase(ctx.root))))
    # per form: the name it misspells (a name recurs), and the forms that misspell no name
    # wherever they stand (without an apostrophe, a form is the word :func:`_words` judges):
    # most words, passed over at once. Both follow from the form and the configuration alone,
    # so they are kept for the run, not made again by every rulebook's shard
    misspelt: dict[str, str | None] = ctx.configured("names.misspelt", dict)
    passed: set[str] = ctx.configured("names.passed", set)
    for unit, _lang, side in ctx.sides():
        for offset, word, in_caps in _words(ctx.words(side), passed):
            if in_caps or len(word) < SHORTEST or not word[0].isupper() or word.isupper():
                if "'" not in word and "’" not in word:
                    passed.add(word)
                continue
            if word not in misspelt:
                lang = language_of(word)
                misspelt[word] = None if lang is None or _known(ctx.root, word, lang, in_caps) \
                    else gazetteer.closest(word, lang)
            name = misspelt[word]
            if name is None and "'" not in word and "’" not in word:
                passed.add(word)
            if name is not None:
                yield at(MISSPELT, unit, side, offset,
                         text(_("`%(word)s` is not a word the dictionaries know, and the gazetteer spells "
                                "this name `%(name)s`"), word=word, name=name), suggestion=name)


def load_gazetteer(root: Path, termbase: Termbase | None = None) -> Gazetteer:
    """The gazetteer's places and the termbase's names (``termbase``: the run's, already read)."""
    names: dict[str, dict[str, None]] = {Lang.EN: {}, Lang.RU: {}}  # ordered sets
    for lang, name in _places(root):
        names[lang][name] = None
    termbase = termbase or load_termbase(root)
    for concept in termbase.concepts:
        for lang in names:
            for term in concept.terms.get(lang, ()):
                names[lang].update(dict.fromkeys(_capitalised(term)))
    return Gazetteer({lang: tuple(n for n in found if len(n) >= SHORTEST) for lang, found in names.items()})


def _places(root: Path) -> Iterator[tuple[str, str]]:
    try:
        raw = yamlio.read_file(root, GAZETTEER)
    except FileNotFoundError:
        return  # a project without a gazetteer still has its termbase and word lists
    node, data = yamlio.load(raw, GAZETTEER)
    places: Any = data.get("places") if isinstance(data, dict) else None
    if not isinstance(places, list):
        raise FolioError("the gazetteer needs a `places` list", GAZETTEER, _line(node, None))
    for n, place in enumerate(places):
        line = _line(node, n)
        if not isinstance(place, dict) or not set(place) <= {"en", "ru", "note"}:
            raise FolioError("a place is a mapping of `en` and `ru` spellings (and a `note`)", GAZETTEER, line)
        for lang in (Lang.EN, Lang.RU):
            spellings = place.get(lang.value) or []
            if not isinstance(spellings, list) or not all(isinstance(s, str) and s for s in spellings):
                raise FolioError(f"a place's `{lang.value}` is a list of spellings", GAZETTEER, line)
            for spelling in spellings:
                yield from ((lang, word) for word in _capitalised(spelling))


def _line(node: Any, index: int | None) -> int:
    """The line of place ``index`` (None: of the `places` key) in the gazetteer's node tree."""
    if not isinstance(node, MappingNode):
        return 1
    for key, value in node.value:
        if getattr(key, "value", None) == "places":
            items = value.value if isinstance(value, SequenceNode) else []
            target = key if index is None or index >= len(items) else items[index]
            return target.start_mark.line + 1
    return 1


def _capitalised(term: str) -> list[str]:
    """The words of a name that are names: capitalised, not an abbreviation."""
    return [w for w in term.replace("-", " ").split() if w[:1].isupper() and not w.isupper() and w.isalpha()]


def _fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.lower().replace("ё", "е"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=4096)
def _forms(name: str) -> frozenset[str]:
    """Every inflected form of a Russian name, as pymorphy3 declines it."""
    return frozenset(form.word for parse in parses(name.lower()) for form in parse.lexeme) | {name.lower()}
