"""corpus.json's fast writer (pipeline/render/writers/json_text.py) gives the standard library's bytes
for any value a unit can hold: text with quotes, control characters, Cyrillic, lone
surrogates, deep nesting, keys that are not strings, floats, booleans mixed with ints."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.render.writers.json_text import dumps

scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
           | st.text(alphabet=st.characters(), max_size=20))
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    | st.dictionaries(st.integers() | st.booleans(), inner, max_size=3),
    max_leaves=30)


@settings(max_examples=400, deadline=None)
@given(values)
def test_the_fast_writer_writes_the_libraries_bytes(value):
    assert dumps(value) == json.dumps(value, ensure_ascii=False, indent=1)


def test_a_real_unit_with_markup_and_quotes_reads_back():
    unit = {"id": "his-19.3", "text": "«Морские гезы» <script>alert(1)</script> \"quoted\"\n\ttab",
            "lines": [12, 14], "fields": {"number": "19.3", "empty": {}, "none": []}}
    text = dumps(unit)
    assert json.loads(text) == unit
    assert text == json.dumps(unit, ensure_ascii=False, indent=1)
