"""Risto's Wars in Italy (4:I): the CBs the two wars give others than FRA against the target,
read from the text: Habsburgs and SPA against FRA when Milan owns MILANO (second event), FRA
against TUR with THRACIA annexable once it conquers NAPOLI (first event)."""

from __future__ import annotations

import pytest

from pipeline.build import load_corpus
from pipeline.rules import RuleInputError, run
from pipeline.rules.ask import every_answer
from rules_support import ROOT, edit, facts

CBS = "eu-risto.wars-in-italy-cbs"


def test_milan_owning_milano_arms_habsburgs_and_spa_against_fra():
    armed = run(CBS, facts(), occurrence=2, milan_owns_milano=True)
    assert (armed.result.habsburgs_spa_cb, armed.result.milan_in_habsburg_eg) == (True, True)
    assert armed.unit == "eu-risto:4:I/occ-2/diplomacy-phase/2"
    assert "declares war to Milan" in armed.because[0].wording["en"]
    assert "объявляет войну Милану" in armed.because[0].wording["ru"]
    # "(unless already in VA of Habsburgs)": the CB stands, the EG does not
    vassal = run(CBS, facts(), occurrence=2, milan_owns_milano=True, milan_habsburg_vassal=True)
    assert (vassal.result.habsburgs_spa_cb, vassal.result.milan_in_habsburg_eg) == (True, False)
    other_owner = run(CBS, facts(), occurrence=2).result
    assert not other_owner.habsburgs_spa_cb and not other_owner.milan_in_habsburg_eg


def test_fra_conquering_napoli_gets_a_cb_against_tur_and_may_annex_thracia():
    won = run(CBS, facts(), occurrence=1, napoli_conquered=True)
    assert (won.result.fra_cb_vs_tur, won.result.thracia_annexable) == (True, True)
    assert [c.fact for c in won.because] == ["eu-risto.wars-in-italy.first.tur-cb",
                                             "eu-risto.wars-in-italy.first.thracia"]
    assert "CB против TUR" in won.because[0].wording["ru"]
    lost = run(CBS, facts(), occurrence=1).result
    assert not lost.fra_cb_vs_tur and not lost.thracia_annexable and not lost.habsburgs_spa_cb


@pytest.mark.parametrize(("given", "words"), [
    ({"occurrence": 2, "napoli_conquered": True}, "only the first event's war"),
    ({"occurrence": 1, "milan_owns_milano": True}, "MILANO's owner counts in the second"),
    ({"occurrence": 2, "milan_habsburg_vassal": True}, "only when Milan owns MILANO"),
    ({"occurrence": 3}, "Wars in Italy is 1..2"),
])
def test_a_clause_of_the_other_event_is_refused(given, words):
    with pytest.raises(RuleInputError, match=words):
        run(CBS, facts(), given)


def test_the_clauses_words_stand_in_both_languages_of_their_units():
    units = load_corpus(ROOT)[0].units
    for fact_id in ("eu-risto.wars-in-italy.second.milan-cb", "eu-risto.wars-in-italy.second.milan-eg",
                    "eu-risto.wars-in-italy.first.tur-cb", "eu-risto.wars-in-italy.first.thracia"):
        fact = facts()[fact_id]
        for lang in ("en", "ru"):
            assert fact.wording[lang][0] in units[fact.unit].sides[lang].text, (fact_id, lang)


def test_the_rule_reads_the_events_count_from_the_facts(corpus_copy):
    """Wars in Italy occurring once (the count changed in the facts) has no second event's CB."""
    from pipeline.rules import load_facts
    edit(corpus_copy / "corpus/rules/eu-risto.yaml", "    number: 2\n    measure: occurrences\n    label:\n"
         "      en: Wars in Italy occurs twice", "    number: 1\n    measure: occurrences\n    label:\n"
         "      en: Wars in Italy occurs twice")
    with pytest.raises(RuleInputError, match="Wars in Italy occurs 1 times"):
        run(CBS, load_facts(corpus_copy), occurrence=2, milan_owns_milano=True)


def test_a_player_can_ask_the_rule_on_its_page():
    [asked] = [a for a in every_answer(facts()).get("eu-risto:4:I", []) if a.rule == CBS]
    assert len(asked.answers) == 16 and sum(a is None for a in asked.answers) > 0
