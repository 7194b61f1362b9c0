"""Keyboard use: Tab leaves every table, F6 walks the panes, Enter adds once, Ctrl+Z reaches the army."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication


def focused():
    return QApplication.focusWidget()


def test_enter_twice_in_the_attribute_search_adds_once(qtbot, loaded):
    loaded.select(0, 1)
    editor = loaded.form.attribute_editor
    line = editor.picker.lineEdit()
    line.setFocus()
    before = [ref.id for ref in loaded.document.army.units[0].elements[1].attributes]
    qtbot.keyClicks(line, "fly")
    popup = editor.picker.completer().popup()
    assert popup.isVisible()  # keys go to the open list, as they do for a player
    qtbot.keyClick(popup, Qt.Key_Down)
    assert popup.currentIndex().data().startswith("Flying")
    qtbot.keyClick(popup, Qt.Key_Return)
    after = [ref.id for ref in loaded.document.army.units[0].elements[1].attributes]
    assert after == [*before, "flying"]
    qtbot.wait(10)  # what the list writes back after Enter comes once the add is done
    assert line.text() == ""
    qtbot.keyClick(line, Qt.Key_Return)
    assert [ref.id for ref in loaded.document.army.units[0].elements[1].attributes] == after


def _open_every_panel(window) -> None:
    for key in window.reference.docks:
        window.reference.show_dock(key)
    for dock in window.reference.docks.values():
        dock.setFloating(True)  # each shown at once, none behind another's tab
        dock.show()


def test_no_view_of_the_window_keeps_tab(qtbot, loaded):
    _open_every_panel(loaded)
    views = loaded.findChildren(QAbstractItemView)
    assert len(views) >= 10  # tree, cost table, warnings, both browsers' tables, dice, matchup...
    assert [v.objectName() or type(v).__name__ for v in views if v.tabKeyNavigation()] == []


def test_tab_leaves_the_spells_table(qtbot, loaded):
    browser = loaded.reference.show_dock("spells")
    table = browser.table
    table.setFocus()
    table.setCurrentIndex(table.model().index(0, 0))
    qtbot.waitUntil(lambda: focused() is table)
    qtbot.keyClick(table, Qt.Key_Tab)
    assert focused() is not table
    table.setFocus()
    qtbot.waitUntil(lambda: focused() is table)
    qtbot.keyClick(table, Qt.Key_Backtab, Qt.ShiftModifier)
    assert focused() is not table


def test_add_unit_puts_the_new_elements_name_under_the_keys(qtbot, loaded):
    loaded.tree.setFocus()
    loaded.commands.add_unit_action.trigger()
    ui, ei = loaded.selected
    assert ei == 0 and ui == len(loaded.document.army.units) - 1
    name = loaded.form.editors[("name",)].widget
    qtbot.waitUntil(lambda: focused() is name)
    assert name.selectedText() == name.text() == loaded.document.element(ui, ei).name
    qtbot.keyClicks(name, "Scouts")
    assert loaded.document.element(ui, ei).name == "Scouts"


def test_ctrl_z_in_an_empty_search_field_undoes_the_army(qtbot, loaded):
    browser = loaded.reference.show_dock("attributes")
    units = len(loaded.document.army.units)
    loaded.document.add_unit("Reserves")
    browser.search.setFocus()
    qtbot.waitUntil(lambda: focused() is browser.search)
    qtbot.keyClick(browser.search, Qt.Key_Z, Qt.ControlModifier)
    assert len(loaded.document.army.units) == units  # the army's undo, though a field has the keys
    qtbot.keyClick(browser.search, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    assert len(loaded.document.army.units) == units + 1  # and its redo
    qtbot.keyClick(browser.search, Qt.Key_Y, Qt.ControlModifier)
    assert len(loaded.document.army.units) == units + 1
    loaded.document.undo_stack.undo()
    qtbot.keyClicks(browser.search, "fly")
    qtbot.keyClick(browser.search, Qt.Key_Z, Qt.ControlModifier)
    assert browser.search.text() == ""  # the field's own typing is undone first
    assert len(loaded.document.army.units) == units
    qtbot.keyClick(browser.search, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    assert browser.search.text() == "fly"  # and redone


def _press(qtbot, key, modifier=Qt.NoModifier):
    qtbot.keyClick(focused(), key, modifier)
    return focused()


def test_tab_reaches_the_cost_lines_and_the_warnings_and_wraps(qtbot, loaded):
    loaded.tree.setFocus()
    qtbot.waitUntil(lambda: focused() is loaded.tree)
    seen = [_press(qtbot, Qt.Key_Tab) for _ in range(60)]
    assert seen[0] is loaded.form.first_field()  # the form straight after the tree
    table, warnings = loaded.cost_panel.table, loaded.cost_panel.warnings
    assert table in seen and warnings in seen
    assert seen.index(table) == seen.index(warnings) - 1
    after = seen[seen.index(warnings) + 1]
    assert after is loaded.header.name  # round again: the header, then the tree
    assert seen[seen.index(warnings) + 3] is loaded.tree
    loaded.tree.setFocus()
    qtbot.waitUntil(lambda: focused() is loaded.tree)
    back = [_press(qtbot, Qt.Key_Backtab, Qt.ShiftModifier) for _ in range(4)]
    assert back[:2] == [loaded.header.limit, loaded.header.name]
    assert back[2:] == [warnings, table]


def test_f6_walks_the_panes_and_wraps_shift_f6_back(qtbot, loaded):
    browser = loaded.reference.show_dock("spells")
    loaded.tree.setFocus()
    qtbot.waitUntil(lambda: focused() is loaded.tree)
    forward = [_press(qtbot, Qt.Key_F6) for _ in range(5)]
    cost = loaded.cost_panel
    assert forward == [loaded.form.first_field(), cost.table, cost.warnings, browser.search, loaded.tree]
    backward = [_press(qtbot, Qt.Key_F6, Qt.ShiftModifier) for _ in range(5)]
    assert backward == [browser.search, cost.warnings, cost.table, loaded.form.first_field(), loaded.tree]
    loaded.header.name.setFocus()
    qtbot.waitUntil(lambda: focused() is loaded.header.name)
    assert _press(qtbot, Qt.Key_F6) is loaded.tree  # from outside the panes: the first
    shortcuts = {(s.name, s.keys) for s in __import__("warbench.gui.shortcuts").gui.shortcuts.shortcuts(loaded)}
    assert ("Next Pane", "F6") in shortcuts and ("Previous Pane", "Shift+F6") in shortcuts


def test_a_focused_view_is_framed_in_the_focus_colour(qtbot, loaded):
    from warbench.gui import theme

    tree = loaded.tree
    loaded.header.name.setFocus()
    qtbot.waitUntil(lambda: focused() is loaded.header.name)
    middle = tree.height() // 2
    unfocused = tree.grab().toImage().pixelColor(0, middle)
    tree.setFocus()
    qtbot.waitUntil(lambda: focused() is tree)
    framed = tree.grab().toImage().pixelColor(0, middle)
    assert framed != unfocused
    assert framed == theme.focus_colour(tree.palette())
    window = tree.palette().color(tree.palette().ColorRole.Window)
    assert theme.contrast(framed, window) >= theme.FOCUS_CONTRAST


def test_ctrl_z_in_the_empty_attribute_search_undoes_the_army(qtbot, loaded):
    loaded.select(0, 1)
    loaded.document.edit_element(0, 1, ("count",), 7, "count")
    picker = loaded.form.attribute_editor.picker
    picker.setFocus()
    qtbot.waitUntil(lambda: focused() in (picker, picker.lineEdit()))
    assert picker.currentText() == ""
    qtbot.keyClick(focused(), Qt.Key_Z, Qt.ControlModifier)
    count = loaded.document.element(0, 1).count
    assert count != 7
    qtbot.keyClicks(focused(), "fl")
    qtbot.keyClick(focused(), Qt.Key_Z, Qt.ControlModifier)
    assert picker.currentText() in ("", "f")  # its own typing first
    assert loaded.document.element(0, 1).count == count


def test_tab_leaves_every_text_box_and_types_nothing(qtbot, loaded):
    """A Duke It Out element's Special box took Tab as a character: the army changed and focus stayed."""
    from PySide6.QtWidgets import QPlainTextEdit

    from warbench.model.resources import examples_dir

    assert loaded.open_file(examples_dir() / "duke-it-out-brick-brigade.army.json", ask=False)
    loaded.select(0, 0)
    boxes = [b for b in loaded.findChildren(QPlainTextEdit) if not b.isReadOnly() and b.isVisible()]
    assert boxes  # the element's Special
    loaded.select(0, None)
    boxes += [b for b in loaded.findChildren(QPlainTextEdit) if not b.isReadOnly() and b.isVisible()]
    assert [b.objectName() or b.accessibleName() for b in boxes if not b.tabChangesFocus()] == []
    loaded.select(0, 0)
    box = next(b for b in loaded.findChildren(QPlainTextEdit) if not b.isReadOnly() and b.isVisible())
    box.setFocus()
    qtbot.waitUntil(lambda: focused() is box)
    before = box.toPlainText()
    qtbot.keyClick(box, Qt.Key_Tab)
    assert focused() is not box and box.toPlainText() == before and not loaded.document.modified
