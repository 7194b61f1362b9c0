"""Typed changes: the document says what an edit changed, and the views update those rows only.

Each edit kind: the change told, the tree's row signals (never a reset for a structural edit), Qt's model
tester after it, and the tree equal to one built afresh after edits, undos and redos; a value edit asks
data() for about the visible cells only, prices the army once and sets only the labels that changed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, QPoint, Qt

import warbench.gui.document
from tests.model.test_edits import ROCKETS
from warbench.gui.army_tree import COLUMNS, ArmyTreeModel
from warbench.gui.army_view import ArmyView
from warbench.gui.document import ArmyDocument
from warbench.model.changes import ArmyOptions, ElementsChanged, Homebrew, Inserted, Moved, Removed
from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"
ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.FontRole)


@pytest.fixture
def loaded_window(window):
    assert window.open_file(HUMAN)
    return window


def cells(model: ArmyTreeModel) -> list:
    """Every row of the tree: its place in the army and every role each cell answers."""
    return [
        [model.position(model.index(row, 0))]
        + [model.data(model.index(row, c), role) for c in range(model.columnCount()) for role in ROLES]
        for row in range(model.rowCount())
    ]


def fresh(document, opened: list[bool] | None = None) -> list:
    """The rows of a model made afresh for ``document``, its units open as ``opened`` says (all by default)."""
    model = ArmyTreeModel(document)
    try:
        for ui, flag in enumerate(opened or []):
            model.set_open(ui, flag)
        return cells(model)
    finally:
        document.edited.disconnect(model._on_edited)
        model.deleteLater()


EDITS = [
    # (edit, the change told, the tree's signals: an element's unit row is repainted for its totals)
    (lambda d: d.edit_element(1, 1, ("count",), 4), ElementsChanged(((1, None), (1, 1))), {"dataChanged"}),
    (lambda d: d.rename_unit(2, "Renamed"), ElementsChanged(((2, None),)), {"dataChanged"}),
    (lambda d: d.add_element(0), Inserted(0, 2, 2), {"rowsInserted", "dataChanged"}),
    (lambda d: d.duplicate_element(1, 0), Inserted(1, 1, 1), {"rowsInserted", "dataChanged"}),
    (lambda d: d.delete_element(2, 1), Removed(2, 1, 1), {"rowsRemoved", "dataChanged"}),
    (lambda d: d.add_unit("Reserve"), Inserted(None, 5, 5), {"rowsInserted"}),
    (lambda d: d.duplicate_unit(0), Inserted(None, 1, 1), {"rowsInserted"}),
    (lambda d: d.delete_unit(3), Removed(None, 3, 3), {"rowsRemoved"}),
    (lambda d: d.move_unit_to(0, 3), Moved(None, 0, None, 3), {"rowsMoved"}),
    (lambda d: d.move_unit_to(4, 1), Moved(None, 4, None, 1), {"rowsMoved"}),
    (lambda d: d.move_element(0, 0, 1), Moved(0, 0, 0, 1), {"rowsMoved", "dataChanged"}),
    (lambda d: d.move_unit_to(1, 2), Moved(None, 1, None, 2), {"rowsMoved"}),
    (lambda d: d.transfer_element(0, 1, 3, 0), Moved(0, 1, 3, 0), {"rowsMoved", "dataChanged"}),
    (lambda d: d.transfer_element(3, 0, 0, 2), Moved(3, 0, 0, 2), {"rowsMoved", "dataChanged"}),
    (lambda d: d.edit_army("Rename army", name="Other"), ArmyOptions(frozenset({"name"})), set()),
    (lambda d: d.edit_options("Options", ranged_base_dac=1), ArmyOptions(frozenset({"options"})), {"dataChanged"}),
    (lambda d: d.set_homebrew(ROCKETS, "Homebrew"), Homebrew(), {"dataChanged"}),
]
SIGNALS = ("dataChanged", "rowsInserted", "rowsRemoved", "rowsMoved", "modelReset", "layoutChanged")


@pytest.mark.parametrize(("edit", "change", "signals"), EDITS)
def test_each_edit_tells_its_change_and_the_tree_updates_those_rows(
    loaded_window, qtmodeltester, edit, change, signals
):
    doc, model = loaded_window.document, loaded_window.tree_model
    told, seen = [], []
    doc.edited.connect(told.append)
    for name in SIGNALS:
        getattr(model, name).connect(lambda *_, _name=name: seen.append(_name))
    edit(doc)
    assert told == [change] and doc.last_change == change
    assert set(seen) == signals  # never a reset
    qtmodeltester.check(model)
    assert cells(model) == fresh(doc)
    for step in (doc.undo_stack.undo, doc.undo_stack.redo, doc.undo_stack.undo):
        told.clear()
        step()
        assert len(told) == 1 and "modelReset" not in seen
        assert cells(model) == fresh(doc)
    qtmodeltester.check(model)


def test_a_run_of_edits_undone_and_redone_keeps_the_tree_as_built_afresh(loaded_window, qtmodeltester):
    doc, model = loaded_window.document, loaded_window.tree_model
    for edit, _change, _signal in EDITS:
        edit(doc)
        assert cells(model) == fresh(doc)
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
        assert cells(model) == fresh(doc)
    while doc.undo_stack.canRedo():
        doc.undo_stack.redo()
    assert cells(model) == fresh(doc)
    qtmodeltester.check(model)


class CountingModel(ArmyTreeModel):
    """The tree model counting the data() calls a view makes (a class attribute patched later is not seen by
    Qt: PySide looks the override up once)."""

    asked = 0

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        self.asked += 1
        return super().data(index, role)


def test_a_value_edit_asks_data_for_about_the_visible_cells(loaded_window, qtbot):
    doc = loaded_window.document
    for _ in range(40):  # more rows than the view shows
        doc.add_unit("Filler")
    model = CountingModel(doc)
    view = ArmyView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.resize(400, 300)
    view.show()
    qtbot.waitExposed(view)
    qtbot.wait(20)
    rows = len({view.indexAt(QPoint(5, y)) for y in range(0, view.viewport().height(), 2)} - {QModelIndex()})
    assert 0 < rows < model.rowCount() + sum(len(u.elements) for u in doc.army.units)  # the visible rows
    for value in (5, 6, 7):
        model.asked = 0
        doc.edit_element(1, 1, ("count",), value)
        qtbot.wait(20)
        # a bound, not an exact number: the repainted rows (the element and its unit) at most, never the army
        assert 0 < model.asked <= rows * len(COLUMNS) * len(ArmyTreeModel._ROLES), model.asked
        assert model.asked <= 2 * len(COLUMNS) * 16, model.asked  # two rows, each cell asked for its roles


def test_a_value_edit_prices_the_army_once_and_sets_only_the_labels_that_changed(loaded_window, monkeypatch):
    w = loaded_window
    doc = w.document
    w.select(1, 1)
    priced = []
    original_price = warbench.gui.document.price_army
    monkeypatch.setattr(
        warbench.gui.document, "price_army", lambda *a, **k: priced.append(1) or original_price(*a, **k)
    )
    compared = []
    original_compare = warbench.gui.document.published_difference
    monkeypatch.setattr(
        warbench.gui.document, "published_difference", lambda *a: compared.append(a[1:3]) or original_compare(*a)
    )
    header = w.header
    labels: list[str] = []
    original_text = header.system.setText
    monkeypatch.setattr(header.system, "setText", lambda text: labels.append("system") or original_text(text))
    for name in ("setFormat", "setRange", "setValue"):
        original = getattr(header.bar, name)
        monkeypatch.setattr(header.bar, name, lambda *a, _o=original, _n=name: labels.append(_n) or _o(*a))

    element = doc.element(1, 1)
    doc.edit_element(1, 1, ("name",), element.name + " X", "name")  # a name: no price changes
    assert len(priced) == 1
    assert compared == [(1, 1)]  # the printed cost compared once, for the form and the cost panel both
    assert labels == []  # the total, the limit and the system are as they were: nothing is set again
    priced.clear()
    doc.edit_element(1, 1, ("count",), element.count + 1, "count")  # a count: the total changes
    assert len(priced) == 1
    assert "setFormat" in labels and "system" not in labels and "setRange" not in labels
    priced.clear()
    doc.undo_stack.undo()
    assert len(priced) == 1


def test_the_title_is_set_once_per_change(loaded_window, monkeypatch):
    w = loaded_window
    titles: list[str] = []
    original = w.setWindowTitle
    monkeypatch.setattr(w, "setWindowTitle", lambda t: titles.append(t) or original(t))
    w.document.edit_element(0, 0, ("count",), 3)  # the first edit: the window becomes modified
    w.document.edit_element(0, 0, ("count",), 4)
    w.document.undo_stack.undo()
    assert titles == []  # the file's name is as it was; only the modified mark changes
    w.document.edit_army("Rename army", name="Elsewhere")
    assert titles == []  # a saved army is titled by its file, not its name


def test_a_structural_edit_keeps_the_units_the_player_closed_closed(loaded_window):
    """Rows inserted and removed, not a reset: the tree keeps which units are open (a reset opened them all)."""
    w = loaded_window
    doc, tree, model = w.document, w.tree, w.tree_model
    name = doc.army.units[2].name
    tree.set_open(2, False)
    doc.delete_unit(0)
    assert doc.army.units[1].name == name and not model.is_open(1)
    doc.add_element(0)
    doc.add_unit("Reserve")  # a new unit is shown open
    assert not model.is_open(1) and model.is_open(len(doc.army.units) - 1)
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.army.units[2].name == name and not model.is_open(2)


@pytest.mark.parametrize(("edit", "change", "signals"), EDITS)
def test_each_edit_with_units_closed_keeps_them_closed_and_their_elements_hidden(
    loaded_window, qtmodeltester, edit, change, signals
):
    """Closed units (the first and the fourth) keep their place in the rows and stay closed through each
    edit, its undo and redo; the rows are those of a model made afresh with the same units closed."""
    doc, model = loaded_window.document, loaded_window.tree_model
    closed = {doc.army.units[0].name, doc.army.units[3].name}
    model.set_open(0, False)
    model.set_open(3, False)

    def expected() -> list[bool]:
        return [unit.name not in closed for unit in doc.army.units]

    for step in (lambda: edit(doc), doc.undo_stack.undo, doc.undo_stack.redo, doc.undo_stack.undo):
        step()
        assert model._open == expected()
        assert cells(model) == fresh(doc, expected())
    qtmodeltester.check(model)


class CountingData(ArmyTreeModel):
    """The tree model counting how often a view asks for data."""

    asked = 0

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        self.asked += 1
        return super().data(index, role)


def test_a_structural_edit_asks_about_the_rows_on_screen_not_the_army(loaded_window, qtbot):
    """A view of flat rows lays out none of them for a structural edit: each add, delete or move asks data()
    for about the rows on screen, however large the army (QTreeView laid out every row again: on 5,000 units
    about 40,000 calls into Python per edit)."""
    army = loaded_window.document.army
    doc = ArmyDocument(army.model_copy(update={"units": [u.model_copy() for _ in range(60) for u in army.units]}))
    model = CountingData(doc)
    view = ArmyView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.resize(400, 300)
    view.show()
    qtbot.waitExposed(view)
    qtbot.wait(20)
    on_screen = len({view.indexAt(QPoint(5, y)) for y in range(0, view.viewport().height(), 2)} - {QModelIndex()})
    assert 0 < on_screen < model.rowCount() // 4
    middle = len(doc.army.units) // 2
    edits = (
        lambda: doc.add_element(middle),
        lambda: doc.delete_element(middle, 0),
        lambda: doc.add_unit("Reserve"),
        lambda: doc.move_unit_to(middle, middle + 5),
        lambda: doc.transfer_element(middle, 0, middle + 1, 0),
        lambda: doc.delete_unit(middle),
    )
    for edit in edits:
        model.asked = 0
        edit()
        qtbot.wait(10)
        assert model.asked <= 2 * on_screen * len(COLUMNS) * len(ArmyTreeModel._ROLES), model.asked
