"""The layers of docs/ARCHITECTURE.md: the table is a strict order, and an AST walk of pipeline/ finds every import,
at the top of a module or inside a function, goes from one part to a part its row allows."""

from __future__ import annotations

import ast
from pathlib import Path

from imports_support import PACKAGE, module_name, pipeline_imports

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "ARCHITECTURE.md"


def rules() -> tuple[dict[str, str], dict[str, set[str]]]:
    """(module -> part, part -> the parts it may import), from the document's table."""
    members, allowed = {}, {}
    for part, modules, imports in rows():
        for module in modules:
            members[module] = part
        allowed[part] = set(imports)
    return members, allowed


def rows(text: str | None = None) -> list[tuple[str, list[str], list[str]]]:
    """The table's rows in order, lowest layer first: (part, its modules, the parts it may import)."""
    text = DOC.read_text("utf-8") if text is None else text
    table = text[text.index("| part | modules | may import |"):].split("\n\n", 1)[0]
    found = []
    for row in table.splitlines()[2:]:
        part, modules, imports = (cell.strip() for cell in row.strip().strip("|").split("|"))
        found.append((part, [m.strip().replace("\\_", "_") for m in modules.split(",")],
                      [name.strip() for name in imports.split(",") if name.strip()]))
    return found


def loops(table: list[tuple[str, list[str], list[str]]]) -> list[str]:
    """Every import a row allows of a part that is not in a row above it: with none, the parts
    are layers in a strict order and no chain of allowed imports comes back to where it began."""
    above, found = set(), []
    for part, _, imports in table:
        found += [f"{part} may import {name}, which is not below it" for name in imports if name not in above]
        above.add(part)
    return found


def part_of(module: str, members: dict[str, str]) -> str | None:
    """The part of ``module`` (dotted, relative to pipeline): the longest listed prefix."""
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in members:
            return members[".".join(parts[:n])]
    return None


def test_every_module_of_pipeline_belongs_to_a_part():
    members, _ = rules()
    unplaced = [module_name(p) for p in PACKAGE.rglob("*.py") if part_of(module_name(p), members) is None]
    assert unplaced == [], "name them in docs/ARCHITECTURE.md's table of parts"


def broken_imports(text: str, name: str, shown: str) -> list[str]:
    members, allowed = rules()
    here = part_of(name, members)
    return [f"{shown}:{line}: {here} imports {target} ({there})"
            for line, target in pipeline_imports(text, name)
            if (there := part_of(target, members)) != here and there not in allowed[here]]


def test_every_import_follows_the_rules_of_its_part():
    broken = [line for path in sorted(PACKAGE.rglob("*.py"))
              for line in broken_imports(path.read_text("utf-8"), module_name(path), str(path.relative_to(REPO)))]
    assert broken == []


def test_the_parts_are_layers_in_a_strict_order():
    assert loops(rows()) == []
    parts = [part for part, _, _ in rows()]
    assert len(parts) == len(set(parts)), "a part named in two rows"


def test_a_loop_in_the_table_is_caught():
    # what the table allowed before the driver loaded the old edition itself: editions importing
    # the driver, and the fingerprint importing editions
    table = ("| part | modules | may import |\n| --- | --- | --- |\n| core | core | |\n"
             "| editions | editions | core, driver |\n| incremental | incremental | core, editions |\n"
             "| driver | build | core, editions, incremental |\n")
    assert loops(rows(table)) == ["editions may import driver, which is not below it"]


def test_the_rules_say_what_the_house_promises():
    # renderers, checks and translations never read text a parser could have read
    _, allowed = rules()
    for part in ("render", "check", "link"):
        assert "parse" not in allowed[part] and "shapes" not in allowed[part], part
    # nothing below the driver calls it: it hands a library the data it needs
    assert [part for part, names in allowed.items() if "driver" in names] == []
    # `folio serve` is a driver over build(): it calls the build as `folio build` does, and no
    # stage knows a preview exists
    members, _ = rules()
    assert members["serve"] == members["build"] == "driver"
    assert "editions" not in allowed["incremental"]
    # the rules stand on the model, and on the language layer only to find a fact's words again
    # in a retranslated side (rules/rendering.py): never on a check, a renderer or the driver
    assert allowed["rules"] <= {"core", "util", "language", "editions"}


def test_an_import_inside_a_function_is_caught():
    # what fields.py did before the parsers read the translated sides, and a renderer's
    # lazy import of the driver
    text = ("from ...core.model import Kind\n\n\ndef fields(unit):\n"
            "    from ...parse.line_shapes import match_item\n"
            "    from ... import build\n"
            "    return match_item\n")
    assert broken_imports(text, "link.translations.fields", "pipeline/link/translations/fields.py") == [
        "pipeline/link/translations/fields.py:5: link imports parse.line_shapes (shapes)",
        "pipeline/link/translations/fields.py:6: link imports build (driver)"]
    assert broken_imports(text.replace("parse.line_shapes", "core.lookup"), "render.site.fake", "x.py") == [
        "x.py:6: render imports build (driver)"]


def typing_only(tree: ast.AST) -> set[int]:
    """The lines of the imports under ``if TYPE_CHECKING:``: read by a type checker, never run."""
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            lines |= {n.lineno for statement in node.body for n in ast.walk(statement)
                      if isinstance(n, (ast.Import, ast.ImportFrom))}
    return lines


def import_graph() -> dict[str, set[str]]:
    """module -> the modules of pipeline/ it imports when it runs (inside functions included); a
    package is named without its ``__init__``."""
    graph = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name, text = module_name(path), path.read_text("utf-8")
        skipped = typing_only(ast.parse(text))
        key = name.removesuffix(".__init__")
        graph[key] = {target.removesuffix(".__init__") for line, target in pipeline_imports(text, name)
                      if line not in skipped} - {key}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other round (Tarjan's strongly connected components)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(graph.get(module, ())):
            if target not in graph:
                continue
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = []
            while not group or group[-1] != module:
                group.append(stack.pop())
                on_stack.discard(group[-1])
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_module_imports_itself_round_a_circle():
    assert circles(import_graph()) == []


def test_a_circle_is_caught():
    # the circle before the driver loaded the old edition itself, and one within a part
    graph = {"build": {"incremental.fingerprint"}, "incremental.fingerprint": {"editions.baseline"},
             "editions.baseline": {"editions.revisions"}, "editions.revisions": {"build"},
             "core.model": {"core.lookup"}, "core.lookup": {"core.model"}, "cli": {"build"}}
    assert sorted(circles(graph)) == [["build", "editions.baseline", "editions.revisions", "incremental.fingerprint"],
                                      ["core.lookup", "core.model"]]


# -- the cache is one concern (pipeline/incremental/store.py) ------------------------------------

#: what only the driver and the cache's own package may be handed: a build's session and cache
#: parts; every stage is handed the store (the null store when nothing is reused), never None
BUILD_ONLY = {"session", "cache", "build_cache", "fingerprint", "keys", "store"}
BUILD_TYPES = ("Session", "BuildCache")


def build_aware(text: str, name: str) -> list[str]:
    """Each parameter of a function in ``text`` (module ``name``) that threads a build's cache
    through a stage: one of :data:`BUILD_ONLY` that may be None (its default or its type), one
    typed as the session or the cache itself, or a name ``session`` used at all."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Name) and node.id == "session":
            found.append(f"{name}:{node.lineno}: names a session")
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        positional = node.args.posonlyargs + node.args.args
        defaults = [None] * (len(positional) - len(node.args.defaults)) + list(node.args.defaults)
        for arg, default in [*zip(positional, defaults, strict=True),
                             *zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True)]:
            kind = ast.unparse(arg.annotation) if arg.annotation is not None else ""
            optional = (isinstance(default, ast.Constant) and default.value is None) or "None" in kind
            if (arg.arg in BUILD_ONLY and optional) or any(t in kind for t in BUILD_TYPES):
                found.append(f"{name}:{node.lineno}: {node.name}() takes {arg.arg}: {kind or '?'}")
    return found


def test_no_stage_is_handed_the_session_or_a_cache_that_may_be_none():
    # the driver (build.py) and incremental/ are the only modules that know a build may reuse
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = module_name(path)
        if name != "build" and not name.startswith("incremental."):
            found += build_aware(path.read_text("utf-8"), name)
    assert found == []


def test_a_stage_that_branches_on_the_session_is_caught():
    # what build_site and run_checks took before the store
    text = ("def build_site(corpus, out, *, session: Session | None = None):\n"
            "    jobs = session.jobs if session else 1\n\n\n"
            "def run_checks(corpus, *, fingerprint=None, cache: BuildCache | None = None, store: Store = NULL):\n"
            "    pass\n")
    assert sorted(build_aware(text, "render.site")) == [
        "render.site:1: build_site() takes session: Session | None",
        "render.site:2: names a session", "render.site:2: names a session",
        "render.site:5: run_checks() takes cache: BuildCache | None",
        "render.site:5: run_checks() takes fingerprint: ?"]
