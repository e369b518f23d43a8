"""The website's interface strings, from the Babel catalogs committed in pipeline/i18n/locale/.

A build only reads them: each catalog is compiled in memory (fuzzy entries left out, as msgfmt
leaves them out), so it never renders with a stale binary and never writes into Folio's own
files. Bringing the catalogs in step with the templates and the code (``pybabel extract`` →
``update``) is a developer's step, :mod:`pipeline.i18n.extract`, which scripts/install runs and
tests/render/site/test_site_i18n.py checks.
"""

from __future__ import annotations

import functools
import io
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from ..util import resources

DOMAIN = "messages"
#: the languages with a catalog; English is the source language of every msgid
CATALOG_LANGUAGES = ("ru",)
#: where a catalog is named in a message to the user (it is shipped inside the package)
SHOWN = "pipeline/i18n/locale"


@dataclass
class CatalogState:
    """What the committed catalogs leave to do: what a translator still has to do."""

    untranslated: dict[str, list[str]]  # lang -> msgids with no translation
    fuzzy: dict[str, list[str]]  # lang -> msgids whose translation needs a look


def catalog_path(lang: str, locale_dir: Path | None = None) -> Path:
    return (locale_dir or resources.locale()) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def template_path(locale_dir: Path | None = None) -> Path:
    return (locale_dir or resources.locale()) / f"{DOMAIN}.pot"


@functools.cache
def read_catalog(lang: str) -> Catalog:
    with catalog_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang)


@functools.cache
def committed(lang: str) -> NullTranslations:
    """The catalog of ``lang`` as it stands in pipeline/i18n/locale/, compiled in memory;
    English needs none (its msgids are the text)."""
    if lang not in CATALOG_LANGUAGES:
        return NullTranslations()
    compiled = io.BytesIO()
    write_mo(compiled, read_catalog(lang), use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


@functools.cache
def translated_ids(lang: str) -> frozenset[str]:
    """The msgids the catalog of ``lang`` translates, fuzzy ones left out as :func:`committed`
    leaves them out. A translation may be written as its msgid (`%(first)s; %(then)s`), so a
    string whose gettext is itself is not thereby untranslated."""
    if lang not in CATALOG_LANGUAGES:
        return frozenset()
    return frozenset(_msgid(m) for m in read_catalog(lang) if m.id and translated(m))


def state() -> CatalogState:
    found = CatalogState({}, {})
    for lang in CATALOG_LANGUAGES:
        catalog = read_catalog(lang)
        found.untranslated[lang] = [_msgid(m) for m in catalog if m.id and not translated(m)]
        found.fuzzy[lang] = [_msgid(m) for m in catalog if m.id and m.fuzzy]
    return found


def prepared() -> tuple[dict[str, NullTranslations], CatalogState]:
    """Each site language's translations and what the catalogs leave to do: what a build
    renders the website and the aids with. Reads only."""
    return {lang: committed(lang) for lang in ("en", *CATALOG_LANGUAGES)}, state()


def translated(message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return all(strings) and not message.fuzzy


def _msgid(message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]
