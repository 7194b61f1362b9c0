"""Why the army view is a table of flat rows (gui/army_view.py), and the floor under benchmarks/tree_edits.py:
a QTreeView (uniform row heights, the window's header
modes, every unit open) over a C++ model of the same shape (QStandardItemModel: no call into Python while Qt
lays the rows out), a row inserted and removed, each timed until every repaint has been processed.

QTreeView lays out every row of the tree again for rows inserted or removed under an open parent. With the
army tree's Python model that layout calls into Python three or four times per row (index, flags, hasChildren
and rowCount: about 40,000 calls on 5,000 units); this script shows what is left without those calls, so
what a model moving the structure into C++ could reach, and what only a view that does not lay out every row
again could go below. Then that view: the same rows as one flat list (units and elements, the hierarchy drawn
by indentation) in a QTableView with fixed row heights, over a Python list model: QTableView lays out nothing
per row (its vertical header keeps the sections' sizes), so an insert costs about the visible rows' data().
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import benchmarks.gui_latency  # noqa: E402, F401  (its sandbox: offscreen Qt, fresh config and data folders)


def main(units: int = 5000, runs: int = 15) -> None:
    from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
    from PySide6.QtGui import QStandardItem, QStandardItemModel
    from PySide6.QtWidgets import QHeaderView, QTableView, QTreeView

    from benchmarks._armies import big_army
    from benchmarks._timing import medians_taking_turns, settled
    from warbench.gui.app import application

    app = application([])
    shape = [len(unit.elements) for unit in big_army(units).units]

    def row(name: str) -> list[QStandardItem]:
        return [QStandardItem(name), QStandardItem("1"), QStandardItem("2"), QStandardItem("3")]

    model = QStandardItemModel(0, 4)
    for ui, elements in enumerate(shape):
        unit = row(f"unit {ui}")
        for ei in range(elements):
            unit[0].appendRow(row(f"element {ei}"))
        model.appendRow(unit)
    view = QTreeView()
    view.setUniformRowHeights(True)
    view.setModel(model)
    header = view.header()
    header.setStretchLastSection(False)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    for column in (1, 2, 3):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
    view.expandAll()
    view.resize(1320, 820)
    view.show()
    app.processEvents()
    middle = units // 2
    view.setCurrentIndex(model.index(middle, 0))
    app.processEvents()

    unit_item = model.item(middle, 0)
    kinds = [
        ("add element", lambda: unit_item.insertRow(1, row("new"))),
        ("then delete it", lambda: unit_item.removeRow(1)),
        ("add unit", lambda: model.insertRow(middle, row("new"))),
        ("then delete it", lambda: model.removeRow(middle)),
    ]
    found = medians_taking_turns([settled(app, edit) for _kind, edit in kinds], runs)
    rows = units + sum(shape)
    print(f"QTreeView over a C++ model of the same shape ({units} units, {rows} rows, all open), median of {runs}:")
    for (kind, _edit), (wall, cpu) in zip(kinds, found):
        met = "met" if wall <= 16 else "NOT MET"
        print(f"  {kind:16} {wall:7.1f} / {cpu:7.1f} ms wall / CPU  (goal <= 16 ms: {met})")
    view.close()

    class FlatRows(QAbstractTableModel):
        """Units and elements as one list of rows (Python), as a flat army view would hold them."""

        def __init__(self) -> None:
            super().__init__()
            self.rows = [
                name for ui, n in enumerate(shape) for name in (f"unit {ui}", *(f"  element {e}" for e in range(n)))
            ]

        def rowCount(self, parent=QModelIndex()) -> int:
            return 0 if parent.isValid() else len(self.rows)

        def columnCount(self, parent=QModelIndex()) -> int:
            return 0 if parent.isValid() else 4

        def data(self, index, role=Qt.ItemDataRole.DisplayRole):
            if role == Qt.ItemDataRole.DisplayRole:
                return self.rows[index.row()] if index.column() == 0 else str(index.column())
            return None

        def insert(self, at: int) -> None:
            self.beginInsertRows(QModelIndex(), at, at)
            self.rows.insert(at, "new")
            self.endInsertRows()

        def remove(self, at: int) -> None:
            self.beginRemoveRows(QModelIndex(), at, at)
            del self.rows[at]
            self.endRemoveRows()

    flat = FlatRows()
    table = QTableView()
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    table.verticalHeader().hide()
    table.setModel(flat)
    table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    table.resize(1320, 820)
    table.show()
    app.processEvents()
    at = sum(shape[:middle]) + middle + 1  # the middle unit's first element
    table.setCurrentIndex(flat.index(at, 0))
    app.processEvents()
    kinds = [("add a row", lambda: flat.insert(at)), ("then delete it", lambda: flat.remove(at))]
    found = medians_taking_turns([settled(app, edit) for _kind, edit in kinds], runs)
    print(f"QTableView over a Python list of the same {len(flat.rows)} rows (flat, fixed heights), median of {runs}:")
    for (kind, _edit), (wall, cpu) in zip(kinds, found):
        met = "met" if wall <= 16 else "NOT MET"
        print(f"  {kind:16} {wall:7.1f} / {cpu:7.1f} ms wall / CPU  (goal <= 16 ms: {met})")
    table.close()


if __name__ == "__main__":
    main()
