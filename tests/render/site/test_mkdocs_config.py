"""MkDocs' generated configuration, read by libyaml (render/site/mkdocs_adapter.py): a value
MkDocs' schema refuses is a Folio error naming the configuration file, not a traceback."""

from __future__ import annotations

import pytest

from pipeline.core.errors import FolioError
from pipeline.render.site import mkdocs_adapter


def test_a_theme_mkdocs_does_not_know_names_the_generated_configuration(tmp_path):
    (tmp_path / "docs").mkdir()
    config = tmp_path / "mkdocs.en.yml"
    config.write_text("site_name: Folio\ndocs_dir: docs\ntheme:\n  name: no-such-theme\n", "utf-8")
    with pytest.raises(FolioError) as raised:
        mkdocs_adapter.run("en", config, tmp_path / "site")
    assert "theme" in str(raised.value) and "no-such-theme" in str(raised.value)
    assert raised.value.path == str(config)
