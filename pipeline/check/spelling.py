"""Spelling: words no dictionary knows, real-word confusables, and area names spelled two ways.

Unknown words are reported once per word and document, at info, because most of them are
names the project word list has not met yet; a confusable is a word the dictionary accepts
but the context rules out (`shall loose 1 Stab`), so it is a warning. Game notation (`2s`,
`1c`, `XD`, `t/v`), Roman numerals and the ALL-CAPS area names and power abbreviations of
running text are not words a dictionary can judge, and are left out rather than reported.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from operator import not_
from pathlib import Path

from ..core.diagnostics import Diagnostic, Severity
from ..core.errors import FolioError
from ..core.model import Lang
from ..language.words import PerForm, Words
from ..util import project_files, yamlio
from .base import CheckContext, Code, Count, Phrase, _, at, ngettext, text
from .wordlists import WORDLISTS, WordList, in_dictionary, language_of, suggestions, wordlist

UNKNOWN = Code("spell-unknown", Severity.INFO,
               "a word neither Hunspell nor the project word list knows (once per word and file)")
CONFUSABLE = Code("spell-confusable", Severity.WARNING,
                  "a real word that is wrong in its context (`loose` for `lose`, `не смотря на то`)")
NAME_VARIANT = Code("spell-name-variant", Severity.WARNING,
                    "an ALL-CAPS name spelled one letter away from the form the document uses more")
CASE_VARIANT = Code("spell-case-variant", Severity.WARNING,
                    "a name capitalised one way here and another way elsewhere in the file (`Нового света`)")
CODES = [UNKNOWN, CONFUSABLE, NAME_VARIANT, CASE_VARIANT]

CONFUSABLES = f"{WORDLISTS}/confusables.yaml"
ROMAN = re.compile(r"[IVXLCDM]+")
CAPS_PLURAL = re.compile(r"[A-ZА-ЯЁ]{2,}s")  # VPs, TPs, NPRs
POSSESSIVE = re.compile(r"(?:['’]s|['’])$")
#: a line that is only a heading in capitals, with its number and final colon
CAPS_LINE = re.compile(r"^[\s\d.:#]*(?P<words>[^\W\d_][^a-zа-яё]*?)[\s:.]*$")


@dataclass(frozen=True)
class Confusable:
    lang: str
    pattern: re.Pattern[str]
    wrong: str
    right: str
    why: str
    why_ru: str | None = None  # the reason as a Russian page says it, for an English entry


def check(ctx: CheckContext) -> Iterable[Diagnostic]:
    yield from _confusables(ctx)
    # each side's words, found once for the three passes that read them and the other families
    texts = [(unit, side, ctx.words(side)) for unit, _lang, side in ctx.sides()]
    yield from _unknown_words(ctx, texts)
    yield from _name_variants(texts)
    yield from _case_variants(texts)


# -- confusables ---------------------------------------------------------------------------

@lru_cache(maxsize=8)
def load_confusables(root: str) -> tuple[Confusable, ...]:
    if not project_files.present(Path(root), CONFUSABLES):
        return ()
    node, entries = yamlio.load(yamlio.read_file(Path(root), CONFUSABLES), CONFUSABLES)
    if entries is not None and not isinstance(entries, list):
        raise FolioError("the confusables are a list of entries", CONFUSABLES, 1)
    found = []
    for number, entry in enumerate(entries or [], 1):
        try:
            wrong, right = entry["fix"]
            found.append(Confusable(entry["lang"], re.compile(entry["pattern"]), wrong, right,
                                    entry["why"], entry.get("why_ru")))
        except (KeyError, TypeError, ValueError, re.error) as exc:
            raise FolioError(f"confusable #{number} is invalid ({exc}); it needs lang, a pattern "
                             "with a group `w`, fix: [wrong, right] and why", CONFUSABLES,
                             node.value[number - 1].start_mark.line + 1 if node else None) from None
    return tuple(found)


def _confusables(ctx: CheckContext) -> Iterator[Diagnostic]:
    entries = load_confusables(str(ctx.root))
    for unit, lang, side in ctx.sides():
        found = _any_confusable(entries, lang)
        if found is not None and found.search(side.text) is None:
            continue  # most texts: one search for every entry of the language
        seen: set[int] = set()
        for entry in entries:
            if entry.lang != lang:
                continue
            for match in entry.pattern.finditer(side.text):
                start = match.start("w")
                if start in seen:  # two entries may describe one mistake
                    continue
                seen.add(start)
                word = match.group("w")
                why = Phrase.of(**{entry.lang: entry.why}, **({Lang.RU: entry.why_ru} if entry.why_ru else {}))
                yield at(CONFUSABLE, unit, side, start, text(_("`%(word)s`: %(why)s"), word=word, why=why),
                         suggestion=_fix(word, entry.wrong, entry.right))


@lru_cache(maxsize=8)
def _any_confusable(entries: tuple[Confusable, ...], lang: str) -> re.Pattern[str] | None:
    """One expression that finds something in a text exactly when one of the language's entries
    does (their alternation, the groups unnamed), or None when the entries cannot be joined
    (a back reference, or a flag of their own)."""
    patterns = [entry.pattern.pattern for entry in entries if entry.lang == lang]
    if any(re.search(r"\(\?P=|\\\d|\(\?[aiLmsux-]", p) for p in patterns) or \
            any(entry.pattern.flags != re.UNICODE for entry in entries if entry.lang == lang):
        return None
    try:
        return re.compile("|".join(f"(?:{re.sub(r'[(][?]P<[^>]*>', '(?:', p)})" for p in patterns) or "(?!)")
    except re.error:
        return None


def _fix(word: str, wrong: str, right: str) -> str:
    index = word.lower().find(wrong.lower())
    if index < 0:
        return right
    replacement = right[:1].upper() + right[1:] if word[index:index + 1].isupper() else right
    return word[:index] + replacement + word[index + len(wrong):]


# -- unknown words -------------------------------------------------------------------------

def _words(table: Words, known: AbstractSet[str] = frozenset()) -> Iterator[tuple[int, str, bool]]:
    """(offset, word, checkable-in-capitals) for every token a dictionary can judge, except the
    ``known`` words: forms the caller has judged already, wherever they stand."""
    # Every word of the corpus passes here: the known ones (most) are passed over by a map over
    # the table, the regular expressions only run on the words they can match (Roman numerals
    # and capitals are upper case, possessives have an apostrophe).
    text, words, starts, ends = table.text, table.words, table.starts, table.ends
    caps_lines: dict[int, bool] = {}  # by the line's offset
    for index in compress(range(len(words)), map(not_, map(known.__contains__, words))):
        word, start, end = words[index], starts[index], ends[index]
        if "'" in word or "’" in word:
            word = POSSESSIVE.sub("", word)
        if len(word) < 2 or text[start - 1:start].isdigit() or text[end:end + 1].isdigit():
            continue  # (a line's first and last words: the character beside them is a newline)
        upper = word.isupper()
        if (upper and ROMAN.fullmatch(word)) or (word[-1] == "s" and CAPS_PLURAL.fullmatch(word)):
            continue
        in_caps = False
        if upper:
            in_caps = _caps_line(text, start, caps_lines) or _in_caps_run(table, index)
            if not in_caps:
                continue  # an area name or power abbreviation of running text: SPA, NAPOLI
        yield start, word, in_caps


def _caps_line(text: str, offset: int, known: dict[int, bool]) -> bool:
    """Whether the line holding ``offset`` is a heading in capitals (:data:`CAPS_LINE`);
    ``known``: the lines asked already, by their offset."""
    line_start = text.rfind("\n", 0, offset) + 1
    found = known.get(line_start)
    if found is None:
        line_end = text.find("\n", offset)
        line = text[line_start:] if line_end < 0 else text[line_start:line_end]
        found = known[line_start] = CAPS_LINE.match(line) is not None
    return found


def _in_caps_run(table: Words, index: int) -> bool:
    """A heading or title set in capitals inside a line: `WAR OF RELIGION IN SPAIN`."""
    words, gaps = table.words, table.gaps
    for other, gap in ((index - 1, gaps[index]), (index + 1, gaps[index + 1])):
        if 0 <= other < len(words) and "\n" not in gap and gap.strip() == "" \
                and words[other].isupper() and len(words[other]) > 1:
            return True
    return False


def _known(root: Path, word: str, lang: str, in_caps: bool) -> bool:
    if in_caps:
        word = word.capitalize() if "-" not in word else "-".join(
            part.capitalize() for part in word.split("-"))
    words = wordlist(root, lang)
    if word in words or in_dictionary(word, lang):
        return True
    if word.endswith("s") and word[:-1] in words:  # CtAs
        return True
    parts = re.split(r"[-'’]", word)
    if len(parts) > 1 and all(len(p) < 2 or p in words or in_dictionary(p, lang) for p in parts):
        return True
    return in_caps and len(word) <= 4  # a short capital word in a title is an abbreviation


def _unknown_words(ctx: CheckContext, texts: list[tuple]) -> Iterator[Diagnostic]:
    first: dict[tuple[str, str], tuple] = {}
    counts: Counter[tuple[str, str]] = Counter()
    # per form: its language if it is unknown, and the forms known in any context (neither
    # capitals nor an apostrophe); a form's verdict follows from the word lists and the
    # dictionaries alone, so it is judged once per process, not once per shard
    unknown, known = _verdicts(wordlist(ctx.root, Lang.EN), wordlist(ctx.root, Lang.RU))
    for unit, side, lines in texts:
        for offset, word, in_caps in _words(lines, known):
            if (word, in_caps) not in unknown:
                lang = language_of(word)
                unknown[word, in_caps] = None if lang is None or _known(ctx.root, word, lang, in_caps) \
                    else lang
            lang = unknown[word, in_caps]
            if lang is None:
                if not in_caps and not word.isupper() and "'" not in word and "’" not in word:
                    known.add(word)
                continue
            key = (side.path, word.casefold())  # once per word and file: the fix is made there
            counts[key] += 1
            first.setdefault(key, (unit, side, offset, word, lang))
    offered = suggestions((word, lang) for _unit, _side, _offset, word, lang in first.values())
    for key, (unit, side, offset, word, lang) in first.items():
        words = {"word": word, "lang": Lang(lang), "wordlist": f"{WORDLISTS}/{lang}.txt"}
        yield at(UNKNOWN, unit, side, offset,
                 text(_("unknown word `%(word)s` (once in this file): not in the %(lang)s dictionary nor "
                        "in %(wordlist)s; add it there only if it is game vocabulary or a name"), **words)
                 if counts[key] == 1 else
                 text(_("unknown word `%(word)s` (%(count)s times in this file): not in the %(lang)s "
                        "dictionary nor in %(wordlist)s; add it there only if it is game vocabulary or a "
                        "name"), **words, count=Count(counts[key], ngettext("%(num)d time", "%(num)d times"))),
                 suggestion=", ".join(offered[word, lang]) or None)


#: per pair of the project's word lists as read (held, so that their ids stay theirs): each
#: form's verdict (:func:`_unknown_words`) and the forms known wherever they stand
_VERDICTS: dict[tuple[int, int], tuple[tuple, dict[tuple[str, bool], str | None], set[str]]] = {}


def _verdicts(english: WordList, russian: WordList) -> tuple[dict[tuple[str, bool], str | None], set[str]]:
    _held, unknown, known = _VERDICTS.setdefault((id(english), id(russian)), ((english, russian), {}, set()))
    return unknown, known


def misspellings(root: Path):
    """``(text, lang) -> spans`` of the words this family calls wrong in a text: unknown to the
    dictionary and the project word list, or a confusable in its context. What tells a source
    edit that only corrects a slip from a change of meaning (pipeline/editions/worddiff.py:correction)."""
    root = Path(root)

    def spans(text: str, lang: str) -> list[tuple[int, int]]:
        found = [(match.start("w"), match.end("w")) for entry in load_confusables(str(root))
                 if entry.lang == lang for match in entry.pattern.finditer(text)]
        for offset, word, in_caps in _words(Words.of(text)):
            if language_of(word) == lang and not _known(root, word, lang, in_caps):
                found.append((offset, offset + len(word)))
        return found

    return spans


# -- ALL-CAPS names ------------------------------------------------------------------------

def _name_variants(texts: list[tuple]) -> Iterator[Diagnostic]:
    places: dict[str, list] = defaultdict(list)  # by file: a translation spells names its own way
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for unit, side, table in texts:
        caps_lines: dict[int, bool] = {}
        for index in table.where(_LONG_CAPITALS):
            word, start = table.words[index], table.starts[index]
            if not _caps_line(table.text, start, caps_lines) and not _in_caps_run(table, index):
                counts[side.path][word] += 1
                places[side.path].append((unit, side, start, word))
    for path, found in places.items():
        names = counts[path]
        for unit, side, offset, word in found:
            usual = [other for other in names if names[other] >= 3 * names[word]
                     and _one_edit(word, other)]
            if usual:
                other = max(usual, key=names.__getitem__)
                counted = Count(names[other], ngettext("%(num)d time", "%(num)d times"))
                yield at(NAME_VARIANT, unit, side, offset,
                         text(_("`%(rare)s` appears once in this file, `%(usual)s` %(count)s times: one "
                                "name spelled two ways?"), rare=word, usual=other, count=counted)
                         if names[word] == 1 else
                         text(_("`%(rare)s` appears %(times)s times in this file, `%(usual)s` %(count)s "
                                "times: one name spelled two ways?"), rare=word, usual=other, count=counted,
                              times=Count(names[word], ngettext("%(num)d time", "%(num)d times"))),
                         suggestion=other)


#: per form: whether it is a word in capitals long enough to be a name (`NAPOLI`)
_LONG_CAPITALS = PerForm(lambda word: len(word) >= 4 and word.isupper())


def _one_edit(a: str, b: str) -> bool:
    """True when ``b`` is ``a`` with one letter added, removed or changed."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=False)) == 1
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


# -- capitalisation of names ---------------------------------------------------------------

#: what may stand before a word that then starts a sentence, a title or an item
SENTENCE_START = re.compile(r"(?:^|[.:!?•·(«“”\[|])\s*$")


def _starts_sentence(text: str, start: int) -> bool:
    """What SENTENCE_START finds in the line of ``text`` before ``start``, read backwards from
    ``start``: searching the prefix cost the length of the line for every capitalised word of it."""
    at = start
    while at > 0 and text[at - 1].isspace() and text[at - 1] != "\n":  # str.isspace is the \s of a str pattern
        at -= 1
    return at == 0 or text[at - 1] == "\n" or text[at - 1] in _SENTENCE_MARKS


_SENTENCE_MARKS = frozenset(".:!?•·(«“”[|")
#: per form: capitalised and not in capitals throughout (`Holy`), the first word of a pair
_CAPITALISED = PerForm(lambda word: word[0].isupper() and not word.isupper())


def _case_variants(texts: list[tuple]) -> Iterator[Diagnostic]:
    """`Holy Roman Empire` and `Holy Roman empire`: a capitalised word inside a sentence and
    the word after it, written with the second word in both cases in one file."""
    found: dict[tuple[str, str, str], list] = defaultdict(list)
    for unit, side, table in texts:
        words, gaps = table.words, table.gaps
        last = len(words) - 1
        for index in table.where(_CAPITALISED):  # (a gap of one space or a slash: in one line)
            if index == last or gaps[index + 1] not in (" ", "/"):
                continue
            one, two = words[index], words[index + 1]
            if two.isupper() or _starts_sentence(table.text, table.starts[index]):
                continue
            found[(side.path, one.casefold(), two.casefold())].append(
                (unit, side, table.starts[index + 1], one, two))
    for places in found.values():
        forms = Counter(two for *_rest, two in places)
        if len(forms) < 2:
            continue
        # the form most uses take wins; on a tie the capitalised one, as a name is meant
        usual = max(forms, key=lambda form: (forms[form], form[:1].isupper()))
        for unit, side, offset, one, two in places:
            if two != usual:
                yield at(CASE_VARIANT, unit, side, offset,
                         text(_("`%(here)s` here, `%(other)s` %(count)s time(s) elsewhere in this file: "
                                "one name, two capitalisations"), here=f"{one} {two}", other=f"{one} {usual}",
                              count=Count(forms[usual], ngettext("%(num)d time", "%(num)d times"))),
                         suggestion=usual)

