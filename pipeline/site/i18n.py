"""The website's interface strings: Babel catalogs extracted, updated and compiled on every build.

``pybabel extract`` → ``update`` → ``compile``, run through Babel's own Python API with the
mapping in babel.cfg, so that the three can never drift apart: a string added to a template
reaches messages.pot and the Russian catalog in the same build (untranslated, which the tests
refuse), and the .mo the pages are rendered with is compiled from the catalog as it is now,
never a stale committed binary. The catalogs are written only when their messages changed, and
without line numbers or dates, so a build of unchanged templates leaves them byte for byte.
"""

from __future__ import annotations

import functools
import io
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.support import NullTranslations, Translations

FOLIO = Path(__file__).resolve().parents[2]  # the Folio checkout: babel.cfg, templates/
LOCALE = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"
#: the languages with a catalog; English is the source language of every msgid
CATALOG_LANGUAGES = ("ru",)
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2)}
_EPOCH = datetime(2000, 1, 1, tzinfo=timezone.utc)  # fixed header dates: no churn in git


@dataclass
class CatalogState:
    """What one build found in the catalogs: what a translator still has to do."""

    untranslated: dict[str, list[str]]  # lang -> msgids with no translation
    fuzzy: dict[str, list[str]]  # lang -> msgids whose translation needs a look


def extract(root: Path = FOLIO) -> Catalog:
    """``pybabel extract``: every UI string of the templates and of pipeline/site/*.py."""
    with (root / "babel.cfg").open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    template = _catalog(None)
    for filename, _lineno, message, comments, context in extract_from_dir(
            root, method_map, options_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True):
        template.add(message, None, [(filename, None)], auto_comments=comments, context=context)
    return template


def update(template: Catalog, locale_dir: Path = LOCALE) -> CatalogState:
    """Write messages.pot and merge it into each language's catalog (``pybabel update``)."""
    _write_if_changed(locale_dir / f"{DOMAIN}.pot", template)
    state = CatalogState({}, {})
    for lang in CATALOG_LANGUAGES:
        path = locale_dir / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if path.exists():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang)
        else:
            catalog = _catalog(lang)
        catalog.update(template, update_creation_date=False)
        catalog.revision_date = _EPOCH
        _write_if_changed(path, catalog)
        state.untranslated[lang] = [m.id if isinstance(m.id, str) else m.id[0]
                                    for m in catalog if m.id and not _translated(m)]
        state.fuzzy[lang] = [m.id if isinstance(m.id, str) else m.id[0]
                             for m in catalog if m.id and m.fuzzy]
    return state


def compile_catalogs(out_dir: Path, locale_dir: Path = LOCALE) -> dict[str, Path]:
    """``pybabel compile`` into ``out_dir``/<lang>/LC_MESSAGES/messages.mo; fuzzy entries are
    left out, as msgfmt leaves them out."""
    written = {}
    for lang in CATALOG_LANGUAGES:
        with (locale_dir / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        target = out_dir / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        written[lang] = target
    return written


def translations(lang: str, mo_dir: Path) -> NullTranslations:
    """The compiled catalog for ``lang``; English needs none (its msgids are the text)."""
    if lang not in CATALOG_LANGUAGES:
        return NullTranslations()
    return Translations.load(str(mo_dir), [lang], DOMAIN)


@functools.cache
def committed(lang: str) -> NullTranslations:
    """The catalog of ``lang`` as it stands in pipeline/site/locale/, compiled in memory, for a
    command that renders no page (`folio po export`): it extracts nothing, so it writes into
    Folio's own tree nothing a read-only install would refuse."""
    if lang not in CATALOG_LANGUAGES:
        return NullTranslations()
    with (LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def prepared() -> tuple[dict[str, NullTranslations], CatalogState]:
    """:func:`prepare`, the compiled catalogs loaded and dropped: what a build renders with."""
    with tempfile.TemporaryDirectory(prefix="folio-locale-") as work:
        return prepare(Path(work))


def prepare(mo_dir: Path, root: Path = FOLIO) -> tuple[dict[str, NullTranslations], CatalogState]:
    """Extract, update and compile; return each site language's translations."""
    state = update(extract(root))
    compile_catalogs(mo_dir)
    return {lang: translations(lang, mo_dir) for lang in ("en", *CATALOG_LANGUAGES)}, state


def _catalog(lang: str | None) -> Catalog:
    return Catalog(locale=lang, domain=DOMAIN, project="Folio website", version="1",
                   creation_date=_EPOCH, revision_date=_EPOCH, fuzzy=False,
                   msgid_bugs_address="", last_translator="", language_team="",
                   header_comment="# The interface strings of the Folio website.\n"
                                  "# Generated by `folio build` from babel.cfg; translate msgstr only.")


def _translated(message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return all(strings) and not message.fuzzy


def _write_if_changed(path: Path, catalog: Catalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=96, sort_output=True, include_lineno=False,
             ignore_obsolete=True)
    data = buffer.getvalue()
    if not path.exists() or path.read_bytes() != data:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
