"""A part of a panel that scrolls up and down when its room is short (the play view's attack and tools, the
Balance dock's bars), instead of being cut off or pushing the window past the screen."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


def scrolled(widget: QWidget, name: str, accessible: str) -> QScrollArea:
    """``widget`` in a frameless area that scrolls it up and down (never sideways), no Tab stop of its own:
    it scrolls to the focus."""
    area = QScrollArea()
    area.setObjectName(name)
    area.setAccessibleName(accessible)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(widget)
    return area
