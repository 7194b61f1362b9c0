"""The ``warbench`` command: the window, or one of the headless commands of :mod:`warbench.cli`.

This is the only module that may import both layers. With no arguments, or with only file names, it
opens the GUI; a subcommand runs headless and never imports Qt.
"""

from __future__ import annotations

import sys
from pathlib import Path

from warbench.model.collector import lasting

with lasting():  # `warbench cost` of one unit: 797 -> 742 million instructions (the floor, pydantic alone: 572)
    from warbench import cli


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
    from warbench.gui.app import main as gui_main  # only here: the headless commands never import Qt

    return gui_main(argv)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if wants_gui(argv):
        return run_gui(argv)
    args = cli.parse(argv)
    if args.command is None:
        return run_gui([])
    return cli.run(args)
