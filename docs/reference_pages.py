"""MkDocs hook of Folio's manual: the reference pages, generated from the code at every build.

`mkdocs build -f docs/mkdocs.yml` calls `on_files`, which adds (in the way mkdocs-gen-files
does, as in-memory files) the diagnostic codes, the unit kinds with the JSON Schema, and every
command and option of `folio`, and the architecture page from docs/ARCHITECTURE.md as it is.
Nothing on these pages is written by hand, so they cannot fall behind the code.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # the manual documents the checkout it is part of, not an installed Folio

# The one place the manual names the pipeline's modules: when a module moves, fix these lines only.
from pipeline.check import all_codes  # noqa: E402,F401  (the codes the manual's test expects)
from pipeline.check.report import codes_table  # noqa: E402
from pipeline.cli import _arguments as folio_parser  # noqa: E402
from pipeline.core.kinds import KINDS  # noqa: E402
from pipeline.render.writers.schema import corpus_schema  # noqa: E402

CODES_START, CODES_END = "<!-- codes:start -->\n", "<!-- codes:end -->"


def codes_page() -> str:
    return ("# Diagnostic codes\n\nEvery code Folio can report, with its default severity (`folio codes` "
            "prints the same table; see [Checks](../editors/checks.md) for how to change a severity or "
            "suppress a finding).\n\n" + CODES_START + codes_table() + CODES_END + "\n")


def kinds_page() -> str:
    out = ["# Unit kinds and the JSON Schema", "",
           "Every unit of the corpus has one of these kinds. A kind says which kinds its children may "
           "have, its `attrs` (language-independent) and the `fields` of its language sides; "
           "`build/corpus.json` is checked against the schema made from them "
           "(see [Output contract](output-contract.md)).", ""]
    for kind, spec in KINDS.items():
        out += [f"## `{kind}`", "", spec.doc, ""]
        children = [f"`{k}`" for k in KINDS if k in spec.children]
        out += [f"May hold: {', '.join(children) if children else 'no children'}.", ""]
        for title, names in (("attrs", spec.attrs), ("fields of each side", spec.fields)):
            if names:
                out += [f"| {title} | JSON type |", "| --- | --- |"]
                out += [f"| `{name}` | {kind_of} |" for name, kind_of in names.items()] + [""]
    out += ["## The JSON Schema", "", "`build/corpus.schema.json`, as `folio build` writes it:", "",
            "```json", json.dumps(corpus_schema(), ensure_ascii=False, indent=1), "```", ""]
    return "\n".join(out)


def commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """(words after `folio`, parser, help) of the parser and every sub-command under it, in order."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from commands(sub, (*path, name))


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def commands_page() -> str:
    parser = folio_parser()
    out = ["# Commands and options", "",
           "Every command of `folio` (also `python -m pipeline`) and its options, as `folio --help` "
           "and `folio COMMAND --help` print them. See [The command line](../getting-started/command-line.md) "
           "for what they are for and the exit status.", ""]
    helps = {}
    for path, sub in commands(parser):
        for action in sub._actions:
            if isinstance(action, argparse._SubParsersAction):
                helps.update({(*path, a.dest): a.help for a in action._choices_actions})
    for path, sub in commands(parser):
        sub.formatter_class = lambda prog: argparse.HelpFormatter(prog, width=100)
        out += [f"## `{' '.join(('folio', *path))}`", ""]
        if helps.get(path) or sub.description:
            out += [helps.get(path) or sub.description, ""]
        out += ["```text", sub.format_usage().strip(), "```", ""]
        rows = [a for a in sub._actions
                if not isinstance(a, (argparse._HelpAction, argparse._SubParsersAction))]
        if rows:
            out += ["| argument | what it is |", "| --- | --- |"]
            for action in rows:
                name = ", ".join(action.option_strings) or (action.metavar or action.dest)
                if action.option_strings and action.nargs != 0:
                    choices = action.choices and "{" + ",".join(map(str, action.choices)) + "}"
                    name += " " + (action.metavar or choices or action.dest.upper())
                what = action.help or ""
                if action.required and action.option_strings:
                    what += " (required)"
                if action.default not in (None, False, argparse.SUPPRESS) and "default" not in what:
                    what += f" (default: `{action.default}`)"
                out.append(f"| `{_cell(name)}` | {_cell(what.strip())} |")
            out.append("")
    return "\n".join(out)


PAGES = {"reference/codes.md": codes_page, "reference/kinds.md": kinds_page,
         "reference/commands.md": commands_page}


def on_files(files, config):
    from mkdocs.structure.files import File

    for uri, page in PAGES.items():
        files.append(File.generated(config, uri, content=page()))
    files.append(File.generated(config, "architecture/index.md", abs_src_path=str(REPO / "docs" / "ARCHITECTURE.md")))
    return files
