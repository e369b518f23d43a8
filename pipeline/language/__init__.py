"""The language layer: tokens with lemmas for English and Russian (:mod:`.tokens`), and
inflection-aware term matching on top of them (:mod:`.match`).

    tokens = lemmas("сыграть «Морских гезов»", "ru")
    find_term("Морские гезы", tokens, "ru")   # one Match: «Морских гезов», characters 9-22
"""

from __future__ import annotations

from .match import Match, Matcher, TermPattern, compile_term, find_term
from .morph import fold, ru_nominative
from .pipelines import nlp
from .tokens import Token, lemmas, load

__all__ = ["Match", "Matcher", "TermPattern", "Token", "compile_term", "find_term", "fold", "lemmas", "load",
           "nlp", "ru_nominative"]
