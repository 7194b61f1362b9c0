"""Small helpers shared by the GUI tests."""

from __future__ import annotations

from PySide6.QtCore import Qt


def choose(qtbot, combo, value) -> None:
    """Pick the item whose data is ``value`` in ``combo`` with the arrow keys, as a user would."""
    target = combo.findData(value)
    assert target >= 0, value
    key = Qt.Key_Down if target > combo.currentIndex() else Qt.Key_Up
    while combo.currentIndex() != target:
        qtbot.keyClick(combo, key)
