"""The termbase (corpus/glossary.yaml): it loads, it rejects mistakes with the line named, and
the texts' own «Russian» [English] pairs are all extracted and all in it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from pipeline.build import load_corpus
from pipeline.core.errors import FolioError
from pipeline.incremental import pickled
from pipeline.language import Matcher, compile_term, lemmas
from pipeline.language.termbase import GLOSSARY, bracket_pairs, load_termbase, parse_termbase

ROOT = Path(__file__).resolve().parents[2]
VQ = "corpus/sources/vq-spring-deployment-action-phase.ru.txt"


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(ROOT)[0]


@pytest.fixture(scope="module")
def termbase():
    return load_termbase(ROOT)


# unit, line, column, Russian as written, English, nominative
EXPECTED_PAIRS = [
    ("vq:10/proc-1/step-1", 10, 88, "Конвой для Флота Индий", "Treasure Fleet Escorts",
     "Конвой для Флота Индий"),
    ("vq:10/proc-1/step-4", 13, 613, "Дон-Жуан", "Don John", "Дон-Жуан"),
    ("vq:11/para-4", 30, 814, "Удалите из колоды, если сыграна как событие",
     "Remove from deck if played as an event", "Удалите из колоды, если сыграна как событие"),
    ("vq:11/para-4", 30, 954, "Королева-девственница", "Virgin Queen", "Королева-девственница"),
    ("vq:11/para-4", 30, 994, "Гувернантка Франции", "Gouvernante de France",
     "Гувернантка Франции"),
    ("vq:11/para-4", 30, 1042, "Папская булла", "Papal Bull", "Папская булла"),
    ("vq:11/para-4", 30, 1330, "Морских гезов", "Sea Beggars", "Морские гезы"),
    ("vq:11/list-3/item-1", 37, 3, "взять карточку", "Draw Card", "взять карточку"),
    ("vq:11/list-3/item-2", 38, 3, "научный бонус", "Science Bonus", "научный бонус"),
    ("vq:11/list-3/item-3", 39, 3, "1 ПО", "1 VP", "1 ПО"),
    # « Восстание морисков»: the stray space after the quote is not part of the term
    ("vq:11/example-1", 41, 26, "Восстание морисков", "Morisco Revolt", "Восстание морисков"),
]


def test_bracket_pairs_are_all_found_with_their_units_and_lines(corpus):
    pairs = bracket_pairs(corpus)
    assert [(p.unit, p.line, p.col, p.ru, p.en, p.ru_nominative) for p in pairs] == EXPECTED_PAIRS
    assert {p.path for p in pairs} == {VQ}
    # every "[" of every source opens one of these pairs, and no other file has any
    brackets = sum(len(re.findall(r"\[", (ROOT / d.source).read_text("utf-8")))
                   for d in corpus.documents)
    assert brackets == len(EXPECTED_PAIRS)


def test_every_bracket_pair_is_one_concept_of_the_termbase(corpus, termbase):
    for pair in bracket_pairs(corpus):
        concepts = []
        for lang, text in (("ru", pair.ru_nominative), ("en", pair.en)):
            words = [t for t in lemmas(text, lang) if t.is_word]
            patterns = [compile_term(term, lang, c.id) for c in termbase.concepts
                        if c.applies("vq") for term in c.terms.get(lang, [])]
            spans = [m for m in Matcher(patterns).find(words)
                     if m.first == 0 and m.last == len(words) - 1]
            concepts.append({p.payload for m in spans for p in m.patterns})
        assert concepts[0] and concepts[0] == concepts[1], pair


def test_the_glossary_holds_the_abbreviations_of_every_game(termbase):
    games = {"eu-risto": "SPA POR FRA ENG TUR VEN CB VP Stab d COL TP ROTW",
             "pop": "PR NPR CtA HRE CB DoW MC", "his": "CP VP", "vq": "КО ПО ОВ VP"}
    for game, names in games.items():
        for name in names.split():
            assert termbase.abbreviation(name, game) is not None, (game, name)
    assert termbase.abbreviation("КО", "vq").expansion == "командные очки"
    # ОВ and MC are never expanded by the corpus: recorded as known gaps, not guessed
    assert termbase.abbreviation("ОВ", "vq").expansion is None
    assert termbase.abbreviation("MC", "pop").expansion is None
    assert termbase.abbreviation("КО", "his") is None


def test_decisions_narrow_the_terms_of_their_kind_only(termbase):
    points = termbase.concept("command-points")
    assert points.approved("vq", "ru") == ["командные очки", "КО"]
    assert points.approved("his", "ru") == ["командные очки", "CP"]
    assert points.preferred("vq", "ru", "CP") == "КО"
    card = termbase.concept("card")
    assert card.approved("his", "ru") == ["карта"] and card.approved("vq", "ru") == ["карточка"]
    assert [r.term for r in points.forbidden["ru"]] == ["СР"]
    assert not termbase.concept("card").applies("pop")


def test_games_are_the_manifest_rulebooks(corpus, termbase):
    assert set(termbase.games) == {d.rulebook for d in corpus.documents}


GOOD = """\
version: 1
games: {vq: Virgin Queen}
concepts:
  - id: command-points
    ru: [командные очки, КО]
abbreviations:
  - {abbr: КО, expansion: командные очки, games: [vq]}
"""


@pytest.mark.parametrize("change, line, words", [
    (("version: 1", "version: 2"), 1, "version: 1"),
    (("games: {vq: Virgin Queen}", "games: {vq: Virgin Queen}\ncolours: red"), 3, "colours"),
    (("    ru: [командные очки, КО]", "    ru: [командные очки, КО]\n    games: [his]"), 6,
     "unknown game `his`"),
    (("    ru: [командные очки, КО]", "    ru: [командные очки, КО]\n    decisions: {vq: {ru: [CP]}}"),
     6, "`CP` is not one of concept `command-points`'s ru terms"),
    (("  - id: command-points", "  - id: Command Points"), 4, "kebab-case"),
    (("  - {abbr: КО, expansion: командные очки, games: [vq]}", "  - {abbr: КО, games: [vq]}"), 7,
     "needs `expansion`"),
    (("  - {abbr: КО, expansion: командные очки, games: [vq]}",
      "  - {abbr: КО, expansion: командные очки, games: [vq]}\n"
      "  - {abbr: КО, expansion: командный отряд, games: [vq]}"), 8, "defined twice"),
    (("    ru: [командные очки, КО]", "    ru: [командные очки, КО]\n    ru: [КО]"), 6,
     "`ru` is given twice"),
    (("    ru: [командные очки, КО]", "    ru: [командные очки, КО"), 6, "invalid YAML"),
    (("    ru: [командные очки, КО]",
      "    ru: [командные очки, КО]\n    forbidden: {ru: [{term: КО, use: КО}]}"), 6,
     "both a term"),
])
def test_mistakes_name_the_file_and_line(change, line, words):
    parse_termbase(GOOD)  # the unchanged file is valid
    with pytest.raises(FolioError) as caught:
        parse_termbase(GOOD.replace(*change))
    assert caught.value.path == GLOSSARY == "corpus/glossary.yaml"
    assert caught.value.line == line
    assert words in caught.value.message


def test_a_missing_glossary_is_named(tmp_path):
    with pytest.raises(FolioError, match="missing") as caught:
        load_termbase(tmp_path)
    assert str(caught.value).startswith("corpus/glossary.yaml: error:")


def test_schema_is_documented_at_the_top_of_the_file():
    head = (ROOT / GLOSSARY).read_text("utf-8").split("\nversion: 1\n")[0]
    for field in ("games:", "concepts:", "decisions", "unapproved", "forbidden", "case",
                  "abbreviations:", "expansion"):
        assert field in head, field
    assert textwrap.dedent(head).count("#") > 20


def test_the_termbase_is_parsed_once_per_process_and_again_once_edited(corpus_copy):
    # a build reads it for the checks, the site and the aids, and `folio serve` builds on every save
    first = load_termbase(corpus_copy)
    assert load_termbase(corpus_copy) is first
    glossary = corpus_copy / GLOSSARY
    glossary.write_text(glossary.read_text("utf-8").replace("command-points", "command-point-total"), "utf-8")
    edited = load_termbase(corpus_copy)
    assert edited is not first and "command-point-total" in {c.id for c in edited.concepts}
    assert "command-points" not in {c.id for c in edited.concepts}


def test_a_glossary_edited_between_loads_of_one_process_is_read_again(tmp_path):
    # a process keeps the termbase of the text it read (`folio serve` loads it on every save)
    (tmp_path / "corpus").mkdir()
    glossary = tmp_path / GLOSSARY
    text = (ROOT / GLOSSARY).read_text("utf-8")
    glossary.write_text(text, "utf-8")
    assert load_termbase(tmp_path).abbreviation("SPA", "eu-risto").expansion == "Spain"
    edited = text.replace("abbr: SPA, expansion: Spain,", "abbr: SPA, expansion: Kingdom of Spain,", 1)
    glossary.write_text(edited, "utf-8")
    assert load_termbase(tmp_path).abbreviation("SPA", "eu-risto").expansion == "Kingdom of Spain"
    broken = edited.replace("abbr: SPA, expansion: Kingdom of Spain,", "abbr: SPA, expansion: [Spain,", 1)
    glossary.write_text(broken, "utf-8")
    for _ in range(2):  # refused, and refused again: a refusal is not kept as a termbase
        with pytest.raises(FolioError):
            load_termbase(tmp_path)
    glossary.write_text(text, "utf-8")
    assert load_termbase(tmp_path).abbreviation("SPA", "eu-risto").expansion == "Spain"


def test_a_glossary_saved_back_as_it_was_is_still_held_after_the_next_edit(tmp_path):
    # `folio serve`: an edit of the glossary undone, then another edit: the text used last is kept
    (tmp_path / "corpus").mkdir()
    glossary = tmp_path / GLOSSARY
    text = (ROOT / GLOSSARY).read_text("utf-8")
    first, second = (text.replace("abbr: SPA, expansion: Spain,", f"abbr: SPA, expansion: {name},", 1)
                     for name in ("Kingdom of Spain", "España"))
    glossary.write_text(text, "utf-8")
    held = load_termbase(tmp_path)
    glossary.write_text(first, "utf-8")
    load_termbase(tmp_path)
    glossary.write_text(text, "utf-8")
    assert load_termbase(tmp_path) is held
    glossary.write_text(second, "utf-8")
    assert load_termbase(tmp_path).abbreviation("SPA", "eu-risto").expansion == "España"
    glossary.write_text(text, "utf-8")
    assert load_termbase(tmp_path) is held


def test_the_kept_termbase_is_the_same_bytes_in_every_process():
    """The build cache keeps the parsed glossary: two builds of the same glossary, each in a
    process with its own string hashing, keep the same entry (a game set pickled in hash order
    made an edit's cache differ from a clean build's), and it reads back as the glossary."""
    script = ("from pathlib import Path; from pipeline.incremental import pickled; "
              "from pipeline.language.termbase import load_termbase; "
              f"print(pickled.dumps(load_termbase(Path({str(ROOT)!r}))).hex())")
    made = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT,
                           env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": seed}).stdout.strip()
            for seed in ("1", "2", "3")]
    assert made[0] == made[1] == made[2]
    assert pickled.loads(bytes.fromhex(made[0])) == load_termbase(ROOT)
