"""`folio build` on the real corpus: what lands in build/, and `folio show` on the result. An
edit's rebuild runs on the small project of tests/projects/four-games/."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from conftest import keep_translations
from pipeline.build import build
from projects_support import small_project

DURATION = "end of Period III, or until event 7:III, whichever comes first"


@pytest.fixture(scope="module")
def built(tmp_path_factory, copy_corpus) -> Path:
    root = copy_corpus(tmp_path_factory.mktemp("repo"))
    build(root)
    return root


@pytest.fixture(scope="module")
def corpus_json(built) -> dict:
    return json.loads((built / "build" / "corpus.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def manifest(built) -> list[dict]:
    return yaml.safe_load((built / "corpus" / "manifest.yaml").read_text(encoding="utf-8"))["documents"]


def test_corpus_json_validates_against_the_generated_schema(built, corpus_json):
    schema = json.loads((built / "build" / "corpus.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(corpus_json), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:10])


def test_schema_describes_every_kind(built):
    schema = json.loads((built / "build" / "corpus.schema.json").read_text(encoding="utf-8"))
    assert "A numbered event of an event period" in schema["$defs"]["kind-event"]["description"]


def test_the_schema_names_the_claims_a_reference_may_carry(built, corpus_json):
    # "see 18.2 above": a program reading corpus.json learns from the schema which words
    # around a reference were caught (its direction, a deck, a procedure ...), and no other key
    schema = json.loads((built / "build" / "corpus.schema.json").read_text(encoding="utf-8"))
    claims = schema["$defs"]["reference"]["properties"]["claims"]
    assert {"dir", "deck", "proc", "title", "occurrence"} <= set(claims["properties"])
    directed = next(ref for ref in corpus_json["references"] if ref["claims"].get("dir"))
    validator = jsonschema.Draft202012Validator(schema["$defs"]["reference"])
    assert validator.is_valid(directed)
    assert not validator.is_valid({**directed, "claims": {"page": "12"}})
    assert not validator.is_valid({**directed, "claims": {"dir": 1}})


def test_a_number_is_text_in_every_kind_so_event_8_and_rule_19_4_read_alike(built, corpus_json):
    schema = json.loads((built / "build" / "corpus.schema.json").read_text(encoding="utf-8"))
    declared = {name: spec["properties"]["attrs"]["properties"]["number"]["type"]
                for name, spec in schema["$defs"].items()
                if "number" in spec.get("properties", {}).get("attrs", {}).get("properties", {})}
    assert {"kind-event", "kind-section", "kind-step"} <= set(declared)
    assert set(declared.values()) == {"string"}
    numbers = {unit["id"]: unit["attrs"]["number"] for unit in corpus_json["units"] if "number" in unit["attrs"]}
    assert (numbers["eu-risto:8:I"], numbers["his:21.3"]) == ("8", "21.3")
    assert all(isinstance(number, str) for number in numbers.values())
    broken = json.loads(json.dumps(corpus_json))
    event = next(unit for unit in broken["units"] if unit["id"] == "eu-risto:8:I")
    event["attrs"]["number"] = 8  # what an event's number was before it was text like the others
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(broken))


def test_every_manifest_document_is_in_the_corpus_in_manifest_order(corpus_json, manifest):
    assert [d["key"] for d in corpus_json["documents"]] == [d["key"] for d in manifest]
    ids = {unit["id"]: unit for unit in corpus_json["units"]}
    for entry in manifest:
        assert ids[entry["key"]]["kind"] == "document"
        assert ids[entry["key"]]["parent"] is None


def test_every_unit_points_at_the_source_lines_it_came_from(built, corpus_json):
    documents = {d["key"]: d for d in corpus_json["documents"]}
    # Line numbers as an editor shows them: the real sources are UTF-8 with LF endings.
    lines_of = {path: (built / path).read_text(encoding="utf-8").removesuffix("\n").split("\n")
                for path in {d["source"] for d in documents.values()}}
    for unit in corpus_json["units"]:
        assert unit["id"] and unit["kind"] and "parent" in unit and unit["sides"], unit["id"]
        document = documents[unit["document"]]
        for lang, side in unit["sides"].items():
            # A side in another language is a translation: it points into its translation file.
            expected = (document["source"] if lang == document["language"]
                        else f"corpus/translations/{document['key']}.{lang}.yaml")
            assert side["path"] == expected, unit["id"]
            if side["path"] not in lines_of:
                lines_of[side["path"]] = (built / side["path"]).read_text("utf-8").split("\n")
            lines = lines_of[side["path"]]
            assert 1 <= side["line_start"] <= side["line_end"] <= len(lines), unit["id"]
            if side["text"] and lang == document["language"]:
                span = lines[side["line_start"] - 1:side["line_end"]]
                own = side["text"].split("\n")
                starts = [i for i in range(len(span) - len(own) + 1) if span[i:i + len(own)] == own]
                assert starts, f"{unit['id']}: its text is not in lines {side['line_start']}-{side['line_end']}"


def test_parents_and_children_agree(corpus_json):
    units = {unit["id"]: unit for unit in corpus_json["units"]}
    assert len(units) == len(corpus_json["units"]), "an id is used twice"
    for unit in units.values():
        if unit["parent"] is not None:
            assert unit["id"] in units[unit["parent"]]["children"], unit["id"]
            assert units[unit["parent"]]["document"] == unit["document"], unit["id"]
        for child in unit["children"]:
            assert units[child]["parent"] == unit["id"], child


def test_two_builds_are_byte_identical(built, copy_corpus, tmp_path, tree_bytes):
    first = tree_bytes(built / "build")
    build(built)
    assert tree_bytes(built / "build") == first
    elsewhere = copy_corpus(tmp_path / "another-checkout")
    build(elsewhere)
    assert tree_bytes(elsewhere / "build") == first, "output depends on where the repository is"
    assert sorted(p.name for p in built.iterdir()) == ["build", "corpus"], "temporary directories left"


def test_each_document_has_a_readable_yaml_tree(built, corpus_json):
    for entry in corpus_json["documents"]:
        path = built / "build" / "corpus" / f"{entry['key']}.yaml"
        tree = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert tree["document"]["source"] == entry["source"]
        assert tree["units"]["id"] == entry["key"]
        seen = []

        def walk(node, seen=seen):
            seen.append(node["id"])
            for child in node.get("children", []):
                walk(child)

        walk(tree["units"])
        expected = [u["id"] for u in corpus_json["units"] if u["document"] == entry["key"]]
        assert sorted(seen) == sorted(expected)


def test_show_prints_an_event_and_says_it_has_no_russian_side(corpus_copy, folio):
    keep_translations(corpus_copy, {"corpus/translations/eu-risto-period-1.ru.yaml": ("eu-risto:1:I",)})
    run = folio(corpus_copy, "show", "eu-risto:2:I")
    assert run.returncode == 0, run.stderr
    assert "ELECTION OF THE HOLY ROMAN EMPEROR" in run.stdout
    assert "until the death or conversion to Protestantism of the elected emperor" in run.stdout
    assert "no Russian side yet (not translated)" in run.stdout
    assert "eu-risto:2:I/events-phase" in run.stdout


def test_show_prints_both_sides_of_a_translated_event(built, folio):
    run = folio(built, "show", "eu-risto:1:I")
    assert run.returncode == 0, run.stderr
    assert "TREATY OF TORDESILLAS" in run.stdout and DURATION in run.stdout
    assert "Russian (ru): corpus/translations/eu-risto-period-1.ru.yaml:" in run.stdout
    assert "not translated" not in run.stdout


def test_show_of_an_unknown_id_suggests_the_near_one(built, folio):
    run = folio(built, "show", "eu-risto:1-I")
    assert run.returncode == 2
    assert len(run.stderr_lines) == 1 and "Traceback" not in run.stderr
    assert "did you mean" in run.stderr and "eu-risto:1:I" in run.stderr


def _raw_facts(root: Path) -> list[tuple[str, dict]]:
    """Every fact as corpus/rules/*.yaml writes it: (rulebook, entry), read apart from Folio."""
    found = []
    for path in sorted((root / "corpus" / "rules").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        found += [(data["rulebook"], entry) for entry in data["facts"]]
    return found


def test_corpus_json_lists_each_units_facts_with_values_and_words(built, corpus_json):
    listed = corpus_json["facts"]
    units = [u["id"] for u in corpus_json["units"]]
    assert list(listed) == [u for u in units if u in listed], "units in document order"
    raw = _raw_facts(built)
    assert sum(len(facts) for facts in listed.values()) == len(raw) > 200
    for rulebook, entry in raw:
        fact = next(f for f in listed[entry["unit"]] if f["id"] == f"{rulebook}.{entry['id']}")
        kind = next(k for k in ("number", "range", "period", "text", "list") if k in entry)
        value = entry[kind]
        assert fact["type"] == kind
        assert fact["value"] == ({"low": value[0], "high": value[1]} if kind == "range" else value)
        wording = {lang: words if isinstance(words, list) else [words] for lang, words in entry["wording"].items()}
        assert (fact["label"], fact["wording"]) == (entry["label"], wording)
    papal, normal = listed["his:21.3/sec-1/proc-1/step-3"]
    assert (papal["shown"], papal["wording"]["ru"]) == ("1–3 die", ["При выпадении 1 – 3, перейдите к шагу"])
    assert normal["value"] == {"low": 4, "high": 6} and normal["path"] == "corpus/rules/his.yaml"


def test_the_schema_refuses_a_fact_whose_value_is_not_its_type(built, corpus_json):
    schema = json.loads((built / "build" / "corpus.schema.json").read_text(encoding="utf-8"))
    broken = json.loads(json.dumps(corpus_json))
    fact = broken["facts"]["his:21.3/sec-1/proc-1/step-3"][0]
    fact["value"] = "1-3"  # a range written as text
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(broken))
    assert errors and all(list(e.absolute_path)[:3] == ["facts", "his:21.3/sec-1/proc-1/step-3", 0] for e in errors)


def test_an_edited_fact_reaches_corpus_json_on_the_next_build(tmp_path):
    # the small project (the real documents cut short, under new ids): the real facts of 21.3
    root = small_project("four-games", tmp_path / "repo", site=False)
    build(root)
    rules = root / "corpus" / "rules" / "his-x1.yaml"
    text = rules.read_text("utf-8")
    was = "  - 4\n  - 6\n  measure: die\n"
    assert text.count(was) == 1
    rules.write_text(text.replace(was, "  - 4\n  - 6\n  measure: die roll\n"), "utf-8")
    build(root)  # the units of the document are the last build's; the facts are not
    listed = json.loads((root / "build" / "corpus.json").read_text("utf-8"))["facts"]
    assert listed["his-x1:21.3/sec-1/proc-1/step-3"][1]["shown"] == "4–6 die roll"


def test_show_prints_a_units_facts_in_the_language_asked_for(built, folio):
    run = folio(built, "show", "his:21.3/sec-1/proc-1/step-3", "--lang", "ru")
    assert run.returncode == 0, run.stderr
    assert re.search(r"facts \(2\):\n  his\.mary-i\.die\.papal = 1–3 die  \(corpus/rules/his\.yaml:\d+\)\n", run.stdout)
    assert "    label (ru): Бросок 1–3: папские действия\n    wording (ru): При выпадении 1 – 3, перейдите к шагу\n" in run.stdout
    assert "label (en)" not in run.stdout
    both = folio(built, "show", "his:21.3/sec-1/proc-1/step-3").stdout
    assert "wording (en): On a 4–6, the card is played normally" in both and "wording (ru): При выпадении 4 – 6" in both
    russian = folio(built, "show", "eu-risto:1:I", "--lang", "ru").stdout
    assert "    label (ru): Длительность: до конца периода III…\n    wording (ru): (длительность: до конца периода III\n" in russian
    assert "facts: none" in folio(built, "show", "eu-risto-period-1").stdout
