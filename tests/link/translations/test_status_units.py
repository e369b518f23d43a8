"""`folio status --units`: what a translator still has to write or review, unit by unit.

The real corpus with its real translations, and two changes a translator meets: the source of
a translated effect of event 1:I edited since (stale; its translation also marked for review,
which the edit outranks), and one translated step of Declare War marked "needs review" (fuzzy).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import keep_translations, mark_fuzzy
from hostile_support import folio_in_process  # noqa: F401 - this module's `folio` runs in this process
from pipeline.build import load_corpus

RISTO = "corpus/sources/eu-ristos-events-period-1.en.txt"
RISTO_RU = "corpus/translations/eu-risto-period-1.ru.yaml"
POP_RU = "corpus/translations/pop-military-actions.ru.yaml"
#: what stays translated in these tests: the documents' titles, event 1, PoP's Declare War
KEPT_RISTO = ("eu-risto-period-1", "eu-risto:1:I")
KEPT_POP = ("pop-military-actions", "pop:5.5/action-1")
STALE, FUZZY = "eu-risto:1:I/events-phase/2", "pop:5.5/action-1/proc-1/step-2"


@pytest.fixture(scope="module")
def root(tmp_path_factory, copy_corpus) -> Path:
    root = copy_corpus(tmp_path_factory.mktemp("status"))
    source = root / RISTO
    text = source.read_text("utf-8")
    assert "2. SPA and POR receive 50d." in text
    source.write_text(text.replace("2. SPA and POR receive 50d.", "2. SPA and POR receive 60d.", 1), "utf-8")
    # event 1 translated into Russian and PoP's Declare War, nothing else
    keep_translations(root, {RISTO_RU: KEPT_RISTO, POP_RU: KEPT_POP})
    mark_fuzzy(root, POP_RU, FUZZY)
    return root


@pytest.fixture(scope="module")
def listed(root, folio) -> str:
    run = folio(root, "status", "--units")
    assert run.returncode == 0, run.stderr
    return run.stdout


@pytest.fixture(scope="module")
def rows(root, folio) -> dict[tuple[str, str], dict]:
    run = folio(root, "status", "--units", "--format", "json")
    assert run.returncode == 0, run.stderr
    return {(r["document"], r["lang"]): r for r in json.loads(run.stdout)}


def line_of(root: Path, path: str, text: str) -> int:
    return next(n for n, line in enumerate((root / path).read_text("utf-8").split("\n"), 1)
                if text in line)


def test_the_coverage_table_counts_fuzzy_translations(listed):
    table = listed.split("\n\n")[0].splitlines()
    assert table[0].split() == ["document", "lang", "units", "translated", "stale", "fuzzy",
                                "missing", "done"]
    pop = next(line.split() for line in table if line.startswith("pop-military-actions   ru"))
    risto = next(line.split() for line in table if line.startswith("eu-risto-period-1      ru"))
    assert (pop[4], pop[5]) == ("0", "1") and (risto[4], risto[5]) == ("1", "0")


def test_a_stale_unit_is_listed_with_its_name_its_entry_and_the_change_of_its_source(root, listed):
    where = f"{RISTO_RU}:{line_of(root, RISTO_RU, 'text: 2. SPA и POR получают 50 дукатов.')}"
    lines = listed.splitlines()
    at = lines.index(f"  {where}: stale {STALE}: Event 1:I, Events phase, effect 2")
    assert lines[at + 1].strip() == "… and POR receive [-50d.-] {+60d.+}"
    assert f"fuzzy {STALE}" not in listed  # stale wins: the source changed under the review


def test_a_fuzzy_and_a_missing_unit_point_at_where_to_work_on_them(root, listed):
    fuzzy = line_of(root, POP_RU, "text: 2. Потеряйте 2s")
    assert f"  {POP_RU}:{fuzzy}: fuzzy {FUZZY}: Declare War, step 2\n" in listed
    # a missing unit points at its source line: event 2:I's heading
    missing = line_of(root, RISTO, "2: ELECTION OF THE HOLY ROMAN EMPEROR")
    assert f"  {RISTO}:{missing}: missing eu-risto:2:I: Event 2:I\n" in listed


def test_per_document_and_language_stale_first_and_no_list_for_a_source_language(root, listed):
    corpus = load_corpus(root)[0]

    def missing(document: str, but: tuple[str, ...] = ()) -> int:
        lang = next(d.language for d in corpus.documents if d.key == document)
        return sum(1 for u in corpus.units.values() if u.document == document
                   and u.sides[lang].text and not (but and u.id.startswith(but)))

    headings = [line for line in listed.splitlines() if "): " in line and not line.startswith(" ")]
    assert headings == [f"eu-risto-period-1 (ru): 1 stale, {missing('eu-risto-period-1', KEPT_RISTO)} missing",
                        f"his-power-rules (en): {missing('his-power-rules')} missing",
                        f"vq-deployment-actions (en): {missing('vq-deployment-actions')} missing",
                        f"his-winter-new-world (en): {missing('his-winter-new-world')} missing",
                        f"pop-military-actions (ru): 1 fuzzy, {missing('pop-military-actions', KEPT_POP)} missing"]
    risto = listed[listed.index("eu-risto-period-1 (ru)"):listed.index("his-power-rules (en)")]
    assert risto.index(" stale ") < risto.index(" missing ")


def test_json_gives_the_same_units(rows, root):
    pop = rows[("pop-military-actions", "ru")]
    assert pop["fuzzy"] == 1 and len(pop["pending"]) == pop["stale"] + pop["fuzzy"] + pop["missing"]
    assert pop["pending"][0] == {"unit": FUZZY, "label": "Declare War, step 2", "status": "fuzzy",
                                 "path": POP_RU, "line": line_of(root, POP_RU, "text: 2. Потеряйте 2s")}
    [stale] = [p for p in rows[("eu-risto-period-1", "ru")]["pending"] if p["status"] == "stale"]
    assert stale["unit"] == STALE and stale["diff"] == "… and POR receive [-50d.-] {+60d.+}"
    assert "pending" not in rows[("pop-military-actions", "en")]  # the document's own language


def test_without_units_the_json_keeps_its_shape(root, folio):
    rows = json.loads(folio(root, "status", "--format", "json").stdout)
    assert all("pending" not in row and "fuzzy" in row for row in rows)
