"""Open with Repairs' list (model/repair.py): every value of a refused army file that the repaired army
drops or changes (where, path, value, change, reason), read-only, with Open and Cancel. Open puts the
repaired army in the window as a new, unsaved army; the file itself is never written."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from warbench.gui import i18n, plain
from warbench.model.repair import Repair

COLUMNS = (
    str(QT_TRANSLATE_NOOP("repair_list", "Where")),
    str(QT_TRANSLATE_NOOP("repair_list", "Path")),
    str(QT_TRANSLATE_NOOP("repair_list", "Value")),
    str(QT_TRANSLATE_NOOP("repair_list", "Change")),
    str(QT_TRANSLATE_NOOP("repair_list", "Reason")),
)
Index = QModelIndex | QPersistentModelIndex


class RepairTable(QAbstractTableModel):
    """The repairs, one a row (a model: a big file's thousands of repairs cost nothing until shown)."""

    def __init__(self, repairs: list[Repair], parent: QWidget | None = None):
        super().__init__(parent)
        self.repairs = repairs

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.repairs)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        repair = self.repairs[index.row()]
        text = (repair.place, repair.path, repair.value, repair.change, repair.reason)[index.column()]
        return plain.tip(text) if role == Qt.ItemDataRole.ToolTipRole else text

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return QCoreApplication.translate("repair_list", COLUMNS[section])
        return super().headerData(section, orientation, role)


class RepairListDialog(QDialog):
    """The repairs of ``source`` and the choice to open the repaired army (Open) or not (Cancel)."""

    def __init__(self, source: str, repairs: list[Repair], parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("repairListDialog")
        self.setWindowTitle(self.tr("Open with Repairs"))
        count = (
            self.tr("1 value")
            if len(repairs) == 1
            else self.tr("{count} values").format(count=i18n.whole(len(repairs)))
        )
        intro = plain.label(
            self.tr(
                "{source}\n\nOpening this file drops or changes {count}, listed below. The file itself is not "
                "changed: the repaired army opens as a new, unsaved army, to save under a new name."
            ).format(source=source, count=count)
        )
        intro.setObjectName("repairIntro")
        intro.setWordWrap(True)
        self.table = QTableView()
        self.table.setObjectName("repairTable")
        self.table.setAccessibleName(self.tr("Values dropped or changed"))
        self.table.setModel(RepairTable(repairs, self.table))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        width = self.fontMetrics().averageCharWidth()
        for column, chars in enumerate((24, 32, 16, 36)):
            self.table.setColumnWidth(column, width * chars)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.open_button = buttons.addButton(self.tr("Open"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.open_button.setObjectName("openRepaired")
        self.open_button.setAccessibleName(self.tr("Open the repaired army as a new, unsaved army"))
        cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setAccessibleName(self.tr("Cancel: open nothing"))
        cancel.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self.resize(width * 150, self.fontMetrics().height() * 24)
