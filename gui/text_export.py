"""File ▸ Export ▸ Army as Text…: the text Copy Army as Text copies (``warbench text``, ending with the
army's code) saved to a file, in the format of the file type picked. A mixin of
:class:`gui.main_window.MainWindow`."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import QWidget

from gui import settings
from gui.window_base import WindowBase

#: the save dialog's file types: (filter, text format, suffix added to a name without one)
TEXT_TYPES = (
    (str(QT_TRANSLATE_NOOP("text_export", "Plain text (*.txt)")), "plain", ".txt"),
    (str(QT_TRANSLATE_NOOP("text_export", "Markdown: Discord, Reddit, GitHub (*.md)")), "markdown", ".md"),
    (str(QT_TRANSLATE_NOOP("text_export", "BBCode for forums (*.txt)")), "bbcode", ".txt"),
)


def ask_text_path(parent: QWidget, suggested: str) -> tuple[str, str]:
    """(file to write, text format) for Army as Text…; ("", "") when cancelled."""
    from gui import dialogs

    return dialogs.typed_save_path(
        parent,
        QCoreApplication.translate("text_export", "Export army as text"),
        suggested,
        tuple((QCoreApplication.translate("text_export", name), fmt, suffix) for name, fmt, suffix in TEXT_TYPES),
    )


class TextExportActions(WindowBase):
    """File ▸ Export ▸ Army as Text…."""

    def _make_text_export_actions(self) -> None:
        self.export_text_action = self._action(self.tr("Army as &text…"), self.export_text, None, "export_text")
        self.export_text_action.setToolTip(self.tr("The army as text for a forum or chat, ending with its army code"))
        actions = self.export_menu.actions()  # after the PDFs, before their paper and layout options
        self.export_menu.insertAction(actions[actions.index(self.export_cards_action) + 1], self.export_text_action)

    def export_text(self) -> bool:
        """Write the army's text (merged as the sheet is) to a file the player picks; replaced atomically."""
        from gui import dialogs
        from model.fileio import ArmyFileError, atomic_write
        from model.textexport import army_text

        doc = self.document
        stem = doc.path.name.removesuffix(".army.json").removesuffix(".json") if doc.path else doc.army.name
        path, fmt = ask_text_path(self, str(Path(settings.export_folder()) / f"{stem}.txt"))
        if not path:
            return False
        try:
            text = army_text(doc.army, doc.system, fmt, merge=settings.MERGE_IDENTICAL.read())
            atomic_write(path, text.encode("utf-8"))
        except ArmyFileError as exc:
            dialogs.show_error(self, self.tr("Cannot export the army as text"), "\n".join(exc.shown))
            return False
        except OSError as exc:
            dialogs.show_error(self, self.tr("Export failed"), f"{path}\n\n{exc.strerror or exc}")
            return False
        settings.EXPORT_FOLDER.write(str(Path(path).resolve().parent))
        self.statusBar().showMessage(self.tr("Exported {path}").format(path=path), 5000)
        return True
