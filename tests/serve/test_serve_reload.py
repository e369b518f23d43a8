"""`folio serve` in a real Chromium: a one-word save of a source and of a Russian translation
shows the new word in the open page by itself, back on the unit the reader was on, the page's new
text swapped in place (no reload) with the theme's widgets working on it; the terminal says which findings the save brought and took away; the preview's script and findings
are the server's alone, never in the built site."""

from __future__ import annotations

import re

from serve_support import SOURCE, TRANSLATION, edited_project, folio_serve  # noqa: F401 - the `project` fixture

PAGE = "{lang}/pop/pop-military-actions/"
#: the unit the reader reads, far down the page: "• Undock: Move any number of your Ships ..."
UNDOCK = "• Undock: Move any number of your Ships from Ports and into adjacent non-Hostile Sea Zones."


def _read_at(page, words: str) -> tuple[str, float]:
    """Scroll the unit holding ``words`` to the top of the window: (its id, its top)."""
    unit = page.locator(".md-content [id]", has_text=words).last
    unit.evaluate("unit => unit.scrollIntoView()")
    page.evaluate("window.folioBeforeSave = true")  # gone if the page was loaded again
    return unit.get_attribute("id"), unit.evaluate("unit => unit.getBoundingClientRect().top")


def _reloaded_on(page, unit_id: str, word: str) -> float:
    """Wait for the page to show ``word`` in the unit by itself; the unit's top. The new text is
    swapped into the page as it stands: the page was not loaded again."""
    page.wait_for_function("([id, word]) => document.getElementById(id) && "
                           "document.getElementById(id).textContent.includes(word)", arg=[unit_id, word],
                           timeout=120_000)
    page.wait_for_timeout(300)  # the place is put back right after the swap
    assert page.evaluate("window.folioBeforeSave") is True
    return page.evaluate("id => document.getElementById(id).getBoundingClientRect().top", unit_id)


def test_a_saved_source_word_reloads_the_page_on_the_unit_and_reports_its_findings(project, page):
    with folio_serve(project) as served:
        page.goto(served.url + PAGE.format(lang="en"))
        unit_id, top = _read_at(page, "Undock")
        assert page.evaluate("window.scrollY") > 500  # far enough down that a reload to the top shows
        mark = served.save(SOURCE, UNDOCK, UNDOCK.replace("adjacent", "neighbouring"))
        assert abs(_reloaded_on(page, unit_id, "neighbouring") - top) < 40
        report = served.terminal.wait_for("rebuilt in", mark)
        assert f"after {SOURCE}:" in report
        # the translation of the unit is stale now: said once, with the words that changed
        new = [line for line in report.splitlines() if line.startswith("  new: ")]
        assert any(f"{TRANSLATION}:" in line and "tr-stale" in line and "neighbouring" in line for line in new), report


def test_a_saved_russian_word_reloads_the_russian_page(project, page):
    with folio_serve(project) as served:
        page.goto(served.url + PAGE.format(lang="ru"))
        unit_id, top = _read_at(page, "Выход из порта")
        served.save(TRANSLATION, "в соседние морские зоны", "в смежные морские зоны")
        assert abs(_reloaded_on(page, unit_id, "смежные") - top) < 40
        assert "соседние морские" not in page.locator(f"[id='{unit_id}']").text_content()


def test_the_swapped_page_keeps_its_widgets_and_findings(project, page):
    """After the new text is swapped in, what the reader uses still works on it: the table of
    contents follows the scroll (the theme mounted it again), the language switch lands on the
    unit read, and the findings under the units are the new build's."""
    with folio_serve(project, findings=True) as served:
        page.goto(served.url + PAGE.format(lang="en"))
        page.locator(".folio-preview-findings").first.wait_for()
        unit_id, top = _read_at(page, "Undock")
        served.save(SOURCE, UNDOCK, UNDOCK.replace("adjacent", "adjacant"))
        assert abs(_reloaded_on(page, unit_id, "adjacant") - top) < 40
        page.locator(".folio-preview-findings", has_text="adjacant").first.wait_for()
        # the table of contents is the new page's, and follows the reader up the page
        for heading in ("pop:5.5/action-3", "pop:5.5/action-1"):
            page.evaluate("id => document.getElementById(id).scrollIntoView()", heading)
            page.wait_for_function("id => { const a = document.querySelector("
                                   "'.md-sidebar--secondary .md-nav__link--active'); "
                                   "return a && a.getAttribute('href') === '#' + id; }",
                                   arg=heading, timeout=10_000)
        # the language switch carries the unit in view to the Russian page
        page.evaluate("id => document.getElementById(id).scrollIntoView()", unit_id)
        page.locator("a[data-folio-switch][hreflang=ru]").dispatch_event("click")
        page.wait_for_url("**/ru/pop/pop-military-actions/#**")
        assert page.url.split("#", 1)[1].replace("%3A", ":") == unit_id


def test_findings_show_under_their_units_in_the_preview_only(project, page):
    with folio_serve(project, findings=True) as served:
        mark = served.save(SOURCE, UNDOCK, UNDOCK.replace("adjacent", "adjacant"))
        report = served.terminal.wait_for("rebuilt in", mark)
        assert "spell-unknown" in report and "adjacant" in report, report
        page.goto(served.url + PAGE.format(lang="en"))
        shown = page.locator(".folio-preview-findings", has_text="adjacant")
        shown.first.wait_for()
        assert "spell-unknown" in shown.first.text_content()
        # the unit the finding is about holds it, or has it right after
        unit = shown.first.evaluate("list => list.getAttribute('data-folio-unit')")
        assert "adjacant" in page.locator(f"[id='{unit}']").text_content()
    # what the preview adds is never written into the site a build publishes
    pages = list((project / "site").rglob("*.html"))
    assert pages and not any(b".folio/preview.js" in p.read_bytes() or b"folio-preview-findings" in p.read_bytes()
                             for p in pages)


def test_findings_on_a_russian_page_are_said_in_russian(project, page):
    """The heading, the severities and the messages the catalog has in Russian; a message it
    lacks stays English, marked lang="en"."""
    with folio_serve(project, findings=True) as served:
        page.goto(served.url + PAGE.format(lang="ru"))
        boxes = page.locator(".folio-preview-findings")
        boxes.first.wait_for()
        assert {box.get_attribute("lang") for box in boxes.all()} == {"ru"}
        assert set(page.locator(".folio-preview-findings-heading").all_inner_texts()) == {"Что нашли проверки"}
        assert set(page.locator(".folio-preview-findings li > strong").all_inner_texts()) <= {
            "ошибка", "предупреждение", "к сведению"}
        messages = page.locator(".folio-preview-message")
        langs = [message.get_attribute("lang") for message in messages.all()]
        assert langs.count("ru") > 0 and set(langs) <= {"ru", "en"}
        for message in messages.all():
            if message.get_attribute("lang") == "ru":  # Russian words: no English outside a marked quotation
                said = message.evaluate("m => { const c = m.cloneNode(true); c.querySelectorAll('[lang=en], code')"
                                        ".forEach(e => e.remove()); return c.textContent; }")
                assert not re.search(r"[A-Za-z]+ [a-z]+ [a-z]+", said), said
