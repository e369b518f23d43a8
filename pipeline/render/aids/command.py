"""`folio aids`: print player aids on demand: one paper size, the cards at a sleeve's size, with backs.

`folio build` prints every aid into build/aids/; this command prints the ones asked for into a
directory of the user's choosing, file by file, leaving whatever else is there alone.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from ...core.model import LANGUAGES
from .cards import DEFAULT, SIZES
from .pdf import PAPERS


def add_commands(commands) -> None:
    from ..games import aids

    AIDS = aids()  # the registered games' (the driver registers them before it builds the parser)

    command = commands.add_parser(
        "aids", help="print player aids on demand, e.g. the event cards at tarot size with backs "
                     "(`folio build` prints them all into build/aids/, the cards at poker size)")
    command.add_argument("aid", nargs="*", metavar="AID",
                         help="the aids to print (default: all): " + ", ".join(a.key for a in AIDS))
    command.add_argument("--lang", choices=LANGUAGES, action="append",
                         help="a language (repeatable; default: all)")
    command.add_argument("--paper", choices=list(PAPERS), action="append",
                         help="a paper size (repeatable; default: all)")
    command.add_argument("--card", choices=list(SIZES), default=DEFAULT,
                         help="the size of the cards of the card aids (" + ", ".join(a.key for a in AIDS if a.cards)
                              + "): " + ", ".join(f"{s.key} {s.width:g}×{s.height:g} mm" for s in SIZES.values())
                              + f" (default: {DEFAULT})")
    command.add_argument("--backs", action="store_true",
                         help="a sheet of card backs after each sheet of cards, for printing on both sides "
                              "(flip on the long edge)")
    command.add_argument("--out", required=True, metavar="DIR",
                         help="where to write <lang>/<aid>-<paper>.pdf")
    command.set_defaults(command=_aids)


def _aids(project, args: argparse.Namespace) -> int:
    """``project``: the command's pipeline.build.Project, the corpus and facts loaded once."""
    from . import plan_aids, print_aids

    plan = plan_aids(project.corpus, project.root, only=tuple(args.aid), langs=tuple(args.lang or LANGUAGES),
                     papers=tuple(args.paper or PAPERS), card=args.card, backs=args.backs,
                     facts=project.facts)
    out = Path(args.out)
    with tempfile.TemporaryDirectory(prefix="folio-aids-") as work:
        printed = print_aids(plan, Path(work) / "aids")
        if printed is None:
            print("no player aid to print: the corpus has none of their documents", file=sys.stderr)
            return 0
        for file in printed.files:
            target = out / file.path
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(printed.directory / file.path, target)
            print(target)
    return 0
