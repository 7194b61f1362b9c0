"""Issue 11 leftovers: the library's Pick dialog searches as the browsers do, the cost panel explains a
selected unit, and the other small frictions of a new player's first ten minutes."""

from __future__ import annotations

from PySide6.QtCore import Qt


def _shown(dialog) -> list[str]:
    rows = (dialog.list.item(i) for i in range(dialog.list.count()))
    return [item.data(Qt.UserRole + 1) for item in rows if not item.isHidden()]


def test_the_pick_dialog_forgives_as_the_browsers_do(qtbot):
    from gui.library import PickDialog

    rows = [("Heavy Armour Squad", "", 1), ("Re-roll Team", "", 2), ("Scouts", "", 3), ("Flying Wing", "", 4)]
    dialog = PickDialog("Insert from Library", rows, multi=False)
    qtbot.addWidget(dialog)
    for query, expected in (("armor", 1), ("reroll", 2), ("scuots", 3), ("flyng", 4), ("heavyarmour", 1)):
        dialog.search.clear()
        qtbot.keyClicks(dialog.search, query)
        assert dialog.picked() == [expected], query
        assert _shown(dialog)[0] == rows[expected - 1][0], query  # the best match is on top
    dialog.search.clear()
    assert _shown(dialog) == [label for label, _d, _p in rows]  # no search: every row, in its own order


def test_the_pick_dialog_keeps_check_marks_while_searching(qtbot):
    from gui.library import PickDialog

    dialog = PickDialog("Import", [("Alpha Squad", "", 1), ("Bravo Squad", "", 2), ("Charlie", "", 3)], multi=True)
    qtbot.addWidget(dialog)
    dialog.list.item(2).setCheckState(Qt.Checked)  # Charlie
    qtbot.keyClicks(dialog.search, "brvo")
    assert _shown(dialog)[0] == "Bravo Squad"
    dialog.list.item(0).setCheckState(Qt.Checked)
    dialog.search.clear()
    assert sorted(dialog.picked()) == [2, 3]


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
