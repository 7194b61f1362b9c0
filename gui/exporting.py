"""What every export the player asks for does once its file is chosen (army as text, table pack, PDFs): the
file replaced atomically (an old one stays whole when writing fails), a failure said in a dialog, the folder
remembered for the next export and the file named in the status bar."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from warbench.gui import settings
from warbench.model.fileio import ArmyFileError, atomic_write

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    from PySide6.QtWidgets import QMainWindow


def write_export(window: QMainWindow, path: str, make: Callable[[], bytes], cannot: str) -> bool:
    """Write what ``make`` gives to ``path``; the model's refusal said under the title ``cannot``."""
    from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

    try:
        atomic_write(path, make())
    except ArmyFileError as exc:
        dialogs.show_error(window, cannot, "\n".join(exc.shown))
        return False
    except OSError as exc:
        say_failed(window, path, exc)
        return False
    exported(window, path)
    return True


def say_failed(window: QMainWindow, path: str, exc: OSError) -> None:
    """The file and why it could not be written, in a dialog."""
    from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

    title = QCoreApplication.translate("exporting", "Export failed")
    dialogs.show_error(window, title, f"{path}\n\n{exc.strerror or exc}")


def exported(window: QMainWindow, path: str) -> None:
    """The folder kept for the next export; the file named in the status bar for a while."""
    settings.EXPORT_FOLDER.write(str(Path(path).resolve().parent))
    message = QCoreApplication.translate("exporting", "Exported {path}").format(path=path)
    window.statusBar().showMessage(message, 5000)
