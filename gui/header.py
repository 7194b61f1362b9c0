"""The strip above the builder: army name, system, points limit and the total against it."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QProgressBar, QSpinBox, QWidget

from gui.document import ArmyDocument, DocumentView
from model.report import force_summary, points_against_limit

OVER = "QProgressBar { text-align: center; } QProgressBar::chunk { background: #ef9a9a; }"
UNDER = "QProgressBar { text-align: center; } QProgressBar::chunk { background: #a5d6a7; }"


class ArmyHeader(QWidget, DocumentView):
    """Army name, system, points limit, and the total against the limit."""

    def __init__(self, document: ArmyDocument, parent=None):
        super().__init__(parent)
        self.document = document
        self.name = QLineEdit()
        self.name.setObjectName("armyName")
        self.name.textEdited.connect(self._rename)
        self.name.editingFinished.connect(self._commit_name)
        self.system = QLabel()
        self.system.setObjectName("systemName")
        self.limit = QSpinBox()
        self.limit.setObjectName("pointsLimit")
        self.limit.setRange(0, 1_000_000)
        self.limit.setSingleStep(50)
        self.limit.setSpecialValueText("no limit")
        self.limit.valueChanged.connect(self._set_limit)
        self.bar = QProgressBar()
        self.bar.setObjectName("pointsBar")
        self.bar.setMinimumWidth(300)
        self.bar.setTextVisible(True)
        layout = QHBoxLayout(self)
        layout.addWidget(QLabel("Army"))
        layout.addWidget(self.name, 2)
        layout.addWidget(self.system, 2)
        layout.addWidget(QLabel("Limit"))
        layout.addWidget(self.limit)
        layout.addWidget(self.bar, 2)

    def set_document(self, document: ArmyDocument) -> None:
        self.follow(document)
        self.refresh()

    def _rename(self, text: str) -> None:
        if text.strip():
            self.document.edit_army("Rename army", merge_key=("army-name",), name=text.strip())

    def _commit_name(self) -> None:
        """Normalise on commit (never under the cursor): the field shows the stored, trimmed name."""
        if self.name.text() != self.document.army.name:
            self.name.setText(self.document.army.name)

    def _set_limit(self, value: int) -> None:
        if (value or None) != self.document.army.points_limit:
            self.document.edit_army("Change points limit", merge_key=("points-limit",), points_limit=value or None)

    def refresh(self) -> None:
        army, cost, system = self.document.army, self.document.cost, self.document.system
        if self.name.text().strip() != army.name:  # spaces being typed stay where they are
            self.name.setText(army.name)
        self.system.setText(system.name)
        self.limit.blockSignals(True)
        self.limit.setValue(army.points_limit or 0)
        self.limit.blockSignals(False)
        self.limit.setEnabled(system.has_points)
        total, limit, cur = cost.total, army.points_limit, system.currency
        if total is None:
            self.bar.setRange(0, 1)
            self.bar.setValue(0)
            self.bar.setFormat(force_summary(army, cost, system))
            self.bar.setStyleSheet("")
            return
        if limit:
            self.bar.setRange(0, limit)
            self.bar.setValue(min(int(total), limit))
            over = total - limit
            self.bar.setFormat(points_against_limit(total, limit, cur) + (f" — over by {over}" if over > 0 else ""))
            self.bar.setStyleSheet(OVER if over > 0 else UNDER)
            self.bar.setProperty("over", over > 0)
        else:
            self.bar.setRange(0, max(1, int(total)))
            self.bar.setValue(int(total))
            self.bar.setFormat(points_against_limit(total, None, cur))
            self.bar.setStyleSheet(UNDER)
            self.bar.setProperty("over", False)
