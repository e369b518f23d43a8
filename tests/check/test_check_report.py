"""`folio check`: report formats, corpus/checks.yaml severities and suppressions, exit status."""

from __future__ import annotations

import dataclasses
import json
import shutil

import pytest

from hostile_support import folio_in_process  # noqa: F401 - this module's `folio` runs in this process
from pipeline.check.config import load_config
from pipeline.check.families import all_codes
from pipeline.core.diagnostics import Severity

POP = "corpus/sources/pop-military-actions.en.txt"
HIS_POWER = "corpus/sources/his-power-rules-england-france-papacy.ru.txt"


def write_config(root, text: str) -> None:
    (root / "corpus" / "checks.yaml").write_text(text, "utf-8")


def without_translations(root) -> None:
    """The sources alone: a translation repeats a source's footnote findings at its own lines,
    and these tests count the source's."""
    shutil.rmtree(root / "corpus" / "translations")


def test_json_findings_carry_every_field(corpus_copy, folio):
    found = json.loads(folio(corpus_copy, "check", "--only", "references", "--format", "json").stdout)
    assert found and set(found[0]) >= {"path", "line", "col", "severity", "code", "message", "unit",
                                       "suggestion", "suppressed"}
    assert found == sorted(found, key=lambda d: (d["path"], d["line"], d["col"], d["code"], d["message"]))


def test_a_suppressed_finding_leaves_the_text_report_but_stays_in_json(corpus_copy, folio):
    without_translations(corpus_copy)
    write_config(corpus_copy, """
suppress:
  - code: ref-footnote-distant
    unit: "pop:5.5/action-2/*"
    reason: the web edition dropped this action's own ** footnote; the Declare War one applies
""")
    text = folio(corpus_copy, "check", "--only", "references").stdout
    assert "ref-footnote-distant" not in text
    assert text.rstrip().endswith("2 suppressed")
    found = json.loads(folio(corpus_copy, "check", "--only", "references", "--format", "json").stdout)
    suppressed = [d for d in found if d["suppressed"]]
    assert {(d["line"], d["code"]) for d in suppressed} == {(47, "ref-footnote-distant"),
                                                            (57, "ref-footnote-distant")}
    assert suppressed[0]["suppressed"].startswith("the web edition dropped")


def test_severity_is_configured_per_code_and_decides_the_exit_status(corpus_copy, folio):
    without_translations(corpus_copy)
    write_config(corpus_copy, "severity:\n  ref-footnote-unreferenced: error\n")
    run = folio(corpus_copy, "check", "--only", "references")
    assert run.returncode == 1
    assert f"{POP}:91:1: error ref-footnote-unreferenced:" in run.stdout
    write_config(corpus_copy, "severity:\n  ref-footnote-unreferenced: error\nsuppress:\n"
                              "  - code: ref-footnote-unreferenced\n    path: " + POP +
                 "\n    line: 91\n    reason: the cost table this footnote belongs to is an image\n")
    assert folio(corpus_copy, "check", "--only", "references").returncode == 0


def test_sarif_report(corpus_copy, folio, tmp_path):
    write_config(corpus_copy, "suppress:\n  - code: ref-footnote-distant\n    scope: everywhere\n"
                              "    reason: accepted for the web edition\n")
    out = tmp_path / "report.sarif"
    run = folio(corpus_copy, "check", "--only", "references", "--format", "sarif", "--output", str(out))
    assert run.returncode == 0 and run.stdout == ""
    sarif = json.loads(out.read_text("utf-8"))
    assert sarif["version"] == "2.1.0"
    [single] = sarif["runs"]
    rules = single["tool"]["driver"]["rules"]
    for result in single["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        region = result["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
    distant = [r for r in single["results"] if r["ruleId"] == "ref-footnote-distant"]
    assert distant and all(r["suppressions"][0]["kind"] == "external" for r in distant)
    assert {"note", "warning"} >= {r["level"] for r in single["results"]}


def test_a_checks_file_edited_between_builds_of_one_process_is_read_again(corpus_copy, folio):
    # one process parses a text of checks.yaml once (`folio serve` builds again on every save):
    # an edit, a broken file and its repair must each be what the next run reads
    without_translations(corpus_copy)
    error = "severity:\n  ref-footnote-unreferenced: error\n"
    write_config(corpus_copy, error)
    assert folio(corpus_copy, "check", "--only", "references").returncode == 1
    write_config(corpus_copy, "severity:\n  ref-footnote-unreferenced: info\n")
    assert folio(corpus_copy, "check", "--only", "references").returncode == 0
    write_config(corpus_copy, "severity:\n  ref-footnote-unreferenced: loud\n")
    for _ in range(2):  # refused again, at its line: a refusal is not kept as a configuration
        run = folio(corpus_copy, "check", "--only", "references")
        assert run.returncode == 2 and len(run.stderr_lines) == 1, run.stderr
        assert run.stderr.startswith("corpus/checks.yaml:2: ") and "must be error, warning or info" in run.stderr
    write_config(corpus_copy, error)
    run = folio(corpus_copy, "check", "--only", "references")
    assert run.returncode == 1 and f"{POP}:91:1: error ref-footnote-unreferenced:" in run.stdout


def test_the_configuration_one_process_shares_between_builds_refuses_a_change(tmp_path):
    # `folio serve`'s rebuilds share the one configuration made of a text: a reader that changed
    # it would change what every later build of that text applies
    (tmp_path / "corpus").mkdir()
    write_config(tmp_path, "severity:\n  ref-footnote-unreferenced: error\n"
                 "suppress:\n  - code: ref-external\n    scope: everywhere\n    reason: a reason\n")
    codes = {code.code for code in all_codes()}
    config = load_config(tmp_path, codes)
    assert load_config(tmp_path, codes) is config  # shared: one per text
    with pytest.raises(TypeError):
        config.severity["ref-external"] = Severity.ERROR  # type: ignore[index]
    with pytest.raises(AttributeError):
        config.suppressions.append(config.suppressions[0])  # type: ignore[attr-defined]
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.suppressions = ()  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.suppressions[0].reason = "another"  # type: ignore[misc]
    again = load_config(tmp_path, codes)
    assert dict(again.severity) == {"ref-footnote-unreferenced": Severity.ERROR}
    assert [s.reason for s in again.suppressions] == ["a reason"]


def test_a_broken_checks_file_is_refused_in_one_line(corpus_copy, folio):
    for text, words in [("suppress:\n  - code: ref-external\n", "needs a `code` and a `reason`"),
                        ("severity:\n  ref-nonsense: error\n", "unknown check code 'ref-nonsense'"),
                        ("severity:\n  ref-external: loud\n", "must be error, warning or info"),
                        ("severity: [\n", "invalid YAML")]:
        write_config(corpus_copy, text)
        run = folio(corpus_copy, "check")
        assert run.returncode == 2 and len(run.stderr_lines) == 1, run.stderr
        assert run.stderr.startswith("corpus/checks.yaml") and words in run.stderr


def test_checks_json_of_the_same_findings_is_not_serialised_again(tmp_path, monkeypatch):
    # `folio serve` writes checks.json on every save; most saves leave the findings as they were
    from pipeline.check import report
    from pipeline.core.diagnostics import Diagnostic, Severity, text

    found = [Diagnostic(f"corpus/sources/{tmp_path.name}.en.txt", 3, "spell-unknown", "`Wurttemburg`?",
                        Severity.INFO)]
    made: list[int] = []
    item = report.item
    monkeypatch.setattr(report, "item", lambda diagnostic: made.append(diagnostic.line) or item(diagnostic))
    first = report.write_check_report(found, tmp_path / "1.json").read_bytes()
    assert report.write_check_report(list(found), tmp_path / "2.json").read_bytes() == first and made == [3]
    moved = [Diagnostic(found[0].path, 4, "spell-unknown", "`Wurttemburg`?", Severity.INFO)]
    assert json.loads(report.write_check_report(moved, tmp_path / "3.json").read_bytes())[0]["line"] == 4
    assert made == [3, 4]
    # the same finding in words (its message as a template): equal as a finding, but written anew
    worded = [Diagnostic.of(moved[0].path, 4, "spell-unknown", text("`%(word)s`?", word="Wurttemburg"),
                            Severity.INFO)]
    assert worded == moved
    written = json.loads(report.write_check_report(worded, tmp_path / "4.json").read_bytes())[0]
    assert written["template"] == "`%(word)s`?" and made == [3, 4, 4]


def test_checks_json_spliced_from_kept_items_is_what_json_writes(tmp_path):
    # the items of a kept shard's findings are spliced, not encoded again: the same bytes
    from pipeline.check import report
    from pipeline.core.diagnostics import Count, Diagnostic, Lang, Phrase, Severity, Word, text

    worded = text("%(n)s «%(word)s» in %(lang)s: %(phrase)s, %(inner)s", n=Count(2, ("time", "times")),
                  word=Word("Кастилия"), lang=Lang("ru"), phrase=Phrase((("en", "Castile"), ("ru", "Кастилия"))),
                  inner=text("“%(x)s”\n\t\\", x=-1))
    found = [Diagnostic.of("corpus/sources/a.ru.txt", 1, "term-forbidden", worded, Severity.ERROR, 3, "a:1",
                           text("write %(word)s", word="Кастилия")),
             Diagnostic("corpus/sources/a.ru.txt", 2, "spell-unknown", "`Wurttemburg`?", Severity.INFO,
                        suppressed="a name"),
             Diagnostic("corpus/translations/a.en.yaml", 7, "typo-quote-direction", "\u2028 and \"quotes\"")]
    expected = json.dumps([d.to_json() for d in found], ensure_ascii=False, indent=1) + "\n"
    assert report.as_json(found) == expected and report.as_json([]) == "[]\n" == json.dumps([]) + "\n"
    report.known(found[:2], [report.item(d) for d in found[:2]])
    assert report.write_check_report(found, tmp_path / "checks.json").read_text("utf-8") == expected
