"""`folio serve` keeps the site/ a rebuild replaced and, on the next save, brings it up to date
and swaps it in (pipeline/util/spare.py): after edits, a revert and a failed save the site
served is what a cold build of the same sources leaves; a save whose build fails leaves the site
served as it was; and the site served is never written to while the next one is made."""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest

from pipeline.build import build
from pipeline.core.errors import FolioError
from pipeline.incremental.buildcache import carry
from pipeline.incremental.session import STAMP
from pipeline.serve.loop import Loop
from pipeline.util import atomic
from pipeline.util.spare import Spare
from serve_support import (  # noqa: F401 - the `project` fixture
    SOURCE,
    TRANSLATION,
    edited_project,
    removals_settled,
    saved,
)

PAGE = "en/pop/pop-military-actions/index.html"


def _site(root: Path, tree_bytes) -> dict[str, bytes]:
    return {path: data for path, data in tree_bytes(root / "site").items() if path != STAMP}


def test_after_edits_a_revert_and_a_failed_save_the_site_served_is_a_cold_builds(
        project, tmp_path, tree_bytes, monkeypatch):
    loop = Loop(project, jobs=1, out=io.StringIO())
    assert loop.rebuild() is not None
    saves = [(SOURCE, "into adjacent non-Hostile", "into neighbouring non-Hostile"),
             (TRANSLATION, "в соседние морские", "в смежные морские"),
             (SOURCE, "into neighbouring non-Hostile", "into adjacent non-Hostile"),  # the first edit undone
             (SOURCE, "into adjacent non-Hostile", "into bordering non-Hostile")]
    for name, old, new in saves:
        saved(project, name, old, new)
        published: list = []
        assert loop.rebuild([name], on_pages=published.append) is not None, loop.out.getvalue()
        assert published
        removals_settled()
    assert "into bordering non-Hostile" in (project / "site" / PAGE).read_text("utf-8")
    spare = loop.spare.tree
    assert spare is not None and spare.is_dir() and spare.parent == project  # the site replaced, kept

    # a save whose build fails once the spare holds its site, as the two are swapped
    served = _site(project, tree_bytes)

    def refused(*_args) -> bool:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic, "exchange_dirs", refused)
    saved(project, SOURCE, "into bordering non-Hostile", "into adjoining non-Hostile")
    assert loop.rebuild([SOURCE], on_pages=lambda _d: None) is None
    assert "the last good site stays served" in loop.out.getvalue()
    assert _site(project, tree_bytes) == served, "the site served is the last good one, untouched"
    monkeypatch.undo()
    saved(project, SOURCE, "into adjoining non-Hostile", "into nearby non-Hostile")
    assert loop.rebuild([SOURCE], on_pages=lambda _d: None) is not None, loop.out.getvalue()
    removals_settled()

    clean = tmp_path / "clean"
    for name in ("corpus", "mkdocs.yml"):
        (shutil.copytree if (project / name).is_dir() else shutil.copy)(project / name, clean / name)
    if (project / "templates").is_dir():
        shutil.copytree(project / "templates", clean / "templates")
    build(clean, clean=True)
    site, cold = _site(project, tree_bytes), _site(clean, tree_bytes)
    assert "into nearby non-Hostile" in site[PAGE].decode("utf-8")
    assert site.keys() == cold.keys()
    assert [path for path in site if site[path] != cold[path]] == []

    loop.spare.close()
    removals_settled()
    assert not [path.name for path in project.iterdir() if path.name.startswith(".")], "the spare is removed"


def _tree(directory: Path) -> dict[str, str]:
    return {path.relative_to(directory).as_posix(): path.read_text("utf-8")
            for path in sorted(directory.rglob("*")) if path.is_file()}


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")


def test_the_spare_becomes_the_new_site_whatever_it_held_and_the_site_served_is_never_written(tmp_path):
    site = tmp_path / "site"
    for name, text in {"en/a/index.html": "A1", "en/b/index.html": "B1", "index.html": "I1"}.items():
        _write(site / name, text)
    spare = Spare()
    with spare.writing(site) as made:  # no spare yet: made whole
        carry(site / "en/a/index.html", made / "en/a/index.html")  # a page unchanged
        _write(made / "en/b/index.html", "B2")
        _write(made / "index.html", "I2")
        assert not (made / "en/a/index.html").exists(), "a carried file is noted, not linked"
    assert _tree(site) == {"en/a/index.html": "A1", "en/b/index.html": "B2", "index.html": "I2"}
    assert spare.tree is not None and _tree(spare.tree) == {"en/a/index.html": "A1", "en/b/index.html": "B1",
                                                            "index.html": "I1"}, "the site replaced, whole"
    # what no build left there: a page gone, a directory where a file is to be, a file where a
    # directory is to be
    _write(spare.tree / "en/gone/index.html", "G")
    (spare.tree / "index.html").unlink()
    _write(spare.tree / "index.html/stray", "S")
    shutil.rmtree(spare.tree / "en/b")
    _write(spare.tree / "en/b", "F")
    with spare.writing(site) as made:
        carry(site / "en/b/index.html", made / "en/b/index.html")
        carry(site / "index.html", made / "index.html")
        _write(made / "en/a/index.html", "A3")  # the spare's file of this page is the one served
        _write(made / "en/c/index.html", "C3")
    assert _tree(site) == {"en/a/index.html": "A3", "en/b/index.html": "B2", "en/c/index.html": "C3",
                           "index.html": "I2"}
    assert sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_dir()) == \
        ["en", "en/a", "en/b", "en/c"]
    assert _tree(spare.tree) == {"en/a/index.html": "A1", "en/b/index.html": "B2", "index.html": "I2"}, \
        "the site served until the swap, as it was: no file of it written to"

    with pytest.raises(RuntimeError), spare.writing(site) as made:  # a build that fails
        _write(made / "en/a/index.html", "A4")
        raise RuntimeError
    assert _tree(site)["en/a/index.html"] == "A3"
    spare.close()
    removals_settled()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["site"]


def test_a_spare_that_cannot_be_swapped_in_leaves_the_site_served(tmp_path, monkeypatch):
    site = tmp_path / "site"
    _write(site / "index.html", "I1")
    spare = Spare()

    def refused(*_args) -> bool:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic, "exchange_dirs", refused)
    with pytest.raises(FolioError, match="nothing was replaced"), spare.writing(site) as made:
        _write(made / "index.html", "I2")
    assert _tree(site) == {"index.html": "I1"}
    spare.close()


def test_without_an_exchanging_rename_the_site_replaced_is_the_spare_where_it_was_renamed_aside(tmp_path,
                                                                                                  monkeypatch):
    monkeypatch.setattr(atomic, "_renameat2", None)  # not Linux: two renames, as a build swaps its trees in
    site = tmp_path / "site"
    _write(site / "index.html", "I1")
    spare = Spare()
    for text in ("I2", "I3"):
        with spare.writing(site) as made:
            _write(made / "index.html", text)
        assert _tree(site) == {"index.html": text}
        assert spare.tree is not None and spare.tree.parent == tmp_path and spare.tree.name.startswith(".site.old-")
        assert _tree(spare.tree) == {"index.html": "I1" if text == "I2" else "I2"}, "the site replaced, kept"
        assert sorted(path.name for path in tmp_path.iterdir()) == sorted(["site", spare.tree.name]), \
            "no sibling but the spare"
    spare.close()
    removals_settled()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["site"]


def test_a_link_to_a_directory_the_renderer_leaves_stays_a_link(tmp_path):
    site = tmp_path / "site"
    _write(site / "en/a/index.html", "A1")
    spare = Spare()
    for _ in range(2):  # the spare made whole, then brought up to date
        with spare.writing(site) as made:
            _write(made / "en/a/index.html", "A2")
            (made / "latest").symlink_to("en/a", target_is_directory=True)
        assert (site / "latest").is_symlink() and os.readlink(site / "latest") == "en/a"
        assert _tree(site) == {"en/a/index.html": "A2"} and (site / "latest/index.html").read_text("utf-8") == "A2"
    spare.close()
    removals_settled()
