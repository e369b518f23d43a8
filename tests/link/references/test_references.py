"""Cross-references: extracted in both languages, resolved to unit ids, with backlinks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hostile_support import folio_in_process  # noqa: F401 - this module's `folio` runs in this process
from pipeline.build import load_corpus
from pipeline.core.model import RefKind, RefProblem, RefStatus
from pipeline.link.references.mentions import extract

ROOT = Path(__file__).resolve().parents[3]
RISTO = "corpus/sources/eu-ristos-events-period-1.en.txt"
HIS_POWER = "corpus/sources/his-power-rules-england-france-papacy.ru.txt"
HIS_WINTER = "corpus/sources/his-winter-phase-new-world.ru.txt"
VQ = "corpus/sources/vq-spring-deployment-action-phase.ru.txt"
POP = "corpus/sources/pop-military-actions.en.txt"


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(ROOT)[0]


def refs_at(corpus, path: str, line: int):
    return [r for r in corpus.references if r.path == path and r.line == line]


def edited(tmp_path: Path, copy_corpus, path: str, old: str, new: str):
    root = copy_corpus(tmp_path)
    source = root / path
    text = source.read_text("utf-8")
    assert old in text
    source.write_text(text.replace(old, new, 1), "utf-8")
    return root


@pytest.mark.parametrize("text, lang, expected", [
    ("-1 If SPA is Catholic/counter-reform or event 8:I/13:II has not occurred", "en",
     [(RefKind.EVENT, "8:I"), (RefKind.EVENT, "13:II")]),
    ("by annexation or by events 2:I or 3:VI.", "en", [(RefKind.EVENT, "2:I"), (RefKind.EVENT, "3:VI")]),
    ("An explorer is received for one turn as per Economic event 41.", "en", [(RefKind.EVENT, "41")]),
    ("as defined in political rule 53.26.", "en", [(RefKind.RULE, "53.26")]),
    ("Check DoW restrictions (p. 22). Movement, Sieges (pp. 25–28)", "en",
     [(RefKind.PAGE, "22"), (RefKind.PAGE, "25-28")]),
    ("using the Call to Arms Action (see p. 13).*", "en", [(RefKind.PAGE, "13"), (RefKind.FOOTNOTE, "*")]),
    ("the restrictions on FRA placed in 1 above are lifted", "en", [(RefKind.RELATIVE, "1")]),
    ("определяют религиозную ориентацию английских войск, см. 18.2.", "ru", [(RefKind.RULE, "18.2")]),
    ("акций, перечисленных в разделе 11.1 ниже.", "ru", [(RefKind.RULE, "11.1")]),
    ("на всем протяжении разделов с 12 по 19 и в разделе 22.", "ru",
     [(RefKind.RULE, "12 по 19"), (RefKind.RULE, "22")]),
    ("как описано в 9.5, или Папство снимет отлучение (см. 9.1).", "ru",
     [(RefKind.RULE, "9.5"), (RefKind.RULE, "9.1")]),
    ("Для остальных карт см. шаг 3.", "ru", [(RefKind.STEP, "3")]),
    ("Соединение несёт потери (см. выше), если", "ru", [(RefKind.RELATIVE, "выше")]),
    ("событие, которое не было сыграно (раздел 4)", "ru", [(RefKind.RULE, "4")]),
])
def test_extraction_in_both_languages(text, lang, expected):
    assert [(f.kind, f.target) for f in extract(text, lang)] == expected


def test_the_marker_of_a_footnote_is_not_a_reference_to_it():
    assert extract("** No Battle is triggered with an NPR", "en", skip_leading_marker=True) == []
    assert extract("9: TURKISH DIPLOMATIC PRESSURE (*) (no historical date)", "en") == []


def test_events_resolve_to_unit_ids_and_other_periods_are_external(corpus):
    eight, thirteen = refs_at(corpus, RISTO, 6)
    assert (eight.status, eight.target_id) == (RefStatus.RESOLVED, "eu-risto:8:I")
    assert thirteen.status == RefStatus.EXTERNAL and "Period II, event 13" in thirteen.note
    [seven] = refs_at(corpus, RISTO, 12)
    assert seven.status == RefStatus.EXTERNAL and "Period III" in seven.note
    [economic] = refs_at(corpus, RISTO, 212)[-1:]
    assert economic.status == RefStatus.EXTERNAL and "Economic events deck" in economic.note


def test_a_named_event_is_checked_against_its_title(corpus, tmp_path, copy_corpus):
    [first] = refs_at(corpus, RISTO, 5)
    assert first.claims.title == "Treaty of Tordesillas" and first.target_id == "eu-risto:1:I"
    root = edited(tmp_path, copy_corpus, RISTO, "until event 1 (Treaty", "until event 2 (Treaty")
    [wrong] = refs_at(load_corpus(root)[0], RISTO, 5)
    assert (wrong.status, wrong.problem) == (RefStatus.UNRESOLVED, RefProblem.MISMATCH)
    assert "ELECTION OF THE HOLY ROMAN EMPEROR" in wrong.note


def test_an_event_missing_from_a_period_the_corpus_holds_is_unresolved(tmp_path, copy_corpus):
    root = edited(tmp_path, copy_corpus, RISTO, "(see event 7:I)", "(see event 17:I)")
    [ref] = [r for r in load_corpus(root)[0].references if r.target == "17:I"]
    assert (ref.status, ref.problem) == (RefStatus.UNRESOLVED, RefProblem.MISSING)
    assert "events 1-10" in ref.note


def test_rules_resolve_across_documents_of_a_rulebook_and_say_where_the_rest_is(corpus):
    [below] = refs_at(corpus, VQ, 29)[:1]
    assert (below.target, below.target_id) == ("11.1", "vq:11.1")
    [outside] = refs_at(corpus, HIS_POWER, 2)[:1]
    assert outside.status == RefStatus.EXTERNAL and outside.note.startswith("Here I Stand rulebook, rule 18.2")
    [range_] = [r for r in refs_at(corpus, VQ, 43) if "по" in r.target]
    assert range_.status == RefStatus.EXTERNAL


def test_direction_and_coverage_are_checked(tmp_path, copy_corpus):
    root = edited(tmp_path, copy_corpus, VQ, "в разделе 11.1 ниже", "в разделе 11.1 выше")
    [ref] = refs_at(load_corpus(root)[0], VQ, 29)[:1]
    assert (ref.status, ref.problem, ref.target_id) == (RefStatus.UNRESOLVED, RefProblem.MISMATCH, "vq:11.1")
    root = edited(tmp_path / "b", copy_corpus, VQ, "См. 23.5", "См. 10.5")
    [ref] = [r for r in load_corpus(root)[0].references if r.target == "10.5"]
    assert (ref.status, ref.problem) == (RefStatus.UNRESOLVED, RefProblem.MISSING)  # 10.5 is between 9 and 11.1


def test_steps_resolve_inside_their_procedure(corpus, tmp_path, copy_corpus):
    [three] = refs_at(corpus, HIS_POWER, 6)
    assert three.target_id == "his:21.3/sec-1/proc-1/step-3"
    two, three = refs_at(corpus, HIS_WINTER, 12)
    assert (two.target_id, three.target_id) == ("his:19.3/proc-1/step-2", "his:19.3/proc-1/step-3")
    root = edited(tmp_path, copy_corpus, HIS_POWER, "см. шаг 3", "см. шаг 5")
    [five] = refs_at(load_corpus(root)[0], HIS_POWER, 6)
    assert five.status == RefStatus.UNRESOLVED and "steps 1, 2, 3, 4" in five.note


def test_relative_references(corpus):
    [one] = refs_at(corpus, RISTO, 97)
    assert one.target_id == "eu-risto:4:I/occ-1/movement-phase/1"
    assert [r.target_id for r in refs_at(corpus, RISTO, 101)] == [
        "eu-risto:4:I/occ-1/movement-phase/4/a", "eu-risto:4:I/occ-1/movement-phase/4/b"]
    [phase] = refs_at(corpus, RISTO, 61)
    assert phase.target_id == "eu-risto:2:I/events-phase"
    [above] = refs_at(corpus, VQ, 4)
    assert above.target_id == "vq:9/sec-1"  # "немедленно развязывает войну (см. выше)"
    [following] = refs_at(corpus, HIS_POWER, 2)[1:]
    assert following.target_id == "his:21.3/sec-1/proc-1"  # "нижеследующая процедура"


def test_footnote_markers(corpus):
    [_page, star] = refs_at(corpus, POP, 17)
    assert star.target_id == "pop:5.5/action-1/footnote-1"
    [_, far] = refs_at(corpus, POP, 47)
    assert far.problem == RefProblem.DISTANT and far.target_id == "pop:5.5/action-1/footnote-2"


def test_backlinks_and_show(corpus, folio):
    assert {r.source for r in corpus.backlinks("eu-risto:7:I")} == {
        "eu-risto:2:I/end-and-recurrence/2", "eu-risto:4:I/occ-2/administration-phase/1",
        "eu-risto:4:I/occ-2/military-phase/1"}
    shown = folio(ROOT, "show", "eu-risto:7:I").stdout
    # each of the three citing units cites it in the English text and in its Russian translation
    assert "referred to by (6):" in shown and f"{RISTO}:62:268" in shown
    assert "corpus/translations/eu-risto-period-1.ru.yaml:" in shown
    shown = folio(ROOT, "show", "eu-risto:1:I").stdout
    assert "'7:III'  external  Europa Universalis (eu-risto), Period III" in shown


def test_reference_findings_in_check(folio):
    run = folio(ROOT, "check", "--only", "references", "--format", "json")
    found = json.loads(run.stdout)
    codes = {(d["path"], d["line"], d["col"], d["code"]) for d in found}
    assert (POP, 47, 118, "ref-footnote-distant") in codes
    assert (POP, 91, 1, "ref-footnote-unreferenced") in codes
    assert (HIS_POWER, 2, 217, "ref-external") in codes
    assert not any(d["code"] == "ref-unresolved" for d in found)
    assert run.returncode == 0


def test_an_unresolved_reference_fails_the_check(tmp_path, copy_corpus, folio):
    root = edited(tmp_path, copy_corpus, HIS_POWER, "см. шаг 3", "см. шаг 5")
    run = folio(root, "check", "--only", "references")
    assert run.returncode == 1
    assert f"{HIS_POWER}:6:124: error ref-unresolved: 'шаг 5' cannot be resolved" in run.stdout


def test_every_pattern_finds_in_the_real_texts_what_it_finds_without_its_hints(corpus):
    # a text holding none of a pattern's hints is not searched with it (extract.PATTERNS): a
    # hint that a match can lack would drop that reference without a word
    from pipeline.link.references.mentions import PATTERNS

    searched = 0
    for unit in corpus.units.values():
        for lang, side in unit.sides.items():
            for _kind, pattern, languages, hints in PATTERNS:
                if lang in languages:
                    for match in pattern.finditer(side.text):
                        searched += 1
                        assert any(hint in match.group(0) for hint in hints), (side.path, match.group(0))
    assert searched > 150  # the real texts hold 184 references
