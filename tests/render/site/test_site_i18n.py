"""The website's interface strings: catalogs in step with the templates, all of them translated
into Russian, with Russian plural forms."""

from __future__ import annotations

import re
import shutil

import pytest
from babel.messages.pofile import read_po

from pipeline.i18n import catalogs as i18n
from pipeline.i18n import extract
from pipeline.util import resources

CHECKOUT = resources.checkout()


@pytest.fixture(scope="module")
def ru():
    translations, _ = i18n.prepared()
    return translations["ru"]


def _ids(catalog) -> set:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}


def test_the_committed_catalogs_are_those_the_templates_and_the_code_make():
    # a build reads the committed catalogs and never updates them: a string added to a
    # template is caught here, with the command that brings the catalogs in step
    stale = extract.stale(CHECKOUT, resources.locale())
    assert not stale, (f"{', '.join(str(p.relative_to(CHECKOUT)) for p in stale)} out of step with "
                       f"the templates and the code: run `{extract.COMMAND}` (scripts/install does)")


def test_a_string_added_to_a_template_makes_the_catalogs_stale(tmp_path):
    checkout = tmp_path / "folio"
    shutil.copytree(CHECKOUT / "templates", checkout / "templates")
    shutil.copytree(CHECKOUT / "pipeline", checkout / "pipeline",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(CHECKOUT / "babel.cfg", checkout)
    locale = checkout / "pipeline" / "i18n" / "locale"
    page = checkout / "templates" / "site" / "home.html"
    page.write_text(page.read_text("utf-8") + "{{ _('A string nobody translated yet') }}\n", "utf-8")
    assert sorted(p.name for p in extract.stale(checkout, locale)) == ["messages.po", "messages.pot"]
    assert sorted(p.name for p in extract.update(checkout, locale)) == ["messages.po", "messages.pot"]
    assert "A string nobody translated yet" in (locale / "messages.pot").read_text("utf-8")
    assert extract.stale(checkout, locale) == []


def test_every_string_has_a_russian_translation_with_the_same_placeholders():
    with i18n.catalog_path("ru").open("rb") as handle:
        catalog = read_po(handle, locale="ru")
    assert _ids(catalog) == _ids(extract.extract(CHECKOUT))
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        assert all(strings) and not message.fuzzy, f"untranslated: {ids[0]!r}"
        assert len(strings) == (3 if message.pluralizable else 1)
        wanted = set(re.findall(r"%\(\w+\)[sd]|%%", ids[0]))
        for string in strings:
            assert set(re.findall(r"%\(\w+\)[sd]|%%", string)) == wanted, (ids[0], string)


@pytest.mark.parametrize("n, text", [(1, "1 событие"), (3, "3 события"), (5, "5 событий"),
                                     (11, "11 событий"), (21, "21 событие"), (22, "22 события")])
def test_russian_plural_forms(ru, n, text):
    assert ru.ngettext("%(num)d event", "%(num)d events", n) % {"num": n} == text


def test_english_plural_forms():
    translations = i18n.committed("en")
    assert translations.ngettext("%(num)d event", "%(num)d events", 1) % {"num": 1} == "1 event"
    assert translations.ngettext("%(num)d event", "%(num)d events", 3) % {"num": 3} == "3 events"
