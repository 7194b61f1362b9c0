"""The Balance dock's edition diff (gui/reprice_dialog.py): the army priced under the other Flat Out War
edition, element by element, what does not map, and the converted army saved as a new file."""

from __future__ import annotations

from warbench.gui.main_window import MainWindow
from warbench.model.fileio import load_army
from warbench.model.reprice import reprice
from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"


def test_the_other_edition_element_by_element_and_saved_as_a_new_army(qtbot, app, answers, tmp_path):
    w = MainWindow(autosave_ms=3_600_000)
    qtbot.addWidget(w)
    w.show()
    w.open_file(HUMAN)
    w.select(0, 0)
    panel = w.reference.show_dock("balance")
    assert panel.edition_button.isVisible()
    panel.edition_button.click()
    dialog = panel.reprice_dialog
    expected = reprice(load_army(HUMAN), "fow-universal-1.7")
    table = dialog.table
    rows = [[table.item(r, c).text() for c in range(5)] for r in range(table.rowCount())]
    assert rows[0][:4] == ["Assault Squad / Assault Troop", "20", "20", "+0"]
    assert [r[2] for r in rows] == [str(e.new) for e in expected.elements]
    apc = next(r for r in rows if r[0] == "Hover APCs / Hover APC")
    assert "skimmer" in apc[4]
    assert not table.tabKeyNavigation() and table.accessibleName()
    assert "1492" in dialog.summary.text() and "996" in dialog.summary.text()
    answers.save_path = str(tmp_path / "universal.army.json")
    dialog.save_button.click()
    saved = load_army(tmp_path / "universal.army.json")
    assert saved.system == "fow-universal-1.7" and dialog.saved == answers.save_path
    assert w.document.army.system == "fow-special-ops" and not w.document.modified  # the army edited is unchanged
    dialog.close()
    w.document.undo_stack.setClean()


def test_no_other_edition_no_button(qtbot, app, answers):
    w = MainWindow(autosave_ms=3_600_000)
    qtbot.addWidget(w)
    w.show()
    w.open_file(examples_dir() / "fubar-rifle-platoon.army.json")
    panel = w.reference.show_dock("balance")
    assert not panel.edition_button.isVisible()
    w.document.undo_stack.setClean()
