"""Folio's own imports read from its source by an AST walk, at the top of a module or inside a
function: what the architecture test (tests/house/test_architecture.py) holds to the layers of
docs/ARCHITECTURE.md, and the games test (tests/house/test_games.py) to "the engine names no game"."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "pipeline"


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE).with_suffix("").parts)


def pipeline_imports(text: str, name: str) -> list[tuple[int, str]]:
    """(line, module relative to pipeline) of every import of Folio's own code in the source
    ``text`` of module ``name`` (relative to pipeline; a package's is "<package>.__init__")."""
    package = name.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name.removeprefix("pipeline.")) for a in node.names
                      if a.name == "pipeline" or a.name.startswith("pipeline.")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - (node.level - 1)] + (node.module.split(".") if node.module else [])
            elif node.module and (node.module == "pipeline" or node.module.startswith("pipeline.")):
                base = node.module.split(".")[1:]
            else:
                continue
            for alias in node.names:  # `from . import x`: x is a module when there is one
                candidate = [*base, alias.name]
                is_module = (PACKAGE.joinpath(*candidate).is_dir()
                             or PACKAGE.joinpath(*candidate).with_suffix(".py").is_file())
                found.append((node.lineno, ".".join(candidate if is_module else base) or "__init__"))
    return found
