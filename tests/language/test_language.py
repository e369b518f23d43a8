"""The language layer: lemmas from blank spaCy pipelines (pymorphy3 for Russian, lookup tables
for English) and inflection-aware term matching, on real lines of the texts."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.core.model import Lang
from pipeline.language import compile_term, find_term, fold, lemmas, nlp, ru_nominative
from pipeline.language.pipelines import RU_LEMMATIZER, _en_table

ROOT = Path(__file__).resolve().parents[2]
VQ = (ROOT / "corpus/sources/vq-spring-deployment-action-phase.ru.txt").read_text("utf-8").split("\n")
HIS = (ROOT / "corpus/sources/his-power-rules-england-france-papacy.ru.txt").read_text("utf-8").split("\n")
POP = (ROOT / "corpus/sources/pop-military-actions.en.txt").read_text("utf-8").split("\n")


def found(term: str, text: str, lang: str) -> list[str]:
    return [text[m.start:m.end] for m in find_term(term, lemmas(text, lang), lang)]


def test_pipelines_are_blank_with_our_lemmatizers_and_built_once():
    assert nlp("ru") is nlp("ru") and nlp("en") is nlp("en")
    # asked for by a Lang member (the English lemma table is), it is the same pipeline
    assert nlp(Lang.EN) is nlp("en") and nlp(Lang.RU) is nlp("ru")
    assert nlp("ru").pipe_names == [RU_LEMMATIZER]
    assert nlp("en").pipe_names == ["lemmatizer"]
    assert nlp("en").get_pipe("lemmatizer").mode == "lookup"
    doc = nlp("ru")("Командных Очков")
    assert [t.lemma_ for t in doc] == ["командный", "очко"]  # set by the pymorphy3 component


def test_the_english_lemma_table_read_without_spacy_is_the_pipelines():
    # an edit lemmatises English from spacy-lookups-data's file (pipelines._en_table): every form
    # of the lemmatizer's own table, not only the corpus's words, must have the very same lemma
    table, read = nlp("en").get_pipe("lemmatizer").lookups.get_table("lemma_lookup"), _en_table()
    assert len(read) == len(table) > 10_000  # spaCy's is keyed by the forms' hashes: looked up by form
    assert [form for form, lemma in read.items() if table.get(form) != lemma] == []


def test_tokens_carry_offsets_into_the_text():
    line = VQ[29]
    for token in lemmas(line, "ru"):
        assert line[token.start:token.end] == token.text
    assert [(t.text, t.lemma) for t in lemmas("Realms lost VPs", "en")] == \
        [("Realms", "Realms"), ("lost", "lose"), ("VPs", "VPs")]
    assert "realm" in lemmas("Realms", "en")[0].keys  # looked up lower-case as well


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_tokens_and_lemmas_are_the_pipelines_own_for_every_text_of_the_corpus(lang):
    """lemmas() tokenizes each piece between spaces once: on every source text it must give the
    tokens and lemmas the whole spaCy pipeline gives the whole text."""
    texts = [path.read_text("utf-8") for path in sorted((ROOT / "corpus/sources").glob(f"*.{lang}.txt"))]
    assert texts
    for text in texts:
        expected = []
        for token in nlp(lang)(text):
            word = token.text
            if token.is_space:
                continue
            if len(word) > 2 and word.endswith(".") and word[:-1].isalpha() and word[:-1].isupper():
                expected += [(word[:-1], token.idx), (".", token.idx + len(word) - 1)]
            else:
                expected.append((token.lemma_, token.idx))
        assert [(t.lemma, t.start) for t in lemmas(text, lang)] == expected


def test_inflected_card_name_matches_its_nominative_term():
    # VQ 11: «Морских гезов» [Sea Beggars]; pymorphy3 does not know «гезов» and guesses
    assert found("Морские гезы", VQ[29], "ru") == ["Морских гезов"]
    assert lemmas("гезов", "ru")[0].guessed


def test_points_match_in_any_case_and_the_abbreviation_as_written():
    assert found("очко", "на 1 очко дипломатического влияния; Очков; очками", "ru") == \
        ["очко", "Очков", "очками"]
    line = VQ[28]  # «Розыгрыш карточки для получения Командных Очков (КО): ...»
    assert found("командные очки", line, "ru") == ["Командных Очков", "Командных Очков"]
    assert found("КО", line, "ru") == ["КО"] * 5
    # КО is matched letter for letter: the preposition «ко» is not the abbreviation
    assert found("КО", "ко мне", "ru") == []


def test_similar_words_do_not_match():
    assert found("Морские гезы", "Морских гербов и газов", "ru") == []
    assert found("гезы", "гезонов", "ru") == []  # guessed too, but another stem
    assert found("карта", "родная карточка", "ru") == []
    assert found("очко", "очковтирательство", "ru") == []
    assert found("CP", "СР", "ru") == []  # Latin CP, Cyrillic СР
    assert found("realm", "Realmless", "en") == []


def test_yo_and_ye_compare_equal():
    assert fold("Отлучён") == "отлучен"
    assert found("отлучён", "Лютер отлучен", "ru") == ["отлучен"]
    assert found("ещё одно ограничение", HIS[12], "ru") == ["ещё одно ограничение"]
    assert found("еще одно ограничение", HIS[12], "ru") == ["ещё одно ограничение"]


def test_multi_word_terms_keep_their_words_together():
    assert found("Call to Arms", POP[16], "en") == ["Call to Arms"]
    assert found("CtA", POP[24], "en") == ["CtAs"]  # an English abbreviation takes a plural -s
    assert found("Declare War", "declares war; Declare, War", "en") == ["declares war"]
    assert found("Удалите из колоды, если сыграна как событие", VQ[29], "ru") == \
        ["Удалите из колоды, если сыграна как событие"]
    assert found("Королева-девственница", VQ[29], "ru") == ["Королева-девственница"]
    assert found("научный бонус", "научный. Бонус", "ru") == []


def test_longest_term_wins_and_one_span_may_be_two_concepts():
    tokens = lemmas("на карту Европы", "ru")
    patterns = [compile_term("карта", "ru", "card"), compile_term("карта", "ru", "map"),
                compile_term("карта Европы", "ru", "europe")]
    from pipeline.language import Matcher
    [match] = Matcher(patterns).find(tokens)
    assert [p.payload for p in match.patterns] == ["europe"]
    [match] = Matcher(patterns[:2]).find(tokens)
    assert sorted(p.payload for p in match.patterns) == ["card", "map"]


@pytest.mark.parametrize("words, nominative", [
    (["Морских", "гезов"], ["Морские", "гезы"]),
    (["Папской", "буллы"], ["Папская", "булла"]),
    (["Конвой", "для", "Флота", "Индий"], None),  # already the nominative
    (["Восстание", "морисков"], None),
])
def test_names_cited_in_an_oblique_case_get_their_nominative(words, nominative):
    assert ru_nominative(words) == nominative
