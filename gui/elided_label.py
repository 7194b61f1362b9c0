"""A one-line label that shortens its text with "…" instead of widening its row."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QLabel, QSizePolicy, QStyledItemDelegate, QToolTip

from warbench.gui import plain


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


class ElidedTips(QStyledItemDelegate):
    """An item view's cells as usual; a cell whose text is cut ("Long name Lon…") shows the whole text
    as its tool tip (with the cell's own tip, if any, after it)."""

    def indent(self, index) -> int:
        """Pixels before the cell's text (none here; a view drawing depth says how many)."""
        return 0

    def helpEvent(self, event, view, option, index) -> bool:
        text = index.data(Qt.ItemDataRole.DisplayRole)
        if event is None or view is None or not isinstance(text, str):
            return super().helpEvent(event, view, option, index)
        self.initStyleOption(option, index)
        room = view.visualRect(index).width() - self.indent(index) - 2 * (option.fontMetrics.averageCharWidth() + 4)
        if option.fontMetrics.horizontalAdvance(text) <= room:
            return super().helpEvent(event, view, option, index)
        own = index.data(Qt.ItemDataRole.ToolTipRole)
        QToolTip.showText(event.globalPos(), plain.tip(text) + (own or ""), view)
        return True
