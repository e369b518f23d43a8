"""What the aids print agrees with the rule facts and with the rules module: the numbers are
read back from the PDFs (pdftotext) and the rules are run on the same facts, so a printed
number that disagreed with the code would fail here."""

from __future__ import annotations

import re

import pytest

from aids_support import REPO, flat, pdftotext, printout
from pipeline.rules import RuleInputError, load_facts, run


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    return printout(tmp_path_factory)


@pytest.fixture(scope="module")
def facts():
    return load_facts(REPO)


def page_text(printed, aid: str, lang: str, paper: str = "a4") -> str:
    return flat(" ".join(pdftotext(printed.path(printed.file(aid, lang, paper)))))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_mary_i_die_ranges_and_cp_brackets_are_the_facts_and_decide_as_the_rules_module(printed, facts, paper):
    papal, normal = facts.range("his.mary-i.die.papal"), facts.range("his.mary-i.die.normal")
    assert (papal.low, papal.high, normal.low, normal.high) == (1, 3, 4, 6)
    en, ru = page_text(printed, "his-mary-i-impulse", "en", paper), page_text(printed, "his-mary-i-impulse", "ru", paper)
    assert f"die roll {papal.low}–{papal.high} → go to step 4" in en
    assert f"die roll {normal.low}–{normal.high} → play the card normally" in en
    assert f"бросок {papal.low}–{papal.high} → перейдите к шагу 4" in ru
    assert f"бросок {normal.low}–{normal.high} → карта разыгрывается обычным образом" in ru
    printed_ranges = [(int(a), int(b)) for a, b in re.findall(r"die roll (\d)–(\d)", en)]
    for die in range(1, 7):
        papal_range = next(i for i, (a, b) in enumerate(printed_ranges) if a <= die <= b) == 0
        outcome = run("his.mary-i-impulse", facts, card_cp=3, die=die).result
        assert bool(outcome.papal_actions) == papal_range, die
    brackets = facts.group("his.mary-i.papal")
    assert [str(b.value) for b in brackets] == ["1–2", "3", "4+"]
    assert "1–2 CP → The Papacy initiates a burn books action" in en
    assert "3 CP → The Papacy initiates a theological debate" in en
    assert "4 or more CP → The Papacy initiates a burn books action" in en
    assert "4 и больше CP → Папство инициирует сожжение книг" in ru
    expected = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2}  # actions: book burning | debate | both
    for cp, count in expected.items():
        assert len(run("his.mary-i-impulse", facts, card_cp=cp, die=1).result.papal_actions) == count


def test_winter_limits_and_mandatory_turns_are_the_facts(printed, facts):
    limit = facts.number("his.winter.city-limit")
    assert limit == 4
    en, ru = page_text(printed, "his-winter-phase", "en"), page_text(printed, "his-winter-phase", "ru")
    assert f"At most {limit} land units stay in a fortified space the power controls" in en
    assert f"Не более {limit} отрядов остаются в укреплённом городе" in ru
    stays = run("his.winter-return", facts, power="france", units=limit + 2, space="fortified-controlled")
    assert (stays.result.may_stay, stays.result.must_leave) == (limit, 2)
    assert f"only if it then holds at most {facts.number('his.winter.return-limit')} land units" in en
    events = facts.group("his.mandatory.event")
    played: list[str] = []
    for event in events:
        assert f"{event.label['en']} turn {event.value}" in en
        assert f"{event.label['ru']} ход {event.value}" in ru
        name = event.id.rsplit(".", 1)[1]
        due = run("his.mandatory-events", facts, turn=event.value,
                  played=[p for p in played if p != name]).result.due
        assert name in due
        played.append(name)
    assert f"the {facts.number('his.mandatory.cp-ignored')} CP the card would give are ignored" in en


def test_colonisation_and_exploration_costs_are_the_facts_per_power(printed, facts):
    en, ru = page_text(printed, "his-new-world", "en"), page_text(printed, "his-new-world", "ru")
    assert (facts.number("his.colonies.cost.england-france"), facts.number("his.colonies.cost.habsburgs")) == (3, 2)
    powers = facts.list("his.new-world.powers")
    assert "England France Habsburgs Colonize: cost" in en and "Англия Франция Габсбурги" in ru
    costs = [run("his.colonize", facts, power=power, colonies=0).result.cost_cp for power in powers]
    assert f"Colonize: cost {' '.join(f'{c} CP' for c in costs)}" in en
    assert f"Колонизация: стоимость {' '.join(f'{c} CP' for c in costs)}" in ru
    limits = [run("his.colonize", facts, power=power, colonies=0).result.limit for power in powers]
    assert f"Colonies at a time {' '.join(map(str, limits))}" in en
    explore = facts.number("his.exploration.cost")
    assert f"Explore: cost {' '.join([f'{explore} CP'] * len(powers))}" in en
    assert f"Roll {facts.number('his.exploration.dice')} dice and add the explorer's value." in en
    assert f"Бросьте {facts.number('his.exploration.dice')} кости и прибавьте значение исследователя." in ru
    assert f"{facts.range('his.exploration.lost-at-sea').high} or less: the explorer is lost at sea" in en


def test_declare_war_cost_and_its_eight_steps_with_3a_to_3d(printed, facts):
    cost = facts.number("pop.dow.cost")
    assert run("pop.declare-war", facts, targets="Venice").result.crowns == cost
    # each action's steps run up to the next action's title, in the aid's language
    for lang, title, after in (("en", "Declare War", "Activate Units"),
                               ("ru", "Объявить войну", "Активировать отряды")):
        text = page_text(printed, "pop-military-actions", lang)
        assert f"{title} {cost}c 8" in text  # the summary table: action, cost, steps
        section = text[text.index(f"{title} {cost}c", text.index(f"{title} {cost}c 8") + 1):]
        steps = re.findall(r"(?<!\S)(\d\.|3[a-d])(?= )", section[:section.index(after)])
        assert steps == ["1.", "2.", "3.", "3a", "3b", "3c", "3d", "4.", "5.", "6.", "7.", "8."], (lang, steps)
    en = page_text(printed, "pop-military-actions", "en")
    for action, fact in (("Activate Units", "pop.activate.cost"), ("Suppress Unrest", "pop.suppress.cost")):
        assert f"{action} {facts.number(fact)}c" in en


def test_event_die_modifiers_and_occurrences_are_the_facts(printed, facts):
    en, ru = page_text(printed, "eu-risto-events-period-1", "en"), page_text(printed, "eu-risto-events-period-1", "ru")
    for modifier in facts.group("eu-risto.event-die.mod"):
        value = f"−{-modifier.value}" if modifier.value < 0 else f"+{modifier.value}"
        assert f"{value} {modifier.wording['en'][0].split(' ', 1)[1]}" in en
    count = facts.number("eu-risto.occurrences.8")
    assert count == 3 and f"REFORMATION Historical date: 1522-60 Duration: permanent occurs {count} times" in en
    assert f"происходит {count} раза" in ru
    assert run("eu-risto.event-occurrence", facts, event=8, times_occurred=count - 1).result.occurrence == count
    with pytest.raises(RuleInputError):
        run("eu-risto.event-occurrence", facts, event=8, times_occurred=count)


def test_virgin_queen_limits_are_the_facts(printed, facts):
    en, ru = page_text(printed, "vq-deployment-action-phase", "en"), page_text(printed, "vq-deployment-action-phase", "ru")
    units = facts.number("vq.deployment.sea-units")
    assert f"At most {units} land units (plus army leaders) cross a sea zone." in en
    assert f"Не более {units} сухопутных частей (плюс командующие армиями) пересекают морскую зону." in ru
    treasure = facts.range("vq.treasure.cp")
    assert f"Any other treasure: {treasure.low}–{treasure.high} CP." in en
    assert f"Любое другое сокровище: {treasure.low}–{treasure.high} КО." in ru
    assert f"all {facts.number('vq.pass.phase-ends')} powers have passed" in en
