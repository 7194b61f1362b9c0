"""What the main window's parts (:mod:`gui.library`, :mod:`gui.start_page`, :mod:`gui.code_import`,
:mod:`gui.text_export`) share: making an action of the window."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence


def make_action(parent: QObject, text: str, slot, shortcut=None, name: str = "") -> QAction:
    """An action of ``parent`` (the window: its shortcut works anywhere in it) that calls ``slot``; ``name``
    is its object name (from ``text`` when not given), which the shortcut settings key on."""
    action = QAction(text, parent)
    if shortcut:
        action.setShortcut(QKeySequence(shortcut))
    action.triggered.connect(slot)
    action.setObjectName(name or text.lower().replace(" ", "_").replace("…", "").replace("&", ""))
    return action
