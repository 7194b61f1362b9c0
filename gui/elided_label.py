"""A one-line label that shortens its text with "…" instead of widening its row."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QLabel, QSizePolicy

from gui import plain


class ElidedLabel(QLabel):
    """A one-line label that gives up width before anything else in its row, ending in "…" (the
    whole text in its tooltip)."""

    def __init__(self, text: str = "", parent=None, min_chars: int = 8):
        super().__init__(text, parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setToolTip(plain.tip(text))
        self.setMinimumWidth(
            self.fontMetrics().averageCharWidth() * min_chars + self.fontMetrics().horizontalAdvance("…")
        )

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setToolTip(plain.tip(text))
        self.updateGeometry()

    def sizeHint(self):
        hint = super().sizeHint()
        hint.setWidth(self.fontMetrics().horizontalAdvance(self.text()) + 8)
        return hint

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        shown = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, self.contentsRect().width())
        painter.setPen(self.palette().windowText().color())
        painter.drawText(self.contentsRect(), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, shown)
