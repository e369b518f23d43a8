"""The spaCy pipelines: blank tokenizers plus a lemmatizer per language, built once per process.

No trained spaCy model is installed, nor needed: tokenisation comes from the blank
pipelines, Russian lemmas from pymorphy3 (a custom component, because spaCy's own pymorphy3
lemmatizer mode wants part-of-speech tags that a blank pipeline never sets), English lemmas
from spaCy's lookup tables (spacy-lookups-data).
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING

from .morph import ru_word

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

RU_LEMMATIZER = "folio_ru_lemmatizer"


def ru_lemmatizer(doc: Doc) -> Doc:
    """Set ``token.lemma_`` from pymorphy3's most probable parse of the lower-cased form."""
    for token in doc:
        if token.is_upper and len(token.text) > 1:
            # an abbreviation (КО, СР) is its own lemma: pymorphy3 would read КО as «ко», "to"
            token.lemma_ = token.text
        else:
            token.lemma_ = ru_word(token.lower_).lemma if token.is_alpha else token.text
    return doc


@cache
def _spacy():
    # spaCy takes over a second to import: only the commands that lemmatise pay for it.
    import spacy
    from spacy.language import Language

    Language.component(RU_LEMMATIZER, func=ru_lemmatizer)
    return spacy


@cache
def nlp(lang: str) -> Language:
    spacy = _spacy()
    if lang == "ru":
        pipeline = spacy.blank("ru")
        pipeline.add_pipe(RU_LEMMATIZER)
        return pipeline
    if lang == "en":
        pipeline = spacy.blank("en")
        pipeline.add_pipe("lemmatizer", config={"mode": "lookup"})
        pipeline.initialize()  # loads the lookup table from spacy-lookups-data, no download
        return pipeline
    raise ValueError(f"no language pipeline for {lang!r} (Folio knows en and ru)")


@cache
def _en_table():
    return nlp("en").get_pipe("lemmatizer").lookups.get_table("lemma_lookup")


@lru_cache(maxsize=200_000)
def en_lemma(lower: str) -> str:
    # The lookup lemmatizer looks the text up as written, so "Realms" at the start of a
    # sentence or in a capitalised game term stays "Realms"; rule texts capitalise their terms.
    return _en_table().get(lower, lower)
