"""The window's docks (gui/docks.py): their keys and View items, tabs, room at 1024x700, and the rule opened
from where it is used."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QLabel, QToolButton, QWidget

from tests.gui.helpers import DUKE, HUMAN, focused, in_front, shown_rule
from warbench.gui import settings
from warbench.gui.docks import DOCK_BY_KEY, DOCKS
from warbench.model.resources import examples_dir


def test_f2_in_the_tree_opens_attributes_not_a_rename(qtbot, active):
    active.tree.setFocus()
    qtbot.keyClick(active.tree, Qt.Key_F2)
    assert active.tree.state() != active.tree.State.EditingState
    assert active.reference.docks["attributes"].isVisible()
    assert focused() is active.reference.attribute_browser.search


@pytest.mark.parametrize("dock", [d.key for d in DOCKS])
def test_panel_keys_bring_their_panel_to_the_front_focused(qtbot, active, dock):
    for other in DOCKS:  # every panel open, tabbed: the others in front first
        if other.key != dock and active.reference.dock_actions[other.key].isEnabled():
            active.reference.show_dock(other.key)
    key = QKeySequence(DOCK_BY_KEY[dock].shortcut)[0].key()
    active.tree.setFocus()
    qtbot.keyClick(active.tree, key)
    assert in_front(qtbot, active.reference.docks[dock])
    panel = active.reference.dock_widgets[dock]
    field = getattr(panel, "search", None) or getattr(panel, "expression", None)  # where the panel takes typing
    assert focused() is field if field is not None else panel.isAncestorOf(focused())
    qtbot.keyClick(focused(), key)  # again, from inside the panel: it closes
    assert not active.reference.docks[dock].isVisible()


def test_view_menu_brings_a_background_tab_to_the_front(qtbot, active):
    active.reference.show_dock("dice")
    active.reference.show_dock("attributes")
    assert not in_front(qtbot, active.reference.docks["dice"])  # a background tab
    active.reference.dock_actions["dice"].trigger()
    assert in_front(qtbot, active.reference.docks["dice"])
    assert focused() is active.reference.dice_panel.expression


def test_spells_panel_only_for_systems_with_spells(qtbot, active, answers):
    assert active.reference.dock_actions["spells"].isEnabled()
    active.open_file(DUKE)
    assert not active.reference.dock_actions["spells"].isEnabled()
    active.open_file(examples_dir() / "fubar-rifle-platoon.army.json")
    assert not active.reference.dock_actions["spells"].isEnabled()


def test_a_panel_saved_wide_comes_back_within_a_third_of_the_window(qtbot, make_window):
    from PySide6.QtCore import Qt

    first = make_window()
    first.open_file(HUMAN)
    first.reference.show_dock("matchup")
    first.resize(1358, 732)
    first.resizeDocks([first.reference.docks["matchup"]], [650], Qt.Orientation.Horizontal)  # as the issue found it
    first.layout().activate()
    assert first.reference.docks["matchup"].width() > 1358 // 3  # the state saved holds a wide panel
    first.save_settings()
    again = make_window()
    again.open_file(HUMAN)
    again.resize(1300, 700)
    again.restoreState(settings.WINDOW_STATE.read())  # the saved panel, then the window maximised (a WM's resize)
    again.resize(1358, 732)
    qtbot.wait(20)
    assert again.reference.docks["matchup"].isVisible()
    assert again.reference.docks["matchup"].width() <= 1358 // 3  # was ~650
    assert again.cost_panel.width() >= again.cost_panel.readable_width()  # was ~125


def test_the_spells_panel_comes_back_after_an_army_without_spells(qtbot, loaded):
    """Open, then a FUBAR army (no spells: the panel goes), then a Flat Out War army again: it was gone for good."""
    loaded.reference.show_dock("spells")
    loaded.reference.show_dock("attributes")  # in front; Spells behind its tab
    loaded.start.new_army_of("fubar")
    assert not loaded.reference.docks["spells"].toggleViewAction().isChecked()
    loaded.open_file(examples_dir() / "human-force.army.json")
    assert (
        loaded.reference.docks["spells"].toggleViewAction().isChecked()
        and loaded.reference.dock_actions["spells"].isEnabled()
    )
    assert loaded.reference.attribute_browser.isVisible()  # the panel in front stays in front


def test_a_spells_panel_the_player_never_opened_stays_closed(qtbot, loaded):
    loaded.start.new_army_of("fubar")
    loaded.open_file(examples_dir() / "human-force.army.json")
    assert not loaded.reference.docks["spells"].toggleViewAction().isChecked()


def test_a_panel_floats_where_the_screen_has_no_room_beside_the_builder(qtbot, make_window):
    """1024x700 at QT_SCALE_FACTOR=1.5 is 682 px wide: the first panel opened grew the window past the screen's
    edge, the panel itself off screen. Here the offscreen screen is 800 px and the window 700."""
    w = make_window()
    w.resize(700, 560)
    w.open_file(examples_dir() / "human-force.army.json")
    available = w.screen().availableGeometry()
    from warbench.gui.dice_panel import DicePanel

    panel = DicePanel()
    qtbot.addWidget(panel)
    assert w.centralWidget().minimumSizeHint().width() + panel.minimumSizeHint().width() > available.width()
    w.reference.show_dock("dice")
    dock = w.reference.docks["dice"]
    assert dock.isFloating() and dock.isVisible()
    assert available.contains(dock.frameGeometry()) or available.contains(dock.geometry())
    assert w.width() == 700  # the window did not grow
    w.reference.show_dock("attributes")
    assert w.width() == 700 and w.reference.docks["attributes"].isVisible()


def test_clicking_an_attribute_name_in_the_form_opens_its_rule(qtbot, loaded):
    loaded.select(0, 0)  # Assault Squad / Assault Troop: Agile, Brave
    rows = loaded.form.attribute_editor
    link = rows.findChild(QLabel, "ruleLink_0")
    assert "F1" in link.toolTip()
    browser = loaded.reference.show_dock("attributes")
    browser.search.setText("morale")  # a search that hides Agile
    loaded.reference.show_dock("dice")  # another tab in front
    assert not in_front(qtbot, loaded.reference.docks["attributes"])
    link.linkActivated.emit(link.text().split("href='")[1].split("'")[0])
    assert shown_rule(loaded, "attributes") == "agile"
    assert in_front(qtbot, loaded.reference.docks["attributes"])
    assert "Agile" in browser.detail.toPlainText() and browser.search.text() == ""


def test_f1_in_an_attribute_row_opens_its_rule(qtbot, loaded):
    loaded.select(0, 0)
    row = loaded.form.attribute_editor.findChild(QWidget, "attribute_1_brave")
    remove = row.findChild(QToolButton)
    remove.setFocus()
    loaded.reference.open_rule_here()
    assert shown_rule(loaded, "attributes") == "brave"
    assert loaded.reference.rule_action.shortcut().toString() == "F1"


def test_a_cost_line_opens_its_rule(qtbot, loaded):
    loaded.select(0, 0)
    table = loaded.cost_panel.table
    labels = [table.item(r, 0).text() for r in range(table.rowCount())]
    row = next(r for r, text in enumerate(labels) if text.startswith("Brave"))
    assert "F1" in table.item(row, 0).toolTip()
    plain = next(r for r, text in enumerate(labels) if text.startswith("base"))
    table.setFocus()
    table.setCurrentCell(plain, 0)
    loaded.reference.open_rule_here()  # the base die has no entry of its own: nothing opens, the status bar says why
    assert "F1" in loaded.statusBar().currentMessage() and not loaded.reference.docks["attributes"].isVisible()
    table.setCurrentCell(row, 0)
    qtbot.keyClick(table, Qt.Key_Return)
    assert shown_rule(loaded, "attributes") == "brave" and in_front(qtbot, loaded.reference.docks["attributes"])


def test_a_spell_opens_its_rule(qtbot, loaded):
    loaded.select(0, 0)
    spells = loaded.form.spell_editor.list
    first, second = spells.item(0), spells.item(1)
    assert "F1" in first.toolTip()
    spells.itemDoubleClicked.emit(first)
    assert shown_rule(loaded, "spells") == first.data(Qt.UserRole) and in_front(qtbot, loaded.reference.docks["spells"])
    spells.setCurrentItem(second)
    spells.setFocus()
    loaded.reference.open_rule_here()
    assert shown_rule(loaded, "spells") == second.data(Qt.UserRole)
