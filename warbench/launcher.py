"""The ``warbench`` command: the window, or one of the headless commands of :mod:`model.cli`.

This is the only module that may import both layers. With no arguments, or with only file names, it
opens the GUI; a subcommand runs headless and never imports Qt.
"""

from __future__ import annotations

import sys

from model import cli


def wants_gui(argv: list[str]) -> bool:
    """No arguments, a window option, or a first argument that is neither a command nor an option (a file)."""
    return not argv or argv[0] in cli.GUI_OPTIONS or (argv[0] not in cli.COMMANDS and not argv[0].startswith("-"))


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
