"""File ▸ Export ▸ Army as Text…: the text Copy Army as Text copies (``warbench text``, ending with the
army's code) saved to a file, in the format of the file type picked. A mixin of
:class:`gui.main_window.MainWindow`."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

from gui import settings
from gui.window_base import WindowBase

#: the save dialog's file types: (filter, text format, suffix added to a name without one)
TEXT_TYPES = (
    ("Plain text (*.txt)", "plain", ".txt"),
    ("Markdown: Discord, Reddit, GitHub (*.md)", "markdown", ".md"),
    ("BBCode for forums (*.txt)", "bbcode", ".txt"),
)


def ask_text_path(parent: QWidget, suggested: str) -> tuple[str, str]:
    """(file to write, text format) for Army as Text…; ("", "") when cancelled."""
    path, chosen = QFileDialog.getSaveFileName(
        parent, "Export army as text", suggested, ";;".join(f for f, _fmt, _suffix in TEXT_TYPES)
    )
    if not path:
        return "", ""
    _filter, fmt, suffix = next((t for t in TEXT_TYPES if t[0] == chosen), TEXT_TYPES[0])
    return (path if Path(path).suffix else path + suffix), fmt


class TextExportActions(WindowBase):
    """File ▸ Export ▸ Army as Text…."""

    def _make_text_export_actions(self) -> None:
        self.export_text_action = self._action("Army as &text…", self.export_text, None, "export_text")
        self.export_text_action.setToolTip("The army as text for a forum or chat, ending with its army code")
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
            dialogs.show_error(self, "Cannot export the army as text", "\n".join(exc.shown))
            return False
        except OSError as exc:
            dialogs.show_error(self, "Export failed", f"{path}\n\n{exc.strerror or exc}")
            return False
        settings.EXPORT_FOLDER.write(str(Path(path).resolve().parent))
        self.statusBar().showMessage(f"Exported {path}", 5000)
        return True
