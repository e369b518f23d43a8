"""The bilingual website, rendered from the corpus model into site/.

The stages, in order: plan the pages (:mod:`.structure`), prepare the interface strings
(:mod:`.i18n`: extract, update, compile), render every page of each language to HTML
(:mod:`.render`, :mod:`.units`, :mod:`.inline`), let the static generator wrap them in its theme
(:mod:`.mkdocs_adapter`), then index the result for search (:mod:`.search`). Everything is
written into a fresh directory that replaces site/ only once all of it succeeded.

A project opts in with a top-level mkdocs.yml (the theme and site settings); without one,
``folio build`` writes build/ only.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from ..atomic import atomic_dir
from ..diagnostics import Diagnostic
from ..model import Corpus
from ..termbase import GLOSSARY, Termbase, load_termbase
from . import i18n, mkdocs_adapter, search
from .render import TEMPLATES, Renderer, RenderedPage, root_page
from .structure import SITE_LANGUAGES, Site, plan

BASE_CONFIG = "mkdocs.yml"
ASSETS = TEMPLATES / "assets"


def wanted(root: Path) -> bool:
    return (Path(root) / BASE_CONFIG).is_file()


def render_site(corpus: Corpus, diagnostics: list[Diagnostic], root: Path,
                out_dir: Path | None = None) -> Path:
    """Build the whole site into ``out_dir`` (default: site/ under ``root``) and return it."""
    root = Path(root)
    out_dir = Path(out_dir) if out_dir is not None else root / "site"
    termbase = _termbase(root)
    site = plan(corpus)
    with tempfile.TemporaryDirectory(prefix="folio-site-") as work, atomic_dir(out_dir) as tmp:
        work = Path(work)
        translations, state = i18n.prepare(work / "locale")
        for lang in state.untranslated:
            pending = state.untranslated[lang]  # fuzzy ones included: msgfmt leaves them out
            if pending:  # the page shows the English string meanwhile: worth a line, not a stop
                print(f"{i18n.LOCALE.relative_to(i18n.FOLIO)}/{lang}/LC_MESSAGES/messages.po: "
                      f"{len(pending)} interface string(s) to translate or check, such as "
                      f"{pending[0]!r}", file=sys.stderr)
        for lang in SITE_LANGUAGES:
            renderer = Renderer(corpus, site, lang, translations[lang], termbase, diagnostics)
            pages = renderer.pages()
            mkdocs_adapter.build(lang, pages, navigation(site, pages, renderer.gettext),
                                 root / BASE_CONFIG, ASSETS, work / lang, tmp / lang)
        (tmp / "index.html").write_text(root_page(translations, SITE_LANGUAGES), encoding="utf-8")
        search.index(tmp)
        (tmp / ".gitkeep").touch()  # the placeholder git keeps for the directory
    return out_dir


def navigation(site: Site, pages: list[RenderedPage], gettext) -> list:
    """The site's menu: home, each game with its documents, then the translators' pages."""
    titles = {page.path: page.title for page in pages}
    nav: list = [(gettext("Home"), "")]
    for rulebook, documents in site.games.items():
        game = site.page("game", rulebook).path
        nav.append((titles[game], [(titles[game], game)] + [
            (titles[site.page("document", d.key).path], site.page("document", d.key).path)
            for d in documents]))
    nav += [(titles[site.page(name).path], site.page(name).path)
            for name in ("glossary", "status", "report", "search")]
    return nav


def _termbase(root: Path) -> Termbase | None:
    # A corpus without a termbase still gets a site, with a glossary page that says so.
    return load_termbase(root) if (root / GLOSSARY).is_file() else None
