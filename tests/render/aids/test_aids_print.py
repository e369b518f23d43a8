"""The printed player aids as a person printing them meets them: the files, the paper, the fonts,
the footer, nothing split or cut off, and Cyrillic that renders. Page 1 of each aid is kept as
a PNG in test-artifacts/ for a person to look at."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from aids_support import ARTIFACTS, REPO, flat, pdftotext, printout
from pipeline.build import load_corpus
from pipeline.core.model import LANGUAGES
from pipeline.render.aids import plan_aids, print_aids
from pipeline.render.aids.pdf import PAPERS
from pipeline.render.games import aids as registered_aids

AIDS = registered_aids()  # every registered game's (tests/conftest.py imports pipeline.games)


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    return printout(tmp_path_factory)


def test_every_aid_is_printed_in_both_languages_on_both_papers_under_a_stable_name(printed):
    names = sorted(file.path for file in printed.printed.files)
    assert names == sorted(f"{lang}/{aid.key}-{paper}.pdf" for aid in AIDS for lang in LANGUAGES
                           for paper in PAPERS)
    assert len(names) == 24
    assert all(printed.path(file).read_bytes().startswith(b"%PDF-") for file in printed.printed.files)


def test_the_pages_are_really_a4_or_letter(printed):
    for file in printed.printed.files:
        width, height = PAPERS[file.variant.paper][1]
        for number, page in enumerate(PdfReader(printed.path(file)).pages, 1):
            box = page.mediabox
            assert (round(float(box.width), 1), round(float(box.height), 1)) == (round(width, 1), round(height, 1)), \
                (file.path, number, box)


def test_every_font_is_embedded_dejavu(printed):
    for file in printed.printed.files:
        fonts = {}
        for page in PdfReader(printed.path(file)).pages:
            for font in page["/Resources"]["/Font"].values():
                font = font.get_object()
                descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
                descriptor = descendant["/FontDescriptor"].get_object()
                fonts[str(font["/BaseFont"])] = any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
                assert "/ToUnicode" in font, (file.path, font["/BaseFont"])  # text can be copied and searched
        assert fonts and all(fonts.values()), (file.path, fonts)
        assert all("DejaVu" in name for name in fonts), (file.path, sorted(fonts))


def test_russian_aids_render_cyrillic(printed):
    for aid in AIDS:
        text = flat(" ".join(pdftotext(printed.path(printed.file(aid.key, "ru")))))
        assert "\ufffd" not in text and "□" not in text
        assert sum(1 for ch in text if "а" <= ch.lower() <= "я") > 200, aid.key
    mary = flat(" ".join(pdftotext(printed.path(printed.file("his-mary-i-impulse", "ru")))))
    for words in ("Английские импульсы в правление Марии I", "Бросок кости", "Папские действия",
                  "перейдите к шагу 4", "Here I Stand: английский импульс в правление Марии I"):
        assert words in mary


#: the rules each aid's footer names, as a player cites them
RULES = {"eu-risto-events-period-1": ("Period I", "Период I"),
         "his-mary-i-impulse": ("Rule 21.3", "Правило 21.3"),
         # one word for them all, not «Правило 20, Правило 20.1, Правило 20.2»
         "his-winter-phase": ("Rules 19.3, 19.8", "Правила 19.3, 19.8"),
         "his-new-world": ("Rules 20, 20.1, 20.2", "Правила 20, 20.1, 20.2"),
         "vq-deployment-action-phase": ("Rules 10, 11, 11.1", "Правила 10, 11, 11.1"),
         "pop-military-actions": ("Rule 5.5", "Правило 5.5")}


def test_every_page_names_its_rules_and_the_rulebooks_edition_in_the_footer(printed):
    """A player reads the rulebook's edition in the footer ("GMT Games, Russian translation of
    the rulebook"), not a build's digest; the aid's own edition (a digest of the page, different
    for every aid) is in the PDF's metadata. A page of cards prints no footer: its cut marks
    need the room."""
    editions = {(f.aid, f.lang): f.edition for f in printed.printed.files}
    assert len(set(editions.values())) == len(editions), "two aids printed with one edition"
    corpus, _ = load_corpus(REPO)
    for file in printed.printed.files:
        assert file.edition.startswith("0.") and "+" in file.edition
        assert file.edition in PdfReader(printed.path(file)).metadata["/Subject"]
        document = next(d for d in corpus.documents if d.key == file.document.aid.documents[0])
        assert file.document.source_edition == document.edition_in(file.lang)
        rules = RULES[file.aid][file.lang == "ru"]
        pages = pdftotext(printed.path(file))
        for number, page in enumerate(pages, 1):
            footer = flat(page)
            assert file.edition not in footer and "0.1.0+" not in footer, (file.path, number)
            if number > 1 and file.document.aid.cards:
                assert flat(file.document.source_edition) not in footer, (file.path, number)
                continue
            assert f"{rules} · {flat(file.document.source_edition)}" in footer, (file.path, number)
            assert footer.endswith(f"{number} / {len(pages)}"), (file.path, number)


def test_no_box_leaves_the_page_content_area(printed):
    for path, layout in printed.layouts.items():
        assert layout.overflows == [], (path, layout.overflows[:5])


def test_no_step_card_or_row_is_split_across_pages(printed):
    for path, layout in printed.layouts.items():
        assert layout.keep_pages, path
        split = {name: pages for name, pages in layout.keep_pages.items() if len(pages) > 1}
        assert split == {}, path
        assert layout.too_tall == [], path
    risto = printed.layouts["en/eu-risto-events-period-1-a4.pdf"]
    assert len([name for name in risto.card_sizes if name.endswith(":I")]) == 10  # a card per event at least
    assert risto.pages > 2  # the cards really went over several pages


def test_page_one_of_each_aid_is_kept_as_png_for_a_person_to_look_at(printed):
    ARTIFACTS.mkdir(exist_ok=True)
    for file in printed.printed.files:
        stem = ARTIFACTS / f"aid-{file.lang}-{file.aid}-{file.variant.suffix}"
        subprocess.run(["pdftoppm", "-r", "60", "-png", "-f", "1", "-l", "1", "-singlefile",
                        str(printed.path(file)), str(stem)], check=True)
        assert stem.with_suffix(".png").stat().st_size > 5000


def without_translations(root: Path, path: str, unit_ids: tuple[str, ...]) -> None:
    """Drop the entries of these units from a translation file: their translation is missing."""
    file = root / path
    kept, dropping = [], False
    for line in file.read_text(encoding="utf-8").splitlines(keepends=True):
        if line.startswith("  ") and not line.startswith("   "):
            dropping = line.strip().rstrip(":") in unit_ids
        if not dropping:
            kept.append(line)
    file.write_text("".join(kept), encoding="utf-8")


def test_text_the_aid_language_lacks_is_printed_in_the_original_and_marked(corpus_copy, tmp_path):
    """Both editions are complete today: with two translations taken out, the English Winter
    Phase aid prints those units in Russian, tagged, and the build says so."""
    missing = ("his:19.3/proc-1", "his:19.3/proc-1/step-1")
    without_translations(corpus_copy, "corpus/translations/his-winter-new-world.en.yaml", missing)
    corpus, _ = load_corpus(corpus_copy)
    plan = plan_aids(corpus, corpus_copy, only=("his-winter-phase",), langs=("en",), papers=("a4",))
    assert plan.documents[0].untranslated == missing
    [note] = plan.notes
    assert note.code == "aid-fallback" and "prints 2 units in their original language" in note.message
    printed = print_aids(plan, tmp_path / "aids")
    winter = flat(" ".join(pdftotext(printed.directory / printed.files[0].path)))
    assert "RU not translated yet: printed in the original (Russian)" in winter
    assert "19.3 RU Процедура возвращения домой сухопутных войск" in winter
    step_1, step_2 = (corpus.units[f"his:19.3/proc-1/step-{n}"] for n in (1, 2))
    assert "ru" in step_1.sides and "en" not in step_1.sides and "en" in step_2.sides
    assert "1. " + flat(step_1.sides["ru"].fields["title"]) in winter  # in the original ...
    assert "2. " + flat(step_2.sides["en"].fields["title"]) in winter  # ... the next step translated
    assert "Mandatory event Played in the Winter Phase of" in winter  # the aid's own words stay English
    assert len(re.findall("[а-яё]", winter, re.I)) < 600  # only the two units are Russian


def test_every_aid_is_set_in_8_pt_at_least_and_a_card_in_7(printed):
    """Legible at arm's length: the tags, the footnotes and the footer were 5.8 to 7.5 pt."""
    for path, layout in printed.layouts.items():
        assert layout.other_font_pt is not None and layout.other_font_pt >= 8 - 0.01, (path, layout.other_font_pt)
        assert layout.card_font_pt is None or layout.card_font_pt >= 7 - 0.01, (path, layout.card_font_pt)
