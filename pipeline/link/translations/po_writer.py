"""Writing a catalog as a PO file, with translate-toolkit's PO store.

The catalog is built as a Babel ``Catalog`` (pipeline/link/translations/po.py); it is written by
translate-toolkit, not by Babel's ``write_po``. Measured on the real corpus (issue 22): Babel
runs the ``#| msgid`` comment of a stale entry through textwrap, so an old source longer than
a line is cut inside its string and msgfmt, msgcat and msgmerge refuse the file. polib writes
previous msgids correctly, but its reader (like Babel's) cannot read back the octal escapes of
``msgcat --escape``; translate-toolkit's store keeps every string as written, so
pipeline/link/translations/po_reader.py reads the same library's output and every gettext variant of
it. One library for both directions, already installed for the tests (its ``pofilter`` is the
anchor of the cross-language checks), and the one Weblate reads PO files with. Its wrapping is
gettext's own algorithm, so the files look as msgcat would write them.
"""

from __future__ import annotations

from babel.messages.catalog import Catalog, Message
from translate.storage import pypo

#: translate-toolkit's default, gettext's: no line longer than 79 columns with its quotes
WIDTH = 77


def po_bytes(catalog: Catalog) -> bytes:
    """The PO file of ``catalog``: its header, its messages in order, then its obsolete ones
    (``#~``), each with its comments, locations, flags and previous msgid."""
    store = pypo.pofile(width=WIDTH)
    store.units = []  # no header of translate-toolkit's own: the catalog's
    store.addunit(_header(catalog))
    for message in catalog:
        if message.id:
            store.addunit(_unit(message))
    for message in catalog.obsolete.values():
        unit = _unit(message)
        unit.makeobsolete()
        store.addunit(unit)
    return bytes(store)


def _header(catalog: Catalog) -> pypo.pounit:
    unit = pypo.pounit("")
    unit.othercomments = [line + "\n" for line in catalog.header_comment.split("\n") if line]
    unit.target = "".join(f"{name}: {value}\n" for name, value in catalog.mime_headers)
    return unit


def _unit(message: Message) -> pypo.pounit:
    unit = pypo.pounit(message.id)
    unit.setcontext(message.context or "")
    if message.context is None:
        unit.msgctxt = []
    unit.target = message.string or ""
    # written as they are, blank lines included (translate-toolkit's addnote drops them), so
    # that a comment reads back the same
    unit.othercomments = [f"# {line}\n" if line else "#\n" for line in message.user_comments]
    for comment in message.auto_comments:
        unit.addnote(comment, origin="developer")
    for path, line in message.locations:
        unit.addlocation(f"{path}:{line}" if line else path)
    for flag in sorted(message.flags):
        unit.settypecomment(flag)
    if message.previous_id:
        unit.prev_source = message.previous_id[0]
    return unit
