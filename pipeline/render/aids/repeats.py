"""What a summary line says that the line above it says already, found by lemma, and left out.

An aid prints a heading, then lines, each with its title and the sentences of its facts. Put
together from the units and the facts' labels, they repeat one another where the rulebook's
own layout did (issue 26):

- a fact's sentence that opens with its line's title («Осада: 1c за …» under «Осада») says
  the rest; one that restates its line («Сокровище мгновенного действия: взять карточку»
  under the item «взять карточку»): when every item of a list says the same before its own
  words, that is said once, over the list («Сокровище мгновенного действия:» • взять карточку
  • научный бонус …), else the sentence says only what the item does not;
- a sentence that opens with its heading's words («Второе событие: …» under «ВТОРОЕ СОБЫТИЕ»)
  loses them;
- a line whose title is words of the heading over it (the paragraph «Продление импульса
  сокровищем» under the heading «Продление импульса сокровищем», «Пас» under «Когда держава
  может пасовать») loses its title, and the line with it when the title was all it printed;
- a title with nothing under it, last of its block, is left out;
- a sentence whose words a sentence printed above it holds already is left out;
- a list of options whose every item is the title of a line printed after it (the VQ impulse's
  «розыгрыша карточки …», then «Розыгрыш карточки …» with its rules) is left out: the titles
  say it with the rules under them.

Words are compared by lemma (pipeline/language/tokens.py), so «паса» is «Пас»; a title or a
topic against what stands over it by family too (pipeline/language/family.py), so «Пас» is of
«пасовать» and «Сухопутное движение» of «Сухопутное передвижение».
"""

from __future__ import annotations

from dataclasses import replace

from ...language.family import family
from ...language.tokens import lemmas
from .sheet import Callout, Line, Sheet, Text

#: what separates a sentence's topic from what it says about it: «Второе событие: …»
TOPIC = ": "


def words(text: str, lang: str, kin: bool = False) -> list[frozenset[str]]:
    """The text's words and numbers, each as the set of its lemmas (``kin``: of its family's
    keys as well, pipeline/language/family.py); the original quoted in square brackets
    («взять карточку [Draw Card]») is the game's words, not more of the aid's."""
    plain = _without_brackets(text)
    # a number is a word too: «не более 4 отрядов» is not «не более 5 отрядов»
    return [token.keys | (family(token.text, lang) if kin else frozenset()) if token.is_word
            else frozenset({token.text}) for token in lemmas(plain, lang)
            if token.is_word or any(ch.isdigit() for ch in token.text)]


def within(said: str, text: str, lang: str, kin: bool = False) -> bool:
    """Whether every word of ``said`` is a word of ``text`` (any of its lemmas; ``kin``: or of
    one family with it, «Пас» of «пасовать»: asked only of a title or topic against the title
    or heading over it, where a word of the same root says nothing new)."""
    known = {key for keys in words(text, lang, kin) for key in keys}
    own = words(said, lang, kin)
    return bool(own) and all(keys & known for keys in own)


def same(one: str, other: str, lang: str) -> bool:
    """Whether the two say the same words, by lemma (their order aside)."""
    return within(one, other, lang) and within(other, one, lang)


def topic(sentence: str) -> tuple[str, str] | None:
    """``(topic, the rest)`` of «Второе событие: FRA …», or None: no topic before a colon."""
    head, colon, rest = sentence.partition(TOPIC)
    return (head.strip(), rest.strip()) if colon and head.strip() and rest.strip() else None


def without_heading(sentence: str, heading: str, lang: str) -> str:
    """The sentence without a topic made of the heading's words: «Второе событие: +2 к …» under
    «ВТОРОЕ СОБЫТИЕ» is «+2 к …», «Осада: 1c за …» under «Осада (см. с. 28)» is «1c за …»."""
    split = topic(sentence)
    if split is None or not within(split[0], heading, lang, kin=True):
        return sentence
    return _capitalised(split[1])


def said_once(lines: list[Line], heading: str | None, lang: str, later: list[Line] | None = None,
              above: list[str] | None = None) -> list[Line]:
    """``lines`` (under ``heading``, None: no heading) with what the text above them says
    already left out, their children too; ``later``: the lines the sheet prints after these
    (under the next headings); ``above``: the sentences printed over them (their line's)."""
    kept: list[Line] = []
    seen = list(above or [])
    for n, given in enumerate(lines):
        if _options_repeated(given, [*lines[n + 1:], *(later or [])], lang):
            continue
        lead = _lead_in(kept[-1]) if kept else None
        titled = _titled_once(_items_after(given, lead, lang) if lead else given, heading, lang)
        if titled is None:
            continue
        line = titled
        title = _plain(line.title or line.body)
        inner = title or heading
        line = replace(line, callouts=[replace(c, text=without_heading(c.text, heading, lang)) if heading else c
                                       for c in line.callouts])
        line = _item_topics_hoisted(line, lang)
        if title:
            line = replace(line, callouts=[c for c in (_beyond(c, title, lang) for c in line.callouts) if c])
        # a sentence that says again what one printed above it says («…; лишние возвращаются в
        # столицу», then «Лишние отряды возвращаются в столицу»)
        said = []
        for callout in line.callouts:
            if not any(within(callout.text, before, lang) for before in seen):
                said.append(callout)
                seen.append(callout.text)
        line = replace(line, callouts=said, children=said_once(line.children, inner, lang, above=seen))
        if not (line.title or line.body or line.callouts or line.children or line.marker):
            continue
        kept.append(line)
    while kept and _heading_only(kept[-1]):  # a title over nothing («Cost to Recruit/build», a table the text lacks)
        kept.pop()
    return kept


def printed_once(sheet: Sheet, lines: list[Line], heading: str | None, later: list[Line] | None = None) -> list[Line]:
    """:func:`said_once` in ``sheet``'s language, telling the sheet which of the lines' units and
    facts it left out, so that the PDF's keywords list only what the aid prints (issue 26)."""
    kept = said_once(lines, heading, sheet.lang, later)
    sheet.left_out |= _ids(lines) - _ids(kept)
    sheet.kept |= _ids(kept)
    return kept


def _ids(lines: list[Line]) -> set[str]:
    return {each for line in _all(lines) for each in (line.id, *(c.fact for c in line.callouts))}


def without_facts(lines: list[Line], fact_ids: set[str]) -> list[Line]:
    """``lines`` without the sentences of ``fact_ids`` (which the sheet prints elsewhere, as an
    action's cost beside its name), and without a line left saying nothing."""
    kept = []
    for line in lines:
        line = replace(line, callouts=[c for c in line.callouts if c.fact not in fact_ids],
                       children=without_facts(line.children, fact_ids))
        if line.title or line.body or line.callouts or line.children or line.marker:
            kept.append(line)
    return kept


def _lead_in(line: Line) -> str | None:
    """What a line ending in a colon says of the list after it («Нельзя подавлять беспорядки:»)."""
    said = line.callouts[-1].text if line.callouts else _plain(line.body or line.title)
    return said if said.rstrip().endswith(":") else None


def _items_after(line: Line, lead: str, lang: str) -> Line:
    """The list after a lead-in, each item's sentences without the words they open with that the
    lead-in said already: «Нельзя подавлять беспорядки:» • «В провинциях, …», not «• Нельзя в
    провинциях, …»; "You cannot Suppress Unrest in:" • "Provinces you Occupy", not "Not in …"."""
    if not line.children or line.title is not None or line.body is not None:
        return line
    return replace(line, children=[replace(item, callouts=[replace(c, text=_opening_dropped(c.text, lead, lang))
                                                           for c in item.callouts]) for item in line.children])


def _opening_dropped(sentence: str, lead: str, lang: str) -> str:
    known = {key for keys in words(lead, lang) for key in keys}
    for token in lemmas(sentence, lang):
        if not token.is_word:
            if any(ch.isdigit() for ch in token.text):
                break
            continue
        if not token.keys & known:
            # nothing dropped, or the whole sentence: it stays as it is
            return _capitalised(sentence[token.start:]) if token.start else sentence
    return sentence


def _heading_only(line: Line) -> bool:
    return line.title is not None and not (line.body or line.callouts or line.children or line.marker)


def _titled_once(line: Line, heading: str | None, lang: str) -> Line | None:
    # a numbered step keeps its title: the procedure is read by its steps
    if heading is None or line.title is None or line.body is not None or line.marker \
            or not within(_plain(line.title), heading, lang, kin=True):
        return line
    return replace(line, title=None) if line.callouts or line.children else None


def _beyond(callout: Callout, title: str, lang: str) -> Callout | None:
    """The callout, saying only what its line's title does not: None where it says nothing
    more; its topic alone where the rest is the title («Сокровище мгновенного действия»); the
    rest alone where the topic is the title («Осада: 1c за …» under «Осада (см. с. 28)»)."""
    if within(callout.text, title, lang):
        return None
    split = topic(callout.text)
    if split is not None and within(split[1], title, lang):
        return replace(callout, text=split[0])
    if split is not None and within(split[0], title, lang, kin=True):
        return replace(callout, text=_capitalised(split[1]))
    return callout


def _item_topics_hoisted(line: Line, lang: str) -> Line:
    """A list whose every item's one sentence opens with the same topic («Пасовать нельзя: …»,
    «Сокровище мгновенного действия: взять карточку») says the topic once, over its items;
    each item keeps the rest of its sentence, unless that is its own title."""
    items = line.children
    if len(items) < 2 or line.callouts or line.title is not None or line.body is not None:
        return line
    split = [topic(item.callouts[0].text) if len(item.callouts) == 1 else None for item in items]
    if any(each is None or not same(each[0], split[0][0], lang) for each in split):  # type: ignore[index]
        return line
    children = []
    for item, (_topic, rest) in zip(items, split, strict=True):  # type: ignore[misc]
        title = _plain(item.title or item.body)
        said = [] if title and within(rest, title, lang) else [replace(item.callouts[0], text=_capitalised(rest))]
        children.append(replace(item, callouts=said))
    hoisted = Callout(split[0][0] + ":", items[0].callouts[0].fact)  # type: ignore[index]
    return replace(line, callouts=[hoisted], children=children)


def _options_repeated(line: Line, after: list[Line], lang: str) -> bool:
    """Whether ``line`` is a list of bare items, each the title of a line printed after it."""
    if not line.children or line.title is not None or line.body is not None or line.callouts:
        return False
    titles = [_plain(other.title) for other in _all(after) if other.title is not None]
    for item in line.children:
        text = _plain(item.title or item.body)
        if item.children or item.callouts or not text or not any(same(text, t, lang) for t in titles):
            return False
    return True


def _all(lines: list[Line]) -> list[Line]:
    return [each for line in lines for each in (line, *_all(line.children))]


def _plain(text: Text | None) -> str:
    return _without_brackets(text.value).strip() if text is not None else ""


def _without_brackets(text: str) -> str:
    out, depth = [], 0
    for ch in text:
        depth += ch == "["
        if not depth:
            out.append(ch)
        depth -= ch == "]" and depth > 0
    return "".join(out)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
