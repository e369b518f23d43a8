"""The worked examples (units of kind example) replayed in full: every number an example states
stands in a claim that is replayed or in an `unreplayed` entry that says why; no example is
confirmed by a fact bound to its own unit."""

from __future__ import annotations

from pipeline.build import load_corpus
from pipeline.core.model import Kind
from pipeline.rules import run
from pipeline.rules.scenarios import load_scenarios, replay
from pipeline.rules.wording import find, numbers
from rules_support import ROOT, edit, facts, findings


def corpus():
    return load_corpus(ROOT)[0]


#: worked examples inside a rule's own paragraph ("for example, …", "i.e. …"): no unit of their own
INLINE = {"vq:11/para-4", "his:21.5/sec-3/para-1"}


def test_every_worked_example_of_the_corpus_has_a_scenario():
    """The five of the texts: three units of kind example, two inside a rule's paragraph (the
    Sea Beggars card, the excommunicated reformer's language zone), which name their words."""
    examples = {u.id for u in corpus().units.values() if u.kind == Kind("example")}
    scenarios = load_scenarios(ROOT)
    assert {s.example for s in scenarios} == examples | INLINE == {
        "vq:11/example-1", "his:19.8/table-1/example-1", *INLINE}
    assert {s.example for s in scenarios if s.words} == INLINE
    for scenario in scenarios:
        for lang, words in scenario.words.items():
            assert find(words, corpus().units[scenario.example].sides[lang].text), (scenario.example, lang)


def test_every_number_an_example_states_is_replayed_or_named_unreplayed():
    units = corpus().units
    for scenario in load_scenarios(ROOT):
        quoted: dict[str, list[str]] = {}
        for item in (*scenario.claims, *scenario.unreplayed):
            for lang, says in item.says.items():
                quoted.setdefault(lang, []).append(says)
        for lang, quotes in quoted.items():
            # an example inside a paragraph states only its own words' numbers
            text = scenario.words.get(lang) or units[scenario.example].sides[lang].text
            for says in quotes:
                assert find(says, text), f"{scenario.example}: {says!r} is not in the {lang} text"
            stated = sorted(numbers(text))
            covered = sorted(n for says in set(quotes) for n in numbers(says))
            missing = [n for n in stated if stated.count(n) > covered.count(n)]
            assert missing == [], f"{scenario.example} ({lang}): numbers no claim quotes"


def test_no_example_is_confirmed_by_a_fact_bound_to_its_own_unit():
    for scenario in load_scenarios(ROOT):
        own = {f.id for f in facts() if f.unit == scenario.example or f.unit.startswith(scenario.example + "/")}
        if scenario.words:  # only the facts stated within the example's own words
            own = {i for i in own if any(all(" ".join(w.split()) in " ".join(scenario.words[lang].split())
                                             for w in words) for lang, words in facts()[i].wording.items()
                                         if lang in scenario.words)}
        replay_facts = facts().without(scenario.example, scenario.words)
        assert not own & set(replay_facts.facts)
        for claim in scenario.claims:
            recorder = replay_facts.recording()
            outcome = run(claim.rule, recorder, claim.given)
            assert not own & {c.fact for c in outcome.because}, claim.id
    # The Morisco Revolt example is the only place that names the action types: they are its own
    assert {f.id for f in facts().bound_to("vq:11/example-1")} == {
        "vq.action-types.naval", "vq.action-types.colours", "vq.action-types.diplomacy"}


def test_a_claim_only_the_example_itself_could_confirm_is_reported(corpus_copy):
    """Which types are left after a naval action is what the example's own facts say; run on all
    the facts the rule agrees, replayed as the example it must not."""
    claim = {"play": "cp", "card_cp": 3, "actions": "naval:2,diplomacy:1", "treasure": "cp", "treasure_cp": 4}
    assert run("vq.impulse", facts(), claim).result.allowed_types == (
        "land", "piracy-defense", "religious", "patronage", "espionage")
    edit(corpus_copy / "corpus/rules/examples/vq-morisco-revolt.yaml", "    expect: {treasure_cp_left: 0, legal: true}",
         "    expect: {treasure_cp_left: 0, legal: true, allowed_types: [land, piracy-defense, religious, "
         "patronage, espionage]}")
    found = [d for d in findings(corpus_copy) if d.code == "rules-example-contradiction"
             and d.unit == "vq:11/example-1"]
    assert len(found) == 1  # before the edit there was none (test_rules_drift)
    assert "allowed_types: the example says" in found[0].message and "the rules give []" in found[0].message


def test_the_winter_example_replays_every_destination():
    scenario = next(s for s in load_scenarios(ROOT) if s.example == "his:19.8/table-1/example-1")
    done = replay(scenario, facts())
    placed = {claim.id: result for claim, result in done.results if "placed" in claim.given}
    assert set(placed) == {"habsburgs-besancon", "habsburgs-capital-cost", "france-paris",
                           "papacy-any-combination-split", "papacy-any-combination-rome", "papacy-choice"}
    assert [claim_id for claim_id, result in placed.items() if result.differences] == ["papacy-choice"]


def test_the_inline_examples_replay_from_the_rule_they_illustrate():
    """Sea Beggars: any power plays it, the Protestant (the power named) acts; the reformer's
    zone: the debate goes to it. Each outcome comes from running the rule on the facts of the
    paragraph outside the example's words."""
    done = {s.example: replay(s, facts()) for s in load_scenarios(ROOT) if s.example in INLINE}
    for example, replayed in done.items():
        assert replayed.results and all(not r.error and not r.differences for _c, r in replayed.results), example
    beggars = {c.id: r for c, r in done["vq:11/para-4"].results}
    assert beggars["ottoman-plays-protestant-acts"].unit == "vq:11/para-4"
    # the paragraph's rule stays for the replay; what the example's words state would not
    kept = facts().without("vq:11/para-4", next(s for s in load_scenarios(ROOT) if s.example == "vq:11/para-4").words)
    assert "vq.impulse.event-actor" in kept.facts and "vq.impulse.combat-not-event" in kept.facts


def test_a_fact_stated_only_by_an_inline_example_cannot_confirm_it(corpus_copy):
    """Bind the acting power to the example's own words: the replay withholds the fact, and the
    check reports the claims it cannot replay."""
    path = corpus_copy / "corpus/rules/vq.yaml"
    edit(path, "      en: in this case the action is taken by the player named on the card, not by the active player\n"
               "      ru: в этом случае акцию выполняет игрок, указанный на карточке, а не активный игрок\n",
         "      en: any power may play “Sea Beggars” to allow the Protestant\n"
         "      ru: любая держава может сыграть «Морских гезов» [Sea Beggars], чтобы позволить Протестанту\n")
    found = [d for d in findings(corpus_copy) if d.code == "rules-example-invalid" and d.unit == "vq:11/para-4"]
    assert len(found) == 3 and all("vq.impulse.event-actor" in d.message for d in found)


def test_an_inline_example_whose_words_left_the_text_is_reported_at_the_unit(corpus_copy):
    edit(corpus_copy / "corpus/rules/examples/vq-sea-beggars.yaml",
         "  en: (for example, any power may play “Sea Beggars”", "  en: (for example, any power may play “Sea Rovers”")
    [found] = [d for d in findings(corpus_copy) if d.code == "rules-wording-missing" and d.unit == "vq:11/para-4"]
    assert "the example's words" in found.message and "Sea Rovers" in found.message
    assert found.path == "corpus/translations/vq-deployment-actions.en.yaml"


def test_example_words_in_no_language_of_the_corpus_are_refused_at_their_line(corpus_copy):
    import pytest

    from pipeline.core.errors import FolioError
    path = corpus_copy / "corpus/rules/examples/his-reformer-debate.yaml"
    edit(path, "words:\n  ru:", "words:\n  de:")
    with pytest.raises(FolioError, match="words: 'de' is not a language of the corpus") as refused:
        load_scenarios(corpus_copy)
    assert refused.value.path == "corpus/rules/examples/his-reformer-debate.yaml"
    assert path.read_text("utf-8").splitlines()[refused.value.line - 1].startswith("  de: (т е.")
