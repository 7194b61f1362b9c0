"""Starting Warbench: ``warbench [FILE]``."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from gui import settings


def application(argv: list[str] | None = None) -> QApplication:
    QCoreApplication.setOrganizationName(settings.ORGANIZATION)
    QCoreApplication.setApplicationName(settings.APPLICATION)
    app = QApplication.instance() or QApplication([sys.argv[0], *(argv or [])])
    app.setApplicationDisplayName("Warbench")
    return app


def offer_recovery(window) -> bool:
    """Offer the newest autosaved copy left by a crashed session; True if recovered."""
    from gui import autosave, dialogs

    for item in autosave.pending():
        answer = dialogs.ask_recover(window, item.describe())
        if answer == "later":
            return False
        army = autosave.load_recovered(item) if answer == "recover" else None
        item.discard()
        if army is not None:
            window.recover(army, item.original)
            return True
    return False


def start(window, argv: list[str] | None) -> None:
    """Once the window is ready: offer crash recovery, else open the file named on the command line."""
    files = [a for a in (argv or []) if not a.startswith("-")]
    if not offer_recovery(window) and files:
        window.open_file(Path(files[0]), ask=False)


def create_window(argv: list[str] | None = None, deferred: bool = False):
    """The main window; ``deferred`` paints it first and loads the rules model right after."""
    from gui.main_window import MainWindow

    window = MainWindow(deferred=deferred)
    if window.is_ready:
        start(window, argv)
    else:
        window.ready.connect(lambda: start(window, argv))
    return window


def main(argv: list[str]) -> int:
    app = application(argv)
    window = create_window(argv, deferred=True)
    window.show()
    return app.exec()
