"""Abbreviations a reader can decode without a mouse: the first use of each on a page says in
words what it stands for (the Russian PoP text used DoW, PR, NPR, HRE, CtA and MC 33 times and
never said; issue 26), in the words the text itself uses («государство», never «держава»), and
the legend an aid prints is made of the same words (pipeline/language/abbreviations.py)."""

from __future__ import annotations

import re
from html import unescape

from pipeline.language.abbreviations import legend
from pipeline.language.termbase import load_termbase
from site_support import REPO

POP = "pop/pop-military-actions/index.html"
_USE = re.compile(r'<abbr title="[^"]*">([^<]+)</abbr>(<span class="folio-abbr-expansion"> \(([^<]*)\)</span>)?')


def _uses(html: str) -> list[tuple[str, str | None]]:
    """Each abbreviation on a page in order, with the words said after it (None: none)."""
    return [(abbr, unescape(said) if expansion else None) for abbr, expansion, said in _USE.findall(html)]


def test_the_russian_pop_page_says_each_abbreviation_in_words_at_its_first_use(site):
    uses = _uses((site / "ru" / POP).read_text("utf-8"))
    first = {}
    for abbr, said in uses:
        first.setdefault(abbr, said)
    assert first["DoW"] == "объявление войны"
    assert first["PR"] == "государство игрока" and first["NPR"] == "государство без игрока"
    assert first["HRE"] == "Священная Римская империя"
    assert first["MC"] == "предел набора регулярных войск в области"
    # «наступательные CtA, используя действие «Призыв к оружию»»: the text says it itself
    assert first["CtA"] is None
    # said once per page: the later uses are the letters (with the tooltip)
    for abbr in ("DoW", "PR", "NPR", "HRE", "CtA", "MC"):
        assert sum(1 for a, said in uses if a == abbr and said) <= 1, abbr
        assert sum(1 for a, _ in uses if a == abbr) >= 2, abbr


def test_every_document_page_says_each_abbreviation_once_in_its_own_language(site):
    for lang in ("ru", "en"):
        for path in (site / lang).glob("*/*/index.html"):
            uses = _uses(path.read_text("utf-8"))
            said = [abbr for abbr, s in uses if s]
            assert said and len(said) == len(set(said)), path
            cyrillic = [s for _, s in uses if s and re.search("[А-Яа-яЁё]", s)]
            assert (len(cyrillic) == len(said)) if lang == "ru" else cyrillic == [], (path, uses)
    assert ("DoW", "declaration of war") in _uses((site / "en" / POP).read_text("utf-8"))


def test_the_termbase_says_a_realm_as_the_russian_text_does():
    """One rendering: the glossary's Realm is «государство», and so is the P in PR."""
    termbase = load_termbase(REPO)
    realm = termbase.concept("pop-realm").terms["ru"]
    assert realm == ["государство"]
    for abbr in ("PR", "NPR"):
        assert termbase.abbreviation(abbr, "pop").expansions["ru"].startswith("государство"), abbr
    text = (REPO / "corpus/translations/pop-military-actions.ru.yaml").read_text("utf-8")
    assert "государств" in text and "держав" not in text


def test_an_aids_legend_lists_what_its_text_uses_in_the_order_of_first_use():
    termbase = load_termbase(REPO)
    ru = legend(termbase, "pop", ["Вы объявляете войну (DoW) PR-цели", "NPR и MC; снова PR"], "ru")
    assert ru == [("DoW", "объявление войны"), ("PR", "государство игрока"), ("NPR", "государство без игрока"),
                  ("MC", "предел набора регулярных войск в области")]
    assert legend(termbase, "pop", ["Each of the NPRs"], "en") == [("NPR", "Non-Player Realm")]
    assert legend(termbase, "pop", ["PRESS the DOW"], "en") == []  # whole words, as written


def test_an_expansion_reads_in_parentheses_without_asides_or_citations():
    """«TUR (Турция, Османская империя)», never «TUR (Турция (Османская империя))»; a note that
    cites the text first («VQ 9: «стоимость ОВ …» — стоимость в командных очках …») gives its
    meaning, not the citation."""
    from pipeline.language.abbreviations import of_rulebook, spelled_out

    termbase = load_termbase(REPO)
    risto, vq = of_rulebook(termbase, "eu-risto", "ru"), of_rulebook(termbase, "vq", "ru")
    assert spelled_out(risto["TUR"]) == "Турция, Османская империя"
    assert spelled_out(risto["EG"]) == "дипломатический статус"
    assert spelled_out(vq["ОВ"]) == "стоимость в командных очках между двумя державами"
    assert spelled_out(of_rulebook(termbase, "eu-risto", "en")["VA"]) == "a diplomatic status tied to vassals"
