"""The terminology family on the five real texts (every finding, exactly) and on small crafted
texts parsed by the real parsers (each rule firing, and staying quiet)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.build import load_corpus
from pipeline.check import FAMILIES, run_checks, terminology
from pipeline.check.base import CheckContext
from pipeline.core.model import Corpus, Document
from pipeline.language.termbase import parse_termbase
from pipeline.parse import PARSERS
from pipeline.read.reader import decode_source

ROOT = Path(__file__).resolve().parents[2]
EU = "corpus/sources/eu-ristos-events-period-1.en.txt"
HIS = "corpus/sources/his-winter-phase-new-world.ru.txt"
POP = "corpus/sources/pop-military-actions.en.txt"
VQ = "corpus/sources/vq-spring-deployment-action-phase.ru.txt"

REAL = [
    f"{EU}:90:91 term-inconsistent",  # «major country» once, elsewhere «major powers»
    f"{EU}:95:31 term-inconsistent",  # «Milano» for the minor, elsewhere «Milan»
    f"{EU}:99:164 term-inconsistent",  # «Tuscany», elsewhere «Toscana»
    f"{EU}:114:178 term-abbr-undefined",  # EG
    f"{EU}:114:241 term-abbr-undefined",  # VA
    f"{EU}:118:133 term-abbr-undefined",  # CE
    f"{EU}:122:34 term-unapproved",  # «the controller of MILAN»: the area is MILANO
    f"{EU}:126:152 term-inconsistent",  # «besiege Milano»
    f"{HIS}:38:34 term-case",  # «фаза Нового света»
    f"{POP}:79:88 term-abbr-undefined",  # MC
    f"{VQ}:4:222 term-abbr-undefined",  # ОВ
    f"{VQ}:4:265 term-abbr-before-definition",  # КО before «Командных Очков (КО)» at line 25
    f"{VQ}:15:222 term-abbr-before-definition",
]


def where(diagnostics) -> list[str]:
    """The findings in the source texts (translations under corpus/translations/ change too
    often to pin here)."""
    return [f"{d.path}:{d.line}:{d.col} {d.code}" for d in diagnostics
            if d.path.startswith("corpus/sources/")]


@pytest.fixture(scope="module")
def real():
    corpus, _ = load_corpus(ROOT)
    return sorted(terminology.check(CheckContext(corpus, ROOT)), key=lambda d: d.sort_key())


def test_every_finding_on_the_real_texts(real):
    assert where(real) == REAL


def test_real_findings_say_what_to_do(real):
    by_place = {f"{d.path}:{d.line}:{d.col}": d for d in real}
    # `СР` typed in Cyrillic is forbidden by the termbase, but reported once, by the script
    # family, which names the letters
    assert f"{HIS}:32:504" not in by_place
    early = by_place[f"{VQ}:4:265"]
    assert f"{VQ}:25:53" in early.message and early.unit == "vq:9/sec-2/para-1"
    assert early.suggestion == "write «командные очки (КО)» here, at the first use"
    assert by_place[f"{HIS}:38:34"].suggestion == "Нового Света"
    assert by_place[f"{EU}:99:164"].suggestion == "Toscana"
    assert "most likely the declaration of war" in by_place[f"{VQ}:4:222"].message


def test_the_family_is_registered_and_its_codes_declared():
    assert FAMILIES["terminology"] is terminology
    codes = [c.code for c in terminology.CODES]
    assert all(code.startswith("term-") and code == code.lower() for code in codes)
    assert len(set(codes)) == len(codes) == 8
    found = run_checks(load_corpus(ROOT)[0], ROOT, only=["terminology"])
    assert where(found) == REAL


# --- crafted texts ----------------------------------------------------------------------


def corpus_of(*documents: tuple[str, str, str]) -> Corpus:
    """A corpus of (rulebook, language, text) documents, parsed by the real parsers."""
    corpus = Corpus()
    for number, (rulebook, lang, text) in enumerate(documents, 1):
        parser = "gmt-rulebook" if lang == "ru" else "pop-rulebook"
        document = Document(f"doc-{number}", "Test", rulebook, "t", "e", lang, parser,
                            f"corpus/sources/doc-{number}.{lang}.txt")
        corpus.documents.append(document)
        source = decode_source(text.encode(), document.source)
        corpus.add_document_units(PARSERS[parser](document, source))
    return corpus


def run(*documents: tuple[str, str, str], glossary: str | None = None) -> list[str]:
    ctx = CheckContext(corpus_of(*documents), ROOT)
    if glossary is not None:
        ctx.cache["termbase"] = parse_termbase(glossary)
    found = sorted(terminology.check(ctx), key=lambda d: d.sort_key())
    return [f"{d.line}:{d.col} {d.code} {d.suggestion}" for d in found]


def forbidden_glossary() -> str:
    return MIXED.replace("    ru: [командные очки, КО, CP]\n", """    ru: [командные очки, КО, CP]
    forbidden:
      ru:
        - {term: очки приказов, use: командные очки, why: a mistranslation of command points}
        - {term: СР, use: CP, why: Cyrillic letters}
""")


def test_forbidden_rendering_in_any_inflection_and_the_approved_term():
    assert run(("xx", "ru", "Колонии\nЭто стоит 2 очка приказов.\n"), glossary=forbidden_glossary()) == \
        ["2:13 term-forbidden командные очки"]
    assert run(("xx", "ru", "Колонии\nЭто стоит 2 командных очка.\n"), glossary=forbidden_glossary()) == []
    # a look-alike spelling is left to the script family, which reports it with its letters
    assert run(("xx", "ru", "Колонии\nЭто стоит 2 СР.\n"), glossary=forbidden_glossary()) == []


def test_a_decision_of_another_edition_is_unapproved_here_in_any_inflection():
    assert run(("his", "ru", "Колонии\nЭто стоит 2 КО и одну карточку.\n")) == \
        ["2:13 term-unapproved CP", "2:23 term-unapproved карта"]
    assert run(("vq", "ru", "Акции\nЭто стоит 2 CP: сыграйте карточку.\n")) == \
        ["2:13 term-unapproved КО"]
    # in VQ «карта» is the map: ambiguous, so never counted as a card
    assert run(("vq", "ru", "Акции\nКапитан на карте Европы.\n")) == []
    # the expansion of a decided abbreviation stays approved: not a second rendering
    assert run(("vq", "ru", "Акции\nКомандных Очков (КО) хватит: 2 КО.\n")) == []


MIXED = """\
version: 1
games: {xx: Test game}
concepts:
  - id: command-points
    ru: [командные очки, КО, CP]
abbreviations:
  - {abbr: КО, expansion: командные очки, games: [xx]}
  - {abbr: CP, expansion: command points, games: [xx]}
"""


def test_two_renderings_in_one_edition_without_a_decision():
    text = "Акции\nСтоит 2 КО, затем 1 КО.\nЕщё 3 CP.\n"
    assert run(("xx", "ru", text), glossary=MIXED) == ["3:7 term-inconsistent КО"]
    # across editions is not a mixture, and neither is a term with its abbreviation
    assert run(("xx", "ru", "Акции\nСтоит 2 КО.\n"), ("yy", "ru", "Акции\nЕщё 3 CP.\n"),
               glossary=MIXED.replace("{xx: Test game}", "{xx: Test game, yy: Other}")
               .replace("games: [xx]", "games: [xx, yy]")) == []
    assert run(("xx", "ru", "Акции\nКомандные очки: 2 КО.\n"), glossary=MIXED) == []


def test_capitals_of_a_proper_name():
    assert run(("his", "ru", "Фаза\nВосьмая фаза – фаза Нового света.\n")) == \
        ["2:21 term-case Нового Света"]
    assert run(("his", "ru", "20. НОВЫЙ СВЕТ\nЭкспедиции в Новый Свет.\n")) == []


def test_abbreviations_never_defined():
    assert run(("pop", "en", "Pay 2 QQ here.\n\nThen 1 QQ more.\n")) == \
        ["1:7 term-abbr-undefined None"]
    # defined in the text (either way round), or by the glossary for this game: quiet
    assert run(("pop", "en", "Your Quick Quota (QQ) is 2.\n\nPay 1 QQ.\n")) == []
    assert run(("pop", "en", "Pay 1 QQ.\n\nQQ (Quick Quota) is 2.\n")) == \
        ["1:7 term-abbr-before-definition None"]
    assert run(("pop", "en", "Targeted PRs send CtAs without a CB.\n")) == []
    # but SPA is a Risto's Events code, not a Price of Power one
    assert run(("pop", "en", "SPA may pay.\n")) == ["1:1 term-abbr-undefined None"]
    # not abbreviations: Roman numerals, headings and names in capitals, icon costs
    quiet = "Henry VIII in period III.\n\nCAPE OF GOOD HOPE and BELEM, BAHIA and RIO.\n\n" \
            "Recruit Units (1c + XD)\n"
    assert run(("pop", "en", quiet)) == []
    assert run(("vq", "ru", "Акции\nЭто НЕ учитывается.\n")) == []


def test_abbreviation_used_before_the_definition():
    text = "Акции\nЭто стоит 2 КО.\nРозыгрыш для получения Командных Очков (КО).\nЕщё 1 КО.\n"
    assert run(("vq", "ru", text)) == \
        ["2:13 term-abbr-before-definition write «командные очки (КО)» here, at the first use"]
    assert run(("vq", "ru", "Акции\nКомандных Очков (КО) хватит.\nЭто стоит 2 КО.\n")) == []


def test_bracketed_english_originals_against_the_termbase():
    assert run(("vq", "ru", "Шаги\nНа поле «Конвой для Флота Индий» [Treasure Fleet].\n")) == \
        ["2:10 term-bracket-mismatch Treasure Fleet Escorts"]
    assert run(("vq", "ru", "Акции\nСыграйте «Морских нищих» [Sea Beggars].\n")) == \
        ["2:11 term-bracket-mismatch Морские гезы"]
    assert run(("vq", "ru", "Акции\nСыграйте «Морских гезов» [Sea Beggars].\n")) == []
    # a pair the termbase does not know is not a contradiction; English in brackets is not
    # Russian terminology (VP is not an unapproved rendering of ПО there)
    assert run(("vq", "ru", "Акции\nСыграйте «Армаду» [Armada] за 1 ПО [1 VP].\n")) == []


def test_the_abbreviation_and_the_inflected_expansion_are_one_concept():
    from pipeline.check.terminology_terms import matcher
    from pipeline.language import lemmas
    from pipeline.language.termbase import load_termbase

    line = (ROOT / VQ).read_text("utf-8").split("\n")[28]  # «… Командных Очков (КО): …»
    found = matcher(load_termbase(ROOT), "vq", "ru").find(lemmas(line, "ru"))
    points = [line[m.start:m.end] for m in found
              if {p.payload.concept.id for p in m.patterns} == {"command-points"}]
    assert points[:3] == ["Командных Очков", "КО", "КО"]
    assert points.count("КО") == 5 and points.count("Командных Очков") == 2


def _without(text: str, line: str) -> str:
    assert line in text
    return text.replace(line, "", 1)


def test_every_glossary_field_a_reader_sees_has_both_languages_and_a_missing_one_is_named():
    """The glossary page is published in English and Russian: a note without `note_ru` shows an
    English note on the Russian page, a concept without Russian terms an empty cell."""
    from pipeline.check.terminology_glossary import one_language

    text = (ROOT / "corpus/glossary.yaml").read_text(encoding="utf-8")
    assert list(one_language(parse_termbase(text))) == []
    lines = text.splitlines(keepends=True)
    broken = _without(text, "    ru: [Тоскана]\n")
    broken = broken.replace(', why_ru: "английская книга правил Here I Stand пишет эту державу Hapsburg"', "")
    note = next(line for line in lines if line.startswith('    note_ru: "имя собственное'))
    broken = _without(broken, note)
    found = [f"{d.path}:{d.line} {d.code} {d.message} ({d.suggestion})" for d in one_language(parse_termbase(broken))]
    def line_of(start):
        return next(n for n, line in enumerate(broken.splitlines(), 1) if line.strip().startswith(start))
    new_world, tuscany, hapsburgs = line_of("- id: new-world"), line_of("- id: minor-tuscany"), line_of("- {term: Habsburgs,")
    assert found == [
        f"corpus/glossary.yaml:{new_world} term-glossary-one-language the note of `new-world` has no ru side (note_ru)",
        f"corpus/glossary.yaml:{tuscany} term-glossary-one-language the list of terms of `minor-tuscany` has no ru side (ru: [...])",
        f"corpus/glossary.yaml:{hapsburgs} term-glossary-one-language the reason of a ruling of `power-hapsburgs` has no ru side (why_ru)",
    ]


def test_the_glossary_check_runs_once_with_the_family(tmp_path):
    """`folio check --only terminology` reports a one-language field at the glossary's line."""
    import shutil

    shutil.copytree(ROOT / "corpus", tmp_path / "corpus")
    glossary = tmp_path / "corpus/glossary.yaml"
    glossary.write_text(_without(glossary.read_text(encoding="utf-8"), "    ru: [NAPOLI]\n"), encoding="utf-8")
    corpus, _ = load_corpus(tmp_path)
    found = [d for d in run_checks(corpus, tmp_path, only=["terminology"]) if d.code == "term-glossary-one-language"]
    assert [(d.path, d.message) for d in found] == [
        ("corpus/glossary.yaml", "the list of terms of `area-napoli` has no ru side")]
