"""Findings carry their template and parameters: the English a terminal and checks.json show
is ``template % params``, the Russian report fills the catalog's translation of the same
template, and no word of it is guessed from the English."""

from __future__ import annotations

import json
import re

from babel.messages.pofile import read_po

from pipeline.core.diagnostics import Diagnostic, Text, Word
from pipeline.i18n.catalogs import catalog_path
from site_support import REPO

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def _templates(words: Text):
    yield words.template
    for _name, value in words.params:
        if isinstance(value, Text):
            yield from _templates(value)
        elif isinstance(value, Word):
            yield value.msgid


def test_every_finding_of_the_real_corpus_has_a_russian_template(corpus):
    _corpus, diagnostics = corpus
    with catalog_path("ru").open("rb") as handle:
        catalog = read_po(handle, locale="ru")
    assert [d.code for d in diagnostics if d.words is None] == []
    wanted = {t for d in diagnostics for words in (d.words, d.advice) if words for t in _templates(words)}
    assert any(d.advice for d in diagnostics)  # the advice's templates are wanted too
    problems = []
    for template in sorted(wanted):
        message = catalog.get(template)
        if message is None or not message.string or message.fuzzy:
            problems.append(f"untranslated: {template!r}")
        elif set(PLACEHOLDER.findall(message.string)) != set(PLACEHOLDER.findall(template)):
            problems.append(f"placeholders differ: {template!r} -> {message.string!r}")
    assert problems == []


def test_the_english_message_is_the_template_filled_with_its_parameters(corpus):
    _corpus, diagnostics = corpus
    for d in diagnostics:
        assert d.message == str(d.words) == d.template % {k: str(v) for k, v in d.params.items()}
        assert d.advice is None or d.suggestion == str(d.advice)
        # checks.json and the check cache (JSON with sorted keys) keep them, and a finding read
        # back writes the bytes a fresh one writes: a rebuild's checks.json is a clean build's
        kept = Diagnostic.from_json(json.loads(json.dumps(d.to_json(), ensure_ascii=False, sort_keys=True)))
        assert kept == d and kept.words == d.words and kept.advice == d.advice
        assert json.dumps(kept.to_json(), ensure_ascii=False) == json.dumps(d.to_json(), ensure_ascii=False)


def test_checks_json_of_the_real_project_carries_template_and_params(tmp_path, copy_corpus):
    from pipeline.build import check, load_corpus
    from pipeline.check.report import write_check_report

    corpus, notes = load_corpus(REPO)
    path = write_check_report(check(corpus, REPO, notes), tmp_path / "checks.json")
    report = json.loads(path.read_text("utf-8"))
    assert report and all("template" in d and "params" in d for d in report)
    lost = [d for d in report if d["message"] != str(Diagnostic.from_json(d).words)]
    assert lost == []
    advised = [d for d in report if "suggestion_template" in d]
    assert advised and all(d["suggestion"] == str(Diagnostic.from_json(d).advice) for d in advised)


def test_the_russian_report_shows_no_latin_words_outside_quotes_and_code(base_url, page):
    page.goto(f"{base_url}/ru/checks/")
    # each finding's text after its location and unit link, its suggestion included, without
    # code spans and without data quoted from the texts (marked with its language); an
    # untranslated template is marked lang="en" too, but as folio-untranslated, and it stays
    texts = page.eval_on_selector_all("li.folio-finding", """items => items.map(item => {
        const copy = item.cloneNode(true);
        copy.querySelectorAll('code, a').forEach(e => e.remove());
        copy.querySelectorAll('[lang]:not(.folio-untranslated)').forEach(e => {
            if (!e.lang.startsWith('ru')) e.remove(); });
        return copy.textContent; })""")
    assert len(texts) > 100
    latin = [t for t in texts if re.search(r"[A-Za-z]{2,}", t)]
    assert latin == []


def _russian_findings():
    from pipeline.i18n import catalogs as i18n
    from pipeline.render.site.findings import Findings

    ru = i18n.committed("ru")
    return Findings("ru", ru.gettext, ru.ngettext, lambda lang: lang, lambda unit_id: None,
                    translates=i18n.translated_ids("ru").__contains__)


def test_a_template_whose_russian_reads_as_written_shows_the_russian_reason(corpus):
    # "`%(word)s`: %(why)s" is the same in both catalogs; the reason filled in is the Russian one
    findings = _russian_findings()
    loose = next(d for d in corpus[1] if d.code == "spell-confusable" and "`loose` means" in d.message)
    shown = findings.message(loose)
    assert shown.translated and "значит «неплотный, свободный»" in shown.html
    assert "not tight" not in shown.html and "folio-untranslated" not in shown.html


def test_a_russian_glossary_note_quoting_the_english_text_marks_the_quote_english(corpus):
    findings = _russian_findings()
    eg = next(d for d in corpus[1] if d.code.startswith("term-") and "as if in EG of Habsburgs" in str(d.params))
    html = str(findings.message(eg).html)
    assert "дипломатический статус" in html and '«<span lang="en">as if in EG of Habsburgs</span>»' in html


def test_every_advice_of_the_real_corpus_reads_in_russian(corpus):
    # "indent it by 4 spaces" is advice, translated; "lose" is a quoted fix, shown as written
    findings = _russian_findings()
    advised = [d for d in corpus[1] if d.advice is not None]
    english = []
    for d in advised:
        shown = str(findings.suggestion(d).html)
        bare = re.sub(r"<code>.*?</code>|<span lang=\"en\">.*?</span>", "", shown)
        if "folio-untranslated" in shown or re.search(r"[A-Za-z]{2,}", re.sub(r"<[^>]+>", "", bare)):
            english.append(shown)
    assert len(advised) > 10 and english == []
    fix = next(d for d in corpus[1] if d.code == "spell-confusable" and d.suggestion == "loses")
    assert fix.advice is None
    assert str(findings.suggestion(fix).html) == '<span lang="en">loses</span>'
