"""A translator who replaces a correct translation with another correct one owes the rules file
nothing (issue 22, part 2): a fact quotes its unit's original, and the words a translated side
renders them with are found again when the translation changes (pipeline/rules/rendering.py).

tests/retranslations.ru.yaml holds a second Russian translation, written by hand, of every unit
of the English documents that a fact is bound to (92 units, 137 facts)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.build import load_corpus
from pipeline.language.numbers import number_words
from pipeline.link.translations.store import dump, load
from pipeline.render.aids import plan_aids
from pipeline.render.site.glance import glance
from pipeline.render.writers.facts_json import facts_by_unit
from pipeline.rules import load_facts
from pipeline.rules.rendering import placed, render, rendered
from pipeline.rules.wording import numbers
from rules_support import ROOT

RETRANSLATIONS = Path(__file__).resolve().parents[1] / "retranslations.ru.yaml"
FILES = ("corpus/translations/eu-risto-period-1.ru.yaml", "corpus/translations/pop-military-actions.ru.yaml")
FACT_LINE = re.compile(r"^corpus/rules/\S+\.yaml:\d+:1: ")


def retranslate(root: Path, texts: dict[str, str]) -> None:
    """Put ``texts`` in place of the stored Russian translations of those units, as a translator
    would (the source the translation was made from is unchanged: each stays fresh)."""
    for rel in FILES:
        stored = load(root, rel)
        for unit_id, entry in stored.entries.items():
            entry.text = texts.get(unit_id, entry.text)
        (root / rel).write_text(dump(stored, list(stored.entries), stored.document), "utf-8")


def retranslations() -> dict[str, str]:
    return yaml.safe_load(RETRANSLATIONS.read_text("utf-8"))


def unworried(output: str) -> list[str]:
    """The errors and warnings of a `folio check` output, the summary line aside."""
    return sorted(line for line in output.splitlines() if re.search(r": (error|warning) ", line))


@pytest.fixture(scope="module")
def real():
    corpus, _ = load_corpus(ROOT)
    return corpus, load_facts(ROOT)


@pytest.fixture(scope="module")
def retranslated(tmp_path_factory):
    from conftest import copy_corpus

    root = copy_corpus(tmp_path_factory.mktemp("retranslated"))
    retranslate(root, retranslations())
    corpus, _ = load_corpus(root)
    return root, corpus, load_facts(root)


def test_the_retranslations_cover_every_translated_unit_a_fact_is_bound_to_and_differ(real):
    corpus, facts = real
    texts = retranslations()
    bound = {fact.unit for fact in facts
             if corpus.document_of(corpus.units[fact.unit]).language == "en" and "ru" in corpus.units[fact.unit].sides}
    assert set(texts) == bound and len(bound) == 107
    kept = []
    for unit_id, text in texts.items():
        old = corpus.units[unit_id].sides["ru"].text
        assert " ".join(text.split()) != " ".join(old.split()), unit_id
        kept += [fact.id for fact in facts.bound_to(unit_id)
                 if all(" ".join(w.split()) in " ".join(text.split()) for w in fact.wording["ru"])]
    # of 164 facts, 140 lose their recorded Russian words; 24 keep a title, a name or a bracket
    # («РЕФОРМАЦИЯ (3)», «(4 в случае SPA)», «и 10 победных очков», «(только если это великая держава)»)
    assert len(kept) == 24 and "eu-risto.occurrences.8" in kept


def test_every_fact_quotes_its_units_original_and_is_found_again_where_it_stands(real):
    """The data as it is: every fact quotes its unit's original, and finding the translated
    words again from that quote and the recorded words gives back exactly the recorded words on
    every translated side (281 facts, 4 rulebooks): nothing changes where nothing changed."""
    corpus, facts = real
    assert len(facts) == 281
    for fact in facts:
        unit = corpus.units[fact.unit]
        original = corpus.document_of(unit).language
        assert original in fact.wording, fact.id
        for lang, side in unit.sides.items():
            if lang == original:
                continue
            found = render(fact.wording[original], unit.sides[original].text, original, side.text, lang,
                           fact.wording[lang])
            assert found.found and [_plain(w) for w in found.fragments] == [_plain(w) for w in fact.wording[lang]], \
                (fact.id, found.fragments, fact.wording[lang])
    assert placed(facts, corpus) is facts  # the units, values and words the site and aids show


def test_a_correct_retranslation_of_every_fact_unit_passes_folio_check(folio, retranslated):
    root, _, _ = retranslated
    before, after = folio(ROOT, "check"), folio(root, "check")
    assert unworried(after.stdout) == unworried(before.stdout)  # no error, no warning more
    assert after.returncode == before.returncode
    rules = folio(root, "check", "--only", "rules")
    assert rules.returncode == 0 and " error " not in rules.stdout and "rules-wording-unaligned" not in rules.stdout
    realigned = [line for line in rules.stdout.splitlines() if "rules-wording-realigned" in line]
    assert len(realigned) == 140 and all(FACT_LINE.match(line) for line in realigned)  # the keeper's file
    line = load_facts(ROOT)["eu-risto.event-die.mod.spa-religion"].line
    assert (f"corpus/rules/eu-risto.yaml:{line}:1: info rules-wording-realigned: eu-risto.event-die.mod.spa-religion "
            "(eu-risto:period-I/modifiers-1/mod-1, ru): the translation no longer says '-1 Если религия SPA — "
            "католицизм/контрреформация'; it says the fact as '−1 Если SPA исповедует католицизм/контрреформацию' "
            "(suggestion: record wording.ru: '−1 Если SPA исповедует католицизм/контрреформацию')") in rules.stdout


def test_the_words_found_again_render_the_facts(retranslated):
    """Each fact's Russian words are found in the new translation, state the fact's numbers, and
    say what the old words said: a sample read by a person, the rest by their numbers."""
    _root, corpus, facts = retranslated
    shown = placed(facts, corpus)
    expected = {
        "eu-risto.tordesillas.acceptance": ("Чтобы событие вступило в силу, его должны принять и SPA, и POR.",),
        "eu-risto.hre.bids-lost": ("Все ставки пропадают.",),
        "eu-risto.reformation.conciliatorism.revolts-spa": ("(2 в случае SPA)",),
        "eu-risto.wars-in-italy.second.refuse.owner": ("тому, кто контролирует MILANO, — в 3 пункта стабильности и "
                                                       "уступку MILANO в пользу FRA",),
        "eu-risto.duration.8": ("(длительность: бессрочно)",),
        "pop.dow.stability.marriage": ("за каждое государство-цель, где у вас есть M, — 1s",),
        "pop.recruit.mercenaries": ("за ход вы можете набрать самое большее 3 отряда наёмников",),
        "pop.dow.restriction.truce": ("(b) государствам, с которыми вы заключили перемирие",),
    }
    for fact_id, words in expected.items():
        assert shown[fact_id].wording["ru"] == words, fact_id
    for fact in shown:
        unit = corpus.units[fact.unit]
        if corpus.document_of(unit).language != "en":
            continue
        text = " ".join(unit.sides["ru"].text.split())
        assert all(" ".join(words.split()) in text for words in fact.wording["ru"]), fact.id
        words = " ".join(fact.wording["ru"])
        stated = {abs(n) for n in numbers(words)} | {w.value for w in number_words(words, "ru")}
        assert {abs(n) for n in fact.numbers()} <= stated, (fact.id, words)


def test_the_rules_and_folio_show_cite_the_words_the_translation_says_now(folio, retranslated):
    root, _, _ = retranslated
    done = folio(root, "rules", "run", "pop.recruit-units", "mercenaries=2")
    [cited] = json.loads(done.stdout)["citations"]
    assert cited["wording"] == {"en": "Recruit Units (1c + XD)", "ru": "Наберите отряды (1c + XD)"}
    shown = folio(root, "show", "pop:5.5/action-3", "--lang", "ru").stdout
    assert "    wording (ru): Наберите отряды (1c + XD)\n" in shown


def test_the_boxes_the_aids_and_corpus_json_still_show_the_facts(real, retranslated):
    root, corpus, facts = retranslated
    shown = placed(facts, corpus)
    # the aids print every fact (a card's line, a fact's words in bold), as many as from the
    # translation of record, the words in bold now the retranslation's
    before = _fact_lines(plan_aids(real[0], ROOT, facts=real[1]))
    after = _fact_lines(plan_aids(corpus, root, facts=shown))
    unplaced = _fact_lines(plan_aids(corpus, root, facts=facts))  # the recorded words: lost
    events = "eu-risto-events-period-1"
    # (80: a label continuing the one before it is one card line with it since issue 26)
    assert len(after[events]) == len(before[events]) > len(unplaced[events]) > 80
    assert "Эти модификаторы перестают применяться в период II" in after[events]
    # corpus.json quotes the words the translation has now
    data = facts_by_unit(corpus, shown)
    [acceptance] = [f for f in data["eu-risto:1:I/pre-2"] if f["id"] == "eu-risto.tordesillas.acceptance"]
    assert acceptance["wording"]["ru"] == ["Чтобы событие вступило в силу, его должны принять и SPA, и POR."]
    # the at-a-glance box of every unit says each of its facts in Russian
    for unit_id in retranslations():
        boxed = glance(shown.bound_to(unit_id), "ru")
        assert [g.id for g in boxed] == [f.id for f in facts.bound_to(unit_id)]
        assert all(g.lang == "ru" and g.text for g in boxed), unit_id


@pytest.mark.parametrize("unit_id, text, fact_id, suggestion", [
    # the SPA case dropped: «(4 в случае SPA)»
    ("eu-risto:8:I/occ-2/general-consequences/1/c", "    c. В стране игрока бросают на 2 восстания.",
     "eu-risto.reformation.protestantism.revolts-spa", ", which does not state 4; its nearest words: '"),
    # the second sentence dropped: the event is no longer said to be marked off and to recur
    ("eu-risto:1:I/pre-2", "2. Чтобы событие вступило в силу, его должны принять и SPA, и POR.",
     "eu-risto.tordesillas.refused", "; if it says the fact, record its words as wording.ru (the nearest: '"),
])
def test_a_wrong_retranslation_is_a_warning_to_the_keeper_of_the_facts(folio, corpus_copy, unit_id, text, fact_id,
                                                                       suggestion):
    retranslate(corpus_copy, {unit_id: text})
    done = folio(corpus_copy, "check", "--only", "rules")
    assert done.returncode == 0 and " error " not in done.stdout
    [warning] = [line for line in done.stdout.splitlines() if "rules-wording-unaligned" in line]
    fact = load_facts(corpus_copy)[fact_id]
    assert warning.startswith(f"{fact.path}:{fact.line}:1: warning rules-wording-unaligned: {fact_id} ({unit_id}, ru): "
                              f"the translation no longer says {fact.wording['ru'][0]!r}, and no words of it render "
                              f"{fact.wording['en'][0]!r} (suggestion: check the translation of {unit_id}")
    assert suggestion in warning and warning.endswith(("')", "'))"))
    corpus, _ = load_corpus(corpus_copy)
    assert not rendered(fact, corpus, "ru").found
    assert "ru" not in placed(load_facts(corpus_copy), corpus)[fact_id].wording  # shown as its label, not wrong words


def test_a_changed_original_is_reported_once_at_the_original(corpus_copy):
    """The editor rewrote the English words and the translator followed: the fact's quote is the
    editor's to update (rules-wording-missing), not a second finding on the translation."""
    from rules_support import edit, findings

    edit(corpus_copy / "corpus/sources/eu-ristos-events-period-1.en.txt", "All bids are lost.", "Every bid is lost.")
    retranslate(corpus_copy, {"eu-risto:2:I/events-phase/1": retranslations()["eu-risto:2:I/events-phase/1"]})
    found = [d for d in findings(corpus_copy) if "eu-risto.hre.bids-lost" in d.message]
    assert [(d.code, d.path) for d in found] == [("rules-wording-missing", "corpus/sources/eu-ristos-events-period-1.en.txt")]


def test_a_fact_that_quotes_only_a_translation_is_a_warning(corpus_copy):
    """The original's words are the rule: without them a changed translation could not be
    followed. 19.3 is Russian; its English side is the translation."""
    from rules_support import edit, findings

    edit(corpus_copy / "corpus/rules/his.yaml", "      ru: в котором находится больше 4 отрядов\n", "")
    fact = load_facts(corpus_copy)["his.winter.city-limit"]
    [warning] = [d for d in findings(corpus_copy) if d.code == "rules-wording-translation-only"]
    assert (warning.path, warning.line, warning.severity.name) == (fact.path, fact.line, "WARNING")
    assert warning.message == "his.winter.city-limit quotes a translation of his:19.3/proc-1/step-1 but not its ru original"
    assert warning.suggestion == "add wording.ru: the words of his:19.3/proc-1/step-1 as its ru text says them"


#: what a translator may type: Russian and Latin letters, digits, signs, brackets, white space
_TYPED = st.text(st.sampled_from("абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЭЮЯ"
                                 "abcdefghijklmnopqrstuvwxyzSPACOLTP0123456789 .,;:!?()«»“”\"'-−–—+/|\n\t"),
                 max_size=160)


@settings(max_examples=60, deadline=None)
@given(target=_TYPED, recorded=_TYPED)
def test_any_translation_is_read_and_the_words_found_stand_in_it(target, recorded):
    """A translation is text a person typed: whatever it holds, the words found (or the nearest)
    are a span of it, and a span found states the quote's numbers."""
    quote = "SPA loses 2 Stab"
    found = render((quote,), f"If the event occurs, {quote} at once.", "en", target, "ru", (recorded,))
    if found is None:
        assert not re.search(r"[^\W\d_]{4}", target)  # only short words, none of the quote's
        return
    assert [target[start:end] for start, end in found.spans] == list(found.fragments)
    if found.found:
        assert "2" in found.fragments[0] or "дв" in found.fragments[0].lower()


def _fact_lines(plan) -> dict[str, list[str]]:
    """What each Russian aid prints of the facts (a card's lines, a fact's words in bold), by aid."""
    return {document.aid.key: re.findall(r'<(?:li class="card-fact"[^>]*|b class="fact")>([^<]*)<', document.html)
            for document in plan.documents if document.lang == "ru"}


def _plain(words: str) -> str:
    return " ".join(words.replace("-1", "−1").split())
