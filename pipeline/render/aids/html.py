"""An aid's data to HTML, with the Jinja2 templates in templates/aids/ (the frame every aid
extends) and in each registered game's templates folder (the aid itself).

Autoescaping is on everywhere: rule text is untrusted and prints as written, never as markup.
One environment serves every aid of a build; its gettext is the catalog of the language being
rendered.
"""

from __future__ import annotations

from babel import Locale
from jinja2 import ChoiceLoader, Environment, FileSystemLoader, StrictUndefined

from ...core.labels import label
from ...core.model import Kind
from ...core.version import folio_version
from ...util import resources
from .. import games
from ..compiled import kept
from . import cards
from .address import Address
from .cards import CardSize
from .sheet import Sheet

TEMPLATES = resources.templates() / "aids"


def environment() -> Environment:
    folders = [TEMPLATES, *games.template_folders()]
    env = Environment(loader=ChoiceLoader([FileSystemLoader(str(folder)) for folder in folders]), autoescape=True,
                      undefined=StrictUndefined, extensions=["jinja2.ext.i18n"],
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["sentence"] = sentence
    return kept(env, "aids")  # compiled once per process: `folio serve` plans the aids on every save


#: how a phrase may already end: it is a sentence as it stands
ENDS = tuple(".!?…:;)»\"")


def sentence(phrase: str) -> str:
    """A fact's label (a phrase, as a box or a table cell shows it) set as a sentence, so labels
    printed one after another read «Держава без карточек должна пасовать. Спасовавшая…», never
    «…пасовать Спасовавшая…»."""
    phrase = str(phrase).rstrip()
    return phrase if not phrase or phrase.endswith(ENDS) else phrase + "."


def render_html(env: Environment, aid, sheet: Sheet, title: str, game: str, data: dict,
                version: str, address: Address | None, source_edition: str, card: CardSize, backs: bool,
                legend: list[tuple[str, str]] | None = None, bold: bool = True) -> str:
    """The aid ``aid`` in ``sheet``'s language; ``env`` must hold that language's catalog.
    ``source_edition``: the footer's edition of the rulebook; ``card``, ``backs``: a card aid's cards;
    ``legend``: the abbreviations it prints, with what they stand for; ``bold``: it prints the
    words of rule facts in bold, which its header explains."""
    names = {code: Locale.parse(code).get_display_name(sheet.lang) for code in sheet.fallbacks}
    source_labels = _rules_named(sheet, aid.sources)
    unprinted = sheet.left_out - sheet.kept  # the keywords list what the aid prints
    return env.get_template(f"{aid.key}.html").render(
        aid=aid, lang=sheet.lang, aid_title=title, game=game, version=version,
        folio_version=folio_version(), sources=list(aid.sources), source_labels=source_labels,
        units=[unit for unit in sheet.units_used if unit not in unprinted],
        facts=[fact for fact in sheet.facts_used if fact not in unprinted], fallbacks=names,
        address=address, source_edition=source_edition, card=card, backs=backs, legend=legend or [], bold=bold,
        card_css=cards.stylesheet(card), card_sheets=lambda printed: cards.sheets(printed, card, backs),
        cut_lines=cards.cut_lines, **data)


def _rules_named(sheet: Sheet, sources: tuple[str, ...]) -> list[str]:
    """The rules an aid covers as its footer names them: «Правила 10, 11, 11.1», not «Правило 10,
    Правило 11, Правило 11.1»; any other unit by its label."""
    units = [sheet.corpus.units[unit_id] for unit_id in sources]
    numbers = [str(unit.attrs.get("number") or "") for unit in units]
    if len(units) > 1 and all(unit.kind == Kind.SECTION for unit in units) and all(numbers):
        return [sheet.gettext("Rules %(numbers)s") % {"numbers": ", ".join(numbers)}]
    return [label(sheet.corpus, unit, sheet.lang, sheet.gettext) for unit in units]

