"""The website's interface strings: catalogs in step with the templates, all of them translated
into Russian, with Russian plural forms."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from pipeline.site import i18n


@pytest.fixture(scope="module")
def ru(tmp_path_factory):
    translations, _ = i18n.prepare(tmp_path_factory.mktemp("mo"))
    return translations["ru"]


def _ids(catalog) -> set:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}


def test_the_template_catalog_holds_every_string_of_the_templates():
    with (i18n.LOCALE / "messages.pot").open("rb") as handle:
        committed = read_po(handle)
    assert _ids(committed) == _ids(i18n.extract()), "run `folio build` to update messages.pot"


def test_every_string_has_a_russian_translation_with_the_same_placeholders():
    with (i18n.LOCALE / "ru" / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalog = read_po(handle, locale="ru")
    assert _ids(catalog) == _ids(i18n.extract())
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
    translations = i18n.translations("en", None)
    assert translations.ngettext("%(num)d event", "%(num)d events", 1) % {"num": 1} == "1 event"
    assert translations.ngettext("%(num)d event", "%(num)d events", 3) % {"num": 3} == "3 events"


def test_a_build_of_unchanged_templates_leaves_the_catalogs_as_they_are(tmp_path):
    files = [i18n.LOCALE / "messages.pot", i18n.LOCALE / "ru" / "LC_MESSAGES" / "messages.po"]
    before = [f.read_bytes() for f in files]
    i18n.prepare(tmp_path)
    assert [f.read_bytes() for f in files] == before
    assert (tmp_path / "ru" / "LC_MESSAGES" / "messages.mo").is_file()
