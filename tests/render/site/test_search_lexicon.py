"""The Russian search's dictionary forms (pipeline/render/site/lexicon.py), on the real texts: every
form of a word finds every other form the texts use, where Snowball's stems alone (what
Pagefind searches with) miss 13 % of them. The browser side is in test_site_search.py."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.build import load_corpus
from pipeline.language.morph import fold
from pipeline.render.site import lexicon
from site_support import REPO


@pytest.fixture(scope="module")
def russian():
    corpus, _ = load_corpus(REPO)
    return {u.id: u.sides["ru"].text for u in corpus.units.values() if "ru" in u.sides}


def _pairs(lemmas: dict[str, str]):
    by_lemma: dict[str, list[str]] = {}
    for form, lemma in lemmas.items():
        by_lemma.setdefault(lemma, []).append(form)
    for forms in by_lemma.values():
        yield from permutations(forms, 2)


def test_every_form_of_a_word_finds_the_other_forms_the_texts_use(russian):
    lemmas = lexicon.lexicon(russian.values())
    rewrite = set(lexicon.rewrites(lemmas))
    pairs = list(_pairs(lemmas))
    by_stem = [(q, f) for q, f in pairs if not lexicon._indexed(f).startswith(lexicon._queried(q))]
    assert len(pairs) > 3000 and len(by_stem) / len(pairs) > 0.1  # the gap Pagefind leaves

    def found(query: str, form: str) -> bool:
        """As Pagefind would: the query (or its dictionary form) is the prefix of the stem of
        the form, or of the unit's hidden dictionary form of it."""
        searched = lexicon._queried(lemmas[query] if query in rewrite else query)
        indexed = [form] + ([lemmas[form]] if lemmas[form] != form else [])
        return any(lexicon._indexed(word).startswith(searched) for word in indexed)

    assert [(q, f) for q, f in pairs if not found(q, f)] == []


def test_a_unit_carries_the_dictionary_forms_of_its_inflected_words(russian):
    terms = lexicon.hidden_terms(russian["his:19.3/proc-1/step-1"], "ru").split()
    assert f"{lexicon.MARK}беспорядок" in terms  # the text says «беспорядками»
    assert all(t.startswith(lexicon.MARK) for t in terms) and len(terms) == len(set(terms))
    assert lexicon.hidden_terms("The Protestant player", "en") == ""


def test_a_query_keeps_its_own_form_where_the_stem_finds_every_form():
    lemmas = lexicon.lexicon(["протестантов протестантами протестант", "имеет имеют иметь"])
    assert lexicon.rewrites(lemmas) == ["имеет", "имеют"]  # «протестант-» is every form's prefix


def test_the_lexicon_script_cannot_end_the_page_s_script_element():
    script = lexicon.script({"</script>": "x"})
    assert "</script>" not in script and script.startswith("window.FolioLexicon = {")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=60)
       | st.text(alphabet="ЁёАаЯяИиЙйΣσςİIıK-– \nSsſ", max_size=30))
def test_a_text_folded_whole_gives_the_words_folded_one_by_one(text):
    # words() folds the whole text before finding its words (one call, not one per word): the
    # same forms as finding them first, for any text, upper case, ё, hyphens and the letters
    # whose lower case is special (final sigma, dotted I, long s) among them
    assert lexicon.words(text) == [fold(w) for w in lexicon._WORD.findall(text)]


def test_the_words_of_a_real_text_are_its_russian_forms_folded(russian):
    text = next(t for t in russian.values() if "Ё" in t or "ё" in t)
    found = lexicon.words(text)
    assert found and all(form == form.lower() and "ё" not in form for form in found)
    assert len(found) == len(lexicon._WORD.findall(text))
