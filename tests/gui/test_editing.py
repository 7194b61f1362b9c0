"""Issue 11 editing: copy/cut/paste/duplicate (through the system clipboard as JSON), drag and drop in the
army tree, its context menu, and the unit panel; all undoable."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QMenu

from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"
ALIEN = examples_dir() / "alien-force.army.json"
FUBAR = examples_dir() / "fubar-rifle-platoon.army.json"


def names(window) -> list[list[str]]:
    return [[e.name for e in u.elements] for u in window.document.army.units]


def clipboard_json() -> dict:
    return json.loads(QApplication.clipboard().text())


@pytest.fixture
def human(window, qtbot):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    assert window.open_file(HUMAN)
    return window


@pytest.fixture
def second(make_window):
    return make_window()


# --- copy, cut, paste, duplicate -------------------------------------------------------------
def test_copy_and_paste_an_element_between_two_armies_of_one_system(human, second):
    human.select(1, 0)
    copied = human.document.element(1, 0)
    human.commands.copy_action.trigger()
    data = clipboard_json()
    assert data["format"] == "warbench-clipboard" and data["system"] == "fow-special-ops"
    assert data["kind"] == "elements" and data["items"][0]["name"] == copied.name
    assert second.open_file(ALIEN)
    second.select(0, 0)
    before = names(second)
    second.commands.paste_action.trigger()
    assert names(second)[0] == [before[0][0], copied.name, *before[0][1:]]
    assert second.document.element(0, 1).model_dump() == copied.model_dump()
    assert second.selected == (0, 1) and second.form.position == (0, 1)
    second.document.undo_stack.undo()
    assert names(second) == before
    second.document.undo_stack.redo()
    assert names(second)[0][1] == copied.name


def test_cut_and_paste_a_unit_is_a_move_in_two_undoable_steps(human):
    doc = human.document
    units = [u.name for u in doc.army.units]
    human.select(0, None)
    human.commands.cut_action.trigger()
    assert [u.name for u in doc.army.units] == units[1:] and clipboard_json()["kind"] == "units"
    human.select(2, None)
    human.commands.paste_action.trigger()
    assert [u.name for u in doc.army.units] == [units[1], units[2], units[3], units[0], units[4]]
    assert human.selected == (3, None)
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert [u.name for u in doc.army.units] == units


def test_paste_into_another_system_is_refused_with_a_message(human, second, answers):
    assert second.open_file(FUBAR)
    second.select(0, 0)
    second.commands.copy_action.trigger()
    before = human.document.army
    human.select(0, 0)
    human.commands.paste_action.trigger()
    assert human.document.army is before and not human.document.modified
    title, text = answers.errors[-1]
    assert title == "Cannot paste" and "FUBAR" in text and "Flat Out War – Special Operations" in text


def test_paste_of_ordinary_text_changes_nothing_and_says_so(human):
    QApplication.clipboard().setText("The Iron Legion")
    before = human.document.army
    human.commands.paste_action.trigger()
    assert human.document.army is before
    assert "Nothing to paste" in human.statusBar().currentMessage()


def test_shortcuts_in_the_tree_and_in_a_text_field(human, qtbot):
    human.select(0, 0)
    human.tree.setFocus()
    qtbot.waitUntil(human.tree.hasFocus)
    qtbot.keyClick(human.tree, Qt.Key_C, Qt.ControlModifier)
    assert clipboard_json()["items"][0]["name"] == human.document.element(0, 0).name
    qtbot.keyClick(human.tree, Qt.Key_V, Qt.ControlModifier)
    assert names(human)[0][1] == names(human)[0][0] and human.selected == (0, 1)
    qtbot.keyClick(human.tree, Qt.Key_D, Qt.ControlModifier)
    assert names(human)[0][2] == names(human)[0][0] + " (copy)"
    qtbot.keyClick(human.tree, Qt.Key_X, Qt.ControlModifier)
    assert len(names(human)[0]) == 3 and clipboard_json()["items"][0]["name"].endswith(" (copy)")
    # in a text field, Ctrl+C copies text and Ctrl+V pastes text: the army is not touched
    field = next(f for f in human.form.findChildren(QLineEdit, "field_name") if f.isVisibleTo(human.form))
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    field.selectAll()
    before = human.document.army
    qtbot.keyClick(field, Qt.Key_C, Qt.ControlModifier)
    assert QApplication.clipboard().text() == field.text()
    field.setCursorPosition(len(field.text()))
    qtbot.keyClick(field, Qt.Key_V, Qt.ControlModifier)
    assert field.text() == before.units[0].elements[2].name * 2
    assert len(names(human)[0]) == 3  # nothing pasted into the army


# --- drag and drop ---------------------------------------------------------------------------
def drop(window, dragged, row: int, parent: QModelIndex) -> bool:
    model = window.tree_model
    data = model.mimeData([model.element_index(*dragged)])
    if not model.canDropMimeData(data, Qt.MoveAction, row, 0, parent):
        return False
    return model.dropMimeData(data, Qt.MoveAction, row, 0, parent)


def test_drag_an_element_to_another_unit_and_back_with_undo(human):
    model, doc = human.tree_model, human.document
    before = names(human)
    moved = before[0][0]
    assert drop(human, (0, 0), -1, model.element_index(2, None))  # onto a unit: at its end
    assert names(human)[0] == before[0][1:] and names(human)[2] == [*before[2], moved]
    assert human.selected == (2, len(before[2]))
    assert drop(human, (2, len(before[2])), model.row_of(1, 0), QModelIndex())  # between elements: there
    assert names(human)[1] == [moved, *before[1]]
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert names(human) == before


def test_drag_to_reorder_elements_and_units(human):
    model = human.tree_model
    before = names(human)
    assert drop(human, (0, 0), -1, model.element_index(0, 1))  # onto its sibling: takes its place
    assert names(human)[0] == [before[0][1], before[0][0]]
    units = [u.name for u in human.document.army.units]
    assert drop(human, (0, None), model.row_of(3), QModelIndex())  # between units 2 and 3
    assert [u.name for u in human.document.army.units] == [units[1], units[2], units[0], units[3], units[4]]
    assert human.selected == (2, None)
    # a unit lands between units only, not between two elements
    assert not drop(human, (1, None), model.row_of(2, 1), QModelIndex())
    # an element above the first unit has no unit to land in; above any other, it ends the unit above
    assert not drop(human, (1, 0), 0, QModelIndex())
    moved = names(human)[1][0]
    assert drop(human, (1, 0), model.row_of(4), QModelIndex())
    assert names(human)[3][-1] == moved and human.selected == (3, len(names(human)[3]) - 1)
    # dropped past the last row: a unit goes last, an element ends the last unit
    assert drop(human, (0, None), model.rowCount(), QModelIndex())
    assert human.document.army.units[-1].name == units[1]
    element = names(human)[0][0]
    assert drop(human, (0, 0), -1, QModelIndex())
    assert names(human)[-1][-1] == element and human.selected == (4, len(names(human)[4]) - 1)


def test_the_tree_drags_and_drops_by_moving(human):
    tree = human.tree
    assert tree.dragEnabled() and tree.acceptDrops()
    assert tree.dragDropMode() == tree.DragDropMode.InternalMove
    assert human.tree_model.flags(human.tree_model.element_index(0, 0)) & Qt.ItemIsDragEnabled


# --- the context menu ---------------------------------------------------------------------------
def test_context_menu_selects_the_row_and_offers_the_edits(human, qtbot):
    rect = human.tree.visualRect(human.tree_model.element_index(1, 0))
    menu = human.commands.tree_menu(rect.center())
    assert isinstance(menu, QMenu) and human.selected == (1, 0)
    names_in_menu = [a.objectName() for a in menu.actions() if not a.isSeparator()]
    for wanted in ("cut", "copy", "paste", "duplicate", "rename", "delete", "move_up", "move_down"):
        assert wanted in names_in_menu
    human.select(0, 0)
    human.tree.customContextMenuRequested.emit(rect.center())  # a right-click
    popup = next(m for m in human.findChildren(QMenu, "treeMenu") if m.isVisible())
    assert human.selected == (1, 0)
    popup.hide()
    element = human.document.element(1, 0).name
    next(a for a in menu.actions() if a.objectName() == "duplicate").trigger()
    assert names(human)[1][1] == f"{element} (copy)"


# --- the unit panel -----------------------------------------------------------------------------
def test_selecting_a_unit_shows_the_unit_panel(human):
    panel = human.unit_panel
    human.select(0, 0)
    assert not panel.isVisible() and human.form.isVisible()
    human.select(1, None)
    assert panel.isVisible() and not human.form.isVisible()
    unit, cost = human.document.army.units[1], human.document.cost.units[1]
    assert panel.name.text() == unit.name
    assert panel.notes.toPlainText() == unit.notes
    assert panel.elements.rowCount() == len(unit.elements)
    assert panel.elements.item(0, 0).text() == unit.elements[0].name
    assert panel.elements.item(0, 3).text() == str(cost.elements[0].total)
    assert f"Unit total: {cost.cost} pts" in panel.total.text()
    panel.elements.itemActivated.emit(panel.elements.item(1, 0))
    assert human.selected == (1, 1) and human.form.isVisible()


def test_rename_and_notes_in_the_unit_panel_are_undoable_and_keep_spaces(human, qtbot):
    human.select(2, None)
    panel, doc = human.unit_panel, human.document
    old = doc.army.units[2].name
    panel.name.setFocus()
    panel.name.selectAll()
    qtbot.keyClicks(panel.name, "Iron  Guard ")
    assert panel.name.text() == "Iron  Guard "  # not trimmed under the cursor
    assert doc.army.units[2].name == "Iron  Guard"
    panel.name.editingFinished.emit()
    assert panel.name.text() == "Iron  Guard"
    assert human.tree_model.data(human.tree_model.element_index(2, None)) == "Iron  Guard"
    panel.notes.setFocus()
    qtbot.keyClicks(panel.notes, "Hold the ford")
    assert doc.army.units[2].notes.endswith("Hold the ford")
    doc.undo_stack.undo()  # the notes typed: one step
    assert "Hold the ford" not in doc.army.units[2].notes and panel.notes.toPlainText() == doc.army.units[2].notes
    doc.undo_stack.undo()  # the name typed: one step
    assert doc.army.units[2].name == old and panel.name.text() == old
