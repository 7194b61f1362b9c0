"""Keyboard behaviour shared by the window's editors."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QLineEdit, QPlainTextEdit, QWidget

DOCUMENT_KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)
EDITORS = (QLineEdit, QAbstractSpinBox, QPlainTextEdit)


class DocumentUndoFilter(QObject):
    """Lets Ctrl+Z / Ctrl+Shift+Z reach the window's undo stack while a field has focus.

    Every keystroke in a field is already an edit of the document (merged per field), so a field's
    own undo would only fight the document's: the field lets the shortcut pass and the document undoes
    the field's edit as one step, as in any editor."""

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and any(event.matches(key) for key in DOCUMENT_KEYS)
        ):
            event.ignore()  # not the field's: the window's Undo/Redo action takes it
            return True
        return False


def is_editor(widget: QWidget | None) -> bool:
    return isinstance(widget, EDITORS) or isinstance(widget.parent() if widget else None, QAbstractSpinBox)
