"""The army's rows (:class:`gui.army_tree.ArmyTreeModel`) drawn as a tree: a table view of flat rows, each
element indented under its unit and each unit with elements marked open or closed, opened and closed with
the mouse (its mark) and the keyboard (Left and Right as in a tree; + and - open and close, * opens all).

A table of flat rows, not a QTreeView, because a tree view lays out every row again for each structural
edit (see the model): a table view lays out none, so adding, deleting or moving on a 5,000-unit army costs
about the rows on screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QPainter, QPalette, QPolygonF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyle,
    QStyleOptionViewItem,
    QTableView,
)

from warbench.gui.elided_label import ElidedTips

if TYPE_CHECKING:  # the model's module loads after the window's first paint (deferred start)
    from warbench.gui.army_tree import ArmyTreeModel

NAME = 0  # the model's name column (gui.army_tree.NAME)

_TREE_KEYS = frozenset({Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Plus, Qt.Key.Key_Minus, Qt.Key.Key_Asterisk})


class ArmyRowDelegate(ElidedTips):
    """The name column's cells: indented by their depth, a unit's open/closed mark in its first indent."""

    def __init__(self, view: ArmyView):
        super().__init__(view)
        self._view = view

    def indent(self, index: QModelIndex) -> int:
        return self._indent(self._view.army_model().position(index)[1])

    def _indent(self, ei: int | None) -> int:
        return self._view.indentation() * (1 if ei is None else 2)  # a unit's name, an element's one more

    def paint(self, painter, option, index) -> None:
        view, model = self._view, self._view.army_model()
        ui, ei = model.position(index)
        shown = QStyleOptionViewItem(option)
        self.initStyleOption(shown, index)
        style = view.style()
        # the row's background (selected, hovered) across the whole cell, indent included
        style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, shown, painter, view)
        if ei is None and model.has_elements(ui):
            selected = bool(shown.state & QStyle.StateFlag.State_Selected)
            colour = shown.palette.color(QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text)
            mark = QRect(shown.rect.x(), shown.rect.y(), view.indentation(), shown.rect.height())
            _draw_mark(painter, mark, model.is_open(ui), colour)
        shown.rect = shown.rect.adjusted(self._indent(ei), 0, 0, 0)
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, shown, painter, view)

    def sizeHint(self, option, index):
        hint = super().sizeHint(option, index)
        hint.setWidth(hint.width() + self.indent(index))
        return hint

    def updateEditorGeometry(self, editor, option, index) -> None:
        super().updateEditorGeometry(editor, option, index)
        editor.setGeometry(editor.geometry().adjusted(self.indent(index), 0, 0, 0))


def _draw_mark(painter, rect: QRect, opened: bool, colour) -> None:
    """A unit's open (▼) or closed (▶) mark, centred in ``rect``: drawn here, not by the style, which draws
    no tree marks in a table view under a style sheet (the focus frame is one)."""
    half = max(2.0, min(rect.width(), rect.height()) / 5)
    x, y = rect.center().x() + 0.5, rect.center().y() + 0.5
    if opened:
        points = [QPointF(x - half, y - half / 2), QPointF(x + half, y - half / 2), QPointF(x, y + half / 2 + 1)]
    else:
        points = [QPointF(x - half / 2, y - half), QPointF(x - half / 2, y + half), QPointF(x + half / 2 + 1, y)]
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawPolygon(QPolygonF(points))
    painter.restore()


class ArmyView(QTableView):
    """The army's units and elements as an indented list (see the module)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setItemDelegate(ElidedTips(self))  # a cut name's whole text in its tool tip
        # the name column's own: the other cells are painted by Qt alone (a Python paint costs 0.1 ms a cell)
        self._names = ArmyRowDelegate(self)
        self.setItemDelegateForColumn(NAME, self._names)
        self.setShowGrid(False)
        self.setWordWrap(False)
        self.setCornerButtonEnabled(False)
        self.setTabKeyNavigation(False)  # Tab leaves the army for the next pane
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setDragDropOverwriteMode(False)  # a drop between two rows lands there; on a row, takes its place
        rows = self.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # one height for all: nothing laid out per row
        rows.setMinimumSectionSize(1)
        columns = self.horizontalHeader()
        columns.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)  # as a tree's
        columns.setHighlightSections(False)  # a selected row would set every title in bold
        self._indentation = 0
        self._changed: tuple[int, int, int | None] | None = None  # rows changed since the last layout
        self._dirty: list[tuple[int, int]] = []  # rows whose values changed meanwhile
        self._fit_rows()

    def army_model(self) -> ArmyTreeModel:
        return self.model()  # type: ignore[return-value]

    # --- repainting after rows come, go or move ---------------------------------------------
    # Qt repaints the whole view for any rows inserted, removed or moved: a screenful of this Python model's
    # cells is about 1,300 calls into Python (10 ms here). The rows above the change are as they were, and
    # those below it only moved: their pixels are moved (QWidget.scroll) and only the rows that came (or the
    # strip a removal uncovered at the bottom) are painted. Unit rows, not every other row, are shaded
    # (the model's background), so moved pixels keep the right shade.
    def setModel(self, model) -> None:
        super().setModel(model)
        if model is not None:
            model.rowsAboutToBeInserted.connect(lambda _parent, first, last: self._rows_change(first, last - first + 1))
            model.rowsAboutToBeRemoved.connect(lambda _parent, first, last: self._rows_change(first, first - last - 1))
            model.rowsAboutToBeMoved.connect(
                lambda _p, first, last, _to, to: self._rows_change(min(first, to), 0, max(last, to - 1))
            )
            for everything in (model.modelAboutToBeReset, model.layoutAboutToBeChanged):
                everything.connect(lambda *_: self._rows_change(0, 0))  # all repainted

    def _rows_change(self, first: int, shift: int, last: int | None = None) -> None:
        """Rows change from ``first`` on: ``shift`` rows come (> 0) or go (< 0); or rows up to ``last`` move
        among themselves (shift 0)."""
        if self._changed is not None:  # a second change before the view lays out: repaint from the first
            first, shift, last = min(first, self._changed[0]), 0, None
        self._changed = (first, shift, last)

    def dataChanged(self, top_left, bottom_right, roles=()) -> None:
        if self._changed is not None and top_left.isValid():  # Qt waits for its layout to repaint all: not here
            self._dirty.append((top_left.row(), bottom_right.row()))
        super().dataChanged(top_left, bottom_right, roles)

    def doItemsLayout(self) -> None:
        changed, self._changed = self._changed, None
        dirty, self._dirty = self._dirty, []
        if changed is None:
            super().doItemsLayout()
            return
        self._lay_out_change(*changed)
        viewport, count = self.viewport(), self.model().rowCount()
        for first, last in dirty:  # rows whose values changed with the rows (a unit's totals)
            if first < count:
                top = self.rowViewportPosition(first)
                viewport.update(0, top, viewport.width(), self._row_bottom(min(last, count - 1)) - top)

    def _row_bottom(self, row: int) -> int:
        """Where ``row`` ends in the viewport (0 for no row)."""
        return self.rowViewportPosition(row) + self.rowHeight(row) if row >= 0 else 0

    def _lay_out_change(self, first: int, shift: int, last: int | None) -> None:
        rows = self.verticalHeader()
        offset = rows.offset()  # the scroll position in pixels (at the bottom, rows align to the bottom)
        self.updateGeometries()
        if not rows.updatesEnabled():
            rows.setUpdatesEnabled(True)  # QTableView turns them off while rows are removed, and on here
        viewport = self.viewport()
        width, height = viewport.width(), viewport.height()
        count = self.model().rowCount()
        if first < count:
            top = self.rowViewportPosition(first)
        else:  # the last rows went: from below the last one left
            top = self._row_bottom(count - 1)
        if offset != rows.offset():  # every row on screen moved (rows at the bottom align to it)
            viewport.update()
            return
        if top >= height:
            return  # below the view: only the scroll bar changed
        if last is not None and top >= 0:  # rows moved among themselves: those rows only
            viewport.update(0, top, width, min(self._row_bottom(min(last, count - 1)), height) - top)
            return
        moved = shift * rows.defaultSectionSize()
        if top < 0 or not shift or abs(moved) >= height - top:
            viewport.update(0, max(0, top), width, height - max(0, top))
            return
        viewport.scroll(0, moved, QRect(0, top, width, height - top))
        # the rows that came, or the strip the rows moving up uncovered (Qt paints what a scroll uncovers;
        # said here too), and the current row (Qt may have marked it before the move)
        viewport.update(QRect(0, top, width, moved) if moved > 0 else QRect(0, height + moved, width, -moved))
        current = self.currentIndex()
        if current.isValid():
            viewport.update(0, self.rowViewportPosition(current.row()), width, self.rowHeight(current.row()))

    def indentation(self) -> int:
        """One level's indent, as a tree view in this style has it."""
        if not self._indentation:
            self._indentation = self.style().pixelMetric(QStyle.PixelMetric.PM_TreeViewIndentation, None, self)
        return self._indentation

    def _fit_rows(self) -> None:
        """Every row as high as a line of text in a tree view of this style and font."""
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._indentation = 0
            self._fit_rows()

    # --- open and close ------------------------------------------------------------------
    def _current_position(self) -> tuple[int, int | None] | None:
        current = self.currentIndex()
        return self.army_model().position(current) if current.isValid() else None

    def set_open(self, ui: int, opened: bool) -> None:
        """Open or close unit ``ui``; closing it while one of its elements is current makes the unit current."""
        model = self.army_model()
        position = self._current_position()
        if not opened and position is not None and position[0] == ui and position[1] is not None:
            self.setCurrentIndex(model.element_index(ui, None))
        model.set_open(ui, opened)

    def set_all_open(self, opened: bool) -> None:
        """Open or close every unit, the current row kept (its unit's, when its own row goes)."""
        model = self.army_model()
        position = self._current_position()
        model.set_all_open(opened)
        if position is not None:
            ui, ei = position
            self.setCurrentIndex(model.element_index(ui, ei if opened else None))
            self.scrollTo(self.currentIndex())  # the rows above it came or went: it stays in sight

    def reveal(self, ui: int, ei: int | None) -> None:
        """Make unit ``ui``'s element ``ei`` visible: its unit opened."""
        if ei is not None and not self.army_model().is_open(ui):
            self.army_model().set_open(ui, True)

    def _on_mark(self, index: QModelIndex, point: QPoint) -> int | None:
        """The unit whose open/closed mark is at ``point``, else None."""
        if not index.isValid() or index.column() != NAME:
            return None
        ui, ei = self.army_model().position(index)
        if ei is not None or not self.army_model().has_elements(ui):
            return None
        return ui if point.x() - self.visualRect(index).x() < self.indentation() else None

    def mousePressEvent(self, event) -> None:
        point = event.position().toPoint()
        ui = self._on_mark(self.indexAt(point), point)
        if ui is None or event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        self.set_open(ui, not self.army_model().is_open(ui))
        event.accept()

    def mouseDoubleClickEvent(self, event) -> None:
        point = event.position().toPoint()
        if self._on_mark(self.indexAt(point), point) is not None:
            self.mousePressEvent(event)  # a quick second click on the mark toggles again
            return
        super().mouseDoubleClickEvent(event)

    def moveCursor(self, action, modifiers) -> QModelIndex:  # noqa: N802 - Qt's name
        """Home and End go to the first and last row, as in a tree (a table's go along the row's cells);
        the current cell stays in the name column, where type-to-find looks."""
        rows = self.model().rowCount() if self.model() is not None else 0
        if rows and action in (self.CursorAction.MoveHome, self.CursorAction.MoveEnd):
            return self.model().index(0 if action == self.CursorAction.MoveHome else rows - 1, NAME)
        return super().moveCursor(action, modifiers)

    def keyPressEvent(self, event) -> None:
        plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if plain and event.key() in _TREE_KEYS and self.currentIndex().isValid():
            self._tree_key(event.key())
            event.accept()
            return
        super().keyPressEvent(event)

    def _tree_key(self, key) -> None:
        """Left: to the unit, or close it; Right: open the unit, or to its first element; +, -, *."""
        model = self.army_model()
        ui, ei = model.position(self.currentIndex())
        if key == Qt.Key.Key_Asterisk:
            self.set_all_open(True)
        elif key in (Qt.Key.Key_Plus, Qt.Key.Key_Minus):
            self.set_open(ui, key == Qt.Key.Key_Plus)
        elif ei is not None:
            if key == Qt.Key.Key_Left:
                self.setCurrentIndex(model.element_index(ui, None))
        elif key == Qt.Key.Key_Left:
            self.set_open(ui, False)
        elif not model.is_open(ui):
            self.set_open(ui, True)
        elif model.has_elements(ui):
            self.setCurrentIndex(model.element_index(ui, 0))
