"""The ``warbench`` command: the window, or one of the headless commands of :mod:`warbench.cli`.

This is the only module that may import both layers. With no arguments, or with only file names, it
opens the GUI; a subcommand runs headless and never imports Qt.
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path

from model.collector import no_cycle_collection

# The modules, pydantic's classes and the rest the imports make live as long as the program: the cyclic collector
# would walk them again and again (while they load, then at every full pass and at exit) and free nothing. So it
# is paused while they load, and they are frozen out of its passes (gc.freeze); whatever is made after is collected
# as before. `warbench cost` of one unit runs 797 → 742 million instructions (the floor, pydantic alone: 572).
with no_cycle_collection():
    from warbench import cli

    gc.freeze()


def names_a_file(arg: str) -> bool:
    """An argument taken for a file, not a mistyped command: one that exists, or a path with a folder or
    a suffix (a missing ``army.army.json`` opens the window, which says what is wrong with it)."""
    if arg.startswith("-") or arg in cli.COMMANDS:
        return False
    path = Path(arg)
    return path.exists() or len(path.parts) > 1 or bool(path.suffix)


def wants_gui(argv: list[str]) -> bool:
    """No arguments, a window option, or a first argument that names a file. Anything else (``warbench
    UNKNOWN --help``) goes to the command line, which says the command is unknown."""
    return not argv or argv[0] in cli.GUI_OPTIONS or names_a_file(argv[0])


def run_gui(argv: list[str]) -> int:
    from gui.app import main as gui_main  # only here: the headless commands never import Qt

    return gui_main(argv)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if wants_gui(argv):
        return run_gui(argv)
    args = cli.parse(argv)
    if args.command is None:
        return run_gui([])
    return cli.run(args)
