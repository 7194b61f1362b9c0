"""A ruling the dice do not make: one field of the current element's state set by hand (``Game.set_state``,
as ``warbench game set``), logged and undoable — a figure lying down, a spell cast, the owner's choice
between casualties and suppressed figures. The value is JSON, as the command line takes it."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLineEdit, QPushButton, QVBoxLayout, QWidget

from warbench.gui import plain, theme
from warbench.model.game_file import GameFileError
from warbench.model.i18n import label as data_label
from warbench.model.i18n_data import state_name
from warbench.model.limits import excerpt

if TYPE_CHECKING:
    from warbench.gui.game_document import GameChange, GameDocument
    from warbench.model.game import Ref


class RulingPanel(QWidget):
    """Field, value, Set: for the element the attack panel's attacker is."""

    def __init__(self, document: GameDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("rulingPanel")
        self.document = document
        self.ref: Ref | None = None
        self.field = QComboBox()
        self.field.setObjectName("rulingField")
        self.field.setAccessibleName(self.tr("State field to set by hand"))
        self.field.setToolTip(self.tr("A field of the selected element's state, set by hand (logged, undoable)"))
        self.value = QLineEdit()
        self.value.setObjectName("rulingValue")
        self.value.setAccessibleName(self.tr("New value"))
        self.value.setPlaceholderText(self.tr("JSON: true, 3, [ ]"))
        self.set_button = QPushButton(self.tr("&Set"))
        self.set_button.setObjectName("rulingSet")
        self.set_button.setAccessibleName(self.tr("Set the field by hand"))
        self.set_button.setAutoDefault(True)
        self.problem = plain.label("")
        self.problem.setObjectName("rulingProblem")
        self.problem.setWordWrap(True)
        theme.tint(self.problem, "error")
        self.problem.hide()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(plain.label(self.tr("By hand:")))
        row.addWidget(self.field)
        row.addWidget(self.value, 1)
        row.addWidget(self.set_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.problem)
        self.field.currentIndexChanged.connect(self._show_value)
        self.set_button.clicked.connect(self.apply)
        self.value.returnPressed.connect(self.apply)
        document.changed.connect(self._changed)
        self.set_element(None)

    def set_element(self, ref: Ref | None) -> None:
        self.ref = ref
        current = self.field.currentData()
        self.field.blockSignals(True)
        self.field.clear()
        if ref is not None:
            for key in self.document.state(ref):  # the field's name in the window's language, its key as data
                self.field.addItem(data_label(state_name(key)), key)
            self.field.setCurrentIndex(max(0, self.field.findData(current)))
        self.field.blockSignals(False)
        for widget in (self.field, self.value, self.set_button):
            widget.setEnabled(ref is not None)
        self._show_value()

    def _show_value(self, *_args: Any) -> None:
        self.problem.hide()
        key = self.field.currentData()
        state = self.document.state(self.ref) if self.ref is not None else {}
        self.value.setText(json.dumps(state[key], ensure_ascii=False) if key in state else "")

    def _changed(self, change: GameChange) -> None:
        if change.reset:
            self.set_element(None)
        elif self.ref in change.elements:
            self._show_value()

    def apply(self) -> bool:
        """Set the field to the value (a problem is shown under it, the state unchanged)."""
        if self.ref is None or not self.field.currentData():
            return False
        try:
            value = json.loads(self.value.text())
        except (ValueError, RecursionError):  # JSONDecodeError, or more digits than int() reads
            return self._say(
                self.tr('{value} is not a JSON value (true, 3, "text", [ ] ...)').format(
                    value=excerpt(self.value.text())
                )
            )
        field = self.field.currentData()
        current = self.document.state(self.ref).get(field, object())
        if current == value and type(current) is type(value):  # (False == 0: a number for a flag is refused)
            return self._say(
                self.tr("{field} is already {value}: nothing to set").format(
                    field=self.field.currentText(), value=self.value.text()
                )
            )
        try:
            self.document.set_state(self.ref, field, value)
        except GameFileError as exc:
            return self._say(str(exc))
        return True

    def _say(self, problem: str) -> bool:
        self.problem.setText(problem)
        self.problem.show()
        return False
