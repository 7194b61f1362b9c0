"""The play view's item models: one side's units and elements with each element's state at a glance
("figures 7/9 · hits 1 · activated"), and the game's log. Both refresh only the rows a step changed.

Nothing here knows a system's rules: a state's fields are worded from their names and values (each
system's ``play_state`` says which fields an element has and what they start at)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractItemModel,
    QAbstractListModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFont, QPalette

from warbench.gui import i18n, play_text, theme
from warbench.model.game import Ref

if TYPE_CHECKING:
    from warbench.gui.game_document import GameChange, GameDocument

Index = QModelIndex | QPersistentModelIndex
COLUMNS: tuple[str, ...] = cast(
    tuple, (QT_TRANSLATE_NOOP("SideModel", "Unit / element"), QT_TRANSLATE_NOOP("SideModel", "State"))
)
NO_UNIT = 0  # a unit row's internal id; an element row's is its unit's index + 1
TARGET_MARK = "◎ "  # before the name of the attack's target


class SideModel(QAbstractItemModel):
    """Side ``side``'s units (top rows) and their elements (child rows): name, state."""

    def __init__(self, document: GameDocument, side: int, parent=None):
        super().__init__(parent)
        self.document = document
        self.side = side
        self._fresh: dict[tuple[int, int], dict[str, Any]] = {}
        self.target: Ref | None = None  # marked in its row: the attack's target
        document.changed.connect(self._changed)

    @property
    def army(self) -> Any:
        return self.document.armies()[self.side]

    def fresh(self, unit: int, element: int) -> dict[str, Any]:
        """The element's state when the game began (what its counts are out of), worked out once."""
        key = (unit, element)
        if key not in self._fresh:
            self._fresh[key] = self.document.system(self.side).play.play_state(self.army.units[unit].elements[element])
        return self._fresh[key]

    # --- the tree ------------------------------------------------------------------
    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, NO_UNIT)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, child: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]
        if not child.isValid() or child.internalId() == NO_UNIT:
            return QModelIndex()
        return self.createIndex(child.internalId() - 1, 0, NO_UNIT)

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        if not parent.isValid():
            return len(self.army.units)
        if parent.column() != 0 or parent.internalId() != NO_UNIT:
            return 0
        return len(self.army.units[parent.row()].elements)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.tr(COLUMNS[section])
        return None

    def ref(self, index: Index) -> Ref | None:
        """The element of an element row (None for a unit row)."""
        if not index.isValid() or index.internalId() == NO_UNIT:
            return None
        return Ref(self.side, index.internalId() - 1, index.row())

    def element_index(self, ref: Ref, column: int = 0) -> QModelIndex:
        return self.index(ref.element, column, self.index(ref.unit, 0))

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        ref = self.ref(index)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self._text(index, ref)
        if role == Qt.ItemDataRole.ToolTipRole:
            return None  # names are shown whole in the rows (no rich-text tool tip of user text)
        if role == Qt.ItemDataRole.FontRole and ref is None:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and ref is not None and self._out(ref):
            return theme.tone("muted", None, QPalette.ColorRole.Base)
        if role == Qt.ItemDataRole.UserRole:
            return ref
        return None

    def _out(self, ref: Ref) -> bool:
        return "figures" in (state := self.document.state(ref)) and not state["figures"]

    def _text(self, index: Index, ref: Ref | None) -> str:
        unit = self.army.units[index.row() if ref is None else ref.unit]
        if ref is None:
            if index.column() == 0:
                return unit.name
            left = sum(not self._out(Ref(self.side, index.row(), e)) for e in range(len(unit.elements)))
            return self.tr("{left}/{count} in play").format(left=i18n.whole(left), count=i18n.whole(len(unit.elements)))
        if index.column() == 0:
            mark = TARGET_MARK if ref == self.target else ""
            return mark + unit.elements[ref.element].name
        return play_text.state(self.fresh(ref.unit, ref.element), self.document.state(ref))

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    # --- refresh -----------------------------------------------------------------------
    def set_target(self, ref: Ref | None) -> None:
        """Mark the attack's target (the rows of the old and the new one refresh)."""
        old, self.target = self.target, ref if ref is not None and ref.side == self.side else None
        for row in dict.fromkeys(r for r in (old, self.target) if r is not None):  # the old first
            index = self.element_index(row)
            self.dataChanged.emit(index, index)

    def _changed(self, change: GameChange) -> None:
        if change.reset:
            self.beginResetModel()
            self._fresh.clear()
            self.endResetModel()
            return
        units = set()
        for ref in change.elements:
            if ref.side == self.side:
                self.dataChanged.emit(self.element_index(ref, 0), self.element_index(ref, 1))
                units.add(ref.unit)
        for unit in sorted(units):
            self.dataChanged.emit(self.index(unit, 1), self.index(unit, 1))


class LogModel(QAbstractListModel):
    """The log: one row per step, the newest last, with its dice in the row's tool tip; steps undone
    (the redo list) follow, shown as undone."""

    def __init__(self, document: GameDocument, parent=None):
        super().__init__(parent)
        self.document = document
        self._rows = self._count()
        self._lines: dict[int, tuple[Any, str]] = {}
        document.changed.connect(self._changed)

    def _count(self) -> tuple[int, int]:
        file = self.document.game.file
        return len(file.log), len(file.redo)

    def entry(self, row: int) -> Any:
        """The step of row ``row``: the log's, then the redo list's (the next to redo first)."""
        file = self.document.game.file
        return file.log[row] if row < len(file.log) else file.redo[len(file.log) - row - 1]

    def _line(self, entry: Any) -> str:
        """A step's text with its dice, worked out once (a logged step never changes)."""
        key = id(entry)
        if key not in self._lines or self._lines[key][0] is not entry:
            rolls = [] if entry.action == "initiative" else [f"    {play_text.figure_roll(r)}" for r in entry.rolls]
            head = self.tr("R{round}: {step}").format(round=entry.round, step=play_text.step(self.document.game, entry))
            text = "\n".join([head, *rolls])
            self._lines[key] = (entry, text)
        return self._lines[key][1]

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else sum(self._rows)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < self.rowCount():
            return None
        done = index.row() < self._rows[0]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            mark = "" if done else self.tr("(undone) ")
            return f"{mark}{index.row() + 1}. {self._line(self.entry(index.row()))}"
        if role == Qt.ItemDataRole.ForegroundRole and not done:
            return theme.tone("muted", None, QPalette.ColorRole.Base)
        return None

    def _changed(self, change: GameChange) -> None:
        if not (change.log or change.reset):
            return
        old, new = self._rows, self._count()
        if not change.reset and old[1] == new[1] == 0 and new[0] == old[0] + 1:  # a new step, nothing undone
            self.beginInsertRows(QModelIndex(), old[0], old[0])
            self._rows = new
            self.endInsertRows()
        elif change.reset or sum(old) != sum(new):
            self.beginResetModel()
            self._rows = new
            self.endResetModel()
        else:  # undo or redo: one step moved between the log and the redo list
            self._rows = new
            if old != new:
                row = min(old[0], new[0])
                self.dataChanged.emit(self.index(row), self.index(row))
