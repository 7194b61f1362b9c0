"""The main window (gui/main_window.py): its layout at 1024x700, and each view refreshed once per change,
replaced documents freed."""

from __future__ import annotations

import weakref

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.gui.conftest import SMALL
from tests.gui.helpers import (
    HUMAN,
    after,
    flush_deletes,
    names_width,
)
from warbench.gui.docks import DOCKS
from warbench.model.resources import examples_dir


def test_not_applied_message_goes_with_its_edit(qtbot, active):
    active.form.editors[("count",)].widget.setValue(3)
    field = active.form.editors[("name",)].widget
    field.setFocus()
    field.selectAll()
    qtbot.keyClick(field, Qt.Key_Delete)
    field.editingFinished.emit()  # an empty name is refused
    assert active.form.message.text().startswith("Not applied")
    active.document.undo_stack.undo()
    assert active.form.message.text() == ""


def test_a_panel_at_1024x700_leaves_the_cost_panel_more_than_its_minimum(qtbot, make_window):
    """The one-row tree toolbar held the tree at 332 px; a dock then took all it needed from the cost panel,
    which sat at its 144 px minimum. Two rows, and the tree keeps what its names need."""
    w = make_window()
    w.resize(*SMALL)
    w.start.show_start_page()  # as a first start: the army is opened after the window was laid out
    w.start.open_example(str(examples_dir() / "human-force.army.json"))
    assert w.tree.columnWidth(0) >= names_width(w.tree) + 8  # names whole
    for dock in [d.key for d in DOCKS if w.reference.dock_actions[d.key].isEnabled()]:  # no Spells: no spells
        w.reference.show_dock(dock)
        tree, form, cost = w.splitter.sizes()
        assert cost >= w.cost_panel.minimumWidth() + 15, (dock, tree, form, cost)
        assert form >= w.form_scroll.minimumSizeHint().width()
        assert w.tree.columnWidth(0) >= names_width(w.tree) + 8, dock
        assert len(w.tree_toolbars) == 2 and all(bar.isVisible() for bar in w.tree_toolbars)
        assert w.size().toTuple() == SMALL


def test_a_new_armys_tree_shows_the_names_warbench_gives(qtbot, make_window):
    """With the two-row toolbar the tree of a new army sat at 240 px and cut "New element 3" to "New …"."""
    for size in (SMALL, (1600, 1000)):
        w = make_window()
        w.resize(*size)
        w.start.show_start_page()  # as a first start: the army is made after the window was laid out
        w.start.new_army_of("fow-special-ops")
        w.commands.add_unit_action.trigger()
        for _ in range(3):
            w.commands.add_element_action.trigger()
        qtbot.wait(10)
        assert w.tree.columnWidth(0) >= names_width(w.tree) + 8, size


def test_opening_an_army_keeps_the_splitter_layout_the_player_chose(make_window):
    """An army whose names the tree cuts widens the tree only: the width comes from the form and the
    cost panel, and the rest of the player's layout stays (it was reset to the first sizes)."""

    w = make_window()
    w.resize(1600, 1000)
    w.open_file(examples_dir() / "human-force.army.json", ask=False)
    QApplication.processEvents()
    total = sum(w.splitter.sizes())
    w.splitter.setSizes([w.tree_box.minimumWidth(), 400, total - 400 - w.tree_box.minimumWidth()])
    mine = w.splitter.sizes()
    w.open_file(examples_dir() / "orc-and-ghoblin-force.army.json", ask=False)
    QApplication.processEvents()
    after = w.splitter.sizes()
    assert after[0] > mine[0] and after[1] <= mine[1] and after[2] <= mine[2]
    assert sum(after) == sum(mine)
    assert after[0] >= min(w._tree_wanted(), total // 3)  # the names fit now


def test_one_refresh_per_view_per_edit(counted):
    w = counted
    doc = w.document
    w.select(0, len(doc.army.units[0].elements) - 1)
    # an edit inside one unit: each view once, the tree repaints that unit's rows (unit row + its elements)
    counts = after(w, lambda: doc.edit_element(*w.selected, ("count",), 3))
    assert counts == {"form": 1, "cost": 1, "header": 1, "unit": 1, "dataChanged": 2}
    assert after(w, doc.undo_stack.undo) == counts
    assert after(w, doc.undo_stack.redo) == counts
    # a change of shape: each view once, the rows inserted, removed or moved as such (never a reset) and the
    # unit's row repainted for its totals
    views = {"form": 1, "cost": 1, "header": 1, "unit": 1}
    last = len(doc.army.units[0].elements) - 1
    for position, action, kind, units in (
        ((0, 1), w.commands.duplicate, "rowsInserted", 1),
        ((0, 2), w.commands.delete, "rowsRemoved", 1),
        ((0, 1), w.commands.add_element, "rowsInserted", 1),
        (None, doc.undo_stack.undo, "rowsRemoved", 1),
        # the unit's last element: on to the next unit
        ((0, last), lambda: w.commands.move_selected(1), "rowsMoved", 2),
        (None, doc.undo_stack.undo, "rowsMoved", 2),
    ):
        if position is not None:
            w.select(*position)
        assert after(w, action) == {**views, kind: 1, "dataChanged": units}, action
    # a move inside one unit: the row moved, the unit's row repainted
    w.select(0, 1)
    assert after(w, lambda: w.commands.move_selected(-1)) == {**views, "rowsMoved": 1, "dataChanged": 1}
    assert after(w, doc.undo_stack.undo) == {**views, "rowsMoved": 1, "dataChanged": 1}
    # units: no unit row changes but the ones inserted, removed or moved
    for action, kind in (
        (lambda: doc.add_unit("Reserve"), "rowsInserted"),
        (lambda: doc.move_unit(3, -1), "rowsMoved"),  # a unit of 1 element past one of 2
        (lambda: doc.delete_unit(1), "rowsRemoved"),
        (doc.undo_stack.undo, "rowsInserted"),
    ):
        assert after(w, action) == {**views, kind: 1}, action


def test_selecting_refreshes_the_selection_views_once_and_nothing_else(counted):
    w = counted
    w.select(0, 0)
    assert after(w, lambda: w.select(1, 0)) == {"form": 1, "cost": 1, "unit": 1}
    assert after(w, lambda: w.select(1, 0)) == {}  # the same again: nothing to do
    index = w.tree_model.element_index(0, 1)
    assert after(w, lambda: w.tree.setCurrentIndex(index)) == {"form": 1, "cost": 1, "unit": 1}
    assert w.selected == (0, 1)


def test_replaced_documents_are_freed(window, tmp_path):
    window.open_file(HUMAN)
    window.document.edit_army("Rename army", name="Edited")  # an undo stack with a command in it
    window.document.undo_stack.setClean()
    gone = []
    for _ in range(5):
        gone.append(weakref.ref(window.document))
        gone.append(weakref.ref(window.tree_model))
        gone.append(weakref.ref(window.form.body))  # the element form's widgets, built again per document
        assert window.open_file(HUMAN)
    flush_deletes()
    assert [r for r in gone if r() is not None] == []
    assert window.commands.undo_group.stacks() == [window.document.undo_stack]
    # the one left works
    window.document.edit_army("Rename army", name="Still here")
    assert window.windowTitle().startswith("human-force.army.json")
    window.document.undo_stack.undo()
    assert window.document.army.name != "Still here"
