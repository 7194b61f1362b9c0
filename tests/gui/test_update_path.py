"""One update path: one selection, each view refreshed once per change, replaced documents freed."""

from __future__ import annotations

import gc
import weakref
from collections import Counter

import pytest
from PySide6.QtCore import QCoreApplication, QEvent

from warbench.gui.cost_panel import CostPanel
from warbench.gui.element_form import ElementForm
from warbench.gui.header import ArmyHeader
from warbench.gui.unit_panel import UnitPanel
from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"
VIEWS = {"form": ElementForm, "cost": CostPanel, "header": ArmyHeader, "unit": UnitPanel}


@pytest.fixture
def counted(qtbot, app, answers, monkeypatch):
    """A window whose views count their refreshes, and whose tree model counts resets and repaints."""
    from warbench.gui.main_window import MainWindow

    calls: Counter = Counter()
    for key, cls in VIEWS.items():
        original = cls.refresh

        def refresh(self, *args, _original=original, _key=key):
            calls[_key] += 1
            return _original(self, *args)

        monkeypatch.setattr(cls, "refresh", refresh)
    w = MainWindow(autosave_ms=3_600_000)
    qtbot.addWidget(w)
    w.show()
    assert w.open_file(HUMAN)

    def count_model():
        model = w.tree_model
        model.modelReset.connect(lambda: calls.update(["reset"]))
        model.dataChanged.connect(lambda *_: calls.update(["dataChanged"]))
        for kind in ("rowsInserted", "rowsRemoved", "rowsMoved", "layoutChanged"):
            getattr(model, kind).connect(lambda *_, _kind=kind: calls.update([_kind]))

    count_model()
    w.documentReplaced.connect(count_model)
    w.calls = calls
    yield w
    w.document.undo_stack.setClean()


def after(window, action) -> dict:
    window.calls.clear()
    action()
    return dict(window.calls)


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


def test_one_owner_of_the_selection(window):
    """The tree, the form and the cost panel show what the window's one Selection holds."""
    window.open_file(HUMAN)
    assert window.form.selection is window.selection is window.cost_panel.selection
    window.tree.setCurrentIndex(window.tree_model.element_index(1, 0))
    assert window.selection.position == (1, 0) == window.selected
    assert window.form.position == (1, 0)
    assert window.cost_panel.title.text().startswith(f"<b>{window.document.element(1, 0).name}")
    window.select(2, None)  # a unit: no element in the form and the cost panel
    assert window.form.position is None and window.tree.currentIndex() == window.tree_model.element_index(2, None)
    # deleting the selected element selects its neighbour, everywhere
    window.select(0, 1)
    last = len(window.document.army.units[0].elements) - 1
    window.select(0, last)
    window.commands.delete()
    assert window.selected == (0, last - 1) == window.form.position
    assert window.tree.currentIndex() == window.tree_model.element_index(0, last - 1)


def _flush_deletes() -> None:
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)
        QCoreApplication.processEvents()
        gc.collect()


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
    _flush_deletes()
    assert [r for r in gone if r() is not None] == []
    assert window.commands.undo_group.stacks() == [window.document.undo_stack]
    # the one left works
    window.document.edit_army("Rename army", name="Still here")
    assert window.windowTitle().startswith("human-force.army.json")
    window.document.undo_stack.undo()
    assert window.document.army.name != "Still here"


def test_export_reuses_the_documents_cost(window, answers, tmp_path, monkeypatch):
    """Sheet, summary and cards are built from the cost the window already shows: nothing is priced again."""
    import warbench.model.pdf.cards
    import warbench.model.pdf.sheet
    import warbench.model.pdf.summary

    priced = []
    for module in (warbench.model.pdf.sheet, warbench.model.pdf.cards, warbench.model.pdf.summary):
        original = module.price_army
        monkeypatch.setattr(
            module, "price_army", lambda *a, _m=module, _o=original, **k: priced.append(_m.__name__) or _o(*a, **k)
        )
    window.open_file(HUMAN)
    for kind in ("sheet", "summary", "cards"):
        answers.export_path = str(tmp_path / f"{kind}.pdf")
        assert window.files.export_document(kind), kind
        assert (tmp_path / f"{kind}.pdf").read_bytes().startswith(b"%PDF")
    assert priced == []
    # the same builders still price for themselves when given no cost (the command line)
    from warbench.model.pdf.sheet import build_sheet

    build_sheet(window.document.army)
    assert priced == ["warbench.model.pdf.sheet"]


def test_warnings_carry_integer_positions_to_the_tree_and_the_cost_panel(window):
    from PySide6.QtCore import Qt

    window.open_file(HUMAN)
    doc = window.document
    doc.update_element(1, 1, lambda d: d["attributes"].extend([{"id": "brave"}] * 2), "Add Brave twice")
    warning = next(w for w in doc.cost.warnings if w.rule == "brave")
    assert warning.at == (1, 1)
    index = window.tree_model.element_index(1, 1)
    assert warning.message in window.tree_model.data(index, Qt.ToolTipRole)
    window.select(0, 0)
    item = next(
        window.cost_panel.warnings.item(i)
        for i in range(window.cost_panel.warnings.count())
        if window.cost_panel.warnings.item(i).text() == str(warning)
    )
    window.cost_panel.warnings.itemClicked.emit(item)
    assert window.selected == (1, 1)


def test_the_matchup_dock_reads_the_one_selection_and_refreshes_once_per_change(window, monkeypatch):
    from warbench.gui.matchup_panel import MatchupPanel

    calls: Counter = Counter()
    original = MatchupPanel.refresh

    def refresh(self):
        calls["matchup"] += 1
        return original(self)

    monkeypatch.setattr(MatchupPanel, "refresh", refresh)
    window.open_file(HUMAN)
    window.reference.show_dock("matchup")
    panel = window.reference.matchup_panel
    assert panel.selection is window.selection and "selected" not in vars(panel)  # no copy of it

    def count(action) -> int:
        calls.clear()
        action()
        return calls["matchup"]

    def attacker() -> str:
        return panel.attacker_label.text()

    doc = window.document
    assert count(lambda: window.select(1, 0)) == 1
    assert doc.element(1, 0).name in attacker()
    assert count(lambda: window.select(1, 0)) == 0  # the same again: nothing to do
    assert count(lambda: window.tree.setCurrentIndex(window.tree_model.element_index(0, 1))) == 1
    assert doc.element(0, 1).name in attacker()
    assert count(lambda: doc.edit_element(0, 1, ("count",), 7)) == 1
    assert count(doc.undo_stack.undo) == 1
    assert count(window.commands.duplicate) == 1  # an edit that also selects what it made: still once
    assert panel.selected == window.selected == (0, 2)
    # hidden: nothing is worked out; shown again: once, for what is selected now
    window.reference.docks["matchup"].hide()
    assert count(lambda: window.select(2, None)) == 0
    assert count(lambda: window.reference.show_dock("matchup")) == 1
    assert doc.army.units[2].name in attacker()
    doc.undo_stack.setClean()


def test_an_edit_rebuilds_only_the_cost_lines_and_warnings_it_changed(window):
    """What an edit leaves as it was is not rebuilt, so Qt repaints only what changed."""
    window.open_file(HUMAN)
    doc, panel = window.document, window.cost_panel
    doc.update_element(1, 1, lambda d: d["attributes"].extend([{"id": "brave"}] * 2), "Add Brave twice")
    window.select(0, 0)
    table = panel.table

    def cells():
        return [(table.item(r, 0), table.item(r, 0).text(), table.item(r, 1).text()) for r in range(table.rowCount())]

    lines, warnings = cells(), [panel.warnings.item(i) for i in range(panel.warnings.count())]
    move = doc.army.units[0].elements[0].move
    assert move > 2 and warnings[0].text() != "No warnings"
    doc.edit_element(0, 0, ("move",), move - 2, "move")  # cheaper: the same warnings
    after = cells()
    assert len(after) == len(lines)
    kept = [a[0] is b[0] for a, b in zip(after, lines)]
    same = [a[1:] == b[1:] for a, b in zip(after, lines)]
    assert kept == same and True in same and False in same  # the move line changed, the others did not
    assert [panel.warnings.item(i) for i in range(panel.warnings.count())] == warnings  # the very same items
