"""`folio serve --findings` lists each unit's findings under it in the page's language: the
heading, the severities and the messages in Russian on a Russian page where the catalog has them,
the English of a message it lacks marked lang="en", every piece of data escaped."""

from __future__ import annotations

from html import unescape

from page_text_support import english_phrases, latin_names, visible_text
from pipeline.core.diagnostics import Diagnostic, Severity
from pipeline.render.site.findings import preview


def test_a_russian_preview_says_the_findings_in_russian(corpus):
    units, diagnostics = corpus
    shown = preview(diagnostics, "ru")
    assert shown["lang"] == "ru" and shown["heading"] == "Что нашли проверки"
    items = [item for found in shown["units"].values() for item in found]
    listed = [d for d in diagnostics if d.unit is not None and d.suppressed is None]
    assert len(items) == len(listed) > 100
    assert {item["severity_words"] for item in items} <= {"ошибка", "предупреждение", "к сведению"}
    russian = [item for item in items if item["lang"] == "ru"]
    assert len(russian) > 0.9 * len(items)
    names = latin_names(units)
    for item in russian:  # the page's words, and English only where marked as such
        said = " ".join(visible_text(item["html"] + (item["suggestion"] or "")))
        assert english_phrases(said, names) == [], item
        assert "suggestion" not in said
    for item in items:
        if item["lang"] == "en":
            assert 'lang="en"' in item["html"], item


def test_an_english_preview_says_them_as_the_report_does(corpus):
    _units, diagnostics = corpus
    shown = preview(diagnostics, "en")
    items = [item for found in shown["units"].values() for item in found]
    assert shown["heading"] == "The checks found here"
    assert {item["lang"] for item in items} == {"en"}
    assert {item["severity_words"] for item in items} <= {"error", "warning", "info"}


def test_preview_findings_are_escaped_and_located():
    finding = Diagnostic("corpus/sources/x.en.txt", 7, "spell-unknown", "<script>alert(1)</script> & co",
                         Severity.ERROR, unit="x:1", suggestion="<b>fix</b>")
    suppressed = Diagnostic("corpus/sources/x.en.txt", 8, "spell-unknown", "quiet", unit="x:1", suppressed="why")
    shown = preview([finding, suppressed, Diagnostic("a", 1, "c", "no unit")], "ru")
    assert list(shown["units"]) == ["x:1"]
    (item,) = shown["units"]["x:1"]
    assert item["where"] == "corpus/sources/x.en.txt:7: spell-unknown"
    assert item["severity_words"] == "ошибка" and item["lang"] == "en"
    assert "<script>" not in item["html"] and "&lt;script&gt;" in item["html"]
    assert unescape(" ".join(visible_text(item["html"], every_language=True))).startswith("<script>alert(1)")
    assert "<b>" not in item["suggestion"] and item["suggestion"].startswith("предложение: ")
