"""How well the site's search answers what players ask: queries in both languages over the four
games, each naming the unit a reader expects to find FIRST, run in Chromium through the search
page's real Pagefind UI. Shared by tests/render/site/test_search_relevance.py (a floor the site must keep)
and benchmarks/search_relevance.py (prints the figures of a built site).

A result counts when the link lands on an expected unit or inside it (a paragraph of the
expected section still puts the reader there). The score of a query is the reciprocal of the
rank of the first link that counts (1, 1/2, ... among the first :data:`DEPTH` links; 0 beyond);
the figures are their mean (MRR) and the share of queries whose first link counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import zip_longest
from urllib.parse import unquote, urlsplit

from site_support import type_search, typed_results

#: links looked at per query: what a reader scans before typing something else
DEPTH = 10


@dataclass(frozen=True)
class Query:
    lang: str
    text: str
    expected: tuple[str, ...]  # unit ids (or "glossary#concept-…"); the first link must land in one
    why: str = ""


def _q(lang: str, text: str, *expected: str, why: str = "") -> Query:
    return Query(lang, text, expected, why)


QUERIES: list[Query] = [
    # rule numbers and event ids
    _q("en", "21.5", "his:21.5"),
    _q("ru", "21.5", "his:21.5"),
    _q("ru", "19.4", "his:19.4"),
    _q("en", "20.2", "his:20.2"),
    _q("en", "8:I", "eu-risto:8:I"),
    _q("ru", "8:I", "eu-risto:8:I"),
    _q("en", "5.5", "pop:5.5"),
    _q("ru", "11.1", "vq:11.1"),
    # headings and names a reader remembers (English)
    _q("en", "Tordesillas", "eu-risto:1:I"),
    _q("en", "Sack of Rome", "his:21.5/sec-5"),
    _q("en", "excommunication", "his:21.5/sec-2", "his:21.5/list-1/item-2"),
    _q("en", "Mary I", "his:21.3/sec-1"),
    _q("en", "Society of Jesus", "his:21.5/sec-1", "his:21.5/list-1/item-1"),
    _q("en", "piracy markers", "his:19.6"),
    _q("en", "debaters", "his:19.7"),
    _q("en", "Clement VII", "his:19.8/table-1/row-1"),
    _q("en", "voyages of exploration", "his:20.2"),
    _q("en", "explorer lost at sea", "his:20.2/sec-1/para-2"),
    _q("en", "Spring Deployment", "vq:10"),
    _q("en", "Treasure Fleet Escorts", "vq:10/proc-1/step-1"),
    _q("en", "No Peace", "vq:9/sec-3"),
    _q("en", "Declare War", "pop:5.5/action-1"),
    _q("en", "Suppress Unrest", "pop:5.5/action-4"),
    _q("en", "mercenaries", "pop:5.5/action-2/optional-rule-2", "pop:5.5/action-3/para-5",
       why="the mercenary rules, not a Sack of Rome step that names them in passing"),
    _q("en", "naval bridge", "pop:5.5/action-2/para-6", "pop:5.5/action-2/para-5"),
    _q("en", "Fugger", "eu-risto:2:I/events-phase/2"),
    _q("en", "Habsburg control of Milano", "eu-risto:7:I"),
    _q("en", "Reformation", "eu-risto:8:I"),
    _q("en", "election of the emperor", "eu-risto:2:I"),
    _q("en", "war with Scotland", "eu-risto:10:I"),
    _q("en", "CP", "vq:11/list-1/item-1", why="the abbreviation where the rules define it"),
    _q("en", "Jesuit", "his:21.5/list-1/item-1", "his:21.5/sec-1"),
    # Russian: inflected forms, ё/е, abbreviations
    _q("ru", "Тордесильясский договор", "eu-risto:1:I"),
    _q("ru", "разграбление Рима", "his:21.5/sec-5"),
    _q("ru", "отлучения", "his:21.5/sec-2", "his:21.5/list-1/item-2", why="an inflected form of «отлучение»"),
    _q("ru", "Мария I", "his:21.3/sec-1"),
    _q("ru", "Марии", "his:21.3/sec-1", "his:21.3/sec-1/proc-1"),
    _q("ru", "Общество Иисуса", "his:21.5/sec-1", "his:21.5/list-1/item-1"),
    _q("ru", "фишки пиратства", "his:19.6"),
    _q("ru", "богословов", "his:19.7"),
    _q("ru", "Климент VII", "his:19.8/table-1/row-1"),
    _q("ru", "исследователь пропал в море", "his:20.2/sec-1/para-2"),
    _q("ru", "весеннее развёртывание", "vq:10", why="ё typed where the text writes е"),
    _q("ru", "КО", "vq:11/list-1/item-1", why="the abbreviation where the rules define it"),
    _q("ru", "Никакого мира", "vq:9/sec-3"),
    _q("ru", "объявить войну", "pop:5.5/action-1"),
    _q("ru", "подавить беспорядки", "pop:5.5/action-4"),
    _q("ru", "наёмники", "pop:5.5/action-2/optional-rule-2", "pop:5.5/action-3/para-5"),
    _q("ru", "наемники", "pop:5.5/action-2/optional-rule-2", "pop:5.5/action-3/para-5", why="е for ё"),
    _q("ru", "морской мост", "pop:5.5/action-2/para-6", "pop:5.5/action-2/para-5"),
    _q("ru", "Фуггеров", "eu-risto:2:I/events-phase/2"),
    _q("ru", "Реформация", "eu-risto:8:I"),
    _q("ru", "война с Шотландией", "eu-risto:10:I"),
    # glossary terms: typed in the other language, the term is what the reader looks up
    _q("ru", "mercenaries", "glossary#concept-pop-mercenary", why="an English term on the Russian site"),
    _q("ru", "command points", "glossary#concept-command-points"),
    _q("en", "Stab improvement", "eu-risto:8:I/occ-2/individual-consequences/france/2/a",
       "eu-risto:8:I/occ-2/individual-consequences/spain/2/a",
       "eu-risto:8:I/occ-2/individual-consequences/england/2/a",
       why="a glossary term the rules use: the units that use it first"),
]


@dataclass(frozen=True)
class Scored:
    query: Query
    rank: int | None  # 1 = the first link; None: not among the first DEPTH
    links: tuple[str, ...]

    @property
    def reciprocal(self) -> float:
        return 1 / self.rank if self.rank else 0.0


def landing(href: str) -> str:
    """A result link as a query names its target: the unit id, or "glossary#concept-…"."""
    parts = urlsplit(href)
    fragment = unquote(parts.fragment)
    if parts.path.rstrip("/").endswith("/glossary"):
        return "glossary#" + fragment
    return fragment


def counts(link: str, expected: tuple[str, ...]) -> bool:
    return any(link == unit or link.startswith(unit + "/") for unit in expected)


def scores(page, base_url: str, queries: list[Query]) -> list[Scored]:
    """Every query scored, in the order given: typed one after another into the search page of
    its language, each language's open in a tab of its own (``page`` the first), the languages
    searching side by side."""
    asked = {lang: [q for q in queries if q.lang == lang] for lang in sorted({q.lang for q in queries})}
    tabs = {lang: page if n == 0 else page.context.new_page() for n, lang in enumerate(asked)}
    for lang, tab in tabs.items():
        tab.goto(f"{base_url}/{lang}/search/")
    scored: dict[Query, Scored] = {}
    for round_ in zip_longest(*asked.values()):
        for query in filter(None, round_):
            type_search(tabs[query.lang], query.text)
        for query in filter(None, round_):
            found = tuple(landing(href) for href in typed_results(tabs[query.lang], query.text)[:DEPTH])
            rank = next((i for i, link in enumerate(found, 1) if counts(link, query.expected)), None)
            scored[query] = Scored(query, rank, found)
    for tab in tabs.values():
        if tab is not page:
            tab.close()
    return [scored[query] for query in queries]


def figures(scored: list[Scored]) -> dict[str, float]:
    """Mean reciprocal rank and the share of queries answered first, over ``scored``."""
    return {"queries": len(scored),
            "mrr": round(sum(s.reciprocal for s in scored) / len(scored), 3),
            "first": round(sum(s.rank == 1 for s in scored) / len(scored), 3)}
