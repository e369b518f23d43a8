"""Diagnostics: what any stage has to say about the input, with a stable code and a location.

A finding's words are a template and its parameters (:class:`Text`): the terminal and
checks.json get the English, ``template % params``; the website fills the catalog's
translation of the template with the parameters shown in the page's language. A parameter is
data quoted as it is (a word of the text, a number, a path) unless its type says otherwise:
:class:`~pipeline.core.model.Lang` is shown by the language's name, :class:`Word` is a catalog string
of its own (a kind, a reason Folio states), :class:`Count` a number with its noun's plural
forms, :class:`Phrase` data written in each language, and a :class:`Text` a message inside a
message.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import IntEnum
from sys import intern
from typing import Any, Union

from .model import Lang


def _(msgid: str) -> str:
    """Marks a template or a word for the interface catalogs (pipeline/i18n/extract.py reads
    the literal); the website translates it when it renders a page."""
    return msgid


def ngettext(singular: str, plural: str) -> tuple[str, str]:
    """Marks a counted noun's forms for the catalogs: ``ngettext("%(num)d time", "%(num)d times")``."""
    return singular, plural


@dataclass(frozen=True)
class Word:
    """A parameter that is a catalog string: the page shows its translation."""

    msgid: str

    def __str__(self) -> str:
        return self.msgid


@dataclass(frozen=True)
class Count:
    """A number whose noun a translation inflects: English writes the bare number, a page in
    another language the catalog's plural form of ``forms`` (``%(num)d``)."""

    number: int
    forms: tuple[str, str]
    #: the template says the noun in no language ("%(count)s where the … side has …"): English
    #: writes the form of ``forms`` too, chosen by the number, so no template picks one itself
    whole: bool = False

    def __str__(self) -> str:
        if self.whole:
            return self.forms[self.number != 1] % {"num": self.number}
        return str(self.number)


@dataclass(frozen=True)
class Phrase:
    """Data written in more than one language (a glossary note and its ``note_ru``): English
    for the terminal, the page's language where the data has it."""

    by_lang: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, **by_lang: str | None) -> Phrase:
        return cls(tuple(sorted((lang, text) for lang, text in by_lang.items() if text)))

    def in_(self, lang: str) -> str | None:
        return dict(self.by_lang).get(lang)

    def __str__(self) -> str:
        return self.in_(Lang.EN) or self.by_lang[0][1]


Param = Union[str, int, Lang, Word, Count, Phrase, "Text"]


@dataclass(frozen=True, slots=True)
class Text:
    """A message: a literal template (``%(name)s`` placeholders) and its parameters, in the
    order of their names: the check cache keeps JSON with sorted keys, and a finding read back
    from it must write the bytes a fresh one writes (checks.json of a rebuild and a clean build)."""

    template: str
    params: tuple[tuple[str, Param], ...] = ()

    def __str__(self) -> str:
        return self.template % {name: str(value) for name, value in self.params}

    def to_json(self) -> dict:
        return {"template": self.template, "params": {name: _encode(value) for name, value in self.params}}

    @classmethod
    def from_json(cls, data: dict) -> Text:
        # a template is one of a few hundred literals, read back once per finding: held once
        return cls(intern(data["template"]),
                   tuple(sorted((intern(name), _decode(value)) for name, value in data["params"].items())))


def text(template: str, **params: Param) -> Text:
    """``text(_("hyphen used as the minus sign of `%(number)s`"), number="-1")``"""
    return Text(template, tuple(sorted(params.items())))


def _encode(value: Param) -> Any:
    # JSON keeps str and int as they are; a typed value becomes a one-key object naming its type
    if isinstance(value, Lang):
        return {"lang": value.value}
    if isinstance(value, Word):
        return {"word": value.msgid}
    if isinstance(value, Count):
        return {"count": value.number, "forms": list(value.forms), **({"whole": True} if value.whole else {})}
    if isinstance(value, Phrase):
        return {"phrase": dict(value.by_lang)}
    if isinstance(value, Text):
        return {"text": value.to_json()}
    return value


def _decode(value: Any) -> Param:
    if not isinstance(value, dict):
        return value
    if "lang" in value:
        return Lang(value["lang"])
    if "word" in value:
        return Word(value["word"])
    if "count" in value:
        return Count(value["count"], tuple(value["forms"]), bool(value.get("whole")))
    if "phrase" in value:
        return Phrase(tuple(sorted(value["phrase"].items())))
    return Text.from_json(value["text"])


class Severity(IntEnum):
    INFO = 1
    WARNING = 2
    ERROR = 3

    def __str__(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, name: str) -> Severity:
        return cls[name.upper()]


@dataclass(frozen=True)
class Code:
    """A kind of finding, declared once where it is emitted, documented from here."""

    code: str  # stable, kebab-case, prefixed by family: "term-forbidden"
    severity: Severity
    summary: str  # one line: what the finding means


@dataclass(frozen=True, slots=True)
class Diagnostic:
    path: str
    line: int
    code: str
    message: str
    severity: Severity = Severity.WARNING
    col: int = 1
    unit: str | None = None
    suggestion: str | None = None
    #: why a finding is accepted (from corpus/checks.yaml); a suppressed finding is still reported
    suppressed: str | None = None
    #: the message as a template and parameters, ``message == str(words)``; None for a note
    #: written before findings had templates (a translation shows it in English)
    words: Text | None = field(default=None, compare=False)
    #: the suggestion as a template and parameters when it is advice in words (``suggestion ==
    #: str(advice)``); None when it is a fix quoted as written (a word, a spelling, a number)
    advice: Text | None = field(default=None, compare=False)

    def __str__(self) -> str:
        text = f"{self.path}:{self.line}:{self.col}: {self.severity} {self.code}: {self.message}"
        if self.suggestion:
            text += f" (suggestion: {self.suggestion})"
        return text

    @property
    def template(self) -> str | None:
        return self.words.template if self.words is not None else None

    @property
    def params(self) -> dict[str, Param]:
        return dict(self.words.params) if self.words is not None else {}

    def sort_key(self) -> tuple:
        return (self.path, self.line, self.col, self.code, self.message)

    def with_(self, **changes) -> Diagnostic:
        return replace(self, **changes)

    @classmethod
    def of(cls, path: str, line: int, code: str, words: Text, severity: Severity = Severity.WARNING,
           col: int = 1, unit: str | None = None, suggestion: str | Text | None = None) -> Diagnostic:
        """A diagnostic whose message is ``words`` in English; a suggestion given as a
        :class:`Text` is advice, a plain string a fix quoted as written."""
        advice = suggestion if isinstance(suggestion, Text) else None
        written = str(suggestion) if suggestion is not None else None
        return cls(path, line, code, str(words), severity, col, unit, written, words=words, advice=advice)

    def to_json(self) -> dict:
        data = {"path": self.path, "line": self.line, "code": self.code, "message": self.message,
                "severity": str(self.severity), "col": self.col, "unit": self.unit,
                "suggestion": self.suggestion, "suppressed": self.suppressed}
        if self.words is not None:
            data.update(self.words.to_json())
        if self.advice is not None:
            advice = self.advice.to_json()
            data.update(suggestion_template=advice["template"], suggestion_params=advice["params"])
        return data

    @classmethod
    def from_json(cls, data: dict) -> Diagnostic:
        """What :meth:`to_json` wrote (checks.json, the check cache), as the diagnostic."""
        fields = {k: v for k, v in data.items() if k not in _WORDS}
        # findings come back from the workers and the cache as JSON, each with its own copy of
        # strings that tens of thousands share (a file, a code, a unit): held once at x1000
        fields.update(path=intern(data["path"]), code=intern(data["code"]))
        if data.get("unit") is not None:
            fields["unit"] = intern(data["unit"])
        words = Text.from_json(data) if "template" in data else None
        advice = (Text.from_json({"template": data["suggestion_template"], "params": data["suggestion_params"]})
                  if "suggestion_template" in data else None)
        return cls(**{**fields, "severity": Severity.parse(data["severity"])}, words=words, advice=advice)


#: the keys of a diagnostic's JSON that hold its message and its advice as templates
_WORDS = ("template", "params", "suggestion_template", "suggestion_params")
