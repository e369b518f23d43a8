"""Two editions of one corpus compared unit by unit, keyed on unit ids.

- :mod:`.diff`: what changed per document (renumbered, changed, added, removed units) and what
  it means for the translations; typed, JSON-serialisable data;
- :mod:`.revisions`: an edition named the way a maintainer names one: a project directory, the
  working tree, or a git revision of the project;
- :mod:`.baseline`: the edition the website compares with (``changes_since`` in the manifest);
- :mod:`.text`: the diff as `folio diff` prints it.
"""
