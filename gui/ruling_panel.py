"""A ruling the dice do not make: one field of the current element's state set by hand (``Game.set_state``,
as ``warbench game set``), logged and undoable — a figure lying down, a spell cast, the owner's choice
between casualties and suppressed figures. Each field is edited with a control of its kind: a number in a
spin box within its bounds (none below 0, a count the army gives never above it), a yes/no in a check box,
a choice the rules give in a drop-down (a Resilient die), a text in a line; only a list (spells, weapons
lost) is written as JSON, as the command line takes it."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from warbench.gui import plain, theme
from warbench.model.game_file import GameFileError
from warbench.model.i18n import label as data_label
from warbench.model.i18n_data import state_name
from warbench.model.limits import MAX_WHOLE, excerpt

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
        self.number = QSpinBox()
        self.number.setObjectName("rulingNumber")
        self.number.setAccessibleName(self.tr("New number"))
        self.flag = QCheckBox(self.tr("Yes"))
        self.flag.setObjectName("rulingFlag")
        self.flag.setAccessibleName(self.tr("New yes or no"))
        self.text = QLineEdit()
        self.text.setObjectName("rulingText")
        self.text.setAccessibleName(self.tr("New text"))
        self.choice = QComboBox()
        self.choice.setObjectName("rulingChoice")
        self.choice.setAccessibleName(self.tr("New value, one of the rules' choices"))
        self.editors = QStackedWidget()  # the value's control, of the field's kind
        for editor in (self.value, self.number, self.flag, self.text, self.choice):
            self.editors.addWidget(editor)
        # one line high whatever room the panel is given (a message shown and hidden left the spin box tall)
        self.editors.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
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
        row.addWidget(self.editors, 1)
        row.addWidget(self.set_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.problem)
        self.field.currentIndexChanged.connect(self._show_value)
        self.set_button.clicked.connect(self.apply)
        self.value.returnPressed.connect(self.apply)
        self.text.returnPressed.connect(self.apply)
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
        for widget in (self.field, self.editors, self.set_button):
            widget.setEnabled(ref is not None)
        self._show_value()

    def _show_value(self, *_args: Any) -> None:
        """The field's value in the control of its kind."""
        self.problem.hide()
        key = self.field.currentData()
        state = self.document.state(self.ref) if self.ref is not None else {}
        value = state.get(key)
        self.value.setText(json.dumps(value, ensure_ascii=False) if key in state else "")
        if isinstance(value, bool):
            self.flag.setChecked(value)
            self.editors.setCurrentWidget(self.flag)
        elif isinstance(value, int):
            self.number.setRange(0, self._most(key, value))
            self.number.setValue(value)
            self.editors.setCurrentWidget(self.number)
        elif isinstance(value, str) and (choices := self._choices(key)):
            self.choice.clear()
            for choice in choices:  # (a spell's name in the window's language, its key as data)
                self.choice.addItem(data_label(choice), choice)
            self.choice.setCurrentIndex(max(0, self.choice.findData(value)))
            self.editors.setCurrentWidget(self.choice)
        elif isinstance(value, str):
            self.text.setText(value)
            self.editors.setCurrentWidget(self.text)
        else:
            self.editors.setCurrentWidget(self.value)

    def _choices(self, key: str) -> tuple[str, ...]:
        assert self.ref is not None
        game = self.document.game
        return game.systems[self.ref.side].play.play_choices(game.element(self.ref), key)

    def _most(self, key: str, value: int) -> int:
        """The highest a number field may be set to: what the army gives the element for a count it starts
        with (figures, hit points), else the figures it started with (suppressed, weapons destroyed), else the
        file's bound."""
        assert self.ref is not None
        game = self.document.game
        fresh = game.systems[self.ref.side].play.play_state(game.element(self.ref))
        start = fresh.get(key)
        if isinstance(start, int) and not isinstance(start, bool) and start > 0:
            return max(start, value)
        figures = fresh.get("figures")
        if isinstance(figures, int) and not isinstance(figures, bool) and figures > 0:
            return max(figures, value)
        return MAX_WHOLE

    def _typed_value(self) -> tuple[bool, Any]:
        """(True, the value the control holds) or (False, None) for JSON text that is no value."""
        editor = self.editors.currentWidget()
        if editor is self.flag:
            return True, self.flag.isChecked()
        if editor is self.number:
            return True, self.number.value()
        if editor is self.text:
            return True, self.text.text()
        if editor is self.choice:
            return True, self.choice.currentData()
        try:
            return True, json.loads(self.value.text())
        except (ValueError, RecursionError):  # JSONDecodeError, or more digits than int() reads
            return False, None

    def _changed(self, change: GameChange) -> None:
        if change.reset:
            self.set_element(None)
        elif self.ref in change.elements:
            self._show_value()
        else:  # another step taken (a new round...): a message about the last attempt is stale
            self.problem.hide()

    def apply(self) -> bool:
        """Set the field to the value (a problem is shown under it, the state unchanged)."""
        if self.ref is None or not self.field.currentData():
            return False
        ok, value = self._typed_value()
        if not ok:
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
                    field=self.field.currentText(), value=json.dumps(value, ensure_ascii=False)
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
