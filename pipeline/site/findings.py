"""The check stage's findings as the consistency report shows them: in the page's language.

A check writes its message once, in English, for the terminal and checks.json. Each message
form is declared here as a template with named parameters (``%(word)s``), the same words the
check writes; the report matches a finding's message against its code's templates, takes the
parameters out and fills in the catalog's translation of the template. A message that matches
none (a new message form, or one added to a check without a template here) is shown as
written, marked as English, and the website's tests list it.

In a template, ```…``` is inline code; a parameter named ``unit…`` is a unit id, shown by its
label and linked; ``lang…`` a language code, shown by its name; ``…_note`` a phrase matched in
turn against :data:`NOTES`; a ``rulebook…`` or ``concept…`` key, by the name a reader knows; a parameter listed in a template's ``counted`` is a number whose
noun follows the catalog's plural forms. Parameters are quoted from the texts and data (words,
glossary notes) and are shown as written, marked with their language when it is not the page's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable

from markupsafe import Markup, escape

from ..model import LANGUAGES, Lang


def _(message: str) -> str:
    """Marks a catalog string; it is translated when a page is rendered."""
    return message


def ngettext(singular: str, plural: str) -> tuple[str, str]:
    """Marks a catalog string with plural forms, picked when a page is rendered."""
    return singular, plural


@dataclass(frozen=True)
class Template:
    english: str
    #: parameter -> (singular, plural) catalog strings with %(num)d: "%(num)d time"
    counted: dict[str, tuple[str, str]] = field(default_factory=dict)

    @cached_property
    def pattern(self) -> re.Pattern:
        parts, seen = [], set()
        for literal, name in re.findall(r"(.*?)(?:%\((\w+)\)s|$)", self.english, re.S):
            parts.append(re.escape(literal))
            if name:
                parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
                seen.add(name)
        return re.compile("".join(parts) + r"\Z", re.S)


def T(english: str, **counted: tuple[str, str]) -> Template:
    return Template(english, counted)


#: parity-numbers and parity-number-words: what is missing and what is there instead
_DELTA_NUMBERS = [
    T(_("numbers differ from the %(lang)s side: missing %(missing)s; instead %(extra)s")),
    T(_("numbers differ from the %(lang)s side: missing %(missing)s")),
    T(_("numbers differ from the %(lang)s side: extra %(extra)s"))]

#: by code, the message forms the checks write (the most specific first)
MESSAGES: dict[str, list[Template]] = {
    "num-heading-style": [
        T(_("event heading written `%(style)s`, while the other %(count)s event heading(s) of this "
            "document are written `%(usual)s` (%(examples)s)")),
        T(_("section heading written `%(style)s`, while the other %(count)s section heading(s) of "
            "this document are written `%(usual)s` (%(examples)s)"))],
    "num-indent": [
        T(_("sub-item `%(marker)s` is not indented, while the other %(count)s sub-item(s) of its "
            "level in this document are indented by %(spaces)s spaces (e.g. line %(line)s)"))],
    "num-start": [
        T(_("the effects of `%(block)s` start at %(first)s, not at 1: they continue the numbering "
            "of the previous block `%(previous)s` (line %(line)s), which ends at %(last)s; the other "
            "%(count)s effect sequence(s) of this document start at 1"))],
    "parity-brackets": [
        T(_("%(count)s bracketed aside on the %(lang)s side, %(here)s here"),
          count=ngettext("%(num)d bracketed aside", "%(num)d bracketed asides")),
        T(_("%(count)s bracketed asides on the %(lang)s side, %(here)s here"),
          count=ngettext("%(num)d bracketed aside", "%(num)d bracketed asides")),
        T(_("%(count)s square-bracketed aside on the %(lang)s side, %(here)s here"),
          count=ngettext("%(num)d square-bracketed aside", "%(num)d square-bracketed asides")),
        T(_("%(count)s square-bracketed asides on the %(lang)s side, %(here)s here"),
          count=ngettext("%(num)d square-bracketed aside", "%(num)d square-bracketed asides")),
        T(_("%(count)s quotation on the %(lang)s side, %(here)s here"),
          count=ngettext("%(num)d quotation", "%(num)d quotations")),
        T(_("%(count)s quotations on the %(lang)s side, %(here)s here"),
          count=ngettext("%(num)d quotation", "%(num)d quotations")),],
    "parity-final-punct": [
        T(_("the translation ends without the `%(theirs)s` the %(lang)s side ends with")),
        T(_("the translation ends with `%(ours)s`; the %(lang)s side has no final punctuation")),
        T(_("the translation ends with `%(ours)s` where the %(lang)s side ends with `%(theirs)s`"))],
    "parity-lookalike": [
        T(_("`%(word)s` is typed in Cyrillic letters (%(letters)s); the %(lang)s side has the "
            "Latin `%(latin)s`"))],
    "parity-numbers": _DELTA_NUMBERS,
    "parity-number-words": _DELTA_NUMBERS,
    "parity-references": [
        T(_("references differ from the %(lang)s side: missing %(units_missing)s; instead "
            "%(units_extra)s")),
        T(_("references differ from the %(lang)s side: missing %(units_missing)s")),
        T(_("references differ from the %(lang)s side: extra %(units_extra)s"))],
    "parity-sentences": [
        T(_("%(count)s sentence where the %(lang)s side has %(theirs)s: its sentence %(n)s (%(quote)s) has no counterpart here"),
          count=ngettext("%(num)d sentence", "%(num)d sentences")),
        T(_("%(count)s sentences where the %(lang)s side has %(theirs)s: its sentence %(n)s (%(quote)s) has no counterpart here"),
          count=ngettext("%(num)d sentence", "%(num)d sentences")),
        T(_("%(count)s sentence where the %(lang)s side has %(theirs)s: sentence %(n)s here (%(quote)s) has no counterpart on the %(lang2)s side"),
          count=ngettext("%(num)d sentence", "%(num)d sentences")),
        T(_("%(count)s sentences where the %(lang)s side has %(theirs)s: sentence %(n)s here (%(quote)s) has no counterpart on the %(lang2)s side"),
          count=ngettext("%(num)d sentence", "%(num)d sentences")),
        T(_("%(count)s sentence where the %(lang)s side has %(theirs)s: its sentences %(n)s and %(m)s are one sentence here (%(quote)s)"),
          count=ngettext("%(num)d sentence", "%(num)d sentences")),
        T(_("%(count)s sentences where the %(lang)s side has %(theirs)s: its sentences %(n)s and %(m)s are one sentence here (%(quote)s)"),
          count=ngettext("%(num)d sentence", "%(num)d sentences")),
        T(_("%(count)s sentence where the %(lang)s side has %(theirs)s: its sentence %(n)s is two sentences here (%(quote)s …)"),
          count=ngettext("%(num)d sentence", "%(num)d sentences")),
        T(_("%(count)s sentences where the %(lang)s side has %(theirs)s: its sentence %(n)s is two sentences here (%(quote)s …)"),
          count=ngettext("%(num)d sentence", "%(num)d sentences")),],
    "parity-verbatim": [
        T(_("%(tokens)s of the %(lang)s side is not in the translation, which keeps abbreviations "
            "and names in capitals as printed")),
        T(_("%(tokens)s of the %(lang)s side are not in the translation, which keeps abbreviations "
            "and names in capitals as printed"))],
    "parity-term-missing": [
        T(_("«%(term)s» (%(concept)s) is on the %(lang)s side; its %(lang_other)s rendering "
            "(%(renderings)s) is not on the %(lang_other)s side"))],
    "ref-external": [T(_("'%(words)s' points outside the corpus: %(where_note)s")),
                     T(_("\"%(words)s\" points outside the corpus: %(where_note)s"))],
    "ref-footnote-distant": [
        T(_("footnote marker '%(marker)s': no %(marker)s footnote under %(unit)s; the nearest is "
            "%(unit_nearest)s"))],
    "ref-footnote-unreferenced": [
        T(_("footnote '%(marker)s' is not pointed at by any marker above it"))],
    "rules-ambiguous": [
        T(_("%(fact)s (%(unit)s): the words read two ways; the rules take: %(reading)s "
            "(recorded at %(place)s)"))],
    "rules-example-contradiction": [
        T(_("%(claim)s: %(quote)s — %(fact)s: the example says %(said)s, the rules give %(given)s; "
            "%(rule)s at %(unit)s (%(why)s)"))],
    "rules-example-reasoning": [
        T(_("%(claim)s: %(quote)s — %(fact)s: the example implies %(said)s, the rules give "
            "%(given)s; %(rule)s at %(unit)s"))],
    "script-lookalike": [
        T(_("`%(word)s` is typed in Cyrillic letters (%(letters)s): it looks like the Latin "
            "abbreviation `%(latin)s` but will not match it; this document writes `%(latin)s` at "
            "line %(line)s")),
        T(_("`%(word)s` is typed in Cyrillic letters (%(letters)s): it looks like the Latin "
            "abbreviation `%(latin)s` but will not match it; this document writes `%(latin)s`"))],
    "spell-case-variant": [
        T(_("`%(here)s` here, `%(other)s` %(count)s time(s) elsewhere in this file: one name, two "
            "capitalisations"), count=ngettext("%(num)d time", "%(num)d times"))],
    "spell-confusable": [T(_("`%(word)s`: %(why)s"))],
    "spell-name-variant": [
        T(_("`%(rare)s` appears once in this file, `%(usual)s` %(count)s times: one name spelled two "
            "ways?"), count=ngettext("%(num)d time", "%(num)d times"))],
    "spell-unknown": [
        T(_("unknown word `%(word)s` (once in this file): not in the %(lang)s dictionary nor in "
            "%(wordlist)s; add it there only if it is game vocabulary or a name")),
        T(_("unknown word `%(word)s` (%(count)s times in this file): not in the %(lang)s dictionary "
            "nor in %(wordlist)s; add it there only if it is game vocabulary or a name"), count=ngettext("%(num)d time", "%(num)d times"))],
    "table-empty-row": [T(_("empty table row `%(row)s` inside a %(columns)s-column table"))],
    "table-prose-in-cell": [
        T(_("worked example `%(title)s` is written inside a table row; a table holds values, and a "
            "%(columns)s-column table cannot lay out a paragraph"))],
    "term-abbr-before-definition": [
        T(_("«%(abbr)s» is used before the document defines it at %(place)s"))],
    "term-abbr-undefined": [
        T(_("«%(abbr)s» is never defined for %(rulebook)s (used %(count)s time in this document); "
            "the glossary notes: %(note)s"), count=ngettext("%(num)d time", "%(num)d times")),
        T(_("«%(abbr)s» is never defined for %(rulebook)s (used %(count)s times in this document); "
            "the glossary notes: %(note)s"), count=ngettext("%(num)d time", "%(num)d times")),
        T(_("«%(abbr)s» is never defined for %(rulebook)s (used %(count)s time in this document); "
            "the glossary does not list it"), count=ngettext("%(num)d time", "%(num)d times")),
        T(_("«%(abbr)s» is never defined for %(rulebook)s (used %(count)s times in this document); "
            "the glossary does not list it"), count=ngettext("%(num)d time", "%(num)d times"))],
    "term-case": [T(_("«%(found)s»: the name is written «%(name)s»"))],
    "term-inconsistent": [
        T(_("«%(found)s» for %(concept)s, which the %(rulebook)s edition writes «%(usual)s» %(count)s "
            "times (first at %(place)s)"), count=ngettext("%(num)d time", "%(num)d times"))],
    "term-unapproved": [
        T(_("«%(found)s» is not an approved rendering of %(concept)s (%(why)s)"))],
    "typo-abbrev-broken": [T(_("`%(found)s`: the abbreviation lacks a full stop"))],
    "typo-abbrev-spacing": [
        T(_("`%(found)s` without a space; Russian typesetting writes `%(right)s` (with a "
            "non-breaking space)"))],
    "typo-dangling-hyphen": [
        T(_("hyphen hangs after `%(word)s`: a word after it is missing, or it stands for a sign "
            "(`%(sign)s`?)"))],
    "typo-final-newline": [
        T(_("the file ends without a newline after its last line; tools that join or compare files "
            "then run its last line into the next"))],
    "typo-final-punct": [
        T(_("no final punctuation, while its %(count)s siblings end with it"))],
    "typo-lost-glyph": [
        T(_("a lone `%(glyph)s` stands where a word or a game icon should be: the text lost a "
            "character when it was converted"))],
    "typo-minus-dash": [T(_("an en dash used as the minus sign of `%(number)s`"))],
    "typo-minus-hyphen": [T(_("hyphen used as the minus sign of `%(number)s`"))],
    "typo-quote-direction": [
        T(_("opening quotation mark written as the closing `%(mark)s`")),
        T(_("closing quotation mark written as the opening `%(mark)s`"))],
    "typo-range-dash": [
        T(_("range `%(range)s` is written with a hyphen, while this document also writes ranges "
            "with an en dash with spaces (`%(example)s`, line %(line)s)"))],
    "typo-slash-spacing": [T(_("a space on one side of the slash only"))],
    "typo-space-before-punct": [
        T(_("space before `%(mark)s`: neither English nor Russian puts one there"))],
    "typo-space-inside": [T(_("space after the opening `%(mark)s`")),
                          T(_("space before the closing `%(mark)s`"))],
}

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
    _("the file does not end with a newline"),
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
    "read": _("Reading the texts"), "tr": _("Translations"),
}

#: where an external reference points, as the reference resolver writes it
NOTES: list[Template] = [
    T(_("%(game)s (%(rulebook)s), Period %(period)s, event %(number)s: not in the corpus")),
    T(_("%(game)s basic rules (%(part)s), rule %(rule)s")),
    T(_("%(game)s rulebook, rule %(rule)s: not in the corpus")),
    T(_("%(game)s rulebook, rules %(low)s to %(high)s")),
    T(_("%(game)s rulebook, pages %(pages)s (pages are not in the corpus)")),
    T(_("%(game)s rulebook, page %(page)s (pages are not in the corpus)")),
    T(_("%(game)s, %(deck)s events deck, event %(number)s")),
]

#: the suggestions that are advice rather than a quoted fix, by their English text
SUGGESTIONS: list[Template] = [
    T(_("indent it by %(spaces)s spaces")),
    T(_("renumber from 1, or merge the block into the previous one if the numbering is meant to "
        "run on")),
    T(_("add the %(marker)s footnote under this rule, or point at the one meant")),
    T(_("restore the marker (or the table or text that carried it)")),
    T(_("delete the line, or fill in its cells")),
    T(_("end the table before it and write the example as its own paragraph, without the `|` "
        "around it")),
    T(_("write «%(definition)s» here, at the first use")),
    T(_("add a newline")),
    T(_("restore the missing word or icon")),
    T(_("the other reading: %(alternative)s")),
    T(_("point at the same rules, events and steps as the source")),
    T(_("keep every bracketed aside and quotation of the source")),
    T(_("check every number against the source")),
    T(_("write the source's numbers, in digits or in words")),
    T(_("check that nothing is added")),
    T(_("check that both are translated")),
    T(_("keep one line per source line")),
    T(_("translate the whole unit, or none of it")),
    T(_("translate %(quote)s")),
    T(_("end with `%(mark)s`")),
    T(_("drop the final `%(mark)s`")),
    T(_("review it and clear the fuzzy flag in your PO editor, then re-import")),
]


@dataclass
class Shown:
    """How the report shows one text: a translation, or the English as written."""

    html: Markup
    translated: bool


class Findings:
    """Renders messages and suggestions for the pages of one language."""

    def __init__(self, lang: str, gettext: Callable[[str], str], ngettext, language_name,
                 unit_link: Callable[[str], Markup | None], names: dict[str, dict[str, str]] | None = None):
        self.lang, self.gettext, self.ngettext = lang, gettext, ngettext
        self.language_name, self.unit_link = language_name, unit_link
        #: "rulebook" -> {key: game}, "concept" -> {id: term}: what a reader calls what a
        #: message names by its key
        self.names = names or {}
        self._messages: dict[tuple[str, str], Shown] = {}
        self._suggestions: dict[str, Shown] = {}

    def summary(self, text: str) -> Markup:
        """A code's one-line meaning; the catalog has those of the codes listed in SUMMARIES."""
        translated = self.gettext(text) if text else text
        if translated == text and self.lang != Lang.EN and text:
            return Markup('<span lang="en">{}</span>').format(inline_code(escape(text)))
        return inline_code(escape(translated))

    def family(self, code: str) -> str:
        prefix = code.split("-", 1)[0]
        return self.gettext(FAMILIES[prefix]) if prefix in FAMILIES else prefix

    def message(self, code: str, text: str) -> Shown:
        # a large corpus repeats its messages (a term, a missing word): each is made once
        if (code, text) not in self._messages:
            self._messages[code, text] = self._shown(MESSAGES.get(code, []), text)
        return self._messages[code, text]

    def suggestion(self, text: str) -> Shown:
        """Advice is translated; a quoted fix (a word, a spelling) is shown as it is."""
        if text not in self._suggestions:
            self._suggestions[text] = self._suggestion(text)
        return self._suggestions[text]

    def _suggestion(self, text: str) -> Shown:
        for template in SUGGESTIONS:
            found = template.pattern.match(text)
            if found:
                return Shown(self._fill(template, found.groupdict()), True)
        return Shown(self.quoted(text), True)

    def _shown(self, templates: list[Template], text: str) -> Shown:
        for template in templates:
            found = template.pattern.match(text)
            if found:
                return Shown(self._fill(template, found.groupdict()), True)
        return Shown(Markup(f'<span lang="en">{inline_code(escape(text))}</span>'), self.lang == Lang.EN)

    def _fill(self, template: Template, params: dict[str, str]) -> Markup:
        # Code spans are found in the template, before the parameters go in: a parameter's own
        # backticks stay text.
        slots = {name: f"\x00{name}\x00" for name in params}
        skeleton = inline_code(escape(self.gettext(template.english) % slots))
        out = str(skeleton)
        for name, value in params.items():
            out = out.replace(f"\x00{name}\x00", str(self._param(template, name, value)))
        return Markup(out)

    def _param(self, template: Template, name: str, value: str) -> Markup:
        if name in template.counted and value.isdigit() and self.lang != Lang.EN:
            singular, plural = template.counted[name]
            return escape(self.ngettext(singular, plural, int(value)) % {"num": int(value)})
        if name.startswith("lang") and value in LANGUAGES:
            return escape(self.language_name(value))
        if name.startswith("units"):  # a list: "eu-risto:2:I/events-phase, event:41:I"
            return Markup(", ").join(self._param(template, "unit", one) for one in value.split(", "))
        if name.startswith("unit"):
            return self.unit_link(value) or self.quoted(value)
        for kind, named in self.names.items():
            if name.startswith(kind) and value in named:
                return self.quoted(named[value])
        if name.endswith("_note"):
            shown = self._shown(NOTES, value)
            return shown.html
        return self.quoted(value)

    def quoted(self, value: str) -> Markup:
        """Quoted data, its language marked, and any unit id in it shown as the unit's label."""
        def linked(found: re.Match) -> str:
            word, tail = found.group(1).rstrip(".:"), found.group(1)[len(found.group(1).rstrip(".:")):]
            link = self.unit_link(word) if "/" in word else None
            return str(link) + tail if link is not None else found.group(0)
        return Markup(_UNIT_ID.sub(linked, str(quoted(value, self.lang))))


_UNIT_ID = re.compile(r"(?<![\w/])([a-z][\w-]*:[^\s,;«»()<&]+)")


def quoted(value: str, page_lang: str) -> Markup:
    """``value``, marked with its language where that is not the page's: the whole of it, or
    each run of words in the other script («охваченный беспорядками» = in unrest)."""
    lang = _language_of(value)
    if lang and lang != page_lang:
        return Markup(f'<span lang="{escape(lang)}">{inline_code(escape(value))}</span>')
    foreign = _RUNS.get(page_lang)
    if foreign is None:
        return inline_code(escape(value))
    marked, at = [], 0
    for run in foreign[1].finditer(value):
        marked += [escape(value[at:run.start()]),
                   Markup(f'<span lang="{escape(foreign[0])}">{escape(run.group(0))}</span>')]
        at = run.end()
    return inline_code(Markup("").join(marked + [escape(value[at:])]))  # data use `code` too


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
