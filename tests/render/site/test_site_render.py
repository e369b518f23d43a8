"""The website's renderer on a small corpus made here: one unit of every kind, references of
every status, a missing and a stale translation, and rule text that tries to be markup."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from babel.support import NullTranslations

from pipeline.core.errors import UnknownKind
from pipeline.core.model import Claims, Corpus, Document, Kind, Reference, RefKind, RefStatus, Side, Translation, Unit
from pipeline.i18n.catalogs import committed
from pipeline.language.termbase import Abbreviation, Termbase
from pipeline.render.site.fragments import Renderer
from pipeline.render.site.structure import plan
from pipeline.render.site.units import check_kinds, render

EVIL = "Beware: <script>alert(1)</script> **bold** {{ x }} {% raw %} [a](b) &amp; see 8:I"


class _Maker:
    def __init__(self) -> None:
        self.corpus = Corpus(documents=[
            Document("t-doc", "Test Game", "t", "Test rules", "test", "en", "pop-rulebook", "t.txt"),
            Document("t-other", "Test Game", "t", "Other rules", "test", "en", "pop-rulebook", "o.txt")])
        self.line = 0

    def add(self, unit_id, kind, parent, text, fields=None, attrs=None, document="t-doc"):
        self.line += 1
        unit = Unit(unit_id, kind, parent, document, dict(attrs or {}),
                    {"en": Side(text, f"{document}.txt", self.line, self.line, dict(fields or {}))})
        self.corpus.units[unit_id] = unit
        if parent:
            self.corpus.units[parent].children.append(unit_id)
        return unit

    def ref(self, source, words, status, target_id=None, kind=RefKind.EVENT, note=None, target=None):
        side = self.corpus.units[source].sides["en"]
        ref = Reference(source, "en", kind, words, target or words, side.path, side.line_start,
                        side.text.index(words) + 1, status=status, target_id=target_id, note=note)
        self.corpus.references.append(ref)
        return ref


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    m = _Maker()
    K = Kind
    m.add("t-doc", K.DOCUMENT, None, "Test rules", {"title": "Test rules"})
    m.add("t:1", K.SECTION, "t-doc", "1 Basics", {"title": "Basics"}, {"number": "1", "level": 2})
    m.add("t:8:I", K.EVENT, "t:1", "8: REFORMATION (historical date: 1517)\n(duration: until 9:I)",
          {"title": "REFORMATION", "historical_date": "1517", "duration": "until 9:I"},
          {"number": "8", "period": "I", "occurrences": 2})
    m.add("t:8:I/pre-1", K.PRECONDITION, "t:8:I", "1. Roll a die.", {"body": "Roll a die."},
          {"number": "1"})
    m.add("t:8:I/occ-1", K.OCCURRENCE, "t:8:I", "FIRST EVENT:", {"title": "FIRST EVENT"},
          {"ordinal": 1})
    m.add("t:8:I/occ-1/events-phase", K.PHASE, "t:8:I/occ-1", "EVENTS PHASE:",
          {"title": "EVENTS PHASE"}, {"key": "events-phase"})
    m.add("t:8:I/occ-1/events-phase/1", K.EFFECT, "t:8:I/occ-1/events-phase",
          "1. FRA receives a CB against SPA.", {"body": "FRA receives a CB against SPA."},
          {"number": "1"})
    m.add("t:1/modifiers-1", K.MODIFIERS, "t:1", "Use these modifiers:",
          {"body": "Use these modifiers:"})
    m.add("t:1/modifiers-1/mod-1", K.MODIFIER, "t:1/modifiers-1", "-1 If SPA is Catholic.",
          {"body": "If SPA is Catholic."}, {"value": -1})
    m.add("t:1/action-1", K.ACTION, "t:1", "Declare War (1c) #", {"title": "Declare War"},
          {"cost": "1c"})
    m.add("t:1/action-1/proc-1", K.PROCEDURE, "t:1/action-1", "Do this:", {"body": "Do this:"})
    m.add("t:1/action-1/proc-1/step-1", K.STEP, "t:1/action-1/proc-1", "1. Pay: pay 1c.",
          {"title": "Pay", "body": "pay 1c."}, {"number": "1"})
    m.add("t:1/action-1/proc-1/step-1/a", K.STEP, "t:1/action-1/proc-1/step-1",
          "a. Then look at step 1.", {"body": "Then look at step 1."}, {"number": "a"})
    m.add("t:1/table-1", K.TABLE, "t:1", "| Event | Turn |", {"header": ["Event", "Turn"]},
          {"columns": 2})
    m.add("t:1/table-1/row-1", K.ROW, "t:1/table-1", "| Clement | 2 |",
          {"cells": ["Clement", "2"]}, {"malformed": False})
    m.add("t:1/table-1/row-2", K.ROW, "t:1/table-1", "| Broken |",
          {"cells": ["Broken"]}, {"malformed": True, "problem": "cell-count", "header_cells": 2})
    m.add("t:1/table-1/example-1", K.EXAMPLE, "t:1/table-1", "Example: a worked case.",
          {"title": "Example", "body": "a worked case."}, {"embedded_in": "table-row"})
    m.add("t:1/list-1", K.LIST, "t:1", "")
    m.add("t:1/list-1/item-1", K.ITEM, "t:1/list-1", "• An item.", {"body": "An item."},
          {"marker": "•"})
    m.add("t:1/note-1", K.NOTE, "t:1", "Note: mind the gap.", {"title": "Note", "body": "mind the gap."},
          {"role": "note"})
    m.add("t:1/footnote-1", K.FOOTNOTE, "t:1", "* A footnote.", {"body": "A footnote."},
          {"marker": "*"})
    m.add("t:1/para-1", K.PARAGRAPH, "t:1", EVIL, {"title": "Beware", "body": EVIL[8:]})
    m.add("t:1/para-2", K.PARAGRAPH, "t:1", "See rule 9.9 and p. 22 and event 3.",
          {"body": "See rule 9.9 and p. 22 and event 3."})
    m.add("t-other", K.DOCUMENT, None, "")
    m.add("t:2", K.SECTION, "t-other", "2 Other", {"title": "Other"}, {"number": "2"},
          document="t-other")
    m.add("t:2/para-1", K.PARAGRAPH, "t:2", "As event 8:I says.", {"body": "As event 8:I says."},
          document="t-other")
    m.ref("t:1/para-1", "8:I", RefStatus.RESOLVED, "t:8:I")
    m.ref("t:1/para-2", "rule 9.9", RefStatus.EXTERNAL, kind=RefKind.RULE,
          note="Test basic rules (political), rule 9.9", target="9.9").claims = Claims(qual="political")
    m.ref("t:1/para-2", "p. 22", RefStatus.EXTERNAL, kind=RefKind.PAGE, target="22")
    m.ref("t:1/para-2", "event 3", RefStatus.UNRESOLVED, note="no event 3 in period I")
    m.ref("t:2/para-1", "8:I", RefStatus.RESOLVED, "t:8:I")
    m.ref("t:1/action-1/proc-1/step-1/a", "step 1", RefStatus.RESOLVED, "t:1/action-1/proc-1/step-1",
          kind=RefKind.STEP)
    # a Russian translation of the note, made from a source text that has changed since
    note = m.corpus.units["t:1/note-1"]
    note.sides["ru"] = Side("Примечание: осторожно.", "t.ru.yaml", 3, 3,
                            {"title": "Примечание", "body": "осторожно."})
    m.corpus.translations[("t:1/note-1", "ru")] = Translation(
        "t:1/note-1", "ru", "Примечание: осторожно.", "Note: mind the step.", "x", "t.ru.yaml", 3,
        stale=True)
    return m.corpus


TERMBASE = Termbase({"t": "Test Game"}, [], [
    Abbreviation("CB", "casus belli", frozenset({"t"}), 1),
    Abbreviation("SPA", "Spain", frozenset({"t"}), 2)])


def page_html(corpus: Corpus, lang: str = "en", key: str = "t-doc", translations=None) -> str:
    site = plan(corpus)
    renderer = Renderer(corpus, site, lang, translations or NullTranslations(), TERMBASE, [])
    return renderer.page(site.page("document", key)).html


def unit_html(html: str, unit_id: str) -> str:
    """The element that carries ``unit_id``, up to the next unit's anchor."""
    start = html.index(f'id="{unit_id}"')
    following = re.compile(r'id="t[:-]').search(html, start + 5)
    return html[start:following.start() if following else len(html)]


def test_every_kind_of_the_model_is_rendered(corpus):
    html = page_html(corpus)
    assert {unit.kind for unit in corpus.units.values()} == set(Kind)
    missing = [kind.value for kind in Kind if f'data-kind="{kind.value}"' not in html]
    assert missing == []


def test_a_kind_without_a_template_fails_loudly(corpus):
    stranger = Unit("t:x", "diagram", "t:1", "t-doc", {}, {"en": Side("x", "t", 1, 1)})  # type: ignore[arg-type]
    renderer = Renderer(corpus, plan(corpus), "en", NullTranslations(), TERMBASE, [])
    with pytest.raises(UnknownKind, match="diagram"):
        render(stranger, renderer._context(plan(corpus).page("document", "t-doc")))
    with pytest.raises(UnknownKind, match="paragraph"):
        check_kinds(SimpleNamespace(**{k.value: len for k in Kind if k != Kind.PARAGRAPH}))


def test_rule_text_is_shown_literally_never_as_markup(corpus):
    html = page_html(corpus)
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; **bold** {{ x }} {% raw %} [a](b) &amp;amp;" in html


def test_every_unit_has_an_anchor_equal_to_its_id(corpus):
    html = page_html(corpus)
    for unit in corpus.units.values():
        if unit.document == "t-doc" and unit.kind != Kind.DOCUMENT:
            assert html.count(f'id="{unit.id}"') == 1, unit.id


def test_a_resolved_reference_links_to_its_unit_on_its_page(corpus):
    here = unit_html(page_html(corpus), "t:1/para-1")
    assert re.search(r'<a class="folio-ref" href="#t:8:I" title="Event 8:I — Reformation">8:I</a>', here)
    there = unit_html(page_html(corpus, key="t-other"), "t:2/para-1")
    assert 'href="../t-doc/#t:8:I"' in there  # another document: its page, then the anchor


def test_external_and_unresolved_references_are_marked_and_explained(corpus):
    html = unit_html(page_html(corpus), "t:1/para-2")
    rule = re.search(r'<span class="folio-ref folio-ref--external" title="([^"]*)">rule 9.9', html)
    assert rule and rule.group(1) == "Outside this corpus: rule 9.9 in Test Game (the basic rules, political part)"
    assert re.search(r'folio-ref--external" title="Outside this corpus: page 22 in Test Game '
                     r'\(the printed rulebook&#39;s pages are not part of the corpus\)">p\. 22', html)
    russian = unit_html(page_html(corpus, "ru", translations=committed("ru")), "t:1/para-2")
    assert 'title="Вне корпуса: страница 22, Test Game (страниц печатной книги правил в корпусе нет)"' in russian
    assert re.search(r'folio-ref--unresolved" title="Unresolved reference: no event 3 in period I">'
                     r'event 3', html)


def test_every_unit_shows_what_refers_to_it(corpus):
    html = unit_html(page_html(corpus), "t:8:I")
    backlinks = re.search(r'class="folio-backlinks"[^>]*>(.*?)</p>', html, re.S).group(1)
    assert 'href="#t:1/para-1"' in backlinks and 'href="../t-other/#t:2/para-1"' in backlinks


def test_abbreviations_are_explained_where_they_appear(corpus):
    html = unit_html(page_html(corpus), "t:8:I/occ-1/events-phase/1")
    assert '<abbr title="casus belli">CB</abbr>' in html and '<abbr title="Spain">SPA</abbr>' in html


def test_events_show_their_facts_and_procedures_their_numbered_steps(corpus):
    html = page_html(corpus)
    event = unit_html(html, "t:8:I")
    assert "Event 8, period I" in event and "<dd>1517</dd>" in event
    assert 'Duration</dt><dd>until 9:I</dd>' in event and "can occur 2 times" in event
    assert re.search(r'<ol class="folio-run folio-run--step"><li id="t:1/action-1/proc-1/step-1"', html)
    assert '<span class="folio-cost" title="Action cost">1c</span>' in unit_html(html, "t:1/action-1")


def test_tables_are_tables_with_malformed_rows_marked(corpus):
    html = page_html(corpus)
    assert "<th>Event</th><th>Turn</th>" in html
    assert '<tr id="t:1/table-1/row-1" class="folio-unit folio-row" data-kind="row"><td>Clement</td>' in html
    broken = unit_html(html, "t:1/table-1/row-2")
    assert "folio-malformed" in broken and "Malformed row: 1 cell where the header has 2" in broken


def test_a_unit_without_a_side_in_the_language_shows_the_original_with_a_notice(corpus):
    html = page_html(corpus, "ru")
    assert 'lang="en"' in unit_html(html, "t:1")
    # the notice stands at the top of the untranslated stretch (here: the whole document, whose
    # title is not translated either), not on every unit inside it
    assert html.count("Not translated yet: shown in the original (английский).") == 1
    assert html.index("Not translated yet") < html.index('id="t:1"')
    assert "Not translated yet" not in unit_html(html, "t:1/para-2")


def test_a_stale_translation_says_so_with_the_change(corpus):
    note = unit_html(page_html(corpus, "ru"), "t:1/note-1")
    assert "осторожно" in note and "folio-stale" in note
    assert "This translation may be outdated" in note
    assert "Note: mind the [-step.-] {+gap.+}" in note  # the source's change, word by word
    assert "Not translated yet" not in note


def test_a_translation_awaiting_review_says_so(corpus):
    import copy

    fuzzy = copy.deepcopy(corpus)
    step = fuzzy.units["t:8:I/pre-1"]
    step.sides["ru"] = Side("1. Бросьте кость.", "t.ru.yaml", 5, 5, {"body": "Бросьте кость."})
    fuzzy.translations[("t:8:I/pre-1", "ru")] = Translation(
        "t:8:I/pre-1", "ru", "1. Бросьте кость.", "1. Roll a die.", "x", "t.ru.yaml", 5, fuzzy=True)
    html = unit_html(page_html(fuzzy, "ru"), "t:8:I/pre-1")
    assert "Бросьте кость." in html and "folio-fuzzy" in html
    assert "This translation awaits a translator's review." in html
    assert "may be outdated" not in html


def test_an_old_id_of_a_renumbered_unit_is_an_anchor_inside_it(corpus):
    """Every kind that has an anchor also carries the ids it had in the edition the site compares
    with, inside its own element (a row's in a cell: a table would push it out of place), so a
    bookmark of the old id lands on it."""
    from pipeline.editions.baseline import ChangesSince
    from pipeline.editions.diff import DocumentDiff, EditionDiff, Move

    units = [u for u in corpus.units.values() if u.document == "t-doc" and u.kind != Kind.DOCUMENT]
    moved = [Move(f"old-{u.id}", u.id, str(u.kind), "moved", 1.0, None, None) for u in units]
    changes = ChangesSince("v1", "0" * 40, None, EditionDiff("v1", "now", [
        DocumentDiff("t-doc", "Test rules", "changed", len(units), moved=moved)]))
    site = plan(corpus, changes=True)
    html = Renderer(corpus, site, "en", NullTranslations(), TERMBASE, [], changes=changes).page(
        site.page("document", "t-doc")).html
    for unit in units:
        assert f'<span id="old-{unit.id}" class="folio-alias"' in unit_html(html, unit.id), unit.id
    assert '<p class="folio-meta folio-changes-link"><a href="changes/">' in html
