"""The `rules` check family: facts against the prose in every language side, and the worked
examples replayed through the rules. Each drift is made in a copy of the corpus, in the data or
in the text, and must be found with the unit, the fact and both values."""

from __future__ import annotations

import pytest
import yaml

from pipeline.check import FAMILIES
from pipeline.link.translations.store import fingerprint
from pipeline.rules import RuleInputError, load_facts, run
from rules_support import ROOT, edit, findings

HIS_WINTER = "corpus/sources/his-winter-phase-new-world.ru.txt"
VQ = "corpus/sources/vq-spring-deployment-action-phase.ru.txt"
POP = "corpus/sources/pop-military-actions.en.txt"


def shown(found, *codes):
    return [f"{d.path}:{d.line}:{d.col} {d.code}" for d in found if not codes or d.code in codes]


def test_the_real_corpus_agrees_with_its_facts_but_two_examples_do_not():
    assert FAMILIES["rules"].__name__ == "pipeline.check.rules_drift"
    found = findings(ROOT)
    quiet = ("rules-wording-unrecorded", "rules-ambiguous")  # information, tested on their own
    assert shown(found, *[c.code for c in FAMILIES["rules"].CODES if c.code not in quiet]) == [
        f"{HIS_WINTER}:30:1429 rules-example-contradiction",
        f"{VQ}:41:279 rules-example-reasoning"]
    papacy, spain = [d for d in found if d.code.startswith("rules-example")]
    assert papacy.unit == "his:19.8/table-1/example-1" and papacy.severity.name == "WARNING"
    # each says its claim in the words of the scenario's `said`, in English and in Russian (the
    # checks page), the rule's unit, and the note as the suggestion in both languages
    assert "the example says the Papacy may send 2 units to Rome and keep a third in Ravenna, which the rules " \
           "of his:19.3/proc-1/step-2 do not allow" in papacy.message
    assert papacy.suggestion.startswith("5 units less 3 lost leave 2")
    assert "the example's reason is that a type of action chosen earlier in the turn (the naval one) may not be " \
           "bought with the treasure, which is not how the rule of vq:11/para-8 decides" in spain.message
    for finding in (papacy, spain):
        said = finding.to_json()["params"]["said"]["phrase"]
        assert set(said) == {"en", "ru"} and finding.to_json()["suggestion_params"]["note"]["phrase"]["ru"]


def test_a_changed_fact_in_the_data_is_reported_with_both_values(corpus_copy):
    edit(corpus_copy / "corpus/rules/his.yaml", "    number: 4\n    measure: land units\n    label:\n"
         "      en: At most 4 land units winter", "    number: 5\n    measure: land units\n    label:\n"
         "      en: At most 4 land units winter")
    found = findings(corpus_copy)
    mismatches = [d for d in found if d.code == "rules-value-mismatch"]  # one per language's words
    assert mismatches and {(d.path, d.unit) for d in mismatches} == {("corpus/rules/his.yaml",
                                                                      "his:19.3/proc-1/step-1")}
    assert any(d.message.startswith("his.winter.city-limit (his:19.3/proc-1/step-1): the data says 5 "
                                    "land units, the text says 4") for d in mismatches)
    # ... and the France part of the winter example no longer replays: 5 may winter, it says 4.
    [france] = [d for d in found if d.code == "rules-example-contradiction" and "france-milan" in d.message]
    assert "may_stay: the example says 4, the rules give 5" in france.message


def test_a_changed_number_in_the_text_is_reported_where_it_stands(corpus_copy):
    edit(corpus_copy / HIS_WINTER, "в котором находится больше 4 отрядов", "в котором находится больше 5 отрядов")
    found = findings(corpus_copy)
    [drift] = [d for d in found if d.code == "rules-drift"]
    line_3 = (corpus_copy / HIS_WINTER).read_text("utf-8").splitlines()[2]
    assert shown([drift]) == [f"{HIS_WINTER}:3:{line_3.index('в котором находится') + 1} rules-drift"]
    assert drift.message == ("his.winter.city-limit (his:19.3/proc-1/step-1, ru): the data says 4 land units, the text now says 5: "
                             "'в котором находится больше 5 отрядов'")


def test_a_changed_number_in_an_english_text_and_in_a_cardinal_word(corpus_copy):
    edit(corpus_copy / POP, "a maximum of 3 Mercenary Units per Turn", "a maximum of 4 Mercenary Units per Turn")
    edit(corpus_copy / HIS_WINTER, "Англия и Франция ограничены двумя колониями",
         "Англия и Франция ограничены тремя колониями")
    found = findings(corpus_copy)
    messages = [d.message for d in found if d.code == "rules-drift"]
    assert "pop.recruit.mercenaries (pop:5.5/action-3/para-5, en): the data says 3 Mercenary Units per Turn, the text now says 4: " \
           "'you can Recruit a maximum of 4 Mercenary Units per Turn'" in messages
    assert any(m.startswith("his.colonies.limit.england-france (his:20.1/para-1, ru): the data says 2 colonies, the text now "
                            "says 3") for m in messages)


def test_rewritten_words_and_a_wrong_unit_id_are_reported(corpus_copy):
    edit(corpus_copy / VQ, "путь не может пересекать горный проход.", "путь не идёт через горы.")
    edit(corpus_copy / "corpus/rules/pop.yaml", "unit: pop:5.5/action-4/para-1", "unit: pop:5.5/actoin-4/para-1")
    found = findings(corpus_copy)
    [missing] = [d for d in found if d.code == "rules-wording-missing"]
    assert "vq.deployment.no-mountain-pass (vq:10/proc-1/step-6/list-1/item-4, ru) quotes 'путь не может пересекать горный проход.'" in missing.message
    [unit] = [d for d in found if d.code == "rules-unit-missing"]
    assert unit.message == "pop.suppress.cost is bound to pop:5.5/actoin-4/para-1, which the corpus does not have"
    assert unit.suggestion == "did you mean pop:5.5/action-4/para-1?"


def test_words_bound_to_the_parent_of_the_unit_that_holds_them(corpus_copy):
    edit(corpus_copy / "corpus/rules/his.yaml", "unit: his:21.3/sec-1/proc-1/step-4/list-1/item-2",
         "unit: his:21.3/sec-1/proc-1/step-4")
    [missing] = [d for d in findings(corpus_copy) if d.code == "rules-wording-missing" and ", ru)" in d.message]
    assert missing.suggestion == ("the words stand in his:21.3/sec-1/proc-1/step-4/list-1/item-2: bind the fact "
                                  "there")


def test_every_language_side_is_checked_the_translation_too(corpus_copy):
    """vq:10/proc-1/step-1 has an English translation: its words are recorded and checked."""
    translation = corpus_copy / "corpus/translations/vq-deployment-actions.en.yaml"
    edit(translation, "than 2 galleons may be", "than 3 galleons may be")
    [drift] = [d for d in findings(corpus_copy) if d.code == "rules-drift"]
    assert drift.path == "corpus/translations/vq-deployment-actions.en.yaml"
    assert drift.message.startswith("vq.escorts.max (vq:10/proc-1/step-1, en): the data says 2 galleons, the text now says 3")


def test_a_side_without_recorded_words_is_checked_by_its_numbers(corpus_copy):
    edit(corpus_copy / "corpus/rules/vq.yaml",
         "      en: No more than 2 galleons may be in the Treasure Fleet Escorts box at any time.\n", "")
    found = findings(corpus_copy)
    assert [d.message for d in found if d.code == "rules-wording-unrecorded"] == [
        "vq.escorts.max: vq:10/proc-1/step-1 has a side in en, but the fact records no en wording"]
    assert not [d for d in found if d.code == "rules-drift"]
    edit(corpus_copy / "corpus/translations/vq-deployment-actions.en.yaml", "than 2 galleons",
         "than three galleons")
    [drift] = [d for d in findings(corpus_copy) if d.code == "rules-drift"]
    assert drift.message == "vq.escorts.max: the data says 2 galleons, but the en text of vq:10/proc-1/step-1 " \
                            "does not state 2"


def test_a_new_translation_without_recorded_words(corpus_copy):
    """A unit translated after its facts were written: its side is checked by numbers only."""
    source = "Теперь каждая держава добавляет по 1 регулярному отряду в свою столицу, если она под дружественным " \
             "контролем. Габсбурги проверяют обе столицы и могут получить 2 отряда, если контролируют обе. " \
             "Протестанты не получают отрядов на этом этапе."
    text = "Each power now adds 1 regular to its capital if it is under friendly control. The Habsburgs check " \
           "both capitals and may get 3 units if they control both. The Protestants get no units at this step."
    # the facts as they were before the English edition recorded its words for 19.5
    rules = corpus_copy / "corpus/rules/his.yaml"
    rules.write_text("".join(line for line in rules.read_text("utf-8").splitlines(keepends=True)
                             if not line.startswith(("      en: adds 1 regular to its capital",
                                                     "      en: The Hapsburgs check both capitals",
                                                     "      en: The Protestants receive no units"))),
                     "utf-8")
    (corpus_copy / "corpus/translations/his-winter-new-world.en.yaml").write_text(yaml.safe_dump({
        "document": "his-winter-new-world", "language": "en", "units": {"his:19.5/para-1": {
            "fingerprint": fingerprint(source), "source": source, "text": text}}}, allow_unicode=True), "utf-8")
    found = findings(corpus_copy)
    assert len([d for d in found if d.code == "rules-wording-unrecorded"]) >= 3
    [drift] = [d for d in found if d.code == "rules-drift" and d.unit == "his:19.5/para-1"]
    assert drift.message == ("his.reinforcements.habsburgs: the data says 2 regulars, but the en text of "
                             "his:19.5/para-1 does not state 2")


def test_a_rule_that_reads_a_deleted_fact_is_reported(corpus_copy):
    path = corpus_copy / "corpus/rules/his.yaml"
    data = path.read_text("utf-8")
    start = data.index("  - id: chateaux.max\n")
    path.write_text(data[:start] + data[data.index("  - id: jesuits.requires\n"):], "utf-8")
    [missing] = [d for d in findings(corpus_copy) if d.code == "rules-fact-missing"]
    assert (missing.path, missing.unit) == ("corpus/rules/his.yaml", "his:21.4/para-1")
    assert missing.message == "the rule his.chateaux (his:21.4/para-1) reads his.chateaux.max, which " \
                              "corpus/rules/his.yaml does not define"


def test_a_changed_range_changes_the_decision_and_is_reported(corpus_copy):
    edit(corpus_copy / "corpus/rules/his.yaml", "range: [1, 3]\n    measure: die", "range: [1, 2]\n    measure: die")
    mismatches = [d.message for d in findings(corpus_copy) if d.code == "rules-value-mismatch"]
    assert mismatches == [  # once for the words of each language
        "his.mary-i.die.papal (his:21.3/sec-1/proc-1/step-3): the data says 1–2 die, the text says 1, 3 ('On a 1–3, go to step')",
        "his.mary-i.die.papal (his:21.3/sec-1/proc-1/step-3): the data says 1–2 die, the text says 1, 3 "
        "('При выпадении 1 – 3, перейдите к шагу')"]
    copied = load_facts(corpus_copy)  # the rule follows the data: a 3 is now in neither range
    with pytest.raises(RuleInputError, match=r"die=3: step 3 .* covers 1–2 and 4–6 only"):
        run("his.mary-i-impulse", copied, {"card_cp": 3, "die": 3})


def test_the_example_findings_follow_the_data_and_the_text(corpus_copy):
    """Correct the Papacy example (2 lost, 3 survive) and its scenario: the contradiction goes."""
    edit(corpus_copy / HIS_WINTER, "потерять 3 отряда от истощения", "потерять 2 отряда от истощения")
    found = findings(corpus_copy)
    assert "papacy-attrition" in next(d.message for d in found if d.code == "rules-wording-missing")
    scenario = corpus_copy / "corpus/rules/examples/his-winter-return.yaml"
    edit(scenario, "потерять 3 отряда от истощения", "потерять 2 отряда от истощения")
    edit(scenario, "attrition: 3, placed: {capital: 2, Равенна: 1}", "attrition: 2, placed: {capital: 2, Равенна: 1}")
    assert not [d for d in findings(corpus_copy) if d.code == "rules-example-contradiction"]


def test_a_scenario_the_rules_cannot_replay_is_an_error(corpus_copy):
    scenario = corpus_copy / "corpus/rules/examples/vq-morisco-revolt.yaml"
    edit(scenario, "{play: cp, card_cp: 3, actions: [naval:2, diplomacy:1]}", "{play: cp, card_cp: 3, actions: [naval:9]}")
    claim_line = scenario.read_text("utf-8").splitlines().index("  - id: card-cp") + 1
    [invalid] = [d for d in findings(corpus_copy) if d.code == "rules-example-invalid"]
    assert (invalid.path, invalid.line) == ("corpus/rules/examples/vq-morisco-revolt.yaml", claim_line)
    assert "naval:9: an action costs 1–5 CP" in invalid.message


def test_folio_check_reports_drift_and_fails(corpus_copy, folio):
    edit(corpus_copy / "corpus/rules/vq.yaml", "number: 5\n    measure: land units", "number: 6\n    measure: land units")
    edit(corpus_copy / HIS_WINTER, "Стоимость этого действия равна 2 СР", "Стоимость этого действия равна 1 СР")
    done = folio(corpus_copy, "check")
    assert done.returncode == 1
    assert "error rules-value-mismatch: vq.deployment.sea-units (vq:10/proc-1/step-6/list-1/item-6): the data " \
           "says 6 land units, the text says 5" in done.stdout
    assert "error rules-drift: his.colonies.cost.habsburgs (his:20.1/para-1, ru): the data says 2 CP, the text " \
           "now says 1: 'Стоимость этого действия равна 1 СР для Габсбургов'" in done.stdout
    assert f"{HIS_WINTER}:30:1429: warning rules-example-contradiction: «Оно решает вернуть эти 2 отряда" in done.stdout
