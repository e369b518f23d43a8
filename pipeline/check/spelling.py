"""Spelling: words no dictionary knows, real-word confusables, and area names spelled two ways.

Unknown words are reported once per word and document, at info, because most of them are
names the project word list has not met yet; a confusable is a word the dictionary accepts
but the context rules out (`shall loose 1 Stab`), so it is a warning. Game notation (`2s`,
`1c`, `XD`, `t/v`), Roman numerals and the ALL-CAPS area names and power abbreviations of
running text are not words a dictionary can judge, and are left out rather than reported.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..core.diagnostics import Diagnostic, Severity
from ..core.errors import FolioError
from ..core.model import Lang
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
TOKEN = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")
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
    # each side's lines and words, found once for the three passes that read them
    texts = [(unit, side, _tokenized(side.text)) for unit, _lang, side in ctx.sides()]
    yield from _unknown_words(ctx, texts)
    yield from _name_variants(texts)
    yield from _case_variants(texts)


Lines = list[tuple[int, str, list[re.Match[str]]]]  # (offset, line, its TOKEN matches)


@lru_cache(maxsize=8192)  # spelling and names read every side: tokenised once (see TEXTS_KEPT)
def _tokenized(text: str) -> Lines:
    """The text's lines and their words, shared by every caller: read them, never change them."""
    return [(offset, line, list(TOKEN.finditer(line))) for offset, line in _lines(text)]


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


def _fix(word: str, wrong: str, right: str) -> str:
    index = word.lower().find(wrong.lower())
    if index < 0:
        return right
    replacement = right[:1].upper() + right[1:] if word[index:index + 1].isupper() else right
    return word[:index] + replacement + word[index + len(wrong):]


# -- unknown words -------------------------------------------------------------------------

def _words(lines: Lines, known: AbstractSet[str] = frozenset()) -> Iterator[tuple[int, str, bool]]:
    """(offset, word, checkable-in-capitals) for every token a dictionary can judge, except the
    ``known`` words: forms the caller has judged already, wherever they stand."""
    # Every word of the corpus passes here: the regular expressions only run on the words they
    # can match (Roman numerals and capitals are upper case, possessives have an apostrophe).
    for line_start, line, tokens in lines:
        caps_line = None
        for index, match in enumerate(tokens):
            word = match.group()
            if word in known:  # most words: tested first
                continue
            start, end = match.start(), match.end()
            if "'" in word or "’" in word:
                word = POSSESSIVE.sub("", word)
            if len(word) < 2 or line[start - 1:start].isdigit() or line[end:end + 1].isdigit():
                continue
            upper = word.isupper()
            if (upper and ROMAN.fullmatch(word)) or (word[-1] == "s" and CAPS_PLURAL.fullmatch(word)):
                continue
            in_caps = False
            if upper:
                if caps_line is None:
                    caps_line = CAPS_LINE.match(line) is not None
                in_caps = caps_line or _in_caps_run(line, tokens, index)
                if not in_caps:
                    continue  # an area name or power abbreviation of running text: SPA, NAPOLI
            yield line_start + start, word, in_caps


def _lines(text: str) -> Iterator[tuple[int, str]]:
    offset = 0
    for line in text.split("\n"):
        yield offset, line
        offset += len(line) + 1


def _in_caps_run(line: str, tokens: list[re.Match[str]], index: int) -> bool:
    """A heading or title set in capitals inside a line: `WAR OF RELIGION IN SPAIN`."""
    for other in (index - 1, index + 1):
        if 0 <= other < len(tokens):
            lo, hi = sorted((tokens[index], tokens[other]), key=lambda m: m.start())
            if line[lo.end():hi.start()].strip() == "" and tokens[other].group().isupper() \
                    and len(tokens[other].group()) > 1:
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
    for key, (unit, side, offset, word, lang) in first.items():
        words = {"word": word, "lang": Lang(lang), "wordlist": f"{WORDLISTS}/{lang}.txt"}
        yield at(UNKNOWN, unit, side, offset,
                 text(_("unknown word `%(word)s` (once in this file): not in the %(lang)s dictionary nor "
                        "in %(wordlist)s; add it there only if it is game vocabulary or a name"), **words)
                 if counts[key] == 1 else
                 text(_("unknown word `%(word)s` (%(count)s times in this file): not in the %(lang)s "
                        "dictionary nor in %(wordlist)s; add it there only if it is game vocabulary or a "
                        "name"), **words, count=Count(counts[key], ngettext("%(num)d time", "%(num)d times"))),
                 suggestion=", ".join(suggestions(word, lang)) or None)


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
        for offset, word, in_caps in _words(_tokenized(text)):
            if language_of(word) == lang and not _known(root, word, lang, in_caps):
                found.append((offset, offset + len(word)))
        return found

    return spans


# -- ALL-CAPS names ------------------------------------------------------------------------

def _name_variants(texts: list[tuple]) -> Iterator[Diagnostic]:
    places: dict[str, list] = defaultdict(list)  # by file: a translation spells names its own way
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for unit, side, lines in texts:
        for line_start, line, tokens in lines:
            if CAPS_LINE.match(line):
                continue
            for index, match in enumerate(tokens):
                word = match.group()
                if len(word) >= 4 and word.isupper() and not _in_caps_run(line, tokens, index):
                    counts[side.path][word] += 1
                    places[side.path].append((unit, side, line_start + match.start(), word))
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


def _starts_sentence(line: str, start: int) -> bool:
    """What SENTENCE_START finds in ``line[:start]``, read backwards from ``start``: searching
    the prefix cost the length of the line for every capitalised word of it."""
    at = start
    while at > 0 and line[at - 1].isspace():  # str.isspace is the \s of a str pattern
        at -= 1
    return at == 0 or line[at - 1] in _SENTENCE_MARKS


_SENTENCE_MARKS = frozenset(".:!?•·(«“”[|")


def _case_variants(texts: list[tuple]) -> Iterator[Diagnostic]:
    """`Holy Roman Empire` and `Holy Roman empire`: a capitalised word inside a sentence and
    the word after it, written with the second word in both cases in one file."""
    found: dict[tuple[str, str, str], list] = defaultdict(list)
    for unit, side, lines in texts:
        for line_start, line, tokens in lines:
            for first, second in itertools.pairwise(tokens):
                one = first.group()
                if not one[0].isupper():  # most words: tested first
                    continue
                two = second.group()
                if line[first.end():second.start()] not in (" ", "/") or one.isupper() \
                        or two.isupper() or _starts_sentence(line, first.start()):
                    continue
                found[(side.path, one.casefold(), two.casefold())].append(
                    (unit, side, line_start + second.start(), one, two))
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

