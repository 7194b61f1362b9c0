"""The unit panel: shown in place of the element form when a unit is selected.

Its name and notes are edited here (each typing run is one undo step; the name is trimmed when the field is
left, never under the cursor), and it lists the unit's elements with their cost lines; activating one
selects it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from warbench.gui import plain
from warbench.gui.document import ArmyDocument, DocumentView, EditRefused
from warbench.gui.elided_label import ElidedTips
from warbench.gui.i18n import COUNTED
from warbench.gui.selection import Selection
from warbench.model.cost_lines import points_text
from warbench.model.systems.base import plural

if TYPE_CHECKING:
    from warbench.model.costing import UnitCost
    from warbench.model.systems.base import RuleSystem


class UnitPanel(QWidget, DocumentView):
    """Name, notes, elements and cost lines of the selected unit."""

    def __init__(self, document: ArmyDocument, selection: Selection, parent=None):
        super().__init__(parent)
        self.setObjectName("unitPanel")
        self.document = document
        self.selection = selection
        selection.changed.connect(self.refresh)
        self.name = QLineEdit()
        self.name.setObjectName("unitName")
        self.name.setAccessibleName(self.tr("Unit name"))
        self.name.textEdited.connect(self._rename)
        self.name.editingFinished.connect(self._commit_name)
        self.notes = QPlainTextEdit()
        self.notes.setObjectName("unitNotes")
        self.notes.setTabChangesFocus(True)  # Tab leaves the notes as it leaves every field
        self.notes.setAccessibleName(self.tr("Unit notes"))
        self.notes.setPlaceholderText(
            self.tr("Notes for this unit: its role, deployment, reminders… (printed nowhere else)")
        )
        self.notes.setFixedHeight(90)
        self.notes.textChanged.connect(self._set_notes)
        self.message = plain.label()
        self.message.setObjectName("unitMessage")
        self.message.setWordWrap(True)
        self.elements = QTableWidget(0, 4)
        self.elements.setObjectName("unitElements")
        self.elements.setAccessibleName(self.tr("The unit's elements"))
        self.elements.setHorizontalHeaderLabels(
            [self.tr("Element"), self.tr("Count"), self.tr("Each"), self.tr("Total")]
        )
        header = self.elements.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.elements.verticalHeader().hide()
        self.elements.verticalHeader().setDefaultSectionSize(22)
        self.elements.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.elements.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.elements.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.elements.setTabKeyNavigation(False)
        self.elements.setItemDelegate(ElidedTips(self.elements))  # a cut name's whole text in its tool tip
        self.elements.setToolTip(self.tr("Double-click or press Enter to edit the element"))
        self.elements.itemActivated.connect(lambda item: self.selection.set(self.unit_index, item.row()))
        self.total = QLabel()
        self.total.setObjectName("unitTotal")
        self.total.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Unit name"), self.name)
        form.addRow(self.tr("Notes"), self.notes)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(QLabel(self.tr("<b>Elements</b>")))
        layout.addWidget(self.elements, 1)
        layout.addWidget(self.total)

    def set_document(self, document: ArmyDocument) -> None:
        self.follow(document)
        self.refresh()

    @property
    def unit_index(self) -> int | None:
        position = self.selection.position
        if position is None or position[1] is not None or position[0] >= len(self.document.army.units):
            return None
        return position[0]

    # --- editing -----------------------------------------------------------------
    def _apply(self, edit) -> None:
        try:
            edit()
        except EditRefused as exc:
            self.message.setText(self.tr("Not applied: {reasons}").format(reasons="; ".join(exc.problems)))
            return
        self.message.clear()

    def _rename(self, text: str) -> None:
        ui = self.unit_index
        if ui is not None and text.strip():
            self._apply(lambda: self.document.rename_unit(ui, text.strip()))

    def _commit_name(self) -> None:
        """Normalise on commit: the field shows the stored, trimmed name (an emptied field gets it back)."""
        ui = self.unit_index
        if ui is not None and self.name.text() != self.document.army.units[ui].name:
            self.name.setText(self.document.army.units[ui].name)

    def _set_notes(self) -> None:
        ui = self.unit_index
        if ui is not None:
            self._apply(lambda: self.document.set_unit_notes(ui, self.notes.toPlainText()))

    # --- showing -------------------------------------------------------------------
    def refresh(self) -> None:
        ui = self.unit_index
        if ui is None:
            return
        doc = self.document
        unit, cost = doc.army.units[ui], doc.cost.units[ui]
        if self.name.text().strip() != unit.name:  # spaces being typed stay where they are
            self.name.setText(unit.name)
            if not self.name.hasFocus():
                self.name.setCursorPosition(0)  # a long name shows its start, as the army's name does
        if self.notes.toPlainText() != unit.notes:
            blocked = self.notes.blockSignals(True)
            self.notes.setPlainText(unit.notes)
            self.notes.blockSignals(blocked)
        self.elements.setRowCount(len(unit.elements))
        for row, ec in enumerate(cost.elements):
            cells = (ec.name, str(ec.count), _num(ec.cost_each), _num(ec.total))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.elements.setItem(row, column, item)
        self.elements.setColumnHidden(2, not doc.system.pricing.has_points)
        self.elements.setColumnHidden(3, not doc.system.pricing.has_points)
        self.total.setText(unit_total(cost, doc.system, unit))


def unit_total(cost: UnitCost, system: RuleSystem, unit) -> str:
    """ "<b>Unit total: 248 pts</b> (2 elements, 9 models)" (only the counts in a system without points);
    the army's ``unit`` gives the models, in the system's word ("6 figures")."""
    models, size = sum(map(system.schema.model_count, unit.elements)), len(cost.elements)
    elements = COUNTED.elements(size)
    count = f"{elements}, {points_text(models)} {plural(models, system.schema.model_noun)}"  # the noun: rule data
    if not system.pricing.has_points:
        return f"<b>{count}</b>"
    total = (
        QCoreApplication.translate("unit_panel", "no points")
        if cost.cost is None
        else f"{points_text(cost.cost)} {system.presentation.currency}"
    )
    return QCoreApplication.translate("unit_panel", "<b>Unit total: {total}</b> ({count})").format(
        total=total, count=count
    )


def _num(value) -> str:
    return points_text(value, "–")
