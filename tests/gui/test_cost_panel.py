"""The cost panel (gui/cost_panel.py): cost lines, totals, warnings, and what an edit rebuilds."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication

from tests.gui.helpers import (
    HUMAN,
    builder_window,
)
from warbench.gui.document import ArmyDocument
from warbench.model.resources import examples_dir


def test_unit_total_and_counts_read_naturally(qtbot, active, answers):
    active.select(0, 0)
    assert not active.cost_panel.unit_total.text().startswith("Unit Unit")
    assert active.cost_panel.unit_total.text().startswith("Unit total: ")
    doc = ArmyDocument.new("duke-it-out", "One", None)
    doc.add_unit("Only")
    from warbench.model.report import force_summary

    assert force_summary(doc.army, doc.cost, doc.system) in (
        "1 unit",
        *[doc.system.presentation.figures_text(doc.cost.figures)],
    )


def test_a_pasted_10000_character_name_leaves_the_cost_table_its_rows(qtbot, window):
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QToolTip

    window.resize(1366, 740)
    window.open_file(HUMAN)
    long = ("Long name " * 1000).strip()  # 9,999 characters that wrap anywhere
    window.document.rename_unit(0, long)
    window.document.edit_element(0, 0, ("name",), long, "name")
    panel, line = window.cost_panel, window.cost_panel.fontMetrics().lineSpacing()
    for position in ((0, 0), (0, None)):  # the element's cost lines, then the unit's elements
        window.select(*position)
        QApplication.processEvents()
        assert panel.title.height() <= 4 * line, position  # was 329 px for the element, 383 for the unit
        assert panel.table.viewport().height() >= 8 * line  # was 50 px: three rows (the figure)
        assert all(panel.table.rowHeight(row) <= 3 * line + 6 for row in range(panel.table.rowCount()))
        assert long in panel.title.toolTip()  # the whole name, as text
    tree = window.tree
    cell = tree.visualRect(window.tree_model.element_index(0, None))
    QApplication.sendEvent(tree.viewport(), QHelpEvent(QEvent.Type.ToolTip, cell.center(), tree.mapToGlobal(QPoint())))
    assert long in QToolTip.text().replace("&nbsp;", " ")  # the tree's cut name, whole in its tool tip
    QToolTip.hideText()


def test_a_selected_unit_shows_its_cost_lines_in_the_cost_panel(loaded):
    panel = loaded.cost_panel
    loaded.select(1, None)
    unit, cost = loaded.document.army.units[1], loaded.document.cost.units[1]
    assert "Select" not in panel.title.text() and unit.name in panel.title.text()
    assert panel.table.rowCount() == len(unit.elements)
    for row, ec in enumerate(cost.elements):
        assert panel.table.item(row, 0).text().startswith(ec.name)
        assert panel.table.item(row, 1).text() == str(ec.total)
    assert f"Unit total: {cost.cost} pts" in panel.element_total.text()
    panel.table.itemActivated.emit(panel.table.item(1, 0))  # a line opens its element
    assert loaded.selected == (1, 1)
    assert panel.title.text().startswith(f"<b>{cost.elements[1].name}</b>")


def test_cost_lines_wrap_instead_of_being_cut_at_1024x700(qtbot, app, answers):
    w = builder_window(qtbot)
    w.reference.show_dock("attributes")
    w.select(1, 0)  # Tactical Troop: a Pulse Rifle line and attribute lines
    table = w.cost_panel.table
    qtbot.wait(10)
    metrics = table.fontMetrics()
    room = table.columnWidth(0) - 6
    for row in range(table.rowCount()):
        text = table.item(row, 0).text()
        needed = metrics.boundingRect(0, 0, room, 10_000, Qt.TextWordWrap, text).height()
        assert table.rowHeight(row) >= needed, (text, table.rowHeight(row), needed)
    assert any(table.rowHeight(row) > 22 for row in range(table.rowCount()))  # some line did need two
    w.document.undo_stack.setClean()


def test_the_army_line_of_the_cost_panel_wraps_in_a_narrow_panel(qtbot, app, answers):

    w = builder_window(qtbot)
    w.open_file(examples_dir() / "2d6-dust-raiders.army.json")  # "Army: 5 units, 18 figures; routs after losing 3"
    w.reference.show_dock("attributes")
    w.select(0, 0)
    qtbot.wait(10)
    line = w.cost_panel.army_total
    assert line.fontMetrics().horizontalAdvance(line.text()) > line.width()  # longer than the panel is wide…
    assert line.height() >= 2 * line.fontMetrics().height()  # … so it takes two lines instead of being cut
    w.document.undo_stack.setClean()


def test_errata_are_said_in_the_form_and_the_cost_panel(qtbot, loaded):
    loaded.select(0, 0)  # Assault Troop: printed 18, ours 20 (fow-so-1)
    panel, form = loaded.cost_panel.published, loaded.form.published
    assert panel.isVisible() and form.isVisible()
    assert "Published 18 pts, ours 20 pts (errata fow-so-1)" in panel.text()
    assert "Power Claw" in panel.text() and "Power Claw" in form.text()
    for label in (panel, form):  # the reason in brief (the cost table keeps its room), the arithmetic on hover
        assert "Our arithmetic" in label.toolTip() and "Our arithmetic" not in label.text()
    loaded.select(0, 1)  # the Sergeant agrees with the book
    assert not panel.isVisible() and not form.isVisible()


def test_warnings_carry_integer_positions_to_the_tree_and_the_cost_panel(window):
    from PySide6.QtCore import Qt

    window.open_file(HUMAN)
    doc = window.document
    doc.update_element(1, 1, lambda d: d["attributes"].extend([{"id": "brave"}] * 2), "Add Brave twice")
    warning = next(w for w in doc.cost.warnings if w.rule == "brave")
    assert warning.at == (1, 1)
    index = window.tree_model.element_index(1, 1)
    assert warning.message in window.tree_model.data(index, Qt.ToolTipRole)
    window.select(0, 0)
    item = next(
        window.cost_panel.warnings.item(i)
        for i in range(window.cost_panel.warnings.count())
        if window.cost_panel.warnings.item(i).text() == str(warning)
    )
    window.cost_panel.warnings.itemClicked.emit(item)
    assert window.selected == (1, 1)


def test_an_edit_rebuilds_only_the_cost_lines_and_warnings_it_changed(window):
    """What an edit leaves as it was is not rebuilt, so Qt repaints only what changed."""
    window.open_file(HUMAN)
    doc, panel = window.document, window.cost_panel
    doc.update_element(1, 1, lambda d: d["attributes"].extend([{"id": "brave"}] * 2), "Add Brave twice")
    window.select(0, 0)
    table = panel.table

    def cells():
        return [(table.item(r, 0), table.item(r, 0).text(), table.item(r, 1).text()) for r in range(table.rowCount())]

    lines, warnings = cells(), [panel.warnings.item(i) for i in range(panel.warnings.count())]
    move = doc.army.units[0].elements[0].move
    assert move > 2 and warnings[0].text() != "No warnings"
    doc.edit_element(0, 0, ("move",), move - 2, "move")  # cheaper: the same warnings
    after = cells()
    assert len(after) == len(lines)
    kept = [a[0] is b[0] for a, b in zip(after, lines)]
    same = [a[1:] == b[1:] for a, b in zip(after, lines)]
    assert kept == same and True in same and False in same  # the move line changed, the others did not
    assert [panel.warnings.item(i) for i in range(panel.warnings.count())] == warnings  # the very same items
