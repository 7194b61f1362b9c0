"""Keyboard behaviour shared by the window's editors."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QLineEdit, QPlainTextEdit, QWidget

UNDO_KEYS = (QKeySequence.StandardKey.Undo,)
REDO_KEYS = (QKeySequence.StandardKey.Redo, QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y"))
EDITORS = (QLineEdit, QAbstractSpinBox, QPlainTextEdit, QComboBox)  # a combo box: when editable


class DocumentUndoFilter(QObject):
    """Lets Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y) reach the window's undo stack while a field has focus.

    ``always``: the field's keystrokes are already edits of the document (merged per field: the form,
    the header), so its own undo would only fight the document's; the field lets the keys pass and the
    document undoes the field's edit as one step, as in any editor. Otherwise (a search field, say) the
    field keeps the keys while it has typing of its own to undo or redo, and passes them on when it is
    empty or has none: an empty field once swallowed Ctrl+Z."""

    def __init__(self, parent: QObject | None = None, always: bool = True):
        super().__init__(parent)
        self.always = always

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
            return False
        undo = _matches(event, UNDO_KEYS)
        if not undo and not _matches(event, REDO_KEYS):
            return False
        if self.always or not _has_own(obj, undo):
            event.ignore()  # not the field's: the window's Undo/Redo action takes it
            return True
        return False


def _matches(event: QKeyEvent, keys) -> bool:
    return any(
        event.matches(key)
        if isinstance(key, QKeySequence.StandardKey)
        else key.matches(QKeySequence(event.keyCombination())) == QKeySequence.SequenceMatch.ExactMatch
        for key in keys
    )


def _has_own(field: QObject, undo: bool) -> bool:
    """Whether ``field`` has typing of its own to undo (``undo``: an empty field has none) or redo."""
    if isinstance(field, QComboBox):
        field = field.lineEdit() or field
    elif isinstance(field, QAbstractSpinBox):
        field = field.findChild(QLineEdit) or field
    if isinstance(field, QLineEdit):
        return bool(field.text()) and field.isUndoAvailable() if undo else field.isRedoAvailable()
    if isinstance(field, QPlainTextEdit):
        document = field.document()
        return bool(field.toPlainText()) and document.isUndoAvailable() if undo else document.isRedoAvailable()
    return True


def is_editor(widget: QWidget | None) -> bool:
    if isinstance(widget, QComboBox):
        return widget.isEditable()
    return isinstance(widget, EDITORS) or isinstance(widget.parent() if widget else None, QAbstractSpinBox)


def edits_the_document(widget: QWidget) -> bool:
    """Whether a keystroke in the field is an edit of the army (a form field), not a search of its own (the
    attribute search, an editable combo box)."""
    return not isinstance(widget, QComboBox) and not isinstance(widget.parent(), QComboBox)
