"""The pipeline, stage by stage: read -> parse -> link -> check -> render.

Every command that needs the corpus goes through :func:`load_corpus`; ``folio build`` adds
the later stages. Input Folio cannot use stops the run with a :class:`FolioError` before
anything is written, and rendering swaps the whole output directory in at once, so a failed
build never leaves a half-written build/ behind.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .atomic import atomic_dir
from .checks import all_codes, run_checks
from .checks.config import load_config
from .checks.report import write_check_report
from .diagnostics import Diagnostic
from .errors import FolioError
from .manifest import load_manifest
from .model import Corpus, Document, Kind, Unit
from .parsers import PARSERS
from .reader import Source, read_source
from .references import link as link_references
from .translations import attach as attach_translations
from .writers.corpus_json import write_corpus_json
from .writers.schema import write_schema
from .writers.yaml_docs import write_yaml_docs

#: Kinds that show a parser recognised the text's shape; a "document" of nothing but
#: paragraphs means the wrong parser was chosen or the file is not what the manifest says.
STRUCTURE = frozenset({Kind.SECTION, Kind.EVENT, Kind.PROCEDURE, Kind.LIST, Kind.TABLE, Kind.ACTION})


@dataclass
class BuildResult:
    corpus: Corpus
    out_dir: Path
    outputs: list[Path] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: what reading the sources had to say (an encoding, line endings): shown on every build
    notes: list[Diagnostic] = field(default_factory=list)
    #: the website's directory, when the project has one (a top-level mkdocs.yml)
    site: Path | None = None


def load_corpus(root: Path) -> tuple[Corpus, list[Diagnostic]]:
    """Read, parse and link every document: the corpus every command works on."""
    root = Path(root)
    corpus = Corpus(documents=load_manifest(root))
    notes: list[Diagnostic] = []
    for document in corpus.documents:
        source = read(root, document)
        notes.extend(source.notes)
        corpus.add_document_units(parse(document, source))
    attach_translations(corpus, root)
    link(corpus)
    return corpus, notes


def build(root: Path, out_dir: Path | None = None) -> BuildResult:
    root = Path(root)
    out_dir = Path(out_dir) if out_dir is not None else root / "build"
    corpus, notes = load_corpus(root)  # read -> parse -> attach translations -> link
    diagnostics = check(corpus, root, notes)
    outputs = render(corpus, diagnostics, out_dir)
    site = website(corpus, diagnostics, root)  # -> site/, after build/
    return BuildResult(corpus, out_dir, outputs, diagnostics, notes, site)


def read(root: Path, document: Document) -> Source:
    return read_source(root / document.source, document.source)


def parse(document: Document, source: Source) -> list[Unit]:
    try:
        units = PARSERS[document.parser](document, source)
    except FolioError:
        raise
    except Exception as exc:  # a parser bug must still name the file, not print a traceback
        raise FolioError(f"the {document.parser} parser failed ({type(exc).__name__}: {exc}); "
                         "this is a bug in Folio, please report it with the file",
                         path=source.path) from exc
    if not any(unit.kind in STRUCTURE for unit in units):
        raise FolioError(f"no recognisable structure: the {document.parser} parser found no "
                         "section, event, procedure, list, table or action (is this the right "
                         "parser for the file?)", path=source.path)
    return units


def link(corpus: Corpus) -> None:
    """Resolve every cross-reference once all documents are parsed (fills corpus.references)."""
    link_references(corpus)


def check(corpus: Corpus, root: Path, notes: list[Diagnostic] = ()) -> list[Diagnostic]:
    """The reader's notes and every check family's findings, configured by corpus/checks.yaml."""
    config = load_config(root, {code.code for code in all_codes()})
    found = [config.apply(note) for note in notes] + run_checks(corpus, root, config=config)
    return sorted(found, key=Diagnostic.sort_key)


def website(corpus: Corpus, diagnostics: list[Diagnostic], root: Path) -> Path | None:
    """The bilingual website into site/, for a project with a mkdocs.yml (pipeline/site/)."""
    from .site import render_site, wanted  # MkDocs and Pagefind load only when building

    return render_site(corpus, diagnostics, root) if wanted(root) else None


def render(corpus: Corpus, diagnostics: list[Diagnostic], out_dir: Path) -> list[Path]:
    """Write every output; return the paths as they are once the new build is in place."""
    with atomic_dir(out_dir) as tmp:
        written = [write_corpus_json(corpus, tmp / "corpus.json"),
                   write_schema(tmp / "corpus.schema.json"),
                   *write_yaml_docs(corpus, tmp / "corpus"),
                   write_check_report(diagnostics, tmp / "checks.json")]
    return [out_dir / path.relative_to(tmp) for path in written]
