"""Dictionary forms for the Russian search, where Pagefind's stemmer falls short.

Pagefind stems Russian with Snowball, which cuts endings but knows no paradigms: «беспорядок»
does not find «беспорядков» (the vowel drops), «иметь» misses «имеет», «взять» misses
«возьмите». Measured on the corpus's Russian words grouped by pymorphy3 lemma, 13 % of the
pairs of forms of one word miss each other, 253 of them when the reader types the dictionary
form.

So each unit carries the dictionary forms (lemmas) of its inflected words as hidden index
terms (:func:`hidden_terms`, marked so the search page never shows them), and the page's
lexicon (:func:`script`) tells the search page the lemma of every form the texts use, and
which forms a query must trade for their lemma (:func:`rewrites`, decided with Snowball, the
stemmer Pagefind runs): a query for «имеет» becomes one for «иметь», which every unit holding
any form of the word answers, and the search page marks the unit's own forms of it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from ...language.morph import fold, ru_word

#: how a hidden term is told from the text in Pagefind's copy of a page (folio-search.js): it
#: is prefixed with this bracket, which the index leaves out of the word
MARK = "⟦"
#: languages whose pages carry dictionary forms
LANGUAGES = frozenset({"ru"})

_WORD = re.compile(r"[а-яё]+(?:-[а-яё]+)*", re.I)


@lru_cache(maxsize=200_000)
def _lemma(form: str) -> str | None:
    """The folded dictionary form of a folded word form, or None where that is the form."""
    info = ru_word(form)
    lemma = fold(info.lemma)
    return None if info.guessed or lemma == form else lemma


def words(text: str) -> list[str]:
    """The Russian word forms of ``text``, folded (lower case, ё as е). The text is folded
    whole, not word by word: folding maps a Cyrillic letter to one and nothing else to one, so
    the pattern finds the same words, folded."""
    return _WORD.findall(fold(text))


def hidden_terms(text: str, lang: str) -> str:
    """The dictionary forms of ``text``'s inflected words, each once, marked, as one string;
    "" for a language without a lexicon."""
    if lang not in LANGUAGES:
        return ""
    found = dict.fromkeys(lemma for lemma in map(_lemma, words(text)) if lemma)
    return " ".join(MARK + lemma for lemma in found)


def lexicon(texts: Iterable[str]) -> dict[str, str]:
    """Form -> dictionary form, for every form the texts use (a dictionary form: itself)."""
    return {form: _lemma(form) or form for form in _forms(texts)}


def entries(texts: Iterable[str]) -> dict[str, tuple[str, str, str]]:
    """Form -> (dictionary form, its stem as Pagefind indexes it, as a query searches it), for
    every form the texts use: all :func:`script` needs of them. A build keeps them per document
    (pipeline/render/site/pages.py), so that an edit looks up the words of the edited document only."""
    return {form: _entry(form) for form in _forms(texts)}


def _forms(texts: Iterable[str]) -> list[str]:
    """Every form the texts use, once, in order."""
    return sorted({form for text in texts for form in words(text)})


@lru_cache(maxsize=200_000)
def _entry(form: str) -> tuple[str, str, str]:
    return _lemma(form) or form, _indexed(form), _queried(form)


def script_of(found: dict[str, tuple[str, str, str]]) -> str:
    """:func:`script` of the forms :func:`entries` found (of one text or of several, merged)."""
    forms = {form: entry[0] for form, entry in sorted(found.items())}
    return script(forms, indexed=lambda form: found[form][1], queried=lambda form: found[form][2])


def rewrites(lemmas: dict[str, str], indexed: Callable[[str], str] | None = None,
             queried: Callable[[str], str] | None = None) -> list[str]:
    """The forms a query must trade for their dictionary form: those whose own stem, searched
    as Pagefind searches it, misses another form of the word in the texts. Elsewhere the
    query stays as typed, and Pagefind ranks the units with that very form first. ``indexed``
    and ``queried`` give a form's stems when they are known already (:func:`entries`)."""
    indexed, queried = indexed or _indexed, queried or _queried
    forms: dict[str, set[str]] = {}
    for form, lemma in lemmas.items():
        forms.setdefault(lemma, set()).add(form)
    return sorted(form for form, lemma in lemmas.items() if form != lemma
                  and not all(indexed(other).startswith(queried(form)) for other in forms[lemma]))


@lru_cache(maxsize=1)
def _stemmer():
    import snowballstemmer  # Pagefind's own stemmer (rust-stemmers), in Python

    return snowballstemmer.stemmer("russian")


#: what folio-search.js cuts off a query word: Pagefind reads й as и, and «зимой» as «зимо»
_Y_ENDING = re.compile(r"([а-яё]{3,})(?:ой|ей|ий|ый)$")


@lru_cache(maxsize=200_000)
def _indexed(form: str) -> str:
    return _stemmer().stemWord(form.replace("й", "и"))


@lru_cache(maxsize=200_000)
def _queried(form: str) -> str:
    return _indexed(_Y_ENDING.sub(r"\1", form))


def script(forms: dict[str, str], indexed: Callable[[str], str] | None = None,
           queried: Callable[[str], str] | None = None) -> str:
    """The lexicon as the search page loads it: a script that sets ``window.FolioLexicon``:
    every inflected form's dictionary form (to mark a unit's forms of a word found by its
    hidden term), and the forms a query trades for their dictionary form (:func:`rewrites`)."""
    inflected = {form: lemma for form, lemma in forms.items() if form != lemma}
    data = json.dumps({"mark": MARK, "lemmas": inflected, "rewrite": rewrites(forms, indexed, queried)},
                      ensure_ascii=False, separators=(",", ":"))
    # "</" cannot end the script early: the data are the texts' words, but keep it safe anyway
    return "window.FolioLexicon = " + data.replace("</", "<\\/") + ";\n"
