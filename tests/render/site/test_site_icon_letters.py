"""PoP's icon letters on its page: «Потеряйте 2s» told a reader nothing (issue 26). The first
1c, 2s and 3D of the page say in words what they count, as the glossary records it (what 5.5
does with them: corpus/glossary.yaml), in the page's language; a list letter «(c)» is no
abbreviation."""

from __future__ import annotations

import re
from html import unescape

POP = "pop/pop-military-actions/index.html"
_USE = re.compile(r'(\d?)<abbr title="[^"]*">([^<]+)</abbr>(<span class="folio-abbr-expansion"> \(([^<]*)\)</span>)?')


def test_the_pop_page_says_what_c_s_and_d_count_at_their_first_use(site):
    for lang, words in (("ru", {"c": "очки на военные действия", "s": "стабильность", "D": "дукаты"}),
                        ("en", {"c": "the points Military Actions cost", "s": "stability", "D": "ducats"})):
        uses = _USE.findall((site / lang / POP).read_text("utf-8"))
        for letter, meaning in words.items():
            said = [unescape(s) for digit, abbr, _e, s in uses if abbr == letter and s]
            assert said == [meaning], (lang, letter, said)
            assert all(digit for digit, abbr, _e, _s in uses if abbr == letter), (lang, letter)  # after a number
