"""The army as a two-level Qt tree model: units, and their elements."""

from __future__ import annotations

import json
from contextlib import contextmanager
from operator import attrgetter
from typing import Any, cast

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractItemModel,
    QByteArray,
    QCoreApplication,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QFont, QPalette
from PySide6.QtWidgets import QApplication

from warbench.gui import plain, theme
from warbench.gui.document import ArmyDocument, EditRefused
from warbench.gui.selection import Selection
from warbench.model.changes import ArmyOptions, Change, ElementsChanged, Homebrew, Inserted, Moved, Removed
from warbench.model.cost_lines import points_text

Index = QModelIndex | QPersistentModelIndex
#: the column titles and their tips, marked for lupdate and translated where shown (headerData)
COLUMNS: tuple[str, ...] = cast(
    tuple,
    (
        QT_TRANSLATE_NOOP("army_tree", "Name"),
        QT_TRANSLATE_NOOP("army_tree", "Qty"),
        QT_TRANSLATE_NOOP("army_tree", "Each"),
        QT_TRANSLATE_NOOP("army_tree", "Total"),
    ),
)
COLUMN_TIPS: tuple[str, ...] = cast(
    tuple,
    (
        QT_TRANSLATE_NOOP("army_tree", "Unit or element name"),
        QT_TRANSLATE_NOOP("army_tree", "How many"),
        QT_TRANSLATE_NOOP("army_tree", "Cost of one"),
        QT_TRANSLATE_NOOP("army_tree", "Cost of all of them"),
    ),
)
NAME, COUNT, EACH, TOTAL = range(4)
_COLUMN_COUNT = len(COLUMNS)
_NO_INDEX = QModelIndex()  # made once: Qt asks the parent of every unit (one QModelIndex() costs 1 µs)
#: the largest whole number a Qt int (and so a QVariant of one) holds
MAX_QT_INT = 2**31 - 1
_ELEMENTS = attrgetter("elements")
_REPAINTED_MOVE = 64  # rows a move may pass and still be repainted rather than moved (see _repaints_move)
_COSTLESS = frozenset({"name", "points_limit"})  # envelope fields no price depends on
ROWS_MIME = "application/x-warbench-tree-rows"  # [[unit, element or null], ...] dragged inside one tree


class ArmyTreeModel(QAbstractItemModel):
    """Rows under the root are units; their children are elements.

    An element index carries ``unit row + 1`` as its internal id (0 marks units),
    so no Python object pointers are stored in indexes.
    """

    def __init__(self, document: ArmyDocument, parent=None, selection: Selection | None = None):
        super().__init__(parent)
        self.document = document
        self.selection = selection  # a drop selects what it moved, as part of the same change
        self._adopt()
        self._has_count = "count" in document.system.schema.element_model.model_fields
        self.applying = False  # True while rows move for a change: a view's current row moving is not the user's
        self._made: dict[tuple[int, int], QModelIndex] = {}  # (row, parent's id): its column-0 index (see index)
        document.edited.connect(self._on_edited)

    def _shape_of(self) -> tuple[int, ...]:
        return tuple(map(len, map(_ELEMENTS, self.document.army.units)))  # C loops: 5,000 units in 0.1 ms

    def _adopt(self) -> None:
        """Show the document's army as it is now. Until then the model answers from the army it showed, as
        Qt wants between a begin... and end... of its row signals."""
        self._army, self._cost = self.document.army, self.document.cost
        self._shape = self._shape_of()

    def _on_edited(self, change: Change) -> None:
        """Update the rows ``change`` names: rows inserted, removed or moved as such (a view lays out only
        those), values repainted for the rows that changed; a reset only when the army was replaced."""
        self.applying = True
        try:
            self._apply(change)
        finally:
            self._adopt()
            self._has_count = "count" in self.document.system.schema.element_model.model_fields
            self.applying = False

    def _apply(self, change: Change) -> None:
        if isinstance(change, ElementsChanged):
            self._adopt()
            self._repaint_units(sorted({ui for ui, _ei in change.positions}), change.positions)
        elif isinstance(change, (Inserted, Removed)):
            self._apply_rows(change)
        elif isinstance(change, Moved):
            self._apply_move(change)
        elif isinstance(change, ArmyOptions) and change.fields <= _COSTLESS:
            self._adopt()  # the army's name or limit: nothing the tree shows
        elif isinstance(change, (ArmyOptions, Homebrew)) and self._shape == self._shape_of():
            self._adopt()
            self._repaint_units(range(len(self._shape)), None)  # prices may all have changed; the rows did not
        else:
            self.beginResetModel()
            self._adopt()
            self.endResetModel()

    def _apply_rows(self, change: Inserted | Removed) -> None:
        """Rows inserted or removed, and their unit's totals repainted."""
        parent = QModelIndex() if change.parent is None else self.index(change.parent, 0)
        if isinstance(change, Inserted):
            self.beginInsertRows(parent, change.first, change.last)
            self._adopt()
            self.endInsertRows()
        else:
            self.beginRemoveRows(parent, change.first, change.last)
            self._adopt()
            self.endRemoveRows()
        if change.parent is not None:
            self._repaint_units([change.parent], ())  # its totals

    def _apply_move(self, change: Moved) -> None:
        """A short move repainted (``_repaints_move``), a longer one moved as rows."""
        if self._repaints_move(change):
            first, last = sorted((change.row, change.to))
            self._adopt()
            if change.parent is None:
                self._repaint_units(range(first, last + 1), None)
            else:
                self._repaint_units([change.parent], tuple((change.parent, ei) for ei in (first, last)))
            return
        root = QModelIndex()
        source = root if change.parent is None else self.index(change.parent, 0)
        target = root if change.to_parent is None else self.index(change.to_parent, 0)
        same = change.parent == change.to_parent
        # Qt counts the destination as it was before the move
        destination = change.to + 1 if same and change.to > change.row else change.to
        self.beginMoveRows(source, change.row, change.row, target, destination)
        self._adopt()
        self.endMoveRows()
        self._repaint_units([p for p in {change.parent, change.to_parent} if p is not None], ())

    def _repaints_move(self, change: Moved) -> bool:
        """A short move inside one list that leaves every row's number of children as it was is shown by
        repainting the rows it passed: QTreeView lays out every row of the tree again for rowsMoved (and for
        rows inserted or removed under an open parent), 250 ms on 5,000 open units."""
        return (
            change.parent == change.to_parent
            and abs(change.to - change.row) <= _REPAINTED_MOVE
            and self._shape_of() == self._shape
        )

    def _repaint_units(self, units, positions: tuple[tuple[int, int | None], ...] | None) -> None:
        """dataChanged for the rows of ``units`` (their totals) and their elements in ``positions`` (all of
        them for None)."""
        last_column = len(COLUMNS) - 1
        named: dict[int, list[int]] = {}
        for ui, ei in positions or ():
            if ei is not None:
                named.setdefault(ui, []).append(ei)
        for ui in units:
            if ui >= len(self._shape):
                continue
            self.dataChanged.emit(self.index(ui, 0), self.index(ui, last_column))
            rows = [0, self._shape[ui] - 1] if positions is None else named.get(ui, [])
            rows = [r for r in rows if r < self._shape[ui]]
            if rows:
                parent = self.index(ui, 0)
                self.dataChanged.emit(self.index(min(rows), 0, parent), self.index(max(rows), last_column, parent))

    # --- structure ------------------------------------------------------------
    # QTreeView lays out every row again for rows inserted, removed or moved under an open parent: on a
    # 5,000-unit army about 40,000 calls into these methods per edit. So each asks its index as little as it
    # can (an invalid index's row and column are -1, its internal id 0: no isValid()), and the column-0
    # indexes the layout asks for are made once (createIndex is a third of index()'s time).
    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:
        # the bounds are checked here, in Python: QAbstractItemModel.hasIndex would call back into
        # rowCount and columnCount (a view laying out a 5,000-unit army asks for 11,600 indexes)
        if row < 0 or not 0 <= column < _COLUMN_COUNT:
            return _NO_INDEX
        unit = parent.row()
        if unit < 0:  # the root
            if row >= len(self._shape):
                return _NO_INDEX
            parent_id = 0
        elif parent.internalId() or parent.column() or unit >= len(self._shape) or row >= self._shape[unit]:
            return _NO_INDEX  # an element's or a number cell's (no children), or out of bounds
        else:
            parent_id = unit + 1
        return self._made_index(row, parent_id) if not column else self.createIndex(row, column, parent_id)

    def _made_index(self, row: int, parent_id: int) -> QModelIndex:
        made = self._made.get((row, parent_id))
        if made is None:
            made = self._made[row, parent_id] = self.createIndex(row, 0, parent_id)
        return made

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]
        unit_id = index.internalId()  # 0 for a unit and for an invalid index
        return self._made_index(unit_id - 1, 0) if unit_id else _NO_INDEX

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        unit = parent.row()
        if unit < 0:
            return len(self._shape)
        return 0 if parent.internalId() or parent.column() else self._shape[unit]

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return _COLUMN_COUNT

    def hasChildren(self, parent: Index = QModelIndex()) -> bool:
        """One call into Python where Qt's own makes two (rowCount and columnCount), for every row a
        view lays out (rowCount's test inlined: QTreeView asks again for every row on each structural edit)."""
        unit = parent.row()
        if unit < 0:
            return bool(self._shape)
        return not (parent.internalId() or parent.column()) and self._shape[unit] > 0

    @staticmethod
    def position(index: Index) -> tuple[int, int | None]:
        """(unit row, element row or None) of ``index``."""
        if index.internalId() == 0:
            return index.row(), None
        return index.internalId() - 1, index.row()

    def element_index(self, ui: int, ei: int | None, column: int = 0) -> QModelIndex:
        if ei is None:
            return self.index(ui, column)
        return self.index(ei, column, self.index(ui, 0))

    # --- data -----------------------------------------------------------------
    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return QCoreApplication.translate("army_tree", COLUMNS[section])
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return QCoreApplication.translate("army_tree", COLUMN_TIPS[section])
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.TextAlignmentRole and section != NAME:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    _ROLES = frozenset(
        {
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.EditRole,
            Qt.ItemDataRole.TextAlignmentRole,
            Qt.ItemDataRole.FontRole,
            Qt.ItemDataRole.ForegroundRole,
            Qt.ItemDataRole.ToolTipRole,
        }
    )

    def _warned(self) -> dict[tuple[int, int], str]:
        """Element positions with warnings, worked out once per cost."""
        cost = self._cost
        if getattr(self, "_warned_for", None) is not cost:
            warned: dict[tuple[int, int], list[str]] = {}
            for w in cost.warnings:
                if w.at is not None:
                    warned.setdefault(w.at, []).append(w.message)
            self._warned_map = {k: plain.tip("\n".join(v)) for k, v in warned.items()}
            self._warned_for = cost
        return self._warned_map

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in self._ROLES or not index.isValid():
            return None  # Qt asks about many roles per cell: answer the others at once
        ui, ei = self.position(index)
        column = index.column()
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if column != NAME else None
        if role == Qt.ItemDataRole.FontRole:
            return _BOLD if ei is None else None
        army, cost = self._army, self._cost  # as shown (see _adopt), priced once per change by the document
        if ui >= len(army.units) or (ei is not None and ei >= len(army.units[ui].elements)):
            return None  # a view painting between a change and this model's reset
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if ei is None:
                unit, unit_cost = army.units[ui], cost.units[ui]
                models = sum(map(self.document.system.schema.model_count, unit.elements))  # a Qt int while it fits
                shown = models if models <= MAX_QT_INT else points_text(models)
                return (unit.name, shown, "", _num(unit_cost.cost))[column]
            element, ec = army.units[ui].elements[ei], cost.units[ui].elements[ei]
            count = ec.count if role == Qt.ItemDataRole.EditRole else self.document.system.schema.model_count(element)
            return (element.name, count, _num(ec.cost_each), _num(ec.total))[column]
        if ei is None:
            return None
        message = self._warned().get((ui, ei))
        if role == Qt.ItemDataRole.ForegroundRole:
            return _warned_brush() if message and column == NAME else None
        return message  # tooltip

    _FLAGS = (
        Qt.ItemFlag.ItemIsEnabled
        | Qt.ItemFlag.ItemIsSelectable
        | Qt.ItemFlag.ItemIsDragEnabled
        | Qt.ItemFlag.ItemIsDropEnabled
    )
    _EDITABLE = _FLAGS | Qt.ItemFlag.ItemIsEditable  # worked out once: Qt asks for every cell it paints
    # Elements say they never have children: QTreeView, laying out every row again for a structural edit,
    # then neither asks them (hasChildren) nor keeps each as an open row (a persistent index Qt walks on
    # every removal): 6,600 calls into Python and 6,600 indexes fewer per edit on a 5,000-unit army.
    _LEAF = _FLAGS | Qt.ItemFlag.ItemNeverHasChildren
    _LEAF_EDITABLE = _EDITABLE | Qt.ItemFlag.ItemNeverHasChildren

    def flags(self, index: Index) -> Qt.ItemFlag:
        column = index.column()
        if column < 0:  # the root
            return Qt.ItemFlag.ItemIsDropEnabled  # units are dropped between the top-level rows
        if not index.internalId():
            return self._EDITABLE if column == NAME else self._FLAGS
        return self._LEAF_EDITABLE if column == NAME or (column == COUNT and self._has_count) else self._LEAF

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        ui, ei = self.position(index)
        try:
            if ei is None:
                self.document.rename_unit(ui, str(value).strip() or self.document.army.units[ui].name)
            elif index.column() == NAME:
                self.document.edit_element(ui, ei, ("name",), str(value).strip() or self.tr("Element"), "name")
            else:
                self.document.edit_element(ui, ei, ("count",), int(value), "count")
        except (EditRefused, ValueError):
            return False
        return True

    # --- drag and drop: reorder, and move an element to another unit ---------------
    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        return [ROWS_MIME]

    def mimeData(self, indexes) -> QMimeData:
        rows = sorted(
            {self.position(i) for i in indexes if i.isValid()}, key=lambda p: (p[0], -1 if p[1] is None else p[1])
        )
        data = QMimeData()
        data.setData(ROWS_MIME, QByteArray(json.dumps([list(p) for p in rows]).encode()))
        return data

    def _dragged(self, data: QMimeData) -> tuple[int, int | None] | None:
        if not data.hasFormat(ROWS_MIME):
            return None
        try:
            rows = json.loads(bytes(data.data(ROWS_MIME).data()).decode())
            ui, ei = rows[0]
        except (ValueError, IndexError, TypeError):
            return None
        units = self.document.army.units
        if not (isinstance(ui, int) and 0 <= ui < len(units)):
            return None
        if ei is not None and not (isinstance(ei, int) and 0 <= ei < len(units[ui].elements)):
            return None
        return ui, ei

    def drop_target(self, data: QMimeData, row: int, parent: Index) -> tuple | None:
        """Where a drop lands: ("unit", from, to) or ("element", unit, element, to unit, to element); None when
        it cannot land there (an element between units)."""
        dragged = self._dragged(data)
        if dragged is None:
            return None
        ui, ei = dragged
        units = self.document.army.units
        if not parent.isValid():  # between units
            if ei is not None:
                return None
            to = len(units) if row < 0 else row
            return ("unit", ui, to - 1 if to > ui else to)
        on_ui, on_ei = self.position(parent)
        if ei is None:  # a unit dropped on a unit or on one of its elements takes that unit's place
            return ("unit", ui, on_ui)
        if on_ei is not None:  # on an element: take its place
            return ("element", ui, ei, on_ui, on_ei)
        if row < 0:  # on a unit: at its end
            return ("element", ui, ei, on_ui, len(units[on_ui].elements) - (on_ui == ui))
        return ("element", ui, ei, on_ui, row - 1 if on_ui == ui and row > ei else row)

    def canDropMimeData(self, data, action, row, column, parent) -> bool:
        return action == Qt.DropAction.MoveAction and self.drop_target(data, row, parent) is not None

    def dropMimeData(self, data, action, row, column, parent) -> bool:
        target = self.drop_target(data, row, parent) if action == Qt.DropAction.MoveAction else None
        if target is None:
            return False
        doc = self.document
        landing = self.selection.landing if self.selection is not None else _no_landing
        if target[0] == "unit":
            _kind, ui, to = target
            with landing((max(0, min(to, len(doc.army.units) - 1)), None)):
                doc.move_unit_to(ui, to)
        else:
            _kind, ui, ei, to_ui, to_ei = target
            size = len(doc.army.units[to_ui].elements) - (to_ui == ui)
            with landing((to_ui, max(0, min(to_ei, size)))):
                doc.transfer_element(ui, ei, to_ui, to_ei)
        return True


@contextmanager
def _no_landing(_position):
    yield


_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_BOLD = QFont()
_BOLD.setBold(True)
_warned_for: list = [None, None]  # (palette cache key, brush)


def _warned_brush() -> QBrush:
    """Warned element names: the warning tone, readable on the tree's (alternating) rows."""
    palette = QApplication.palette()
    if _warned_for[0] != palette.cacheKey():
        colour = theme.tone("warning", palette, QPalette.ColorRole.Base, QPalette.ColorRole.AlternateBase)
        _warned_for[:] = [palette.cacheKey(), QBrush(colour)]
    return _warned_for[1]


def _num(value) -> str:
    return points_text(value, "–")
