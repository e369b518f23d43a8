"""The aids as a player reads them, line by line: no line says again what its heading, its item
or the line above it says (compared by lemma), no phrase stands cut from its sentence, and no
line sends the player to the rule the sheet itself is (issue 26: «Сокровище мгновенного
действия: взять карточку» under the item «взять карточку»; «Продление импульса сокровищем»
twice; «• и 10 победных очков» on a card of its own; «7. см. правило 5.5» on the sheet of 5.5;
«Активировать отряды —» with nothing to say)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser

import pytest

from aids_support import flat, pdftotext, printout
from pipeline.render.aids.repeats import said_once, same, topic, within, without_heading
from pipeline.render.aids.sheet import Callout, Line, Text


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    return printout(tmp_path_factory)


@dataclass
class Printed:
    """One printed line of an aid's HTML: its title, its sentences and the lines inside it."""

    kind: str
    title: str = ""
    callouts: list[str] = field(default_factory=list)
    children: list[Printed] = field(default_factory=list)
    heading: str = ""  # the h2 (or the card's occurrence heading) it stands under


class Lines(HTMLParser):
    """The lines (li.line), headings (h2) and card facts of an aid's HTML, as a tree."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.roots: list[Printed] = []
        self.stack: list[Printed] = []
        self.tags: list[tuple[str, str, Printed | None]] = []  # tag, class, the line it opened
        self.heading = ""
        self.capture: list[str] | None = None
        self.capturing = ""

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        opened = None
        if tag == "li" and ("line" in classes or "card-fact" in classes or "card-heading" in classes):
            kind = "card-heading" if "card-heading" in classes else "card-fact" if "card-fact" in classes \
                else next((c.removeprefix("line--") for c in classes if c.startswith("line--")), "line")
            opened = Printed(kind, heading=self.heading)
            (self.stack[-1].children if self.stack else self.roots).append(opened)
            self.stack.append(opened)
            if kind.startswith("card-"):
                self._capture("title")
        elif tag == "h2":
            self._capture("h2")
        elif tag == "b" and "title" in classes and self.stack:
            self._capture("title")
        elif tag in ("p", "span") and "callout" in classes and self.stack:
            self._capture("callout")
        self.tags.append((tag, " ".join(classes), opened))

    def _capture(self, what: str) -> None:
        self.capture, self.capturing = [], what

    def handle_data(self, data):
        if self.capture is not None:
            self.capture.append(data)

    def handle_endtag(self, tag):
        while self.tags:
            open_tag, _classes, opened = self.tags.pop()
            if open_tag == tag:
                break
        else:
            return
        if self.capture is not None and tag in ("h2", "b", "p", "span", "li"):
            text = flat("".join(self.capture))
            line = self.stack[-1] if self.stack else None
            if self.capturing == "h2":
                self.heading = text
            elif self.capturing == "title" and line is not None:
                line.title = text.rstrip(":")
                if line.kind == "card-heading":
                    self.heading = text
            elif self.capturing == "callout" and line is not None and text:
                line.callouts.append(text)
            self.capture = None
        if opened is not None:
            self.stack.pop()


def printed_lines(html: str) -> list[Printed]:
    parser = Lines()
    parser.feed(html)
    return parser.roots


def every(lines: list[Printed], parent: Printed | None = None):
    for line in lines:
        yield line, parent
        yield from every(line.children, line)


def aid_files(printed):
    return [file for file in printed.printed.files if file.variant.paper == "a4"]


def test_repeats_compares_words_by_lemma_on_the_aids_own_lines():
    assert within("Пас", "Паса", "ru") and same("розыгрыша карточки как события", "Розыгрыш карточки как события", "ru")
    assert within("взять карточку", "Сокровище мгновенного действия: взять карточку", "ru")
    assert not within("Сокровище мгновенного действия: взять карточку", "взять карточку [Draw Card]", "ru")
    # a number is a word: «не более 4» does not repeat «не более 5»
    assert not within("Не более 4 отрядов на город", "Не более 5 отрядов остаются в городе", "ru")
    assert topic("Второе событие: +2 к дипломатии FRA") == ("Второе событие", "+2 к дипломатии FRA")
    assert without_heading("Второе событие: обязательный CB против владельца MILANO", "ВТОРОЕ СОБЫТИЕ", "ru") \
        == "Обязательный CB против владельца MILANO"
    assert without_heading("Protestantism: 2 Stab lost", "SECOND EVENT", "en") == "Protestantism: 2 Stab lost"


def _item(n: int, title: str, said: str) -> Line:
    return Line(f"vq:11/list-3/item-{n}", "item", "•", Text(title, "ru", "vq"), None, [],
                [Callout(said, f"vq.treasure.{n}")], keep=True)


def test_a_list_says_its_items_common_topic_once_and_a_title_its_heading_never():
    heading = "Продление импульса сокровищем"
    lines = [Line("vq:11/para-7", "paragraph", "", Text("Продление импульса сокровищем", "ru", "vq")),
             Line("vq:11/list-3", "list", "", None, None, [
                 _item(1, "взять карточку [Draw Card]", "Сокровище мгновенного действия: взять карточку"),
                 _item(2, "научный бонус [Science Bonus]", "Сокровище мгновенного действия: научный бонус"),
                 _item(3, "1 ПО [1 VP]", "Сокровище мгновенного действия: 1 ПО")])]
    [treasures] = said_once(lines, heading, "ru")  # the paragraph was its title, the heading's words
    assert [c.text for c in treasures.callouts] == ["Сокровище мгновенного действия:"]
    assert [item.callouts for item in treasures.children] == [[], [], []]
    assert [item.title.value for item in treasures.children if item.title] == [
        "взять карточку [Draw Card]", "научный бонус [Science Bonus]", "1 ПО [1 VP]"]


def test_no_line_of_any_aid_repeats_its_heading_its_item_or_a_line_above_it(printed):
    checked = 0
    for file in aid_files(printed):
        lang = file.lang
        for line, parent in every(printed_lines(file.document.html)):
            where = (file.path, line.kind, line.title, line.callouts)
            heading = line.heading
            if line.title and heading and not line.kind.startswith("card") and not re.match(r"\d", line.title):
                assert not within(line.title, heading, lang), where  # «Продление …» under «Продление …»
            for n, said in enumerate(line.callouts):
                checked += 1
                if line.title:
                    assert not within(said, line.title, lang), where  # says nothing the item does not
                    split = topic(said)
                    assert not (split and within(split[1], line.title, lang)), where  # «…: взять карточку»
                    assert not (split and within(split[0], line.title, lang)), where  # «Осада: …» under «Осада»
                split = topic(said)
                for above in (heading, parent.title if parent else ""):
                    assert not (split and above and within(split[0], above, lang)), where  # «Второе событие: …»
                for before in line.callouts[:n] + (parent.callouts if parent else []):
                    assert not within(said, before, lang), where
            if line.kind == "card-fact" and line.title and heading:
                split = topic(line.title)
                assert not (split and within(split[0], heading, lang)), where
    assert checked >= 100


def test_no_card_fact_or_sentence_is_a_phrase_cut_from_the_one_before(printed):
    """«• и 10 победных очков», «• до конца периода II»: a label continuing the one before it
    is printed with it."""
    for file in aid_files(printed):
        for line, _parent in every(printed_lines(file.document.html)):
            for said in ([line.title] if line.kind == "card-fact" else []) + line.callouts:
                assert not re.match(r"[a-zа-яё]", said), (file.path, said)
        if file.aid == "eu-risto-events-period-1":
            text = flat(" ".join(pdftotext(printed.path(file))))
            joined = {"en": "The winner receives 75d and 10 VP", "ru": "Победитель получает 75 дукатов и 10 победных очков"}
            assert joined[file.lang] in text, file.path


def test_a_card_never_ends_on_a_heading_and_a_fact_stands_under_its_own(printed):
    """A heading or a topic over nothing («SECOND EVENT» last on 4:I's second card) heads the
    next card; a topic several facts in a row open with («Протестантизм: …» three times) is
    said once over them."""
    for file in aid_files(printed):
        if file.aid != "eu-risto-events-period-1":
            continue
        cards = re.findall(r'<section class="card" id="([^"]+)">(.*?)</section>', file.document.html, re.S)
        assert len(cards) > 10
        for card, html in cards:
            entries = re.findall(r'<li class="(card-heading|card-topic|card-fact)"', html)
            assert entries and entries[-1] == "card-fact", (file.path, card)
        topics = re.findall(r'<li class="card-topic"[^>]*>([^<]+)</li>', file.document.html)
        assert {"en": "Protestantism:", "ru": "Протестантизм:"}[file.lang] in topics, file.path
        # 1:I's Events Phase is no precondition: its facts are under its own name
        first = flat(re.sub(r"<[^>]+>", " ", dict(cards)["eu-risto:1:I"]))
        phase = {"en": "EVENTS PHASE", "ru": "ФАЗА СОБЫТИЙ"}[file.lang]
        assert first.index(phase) < first.index({"en": "FRA and ENG get", "ru": "FRA и ENG получают"}[file.lang])


def test_the_pop_sheet_never_sends_the_player_to_itself_and_every_action_says_something(printed):
    for file in aid_files(printed):
        if file.aid != "pop-military-actions":
            continue
        text = flat(" ".join(pdftotext(printed.path(file))))
        assert "5.5" in text
        assert not re.search(r"(see rule|см\. правило) 5\.5", text), file.path
        for title in {"en": ("Activate Units", "Recruit Units", "Suppress Unrest"),
                      "ru": ("Активировать отряды", "Набрать отряды", "Подавить беспорядки")}[file.lang]:
            assert f"{title} —" not in text, (file.path, title)
        step7 = {"en": "7. If any Land Units on opposing sides", "ru": "7. Если какие-либо сухопутные отряды"}
        assert step7[file.lang] in text, file.path


def test_no_two_abbreviations_of_a_legend_read_the_same(printed):
    """«EG — дипломатический статус; VA — дипломатический статус»: the Russian note of VA was
    cut at its first comma, so the legend said two things one way."""
    checked = 0
    for file in aid_files(printed):
        legend = re.findall(r'<span class="abbr"><b>([^<]+)</b> — ([^<]+)</span>', file.document.html)
        meanings = [flat(meaning) for _abbr, meaning in legend]
        assert len(set(meanings)) == len(meanings), (file.path, legend)
        checked += len(legend)
    assert checked >= 30
    risto = flat(" ".join(pdftotext(printed.path(printed.file("eu-risto-events-period-1", "ru")))))
    assert "VA — дипломатический статус, связанный с вассалитетом" in risto


def test_the_virgin_queen_sheet_says_its_treasures_and_its_options_once(printed):
    """The sheet as a player reads it: the automatic treasures under their topic, said once; the
    heading «Продление импульса сокровищем» once; the impulse's options («розыгрыша карточки …»)
    only as the titles of their rules."""
    for lang, topic_said, item, heading, option in (
            ("ru", "Сокровище мгновенного действия:", "взять карточку", "Продление импульса сокровищем",
             "розыгрыша карточки"),
            ("en", "Automatic treasure:", "Draw Card", "Extending an impulse with a treasure", "playing a card for")):
        text = flat(" ".join(pdftotext(printed.path(printed.file("vq-deployment-action-phase", lang)))))
        assert f"{topic_said} • {item}" in text, lang
        assert text.count(topic_said) == 1 and f"{topic_said} {item}" not in text, lang
        assert text.lower().count(heading.lower()) == 1, lang
        assert option not in text, lang


def test_a_title_of_one_family_with_its_heading_is_dropped_and_one_that_says_more_is_kept():
    """«Пас» under «Когда держава может пасовать» and «Сухопутное движение» under «Сухопутное
    передвижение» say nothing new (one root, pymorphy3's paradigm stems); «Морское движение»
    under «Сухопутное передвижение», or «Паста» under «пасовать», does."""
    assert not within("Пас", "Когда держава может пасовать", "ru")  # the lemmas differ
    assert within("Пас", "Когда держава может пасовать", "ru", kin=True)
    assert within("Сухопутное движение", "Сухопутное передвижение", "ru", kin=True)
    assert within("Pass", "When a power may pass", "en", kin=True)
    assert not within("Морское движение", "Сухопутное передвижение", "ru", kin=True)
    assert not within("Пасека", "Когда держава может пасовать", "ru", kin=True)
    assert not within("Неприятель", "Приятель", "ru", kin=True)  # «не» makes another word
    heading = "Когда держава может пасовать"
    kept = Line("vq:11/para-9", "paragraph", "", Text("Пасека", "ru", "vq"), None, [],
                [Callout("Держава без карточек должна пасовать.", "vq.pass.must")], keep=True)
    dropped = replace(kept, id="vq:11/para-5", title=Text("Пас", "ru", "vq"),
                      callouts=[Callout("Пасовать нельзя, пока родная карточка не сыграна.", "vq.pass.never.home-card")])
    [one, other] = said_once([dropped, kept], heading, "ru")
    assert one.title is None and other.title is not None and other.title.value == "Пасека"


def test_the_printed_sheets_drop_a_title_of_their_headings_word_family(printed):
    vq = flat(" ".join(pdftotext(printed.path(printed.file("vq-deployment-action-phase", "ru")))))
    assert "Когда держава может пасовать Пасовать нельзя:" in vq
    vq_en = flat(" ".join(pdftotext(printed.path(printed.file("vq-deployment-action-phase", "en")))))
    assert "When a power may pass No pass:" in vq_en
    for lang, item, said in (("ru", "Сухопутное передвижение (см. с. 25)", "До 2 полей."),
                             ("en", "Land Movement (see p. 25)", "Up to 2 spaces.")):
        pop = flat(" ".join(pdftotext(printed.path(printed.file("pop-military-actions", lang)))))
        assert f"{item} {said}" in pop, lang
        assert not re.search(r"(Сухопутное движение|Land Movement):", pop), lang


def test_a_list_item_says_only_what_its_lead_in_did_not(printed):
    """«Нельзя подавлять беспорядки: • Нельзя в провинциях, …» said «нельзя» twice; the items
    keep the rest («• В провинциях, …»), in both languages."""
    for lang, lead, item in (("ru", "Нельзя подавлять беспорядки:", "В провинциях, которые оккупируете вы."),
                             ("en", "You cannot Suppress Unrest in:", "Provinces you Occupy.")):
        pop = flat(" ".join(pdftotext(printed.path(printed.file("pop-military-actions", lang)))))
        start = pop.index(lead)
        items = pop[start:start + 400]
        assert f"• {item}" in items, lang
        assert not re.search(r"• (Нельзя|Not in)\b", items), (lang, items)


def test_an_item_keeps_its_opening_when_the_lead_in_did_not_say_it():
    lead = Line("pop:5.5/action-4/para-2", "paragraph", "", None, Text("Нельзя подавлять беспорядки:", "ru", "pop"))
    items = Line("pop:5.5/action-4/list-1", "list", "", None, None, [
        _item(1, "", "Нельзя в провинциях, оккупированных врагом"),
        _item(2, "", "Можно в своих провинциях")])
    items = replace(items, children=[replace(child, title=None) for child in items.children])
    [_lead, printed_items] = said_once([lead, items], None, "ru")
    assert [c.text for item in printed_items.children for c in item.callouts] == [
        "В провинциях, оккупированных врагом", "Можно в своих провинциях"]


def test_the_pdf_keywords_list_what_the_aid_prints_not_what_it_left_out(printed):
    """The VQ sheet reads «Пас» (vq:11/para-5), the heading's paragraph (vq:11/para-7) and the
    list of the impulse's options (vq:11/list-1), then leaves them out as repeats: its keywords
    name them no more, and still name what it prints."""
    from pypdf import PdfReader

    for lang in ("en", "ru"):
        file = printed.file("vq-deployment-action-phase", lang)
        keywords = {k.strip() for k in (PdfReader(printed.path(file)).metadata["/Keywords"] or "").split(",")}
        assert not keywords & {"vq:11/para-5", "vq:11/para-7", "vq:11/list-1"}, lang
        assert {"vq:11/list-2", "vq:11/list-3/item-1", "vq.pass.must", "vq.treasure.cp"} <= keywords, lang
        html = file.document.html
        for unit in ("vq:11/para-5", "vq:11/list-1"):
            assert f'id="{unit}"' not in html, (lang, unit)
