"""The strip above the builder: army name, system, points limit and the total against it."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QProgressBar, QSpinBox, QWidget

from warbench.gui import theme
from warbench.gui.document import ArmyDocument, DocumentView
from warbench.gui.elided_label import ElidedLabel
from warbench.model.cost_lines import points_text
from warbench.model.limits import MAX_WHOLE
from warbench.model.report import force_summary, points_against_limit

NAME_CHARS = 22  # the army name field shows this many characters before it scrolls


class ArmyHeader(QWidget, DocumentView):
    """Army name, system, points limit, and the total against the limit."""

    def __init__(self, document: ArmyDocument, parent=None):
        super().__init__(parent)
        self.document = document
        self.name = QLineEdit()
        self.name.setObjectName("armyName")
        self.name.setAccessibleName(self.tr("Army name"))
        self.name.textEdited.connect(self._rename)
        self.name.editingFinished.connect(self._commit_name)
        self.name.setMinimumWidth(self.name.fontMetrics().averageCharWidth() * 12)
        self.system = ElidedLabel()
        self.system.setObjectName("systemName")
        self.limit = QSpinBox()
        self.limit.setObjectName("pointsLimit")
        self.limit.setAccessibleName(self.tr("Points limit"))
        self.limit.setRange(0, MAX_WHOLE)  # every limit a file may hold (a QSpinBox holds up to 2**31 - 1)
        self.limit.setSingleStep(50)
        self.limit.setSpecialValueText(self.tr("no limit"))
        self.limit.valueChanged.connect(self._set_limit)
        self.bar = QProgressBar()
        self.bar.setObjectName("pointsBar")
        sample = "9999 / 9999 pts" + self.tr(" — over by {points}").format(points="999")  # in the window's words
        self._bar_width = self.bar.fontMetrics().horizontalAdvance(sample) + 16
        self.bar.setMinimumWidth(self._bar_width)
        self.bar.setTextVisible(True)
        self._bar_over: bool | None = None
        self.bar_colours = theme.points_bar_colours(self.palette(), False)  # (text, chunk, groove) in use
        layout = QHBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Army")))
        layout.addWidget(self.name, 3)
        layout.addWidget(self.system, 2)
        layout.addWidget(QLabel(self.tr("Limit")))
        layout.addWidget(self.limit)
        layout.addWidget(self.bar, 3)

    def set_document(self, document: ArmyDocument) -> None:
        self.follow(document)
        self.refresh()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if (
            event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange)
            and self._bar_over is not None
        ):
            over, self._bar_over = self._bar_over, None
            self._colour_bar(over)

    def _colour_bar(self, over: bool | None) -> None:
        """The bar's colours from the palette (green, red when over), only when they change."""
        if over == self._bar_over:
            return
        self._bar_over = over
        self.bar.setProperty("over", bool(over))
        if over is None:
            self.bar.setStyleSheet("")
            return
        self.bar_colours = theme.points_bar_colours(self.palette(), over)
        self.bar.setStyleSheet(theme.points_bar_style(self.palette(), over))

    def _show_name(self, name: str) -> None:
        """The name, from its start, in a field wide enough to read it (up to NAME_CHARS)."""
        self.name.setText(name)
        self.name.setCursorPosition(0)
        metrics = self.name.fontMetrics()
        wanted = min(metrics.horizontalAdvance(name), metrics.averageCharWidth() * NAME_CHARS) + 16
        self.name.setMinimumWidth(max(metrics.averageCharWidth() * 12, wanted))

    def _rename(self, text: str) -> None:
        if text.strip():
            self.document.edit_army(self.tr("Rename army"), merge_key=("army-name",), name=text.strip())

    def _commit_name(self) -> None:
        """Normalise on commit (never under the cursor): the field shows the stored, trimmed name."""
        if self.name.text() != self.document.army.name:
            self._show_name(self.document.army.name)
        if not self.name.hasFocus():
            self.name.setCursorPosition(0)  # left the field: show the name from its start

    def _set_limit(self, value: int) -> None:
        if (value or None) != self.document.army.points_limit:
            self.document.edit_army(
                self.tr("Change points limit"), merge_key=("points-limit",), points_limit=value or None
            )

    def refresh(self) -> None:
        """Each part set only when what it shows changed (an edit's repaint is the bar, if anything)."""
        army, cost, system = self.document.army, self.document.cost, self.document.system
        if self.name.text().strip() != army.name:  # spaces being typed stay where they are
            self._show_name(army.name)
        if self.system.text() != system.name:
            self.system.setText(system.name)
        if self.limit.value() != (army.points_limit or 0):
            self.limit.blockSignals(True)
            self.limit.setValue(army.points_limit or 0)
            self.limit.blockSignals(False)
        if self.limit.isEnabled() != system.pricing.has_points:
            self.limit.setEnabled(system.pricing.has_points)
        total, limit, cur = cost.total, army.points_limit, system.presentation.currency
        if total is None:
            self._show_bar(0, 1, 0, force_summary(army, cost, system))
            self._colour_bar(None)
            return
        # the bar's range and value are Qt ints (at most 2**31 - 1): the limit is (model/limits.py), a total
        # worked out of a file's numbers need not be (count 999,999,999 × its price), so it is clamped first
        if limit:
            over = total - limit
            shown_over = self.tr(" — over by {points}").format(points=points_text(over)) if over > 0 else ""
            self._show_bar(
                0, limit, max(0, min(int(total), limit)), points_against_limit(total, limit, cur) + shown_over
            )
            self._colour_bar(over > 0)
        else:  # no limit: full for any points, empty for none
            self._show_bar(0, 1, 1 if total > 0 else 0, points_against_limit(total, None, cur))
            self._colour_bar(False)

    def _show_bar(self, low: int, high: int, value: int, text: str) -> None:
        if (self.bar.minimum(), self.bar.maximum()) != (low, high):
            self.bar.setRange(low, high)
        if self.bar.value() != value:
            self.bar.setValue(value)
        if self.bar.format() != text:
            self.bar.setFormat(text)
            # as wide as its text, never cut ("… — um 37 überschritten" was, with a dock open)
            self.bar.setMinimumWidth(max(self._bar_width, self.bar.fontMetrics().horizontalAdvance(text) + 16))
