"""A second edition of Risto's Period I, as its publisher would make one: six kinds of change to
the real source text, each a line or two of corpus/sources/eu-ristos-events-period-1.en.txt.

1. a spelling fix: `SPA shall loose 1 Stab` -> `lose` (the spelling check's own confusable);
2. punctuation fixes: the closing quote mark that opens ”America” in precondition 1 of event 1,
   and `vice-versa` -> `vice versa` in its lasting effect 6;
3. a change of meaning: `SPA and POR receive 50d.` -> `60d.`;
4. a paragraph moved to another event: "These modifiers no longer apply ..." leaves the period's
   opening modifiers for event 1, the event they are about;
5. a new event 11 whose `EVENTS PHASE:` heading every event has, and whose effect repeats one of
   event 1 but for one power;
6. a sentence added to an effect of event 2 (`The loser receives nothing.`).
"""

from __future__ import annotations

from pathlib import Path

RISTO = "corpus/sources/eu-ristos-events-period-1.en.txt"
RISTO_RU = "corpus/translations/eu-risto-period-1.ru.yaml"

SPELLING = "eu-risto:1:I/lasting-effects/4/para-1"
QUOTES = "eu-risto:1:I/pre-1"
HYPHEN = "eu-risto:1:I/lasting-effects/6"
MEANING = "eu-risto:1:I/events-phase/2"
MOVED_FROM, MOVED_TO = "eu-risto:period-I/modifiers-1/para-1", "eu-risto:1:I/para-1"
NEW_EVENT = "eu-risto:11:I"
NEW_HEADING, NEW_EFFECT = "eu-risto:11:I/events-phase", "eu-risto:11:I/events-phase/1"
SENTENCE = "eu-risto:2:I/events-phase/4"

MOVED_TEXT = "These modifiers no longer apply during period II even if event 1:I has not occurred by then."
NEW_EVENT_TEXT = """

11: FRENCH PRIVATEERS (no historical date)
(duration: this turn)

EVENTS PHASE:
1. FRA and ENG receive a temporary CB for this turn against SPA."""


def _edit(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def second_edition(root: Path) -> None:
    """Rewrite the source of ``root`` (a copy of the corpus) as the publisher's second edition."""
    path = root / RISTO
    text = path.read_text("utf-8")
    text = _edit(text, "restriction SPA shall loose 1 Stab", "restriction SPA shall lose 1 Stab")
    text = _edit(text, "do not mark off if ”America” has not been discovered.",
                 "do not mark off if “America” has not been discovered.")
    text = _edit(text, "(not vice-versa) lose 1 Stab", "(not vice versa) lose 1 Stab")
    text = _edit(text, "2. SPA and POR receive 50d.", "2. SPA and POR receive 60d.")
    text = _edit(text, MOVED_TEXT + "\n", "")
    text = _edit(text, "whichever comes first)\n\n1. Re-roll",
                 "whichever comes first)\n\n" + MOVED_TEXT + "\n\n1. Re-roll")
    text = _edit(text, "4. The winner receives 75d and 10 VP.",
                 "4. The winner receives 75d and 10 VP. The loser receives nothing.")
    text = text.rstrip("\n") + NEW_EVENT_TEXT + "\n"
    path.write_text(text, "utf-8")
