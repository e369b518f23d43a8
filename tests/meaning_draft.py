"""A translator's draft of 20 real units of Risto's Period I: 10 with one meaning error each, 10
correct retranslations in other words than the corpus's (a join, a split, a reordered
condition, «запрещено» for `cannot`, «вышеуказанные» for `above` ...).

Every unit, English source and Russian translation is real; each edit changes the real
translation (``old`` -> ``new``) the way a translator would. Shared by tests/check/test_parity_meaning.py
(each check, in process) and tests/check/test_parity_text.py (the same draft through `folio po
export`/`po import`, beside pofilter).
"""

from __future__ import annotations

from typing import NamedTuple


class Plant(NamedTuple):
    unit: str
    old: str | None  # what the real translation says; None: the draft translates it whole
    new: str  # what the draft says instead (the whole text of a new translation)
    code: str  # the one code Folio reports it by
    pofilter: str | None  # the pofilter test that catches it, if one does
    defect: str  # for the manual's table (docs/manual/translators/cross-language-checks.md)
    #: other codes the same edit rightly raises (a dropped sentence drops its glossary terms)
    also: tuple[str, ...] = ()


class Edit(NamedTuple):
    unit: str
    old: str | None  # as in Plant
    new: str


#: one meaning error each; ``pofilter``: the test of `pofilter` (all of its tests run) that was
#: measured to report it, besides tests that report nearly every unit
DEFECTS = [
    Plant("eu-risto:1:I/lasting-effects/1", "Отныне SPA не может размещать", "Отныне SPA может размещать",
          "parity-negation", None, "a negation dropped (`SPA cannot place` as «SPA может размещать»)"),
    Plant("eu-risto:7:I/events-phase/2", "Габсбурги получают CB", "Габсбурги не получают CB",
          "parity-negation", None, "a negation added («Габсбурги не получают CB»)"),
    Plant("eu-risto:4:I/occ-2/movement-phase/3", "если только она сама не воюет с FRA",
          "если она сама воюет с FRA", "parity-negation", None,
          "`unless` rendered as «если» (if)"),
    Plant("eu-risto:6:I/pre-3", "Трансильванию, если она была создана.", "Трансильванию.",
          "parity-condition", None, "a condition dropped (`if it has been created`)"),
    Plant("eu-risto:8:I/occ-2/individual-consequences/spain/3/a", "бонус +2", "бонус −2",
          "parity-sign", None, "a sign flipped (`+2` as «−2»)"),
    Plant("eu-risto:8:I/occ-2/general-consequences/3/c", "все они теряют ещё 1 пункт",
          "все они получают ещё 1 пункт", "parity-sign", None,
          "a loss rendered as a gain (`lose 1` as «получают 1»)"),
    Plant("eu-risto:3:I/events-phase/1", "VEN получает временный CB против TUR",
          "TUR получает временный CB против VEN", "parity-order", None,
          "two powers swapped in a sentence (`VEN` … `TUR` as `TUR` … `VEN`)"),
    Plant("eu-risto:3:I/later-turns/2", "Однако это даёт VEN временный бесплатный CB против TUR.",
          "However, this provides VEN with a temporary free CB against TUR.",
          "parity-other-language", "spellcheck", "an English sentence left in the Russian text",
          also=("parity-term-missing",)),  # `free CB` has its approved rendering, «бесплатный CB»
    Plant("eu-risto:4:I/occ-1/movement-phase/1", "в течение первого хода", "в течение одного хода",
          "parity-ordinal", None, "an ordinal as a count (`the first turn` as «одного хода»)"),
    Plant("eu-risto:4:I/pre-2", "Не может произойти во второй раз", "Не может произойти два раза",
          "parity-ordinal", None, "an ordinal as a count (`for a second time` as «два раза»)"),
]

#: correct retranslations: each says the real translation's meaning in other words
CORRECT = [
    # a term moved by Russian word order: `CB` is no party, only who does what to whom counts
    Edit("eu-risto:4:I/occ-1/events-phase/1", "FRA получает временный CB против владельца NAPOLI,",
         "FRA получает против владельца NAPOLI временный CB,"),
    # `are not affected` as «остаются в силе»: a change negated is a keeping (litotes)
    Edit("eu-risto:4:I/occ-1/movement-phase/2", "но на остальные эффекты из описания события это не влияет.",
         "но остальные эффекты из описания события остаются в силе."),
    # `the above conditions` as «вышеуказанные условия», not «указанные выше»: the same reference
    Edit("eu-risto:8:I/occ-2/individual-consequences/para-1",
         "указанные выше условия немедленно применяются к ним так, как если бы",
         "к ним немедленно применяются вышеуказанные условия, как если бы"),
    # two sentences joined into one: each brings its own number, both found
    Edit("eu-risto:8:I/occ-2/individual-consequences/spain/1/i",
         "повышается до 2. Минимальное число доступных TP повышается до 4.",
         "повышается до 2, а минимальное число доступных TP — до 4."),
    # one sentence split in two
    Edit("eu-risto:3:I/diplomacy-phase/1",
         "предоставленного ей CB, навсегда передав VEN 50%",
         "предоставленного ей CB. Для этого она навсегда передаёт VEN 50%"),
    # `cannot place` as «запрещено размещать»: a negation by a word, not by «не»
    Edit("eu-risto:1:I/lasting-effects/2", "Отныне POR не может размещать маркеры",
         "С этого момента POR запрещено размещать маркеры"),
    # the condition first, `in that case` as «тогда»
    Edit("eu-risto:4:I/pre-1",
         "Это событие не может произойти, если FRA — протестантская страна. В этом случае",
         "Если FRA — протестантская страна, это событие произойти не может. Тогда"),
    # a gain verb before a written minus: the sign is the minus
    Edit("eu-risto:8:I/occ-2/individual-consequences/spain/2/a",
         "Даётся штраф −2 к повышению стабильности в текущем периоде и в следующем.",
         "Попытки повышения стабильности в текущем периоде и в следующем получают штраф −2."),
    # `by loosing 3 Stab and 20 VPs` as «ценой 3 пунктов … и 20 победных очков»: no sign said
    Edit("eu-risto:10:I/pre-2", "потеряв 3 пункта стабильности и 20 победных очков",
         "ценой 3 пунктов стабильности и 20 победных очков"),
    # `loose 1 Stab` as «лишается 1 пункта стабильности»: a loss in other words
    Edit("eu-risto:1:I/lasting-effects/4/para-1", "SPA теряет 1 пункт стабильности",
         "SPA лишается 1 пункта стабильности"),
    # `non-ally` as «не являющаяся союзником»
    Edit("eu-risto:10:I/events-phase/3/c", "Любой, кто не является союзником ENG",
         "Любая страна, не являющаяся союзником ENG"),
    # `unless` as «кроме случая, когда», `if attacked` as «если их атакуют»
    Edit("eu-risto:1:I/lasting-effects/8",
         "Будучи атакованными, такие войска могут только обороняться (если только не объявлена война).",
         "Такие войска могут только обороняться, если их атакуют (кроме случая, когда объявлена война)."),
]
