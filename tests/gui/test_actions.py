"""The window's menus and actions (gui/actions.py): their keys, undo from any field, the Army menu."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from tests.gui.helpers import (
    focused,
)


def test_rename_has_its_own_key(qtbot, active):
    active.select(1, None)
    active.commands.rename_action.trigger()
    assert active.tree.state() == active.tree.State.EditingState
    editor = focused()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, "Second Squad")
    active.tree.itemDelegate().commitData.emit(editor)  # what Return does in a live window
    assert active.document.army.units[1].name == "Second Squad"
    actions = active.findChildren(type(active.commands.rename_action))
    shortcuts = [k.toString() for a in actions for k in a.shortcuts() if not k.isEmpty()]
    assert len(shortcuts) == len(set(shortcuts)), "two actions share a shortcut"


def _focused_editor(qtbot, window, name: str):
    """The selected element's editor of the field ``name``, focused; the element's place and that field's value."""
    editor = window.form.editors[(name,)].widget
    ui, ei = window.selected
    before = getattr(window.document.element(ui, ei), name)
    editor.setFocus()
    qtbot.waitUntil(lambda: focused() is editor)
    return editor, ui, ei, before


def test_ctrl_z_undoes_while_a_field_has_focus(qtbot, active):
    field, ui, ei, before = _focused_editor(qtbot, active, "name")
    field.selectAll()
    qtbot.keyClicks(field, "Renamed")
    qtbot.keyClick(field, Qt.Key_Return)
    assert active.document.element(ui, ei).name == "Renamed"
    qtbot.keyClick(field, Qt.Key_Z, Qt.ControlModifier)
    assert active.document.element(ui, ei).name == before
    assert field.text() == before
    qtbot.keyClick(field, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    assert active.document.element(ui, ei).name == "Renamed"


def test_ctrl_z_in_a_spin_box_undoes_the_document(qtbot, active):
    spin, ui, ei, before = _focused_editor(qtbot, active, "count")
    spin.setValue(before + 3)
    qtbot.keyClick(spin, Qt.Key_Z, Qt.ControlModifier)
    assert active.document.element(ui, ei).count == before


def test_ctrl_up_on_a_first_element_moves_it_to_the_previous_unit(qtbot, active):
    doc = active.document
    moved = doc.army.units[1].elements[0].name
    active.select(1, 0)
    active.tree.setFocus()
    qtbot.keyClick(active.tree, Qt.Key_Up, Qt.ControlModifier)
    assert doc.army.units[0].elements[-1].name == moved and active.selected == (0, len(doc.army.units[0].elements) - 1)
    qtbot.keyClick(active.tree, Qt.Key_Down, Qt.ControlModifier)
    assert doc.army.units[1].elements[0].name == moved and active.selected == (1, 0)
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    active.select(0, 0)
    qtbot.keyClick(active.tree, Qt.Key_Up, Qt.ControlModifier)
    assert "already the first element of the first unit" in active.statusBar().currentMessage()
    assert doc.undo_stack.index() == 0


def test_the_army_menu_says_when_a_system_has_no_army_options(qtbot, window):
    """FUBAR, Duke It Out and the 2D6 game have no army options: the Army menu was greyed out, as if broken."""
    window.start.new_army_of("fubar")
    menu = window.commands.army_menu
    assert menu.isEnabled()
    [note] = menu.actions()
    assert note.text() == "No army options in FUBAR" and not note.isEnabled()
    window.start.new_army_of("fow-special-ops")  # a system with options lists them, and no note
    assert menu.isEnabled() and menu.actions()
    assert all(action.menu() is not None for action in menu.actions())


def test_the_no_options_note_keeps_an_ampersand_in_the_systems_name(qtbot, window, monkeypatch):
    """A menu reads "&" as a mnemonic: "Guns & Glory" would show as "Guns  Glory"."""
    window.start.new_army_of("fubar")
    monkeypatch.setattr(window.document.system, "name", "Guns & Glory")
    window.commands.build_options_menu()
    [note] = window.commands.army_menu.actions()
    assert note.text() == "No army options in Guns && Glory"  # shown as "Guns & Glory"
