"""How fast the language layer lemmatises: words per second for Russian and English.

Not a test: run it by hand (``.venv/bin/python benchmarks/lemmas.py``) after touching
pipeline/language/. The corpus's own texts, unit by unit, are repeated until each language
has about 200,000 words, so most word forms come from the per-form caches, as in a real run
over many documents.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.build import load_corpus  # noqa: E402
from pipeline.language import lemmas, nlp  # noqa: E402

TARGET_WORDS = 200_000


def texts(lang: str) -> list[str]:
    corpus, _ = load_corpus(ROOT)
    return [side.text for unit in corpus.units.values()
            for code, side in unit.sides.items() if code == lang and side.text]


def run(lang: str) -> None:
    sample = texts(lang)
    nlp(lang)  # building the pipeline is a one-off cost, not lemmatisation
    cold_start = time.perf_counter()
    words = sum(1 for text in sample for token in lemmas(text, lang) if token.is_word)
    cold = time.perf_counter() - cold_start
    repeats = max(1, TARGET_WORDS // max(words, 1))
    start = time.perf_counter()
    total = 0
    for _ in range(repeats):
        for text in sample:
            total += sum(1 for token in lemmas(text, lang) if token.is_word)
    elapsed = time.perf_counter() - start
    print(f"{lang}: first pass {words:,} words in {cold:.2f} s; "
          f"{total:,} words in {elapsed:.2f} s = {total / elapsed:,.0f} words/s")


if __name__ == "__main__":
    for language in ("ru", "en"):
        run(language)
