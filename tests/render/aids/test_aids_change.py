"""The aids follow the data: a fact changed in a test copy of the corpus changes the printed
aid and the rules module together; rule text prints as written, a stale translation is marked,
and an aid whose fact is gone stops the build before anything is written."""

from __future__ import annotations

import re

import pytest

from aids_support import REPO, flat, pdftotext
from pipeline.build import load_corpus
from pipeline.core.errors import FolioError, UnknownKind
from pipeline.core.model import Kind
from pipeline.render.aids import plan_aids, print_aids
from pipeline.render.aids.printed_lines import KINDS, SKIPPED, to_line
from pipeline.render.aids.sheet import Sheet
from pipeline.rules import load_facts, run

HIS = "corpus/rules/his.yaml"
STEP_1 = "1. Открытие карты: Английский игрок открывает карту"


def set_value(root, fact_id: str, old: str, new: str) -> None:
    """Rewrite one value line of one fact in corpus/rules/his.yaml (``range: [1, 3]``)."""
    path = root / HIS
    text = path.read_text(encoding="utf-8")
    start = text.index(f"  - id: {fact_id}\n")
    at = text.index(old, start)
    assert at < text.find("  - id: ", start + 1)
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")


def printed_text(root, tmp_path, *aids: str) -> dict[tuple[str, str], str]:
    corpus, _notes = load_corpus(root)
    plan = plan_aids(corpus, root, only=aids, papers=("a4",))
    tmp_path.mkdir(parents=True, exist_ok=True)  # a build writes beside an existing directory only
    printed = print_aids(plan, tmp_path / "aids")
    return {(f.aid, f.lang): flat(" ".join(pdftotext(printed.directory / f.path))) for f in printed.files}


def test_a_changed_fact_changes_the_printed_aid_and_the_rules_module_together(corpus_copy, tmp_path):
    set_value(corpus_copy, "mary-i.die.papal", "range: [1, 3]", "range: [1, 2]")
    set_value(corpus_copy, "mary-i.die.normal", "range: [4, 6]", "range: [3, 6]")
    set_value(corpus_copy, "winter.city-limit", "number: 4", "number: 5")
    text = printed_text(corpus_copy, tmp_path, "his-mary-i-impulse", "his-winter-phase")
    assert "die roll 1–2 → go to step 4" in text[("his-mary-i-impulse", "en")]
    assert "die roll 3–6 → play the card normally" in text[("his-mary-i-impulse", "en")]
    assert "бросок 1–2 → перейдите к шагу 4" in text[("his-mary-i-impulse", "ru")]
    assert "At most 5 land units stay" in text[("his-winter-phase", "en")]
    assert "Не более 5 отрядов остаются" in text[("his-winter-phase", "ru")]
    before, after = load_facts(REPO), load_facts(corpus_copy)
    assert run("his.mary-i-impulse", before, card_cp=3, die=3).result.papal_actions
    assert not run("his.mary-i-impulse", after, card_cp=3, die=3).result.papal_actions
    assert run("his.winter-return", after, power="france", units=7,
               space="fortified-controlled").result.may_stay == 5
    # the aid's edition (in the PDF's metadata) follows the change
    before, after = ({d.aid.key: d.edition for d in plan_aids(load_corpus(root)[0], root,
                                                               only=("his-mary-i-impulse",), langs=("en",)).documents}
                     for root in (REPO, corpus_copy))
    assert before["his-mary-i-impulse"] != after["his-mary-i-impulse"]


def test_rule_text_prints_as_written_and_a_stale_translation_is_marked(corpus_copy, tmp_path):
    source = corpus_copy / "corpus/sources/his-power-rules-england-france-papacy.ru.txt"
    text = source.read_text(encoding="utf-8")
    assert text.count(STEP_1) == 1
    source.write_text(text.replace(STEP_1, STEP_1 + " <b>жирно</b> {{ x }} &amp;"), encoding="utf-8")
    printed = printed_text(corpus_copy, tmp_path, "his-mary-i-impulse")
    assert "открывает карту <b>жирно</b> {{ x }} &amp;" in printed[("his-mary-i-impulse", "ru")]
    en = printed[("his-mary-i-impulse", "en")]
    assert "Reveal Card: The English player reveals the card he wishes to play" in en
    assert en.count("may be outdated") == 1  # the translation of step 1, made from the old text


def test_an_aid_whose_fact_is_gone_stops_the_build_before_anything_is_written(corpus_copy, folio):
    path = corpus_copy / HIS
    text = path.read_text(encoding="utf-8")
    start = text.index("  - id: winter.city-limit\n")
    path.write_text(text[:start] + text[text.index("  - id: ", start + 1):], encoding="utf-8")
    done = folio(corpus_copy, "build")
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"{HIS}: error: the player aid his-winter-phase prints his.winter.city-limit: "
                           f"the fact his.winter.city-limit is not defined in {HIS}"), line
    assert not (corpus_copy / "build").exists()


def test_every_kind_of_unit_is_printed_or_left_out_on_purpose():
    assert set(KINDS) | SKIPPED | {Kind.DOCUMENT} == set(Kind)
    corpus, _ = load_corpus(REPO)
    sheet = Sheet("test", corpus, load_facts(REPO), "en", _Null())
    with pytest.raises(UnknownKind, match="his-power-rules: the player aids cannot print a unit of kind"):
        to_line(sheet, corpus.units["his-power-rules"], {})


def test_an_unknown_aid_is_refused_by_name():
    corpus, _ = load_corpus(REPO)
    with pytest.raises(FolioError, match="no player aid 'his-winter'; the aids are eu-risto-events-period-1"):
        plan_aids(corpus, REPO, only=("his-winter",))


class _Null:
    def gettext(self, message):
        return message

    def ngettext(self, singular, plural, n):
        return singular if n == 1 else plural


VQ = "corpus/sources/vq-spring-deployment-action-phase.ru.txt"
EVENT_PLAY = "Розыгрыш карточки как события: карточки обязательных событий"


def test_inserting_a_paragraph_does_not_change_what_an_aid_prints(corpus_copy, tmp_path):
    """The Virgin Queen aid prints paragraphs 3-8 of rule 11 in its own order; a paragraph
    inserted among them renumbers the ones below (vq:11/para-5 becomes para-6), and the aid
    still prints the same words, without the new one."""
    before = printed_text(REPO, tmp_path / "before", "vq-deployment-action-phase")
    source = corpus_copy / VQ
    lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
    [at] = [n for n, line in enumerate(lines) if line.startswith(EVENT_PLAY)]
    lines.insert(at + 1, "Вставленный абзац, которого нет ни в одной памятке.\n")
    source.write_text("".join(lines), encoding="utf-8")
    corpus, _ = load_corpus(corpus_copy)
    assert "Вставленный абзац" in corpus.units["vq:11/para-5"].sides["ru"].fields["body"]
    after = printed_text(corpus_copy, tmp_path / "after", "vq-deployment-action-phase")
    for key in before:
        assert "Вставленный абзац" not in after[key]
        assert _without_edition(after[key]) == _without_edition(before[key]), key


def _without_edition(text: str) -> str:
    return re.sub(r"(edition|выпуск) \S+", "", text)


def test_a_translation_awaiting_review_prints_tagged_so(corpus_copy):
    """A translator's fuzzy mark reaches the printed page: the text prints, tagged, never as
    finished."""
    from conftest import mark_fuzzy
    from pipeline.render.aids.html import environment

    mark_fuzzy(corpus_copy, "corpus/translations/pop-military-actions.ru.yaml",
               "pop:5.5/action-1/proc-1/step-2")
    corpus, _ = load_corpus(corpus_copy)
    sheet = Sheet("test", corpus, load_facts(REPO), "ru", _Null())
    text = sheet.text("pop:5.5/action-1/proc-1/step-2")
    assert text.unreviewed and not text.stale and not text.fallback
    macros = environment().get_template("macros.html").make_module({"lang": "ru", "_": _Null().gettext})
    printed = str(macros.t(text))
    assert text.value in printed and "not yet reviewed" in printed
    finished = sheet.text("pop:5.5/action-1/proc-1/step-1")
    assert "not yet reviewed" not in str(macros.t(finished))
