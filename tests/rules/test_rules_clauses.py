"""Every clause accounted for: each sentence of each source is executable, prose only (with its
reason) or not a rule; the `coverage` check reports a clause nobody classified and a
classification whose words the text no longer has; `folio rules coverage` prints the table."""

from __future__ import annotations

import json
import shutil
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.build import Project
from pipeline.rules.coverage import NOT_A_RULE_KINDS, PROSE_REASONS, Class, classify, load_entries
from rules_support import ROOT, edit, facts

TINY = ROOT / "tests" / "projects" / "tiny-game"
SOURCE = "corpus/sources/tiny-rules.en.txt"
COVERAGE = "corpus/rules/coverage/tiny-rules.yaml"


@cache
def real():
    return classify(Project(ROOT).corpus, facts(), load_entries(ROOT))


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    project = tmp_path / "tiny-game"
    shutil.copytree(TINY / "corpus", project / "corpus")
    return project


def lines(root: Path) -> list[tuple[str, int, str]]:
    return [(d.path, d.line, d.code) for d in Project(root).findings(["coverage"])]


def test_the_real_corpus_has_every_clause_accounted_for():
    assert Project(ROOT).findings(["coverage"]) == []
    coverage = real()
    assert coverage.stale == []
    for document in coverage.documents:
        assert document.unclassified == [], document.document
        assert len(document.clauses) >= document.sentences > 0
        for clause in document.clauses:
            if clause.cls == Class.PROSE:
                assert clause.reason in PROSE_REASONS or clause.reason == "fact", clause
            elif clause.cls == Class.NOT_A_RULE:
                assert clause.reason in NOT_A_RULE_KINDS, clause


def test_a_sentence_quoting_a_fact_is_executable_and_an_example_is_not_a_rule():
    clauses = {(c.unit, c.sentence): c for d in real().documents for c in d.clauses}
    chateaux = clauses[("his:21.4/para-1", 6)]  # «не может получить больше 6 VP за шато»
    assert (chateaux.cls, chateaux.source, chateaux.facts) == (Class.EXECUTABLE, "fact", ("his.chateaux.max",))
    history = clauses[("his:21.3/sec-1/para-1", 4)]  # «Сама ревностная католичка …»
    assert (history.cls, history.reason, history.source) == (Class.NOT_A_RULE, "history", "entry")
    examples = [c for d in real().documents for c in d.clauses if c.reason == "example"]
    assert examples and all(c.cls == Class.NOT_A_RULE and c.source == "kind" for c in examples)
    # a fact the rules do not run makes its sentence prose only, for the fact's own reason
    assert any(c.cls == Class.PROSE and c.reason == "fact" for d in real().documents for c in d.clauses)


def test_the_clauses_the_issue_names_are_rules_not_left_out():
    """Scotland's control priority, HIS 19.4/19.6/19.7, PoP's Military Access and Cannons, a VQ
    power that passed: each executable or prose only with a reason, never 'not a rule'."""
    named = {("eu-risto:10:I/events-phase/3/a", 1), ("eu-risto:10:I/events-phase/3/d", 1),
             ("his:19.4/para-1", 3), ("his:19.6/para-1", 1), ("his:19.7/para-1", 1),
             ("pop:5.5/action-2/list-1/item-1", 3), ("pop:5.5/action-3/sec-1/footnote-1", 1),
             ("vq:11/para-6", 3)}
    found = {(c.unit, c.sentence): c for d in real().documents for c in d.clauses if (c.unit, c.sentence) in named}
    assert set(found) == named
    for clause in found.values():
        assert clause.cls in (Class.EXECUTABLE, Class.PROSE), clause
        assert clause.cls == Class.EXECUTABLE or clause.reason in PROSE_REASONS


def test_a_classified_project_reports_nothing(tiny):
    assert lines(tiny) == []


def test_a_changed_sentence_is_both_stale_and_unclassified(tiny):
    edit(tiny / SOURCE, "Roll a die.", "Roll two dice.")
    found = lines(tiny)
    assert (COVERAGE, 6, "rules-clause-stale") in found  # the entry, at its line
    assert (SOURCE, 3, "rules-clause-unclassified") in found  # the new words, in the source
    assert len(found) == 2
    stale = next(d for d in Project(tiny).findings(["coverage"]) if d.code == "rules-clause-stale")
    assert "'Roll a die.'" in str(stale.message) and "Roll two dice" in str(stale.suggestion)


def test_a_new_sentence_is_reported_where_it_stands_with_the_file_to_classify_it_in(tiny):
    edit(tiny / SOURCE, "the attack succeeds.", "the attack succeeds. Attackers shout.")
    found = Project(tiny).findings(["coverage"])
    assert [(d.path, d.line, d.code) for d in found] == [(SOURCE, 3, "rules-clause-unclassified")]
    assert "Attackers shout." in str(found[0].message)
    assert COVERAGE in str(found[0].suggestion) and "tiny:1.1/para-1" in str(found[0].suggestion)


def test_a_fact_whose_words_drift_no_longer_accounts_for_its_sentence(tiny):
    edit(tiny / SOURCE, "a 4 or more", "a 5 or more")
    assert (SOURCE, 3, "rules-clause-unclassified") in lines(tiny)


def test_a_malformed_entry_is_refused_at_its_line(tiny, folio):
    edit(tiny / COVERAGE, "prose: sequence", "prose: mood")
    done = folio(tiny, "rules", "coverage")
    assert done.returncode == 2
    assert f"{COVERAGE}:6" in done.stderr and "prose is one of map" in done.stderr


def test_the_command_prints_the_table_per_document(folio):
    done = folio(ROOT, "rules", "coverage")
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()
    assert rows[0].split() == ["document", "sentences", "clauses", "executable", "prose", "only", "not", "a",
                               "rule", "unclassified", "executable", "share"]
    by_doc = {row.split()[0]: row.split()[1:] for row in rows[1:]}
    assert set(by_doc) == {d.document for d in real().documents} | {"total"}
    for document in real().documents:
        row = document.row()
        assert by_doc[document.document][:6] == [str(row[k]) for k in ("sentences", "clauses", "executable",
                                                                          "prose_only", "not_a_rule",
                                                                          "unclassified")]
    assert by_doc["total"][5] == "0"
    listed = json.loads(folio(ROOT, "rules", "coverage", "--json").stdout)
    assert listed["documents"] == real().rows()
    assert listed["unclassified"] == [] and listed["stale"] == []
    assert {c["class"] for c in listed["clauses"]} == {"executable", "prose-only", "not-a-rule"}


@pytest.mark.parametrize("lang, words", [
    ("en", ("Rules accounted for", "Executable share", "Prose only")),
    ("ru", ("Учёт правил", "Доля исполняемых", "Только текст")),
])
def test_the_status_page_shows_the_table_in_its_language(lang, words):
    from pipeline.i18n import catalogs as i18n
    from pipeline.render.site.fragments import Renderer
    from pipeline.render.site.reports import clause_rows
    from pipeline.render.site.structure import plan

    project = Project(ROOT)
    corpus = project.corpus
    rows = clause_rows(project.clauses)
    assert rows == {d.document: d.row() for d in real().documents}
    site = plan(corpus)
    html = Renderer(corpus, site, lang, i18n.committed(lang), None, [], facts=facts(),
                    clauses=rows).page(site.page("status")).html
    section = html[html.index('<h2 id="rules">'):]
    section = section[:section.index("</table>")]
    for word in words:
        assert word in section
    for document in corpus.documents:
        row = rows[document.key]
        assert document.title_in(lang) in section.replace("&#39;", "'").replace("&#34;", '"')
        assert f'<td class="folio-num">{row["executable"]}</td>' in section
        assert f'{round(row["executable_share"] * 100)}%' in section
        if lang == "ru":
            assert f">{document.key}<" not in section  # a document by its title, never its key
    if lang == "ru":
        assert not any(w in section for w in ("Executable", "Prose only", "Not a rule", "Sentences"))


def test_the_coverage_of_a_document_the_manifest_no_longer_lists_is_stale(tiny):
    edit(tiny / COVERAGE, "document: tiny-rules", "document: tiny-rules-old")
    (tiny / COVERAGE).rename(tiny / "corpus/rules/coverage/tiny-rules-old.yaml")
    found = lines(tiny)
    assert ("corpus/rules/coverage/tiny-rules-old.yaml", 6, "rules-clause-stale") in found
    assert (SOURCE, 3, "rules-clause-unclassified") in found  # "Roll a die." is nobody's now


def test_the_manual_shows_the_table_as_the_command_prints_it(folio):
    page = (ROOT / "docs/manual/rules/rules-as-data.md").read_text("utf-8")
    shown = page[page.index("Today:\n\n```text\n") + len("Today:\n\n```text\n"):]
    assert shown[:shown.index("```")] == folio(ROOT, "rules", "coverage").stdout


COVERAGE_TEXT = (ROOT / "corpus/rules/coverage/his-power-rules.yaml").read_text("utf-8")
DAMAGE = [*" \n-:[]{},'\"#", "says:", "prose:", "not:", "facts:", "why:", "other", "map", "units:", "document:"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, len(COVERAGE_TEXT)), st.sampled_from(DAMAGE), st.booleans()),
                min_size=1, max_size=6))
def test_a_damaged_coverage_file_is_read_or_refused_at_a_line(tmp_path_factory, edits):
    """The coverage files are untrusted input: damaged anyhow, one is read or refused with its
    path and a line, never with a traceback."""
    from pipeline.core.errors import FolioError

    root = tmp_path_factory.mktemp("damaged")
    text = COVERAGE_TEXT
    for at, what, insert in edits:
        text = text[:at] + what + text[at:] if insert else text[:at] + text[at + len(what):]
    path = root / "corpus/rules/coverage/his-power-rules.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(text, "utf-8")
    try:
        entries = load_entries(root)
    except FolioError as refused:
        assert refused.path == "corpus/rules/coverage/his-power-rules.yaml"
        return
    assert all(e.says and (e.reason or e.facts) for e in entries)


def test_an_entry_on_the_opening_of_a_sentence_a_fact_states_is_questioned(tiny):
    """A fact added later for words further on in a classified sentence: the entry may be left
    over (the fact states all of it) or name a clause the fact leaves out; an info asks which."""
    (tiny / COVERAGE).write_text((tiny / COVERAGE).read_text("utf-8")
                                 + '    - {says: "On", prose: choice, why: "which die"}\n', "utf-8")
    found = Project(tiny).findings(["coverage"])
    assert [(d.path, d.line, d.code, d.severity.name) for d in found] == [
        (COVERAGE, 7, "rules-clause-shared", "INFO")]
    assert "tiny.attack.needed" in str(found[0].message)


def test_a_build_classifies_the_clauses_once_for_the_checks_and_the_status_page(monkeypatch):
    import pipeline.build
    import pipeline.check.rules_coverage
    import pipeline.render.site
    from pipeline.render.site.reports import clause_rows
    from pipeline.rules.coverage import classify_held

    calls = []

    def counted(*args, **kwargs):
        calls.append(args[0])
        return classify_held(*args, **kwargs)

    for module in (pipeline.build, pipeline.check.rules_coverage, pipeline.render.site):
        monkeypatch.setattr(module, "classify_held", counted)
    project = Project(ROOT)
    found = project.findings(only=["coverage"])
    assert clause_rows(project.clauses) == {d.document: d.row() for d in real().documents}
    assert len(calls) == 1, "the coverage family and the status page classified the clauses each"
    # the family handed the driver's classification finds what it finds classifying on its own
    alone = pipeline.build.check(project.corpus, ROOT, store=project.store, facts=project.facts, only=["coverage"])
    assert len(calls) == 2 and found == alone


def test_a_coverage_file_is_read_once_per_process_and_again_once_edited(tiny, monkeypatch):
    # the coverage check and the status page read every file on every build of `folio serve`
    from pipeline.rules import coverage

    parsed: list[str] = []
    parse = coverage.parse
    monkeypatch.setattr(coverage, "parse", lambda text, rel: parsed.append(rel) or parse(text, rel))
    with (tiny / COVERAGE).open("a", encoding="utf-8") as file:  # a text no other test has read
        file.write(f"# {tiny}\n")
    first = load_entries(tiny)
    assert load_entries(tiny) == first and parsed == [COVERAGE]
    edit(tiny / COVERAGE, "prose: sequence", "prose: choice")
    assert [e.reason for e in load_entries(tiny) if e.says == "Roll a die."] == ["choice"]
    assert parsed == [COVERAGE, COVERAGE]
