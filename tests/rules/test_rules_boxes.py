"""The site's boxes and decision tables say what the rules do: each known disagreement (issue 27,
part 4) rendered from the data the pages are made of, and held to the rule run on the same case."""

from __future__ import annotations

from pipeline.render.site.glance import glance
from pipeline.render.site.rule_words import TableWords
from pipeline.rules import decision_table, get
from rules_support import decide, facts


def _box(unit: str, lang: str) -> dict[str, str]:
    """The "at a glance" box of a unit, as a page shows it: fact id -> the text in the box."""
    return {g.id: g.text for g in glance(facts().bound_to(unit), lang)}


def test_the_mary_i_table_plays_a_mandatory_event_as_usual_never_for_cp():
    """his:21.3/sec-1/proc-1/step-2: «она разыгрывается, как обычно»: the table, worked out by
    running the rule, offers a mandatory event as an event only (it said "as an event, for CP")."""
    words = TableWords(decision_table(get("his.mary-i-impulse"), facts()), lambda text: text)
    names = words.inputs() + words.outcomes()
    rows = [dict(zip(names, [text for text, _ in cells] + results, strict=False)) for cells, results in words.rows()]
    mandatory = [row for row in rows if row["Revealed card"] == "mandatory event"]
    assert mandatory and {row["Card may be played"] for row in mandatory} == {"as an event"}
    assert decide("his.mary-i-impulse", card_cp=2, card="mandatory-event").result.plays == ("event",)


def test_the_declare_war_box_promises_what_the_rule_returns():
    """pop:5.5/action-1/proc-1/step-4: the box says PRs accepting an NPR's CtA gain 1c too."""
    box = _box("pop:5.5/action-1/proc-1/step-4", "en")
    assert "PRs accepting an NPR's Defensive CtA" in box["pop.dow.targeted-pr-gain"]
    gain = facts()["pop.dow.targeted-pr-gain"].value
    outcome = decide("pop.declare-war", targets="Venice", accepting_ctas="France").result
    assert (outcome.gaining, outcome.each_pr_gains) == (("France",), gain)
    assert "принявшие оборонительный CtA" in _box("pop:5.5/action-1/proc-1/step-4", "ru")["pop.dow.targeted-pr-gain"]


def test_the_suppress_unrest_box_keeps_the_or_question_mark():
    """pop:5.5/action-4/list-1/item-1: "any Enemy Units or ?": the box names the "?" (read as
    Rebel Units, the reading shown with it) and the rule refuses such a Province."""
    en, ru = _box("pop:5.5/action-4/list-1/item-1", "en"), _box("pop:5.5/action-4/list-1/item-1", "ru")
    assert '"?"' in en["pop.suppress.not.rebel-units"] and "мятежников" in ru["pop.suppress.not.rebel-units"]
    [shown] = [g for g in glance(facts().bound_to("pop:5.5/action-4/list-1/item-1"), "en") if g.reading]
    assert "Rebel Units icon" in shown.reading
    outcome = decide("pop.suppress-unrest", provinces="rebel-units,clear").result
    assert (outcome.suppressed, outcome.refused) == (1, ("rebel-units",))


def test_the_napoli_box_keeps_only_if_a_major_country():
    """eu-risto:4:I/occ-1/diplomacy-phase/1: "(only if a major country)"."""
    box = _box("eu-risto:4:I/occ-1/diplomacy-phase/1", "en")
    assert box["eu-risto.wars-in-italy.first.refuse.owner-major"] == \
        "The owner of NAPOLI may refuse only if it is a major country"
    assert "великая держава" in _box("eu-risto:4:I/occ-1/diplomacy-phase/1", "ru")[
        "eu-risto.wars-in-italy.first.refuse.owner-major"]
    assert not decide("eu-risto.wars-in-italy-refusal", occurrence=1, refuser="owner",
                      owner_major=False).result.allowed
