"""What spaCy's tokenizer makes of each piece of text, kept across builds, so that an edit needs
spaCy only for a piece no build has seen that spaCy might split.

spaCy's tokenizer cuts a text at white space first (a single space after a piece is dropped,
any other white space is a piece of its own) and then tokenizes each piece alone, by its special
cases and its prefix, suffix and infix expressions. So a text's tokens are its pieces' tokens
laid end to end (tests/language checks it on the corpus), and a piece's tokens follow from the
piece: they are kept per piece, here, and in the build's store between builds (:func:`table`,
:func:`adopt`). A piece none has seen is cut without spaCy by the tokenizer's own prefix,
suffix, infix and URL expressions, kept with the table (``исключенья,`` is a word and a comma),
unless it meets a special case of the tokenizer (``т.е.,``): then spaCy tokenizes it.
Importing spaCy and making its pipelines costs about a CPU-second, most of a small edit's
checking. tests/language/test_pieces.py compares both ways with spaCy's on the corpus.

The sentencizer (spaCy's rule-based one, as :mod:`pipeline.language.sentences` runs it) is
written out here (:func:`sentence_starts`) over these tokens, so sentences need spaCy no more
than the tokens do.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from typing import NamedTuple

#: a piece's tokens: (start, end) offsets into the piece
Spans = tuple[tuple[int, int], ...]


class Rules(NamedTuple):
    """What tells, without spaCy, how the tokenizer of a language cuts a piece."""

    prefix: str  # the patterns of the tokenizer's prefix, suffix, infix and URL expressions
    suffix: str
    infix: str
    url: str
    flags: tuple[int, int, int, int]
    specials: frozenset[str]  # the special cases' strings
    splitting: frozenset[str]  # those the tokenizer cuts into more than one token
    punct_chars: frozenset[str]  # the sentencizer's sentence-final characters


#: per language, per piece: its tokens (spaCy's, or what :func:`_whole` tells of it)
_SPLIT: dict[str, dict[str, Spans]] = {}
#: per language: what this process made of pieces (not read back from a store), for a worker to
#: hand back to the process that keeps the table (:func:`taken`)
_FRESH: dict[str, dict[str, Spans]] = {}
_RULES: dict[str, Rules] = {}
_COMPILED: dict[str, tuple] = {}


def split(piece: str, lang: str) -> Spans:
    """The tokens spaCy's tokenizer of ``lang`` makes of ``piece`` (no white space in it, or
    white space only), as offsets into it."""
    known = _SPLIT.setdefault(lang, {})
    found = known.get(piece)
    if found is None:
        found = _whole(piece, lang) or _spacy(piece, lang)
        known[piece] = _FRESH.setdefault(lang, {})[piece] = found
    return found


def text_tokens(text: str, lang: str) -> list[tuple[int, int]]:
    """The tokens spaCy's tokenizer makes of ``text``, as (start, end) offsets into it, white
    space tokens included."""
    return [(start + a, start + b) for start, piece in _cut(text) for a, b in split(piece, lang)]


#: a text's pieces: runs of the rest, and runs of white space less the single space after a piece
#: (at the text's start; after a piece, from a character other than a space; after a piece and a
#: space); re's \s is str.isspace (both Py_UNICODE_ISSPACE)
_PIECES = re.compile(r"\S+|\A\s+|(?<=\S)[^\S ]\s*|(?<=\S )\s+")


def _cut(text: str) -> Iterator[tuple[int, str]]:
    """The pieces of ``text`` and their offsets, cut as ``Tokenizer._tokenize_affixes`` cuts
    them: at each change between white space and the rest, a single space after a piece dropped
    (by one expression, not a Python step per character: every build cuts every text of the corpus)."""
    for found in _PIECES.finditer(text):
        yield found.start(), found.group()


def sentence_starts(text: str, tokens: list[tuple[int, int]], lang: str) -> list[int]:
    """The token indices where spaCy's ``Sentencizer`` (default characters) starts a sentence:
    after a sentence-final character, at the first token that is no punctuation."""
    if not tokens:
        return []
    punct_chars = _rules(lang).punct_chars
    starts, seen_period = [0], False
    for i, (start, end) in enumerate(tokens):
        word = text[start:end]
        final = word in punct_chars
        if seen_period and not is_punct(word) and not final:
            if i:
                starts.append(i)
            seen_period = False
        elif final:
            seen_period = True
    return starts


def is_punct(text: str) -> bool:
    """spaCy's ``is_punct`` lexical attribute (spacy/lang/lex_attrs.py), the same for English
    and Russian: every character is punctuation."""
    return all(unicodedata.category(ch).startswith("P") for ch in text)


#: a table as a build's store keeps it: plain data, which its unpickler allows (per language, the
#: rules' fields with the sets as sorted tuples; per language, per piece, its spans)
Kept = tuple[dict[str, tuple], dict[str, dict[str, Spans]]]


def table(texts: Iterable[tuple[str, str]]) -> Kept | None:
    """What a build keeps for the next: the rules, and the tokens of every piece of ``texts``
    ((language, text) pairs: the corpus's), in order, so that the table is the same whatever
    the build tokenized before (an edit's and a clean build's caches are the same bytes); None
    when the rules are not known (a process that never loaded spaCy and read none back)."""
    if not _RULES:
        return None
    wanted: dict[str, set[str]] = {}
    for lang, text in set(texts):
        wanted.setdefault(lang, set()).update(_PIECES.findall(text))  # :func:`_cut`'s pieces
    pieces = {lang: {piece: split(piece, lang) for piece in sorted(found)} for lang, found in sorted(wanted.items())}
    rules = {lang: (*found[:5], *(tuple(sorted(words)) for words in found[5:]))
             for lang, found in sorted(_RULES.items()) if lang in pieces}
    return rules, pieces


def adopt(kept: Kept) -> None:
    """Take a kept table (:func:`table`), or a worker's pieces (:func:`taken`), into this
    process's."""
    rules, pieces = kept
    for lang, (prefix, suffix, infix, url, flags, specials, splitting, punct_chars) in rules.items():
        _RULES.setdefault(lang, Rules(prefix, suffix, infix, url, flags, frozenset(specials), frozenset(splitting),
                                      frozenset(punct_chars)))
    for lang, found in pieces.items():
        known = _SPLIT.setdefault(lang, {})
        for piece, spans in found.items():
            known.setdefault(piece, spans)


def kept_shape(value: object) -> bool:
    """Whether a value read back is a kept table's shape: the rules' patterns compile, and each
    piece's spans cover it, end to end (what :func:`text_tokens` lays out as the text's tokens)."""
    if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], dict)
            and isinstance(value[1], dict)):
        return False
    rules, pieces = value
    return all(isinstance(lang, str) and isinstance(found, tuple) and len(found) == 8
               and all(isinstance(part, str) for part in found[:4])
               and isinstance(found[4], tuple) and len(found[4]) == 4 and all(type(flag) is int for flag in found[4])
               and all(isinstance(found[n], tuple) and all(isinstance(w, str) for w in found[n]) for n in (5, 6, 7))
               and _compiles(found[:4], found[4])
               for lang, found in rules.items()) \
        and all(isinstance(lang, str) and isinstance(found, dict) and all(
            isinstance(piece, str) and isinstance(spans, tuple) and _covers(spans, len(piece))
            for piece, spans in found.items()) for lang, found in pieces.items())


def _compiles(patterns: tuple[str, ...], flags: tuple[int, ...]) -> bool:
    try:
        for pattern, flag in zip(patterns, flags, strict=True):
            re.compile(pattern, flag)
    except (re.error, ValueError, TypeError, OverflowError):  # a bad pattern, or flags re refuses
        return False
    return True


def _covers(spans: tuple, length: int) -> bool:
    """Whether ``spans`` are (start, end) pairs of ints, each token not empty, the first at 0,
    each where the last ended, the last at ``length``: as every piece spaCy tokenizes."""
    at = 0
    for span in spans:
        if not (isinstance(span, tuple) and len(span) == 2 and type(span[0]) is int and type(span[1]) is int
                and span[0] == at < span[1]):
            return False
        at = span[1]
    return at == length


def trim(kept: Kept | None) -> None:
    """Keep, of what this process made of pieces, a build's table (:func:`table`, the corpus's
    pieces) alone, and nothing to hand back: a long process (``folio serve``) otherwise holds every
    piece it ever saw, each half-typed word of each save, and hands it all back from each worker."""
    _FRESH.clear()
    _SPLIT.clear()
    if kept is not None:
        _SPLIT.update((lang, dict(found)) for lang, found in kept[1].items())


def forget_made() -> None:
    """Nothing made so far to hand back: a worker forked after this hands back its own pieces,
    not the parent's history (which the parent holds already)."""
    _FRESH.clear()


def taken() -> Kept:
    """What this process made since the last call: a forked worker hands it back with its
    results, so that the parent's table holds every piece the build's checks saw."""
    fresh = {lang: found for lang, found in _FRESH.items() if found}
    _FRESH.clear()
    return {}, fresh


def _whole(piece: str, lang: str) -> Spans | None:
    """The tokens spaCy's tokenizer makes of a new ``piece``, when its rules tell them without
    spaCy: its prefixes and suffixes peeled and what remains cut at its infixes, as
    ``Tokenizer._split_affixes`` and ``_attach_tokens`` do, when no special case stands in the
    piece (their strings, and their own tokens, are spaCy's business); None when that is not known."""
    rules = _RULES.get(lang)
    if rules is None:
        return None
    compiled = _COMPILED.get(lang)
    if compiled is None:
        compiled = _COMPILED[lang] = tuple(re.compile(pattern, flags)
                                           for pattern, flags in zip(rules[:4], rules.flags, strict=True))
    prefix, suffix, infix, url = compiled
    specials = rules.specials
    prefixes: list[str] = []
    suffixes: list[str] = []
    string, last = piece, -1
    while string and len(string) != last:
        if string in specials:
            return None
        last = len(string)
        found = prefix.search(string)
        pre_len = found.end() - found.start() if found else 0
        if pre_len and string[pre_len:] in specials:
            return None
        found = suffix.search(string[pre_len:])
        suf_len = found.end() - found.start() if found else 0
        if suf_len and string[:len(string) - suf_len] in specials:
            return None
        if pre_len and suf_len and pre_len + suf_len <= len(string):
            prefixes.append(string[:pre_len])
            suffixes.append(string[len(string) - suf_len:])
            string = string[pre_len:len(string) - suf_len]
        elif pre_len:
            prefixes.append(string[:pre_len])
            string = string[pre_len:]
        elif suf_len:
            suffixes.append(string[len(string) - suf_len:])
            string = string[:len(string) - suf_len]
    if string in specials:
        return None
    words = list(prefixes)
    if string and url.match(string):
        words.append(string)
    elif string:
        start = 0
        for found in infix.finditer(string):
            if found.start() == 0:
                continue  # an infix at the very start is no cut
            if found.start() != start:
                words.append(string[start:found.start()])
            if found.start() != found.end():
                words.append(string[found.start():found.end()])
            start = found.end()
        if string[start:]:
            words.append(string[start:])
    words += reversed(suffixes)
    # spaCy then merges the tokens that spell a special case (``a.m`` and ``.``), and cuts a
    # token that is one into its own tokens: left to spaCy
    for i in range(len(words)):
        if words[i] in rules.splitting or any("".join(words[i:j]) in specials for j in range(i + 2, len(words) + 1)):
            return None
    spans, at = [], 0
    for word in words:
        spans.append((at, at + len(word)))
        at += len(word)
    return tuple(spans) if at == len(piece) else None


def _spacy(piece: str, lang: str) -> Spans:
    from .pipelines import nlp  # spaCy: for a piece the table lacks and may be split

    _rules(lang)  # kept with the table: made once, not on each piece spaCy tokenizes
    return tuple((t.idx, t.idx + len(t.text)) for t in nlp(lang).tokenizer(piece))


def _rules(lang: str) -> Rules:
    rules = _RULES.get(lang)
    if rules is None:
        from .pipelines import nlp

        rules = _RULES[lang] = _made_rules(nlp(lang).tokenizer)
    return rules


def _made_rules(tokenizer) -> Rules:
    from spacy.pipeline import Sentencizer

    if tokenizer.token_match is not None:  # a match would keep a piece whole, before any affix
        raise ValueError("Folio's tokens expect a tokenizer without a token_match")
    prefix, suffix, infix, url = (method.__self__ for method in (
        tokenizer.prefix_search, tokenizer.suffix_search, tokenizer.infix_finditer, tokenizer.url_match))
    return Rules(prefix.pattern, suffix.pattern, infix.pattern, url.pattern,
                 (prefix.flags, suffix.flags, infix.flags, url.flags),
                 frozenset(tokenizer.rules),
                 frozenset(key for key, tokens in tokenizer.rules.items() if len(tokens) > 1),
                 frozenset(Sentencizer.default_punct_chars))
