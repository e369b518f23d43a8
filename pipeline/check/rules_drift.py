"""Rules as data, checked against the prose: corpus/rules facts and worked examples.

Three questions, each with its own codes:

- does every fact still stand in its unit's text, in every language the unit has, with the
  numbers the data gives (drift in the text, or a changed fact in the data)?
- does every executable rule find the facts it reads?
- do the texts' worked examples, replayed through the rules module, say what the rules decide?
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Iterator

from ..core.diagnostics import Diagnostic, Phrase, Severity
from ..core.model import LANGUAGES, Lang, Side, Unit
from ..rules import RULES, load_facts
from ..rules.facts import Fact, Facts
from ..rules.rendering import rendered
from ..rules.scenarios import Replay, load_scenarios, replay
from ..rules.wording import contains, find, find_changed, numbers, periods
from .base import CheckContext, Code, Text, Word, _, at, on_unit, text

UNIT_MISSING = Code("rules-unit-missing", Severity.ERROR,
                    "a rule fact or a worked-example scenario is bound to a unit id the corpus does not have")
FACT_MISSING = Code("rules-fact-missing", Severity.ERROR,
                    "an executable rule reads a fact that corpus/rules does not define")
VALUE_MISMATCH = Code("rules-value-mismatch", Severity.ERROR,
                      "a fact's value states other numbers than its own wording in the text (the data "
                      "changed, the text did not)")
DRIFT = Code("rules-drift", Severity.ERROR,
             "a fact's words stand in the unit's text with other numbers (the text changed, the data "
             "did not), or a language side of the unit lacks the fact's number")
WORDING_MISSING = Code("rules-wording-missing", Severity.ERROR,
                       "the words a fact or an example claim quotes are no longer in the unit's text (its "
                       "original: a translation's are found again, rules-wording-realigned)")
WORDING_UNRECORDED = Code("rules-wording-unrecorded", Severity.INFO,
                          "a unit has a language side for which the fact records no wording; only "
                          "its numbers were checked there")
EXAMPLE_CONTRADICTION = Code("rules-example-contradiction", Severity.WARNING,
                             "a worked example says what the rules, run on the data, do not decide: "
                             "the example contradicts the rules or itself")
EXAMPLE_REASONING = Code("rules-example-reasoning", Severity.WARNING,
                         "a worked example reaches the rules' result, but the reason it gives "
                         "states a different rule")
EXAMPLE_INVALID = Code("rules-example-invalid", Severity.ERROR,
                       "a worked-example scenario the rules module cannot replay (unknown rule, bad input)")
AMBIGUOUS = Code("rules-ambiguous", Severity.INFO,
                 "the words of a rule fact read two ways and the rules take one (the fact's `reading`): "
                 "the text may need an erratum; the suggestion is the other reading")
WORDING_REALIGNED = Code("rules-wording-realigned", Severity.INFO,
                         "a translation no longer holds the words a fact recorded for it, and says the "
                         "fact in other words, found again from the original's: the keeper of "
                         "corpus/rules/ may record them (the site and the aids show them already)")
WORDING_UNALIGNED = Code("rules-wording-unaligned", Severity.WARNING,
                         "a translation no longer holds the words a fact recorded for it, and no span of "
                         "it renders the original's words: for the keeper of corpus/rules/ to check the "
                         "translation and quote its words (the suggestion is the nearest span)")
WORDING_TRANSLATION_ONLY = Code("rules-wording-translation-only", Severity.WARNING,
                                "a fact quotes a translation of its unit but not the unit's original: the "
                                "original's words are the rule, and a translation's are found again from "
                                "them when it changes")
READING_UNTRANSLATED = Code("rules-reading-untranslated", Severity.WARNING,
                            "a fact's reading (or its alternative) has no text in a language of the "
                            "corpus: that language's pages show it in English")
CODES = [UNIT_MISSING, FACT_MISSING, VALUE_MISMATCH, DRIFT, WORDING_MISSING, WORDING_UNRECORDED,
         WORDING_REALIGNED, WORDING_UNALIGNED, WORDING_TRANSLATION_ONLY, EXAMPLE_CONTRADICTION,
         EXAMPLE_REASONING, EXAMPLE_INVALID, AMBIGUOUS, READING_UNTRANSLATED]


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    """The facts bound to units of ``ctx.corpus`` (one rulebook's shard, or the whole corpus)."""
    facts = ctx.shared("rules.facts", lambda: load_facts(ctx.root, missing_ok=True))
    # by unit, not a pass over every fact: a rulebook's shard of a large corpus holds few of them
    yield from check_facts(ctx, [fact for unit_id in ctx.corpus.units
                                 for fact in facts.by_unit.get(unit_id, ())])


def check_whole(ctx: CheckContext) -> Iterable[Diagnostic]:
    """What spans rulebooks, once over the whole corpus: facts bound to a unit no document has,
    the executable rules against the facts, the worked examples."""
    facts = ctx.shared("rules.facts", lambda: load_facts(ctx.root, missing_ok=True))
    yield from check_facts(ctx, [fact for fact in facts if fact.unit not in ctx.corpus.units])
    yield from check_rules(ctx, facts)


def check_facts(ctx: CheckContext, facts: Iterable[Fact]) -> Iterator[Diagnostic]:
    """Each fact against its unit's text: the part a rulebook's shard of the checks runs."""
    for fact in facts:
        yield from _fact(ctx, fact)


def check_rules(ctx: CheckContext, facts: Facts) -> Iterator[Diagnostic]:
    """The executable rules against the facts, the worked examples replayed: corpus-wide."""
    yield from _rules_read(facts)
    for scenario in load_scenarios(ctx.root):
        yield from _example(ctx, replay(scenario, facts))


def _data(code: Code, fact: Fact, message: Text, line: int | None = None,
          suggestion: str | Text | None = None) -> Diagnostic:
    return Diagnostic.of(fact.path, line or fact.line, code.code, message, code.severity, 1, fact.unit,
                      suggestion)


def _fact(ctx: CheckContext, fact: Fact) -> Iterator[Diagnostic]:
    unit = ctx.corpus.units.get(fact.unit)
    if unit is None:
        close = difflib.get_close_matches(fact.unit, list(ctx.corpus.units), n=1)
        yield _data(UNIT_MISSING, fact, text(_("%(fact)s is bound to %(unit)s, which the corpus does not have"),
                                             fact=fact.id, unit=fact.unit),
                    suggestion=text(_("did you mean %(unit)s?"), unit=close[0]) if close else None)
        return
    for lang, fragments in fact.wording.items():
        stated = _stated(fact, fragments)
        if stated is not None and sorted(set(stated)) != sorted(set(map(str, _expected(fact)))):
            yield _data(VALUE_MISMATCH, fact, text(_("%(fact)s (%(unit)s): the data says %(data)s, the text "
                                                     "says %(now)s (%(quote)s)"), fact=fact.id, unit=fact.unit,
                                                   data=fact.shown(),
                                                   now=", ".join(stated) or Word(_("no number")),
                                                   quote=repr(" … ".join(fragments))), fact.value_line,
                        text(_("correct the value, or the wording if the text changed")))
        if lang not in unit.sides:
            yield _data(WORDING_MISSING, fact, text(_("%(fact)s quotes a %(lang)s text, but %(unit)s has no "
                                                      "%(lang)s side"), fact=fact.id, lang=Lang(lang),
                                                    unit=fact.unit),
                        suggestion=text(_("remove %(key)s"), key=f"wording.{lang}"))
    original = ctx.corpus.document_of(unit).language
    for lang, side in unit.sides.items():
        if lang in fact.wording:
            translated = lang != original and original in unit.sides
            yield from _worded(ctx, unit, side, lang, fact, translated=translated)
        else:
            yield from _unworded(unit, side, lang, fact, original=lang == original)
    if fact.reading:
        yield from _ambiguous(ctx, unit, fact)
    yield from _untranslated_reading(fact)


def _untranslated_reading(fact: Fact) -> Iterator[Diagnostic]:
    for lang in LANGUAGES:
        if fact.readings and lang not in fact.readings:
            yield _data(READING_UNTRANSLATED, fact,
                        text(_("%(fact)s: the reading and its alternative have no %(lang)s text; the %(lang)s "
                               "pages show them in English"), fact=fact.id, lang=Lang(lang)), fact.reading_line,
                        text(_("write %(reading)s and %(alternative)s beside their en"),
                             reading=f"reading.{lang}", alternative=f"alternative.{lang}"))


def _ambiguous(ctx: CheckContext, unit: Unit, fact: Fact) -> Iterator[Diagnostic]:
    """Once per fact, where its words stand in the unit's own language (a translator reads the
    original to see what it says)."""
    lang = ctx.corpus.document_of(unit).language
    lang = lang if lang in unit.sides else next(iter(unit.sides))
    side, fragments = unit.sides[lang], fact.wording.get(lang) or ()
    where = next((found for found in (find(f, side.text) for f in fragments) if found), None)
    message = text(_("%(fact)s (%(unit)s): the words read two ways; the rules take: %(reading)s "
                     "(recorded at %(place)s)"), fact=fact.id, unit=unit.id,
                   reading=Phrase.of(**fact.readings),  # each page in its own language
                   place=f"{fact.path}:{fact.line}")
    suggestion = text(_("the other reading: %(alternative)s"), alternative=Phrase.of(**fact.alternatives))
    yield (at(AMBIGUOUS, unit, side, where.start, message, suggestion=suggestion) if where
           else on_unit(AMBIGUOUS, unit, side, message, suggestion=suggestion))


def _expected(fact: Fact) -> list:
    if fact.type == "period":
        return [fact.value]
    return fact.numbers()


def _stated(fact: Fact, fragments: tuple[str, ...]) -> list[str] | None:
    """What the wording states, in the form the value is compared in; None: nothing to compare."""
    if fact.type == "period":
        return [p for f in fragments for p in periods(f)]
    if fact.type not in ("number", "range"):
        return None
    stated = [n for f in fragments for n in numbers(f)]
    if fact.type == "number" and fact.value == 0 and not stated:
        return ["0"]  # "Протестанты не получают отрядов": a zero said in words
    return [str(n) for n in stated]


def _worded(ctx: CheckContext, unit: Unit, side: Side, lang: str, fact: Fact, *,
            translated: bool = False) -> Iterator[Diagnostic]:
    """The fact's words in one side: the original is held to them; a translation that says the
    fact in other words is found again (:func:`_rendered`), never an error of its translator."""
    lost = []
    for fragment in fact.wording[lang]:
        if contains(fragment, side.text):
            continue
        changed = find_changed(fragment, side.text, periods_too=fact.type == "period")
        count = periods if fact.type == "period" else numbers
        now = count(changed.text) if changed else None
        if changed and now != count(fragment):
            # A symbol's words can hold numbers too ("the next two turns"): then those are compared.
            data = fact.shown() if _stated(fact, fact.wording[lang]) is not None else \
                f"{', '.join(map(str, count(fragment)))} in its words"
            yield at(DRIFT, unit, side, changed.start,
                     text(_("%(fact)s (%(unit)s, %(lang)s): the data says %(data)s, the text now says "
                            "%(now)s: %(quote)s"), fact=fact.id, unit=unit.id, lang=Lang(lang), data=data,
                          now=", ".join(map(str, now or [])), quote=repr(" ".join(changed.text.split()))),
                     suggestion=text(_("update %(place)s (and the wording) if the text is right, or restore "
                                       "the text"), place=f"{fact.path}:{fact.value_line}"))
        elif translated:
            lost.append(fragment)
        else:
            yield on_unit(WORDING_MISSING, unit, side,
                          text(_("%(fact)s (%(unit)s, %(lang)s) quotes %(quote)s, which the unit no longer has"),
                               fact=fact.id, unit=unit.id, lang=Lang(lang), quote=repr(fragment)),
                          suggestion=_holder(ctx, unit, lang, fragment) or _closest(fragment, side.text))


    original = unit.sides.get(ctx.corpus.document_of(unit).language)
    quoted = _original(ctx, unit, fact)
    if lost and (not quoted or (original is not None and all(contains(words, original.text) for words in quoted))):
        yield _rendered(ctx, unit, lang, fact, lost)
    # else the original lost the words the translation is followed by: its own finding says so


def _rendered(ctx: CheckContext, unit: Unit, lang: str, fact: Fact, lost: list[str]) -> Diagnostic:
    """A translation lost the words recorded for it: said to the keeper of corpus/rules/, at the
    fact, with the words the new translation renders the original's with (or the nearest)."""
    found = rendered(fact, ctx.corpus, lang)
    words = {"fact": fact.id, "unit": unit.id, "lang": Lang(lang), "quote": repr(" … ".join(lost))}
    if found is not None and found.found:
        return _data(WORDING_REALIGNED, fact, text(_("%(fact)s (%(unit)s, %(lang)s): the translation no longer "
                                                     "says %(quote)s; it says the fact as %(now)s"),
                                                   **words, now=repr(" … ".join(found.fragments))),
                     suggestion=text(_("record %(key)s: %(now)s"), key=f"wording.{lang}",
                                     now=repr(" … ".join(found.fragments))))
    return _data(WORDING_UNALIGNED, fact, text(_("%(fact)s (%(unit)s, %(lang)s): the translation no longer says "
                                                 "%(quote)s, and no words of it render %(source)s"),
                                               **words, source=repr(" … ".join(_original(ctx, unit, fact)))),
                 suggestion=_suggested(unit, lang, found))


def _suggested(unit: Unit, lang: str, found) -> Text:
    """What the keeper is to do: check the translation, then quote its nearest words."""
    if found is None:
        return text(_("check the translation of %(unit)s"), unit=unit.id)
    now = repr(" … ".join(found.fragments))
    if found.missing:
        return text(_("check the translation of %(unit)s, which does not state %(numbers)s; its nearest words: "
                      "%(now)s"), unit=unit.id, numbers=", ".join(map(str, found.missing)), now=now)
    return text(_("check the translation of %(unit)s; if it says the fact, record its words as %(key)s (the "
                  "nearest: %(now)s)"), unit=unit.id, key=f"wording.{lang}", now=now)


def _original(ctx: CheckContext, unit: Unit, fact: Fact) -> tuple[str, ...]:
    return fact.wording.get(ctx.corpus.document_of(unit).language, ())


def _unworded(unit: Unit, side: Side, lang: str, fact: Fact, *, original: bool = False) -> Iterator[Diagnostic]:
    if original and fact.wording:  # the words of a translation alone: nothing to find them again from
        yield _data(WORDING_TRANSLATION_ONLY, fact,
                    text(_("%(fact)s quotes a translation of %(unit)s but not its %(lang)s original"),
                         fact=fact.id, unit=unit.id, lang=Lang(lang)),
                    suggestion=text(_("add %(key)s: the words of %(unit)s as its %(lang)s text says them"),
                                    key=f"wording.{lang}", unit=unit.id, lang=Lang(lang)))
    else:
        yield on_unit(WORDING_UNRECORDED, unit, side,
                      text(_("%(fact)s: %(unit)s has a side in %(lang)s, but the fact records no %(lang)s wording"),
                           fact=fact.id, unit=unit.id, lang=Lang(lang)),
                      suggestion=text(_("add %(key)s at %(place)s"), key=f"wording.{lang}",
                                      place=f"{fact.path}:{fact.line}"))
    wanted = [n for n in fact.numbers() if n != 0]
    present = {abs(n) for n in numbers(side.text)}
    missing = [n for n in wanted if abs(n) not in present]
    if missing:
        yield on_unit(DRIFT, unit, side,
                      text(_("%(fact)s: the data says %(data)s, but the %(lang)s text of %(unit)s does not "
                             "state %(missing)s"), fact=fact.id, data=fact.shown(), lang=Lang(lang),
                           unit=unit.id, missing=", ".join(map(str, missing))))


def _holder(ctx: CheckContext, unit: Unit, lang: str, fragment: str) -> Text | None:
    """A unit's own text excludes its children's: say so when a child holds the words."""
    for other in ctx.corpus.walk(unit):
        side = other.sides.get(lang)
        if other is not unit and side is not None and contains(fragment, side.text):
            return text(_("the words stand in %(unit)s: bind the fact there"), unit=other.id)
    return None


def _closest(fragment: str, written: str) -> Text | None:
    sentences = [s.strip() for s in written.replace("\n", " ").split(". ") if s.strip()]
    close = difflib.get_close_matches(fragment, sentences, n=1, cutoff=0.4)
    return text(_("the nearest words now: %(quote)s"), quote=repr(close[0])) if close else None


def _rules_read(facts: Facts) -> Iterator[Diagnostic]:
    for rule in RULES.values():
        for wanted in rule.facts:
            prefix = wanted.removesuffix(".*")
            # a group's facts are of its rulebook: not looked for among every rulebook's
            known = (any(f.id.startswith(prefix + ".") for f in facts.by_rulebook.get(prefix.split(".", 1)[0], ()))
                     if wanted.endswith(".*") else wanted in facts)
            if not known:
                rulebook = prefix.split(".", 1)[0]
                path = facts.files.get(rulebook, f"corpus/rules/{rulebook}.yaml")
                yield Diagnostic.of(path, 1, FACT_MISSING.code,
                                    text(_("the rule %(rule)s (%(unit)s) reads %(fact)s, which %(path)s does "
                                           "not define"), rule=rule.id, unit=rule.unit, fact=wanted, path=path),
                                    FACT_MISSING.severity, 1, rule.unit)


def _example(ctx: CheckContext, done: Replay) -> Iterator[Diagnostic]:
    scenario = done.scenario
    unit = ctx.corpus.units.get(scenario.example)
    if unit is None:
        yield Diagnostic.of(scenario.path, scenario.line, UNIT_MISSING.code,
                            text(_("the scenario is bound to %(unit)s, which the corpus does not have"),
                                 unit=scenario.example),
                         UNIT_MISSING.severity, 1, scenario.example)
        return
    for lang, words in scenario.words.items():
        side = unit.sides.get(lang)
        if side is None or find(words, side.text) is None:
            target = side or unit.side()
            yield on_unit(WORDING_MISSING, unit, target,
                          text(_("%(unit)s: the example's words %(quote)s are no longer in the text"),
                               unit=scenario.example, quote=repr(words)),
                          suggestion=_closest(words, target.text))
    for claim, result in done.results:
        if result.error:
            yield Diagnostic.of(scenario.path, claim.line, EXAMPLE_INVALID.code,
                                text(_("%(unit)s (%(claim)s): %(why)s"), unit=scenario.example, claim=claim.id,
                                     why=result.error),
                             EXAMPLE_INVALID.severity, 1, scenario.example)
        for lang, says in claim.says.items():
            side = unit.sides.get(lang)
            where = find(says, side.text) if side else None
            if side is None or where is None:
                target = side or unit.side()
                yield on_unit(WORDING_MISSING, unit, target,
                              text(_("%(unit)s (%(claim)s) quotes %(quote)s, which the example no longer has"),
                                   unit=scenario.example, claim=claim.id, quote=repr(says)),
                              suggestion=_closest(says, target.text))
                continue
            if result.differences:
                code = EXAMPLE_REASONING if claim.reasoning else EXAMPLE_CONTRADICTION
                yield at(code, unit, side, where.start, _contradiction(claim, result, lang),
                         suggestion=_note(claim))


def _note(claim) -> str | Text | None:
    """The claim's note, in the reader's language where the scenario has it (``note_ru``)."""
    if not claim.notes or claim.note is None:
        return claim.note
    return text(_("%(note)s"), note=Phrase.of(en=claim.note, **claim.notes))


def _contradiction(claim, result, lang: str) -> Text:
    if claim.said:  # in words, for a reader who knows the game, not the result fields
        in_words = Phrase.of(**claim.said)
        if claim.reasoning:
            return text(_("«%(quote)s»: the example's reason is that %(said)s, which is not how the rule of "
                          "%(unit)s decides"), quote=claim.says[lang], said=in_words, unit=result.unit)
        return text(_("«%(quote)s»: the example says %(said)s, which the rules of %(unit)s do not allow"),
                    quote=claim.says[lang], said=in_words, unit=result.unit)

    def shown(value) -> str:
        return json.dumps(value, ensure_ascii=False)

    said = [text(_("%(fact)s: the example implies %(said)s, the rules give %(given)s") if claim.reasoning
                 else _("%(fact)s: the example says %(said)s, the rules give %(given)s"),
                 fact=key, said=shown(want), given=shown(got)) for key, want, got in result.differences]
    while len(said) > 1:
        said[-2:] = [text(_("%(first)s; %(then)s"), first=said[-2], then=said[-1])]
    words = {"claim": claim.id, "quote": claim.says[lang], "differences": said[0], "rule": result.rule,
             "unit": result.unit}
    if result.problems:
        return text(_("%(claim)s: «%(quote)s» — %(differences)s; %(rule)s at %(unit)s (%(why)s)"),
                    **words, why="; ".join(result.problems))
    return text(_("%(claim)s: «%(quote)s» — %(differences)s; %(rule)s at %(unit)s"), **words)
