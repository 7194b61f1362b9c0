"""Army codes in the window (model/army_code.py): File ▸ Import from Text… (a box to paste a forum post or
chat message into, or to read a text file into), and Ctrl+V of such a text on the start page or the army
tree. The army opens as a new, unsaved army: it never replaces a file. A part of
:class:`gui.main_window.MainWindow`; the dialog is built only when asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QLocale, QObject, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from warbench.gui import settings
from warbench.gui.parts import make_action
from warbench.model.fileio import ArmyFileError

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    from PySide6.QtGui import QAction

    from warbench.model.army import Army

TEXT_FILTER = str(QT_TRANSLATE_NOOP("ImportTextDialog", "Text files (*.txt *.md);;All files (*)"))


class ImportTextDialog(QDialog):
    """A box to paste a text holding an army code into (or to read a text file into), saying whether it
    holds one; Import is enabled once it does."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("importTextDialog")
        self.setWindowTitle(self.tr("Import from Text"))
        intro = QLabel(
            self.tr(
                "Paste a forum post or chat message that ends with an army code (it starts with WARBENCH), "
                "or read it from a text file. The army opens as a new, unsaved army."
            )
        )
        intro.setTextFormat(Qt.TextFormat.PlainText)
        intro.setWordWrap(True)
        self.text = QPlainTextEdit()
        self.text.setObjectName("codeText")
        self.text.setAccessibleName(self.tr("Text holding an army code"))
        self.text.setTabChangesFocus(True)
        self.status = QLabel()
        self.status.setObjectName("codeStatus")
        self.status.setTextFormat(Qt.TextFormat.PlainText)  # it quotes what was read: data, never markup
        self.status.setWordWrap(True)
        self.status.setAccessibleName(self.tr("Army code found"))
        self.read_button = QPushButton(self.tr("Read File…"))
        self.read_button.setObjectName("readTextFile")
        self.read_button.setAccessibleName(self.tr("Read a text file"))
        self.read_button.clicked.connect(self.read_file)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = self.buttons.addButton(self.tr("Import"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.import_button.setObjectName("importCode")
        self.import_button.setAccessibleName(self.tr("Import the army"))
        self.buttons.addButton(self.read_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        self.text.textChanged.connect(self._show_status)
        self._show_status()
        self.resize(self.fontMetrics().averageCharWidth() * 80, self.fontMetrics().height() * 20)

    def _show_status(self) -> None:
        from warbench.model.army_code import find_code  # lazy: not loaded at start (tests/gui/test_start_up.py)

        code = find_code(self.text.toPlainText())
        self.import_button.setEnabled(code is not None)
        self.status.setText(
            self.tr("An army code of {count} characters: Import opens its army.").format(
                count=QLocale().toString(len(code))
            )
            if code is not None
            else self.tr("No army code yet: paste the whole post, or at least the line that starts with WARBENCH.")
        )

    def read_file(self) -> bool:
        """Read a text file into the box (at most an army file's size; a folder or device is refused)."""
        from warbench.model.army_code import read_text  # lazy: not loaded at start (tests/gui/test_start_up.py)

        path = QFileDialog.getOpenFileName(
            self, self.tr("Read a text holding an army code"), settings.army_folder(), self.tr(TEXT_FILTER)
        )[0]
        if not path:
            return False
        try:
            self.text.setPlainText(read_text(path))
        except ArmyFileError as exc:
            self.status.setText("\n".join(exc.shown))
            return False
        return True


def ask_code_text(parent: QWidget) -> str | None:
    """File ▸ Import from Text…'s dialog: the text to import (None when cancelled)."""
    dialog = ImportTextDialog(parent)
    try:
        return dialog.text.toPlainText() if dialog.exec() == QDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()


class CodeImportActions(QObject):
    """File ▸ Import from Text…, and pasting a text with an army code: a part of the window, given the window
    (dialogs' parent, status bar), the menu it joins before which action, and how the window asks to keep
    unsaved work (``maybe_save``) and opens an army as a new unsaved one (``open_unsaved``). (The class keeps
    its name: it is the context of its translated strings.)"""

    def __init__(
        self,
        window: QMainWindow,
        menu: QMenu,
        before: QAction,
        maybe_save: Callable[[], bool],
        open_unsaved: Callable[[Army, str], None],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._maybe_save = maybe_save
        self._open_unsaved = open_unsaved
        self.action = make_action(window, self.tr("&Import from Text…"), self.import_from_text, None, "import_text")
        self.action.setToolTip(
            self.tr("Open the army of an army code: paste a forum post or chat message that ends with one")
        )
        menu.insertAction(before, self.action)

    def import_from_text(self) -> bool:
        """File ▸ Import from Text…: the army of the code in a pasted text, as a new unsaved army."""
        text = ask_code_text(self._window)
        return text is not None and self.open_code(text)

    def paste_army_code(self, text: str) -> bool:
        """Ctrl+V of a text: when it holds an army code, open its army (or say why not) and return True."""
        from warbench.model.army_code import find_code  # lazy: not loaded at start (tests/gui/test_start_up.py)

        if find_code(text) is None:
            return False
        self.open_code(text)
        return True

    def watch_paste(self, widget: QWidget) -> None:
        """Ctrl+V on ``widget`` (the start page) opens the army of a code on the clipboard."""
        shortcut = QShortcut(QKeySequence.StandardKey.Paste, widget)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self._paste_on_start_page)

    def _paste_on_start_page(self) -> None:
        if not self.paste_army_code(QApplication.clipboard().text()):
            self._window.statusBar().showMessage(
                self.tr(
                    "The clipboard holds no army code: copy a post that ends with one (a line starting with WARBENCH)"
                ),
                5000,
            )

    def open_code(self, text: str) -> bool:
        """The army of the first code in ``text`` as a new, unsaved army; a damaged code, a newer one or an
        army this Warbench cannot open is said so, and nothing changes."""
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)
        from warbench.model.army_code import army_from_code  # lazy: not loaded at start (tests/gui/test_start_up.py)

        try:
            army = army_from_code(text)
        except ArmyFileError as exc:
            dialogs.show_error(self._window, self.tr("Cannot import the army"), "\n".join(exc.shown))
            return False
        if not self._maybe_save():
            return False
        self._open_unsaved(
            army, self.tr("Imported {name} from its army code: save it where you like").format(name=army.name)
        )
        return True
