"""The army's rows drawn as a tree (gui.army_view): units open and close by keyboard and mouse, an element
of a closed unit opens it when selected, and a screen reader hears the tree the indentation draws."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"


@pytest.fixture
def human(window, qtbot):
    assert window.open_file(HUMAN)
    window.tree.setFocus()
    qtbot.waitUntil(window.tree.hasFocus)
    return window


def _rows(window) -> int:
    return window.tree_model.rowCount()


def test_left_and_right_walk_and_open_the_tree_as_a_tree_view_does(human, qtbot):
    tree, model = human.tree, human.tree_model
    elements = len(human.document.army.units[1].elements)
    all_rows = _rows(human)
    before = human.document.army.model_dump()
    human.select(1, 1)
    qtbot.keyClick(tree, Qt.Key_Left)  # an element: to its unit
    assert human.selected == (1, None) and model.is_open(1)
    qtbot.keyClick(tree, Qt.Key_Left)  # an open unit: closes
    assert not model.is_open(1) and _rows(human) == all_rows - elements and human.selected == (1, None)
    qtbot.keyClick(tree, Qt.Key_Left)  # a closed unit: nothing
    assert not model.is_open(1) and human.selected == (1, None)
    qtbot.keyClick(tree, Qt.Key_Right)  # a closed unit: opens
    assert model.is_open(1) and _rows(human) == all_rows and human.selected == (1, None)
    qtbot.keyClick(tree, Qt.Key_Right)  # an open unit: to its first element
    assert human.selected == (1, 0)
    qtbot.keyClick(tree, Qt.Key_Down)
    assert human.selected == (1, 1)
    assert human.document.army.model_dump() == before  # walking and opening edit nothing
    assert not human.document.modified


def test_plus_minus_and_star_open_and_close_units(human, qtbot):
    tree, model = human.tree, human.tree_model
    human.select(2, 0)
    qtbot.keyClick(tree, Qt.Key_Minus)  # on an element: its unit closes and becomes the current row
    assert not model.is_open(2) and human.selected == (2, None)
    qtbot.keyClick(tree, Qt.Key_Plus)
    assert model.is_open(2) and human.selected == (2, None)
    for ui in range(len(human.document.army.units)):
        model.set_open(ui, False)
    assert _rows(human) == len(human.document.army.units)
    qtbot.keyClick(tree, Qt.Key_Asterisk)  # every unit opens, the current row kept
    assert all(model.is_open(ui) for ui in range(len(human.document.army.units)))
    assert human.selected == (2, None) and tree.currentIndex() == model.element_index(2, None)


def test_a_click_on_a_units_mark_opens_and_closes_it_and_a_click_on_its_name_selects(human, qtbot):
    tree, model = human.tree, human.tree_model
    human.select(0, 0)
    rect = tree.visualRect(model.element_index(3, None))
    mark = QPoint(rect.x() + tree.indentation() // 2, rect.center().y())
    qtbot.mouseClick(tree.viewport(), Qt.LeftButton, pos=mark)
    assert not model.is_open(3) and human.selected == (0, 0)  # the mark opens and closes, nothing more
    qtbot.mouseClick(tree.viewport(), Qt.LeftButton, pos=mark)
    assert model.is_open(3)
    name = QPoint(rect.x() + tree.indentation() + 10, rect.center().y())
    qtbot.mouseClick(tree.viewport(), Qt.LeftButton, pos=name)
    assert model.is_open(3) and human.selected == (3, None)


def test_a_units_mark_shows_whether_it_is_open(human, qtbot):
    tree, model = human.tree, human.tree_model
    rect = tree.visualRect(model.element_index(0, None))
    mark = rect.adjusted(0, 0, tree.indentation() - rect.width(), 0)

    def drawn():
        image = tree.viewport().grab(mark).toImage()
        return [image.pixelColor(x, y).name() for x in range(image.width()) for y in range(image.height())]

    opened = drawn()
    assert len(set(opened)) > 1  # something is drawn there
    model.set_open(0, False)
    qtbot.wait(10)
    assert drawn() != opened


def test_selecting_an_element_of_a_closed_unit_opens_it(human):
    tree, model = human.tree, human.tree_model
    tree.set_all_open(False)
    human.select(4, 0)
    assert model.is_open(4) and tree.currentIndex() == model.element_index(4, 0)
    assert not model.is_open(3)


def test_what_another_panel_picks_becomes_the_trees_current_row_and_what_delete_acts_on(human):
    """Picking an element in the unit panel's list (or a cost line) moves the tree there, its unit opened:
    the row highlighted is the one Delete removes (it stayed on the unit, and Delete removed the element)."""
    tree, model, doc = human.tree, human.tree_model, human.document
    human.select(2, None)
    tree.set_open(2, False)
    panel = human.unit_panel
    names = [element.name for element in doc.army.units[2].elements]
    panel.elements.itemActivated.emit(panel.elements.item(1, 0))
    assert human.selected == (2, 1) and model.is_open(2)
    assert tree.currentIndex() == model.element_index(2, 1)
    assert tree.selectionModel().selectedRows() == [model.element_index(2, 1)]
    human.cost_panel.show_element(1, 0)  # the cost panel's "select its element"
    assert tree.currentIndex() == model.element_index(1, 0)
    human.select(2, 1)
    human.commands.delete_action.trigger()
    assert [element.name for element in doc.army.units[2].elements] == names[:1] + names[2:]


def test_home_and_end_go_to_the_first_and_last_row_in_the_name_column(human, qtbot):
    tree, model = human.tree, human.tree_model
    human.select(2, None)
    qtbot.keyClick(tree, Qt.Key_End)
    assert tree.currentIndex() == model.index(model.rowCount() - 1, 0)
    qtbot.keyClick(tree, Qt.Key_Home)
    assert tree.currentIndex() == model.index(0, 0) and human.selected == (0, None)
    qtbot.keyClick(tree, Qt.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert tree.currentIndex().row() == model.rowCount() - 1


def test_opening_every_unit_keeps_the_current_row_in_sight(human, qtbot):
    doc, tree, model = human.document, human.tree, human.tree_model
    for _ in range(12):
        doc.duplicate_unit(1)
    for ui in range(len(doc.army.units)):
        model.set_open(ui, False)
    middle = len(doc.army.units) // 2
    human.select(middle, None)
    tree.scrollTo(model.element_index(middle, None))
    qtbot.keyClick(tree, Qt.Key_Asterisk)
    current = tree.visualRect(tree.currentIndex())
    assert tree.currentIndex() == model.element_index(middle, None)
    assert tree.viewport().rect().contains(current), (current, tree.viewport().rect())


def test_a_long_unit_name_shows_its_start(human):
    human.document.rename_unit(1, "A very long unit name " * 6 + "end")
    human.select(1, None)
    assert human.unit_panel.name.cursorPosition() == 0


def test_a_screen_reader_hears_the_tree(human):
    model = human.tree_model
    describe = Qt.ItemDataRole.AccessibleDescriptionRole
    unit = human.document.army.units[1]
    assert model.element_index(1, None).data(describe) == f"Unit, open; elements below: {len(unit.elements)}"
    assert model.element_index(1, 0).data(describe) == f"Element 1 of {len(unit.elements)} in {unit.name}"
    model.set_open(1, False)
    assert model.element_index(1, None).data(describe) == f"Unit, closed; elements hidden: {len(unit.elements)}"
    assert model.element_index(1, None, 1).data(describe) is None  # said once per row, on its name


def test_tab_leaves_the_army_and_rows_are_selected_whole(human):
    tree = human.tree
    assert not tree.tabKeyNavigation()
    assert tree.selectionBehavior() == tree.SelectionBehavior.SelectRows
    assert tree.selectionMode() == tree.SelectionMode.SingleSelection


def _on_screen(window, viewport):
    """The view's pixels as the window shows them (its backing store), not painted afresh."""
    from PySide6.QtWidgets import QApplication

    top = viewport.mapTo(window, viewport.rect().topLeft())
    image = QApplication.primaryScreen().grabWindow(
        window.winId(), top.x(), top.y(), viewport.width(), viewport.height()
    )
    return image.toImage()


def _shows_what_it_paints(window, viewport) -> bool:
    shown = _on_screen(window, viewport)
    return shown == viewport.grab().toImage().convertToFormat(shown.format())


def test_after_each_structural_edit_the_view_shows_what_painting_it_afresh_shows(human, qtbot):
    """Rows that only moved are moved as pixels, not painted again (see ArmyView.doItemsLayout): after
    each edit — above, inside and below the rows on screen, rows coming and going, units and elements —
    the view shows exactly what painting it afresh shows."""
    doc, tree, model = human.document, human.tree, human.tree_model
    for _ in range(8):
        doc.duplicate_unit(1)  # rows past one screenful, and some below it
    human.select(4, 0)
    tree.scrollTo(model.element_index(4, 0), tree.ScrollHint.PositionAtCenter)
    qtbot.wait(20)
    assert tree.rowAt(0) > 0 and tree.rowAt(tree.viewport().height() - 1) in (-1, *range(model.rowCount()))
    viewport = tree.viewport()
    edits = [
        lambda: doc.add_element(4),  # on screen, below the current row
        lambda: doc.delete_element(4, len(doc.army.units[4].elements) - 1),
        lambda: doc.add_element(0),  # above the rows on screen
        lambda: doc.delete_element(0, 0),
        lambda: doc.duplicate_unit(4),  # a unit and its elements
        lambda: doc.delete_unit(5),
        lambda: doc.add_unit("Reserve"),  # below the screen
        lambda: doc.delete_unit(len(doc.army.units) - 1),
        lambda: doc.transfer_element(4, 0, 5, 0),  # a move
        lambda: doc.move_unit_to(3, 6),
        lambda: model.set_open(4, False),  # closing and opening a unit
        lambda: model.set_open(4, True),
        lambda: doc.delete_element(4, 0),  # the current row goes
    ]
    undos = [doc.undo_stack.undo] * (len(edits) - 2)  # each edit undone (opening and closing are not edits)
    for number, edit in enumerate([*edits, *undos, doc.undo_stack.redo, doc.undo_stack.redo]):
        edit()
        qtbot.wait(20)
        # A wrong view stays wrong (nothing paints it again), so wait for the pending repaint as long as a busy
        # machine needs and fail only if the pixels never settle on what painting afresh shows.
        try:
            qtbot.waitUntil(lambda: _shows_what_it_paints(human, viewport), timeout=3000)
        except qtbot.TimeoutError:
            pytest.fail(f"after edit {number} the view shows pixels that painting it afresh does not")
