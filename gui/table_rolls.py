"""The rolls the rules call for at the table besides attacks (``model.table_rolls``): the rolls due now in
the whole game, and those the selected element's unit may make (activation, morale, rally) with their exact
odds and what each result does; Roll makes one, applied and logged (undoable like an attack)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from warbench.gui import i18n, plain, theme
from warbench.model.game_file import GameFileError
from warbench.model.table_roll import outcome_name, roll_name
from warbench.model.table_rolls import offered_rolls, unit_due
from warbench.model.usertext import one_line

if TYPE_CHECKING:
    from warbench.gui.game_document import GameChange, GameDocument
    from warbench.model.game import Ref


class TableRollsPanel(QWidget):
    """Due: the rolls the rules call for now; Roll: one of the selected unit's, with its odds."""

    def __init__(self, document: GameDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("tableRollsPanel")
        self.document = document
        self.ref: Ref | None = None
        self.due = plain.label("")
        self.due.setObjectName("tableRollsDue")
        self.due.setWordWrap(True)
        self.due.setAccessibleName(self.tr("Rolls due"))
        theme.tint(self.due, "error")
        self.rolls = QComboBox()
        self.rolls.setObjectName("tableRollsKind")
        self.rolls.setAccessibleName(self.tr("The selected unit's table roll"))
        self.rolls.setToolTip(self.tr("The rolls the rules offer the selected element's unit now"))
        self.roll_button = QPushButton(self.tr("R&oll"))
        self.roll_button.setObjectName("tableRollsRoll")
        self.roll_button.setAccessibleName(self.tr("Make the unit's roll (logged, undoable)"))
        self.odds = plain.label("")
        self.odds.setObjectName("tableRollsOdds")
        self.odds.setWordWrap(True)
        self.odds.setAccessibleName(self.tr("Odds of the roll"))
        self.result = plain.label("")
        self.result.setObjectName("tableRollsResult")
        self.result.setWordWrap(True)
        self.result.setAccessibleName(self.tr("Result of the roll"))
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(plain.label(self.tr("Unit roll:")))
        row.addWidget(self.rolls, 1)
        row.addWidget(self.roll_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.due)
        layout.addLayout(row)
        layout.addWidget(self.odds)
        layout.addWidget(self.result)
        self.rolls.currentIndexChanged.connect(self._show_odds)
        self.roll_button.clicked.connect(self.make_roll)
        document.changed.connect(self._changed)
        self._offered: list[dict[str, Any]] = []
        self._due: dict[tuple[int, int], list[dict[str, Any]]] = {}  # each unit's rolls due, by (side, unit)
        self.set_element(None)

    def set_element(self, ref: Ref | None) -> None:
        """Offer the rolls of ``ref``'s unit."""
        self.ref = ref
        self.result.clear()
        self.refresh()

    def refresh(self) -> None:
        game = self.document.game
        due = []
        for side, army in enumerate(game.armies):  # each unit read once, until its states or the round change
            for unit in range(len(army.units)):
                if (side, unit) not in self._due:
                    self._due[(side, unit)] = unit_due(game, side, unit)
                due += self._due[(side, unit)]
        self.due.setText(
            "\n".join(
                self.tr("Due: {unit} {name}: {roll} ({why})").format(
                    unit=r["unit"], name=one_line(r["unit_name"]), roll=roll_name(r["roll"]), why=r["due"]
                )
                for r in due
            )
        )
        self.due.setVisible(bool(due))
        self._offered = offered_rolls(self.document.game, self.ref.side, self.ref.unit) if self.ref else []
        current = self.rolls.currentText()
        self.rolls.blockSignals(True)
        self.rolls.clear()
        for roll in self._offered:
            self.rolls.addItem(roll_name(roll["roll"]) + (self.tr(" (due)") if roll.get("due") else ""))
        self.rolls.setCurrentIndex(max(0, self.rolls.findText(current)))
        self.rolls.blockSignals(False)
        for widget in (self.rolls, self.roll_button):
            widget.setEnabled(bool(self._offered))
        self._show_odds()

    def _show_odds(self, *_args: Any) -> None:
        roll = self.current()
        if roll is None:
            self.odds.setText(self.tr("No roll for this unit now") if self.ref is not None else "")
            return
        modifiers = ", ".join(f"{m['label']} {m['value']:+d}" for m in roll["modifiers"])
        odds = ", ".join(
            f"{outcome_name(name)} {p} ({i18n.chance(Fraction(p))})" for name, p in roll["odds"].items() if p != "0"
        )
        self.odds.setText(
            self.tr("{dice} needs {need}{modifiers}: {odds}").format(
                dice=roll["dice"], need=roll["need"], modifiers=f" ({modifiers})" if modifiers else "", odds=odds
            )
        )
        self.odds.setToolTip(plain.tip(roll["rule"]))

    def current(self) -> dict[str, Any] | None:
        index = self.rolls.currentIndex()
        return self._offered[index] if 0 <= index < len(self._offered) else None

    def make_roll(self, seed: int | None = None) -> dict[str, Any] | None:
        """Make the chosen roll (logged, undoable) and show its dice, outcome and effect."""
        roll = self.current()
        if roll is None:
            return None
        try:
            out = self.document.table_roll(roll["unit"], roll["roll"], seed if type(seed) is int else None)
        except GameFileError as exc:
            self.result.setText(str(exc))
            return None
        die = out["rolls"][0]
        faces = " + ".join(str(f) for f in die["rolled"])
        modifier = die.get("modifier") or 0
        if isinstance(modifier, int) and modifier:  # the total said with what changed it (1 + 5 -1 = 5)
            faces = self.tr("{faces}, modified {modifier}").format(faces=faces, modifier=f"{modifier:+d}")
        self.result.setText(
            self.tr("{roll}: rolled {faces}, total {total}: {outcome}. {effect}").format(
                roll=roll_name(out["roll"]),
                faces=faces,
                total=die["total"],
                outcome=outcome_name(out["outcome"]),
                effect=out["effect"][:1].upper() + out["effect"][1:],  # a sentence of its own
            )
        )
        return out

    def _changed(self, change: GameChange) -> None:
        if change.reset:
            self.ref = None
        if change.reset or change.round:
            self._due.clear()  # every unit read again
        for ref in change.elements:
            self._due.pop((ref.side, ref.unit), None)
        if change.reset or change.elements or change.log:
            self.refresh()
