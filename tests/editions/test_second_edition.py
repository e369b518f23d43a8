"""A second edition of Risto's Period I (tests/second_edition.py: six kinds of publisher's change
to the real source), as its translator and its readers meet it: `folio diff`, `folio check`,
`folio status --units`, the PO round trip with the translation memory's suggestions, and the
website's document and "what changed" pages in English and Russian.

The project is a git repository of a copy of the real corpus with its real Russian translation
of the whole period: v1 is the corpus as it is, HEAD the second edition."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import pytest
from babel.messages.pofile import read_po, write_po
from hypothesis import given, settings
from hypothesis import strategies as st

from checkout_support import git
from conftest import REPO, copy_corpus
from hostile_support import folio_in_process  # noqa: F401 - this module's `folio` runs in this process
from pipeline.build import edition_changes, load_corpus
from pipeline.check.spelling import misspellings
from pipeline.editions.worddiff import correction
from pipeline.i18n import catalogs as i18n
from pipeline.render.site.fragments import Renderer
from pipeline.render.site.structure import plan
from pipeline.render.writers.corpus_json import translation_to_json
from second_edition import (
    HYPHEN,
    MEANING,
    MOVED_FROM,
    MOVED_TO,
    NEW_EFFECT,
    NEW_EVENT,
    NEW_HEADING,
    QUOTES,
    RISTO,
    RISTO_RU,
    SENTENCE,
    SPELLING,
    second_edition,
)

DOC = "eu-risto/eu-risto-period-1"
CORRECTED = (QUOTES, SPELLING, HYPHEN)


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = copy_corpus(tmp_path_factory.mktemp("second-edition"))
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "first edition")
    git(root, "tag", "v1")
    second_edition(root)
    git(root, "commit", "-qam", "second edition")
    return root


def copy_of(project: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(project, tmp_path / "project", ignore=shutil.ignore_patterns("build", "site")))


# -- folio diff ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def diff_text(project, folio) -> str:
    run = folio(project, "diff", "v1", "HEAD")
    assert run.returncode == 0 and run.stderr == "", run.stderr
    return run.stdout


def section(text: str, title: str) -> list[str]:
    """The items of one section of `folio diff`'s report."""
    lines = text.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith(f"  {title} ("))
    found = []
    for line in lines[start + 1:]:
        if not line.startswith("    "):
            break
        found.append(line.strip())
    return found


def test_a_corrected_spelling_or_punctuation_is_listed_as_corrected_not_changed(diff_text):
    corrected = section(diff_text, "corrected (spelling, punctuation, quote marks: translations stay current)")
    assert corrected == [
        f"{QUOTES}: … mark off if [-”America”-] {{+“America”+}} has not been …",
        f"{SPELLING}: … restriction SPA shall [-loose-] {{+lose+}} 1 Stab per …",
        f"{HYPHEN}: … into ROTW (not [-vice-versa)-] {{+vice versa)+}} lose 1 Stab …"]
    changed = section(diff_text, "changed")
    assert changed == [f"{MEANING}: … and POR receive [-50d.-] {{+60d.+}}",
                       f"{SENTENCE}: … and 10 VP. {{+The loser receives nothing.+}}"]
    stale = section(diff_text, "translations now stale (their source was edited)")
    assert [line.split(" (ru): ")[0] for line in stale] == [MEANING, SENTENCE]


def test_a_paragraph_moved_to_another_event_is_moved_with_its_old_and_new_place(diff_text):
    assert section(diff_text, "moved (to another place)") == [
        f"{MOVED_FROM} -> {MOVED_TO} (from eu-risto:period-I/modifiers-1 to eu-risto:1:I)"]
    assert "  renumbered (" not in diff_text
    assert section(diff_text, "added") == [
        f"{NEW_EVENT}: 11: FRENCH PRIVATEERS (no historical date) (duration: this turn)",
        f"{NEW_HEADING}: EVENTS PHASE:",
        f"{NEW_EFFECT}: 1. FRA and ENG receive a temporary CB for this turn against SPA."]
    assert diff_text.splitlines()[-1].startswith(
        "5 documents: 1 changed, 0 added, 0 removed, 4 unchanged; units: 0 renumbered, 1 moved, "
        "2 changed, 3 corrected, 3 added, 0 removed, ")


def test_the_diff_as_json_keeps_corrections_and_places(project, folio):
    run = folio(project, "diff", "v1", "HEAD", "--format", "json")
    doc = next(d for d in json.loads(run.stdout)["documents"] if d["key"] == "eu-risto-period-1")
    assert [c["id"] for c in doc["corrected"]] == list(CORRECTED)
    [move] = doc["moved"]
    assert (move["old"], move["new"], move["old_place"], move["new_place"]) == (
        MOVED_FROM, MOVED_TO, "eu-risto:period-I/modifiers-1", "eu-risto:1:I")


# -- folio check, folio status --units --------------------------------------------------------


def test_a_corrected_source_keeps_its_translation_current_and_says_so_as_info(project, folio):
    run = folio(project, "check", "--only", "parity")
    lines = run.stdout.splitlines()
    corrected = [line for line in lines if " tr-source-corrected: " in line]
    assert len(corrected) == 3 and all(": info tr-source-corrected: the en source was only corrected since "
                                       "this was translated (" in line for line in corrected)
    assert any("[-loose-] {+lose+}" in line for line in corrected)
    stale = [line for line in lines if " tr-stale: " in line]
    assert len(stale) == 2 and any("[-50d.-] {+60d.+}" in line for line in stale)
    assert not any(word in line for line in stale for word in ("loose", "America", "vice"))
    corpus = load_corpus(project)[0]
    assert {unit for (unit, lang), t in corpus.translations.items() if t.stale} == {MEANING, SENTENCE}
    assert all(corpus.translations[(unit, "ru")].corrected and not corpus.translations[(unit, "ru")].fuzzy
               for unit in CORRECTED)
    # build/corpus.json says so too
    assert translation_to_json(corpus, corpus.translations[(SPELLING, "ru")])["source_corrected"] is True
    assert "source_corrected" not in translation_to_json(corpus, corpus.translations[(MEANING, "ru")])


# -- what a correction is, on every line of the real source -------------------------------------

SOURCE_LINES = [line for line in (REPO / RISTO).read_text("utf-8").split("\n") if len(line.split()) >= 3]
SPELLING_OF = misspellings(REPO)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SOURCE_LINES), st.data())
def test_punctuation_is_a_correction_and_a_new_word_or_number_never_is(line, data):
    quotes = line.replace("”", "“").replace(",", "").replace(";", ",")
    if quotes != line:
        assert correction(line, quotes, "en", SPELLING_OF)
    words = line.split()
    at = data.draw(st.integers(0, len(words)))
    added = " ".join([*words[:at], data.draw(st.sampled_from(["not", "never", "SPA", "also"])), *words[at:]])
    assert not correction(line, added, "en", SPELLING_OF)
    if re.search(r"\d", line):
        renumbered = re.sub(r"\d", lambda m: str((int(m.group()) + 1) % 10), line, count=1)
        assert not correction(line, renumbered, "en", SPELLING_OF)
    assert not correction(line, line.replace("-1", "+1"), "en", SPELLING_OF) or "-1" not in line


def test_status_lists_the_stale_and_new_units_and_a_lost_translation_with_the_closest_unit(project, folio,
                                                                                            tmp_path):
    root = copy_of(project, tmp_path)
    source = root / RISTO
    # one more edit, in the working tree: an effect of event 3 rewritten beyond recognition
    old = "1. VEN receives a temporary CB against TUR if there is a Turkish ALEXANDRIA or TUR is at war with Mamluks."
    source.write_text(source.read_text("utf-8").replace(old, "1. VEN may declare war on TUR at once."), "utf-8")
    run = folio(root, "status", "--units")
    assert run.returncode == 0, run.stderr
    block = run.stdout[run.stdout.index("eu-risto-period-1 (ru):"):].split("\n\n")[0].splitlines()
    assert block[0] == "eu-risto-period-1 (ru): 2 stale, 4 missing, 1 lost"
    listed = [line.split(": ", 2)[1] for line in block[1:] if not line.startswith("      ")]
    assert listed == [f"stale {MEANING}", f"stale {SENTENCE}", "missing eu-risto:3:I/events-phase/1",
                      f"missing {NEW_EVENT}", f"missing {NEW_HEADING}", f"missing {NEW_EFFECT}",
                      "lost eu-risto:3:I/events-phase/1"]
    lost = next(n for n, line in enumerate(block) if ": lost " in line)
    stored = (root / RISTO_RU).read_text("utf-8").split("\n")
    line = next(n for n, text in enumerate(stored, 1) if text == "  eu-risto:3:I/events-phase/1:")
    line += next(n for n, text in enumerate(stored[line:], 1) if text.startswith("    text: "))
    assert block[lost].startswith(f"  {RISTO_RU}:{line}: lost eu-risto:3:I/events-phase/1: closest eu-risto:")
    assert re.search(r"closest eu-risto:\S+: Event \d+:I, .* \(\d+% alike\)$", block[lost])
    assert block[lost + 1] == f"      was: {old[:99]}…"
    rows = json.loads(folio(root, "status", "--units", "--format", "json").stdout)
    [risto] = [r for r in rows if (r["document"], r["lang"]) == ("eu-risto-period-1", "ru")]
    [gone] = risto["lost"]
    assert gone["unit"] == "eu-risto:3:I/events-phase/1" and gone["source"] == old and gone["closest"]


# -- PO: the translation memory's suggestions ------------------------------------------------------


@pytest.fixture
def exported(project, folio, tmp_path) -> SimpleNamespace:
    root = copy_of(project, tmp_path)
    out = tmp_path / "po"
    run = folio(root, "po", "export", "--lang", "ru", "--out", str(out))
    assert run.returncode == 0, run.stderr
    path = out / "eu-risto-period-1.ru.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    return SimpleNamespace(root=root, out=out, path=path, text=path.read_text("utf-8"),
                           messages={m.context: m for m in catalog if m.id})


def test_a_new_unit_that_repeats_a_translated_one_gets_a_fuzzy_suggestion(exported):
    heading, effect = exported.messages[NEW_HEADING], exported.messages[NEW_EFFECT]
    assert heading.string == "ФАЗА СОБЫТИЙ:" and heading.fuzzy
    assert "translation memory: 100% match, as eu-risto:1:I/events-phase is translated" in heading.auto_comments
    corpus = load_corpus(exported.root)[0]
    model = corpus.translations[("eu-risto:1:I/events-phase/1", "ru")].text
    assert effect.string == model and effect.fuzzy  # event 1's effect 1, "and POR" aside
    [score] = [c for c in effect.auto_comments if c.startswith("translation memory: ")]
    assert re.fullmatch(r"translation memory: (\d\d)% match, as eu-risto:1:I/events-phase/1 is translated", score)
    assert 75 <= int(score.split(": ")[1][:2]) < 100
    # a unit nothing in the memory is like gets nothing
    assert exported.messages[NEW_EVENT].string == "" and not exported.messages[NEW_EVENT].fuzzy
    # the corrected units are current: no fuzzy flag, no previous msgid
    for unit in CORRECTED:
        assert not exported.messages[unit].fuzzy and not exported.messages[unit].previous_id


def test_the_export_with_suggestions_passes_msgfmt(exported):
    done = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(exported.path)],
                          capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_an_untouched_import_stores_no_suggestion_and_no_corrected_source(exported, folio):
    before = (exported.root / RISTO_RU).read_text("utf-8")
    status = folio(exported.root, "status", "--units").stdout
    run = folio(exported.root, "po", "import", str(exported.out))
    assert run.returncode == 0, run.stderr
    # no byte changes: no suggestion of the memory, no corrected source, and the moved
    # paragraph left where it is recorded (the build places it; `translations realign` records it)
    risto = next(line for line in run.stdout.splitlines() if line.startswith(RISTO_RU))
    assert "(unchanged" in risto and "1 followed their sentence" in risto, risto
    assert (exported.root / RISTO_RU).read_text("utf-8") == before
    assert folio(exported.root, "status", "--units").stdout == status
    assert f"missing {NEW_HEADING}" in status


def test_a_suggestion_the_translator_accepts_is_stored(exported, folio):
    with exported.path.open("rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if message.context == NEW_HEADING:
            message.flags.discard("fuzzy")  # accepted as it stands, in Poedit's words "done"
    with exported.path.open("wb") as handle:
        write_po(handle, catalog, width=76, include_previous=True)
    run = folio(exported.root, "po", "import", str(exported.out))
    assert run.returncode == 0, run.stderr
    assert f"added      {NEW_HEADING}" in run.stdout
    corpus = load_corpus(exported.root)[0]
    assert corpus.translations[(NEW_HEADING, "ru")].text == "ФАЗА СОБЫТИЙ:"
    assert (NEW_EFFECT, "ru") not in corpus.translations  # still fuzzy: a suggestion only


def test_realign_records_the_corrected_sources_and_the_moved_paragraph(project, folio, tmp_path):
    root = copy_of(project, tmp_path)
    run = folio(root, "translations", "realign")
    assert run.returncode == 0, run.stderr
    assert all(f"corrected  {unit}" in run.stdout for unit in CORRECTED)
    assert f"moved      {MOVED_FROM} -> {MOVED_TO}" in run.stdout
    check = folio(root, "check", "--only", "parity").stdout
    assert "tr-source-corrected" not in check and "tr-moved" not in check
    stored = (root / RISTO_RU).read_text("utf-8")
    assert "SPA shall lose 1 Stab" in stored and "shall loose 1 Stab" not in stored.split("POR violating")[0]


# -- the website -------------------------------------------------------------------------------


class _Text(HTMLParser):
    """The visible text of a page, outside the elements marked as another language."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []

    def handle_data(self, data):
        self.text.append(data)


def visible(html: str) -> str:
    page = _Text()
    page.feed(html)
    return " ".join(" ".join(page.text).split())


@pytest.fixture(scope="module")
def pages(project) -> dict[tuple[str, str], str]:
    """The document page and its "what changed" page in each language, as a build renders them
    (compared with v1, as `changes_since: "v1"` in the manifest would)."""
    corpus = load_corpus(project)[0]
    changes = changes_since_v1(project, corpus)
    site = plan(corpus, changes=True)
    found = {}
    for lang in ("en", "ru"):
        renderer = Renderer(corpus, site, lang, i18n.committed(lang), None, [], changes=changes)
        found[(lang, "document")] = renderer.page(site.page("document", "eu-risto-period-1")).html
        found[(lang, "changes")] = renderer.page(site.page("changes", "eu-risto-period-1")).html
    return found


def changes_since_v1(project: Path, corpus):
    manifest = project / "corpus" / "manifest.yaml"
    text = manifest.read_text("utf-8")
    manifest.write_text(text.replace("version: 1\n", 'version: 1\nchanges_since: "v1"\n'), "utf-8")
    try:
        return edition_changes(project, corpus)
    finally:
        manifest.write_text(text, "utf-8")


def part(html: str, name: str) -> str:
    """One section of a "what changed" page."""
    rest = html.split(f'<h2 id="changes-{name}">', 1)[1]
    return rest.split("<h2 ", 1)[0]


def test_the_changes_page_lists_corrections_apart_and_the_moved_paragraph(pages):
    html = pages[("en", "changes")]
    corrected = part(html, "corrected")
    assert "shall <del>loose</del> <ins>lose</ins> 1 Stab" in corrected
    assert "<del>”America”</del> <ins>“America”</ins>" in corrected
    assert "Only the spelling, punctuation or quote marks of these were corrected" in corrected
    changed = part(html, "changed")
    assert "receive <del>50d.</del> <ins>60d.</ins>" in changed and "loose" not in changed
    moved = visible(part(html, "moved"))
    assert moved.startswith("Moved 1:I TREATY OF TORDESILLAS moved here from Period I (1492-1519)")
    assert "These modifiers no longer apply during period II" in moved
    assert '<a href="../#eu-risto:1:I/para-1">' in part(html, "moved").replace('class="folio-change-where" ', "")
    assert "9 changes since the edition of" in html  # 1 moved, 2 changed, 3 corrected, 3 added
    assert "Not translated yet" not in html  # an English page shows the English text


def test_the_russian_changes_page_says_what_is_not_yet_translated(pages):
    html = pages[("ru", "changes")]
    for heading in ("Перенесено", "Изменено", "Исправлено", "Добавлено"):
        assert f">{heading}</h2>" in html
    moved = visible(part(html, "moved"))
    assert "перенесено сюда из раздела" in moved
    assert "Эти модификаторы" in moved or "модификатор" in moved  # its current Russian translation
    note = "Ещё не переведено: показан оригинал (английский)."
    changed, added = part(html, "changed"), part(html, "added")
    assert visible(changed).count(note) == 2 and visible(added).count(note) == 3
    assert '<p class="folio-change-text folio-word-diff" lang="en">2. SPA and POR receive <del>50d.</del>' in changed
    corrected = part(html, "corrected")
    assert note not in visible(corrected)  # corrected: the translation is current, and shown
    assert "Здесь исправлены только орфография, пунктуация или кавычки" in corrected
    corpus_text = visible(html.split('<div class="folio-page folio-changes">')[1])
    assert "eu-risto:" not in corpus_text
    # the new event's heading is not translated yet: named by its English title, marked English
    where = re.findall(r'class="folio-change-where"[^>]*>(.*?)</a>', added)
    assert any('<span lang="en">' in w and "EVENTS PHASE" in w for w in where), where
    assert not [w for w in where if re.search(r"[A-Z]{3,}", re.sub(r'<span lang="en">.*?</span>', "", w))]


def test_a_stale_unit_shows_the_new_source_beside_the_old_translation(pages):
    html = pages[("ru", "document")]
    unit = html.split(f'<li id="{MEANING}"', 1)[1].split("</li>", 1)[0]
    assert "folio-stale" in unit.split(">", 1)[0]
    assert "SPA и POR получают 50 дукатов." in unit  # the old translation, still there
    assert ('<p class="folio-current-source"><span class="folio-label">Оригинал теперь гласит (английский):'
            '</span> <span lang="en">2. SPA and POR receive 60d.</span></p>') in unit
    corrected = html.split(f'<div id="{SPELLING}"', 1)[1].split("</div>", 1)[0]
    assert "folio-stale" not in corrected.split(">", 1)[0] and "folio-notice" not in corrected
    english = pages[("en", "document")]
    assert "folio-current-source" not in english
