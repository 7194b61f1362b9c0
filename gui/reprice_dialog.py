"""The Balance dock's edition diff: the army priced under another edition of its game, element by element, what
does not map beside each, and the converted army saved as a new file on request. Nothing here prices anything:
:mod:`model.reprice` does."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from warbench.gui import dialogs, plain
from warbench.model.cost_lines import points_text
from warbench.model.fileio import failure_text, save_army

if TYPE_CHECKING:  # pragma: no cover
    from warbench.model.reprice import Repriced


class RepriceDialog(QDialog):
    """One re-pricing (:class:`model.reprice.Repriced`) as a table; *Save as New Army…* writes the converted army."""

    def __init__(self, result: Repriced, other_name: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("repriceDialog")
        self.repriced = result
        self.saved = ""
        self.setWindowTitle(self.tr("Priced under {system}").format(system=other_name))
        layout = QVBoxLayout(self)
        old, new = result.total
        self.summary = plain.label(
            self.tr("The army under {system}: {new} points (now {old}); what does not map is dropped").format(
                system=other_name, new=points_text(new), old=points_text(old)
            )
        )
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.table = QTableWidget(len(result.elements), 5)
        self.table.setObjectName("repriceTable")
        self.table.setAccessibleName(self.tr("Each element's points under both editions"))
        self.table.setHorizontalHeaderLabels(
            [self.tr("Unit / element"), self.tr("Points"), self.tr("Re-priced"), self.tr("Δ"), self.tr("Does not map")]
        )
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table
        self.table.verticalHeader().hide()
        for row, element in enumerate(result.elements):
            delta = "–" if element.delta is None else f"{element.delta:+}"
            cells = [
                plain.short(f"{element.unit} / {element.element}"),
                points_text(element.old),
                points_text(element.new),
                delta,
                "; ".join(element.unmapped),
            ]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column in (1, 2, 3):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                item.setToolTip(plain.tip(text) if column in (0, 4) else "")
                self.table.setItem(row, column, item)
        self.table.horizontalHeader().setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.table.resizeColumnsToContents()
        layout.addWidget(self.table, 1)
        self.army_level = plain.label("\n".join(result.unmapped))
        self.army_level.setWordWrap(True)
        self.army_level.setAccessibleName(self.tr("What does not map for the whole army"))
        layout.addWidget(self.army_level)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.save_button = QPushButton(self.tr("&Save as New Army…"))
        self.save_button.setObjectName("repriceSave")
        buttons.addButton(self.save_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.save_button.clicked.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(720, 420)

    def save(self) -> None:
        """Write the converted army to a new file the player names (never over the army being edited unasked)."""
        path = dialogs.save_path(self, f"{self.repriced.army.name} ({self.repriced.other}).army.json")
        if not path:
            return
        try:
            save_army(self.repriced.army, path)
        except OSError as exc:
            dialogs.show_error(self, self.tr("Cannot save the army"), failure_text(exc))
            return
        self.saved = path
