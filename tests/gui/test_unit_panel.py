"""The unit panel (gui/unit_panel.py) and what a unit's figures and weapons say."""

from __future__ import annotations

from tests.gui.helpers import (
    FUBAR,
)


def test_a_fubar_unit_counts_its_figures(qtbot, window):
    from PySide6.QtCore import Qt

    window.open_file(FUBAR)  # 1st Section: one element of 8 figures
    model = window.tree_model
    assert model.data(model.element_index(0, 0, 1), Qt.DisplayRole) == 8  # was Qty 1
    assert model.data(model.element_index(0, None, 1), Qt.DisplayRole) == 8
    window.select(0, None)
    assert "1 element, 8 figures" in window.unit_panel.total.text()  # was "1 elements, 1 models"


def test_a_unit_made_a_vehicle_mounts_each_weapon_once_and_says_so(qtbot, window):
    window.open_file(FUBAR)
    doc = window.document
    window.select(0, 0)
    before = doc.element(0, 0)
    doc.edit_element(0, 0, ("kind",), "vehicle", "kind")
    after = doc.element(0, 0)
    assert after.kind == "vehicle" and [w.count for w in after.weapons] == [1, 1, 1]  # was 6 assault rifles
    assert after.figures == before.figures  # its crew and passengers
    message = window.statusBar().currentMessage()
    assert message.startswith("A vehicle is one model; Figures (8) are its crew and passengers")
    assert "Assault Rifle 6 → 1" in message
    doc.undo_stack.undo()  # one step puts back the kind and the weapons
    assert doc.element(0, 0) == before
