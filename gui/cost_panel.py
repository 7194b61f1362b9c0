"""The live cost panel: the selected element's breakdown, totals and warnings."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QCoreApplication, QSize, Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from warbench.gui import plain
from warbench.gui.document import ArmyDocument, DocumentView
from warbench.gui.selection import Selection
from warbench.gui.unit_panel import unit_total
from warbench.model.cost_lines import points_text
from warbench.model.element_rules import line_rule
from warbench.model.report import force_summary, points_against_limit


class CostPanel(QWidget, DocumentView):
    """Shows where every point of the selected element comes from. Re-reads the
    document on every change; nothing here computes a cost."""

    warningActivated = Signal(int, int)  # unit, element (-1, -1 for army warnings)
    ruleRequested = Signal(str, str)  # kind ("attribute" | "spell"), entry id: open its full rule
    _rows: list[tuple] = []  # the element's lines as the table shows them (an edit rebuilds only those that changed)
    _warnings_shown: list[tuple] = []  # (text, at, rule) of each warning the list shows

    READABLE_CHARS = 36  # "Pulse Rifle d6, 24\"" and its points on one line: what a dock leaves it when it can

    def readable_width(self) -> int:
        return self.fontMetrics().averageCharWidth() * self.READABLE_CHARS

    def __init__(self, document: ArmyDocument, selection: Selection | None = None, parent=None):
        super().__init__(parent)
        self.document = document
        self.selection = selection or Selection(self)
        self.selection.changed.connect(self.refresh)
        self.title = plain.rich_label(self.tr("No element selected"))
        self.title.setObjectName("costTitle")
        self.title.setWordWrap(True)
        self.table = QTableWidget(0, 2)
        self.table.setObjectName("breakdown")
        self.table.setAccessibleName(self.tr("Cost lines of the selected element"))
        self.table.setHorizontalHeaderLabels([self.tr("Item"), self.tr("Points")])
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(22)
        # a narrow panel wraps a line's name onto more lines instead of cutting it ("Pulse Rifl…")
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.setWordWrap(True)  # up to three lines; a longer name ends in "…" (its tip has it whole)
        self.table.verticalHeader().setMaximumSectionSize(3 * self.fontMetrics().lineSpacing() + 6)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.itemActivated.connect(self._open_rule)  # Enter or double-click on a line
        self.table.setTabKeyNavigation(False)  # Tab leaves the table instead of walking its cells
        self.element_total = QLabel()
        self.element_total.setObjectName("elementTotal")
        self.element_total.setWordWrap(True)
        self.published = QLabel()  # where the printed cost differs from ours: the errata's explanation
        self.published.setObjectName("published")
        self.published.setWordWrap(True)
        self.published.setTextFormat(Qt.TextFormat.RichText)
        self.published.hide()
        self.unit_total = plain.label()
        self.army_total = plain.label()
        for total in (self.unit_total, self.army_total):  # "Army: 5 units, 18 figures; routs after…" wraps
            total.setWordWrap(True)
        self.warnings = QListWidget()
        self.warnings.setObjectName("warnings")
        self.warnings.setAccessibleName(self.tr("Warnings"))
        self.warnings.setWordWrap(True)
        self.warnings.setSpacing(2)  # one warning per row, each its own target
        self.warnings.setAlternatingRowColors(True)
        self.warnings.setIconSize(QSize(16, 16))
        self.warnings.itemActivated.connect(self._activate)
        self.warnings.itemClicked.connect(self._activate)
        box = QGroupBox(self.tr("Warnings"))
        QVBoxLayout(box).addWidget(self.warnings)
        layout = QVBoxLayout(self)
        for widget in (self.title, self.table, self.element_total, self.published, self.unit_total, self.army_total):
            layout.addWidget(widget)
        layout.addWidget(box)
        layout.setStretch(1, 3)
        layout.setStretch(layout.indexOf(box), 2)

    def set_document(self, document: ArmyDocument) -> None:
        self.follow(document)
        self.refresh()

    def show_element(self, ui: int | None, ei: int | None) -> None:
        self.selection.set(ui, ei)

    def refresh(self) -> None:
        doc, cost = self.document, self.document.cost
        cur = doc.system.presentation.currency
        sel = self.selection.element
        if sel and (sel[0] >= len(cost.units) or sel[1] >= len(cost.units[sel[0]].elements)):
            sel = None
        if sel:
            self._show_element(*sel)
        elif (unit := self._unit_index()) is not None:
            self._show_unit(unit)
        else:
            self._show_nothing()
        for total in (self.element_total, self.unit_total):  # an empty line leaves no gap
            total.setVisible(bool(total.text()))
        self.army_total.setText(
            self.tr("Army: {total}").format(
                total=force_summary(doc.army, cost, doc.system)
                if cost.total is None
                else points_against_limit(cost.total, doc.army.points_limit, cur)
            )
        )
        self._show_warnings(cost.warnings)

    def _show_element(self, ui: int, ei: int) -> None:
        """An element's cost: its lines (each linked to its rule), its totals and its unit's."""
        doc, cost = self.document, self.document.cost
        ec = cost.units[ui].elements[ei]
        self._set_title(ec.name, cost.units[ui].name)
        element = doc.army.units[ui].elements[ei]
        rows = [
            (line.item, points_text(line.points), line.detail, line_rule(doc.system, element, line.item))
            for line in ec.breakdown
        ]
        rows += [
            (key.replace("_", " "), str(value), "", None) for key, value in ec.figures.items() if value is not None
        ]
        self._set_header([self.tr("Item"), self.tr("Points") if doc.system.pricing.has_points else self.tr("Value")])
        self._fill_lines(rows)
        self._show_element_totals(ui, ei)

    def _fill_lines(self, rows: list[tuple]) -> None:
        """The table's lines (item, points, detail, rule): a line the same as shown is not rebuilt."""
        shown = self._rows if self.table.rowCount() == len(rows) else []
        self.table.setRowCount(len(rows))
        link = self.palette().color(QPalette.ColorRole.Link)
        self._rows = rows
        for row, (label, value, detail, rule) in enumerate(rows):
            if row < len(shown) and shown[row] == rows[row]:
                continue  # the same line: its cells are not rebuilt, so they are not repainted
            item = QTableWidgetItem(label)
            points = QTableWidgetItem(value)
            points.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            tip = f"{label}\n\n{detail}" if detail and len(label) > plain.NAME_CHARS else detail or label
            if rule is not None:
                item.setData(Qt.ItemDataRole.UserRole, f"{rule[0]}:{rule[1]}")
                item.setForeground(link)
                tip += self.tr("\n\nDouble-click, Enter or F1: the full rule in the browser")
            item.setToolTip(plain.tip(tip))
            points.setToolTip(plain.tip(tip if rule is not None else detail))
            self.table.setItem(row, 0, item)
            self.table.setItem(row, 1, points)

    def _show_element_totals(self, ui: int, ei: int) -> None:
        """The element's total, its published cost where it differs, its unit's total."""
        doc, cost = self.document, self.document.cost
        cur = doc.system.presentation.currency
        ec = cost.units[ui].elements[ei]
        if ec.cost_each is None:
            self.element_total.setText(self.tr("<b>No points</b> in this system (enter your own if you use them)"))
        else:
            each, all_of_them = points_text(ec.cost_each), points_text(ec.total)
            self.element_total.setText(
                self.tr("<b>Element: {each} {currency}</b> × {count} = {total} {currency}").format(
                    each=each, currency=cur, count=ec.count, total=all_of_them
                )
            )
        difference = doc.published_difference(ui, ei)
        self.published.setVisible(difference is not None)
        if difference is not None:
            # the reason in brief (the table keeps its room); the full arithmetic in the tooltip
            short = difference.explanation(arithmetic=False)
            self.published.setText(
                f"<b>{escape(difference.summary(cur), quote=False)}</b><br>{escape(short, quote=False)}"
            )
            self.published.setToolTip(plain.tip(difference.explanation()))
        unit_cost = cost.units[ui].cost
        self.unit_total.setText(
            self.tr("Unit total: {points}").format(
                points=self.tr("no points") if unit_cost is None else f"{points_text(unit_cost)} {cur}"
            )
        )

    def _show_nothing(self) -> None:
        """Nothing selected: the panel asks for a unit or an element."""
        self.title.setText(self.tr("Select a unit or an element to see its cost"))
        self.title.setToolTip("")
        self._rows = []
        self.table.setRowCount(0)
        self.element_total.setText("")
        self.published.hide()
        self.unit_total.setText("")

    def _set_title(self, name: str, of: str) -> None:
        """ "<b>Name</b> — of", each name cut short (a pasted 10,000-character name must not take the table's
        room); the whole of both in the tool tip."""
        self.title.setText(f"<b>{escape(plain.short(name), quote=False)}</b> — {escape(plain.short(of), quote=False)}")
        self.title.setToolTip(plain.tip(f"{name} — {of}"))

    def _set_header(self, labels: list[str]) -> None:
        if [self.table.horizontalHeaderItem(c).text() for c in range(2)] != labels:  # type: ignore[union-attr]
            self.table.setHorizontalHeaderLabels(labels)

    def _show_warnings(self, warnings) -> None:
        """The list of warnings, rebuilt only when they changed (most edits leave them as they were, and a
        rebuilt list is repainted whole)."""
        shown = [(str(w), w.at, w.rule) for w in warnings]
        before, self._warnings_shown = self._warnings_shown, shown
        if shown and len(shown) == len(before) and self.warnings.count() == len(shown):
            for row, warning in enumerate(shown):
                if warning != before[row]:  # e.g. the points over the limit: that row only
                    self._set_warning(self.warnings.item(row), *warning)
            return
        if not shown and not before and self.warnings.count():
            return  # still "No warnings"
        self.warnings.clear()
        for warning in shown:
            entry = QListWidgetItem()
            entry.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning))
            self._set_warning(entry, *warning)
            self.warnings.addItem(entry)
        if not shown:
            entry = QListWidgetItem(self.tr("No warnings"))
            entry.setFlags(Qt.ItemFlag.NoItemFlags)
            self.warnings.addItem(entry)

    @staticmethod
    def _set_warning(entry: QListWidgetItem, text: str, at, rule: str) -> None:
        entry.setText(text)
        entry.setData(Qt.ItemDataRole.UserRole, at)
        tip = QCoreApplication.translate("CostPanel", "rule: {rule}").format(rule=rule)
        click = QCoreApplication.translate("CostPanel", "\nClick to select it")
        entry.setToolTip(plain.tip(tip + (click if at else "")))

    def _unit_index(self) -> int | None:
        position = self.selection.position
        if position is None or position[1] is not None or position[0] >= len(self.document.cost.units):
            return None
        return position[0]

    def _show_unit(self, ui: int) -> None:
        """A selected unit: one line per element (count × each = total); activating a line selects it."""
        doc = self.document
        unit, cur, points = doc.cost.units[ui], doc.system.presentation.currency, doc.system.pricing.has_points
        self._set_title(unit.name, self.tr("unit"))
        self._set_header([self.tr("Element"), self.tr("Points") if points else self.tr("Count")])
        self._rows = []
        self.table.setRowCount(len(unit.elements))
        for row, ec in enumerate(unit.elements):
            each = "" if ec.cost_each is None or ec.count == 1 else f" ({ec.count} × {points_text(ec.cost_each)})"
            item = QTableWidgetItem(f"{ec.name}{each}")
            value = QTableWidgetItem(str(ec.count) if ec.total is None else points_text(ec.total))
            value.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            tip = (
                f"{ec.name}: {ec.count} × {points_text(ec.cost_each)} = {points_text(ec.total)} {cur}"
                if ec.total is not None
                else ec.name
            )
            item.setToolTip(
                plain.tip(tip + self.tr("\n\nDouble-click or Enter: select the element and see its cost lines"))
            )
            self.table.setItem(row, 0, item)
            self.table.setItem(row, 1, value)
        self.element_total.setText(unit_total(unit, doc.system, doc.army.units[ui]))
        self.published.hide()
        self.unit_total.setText("")

    def current_rule(self) -> tuple[str, str] | None:
        """The rule of the line under the keyboard focus (F1)."""
        row = self.table.currentRow()
        item = self.table.item(row, 0) if row >= 0 else None
        key = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if not key:
            return None
        kind, _, entry_id = key.partition(":")
        return kind, entry_id

    def _open_rule(self, item: QTableWidgetItem) -> None:
        ui = self._unit_index()
        if ui is not None:  # a unit's line: select its element
            self.selection.set(ui, item.row())
            return
        self.table.setCurrentCell(item.row(), 0)
        rule = self.current_rule()
        if rule is not None:
            self.ruleRequested.emit(*rule)

    def _activate(self, item: QListWidgetItem) -> None:
        at = item.data(Qt.ItemDataRole.UserRole)
        if at:
            self.warningActivated.emit(*at)
