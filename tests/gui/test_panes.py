"""Tab and F6 through the window's panes (gui/panes.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.gui.helpers import (
    focused,
)


def test_tab_from_the_tree_goes_to_the_element_form(qtbot, active):
    active.select(0, 0)
    active.tree.setFocus()
    qtbot.keyClick(active.tree, Qt.Key_Tab)
    assert focused() is active.form.editors[("name",)].widget
    assert active.cost_panel.table.tabKeyNavigation() is False
