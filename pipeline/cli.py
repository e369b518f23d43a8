"""The `folio` command: `folio build` and `folio show ID`.

Bad input ends in one line on stderr, `path:line: error: message`, and exit status 2, so that
an editor or CI log can jump to the spot; a traceback would bury that line.
"""

from __future__ import annotations

import argparse
import difflib
import errno
import json
import os
import sys
from pathlib import Path
from typing import Any

from .build import Project, build, load_edition, outdated
from .check import FAMILIES, all_codes
from .check.report import as_json, as_sarif, as_text, codes_table, exit_status
from .core.errors import FolioError
from .core.labels import label
from .core.model import LANGUAGES, Corpus, Kind, Reference, Side
from .core.version import folio_version
from .language.termbase import load_termbase
from .link.translations.edit import realign as realign_translations
from .link.translations.edit import remove as remove_translations
from .link.translations.merge import changes_detail, changes_summary
from .link.translations.status import as_json as coverage_json
from .link.translations.status import as_table as coverage_table
from .link.translations.status import as_units_text as pending_text
from .link.translations.status import coverage, lost, pending
from .render.aids.command import add_commands as add_aids_commands
from .render.writers.corpus_json import present_attrs
from .rules.command import add_commands as add_rules_commands
from .rules.command import facts_lines
from .util import project_files
from .util.atomic import write_text_atomic
from .util.terminal import escaped_output


def main(argv: list[str] | None = None) -> int:
    args = _arguments().parse_args(argv)
    with escaped_output():  # the corpus's control characters shown, never obeyed
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    try:
        # every command gets the project: its corpus and facts load on first use, once
        return args.command(Project(_root(args.root)), args)
    except FolioError as err:
        print(" ".join(str(err).split("\n")), file=sys.stderr)
        return err.exit_status
    except BrokenPipeError:
        # `folio show ID | head` closed the pipe: not an error worth a traceback. Point stdout
        # at /dev/null so that the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as exc:  # a file Folio was told to read or write and cannot: still one line
        error = _os_error(exc)
        print(" ".join(str(error).split("\n")), file=sys.stderr)
        return error.exit_status


#: errors of the file written, never of the one read: a copy that fails names both, the
#: written one second (a full disk is the destination's, not the theme asset's copied there)
_WRITING = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS}


def _os_error(exc: OSError) -> FolioError:
    if exc.errno in _WRITING and exc.filename2:
        return FolioError(f"{exc.strerror} (writing a copy of {exc.filename} there)",
                          path=str(exc.filename2))
    return FolioError(exc.strerror or str(exc), path=exc.filename and str(exc.filename))


def _root(given: str | None) -> Path:
    if given is None:
        return find_root(Path.cwd())
    if not Path(given).is_dir():  # else `build` would create it, and its parents, to write into
        raise FolioError("no such directory: --root names an existing project (the directory "
                         "holding corpus/manifest.yaml)", path=given)
    return Path(given)


def find_root(start: Path) -> Path:
    """The nearest directory from ``start`` upwards that holds corpus/manifest.yaml."""
    for path in (start, *start.parents):
        if (path / "corpus" / "manifest.yaml").is_file():
            return path
    return start


def _arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="folio", description="Publish board-game rules "
                                     "and their translations from one corpus.")
    parser.add_argument("--version", action="version", version=f"folio {folio_version()}")
    parser.add_argument("--root", metavar="DIR", help="the repository to work on (default: the "
                        "nearest directory upwards holding corpus/manifest.yaml)")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    command = commands.add_parser("build", help="read and parse the corpus, write build/ (and "
                                  "the website into site/ when the project has a mkdocs.yml)")
    command.add_argument("--clean", action="store_true",
                         help="build everything anew, reusing nothing from the last build")
    command.add_argument("--jobs", type=int, metavar="N",
                         help="processes to work on at most (default: every core; FOLIO_JOBS)")
    command.add_argument("--dry-run", action="store_true",
                         help="say what the build would redo (documents added, changed, removed; the "
                              "check shards, pages and aids made again) and write nothing")
    command.set_defaults(command=_build)
    command = commands.add_parser("check", help="run the consistency checks and report findings")
    command.add_argument("--format", choices=("text", "json", "sarif"), default="text",
                         help="text: `path:line:col: severity code: message` lines and a summary "
                              "(default); json: an array of findings; sarif: SARIF 2.1.0")
    command.add_argument("--output", metavar="FILE", help="write the report to FILE, not stdout")
    command.add_argument("--only", metavar="FAMILY", action="append", choices=list(FAMILIES),
                         help="run one check family (repeatable): " + ", ".join(FAMILIES))
    command.set_defaults(command=_check)
    command = commands.add_parser("status", help="translation coverage per document and language")
    command.add_argument("--format", choices=("table", "json"), default="table")
    command.add_argument("--units", action="store_true",
                         help="then every missing, stale and fuzzy unit: its id, its name, where to "
                              "work on it (path:line) and, for a stale one, the change of its source")
    command.set_defaults(command=_status)
    po = commands.add_parser("po", help="exchange translations as PO files").add_subparsers(
        title="po commands", metavar="ACTION", required=True)
    command = po.add_parser("export", help="write one PO file per document into DIR")
    command.add_argument("--lang", required=True, choices=LANGUAGES, help="the translation language")
    command.add_argument("--out", required=True, metavar="DIR")
    command.set_defaults(command=_po_export)
    command = po.add_parser("import", help="merge the PO files in DIR into corpus/translations/ "
                            "(an entry left out or left empty keeps what is stored)")
    command.add_argument("dir", metavar="DIR")
    command.add_argument("--prune", action="store_true",
                         help="also remove the stored translations of each file's document that "
                              "the file leaves out or leaves empty, and set-aside ones")
    command.set_defaults(command=_po_import)
    translations = commands.add_parser("translations", help="act on stored translations").add_subparsers(
        title="translations commands", metavar="ACTION", required=True)
    command = translations.add_parser("realign", help="store each translation under the unit it "
                                      "follows now (after the source was renumbered)")
    command.add_argument("--lang", choices=LANGUAGES, help="only the translations into LANG")
    command.set_defaults(command=_translations_realign)
    command = translations.add_parser("remove", help="remove the stored translation of units")
    command.add_argument("ids", nargs="+", metavar="ID", help="a unit id as the file stores it")
    command.add_argument("--lang", required=True, choices=LANGUAGES)
    command.add_argument("--orphaned", action="store_true",
                         help="remove the translation an import set aside under ID, not the "
                              "unit's own")
    command.set_defaults(command=_translations_remove)
    tbx = commands.add_parser("tbx", help="exchange the termbase as TBX").add_subparsers(
        title="tbx commands", metavar="ACTION", required=True)
    command = tbx.add_parser("export", help="write corpus/glossary.yaml as a TBX file")
    command.add_argument("--out", required=True, metavar="FILE")
    command.set_defaults(command=_tbx_export)
    command = commands.add_parser("codes", help="list every diagnostic code with its default "
                                  "severity and meaning (as a Markdown table)")
    command.set_defaults(command=_codes)
    command = commands.add_parser("show", help="print one unit: its sides, text and children")
    command.add_argument("id", metavar="ID", help="a unit id, such as eu-risto:1:I")
    command.add_argument("--lang", choices=LANGUAGES,
                         help="the language of the facts' labels and words (default: every one there is)")
    command.set_defaults(command=_show)
    command = commands.add_parser("serve", help="build the website, serve it on this machine, and on "
                                  "every save rebuild it and reload the pages open in a browser")
    command.add_argument("--port", type=int, default=8000,
                         help="the port to listen on (default 8000; 0 picks a free one)")
    command.add_argument("--host", default="127.0.0.1",
                         help="the address to listen on (default 127.0.0.1: this machine only)")
    command.add_argument("--findings", action="store_true",
                         help="list under each unit of a page the findings of that unit (the "
                              "preview only: no build writes them into the site)")
    command.add_argument("--jobs", type=int, metavar="N",
                         help="processes to build on at most (default: every core; FOLIO_JOBS)")
    command.set_defaults(command=_serve)
    add_rules_commands(commands)  # `folio rules list|run`: pipeline/rules/command.py
    add_aids_commands(commands)  # `folio aids`: pipeline/render/aids/command.py
    _add_diff_command(commands)
    return parser


# -- folio diff ---------------------------------------------------------------------------


def _add_diff_command(commands) -> None:
    command = commands.add_parser(
        "diff", help="what changed between two editions, unit by unit: renumbered, changed, "
        "added and removed units, and the translations that became stale")
    for name, which in (("old", "the older"), ("new", "the newer")):
        command.add_argument(name, metavar=name.upper(), help=f"{which} edition: a project directory, "
                             "a git revision of the project (HEAD~1, a tag, a hash), or WORKTREE "
                             "(also .): the working tree")
    command.add_argument("--format", choices=("text", "json"), default="text",
                         help="text: per document, its changes and a word diff (default); json: "
                              "the same as data")
    command.add_argument("--document", metavar="KEY", help="one document only, by its manifest key")
    command.set_defaults(command=_diff)


def _diff(project: Project, args: argparse.Namespace) -> int:
    from .check.spelling import misspellings
    from .editions import revisions  # git and temporary directories: only for this command
    from .editions.diff import diff_editions
    from .editions.text import as_text

    with revisions.opened(args.old, project.root) as old, revisions.opened(args.new, project.root) as new:
        found = diff_editions(load_edition(old), load_edition(new), old.label, new.label,
                              only=args.document, misspellings=misspellings(project.root))
    if args.format == "json":
        print(json.dumps(found.to_json(), ensure_ascii=False, indent=1))
    else:
        sys.stdout.write(as_text(found))
    return 0  # a report: what changed is no failure


def _build(project: Project, args: argparse.Namespace) -> int:
    if args.dry_run:
        return _dry_run(project, args)
    result = build(project.root, jobs=args.jobs, clean=args.clean, detach=True)
    if result.plan is not None:  # said once the build stands: refused input stays one line
        print(result.plan.line(), file=sys.stderr)  # as Sphinx's "updating environment: ..."
    for note in result.notes:
        print(note, file=sys.stderr)
    summary = result.summary
    counts = summary["kinds"]
    documents = summary["documents"]
    done = "built" if result.corpus is not None else "up to date (no input changed since the last build):"
    print(f"{done} {documents} document{'s' if documents != 1 else ''}, {summary['units']} units, "
          f"{summary['references']} cross-references")
    width = max(len(str(kind)) for kind in counts)
    for kind in Kind:
        if counts.get(str(kind)):
            print(f"  {kind:<{width}}  {counts[str(kind)]:>5}")
    print("checks: " + as_text(result.diagnostics).splitlines()[-1]
          + " (`folio check` lists them)")
    print("wrote:" if result.corpus is not None else "in place:")
    for path in result.outputs:
        print(f"  {_shown(path)}")
    if result.site is not None:
        print(f"  {_shown(result.site)}/ (the website: `folio serve` previews it)")
    return 0


def _dry_run(project: Project, args: argparse.Namespace) -> int:
    plan = outdated(project.root, clean=args.clean)
    print(plan.line())
    if plan.current:
        return 0
    for status in ("added", "changed", "removed"):
        for key in getattr(plan, status):
            print(f"  {status:<8} {key}")
    for path in plan.inputs:
        print(f"  input    {path}")
    work = {"read again": plan.documents, "rule facts read again": plan.facts, "check shards (rulebooks)": plan.checks,
            "document pages": plan.pages, "other pages": plan.reports, "aids (rulebooks)": plan.aids}
    print("would redo:")
    for what, names in work.items():
        print(f"  {what}: {', '.join(names) if names else 'none'}")
    return 0


def _serve(project: Project, args: argparse.Namespace) -> int:
    from .serve.loop import serve  # watchdog and http.server only for this command

    if not 0 <= args.port <= 65535:
        raise FolioError(f"--port {args.port}: a port is 0..65535 (0 picks a free one)")
    if not project_files.present(project.root, "mkdocs.yml"):
        raise FolioError("no website to preview: `folio serve` builds and serves the website of "
                         "a project with a mkdocs.yml", path=str(project.root / "mkdocs.yml"))
    serve(project.root, args.host, args.port, findings=args.findings, jobs=args.jobs)
    return 0


def _status(project: Project, args: argparse.Namespace) -> int:
    corpus = project.corpus
    rows = coverage(corpus)
    found = pending(corpus) if args.units else None
    orphans = lost(corpus) if args.units else None
    # the command speaks English: the units are named in English, whatever their language
    name = lambda unit: label(corpus, unit, "en", _english)  # noqa: E731
    if args.format == "json":
        print(json.dumps(coverage_json(rows, found, name, orphans), ensure_ascii=False, indent=1))
    else:
        print(coverage_table(rows), end="")
        if found is not None:
            print()
            print(pending_text(found, name, orphans), end="")
    return 0


def _english(message: str) -> str:
    return message


def _po_export(project: Project, args: argparse.Namespace) -> int:
    corpus = project.corpus
    from .link.translations.po import export as po_export  # translate-toolkit: a tenth of a second a build need not pay

    for path in po_export(corpus, args.lang, Path(args.out), project.root):
        print(f"wrote {_shown(path)}")
    return 0


def _po_import(project: Project, args: argparse.Namespace) -> int:
    corpus = project.corpus
    from .link.translations.po import import_po as po_import

    result = po_import(corpus, project.root, Path(args.dir), prune=args.prune)
    if result.interrupted:
        print(f"an earlier import was interrupted: removed the {len(result.interrupted)} temporary "
              f"file(s) it left in corpus/translations/ ({', '.join(result.interrupted)}); a "
              "translation file it had not replaced yet is as it was: import its PO files again "
              "if this was not them", file=sys.stderr)
    for warning in result.warnings:
        print(f"{warning}", file=sys.stderr)
    for path, changes in result.changes.items():
        state = "written" if path in result.written else "unchanged"
        print(f"{path} ({state}, from {_shown(Path(result.sources[path]))}): {changes_summary(changes)}")
        print(changes_detail(changes), end="")
    return 0


def _translations_realign(project: Project, args: argparse.Namespace) -> int:
    corpus = project.corpus
    for path, changes in realign_translations(corpus, project.root, args.lang):
        if changes.changed:
            print(f"{path} (written): {changes_summary(changes)}")
            print(changes_detail(changes), end="")
        else:
            print(f"{path} (unchanged): every translation is stored where it is placed")
    return 0


def _translations_remove(project: Project, args: argparse.Namespace) -> int:
    corpus = project.corpus
    for path, entry in remove_translations(corpus, project.root, args.ids, args.lang, orphaned=args.orphaned):
        words = entry.text.split()
        print(f"{path}: removed {entry.unit} «{' '.join(words[:8])}{' …' if len(words) > 8 else ''}»")
    return 0


def _tbx_export(project: Project, args: argparse.Namespace) -> int:
    from .link.translations.tbx import write_tbx

    path = write_tbx(load_termbase(project.root), Path(args.out))
    print(f"wrote {_shown(path)}")
    return 0


def _codes(project: Project, args: argparse.Namespace) -> int:
    print(codes_table(), end="")
    return 0


def _check(project: Project, args: argparse.Namespace) -> int:
    output = Path(args.output) if args.output else None
    if output is not None and output.is_dir():
        raise FolioError("--output names a directory, not a file", path=str(output))
    if output is not None and not output.parent.is_dir():  # said before minutes of checks
        raise FolioError("--output: the directory to write the report into does not exist",
                         path=str(output.parent))
    found = project.findings(only=args.only)
    report = {"text": as_text, "json": as_json,
              "sarif": lambda d: as_sarif(d, all_codes())}[args.format](found)
    if output is not None:
        write_text_atomic(output, report)
    else:
        sys.stdout.write(report)
    return exit_status(found)


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _show(project: Project, args: argparse.Namespace) -> int:
    corpus = project.corpus
    unit = corpus.units.get(args.id)
    if unit is None:
        raise FolioError(_unknown(args.id, corpus))
    print(f"id:       {unit.id}")
    print(f"kind:     {unit.kind}")
    print(f"document: {unit.document}")
    parent = corpus.units.get(unit.parent) if unit.parent else None
    print(f"parent:   {f'{parent.id} ({parent.kind})' if parent else 'none (a document)'}")
    attrs = present_attrs(unit)
    print("attrs:" if attrs else "attrs:    none")
    for name, value in attrs.items():
        print(f"  {name}: {_value(value)}")
    for lang in LANGUAGES:
        name = _language_name(lang)
        side = unit.sides.get(lang)
        if side is None:
            print(f"{name} ({lang}): no {name} side yet (not translated)")
        else:
            _print_side(f"{name} ({lang})", side)
            translation = corpus.translations.get((unit.id, lang))
            if translation is not None:
                status = corpus.status(unit, lang)
                moved = (f", stored under {translation.moved_from} (it followed its renumbered "
                         "source sentence)" if translation.moved_from else "")
                print(f"  translation: {status}{moved}")
    _print_references("references", corpus.references_from(unit.id), lambda r: r.target_id)
    _print_references("referred to by", corpus.backlinks(unit.id), lambda r: r.source)
    print("\n".join(facts_lines(project.shown_facts, unit.id, args.lang)))
    children = corpus.children(unit)
    print(f"children ({len(children)}):" if children else "children: none")
    width = max((len(child.id) for child in children), default=0)
    for child in children:
        print(f"  {child.id:<{width}}  {child.kind}")
    return 0


def _print_references(heading: str, refs: list[Reference], other) -> None:
    if not refs:
        print(f"{heading}: none")
        return
    print(f"{heading} ({len(refs)}):")
    for ref in refs:
        where = other(ref) or ref.note or ""
        print(f"  {ref.path}:{ref.line}:{ref.col}  {ref.text!r}  {ref.status}  {where}".rstrip())


def _print_side(heading: str, side: Side) -> None:
    print(f"{heading}: {side.path}:{side.line_start}-{side.line_end}")
    for name, value in side.fields.items():
        print(f"  {name}: {_value(value)}")
    if side.text:
        print("  text:")
        for line in side.text.split("\n"):
            print(f"    {line}".rstrip())
    else:
        print("  text: none of its own (its lines belong to its children)")


def _unknown(unit_id: str, corpus: Corpus) -> str:
    matches = difflib.get_close_matches(unit_id, list(corpus.units), n=3)
    if matches:
        return f"no unit has the id {unit_id!r}; did you mean {', '.join(matches)}?"
    return (f"no unit has the id {unit_id!r}, nor a similar one; ids look like "
            f"{next(iter(corpus.units), 'eu-risto:1:I')} (build/corpus.json lists them all)")


def _value(value: Any) -> str:
    # Plain text as it is; anything else (numbers, lists, a bare "\n") in JSON notation, so
    # that it stays on its one line and its type shows.
    if isinstance(value, str) and value.isprintable():
        return value
    return json.dumps(value, ensure_ascii=False)


def _language_name(code: str) -> str:
    from babel import Locale, UnknownLocaleError  # only `show` needs it

    try:
        return Locale.parse(code).get_display_name("en") or code
    except (ValueError, UnknownLocaleError):
        return code
