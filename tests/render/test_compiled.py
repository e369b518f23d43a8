"""Folio's templates compiled once per process (pipeline/render/compiled.py): a second build's
environment takes the code the first compiled, a template edited since is compiled again, and
the real site's pages render the same bytes from kept code as from fresh."""

from __future__ import annotations

import secrets

from jinja2 import Environment, FileSystemLoader

from pipeline.render import compiled


def counted(monkeypatch) -> list[str]:
    """The names of the templates Jinja2 compiles from here on."""
    names: list[str] = []
    compile_ = Environment.compile

    def compile(self, source, name=None, filename=None, raw=False, defer_init=False):
        names.append(name)
        return compile_(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(Environment, "compile", compile)
    return names


def test_a_template_compiles_once_per_process_and_again_once_edited(tmp_path, monkeypatch):
    (tmp_path / "page.html").write_text("<p>{{ word }}</p>", "utf-8")
    kind = f"test-{secrets.token_hex(4)}"  # a kind of its own: no other test's templates

    def environment() -> Environment:  # as a build makes one
        return compiled.kept(Environment(loader=FileSystemLoader(str(tmp_path)), autoescape=True), kind)

    names = counted(monkeypatch)
    assert environment().get_template("page.html").render(word="<b>") == "<p>&lt;b&gt;</p>"
    assert environment().get_template("page.html").render(word="adjacent") == "<p>adjacent</p>"
    assert names == ["page.html"], "the second build's environment compiled nothing"
    (tmp_path / "page.html").write_text("<p>{{ word }}!</p>", "utf-8")
    assert environment().get_template("page.html").render(word="neighbouring") == "<p>neighbouring!</p>"
    assert names == ["page.html", "page.html"]


def test_the_sites_templates_render_the_same_from_kept_code(monkeypatch):
    from pipeline.i18n import catalogs as i18n
    from pipeline.render.site.fragments import environment

    translations, _state = i18n.prepared()
    first = environment(translations["ru"])
    first.filters["quoted"] = str  # as the renderer adds it (its language's quotes)
    compiled.warm(first)  # what the build does before it renders pages on other cores
    names = counted(monkeypatch)
    again = environment(translations["ru"])
    fresh = Environment(loader=first.loader, autoescape=True, extensions=["jinja2.ext.i18n"])
    fresh.install_gettext_translations(translations["ru"], newstyle=True)  # type: ignore[attr-defined]
    assert again.get_template("search.html").render(page=None, title="Поиск", root="../", site=None,
                                                    page_href=str) \
        == fresh.get_template("search.html").render(page=None, title="Поиск", root="../", site=None,
                                                    page_href=str)
    assert names == ["search.html"], "only the environment made without the kept code compiled it"
