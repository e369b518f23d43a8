"""What the aids print agrees with the rule facts and with the rules module: the numbers are
read back from the PDFs (pdftotext) and the rules are run on the same facts, so a printed
number that disagreed with the code would fail here."""

from __future__ import annotations

import re

import pytest

from aids_support import REPO, flat, pdftotext, printout
from pipeline.build import load_corpus
from pipeline.rules import RuleInputError, load_facts, run


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    return printout(tmp_path_factory)


@pytest.fixture(scope="module")
def facts():
    return load_facts(REPO)


def page_text(printed, aid: str, lang: str, paper: str = "a4") -> str:
    return flat(" ".join(pdftotext(printed.path(printed.file(aid, lang, paper)))))


def assert_said(printed, facts, aid: str, lang: str, fact_id: str, sentence: str | None = None) -> None:
    """A summary prints the fact in a sentence of its own (``sentence``: the aid's own words),
    else as its label, the words written for players; either states the fact's numbers."""
    fact = facts[fact_id]
    said = sentence or fact.label[lang].strip("….")
    assert flat(said) in page_text(printed, aid, lang), (aid, lang, fact_id, said)
    assert all(str(number) in said for number in fact.numbers()), (fact_id, fact.numbers(), said)


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
    assert_said(printed, facts, "his-winter-phase", "en", "his.winter.city-limit",
                f"At most {limit} land units stay in a fortified space the power controls; the excess returns "
                "to the capital.")
    assert_said(printed, facts, "his-winter-phase", "ru", "his.winter.city-limit",
                f"Не более {limit} отрядов остаются в укреплённом городе под контролем державы")
    stays = run("his.winter-return", facts, power="france", units=limit + 2, space="fortified-controlled")
    assert (stays.result.may_stay, stays.result.must_leave) == (limit, 2)
    assert_said(printed, facts, "his-winter-phase", "en", "his.winter.return-limit",
                f"The nearest fortified space only if it then holds at most {facts.number('his.winter.return-limit')} "
                "land units.")
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
    cp = facts.number("his.mandatory.cp-ignored")
    assert_said(printed, facts, "his-winter-phase", "en", "his.mandatory.cp-ignored",
                f"Not played by then: play it now; the {cp} CP the card would give are ignored.")
    assert_said(printed, facts, "his-winter-phase", "ru", "his.mandatory.cp-ignored",
                f"Если событие ещё не разыграно, разыграйте его сейчас; {cp} CP карты игнорируются.")


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
    # each action under its name and its cost, its steps in its rules, up to the next action
    for lang, title, after in (("en", "Declare War", "Activate Units"),
                               ("ru", "Объявить войну", "Активировать отряды")):
        text = page_text(printed, "pop-military-actions", lang)
        assert f"{title} {cost}c " in text
        rules = text[text.index(f"{title} {cost}c "):]
        steps = re.findall(r"(?<!\S)(\d\.|3[a-d])(?= )", rules[:rules.index(after)])
        assert steps == ["1.", "2.", "3.", "3a", "3b", "3c", "3d", "4.", "5.", "6.", "7.", "8."], (lang, steps)
    en = page_text(printed, "pop-military-actions", "en")
    for action, fact in (("Activate Units", "pop.activate.cost"), ("Suppress Unrest", "pop.suppress.cost")):
        assert f"{action} {facts.number(fact)}c" in en
    # step 2 summarised from its facts, not cut from its sentence
    stab = facts.number("pop.dow.stability.no-cb")
    assert f"2. −{stab}s for each target without a CB. −{facts.number('pop.dow.stability.marriage')}s" in en
    assert "Lose 2s for each target Realm for which you have no" not in en


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_pop_sheet_lists_every_step_of_every_action_under_it(printed, lang):
    """Each step of each military action (the corpus's model of 5.5), with its number and its
    title where it has one, in order, under its action; a step with neither a title nor a fact
    prints its text whole (step 7: 38 words), never «see rule 5.5» on the sheet of 5.5."""
    corpus, _ = load_corpus(REPO)
    text = page_text(printed, "pop-military-actions", lang)
    actions = corpus.children(corpus.units["pop:5.5"])
    expected = []

    def steps(unit, number=""):
        for child in corpus.children(unit):
            if child.kind == "step":
                mark = str(child.attrs["number"])
                marker = f"{mark}." if mark.isdigit() else f"{number}{mark}"
                title = flat(child.sides[lang].fields.get("title") or "")
                expected.append(f"{marker} {title}".strip())
                steps(child, mark)
            elif child.kind != "example":
                steps(child, number)

    at = 0
    for action in actions:
        title = flat(action.sides[lang].fields["title"])
        at = text.index(title, at)
        steps(action)
    assert len(expected) == 12  # Declare War: 1-8 and 3a-3d; the other actions have no steps
    at = text.index(flat(actions[0].sides[lang].fields["title"]))
    for step in expected:
        assert step in text[at:], (lang, step)
        at = text.index(step, at)
    assert "see rule 5.5" not in text and "см. правило 5.5" not in text


def test_event_die_modifiers_and_occurrences_are_the_facts(printed, facts):
    en, ru = page_text(printed, "eu-risto-events-period-1", "en"), page_text(printed, "eu-risto-events-period-1", "ru")
    for modifier in facts.group("eu-risto.event-die.mod"):
        value = f"−{-modifier.value}" if modifier.value < 0 else f"+{modifier.value}"
        assert f"{value} {modifier.wording['en'][0].split(' ', 1)[1]}" in en
    count = facts.number("eu-risto.occurrences.8")
    assert count == 3 and f"8:I REFORMATION card 1 of 4 When: 1522-60 How long: permanent occurs {count} times" in en
    assert f"происходит {count} раза" in ru
    assert run("eu-risto.event-occurrence", facts, event=8, times_occurred=count - 1).result.occurrence == count
    with pytest.raises(RuleInputError):
        run("eu-risto.event-occurrence", facts, event=8, times_occurred=count)


def test_virgin_queen_limits_are_the_facts(printed, facts):
    en = page_text(printed, "vq-deployment-action-phase", "en")
    assert facts.number("vq.deployment.sea-units") == 5
    treasure = facts.range("vq.treasure.cp")
    for fact, sentence in (
            ("vq.deployment.sea-units", "At most 5 land units (plus army leaders) cross a sea zone."),
            ("vq.treasure.cp", f"Any other treasure: {treasure.low}–{treasure.high} CP."),
            ("vq.pass.phase-ends", f"The Action Phase ends when all {facts.number('vq.pass.phase-ends')} powers "
                                   "have passed in consecutive impulses."),
            ("vq.escorts.max", f"At most {facts.number('vq.escorts.max')} galleons in Treasure Fleet Escorts "
                               "at any time.")):
        assert_said(printed, facts, "vq-deployment-action-phase", "en", fact, sentence)
    # a summary, not the rulebook: the sea zone's sentence is not reprinted
    assert "No more than 5 land units (plus army leaders) may cross a sea zone" not in en
