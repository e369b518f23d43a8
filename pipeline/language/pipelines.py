"""The spaCy pipelines: blank tokenizers plus a lemmatizer per language, built once per process.

No trained spaCy model is installed, nor needed: tokenisation comes from the blank
pipelines, Russian lemmas from pymorphy3 (a custom component, because spaCy's own pymorphy3
lemmatizer mode wants part-of-speech tags that a blank pipeline never sets), English lemmas
from spaCy's lookup tables (spacy-lookups-data).
"""

from __future__ import annotations

import gzip
import json
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.model import Lang
from ..util.cached import by_text
from .morph import ru_word

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

RU_LEMMATIZER = "folio_ru_lemmatizer"


def ru_lemmatizer(doc: Doc) -> Doc:
    """Set ``token.lemma_`` from pymorphy3's most probable parse of the lower-cased form."""
    for token in doc:
        token.lemma_ = ru_lemma(token.text)
    return doc


def ru_lemma(text: str) -> str:
    if text.isupper() and len(text) > 1:
        # an abbreviation (КО, СР) is its own lemma: pymorphy3 would read КО as «ко», "to"
        return text
    return ru_word(text.lower()).lemma if text.isalpha() else text


def lemma(text: str, lang: str) -> str:
    """What the pipeline of ``lang`` sets as ``token.lemma_``: a function of the token's letters
    alone (spaCy's is_upper, is_alpha and lower_ are str.isupper, isalpha and lower), so
    :func:`pipeline.language.lemmas` can look it up once per form and run the tokenizer only."""
    if lang == Lang.RU:
        return ru_lemma(text)
    if lang == Lang.EN:
        return _en_table().get(text, text)  # the lookup lemmatizer: the form as written
    raise ValueError(f"no language pipeline for {lang!r} (Folio knows en and ru)")


@cache
def spacy_module():
    # spaCy takes over a second to import: only the commands that lemmatise pay for it.
    with _without_spacy_cli():
        import spacy
    from spacy.language import Language

    Language.component(RU_LEMMATIZER, func=ru_lemmatizer)
    return spacy


@contextmanager
def _without_spacy_cli() -> Iterator[None]:
    """spaCy's ``__init__`` imports its command line (typer, requests, httpx, weasel: a third of
    its import, 0.3 CPU-s of every build) for ``spacy.info`` alone, which Folio never calls.
    While spaCy is imported, ``spacy.cli.info`` is a stand-in whose ``info`` imports the real
    one when called; then ``spacy.cli`` is forgotten, so that importing it later loads spaCy's own."""
    if "spacy" in sys.modules or "spacy.cli" in sys.modules:
        yield
        return
    package, module = types.ModuleType("spacy.cli"), types.ModuleType("spacy.cli.info")
    package.__path__ = []  # a package to the import system, with nothing in it
    vars(module)["info"] = _spacy_info
    sys.modules["spacy.cli"], sys.modules["spacy.cli.info"] = package, module
    try:
        yield
    finally:
        for name in ("spacy.cli.info", "spacy.cli"):
            sys.modules.pop(name, None)
        spacy = sys.modules.get("spacy")
        if spacy is not None and vars(spacy).get("cli") is package:
            delattr(spacy, "cli")


def _spacy_info(*args, **kwargs):
    from spacy.cli.info import info  # spaCy's own, loaded now

    return info(*args, **kwargs)


@by_text
def nlp(lang: str) -> Language:
    """The pipeline of ``lang``, one per process whether it is asked for by its code or by its
    :class:`~pipeline.core.model.Lang` member (a blank English pipeline and its lookup table,
    0.3 CPU-s of every build)."""
    spacy = spacy_module()
    if lang == Lang.RU:
        pipeline = spacy.blank(Lang.RU.value)
        pipeline.add_pipe(RU_LEMMATIZER)
        return pipeline
    if lang == Lang.EN:
        pipeline = spacy.blank(Lang.EN.value)
        pipeline.add_pipe("lemmatizer", config={"mode": "lookup"})
        pipeline.initialize()  # loads the lookup table from spacy-lookups-data, no download
        return pipeline
    raise ValueError(f"no language pipeline for {lang!r} (Folio knows en and ru)")


@cache
def _en_table() -> dict[str, str]:
    # The English pipeline's lookup table (its "lemma_lookup", which spaCy loads from
    # spacy-lookups-data), read from that package's file: a form's lemma needs no spaCy, so
    # that an edit whose tokens a build kept (pieces.py) imports none (tests/language/test_language.py
    # compares this table with the pipeline's).
    import spacy_lookups_data  # type: ignore[import-untyped]

    path = Path(str(spacy_lookups_data.en["lemma_lookup"]))
    data = path.read_bytes() if path.exists() else gzip.decompress(path.with_name(path.name + ".gz").read_bytes())
    return json.loads(data)


@lru_cache(maxsize=200_000)
def en_lemma(lower: str) -> str:
    # The lookup lemmatizer looks the text up as written, so "Realms" at the start of a
    # sentence or in a capitalised game term stays "Realms"; rule texts capitalise their terms.
    return _en_table().get(lower, lower)
