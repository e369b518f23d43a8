"""Games are plugins: each game's rules, aids, aid templates and table words live in
pipeline/games/<game>/ and register themselves; the engine names no game, and a game written
outside pipeline/ (tests/projects/tiny-game/tiny_game/) runs through it without an engine edit."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml

from imports_support import module_name, pipeline_imports
from pipeline import games
from pipeline.build import Project, load_corpus
from pipeline.render import games as plugged
from pipeline.render.aids import plan_aids, wanted
from pipeline.render.site.rule_words import TableWords
from pipeline.rules import RULES, decision_table, get, load_facts, run

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "pipeline"
TINY = REPO / "tests" / "projects" / "tiny-game"

#: the engine: what every game plugs into, and what may name none of them
ENGINE = [PACKAGE / "rules", PACKAGE / "check", PACKAGE / "render" / "aids", PACKAGE / "render" / "site",
          PACKAGE / "render" / "writers", PACKAGE / "render" / "games.py", PACKAGE / "render" / "__init__.py",
          REPO / "templates" / "aids", REPO / "templates" / "site"]


def engine_files() -> list[Path]:
    found = []
    for place in ENGINE:
        found += [place] if place.is_file() else sorted(p for p in place.rglob("*") if p.is_file()
                                                         and p.suffix in (".py", ".html", ".css", ".js"))
    return found


def game_words() -> dict[str, set[str]]:
    """Per registered game, what names it: its package, its rulebooks (the prefix of its rule
    and unit ids), its documents, its aids and the manifest's name of the game."""
    manifest = {d["key"]: d for d in yaml.safe_load((REPO / "corpus" / "manifest.yaml").read_text("utf-8"))["documents"]}
    found = {}
    for game in plugged.GAMES:
        module = f"pipeline.games.{game.key}."
        words = {game.key, game.key.replace("_", "-")}
        words |= {rule_id.split(".")[0] for rule_id, r in RULES.items() if r.function.__module__.startswith(module)}
        for aid in game.aids:
            words |= {aid.key, *aid.documents, *(manifest[d]["rulebook"] for d in aid.documents),
                      *(manifest[d]["game"] for d in aid.documents)}
        found[game.key] = words
    return found


def naming(text: str, words: set[str]) -> list[str]:
    """The words of ``words`` that ``text`` names: a short key as an id or a module name writes
    it (``his.``, ``his:``, ``his-``, ``his_``; never the English "his" or ``list.pop()``), a
    longer name (``eu-risto``, ``Here I Stand``) anywhere as a word."""
    found = []
    for word in sorted(words):
        if " " in word or "-" in word or "_" in word:
            pattern = rf"(?<![\w-]){re.escape(word)}(?![\w])"
        else:
            pattern = rf"(?<![\w-]){re.escape(word)}(?=[-_.:/])"
        if re.search(pattern, text):
            found.append(word)
    return found


def test_the_engine_names_no_game():
    words = game_words()
    assert {"his", "vq", "pop", "eu-risto", "Here I Stand", "his-mary-i-impulse"} <= set().union(*words.values())
    found = [f"{path.relative_to(REPO)}: {game}: {', '.join(named)}" for path in engine_files()
             for game, names in words.items() if (named := naming(path.read_text("utf-8"), names))]
    assert found == []


def game_imports(path: Path) -> list[str]:
    """The imports of a game's modules in the Python source at ``path`` (inside functions too)."""
    return [f"{path.relative_to(REPO)}:{line}: imports pipeline.{target}"
            for line, target in pipeline_imports(path.read_text("utf-8"), module_name(path))
            if target == "games" or target.startswith("games.")]


def test_the_engine_imports_no_game():
    # a game's classes (its enums, inputs, results) reach the engine only through its registration
    assert [line for path in engine_files() if path.suffix == ".py" for line in game_imports(path)] == []


def test_the_checks_catch_a_game_named_in_the_engine(tmp_path):
    # what rule_words.py said before the games were plugins
    text = ("from ...rules.his_england_france import Card, PapalAction, Play\n"
            "INPUTS = {\"eu-risto.tordesillas-roll\": {}}\nparts = stack.pop()\n# his own words, \"his\"\n")
    assert naming(text, game_words()["his"]) == ["his"]
    assert naming(text, game_words()["eu_risto"]) == ["eu-risto"]
    assert naming(text, game_words()["pop"]) == []
    planted = PACKAGE / "render" / "site" / "planted.py"
    assert module_name(planted) == "render.site.planted"
    found = [f"{line}: {target}" for line, target in pipeline_imports(
        "def words():\n    from ...games.his.england_france import Card\n    return Card\n", module_name(planted))]
    assert found == ["2: games.his.england_france"]


def test_every_game_folder_is_in_the_one_list():
    folders = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file())
    assert sorted(game.key for game in games.GAMES) == folders
    assert [game.key for game in plugged.GAMES[:len(games.GAMES)]] == [game.key for game in games.GAMES]
    # each game's aids are printed from its own templates, not the engine's folder
    for game in games.GAMES:
        assert game.templates is not None and game.templates.is_relative_to(PACKAGE / "games" / game.key)
        assert sorted(p.stem for p in game.templates.glob("*.html")) == sorted(aid.key for aid in game.aids)
    assert not any((REPO / "templates" / "aids" / f"{aid.key}.html").exists() for aid in plugged.aids())


@pytest.fixture
def tiny():
    """The tiny game registered as pipeline/games/__init__.py registers the real ones; taken
    out again afterwards, its rule with it."""
    sys.path.insert(0, str(TINY))
    try:
        import tiny_game
        plugged.register(tiny_game.GAME)
        yield tiny_game
    finally:
        plugged.unregister("tiny_game")
        RULES.pop("tiny.attack", None)
        sys.modules.pop("tiny_game", None)
        sys.path.remove(str(TINY))


def test_a_game_from_outside_the_package_runs_through_the_engine(tiny):
    facts = load_facts(TINY)
    # its rule decides from its project's facts, citing the unit its number comes from
    outcome = run("tiny.attack", facts, die="4")
    assert outcome.result.succeeds and [c.unit for c in outcome.because] == ["tiny:1.1/para-1"]
    assert not run("tiny.attack", facts, die=3).result.succeeds
    # its decision table, headed in its own words
    table = decision_table(get("tiny.attack"), facts)
    words = TableWords(table, lambda text: text.upper())
    assert words.inputs() == ["DIE ROLLED"] and words.outcomes() == ["SUCCEEDS"]
    assert [cells[0][0] for cells, _ in words.rows()] == ["1, 2, 3", "4, 5, 6"]
    # its aid, printed from its own template with the text and the fact
    corpus, _ = load_corpus(TINY)
    assert [aid.key for aid in wanted(corpus)] == ["tiny-attack"]
    plan = plan_aids(corpus, TINY, langs=("en",))
    (document,) = plan.documents
    assert "<h1>Tiny Game: attacking</h1>" in document.html
    assert '<p class="rule">Roll a die. On a 4 or more, the attack succeeds.</p>' in document.html
    assert '<span class="callout">4</span>' in document.html
    # and `folio check`'s rules family checks its fact against its text like any other
    findings = [d for d in Project(TINY).findings(["rules"]) if "tiny" in d.path]  # the real games have no facts here
    assert findings == []


def test_the_rules_check_reads_a_plugged_game_fact_against_its_text(tiny, tmp_path):
    import shutil
    project = tmp_path / "tiny-game"
    shutil.copytree(TINY / "corpus", project / "corpus")
    source = project / "corpus" / "sources" / "tiny-rules.en.txt"
    source.write_text(source.read_text("utf-8").replace("a 4 or more", "a 5 or more"), "utf-8")
    codes = {d.code for d in Project(project).findings(["rules"]) if "tiny" in d.path}
    assert codes, "the fact's words are gone from the text: the rules check says so"
