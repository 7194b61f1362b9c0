"""The first ten minutes of a player: typing, shortcuts, docks, dice, keyboard and the small frictions."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QLineEdit

from warbench.gui import settings
from warbench.gui.docks import DOCK_BY_KEY, DOCKS
from warbench.gui.document import ArmyDocument
from warbench.model.resources import examples_dir
from warbench.model.systems import get_system, system_ids

HUMAN = examples_dir() / "human-force.army.json"
DUKE = examples_dir() / "duke-it-out-brick-brigade.army.json"


@pytest.fixture
def loaded(loaded):
    """The shared Human Force window (conftest), active: these tests send keys to it."""
    loaded.activateWindow()
    return loaded


def focused():
    return QApplication.focusWidget()


# --- typing -----------------------------------------------------------------------------------
def test_army_name_keeps_its_spaces_while_typing(qtbot, loaded):
    name = loaded.header.name
    name.setFocus()
    name.clear()
    qtbot.keyClicks(name, "The Iron Legion ")
    assert name.text() == "The Iron Legion "  # nothing rewritten under the cursor
    assert loaded.document.army.name == "The Iron Legion"
    qtbot.keyClick(name, Qt.Key_Return)  # committed: normalised
    assert name.text() == "The Iron Legion"


def test_element_name_keeps_its_spaces_while_typing(qtbot, loaded):
    field = loaded.form.editors[("name",)].widget
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, " Human Sword Bearer ")
    assert field.text() == " Human Sword Bearer "
    ui, ei = loaded.selected
    assert loaded.document.element(ui, ei).name == " Human Sword Bearer "
    field.editingFinished.emit()
    assert field.text() == "Human Sword Bearer" == loaded.document.element(ui, ei).name


# --- shortcuts and docks -------------------------------------------------------------------------
def test_f2_in_the_tree_opens_attributes_not_a_rename(qtbot, loaded):
    loaded.tree.setFocus()
    qtbot.keyClick(loaded.tree, Qt.Key_F2)
    assert loaded.tree.state() != loaded.tree.State.EditingState
    assert loaded.reference.docks["attributes"].isVisible()
    assert focused() is loaded.reference.attribute_browser.search


def test_rename_has_its_own_key(qtbot, loaded):
    loaded.select(1, None)
    loaded.commands.rename_action.trigger()
    assert loaded.tree.state() == loaded.tree.State.EditingState
    editor = focused()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, "Second Squad")
    loaded.tree.itemDelegate().commitData.emit(editor)  # what Return does in a live window
    assert loaded.document.army.units[1].name == "Second Squad"
    actions = loaded.findChildren(type(loaded.commands.rename_action))
    shortcuts = [k.toString() for a in actions for k in a.shortcuts() if not k.isEmpty()]
    assert len(shortcuts) == len(set(shortcuts)), "two actions share a shortcut"


@pytest.mark.parametrize("dock", [d.key for d in DOCKS])
def test_panel_keys_bring_their_panel_to_the_front_focused(qtbot, loaded, dock):
    for other in DOCKS:  # every panel open, tabbed: the others in front first
        if other.key != dock and loaded.reference.dock_actions[other.key].isEnabled():
            loaded.reference.show_dock(other.key)
    key = QKeySequence(DOCK_BY_KEY[dock].shortcut)[0].key()
    loaded.tree.setFocus()
    qtbot.keyClick(loaded.tree, key)
    assert in_front(qtbot, loaded.reference.docks[dock])
    panel = loaded.reference.dock_widgets[dock]
    field = getattr(panel, "search", None) or getattr(panel, "expression", None)  # where the panel takes typing
    assert focused() is field if field is not None else panel.isAncestorOf(focused())
    qtbot.keyClick(focused(), key)  # again, from inside the panel: it closes
    assert not loaded.reference.docks[dock].isVisible()


def in_front(qtbot, dock) -> bool:
    qtbot.wait(20)
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def test_view_menu_brings_a_background_tab_to_the_front(qtbot, loaded):
    loaded.reference.show_dock("dice")
    loaded.reference.show_dock("attributes")
    assert not in_front(qtbot, loaded.reference.docks["dice"])  # a background tab
    loaded.reference.dock_actions["dice"].trigger()
    assert in_front(qtbot, loaded.reference.docks["dice"])
    assert focused() is loaded.reference.dice_panel.expression


def test_quick_lookup_takes_the_typing(qtbot, loaded):
    loaded.tree.setFocus()
    qtbot.keyClick(loaded.tree, Qt.Key_K, Qt.ControlModifier)
    qtbot.waitUntil(lambda: focused() is loaded.reference.lookup.input)
    qtbot.keyClicks(focused(), "fly")
    assert loaded.reference.lookup.input.text() == "fly"
    loaded.reference.lookup.close()


def test_spells_panel_only_for_systems_with_spells(qtbot, loaded, answers):
    assert loaded.reference.dock_actions["spells"].isEnabled()
    loaded.open_file(DUKE)
    assert not loaded.reference.dock_actions["spells"].isEnabled()
    loaded.open_file(examples_dir() / "fubar-rifle-platoon.army.json")
    assert not loaded.reference.dock_actions["spells"].isEnabled()


# --- dice --------------------------------------------------------------------------------------------
def test_dice_results_do_not_go_stale(qtbot, loaded):
    panel = loaded.reference.dice_panel
    panel.roll_expression("2d6")
    assert panel.result.text() != "—" and panel.chart.points
    panel.expression.clear()
    qtbot.keyClicks(panel.expression, "3d6+x")
    assert panel.error.text()
    assert panel.result.text() == "—" and panel.detail.text() == "" and panel.chart.points == []
    assert panel.odds.text() == ""
    panel.roll_expression("2d6")
    panel.presets.setCurrentIndex(1)
    panel.presets.activated.emit(1)
    expression, target = panel.presets.itemData(1)
    assert panel.expression.text() == expression and panel.target.value() == target
    assert panel.result.text() == "—" and panel.chart.rolled is None


def test_lucky_is_one_reroll_per_game_with_both_figures(qtbot, loaded):
    panel = loaded.reference.dice_panel
    panel.check_die.setCurrentIndex(panel.check_die.findData(6))
    panel.check_attacks.setValue(3)
    text = panel.check_chance.text()
    assert "3 attacks: mean 1.50 hits" in text
    assert "with your Lucky re-roll spent here: mean 1.94 hits" in text  # 3/2 + 7/16, not 9/4
    panel.check_attacks.setValue(1)
    assert panel.check_attacks.suffix() == " attack" and "1 attack:" in panel.check_chance.text()
    panel.check_attacks.setValue(30)
    panel.check_reroll.setChecked(True)
    panel.roll_check()
    assert panel.detail.text().count("→") == 1
    assert not panel.check_reroll.isEnabled() and not panel.check_reroll.isChecked()  # spent for the game
    panel.roll_check()
    assert "→" not in panel.detail.text()
    panel.new_game.click()
    assert panel.check_reroll.isEnabled()


def test_one_hit_and_one_attack_are_singular(qtbot, loaded):
    panel = loaded.reference.dice_panel
    panel.check_die.setCurrentIndex(panel.check_die.findData(20))
    panel.check_mod.setValue(2)
    panel.check_attacks.setValue(1)
    hits = panel.roll_check()
    assert panel.result.text() == f"{hits} hit" + ("" if hits == 1 else "s")
    assert panel.history_rows[0][1].startswith("1 attack ")


# --- files and export --------------------------------------------------------------------------------
def test_export_without_a_viewer_says_so_and_offers_the_folder(qtbot, loaded, answers, tmp_path):
    answers.export_path = str(tmp_path / "sheet.pdf")
    answers.open_pdf = True
    answers.viewer_works = False
    answers.show_folder = True
    assert loaded.files.export_document("sheet")
    assert answers.opened == [answers.export_path, str(tmp_path.resolve())]
    assert f"show_folder:{answers.export_path}" in answers.asked
    assert answers.errors and "PDF is in" in answers.errors[0][1]  # nothing opened the folder either


def test_a_missing_file_leaves_open_recent(qtbot, loaded, answers, tmp_path):
    gone = tmp_path / "gone.army.json"
    gone.write_bytes(HUMAN.read_bytes())
    assert loaded.open_file(gone)
    assert str(gone.resolve()) in settings.RECENT_FILES.read()
    gone.unlink()
    action = next(a for a in loaded.files.recent_menu.actions() if a.data() == str(gone.resolve()))
    loaded.document.undo_stack.setClean()
    action.trigger()
    assert answers.errors and "gone.army.json" in answers.errors[-1][1]
    assert str(gone.resolve()) not in settings.RECENT_FILES.read()
    assert all(a.data() != str(gone.resolve()) for a in loaded.files.recent_menu.actions())


# --- keyboard --------------------------------------------------------------------------------------
def test_tab_from_the_tree_goes_to_the_element_form(qtbot, loaded):
    loaded.select(0, 0)
    loaded.tree.setFocus()
    qtbot.keyClick(loaded.tree, Qt.Key_Tab)
    assert focused() is loaded.form.editors[("name",)].widget
    assert loaded.cost_panel.table.tabKeyNavigation() is False


def test_ctrl_z_undoes_while_a_field_has_focus(qtbot, loaded):
    field = loaded.form.editors[("name",)].widget
    ui, ei = loaded.selected
    before = loaded.document.element(ui, ei).name
    field.setFocus()
    qtbot.waitUntil(lambda: focused() is field)
    field.selectAll()
    qtbot.keyClicks(field, "Renamed")
    qtbot.keyClick(field, Qt.Key_Return)
    assert loaded.document.element(ui, ei).name == "Renamed"
    qtbot.keyClick(field, Qt.Key_Z, Qt.ControlModifier)
    assert loaded.document.element(ui, ei).name == before
    assert field.text() == before
    qtbot.keyClick(field, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    assert loaded.document.element(ui, ei).name == "Renamed"


def test_ctrl_z_in_a_spin_box_undoes_the_document(qtbot, loaded):
    spin = loaded.form.editors[("count",)].widget
    ui, ei = loaded.selected
    before = loaded.document.element(ui, ei).count
    spin.setFocus()
    qtbot.waitUntil(lambda: focused() is spin)
    spin.setValue(before + 3)
    qtbot.keyClick(spin, Qt.Key_Z, Qt.ControlModifier)
    assert loaded.document.element(ui, ei).count == before


# --- the small ones -----------------------------------------------------------------------------------
def test_browsers_drop_the_previous_systems_search(qtbot, loaded, answers):
    browser = loaded.reference.attribute_browser
    loaded.reference.show_dock("attributes")
    qtbot.keyClicks(browser.search, "fly")
    loaded.open_file(examples_dir() / "2d6-dust-raiders.army.json")
    assert browser.search.text() == ""
    assert browser.visible_names()


def test_systems_without_points_get_no_limit(qtbot, loaded, answers):
    for system in [sid for sid in system_ids() if not get_system(sid).pricing.has_points]:
        answers.new_army = (system, "Platoon", 1000)
        loaded.document.undo_stack.setClean()
        loaded.files.new_army()
        assert loaded.document.army.points_limit is None
        assert "1000" not in loaded.header.bar.format()
        assert not loaded.header.limit.isEnabled()


def test_not_applied_message_goes_with_its_edit(qtbot, loaded):
    loaded.form.editors[("count",)].widget.setValue(3)
    field = loaded.form.editors[("name",)].widget
    field.setFocus()
    field.selectAll()
    qtbot.keyClick(field, Qt.Key_Delete)
    field.editingFinished.emit()  # an empty name is refused
    assert loaded.form.message.text().startswith("Not applied")
    loaded.document.undo_stack.undo()
    assert loaded.form.message.text() == ""


def test_ctrl_up_on_a_first_element_moves_it_to_the_previous_unit(qtbot, loaded):
    doc = loaded.document
    moved = doc.army.units[1].elements[0].name
    loaded.select(1, 0)
    loaded.tree.setFocus()
    qtbot.keyClick(loaded.tree, Qt.Key_Up, Qt.ControlModifier)
    assert doc.army.units[0].elements[-1].name == moved and loaded.selected == (0, len(doc.army.units[0].elements) - 1)
    qtbot.keyClick(loaded.tree, Qt.Key_Down, Qt.ControlModifier)
    assert doc.army.units[1].elements[0].name == moved and loaded.selected == (1, 0)
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    loaded.select(0, 0)
    qtbot.keyClick(loaded.tree, Qt.Key_Up, Qt.ControlModifier)
    assert "already the first element of the first unit" in loaded.statusBar().currentMessage()
    assert doc.undo_stack.index() == 0


def test_weapon_browser_does_not_call_range_a_cost(qtbot, loaded, answers):
    loaded.open_file(examples_dir() / "2d6-dust-raiders.army.json")
    browser = loaded.reference.attribute_browser
    titles = [browser.model.headerData(c, Qt.Horizontal) for c in range(browser.model.columnCount())]
    assert "Cost" not in titles and "Range · shots" in titles


def test_duke_templates_used_in_the_army(qtbot, loaded, answers):
    loaded.open_file(DUKE)
    browser = loaded.reference.attribute_browser
    loaded.reference.show_dock("attributes")
    browser.used.setChecked(True)
    used = browser.visible_names()
    assert used
    browser.select(browser.proxy.index(0, 0).data(Qt.UserRole))
    assert "Used in this army by" in browser.detail.toHtml()
    costs = [browser.model.index(r, 1).data() for r in range(browser.model.rowCount())]
    assert "2 pts" in costs and "1.5 pts" in costs and "12-18 pts" in costs
    assert not any(c.startswith("0") for c in costs)


def test_unit_total_and_counts_read_naturally(qtbot, loaded, answers):
    loaded.select(0, 0)
    assert not loaded.cost_panel.unit_total.text().startswith("Unit Unit")
    assert loaded.cost_panel.unit_total.text().startswith("Unit total: ")
    doc = ArmyDocument.new("duke-it-out", "One", None)
    doc.add_unit("Only")
    from warbench.model.report import force_summary

    assert force_summary(doc.army, doc.cost, doc.system) in (
        "1 unit",
        *[doc.system.presentation.figures_text(doc.cost.figures)],
    )


def test_new_army_dialog_disables_the_limit_without_points(qtbot, app, monkeypatch):
    from PySide6.QtWidgets import QComboBox, QDialog, QSpinBox

    from warbench.gui import dialogs

    seen = []

    def answer(dialog):
        combo, limit = dialog.findChild(QComboBox), dialog.findChild(QSpinBox)
        seen.append(limit.isEnabled())
        combo.setCurrentIndex(combo.findData("fubar"))
        seen.append(limit.isEnabled())
        return QDialog.Accepted

    monkeypatch.setattr(QDialog, "exec", answer)
    assert dialogs.new_army(None) == ("fubar", "New army", None)
    assert seen == [True, False]
