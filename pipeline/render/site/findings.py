"""The check stage's findings as the consistency report shows them: in the page's language.

A finding carries its message as a template and parameters (:class:`~pipeline.core.diagnostics.Text`,
the template a literal ``_()`` call where the check emits it, so the catalogs have it). A page
shows the catalog's translation of the template filled with the parameters, each shown by its
type: a language by its name, a :class:`~pipeline.core.diagnostics.Word` by its translation, a
:class:`~pipeline.core.diagnostics.Count` with its noun's plural form, a
:class:`~pipeline.core.diagnostics.Phrase` in the page's language where the data has it, a nested
message likewise. A finding whose template (or a nested one) the catalog does not translate is
shown as the English, marked so; nothing is guessed from the English words. A suggestion
that is advice carries its template likewise (``Diagnostic.advice``); one without is a fix
quoted as written (a word, a spelling).

In a template, ```…``` is inline code. A plain parameter is data quoted from the texts (shown
as written, marked with its language when it is not the page's), except by its name: ``unit…``
is a unit id, shown by its label and linked (``units…`` a list of them); a ``rulebook…``,
``concept…`` or ``fact…`` key is shown by the name a reader knows; ``letters`` (character
names) is code.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from markupsafe import Markup, escape

from ...core.diagnostics import Count, Diagnostic, Phrase, Text, Word, _
from ...core.model import Lang

#: what each code means (the `summary` its check declares, the same words: a test compares)
SUMMARIES = [
    _("a reference to a rulebook, rule, event deck or page outside the corpus"),
    _("a footnote marker whose footnote stands under another rule"),
    _("a footnote that no marker in the text points at"),
    _("a sequence starts at a number other than 1 (or `a`)"),
    _("a heading's number written differently from the document's other headings"),
    _("a sub-item indented differently from the document's other sub-items of its level"),
    _("a rendering this edition's termbase decision does not approve"),
    _("one concept rendered two ways inside one edition"),
    _("a term whose capitals are part of it (a proper name) written otherwise"),
    _("an abbreviation that neither the corpus nor the glossary defines for this game"),
    _("an abbreviation used before the document defines it"),
    _("a word in Cyrillic letters spelling a known Latin abbreviation, or the reverse (`СР`)"),
    _("an invisible character (zero-width space, bidi control, soft hyphen) inside a number, an id "
      "or a cross-reference (`21.5` with a zero-width space after the dot)"),
    _("an invisible character (zero-width space or joiner, bidi control, soft hyphen) in the text: "
      "no reader sees it, search and spelling do"),
    _("an opening quotation mark written as a closing one, or the reverse (`”America”`)"),
    _("a space just inside a quotation mark or bracket (`« Восстание`)"),
    _("a space before a colon, semicolon, comma, full stop, `!` or `?` (`[Draw Card] :`)"),
    _("an en or em dash used as a minus sign (`minus –1`); the minus sign is − (U+2212)"),
    _("a hyphen used as a minus sign (`-1`); typeset text uses − (U+2212)"),
    _("a number range dashed differently from the document's other ranges (`1 – 3` vs `3-6`)"),
    _("a Russian abbreviation missing a full stop (`т е.` for `т. е.`)"),
    _("a Russian abbreviation written without its space (`т.е.` for `т. е.`)"),
    _("a slash with a space on one side only (`LIBERTY/ HABSBURG`)"),
    _("a hyphen hanging at the end of a word (`revolt- is placed`): a lost word or sign"),
    _("a lone `?` where a word or game icon was lost when the text was converted"),
    _("a list item or effect without the final punctuation all its siblings have"),
    _("the file does not end with a newline (markdownlint MD047, flake8 W292)"),
    _("a notation written unlike most of its document (`т.е.` where the document writes `т. е.`)"),
    _("a document writing a notation unlike the rest of its edition (its ranges `1-3`, the edition's "
      "`1–3`)"),
    _("a numbered list inside a procedure restarting at 1 with the procedure's own step markers "
      "(`1.` after step 3)"),
    _("no comma before a Russian clause opened by «который», «что» or «если» (`провинция которая`)"),
    _("no comma before a Russian participial phrase that follows its noun (`армия охваченная восстанием`)"),
    _("a Russian adverbial phrase not set off by a comma (`Заплатив 2 дуката игрок`)"),
    _("a name no dictionary knows that the gazetteer (`corpus/gazetteer.yaml` and the termbase) knows "
      "in another spelling (`Wurttemburg` for `Wurttemberg`)"),
    _("a Russian adjective or participle that agrees with the next noun in no reading (`большой армия`)"),
    _("a Russian noun in a form its numeral does not take (`6 хода`, `два карты`)"),
    _("a Russian predicate that agrees with its subject in no reading, in number or in the past tense's "
      "gender (`армия отступили`, `отряды был уничтожен`)"),
    _("an English plural subject with a singular verb (`the units of the army is`)"),
    _("a word neither Hunspell nor the project word list knows (once per word and file)"),
    _("a real word that is wrong in its context (`loose` for `lose`, `не смотря на то`)"),
    _("an ALL-CAPS name spelled one letter away from the form the document uses more"),
    _("a name capitalised one way here and another way elsewhere in the file (`Нового света`)"),
    _("a table row with no cells (a lone `|`)"),
    _("running text (a worked example, several sentences) written inside a table row"),
    _("a termbase term on one side of a unit whose approved rendering is missing on the other "
      "(matched by lemma, so any inflection counts)"),
    _("a worked example says what the rules, run on the data, do not decide: the example "
      "contradicts the rules or itself"),
    _("a worked example reaches the rules' result, but the reason it gives states a different rule"),
    _("the words of a rule fact read two ways and the rules take one (the fact's `reading`): the "
      "text may need an erratum; the suggestion is the other reading"),
    _("the cross-references of a unit's two sides lead to different targets"),
    _("the numbers of a unit's two language sides differ (`50d` against `60д`)"),
    _("a number written as a word differs from the other side's number, in words or digits "
      "(`two` against «три» or `3`); «две» for `2` is the same number"),
    _("a translated unit with more or fewer sentences than its source: one left out, added, or "
      "two joined (counted by a sentence segmenter, so `5.5`, `т. е.` and `p. 13` do not end "
      "one)"),
    _("a Latin abbreviation, a name in capitals or a Roman numeral of the source (`CB`, "
      "`LUZON`, `II`) that the translation does not keep as printed"),
    _("a word of the translation spelling a Latin token of the source in Cyrillic look-alike "
      "letters (`СВ` for `CB`), even where it is also a Russian word"),
    _("a bracketed aside or a quotation of the source missing from the translation («…», “…” "
      "and ”…” are one quotation; `Realm(s)` is a plural, not an aside)"),
    _("a translation that ends with other punctuation than its source (a full stop, colon, "
      "semicolon, `?` or `!` left out, added or changed; after `»` or `)` too)"),
]

#: the severities' names
SEVERITIES = {"error": _("error"), "warning": _("warning"), "info": _("info")}

#: the check families, by the prefix of their codes
FAMILIES = {
    "num": _("Numbering"), "parity": _("Translation parity"), "ref": _("References"),
    "rules": _("Rules and examples"), "script": _("Alphabets"), "spell": _("Spelling"),
    "table": _("Tables"), "term": _("Terminology"), "typo": _("Typography"),
    "read": _("Reading the texts"), "tr": _("Translations"), "style": _("House style"),
    "agree": _("Agreement"), "punct": _("Punctuation"), "name": _("Names"),
}

#: the words around the findings `folio serve --findings` lists under a unit (:func:`preview`)
PREVIEW_HEADING = _("The checks found here")


def preview(diagnostics: list[Diagnostic], lang: str) -> dict:
    """The findings ``folio serve --findings`` lists under each unit of a page in ``lang``, as
    the report says them: the heading, and by unit each finding's severity in words, where it
    is (``path:line: code``, a translator's look-up), its message and suggestion (escaped
    markup, untranslated English marked ``lang="en"``) and the language the message is in.
    Suppressed findings and those about no unit are not listed."""
    from babel import Locale  # the preview's only: a build never asks

    from ...i18n import catalogs

    words = catalogs.committed(lang) if lang in catalogs.CATALOG_LANGUAGES else None
    gettext = words.gettext if words is not None else (lambda message: message)
    ngettext = words.ngettext if words is not None else (lambda one, many, n: one if n == 1 else many)
    findings = Findings(lang, gettext, ngettext, lambda code: Locale.parse(code).get_display_name(lang) or code,
                        lambda unit_id: None, translates=catalogs.translated_ids(lang).__contains__
                        if words is not None else None)
    suggested = gettext("suggestion: %(text)s")
    by_unit: dict[str, list[dict]] = {}
    for d in diagnostics:
        if d.unit is None or d.suppressed is not None:
            continue
        message = findings.message(d)
        suggestion = findings.suggestion(d) if d.suggestion else None
        by_unit.setdefault(d.unit, []).append({
            "severity": str(d.severity), "severity_words": gettext(SEVERITIES[str(d.severity)]),
            "where": f"{d.path}:{d.line}: {d.code}", "html": str(message.html),
            "lang": lang if message.translated else Lang.EN.value,
            "suggestion": str(Markup(suggested) % {"text": suggestion.html}) if suggestion is not None else None})
    return {"lang": lang, "heading": gettext(PREVIEW_HEADING), "units": by_unit}


@dataclass
class Shown:
    """How the report shows one text: a translation, or the English as written."""

    html: Markup
    translated: bool


class Findings:
    """Renders messages and suggestions for the pages of one language."""

    def __init__(self, lang: str, gettext: Callable[[str], str], ngettext, language_name,
                 unit_link: Callable[[str], Markup | None], names: dict[str, dict[str, str]] | None = None,
                 translates: Callable[[str], bool] | None = None):
        self.lang, self.gettext, self.ngettext = lang, gettext, ngettext
        #: whether the catalog translates a msgid (pipeline.i18n.catalogs.translated_ids): a
        #: translation may read as its msgid (`%(word)s`: %(why)s), so gettext alone cannot tell
        self.translates = translates or (lambda msgid: gettext(msgid) != msgid)
        self.language_name, self.unit_link = language_name, unit_link
        #: "rulebook" -> {key: game}, "concept" -> {id: term}: what a reader calls what a
        #: message names by its key
        self.names = names or {}
        self._messages: dict[tuple[str, str], Shown] = {}
        self._suggestions: dict[tuple[str, bool], Shown] = {}

    def forget(self) -> None:
        """Make every message and suggestion afresh from now on: a caller that notes which units
        the items it renders link (pipeline/render/site/report_items.py) sees each link made."""
        self._messages.clear()
        self._suggestions.clear()

    def summary(self, text: str) -> Markup:
        """A code's one-line meaning; the catalog has those of the codes listed in SUMMARIES."""
        if text and self.lang != Lang.EN and not self.translates(text):
            return Markup('<span lang="en">{}</span>').format(inline_code(escape(text)))
        return inline_code(escape(self.gettext(text) if text else text))

    def family(self, code: str) -> str:
        prefix = code.split("-", 1)[0]
        return self.gettext(FAMILIES[prefix]) if prefix in FAMILIES else prefix

    def message(self, d: Diagnostic) -> Shown:
        # a large corpus repeats its messages (a term, a missing word): each is made once
        if (d.code, d.message) not in self._messages:
            self._messages[d.code, d.message] = self._shown(d.words, d.message)
        return self._messages[d.code, d.message]

    def translated(self, words: Text) -> bool:
        """Whether the catalog translates the template and every template nested in it."""
        if self.lang == Lang.EN:
            return True
        return self.translates(words.template) and all(
            self.translated(value) for _name, value in words.params if isinstance(value, Text))

    def suggestion(self, d: Diagnostic) -> Shown:
        """Advice (a suggestion with a template) is translated; a quoted fix (a word, a
        spelling) is shown as it is."""
        written = d.suggestion or ""  # asked only of a diagnostic that has one
        key = (written, d.advice is None)
        if key not in self._suggestions:
            self._suggestions[key] = (Shown(self.quoted(written), True) if d.advice is None
                                      else self._shown(d.advice, written))
        return self._suggestions[key]

    def _shown(self, words: Text | None, english: str) -> Shown:
        """``words`` in the page's language, or the English marked so (a template the catalog
        lacks, or a note written before findings had templates)."""
        if words is not None and self.translated(words):
            return Shown(self._text(words), True)
        return Shown(Markup('<span lang="en" class="folio-untranslated">{}</span>').format(
            inline_code(escape(english))), self.lang == Lang.EN)

    def _text(self, words: Text) -> Markup:
        # Code spans are found in the template, before the parameters go in: a parameter's own
        # backticks stay text.
        slots = {name: f"\x00{name}\x00" for name, _value in words.params}
        out = str(inline_code(escape(self.gettext(words.template) % slots)))
        for name, value in words.params:
            out = out.replace(f"\x00{name}\x00", str(self._value(name, value)))
        return Markup(out)

    def _value(self, name: str, value) -> Markup:
        if isinstance(value, Text):
            return self._text(value)
        if isinstance(value, Lang):
            return escape(self.language_name(value))
        if isinstance(value, Word):
            if self.lang != Lang.EN and not self.translates(value.msgid):
                return Markup('<span lang="en" class="folio-untranslated">{}</span>').format(value.msgid)
            return escape(self.gettext(value.msgid))
        if isinstance(value, Count):
            if self.lang == Lang.EN and not value.whole:
                return escape(str(value.number))
            return escape(self.ngettext(*value.forms, value.number) % {"num": value.number})
        if isinstance(value, Phrase):
            own = value.in_(self.lang)
            # the page's own words may still quote the other language (a note citing the text)
            if own is not None and _UNIT_ID.search(own):
                return self.quoted(own)  # a unit the note names shows as its label, as in data
            return marked_runs(own, self.lang) if own is not None else self.quoted(str(value))
        if isinstance(value, int):
            return escape(str(value))
        return self._data(name, value)

    def _data(self, name: str, value: str) -> Markup:
        if name.startswith("units"):  # a list: "<rulebook>:2:I/events-phase, event:41:I"
            return Markup(", ").join(self._data("unit", one) for one in value.split(", "))
        if name.startswith("unit"):
            return self.unit_link(value) or self.quoted(value)
        if name == "letters":  # "С U+0421 CYRILLIC CAPITAL LETTER ES": the letter keeps its language
            return Markup("<code>{}</code>").format(marked_runs(value, self.lang))
        for kind, named in self.names.items():
            if name.startswith(kind) and value in named:
                return self.quoted(named[value])
        return self.quoted(value)

    def quoted(self, value: str) -> Markup:
        """Quoted data, its language marked, and any unit id in it shown as the unit's label."""
        # the ids found in the text as written, before its runs of another script are marked:
        # marking would cut `<rulebook>:5.5/action-1/footnote-2` into pieces no id pattern finds
        whole = _language_of(value)
        out, at = [], 0
        for found in _UNIT_ID.finditer(value):
            word = found.group(1).rstrip(".:")
            link = self.unit_link(word) if "/" in word else None
            if link is None:
                continue
            out += [self._marked(value[at:found.start()], whole), link]
            at = found.start() + len(word)
        if not out:
            return quoted(value, self.lang)
        return Markup("").join([*out, self._marked(value[at:], whole)])

    def _marked(self, piece: str, whole: str | None) -> Markup:
        """A piece of quoted data around a unit's link, marked as the whole of it would be."""
        if whole and whole != self.lang:
            return Markup('<span lang="{}">{}</span>').format(whole, inline_code(escape(piece))) if piece.strip() \
                else escape(piece)
        return marked_runs(piece, self.lang)


_UNIT_ID = re.compile(r"(?<![\w/])([a-z][\w-]*:[^\s,;«»()<&]+)")


def quoted(value: str, page_lang: str) -> Markup:
    """``value``, marked with its language where that is not the page's: the whole of it, or
    each run of words in the other script («охваченный беспорядками» = in unrest)."""
    lang = _language_of(value)
    if lang and lang != page_lang:
        return Markup(f'<span lang="{escape(lang)}">{inline_code(escape(value))}</span>')
    return marked_runs(value, page_lang)


def marked_runs(value: str, page_lang: str) -> Markup:
    """``value``, written in the page's language, with each run of words in the other script
    marked with its language (a Russian note quoting an English phrase)."""
    foreign = _RUNS.get(page_lang)
    if foreign is None:
        return inline_code(escape(value))
    marked, at = [], 0
    for run in foreign[1].finditer(value):
        marked += [escape(value[at:run.start()]),
                   Markup(f'<span lang="{escape(foreign[0])}">{escape(run.group(0))}</span>')]
        at = run.end()
    return inline_code(Markup("").join([*marked, escape(value[at:])]))  # data use `code` too


def _run_of(letters: str) -> re.Pattern:
    word = f"[{letters}][{letters}0-9'’-]*"
    return re.compile(f"(?<![\\w]){word}(?:[ ,/]+{word})*")


#: by the page's language: the language of the other script, and a run of its words
_RUNS = {"ru": ("en", _run_of("A-Za-z")), "en": ("ru", _run_of("А-Яа-яЁё"))}


def _language_of(text: str) -> str | None:
    """The language of a quoted phrase, when it has words to tell: Cyrillic or Latin letters."""
    russian, english = len(re.findall(r"[А-Яа-яЁё]{2,}", text)), len(re.findall(r"[A-Za-z]{2,}", text))
    if russian and russian >= english:
        return "ru"
    return "en" if english >= 2 else None


def inline_code(text: Markup) -> Markup:
    """```x``` as <code>x</code> in already escaped text; a lone backtick stays."""
    return Markup(re.sub(r"`([^`\n]+)`", r"<code>\1</code>", str(text)))
