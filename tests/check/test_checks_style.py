"""House style, majority wins: a notation written two ways in a document or an edition, on
crafted texts made of the real lines (right and wrong), and the real corpus's findings."""

from __future__ import annotations

from dataclasses import replace

from check_support import DOCUMENTS, ROOT, crafted, real_context, run
from pipeline.check import consistency, typography
from pipeline.check.base import CheckContext
from pipeline.core.diagnostics import Diagnostic, Severity
from pipeline.core.model import Corpus
from pipeline.parse import PARSERS
from pipeline.read.reader import decode_source

#: a real line of vq's text (11.1), and one of his-winter's
VQ_LINE = "Ход за ход (т.е. один ход) и т. д."
WINTER = "20.1. Колонии\nКарты (т. е. ресурсы) и т. п. в колониях.\n"


def edition(*texts: str, games: tuple[str, ...] = ()) -> CheckContext:
    """Documents of one game and edition (or of ``games``), one per text, in one corpus."""
    like = DOCUMENTS["his-winter-new-world"]
    corpus = Corpus()
    for n, body in enumerate(texts):
        document = replace(like, key=f"crafted-{n}", rulebook=f"book{n}", source=f"corpus/crafted/{n}.ru.txt",
                           game=games[n] if games else like.game, continues=None)
        corpus.documents.append(document)
        corpus.add_document_units(PARSERS[document.parser](
            document, decode_source(body.encode("utf-8"), document.source)))
    return CheckContext(corpus, ROOT)


def whole(ctx: CheckContext) -> list[Diagnostic]:
    return sorted(consistency.check_whole(ctx), key=Diagnostic.sort_key)


def test_an_abbreviation_unlike_its_documents_majority_is_reported_with_the_majority_form():
    ctx = crafted(f"11.1. Развёртывание\n{VQ_LINE} Также т. п. и т. к. верно.\n")
    [finding] = run(consistency, ctx)
    assert (finding.line, finding.col, finding.code) == (2, 13, "style-variant")
    assert finding.suggestion == "т. е." and finding.severity == Severity.WARNING
    assert "with a space 3 times (`т. д.`, line 2)" in finding.message


def test_the_tight_majority_wins_too_and_a_tie_says_nothing():
    [finding] = run(consistency, crafted("11.1. Раздел\nт.е. одно, т.д. другое, т. п. третье.\n"))
    assert (finding.col, finding.suggestion) == (25, "т.п.")
    assert run(consistency, crafted(f"11.1. Развёртывание\n{VQ_LINE}\n")) == []


def test_english_abbreviations_and_page_numbers():
    ctx = crafted("5.5 Military Actions #\n\nDeclare War (1c) #\n\n"
                  "See p. 22, p. 25 and p.13, i.e. the maps, e. g. Venice, i.e. twice.\n", "pop-rulebook")
    assert [(d.col, d.suggestion) for d in run(consistency, ctx)] == [(22, "p. 13"), (43, "e.g.")]


def test_a_document_consistent_in_itself_but_unlike_its_edition():
    ctx = edition(WINTER, "11.1. Развёртывание\nХод за ход (т.е. один ход).\n")
    [finding] = whole(ctx)
    assert (finding.path, finding.line, finding.code) == ("corpus/crafted/1.ru.txt", 2, "style-edition-variant")
    assert finding.suggestion == "т. е."
    assert "other documents of its edition write it with a space 2 times (`т. е.`, 0.ru.txt line 2)" \
        in finding.message
    # another game is another edition: its own convention stands
    assert whole(edition(WINTER, "11.1. Раздел\nХод (т.е. один).\n", games=("Here I Stand", "Virgin Queen"))) == []


def test_ranges_are_held_to_the_editions_majority_only_where_the_document_is_consistent():
    ctx = edition("21.4. Франция\nПри 1–3 и 4–6 одно.\n", "22.1. Папство\nПри 3-6 другое.\n")
    [finding] = whole(ctx)
    assert (finding.path, finding.col, finding.suggestion) == ("corpus/crafted/1.ru.txt", 5, "3–6")
    mixed = edition("21.4. Франция\nПри 1–3 и 4–6 одно.\n", "22.1. Папство\nПри 3-6 и 1–2 другое.\n")
    assert whole(mixed) == []  # the document's own mix is typography's (typo-range-dash)
    assert run(consistency, mixed) == []


#: his-winter 19.3's procedure as the text has it, shortened: three steps, then its exceptions
#: numbered 1 to 3 again
PROCEDURE = ("19.3. Возвращение домой\nПроцедура возвращения домой сухопутных войск\n"
             "Каждая держава выполняет следующие шаги.\n"
             "1. Проверка превышения размера соединения: Проверьте все сухопутные соединения.\n"
             "2. Возвращение отрядов: Теперь проверьте все сухопутные отряды.\n"
             "3. Возвращение полководцев: Если город не под контролем державы, полководец уходит.\n"
             "Существует три исключения из общего порядка:\n"
             "{0} ПРОТЕСТАНТСКИЕ ОТРЯДЫ: Так как у Протестантов нет столицы, их отряды остаются.\n"
             "{1} СТОЛИЦА ПОД ВРАЖЕСКИМ КОНТРОЛЕМ: Если столица державы контролируется врагом.\n")


def test_a_list_restarting_at_the_procedures_own_step_markers():
    [finding] = run(consistency, crafted(PROCEDURE.format("1.", "2.")))
    assert (finding.line, finding.col, finding.code, finding.suggestion) == (8, 1, "style-list-restart", "a.")
    assert "steps 1 to 3" in finding.message
    assert run(consistency, crafted(PROCEDURE.format("a.", "b."))) == []
    assert run(consistency, crafted(PROCEDURE.format("·", "·"))) == []


def test_the_real_corpus_findings():
    ctx = real_context()
    found = [*consistency.check(ctx), *consistency.check_whole(ctx)]
    assert sorted((d.path, d.line, d.code) for d in found) == [
        ("corpus/sources/his-winter-phase-new-world.ru.txt", 10, "style-list-restart"),
        ("corpus/translations/his-winter-new-world.en.yaml", 81, "style-list-restart")]


def test_a_missing_final_newline_is_a_warning_as_linters_make_it():
    [finding] = run(typography, crafted("19.4. Фишки\nУберите все фишки.", final_newline=False),
                    "typo-final-newline")
    assert finding.severity == Severity.WARNING
