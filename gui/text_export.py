"""File ▸ Export ▸ Army as Text…: the text Copy Army as Text copies (``warbench text``, ending with the
army's code) saved to a file, in the format of the file type picked. A part of
:class:`gui.main_window.MainWindow`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from warbench.gui import settings
from warbench.gui.exporting import write_export
from warbench.gui.parts import make_action

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    from PySide6.QtGui import QAction

    from warbench.gui.document import ArmyDocument

#: the save dialog's file types: (filter, text format, suffix added to a name without one)
TEXT_TYPES = (
    (str(QT_TRANSLATE_NOOP("text_export", "Plain text (*.txt)")), "plain", ".txt"),
    (str(QT_TRANSLATE_NOOP("text_export", "Markdown: Discord, Reddit, GitHub (*.md)")), "markdown", ".md"),
    (str(QT_TRANSLATE_NOOP("text_export", "BBCode for forums (*.txt)")), "bbcode", ".txt"),
)


def ask_text_path(parent: QWidget, suggested: str) -> tuple[str, str]:
    """(file to write, text format) for Army as Text…; ("", "") when cancelled."""
    from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

    return dialogs.typed_save_path(
        parent,
        QCoreApplication.translate("text_export", "Export army as text"),
        suggested,
        tuple((QCoreApplication.translate("text_export", name), fmt, suffix) for name, fmt, suffix in TEXT_TYPES),
    )


class TextExportActions(QObject):
    """File ▸ Export ▸ Army as Text…: a part of the window, given the window (the dialogs' parent and its
    status bar), the army it exports (read when asked: File ▸ Open replaces it) and the menu it joins,
    after which action. (The class keeps its name: it is the context of its translated strings.)"""

    def __init__(self, window: QMainWindow, document: Callable[[], ArmyDocument], menu: QMenu, after: QAction) -> None:
        super().__init__(window)
        self._window = window
        self._document = document
        self.action = make_action(window, self.tr("Army as &text…"), self.export_text, None, "export_text")
        self.action.setToolTip(self.tr("The army as text for a forum or chat, ending with its army code"))
        actions = menu.actions()  # after the PDFs, before their paper and layout options
        menu.insertAction(actions[actions.index(after) + 1], self.action)

    def export_text(self) -> bool:
        """Write the army's text (merged as the sheet is) to a file the player picks; replaced atomically."""
        from warbench.model.textexport import army_text  # lazy: not loaded at start (tests/gui/test_start_up.py)

        doc = self._document()
        stem = settings.file_stem(doc.path, doc.army.name)
        path, fmt = ask_text_path(self._window, settings.suggested_path(settings.export_folder(), stem, ".txt"))
        if not path:
            return False
        merge = settings.MERGE_IDENTICAL.read()
        cannot = self.tr("Cannot export the army as text")
        return write_export(
            self._window, path, lambda: army_text(doc.army, doc.system, fmt, merge=merge).encode("utf-8"), cannot
        )
