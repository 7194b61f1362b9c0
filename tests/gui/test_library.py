"""The personal library's dialogs (gui/library.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.gui.helpers import (
    pick_dialog_rows,
)


def test_the_pick_dialog_forgives_as_the_browsers_do(qtbot):
    from warbench.gui.library import PickDialog

    rows = [("Heavy Armour Squad", "", 1), ("Re-roll Team", "", 2), ("Scouts", "", 3), ("Flying Wing", "", 4)]
    dialog = PickDialog("Insert from Library", rows, multi=False)
    qtbot.addWidget(dialog)
    for query, expected in (("armor", 1), ("reroll", 2), ("scuots", 3), ("flyng", 4), ("heavyarmour", 1)):
        dialog.search.clear()
        qtbot.keyClicks(dialog.search, query)
        assert dialog.picked() == [expected], query
        assert pick_dialog_rows(dialog)[0] == rows[expected - 1][0], query  # the best match is on top
    dialog.search.clear()
    assert pick_dialog_rows(dialog) == [label for label, _d, _p in rows]  # no search: every row, in its own order


def test_the_pick_dialog_keeps_check_marks_while_searching(qtbot):
    from warbench.gui.library import PickDialog

    dialog = PickDialog("Import", [("Alpha Squad", "", 1), ("Bravo Squad", "", 2), ("Charlie", "", 3)], multi=True)
    qtbot.addWidget(dialog)
    dialog.list.item(2).setCheckState(Qt.Checked)  # Charlie
    qtbot.keyClicks(dialog.search, "brvo")
    assert pick_dialog_rows(dialog)[0] == "Bravo Squad"
    dialog.list.item(0).setCheckState(Qt.Checked)
    dialog.search.clear()
    assert sorted(dialog.picked()) == [2, 3]
