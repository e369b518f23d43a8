"""One document read and parsed: its source's bytes to units, or an error naming the file."""

from __future__ import annotations

from pathlib import Path

from ..core.diagnostics import Diagnostic
from ..core.errors import FolioError
from ..core.model import Document, Kind, Unit
from ..read.reader import Source, read_source
from . import PARSERS

#: Kinds that show a parser recognised the text's shape; a "document" of nothing but
#: paragraphs means the wrong parser was chosen or the file is not what the manifest says.
STRUCTURE = frozenset({Kind.SECTION, Kind.EVENT, Kind.PROCEDURE, Kind.LIST, Kind.TABLE, Kind.ACTION})


def read(root: Path, document: Document) -> Source:
    return read_source(root, document.source, document.language)


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


def read_and_parse(root: Path, document: Document) -> tuple[list[Unit], list[Diagnostic]] | FolioError:
    """The document's units and the reader's notes, or its error returned, not raised: the
    caller reports in manifest order."""
    try:
        source = read(root, document)
        return parse(document, source), source.notes
    except FolioError as error:
        return error
