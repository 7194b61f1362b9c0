"""Open with Repairs in the window: a file the loader refuses offers its repairs; accepted, the repaired army
opens as a new, unsaved army with no file, and the file itself is never written."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from tests.helpers import damaged_example
from warbench.gui.repair_list import COLUMNS, RepairListDialog
from warbench.model.fileio import load_army, parse_army
from warbench.model.repair import Repair, repair_army
from warbench.model.resources import examples_dir

HUMAN_FORCE = examples_dir() / "human-force.army.json"


def _bad_file(tmp_path):
    return damaged_example(tmp_path)[0]


def test_a_bad_file_offers_repairs_and_closing_the_box_opens_nothing(window, answers, tmp_path):
    path = _bad_file(tmp_path)
    before = window.document
    assert not window.open_file(path, ask=False)
    ((title, text),) = answers.errors
    assert title == "Cannot open army" and str(path) in text and "'d7' is not a die" in text
    assert answers.asked == ["repairs?"] and answers.repairs == []
    assert window.document is before


def test_accepted_repairs_open_a_new_unsaved_army_and_the_file_is_untouched(window, answers, tmp_path):
    path = _bad_file(tmp_path)
    original = path.read_bytes()
    answers.open_with_repairs = answers.accept_repairs = True
    assert window.open_file(path, ask=False)
    (shown,) = answers.repairs
    assert [r.path for r in shown] == ["units[0].elements[0].attributes[2].id", "units[1].elements[0].ranged.die"]
    document = window.document
    assert document.path is None and document.modified
    assert document.army == repair_army(original)[0]
    assert document.army.units[1].elements[0].ranged is None
    assert "with 2 repairs as a new army" in window.statusBar().currentMessage()
    answers.save_path = str(tmp_path / "repaired.army.json")
    assert window.files.save()  # Save asks for a name: the original is never the target
    assert path.read_bytes() == original
    assert load_army(tmp_path / "repaired.army.json") == document.army
    assert not document.modified and document.path == tmp_path / "repaired.army.json"


def test_cancelling_the_list_opens_nothing(window, answers, tmp_path):
    path = _bad_file(tmp_path)
    before = window.document
    answers.open_with_repairs = True
    assert not window.open_file(path, ask=False)
    assert len(answers.repairs) == 1 and window.document is before


def test_a_file_nothing_can_be_salvaged_from_is_only_refused(window, answers, tmp_path):
    path = tmp_path / "deep.army.json"
    path.write_text("[" * 1000, encoding="utf-8")
    answers.open_with_repairs = answers.accept_repairs = True
    assert not window.open_file(path, ask=False)
    ((title, text),) = answers.errors
    assert title == "Cannot open army" and "nested more than 64" in text
    assert answers.asked == [] and answers.repairs == []


def test_a_truncated_file_opens_its_complete_units(window, answers, tmp_path):
    text = HUMAN_FORCE.read_text(encoding="utf-8")
    path = tmp_path / "cut.army.json"
    path.write_text(text[: text.index('"Tactical Squad"')], encoding="utf-8")
    answers.open_with_repairs = answers.accept_repairs = True
    assert window.open_file(path, ask=False)
    assert [u.name for u in window.document.army.units] == [parse_army(text).units[0].name]
    assert window.document.path is None


def test_the_list_shows_every_repair_as_text_in_a_table_tab_leaves(qtbot):
    repairs = [
        Repair("units[1].elements[0].ranged.die", "'d7'", "ranged dropped", "'d7' is not a die", "Squad ▸ Troop"),
        Repair("units[3]", "12 characters from line 9 column 5", "dropped", "not valid JSON: …"),
    ]
    dialog = RepairListDialog("/tmp/<b>army</b>.army.json", repairs)
    qtbot.addWidget(dialog)
    model = dialog.table.model()
    assert model.rowCount() == 2 and model.columnCount() == len(COLUMNS)
    rows = [[model.index(r, c).data() for c in range(len(COLUMNS))] for r in range(2)]
    assert rows[0] == ["Squad ▸ Troop", repairs[0].path, "'d7'", "ranged dropped", "'d7' is not a die"]
    assert rows[1][0] == "" and rows[1][1] == "units[3]"
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(len(COLUMNS))] == list(COLUMNS)
    assert not dialog.table.tabKeyNavigation() and dialog.table.accessibleName()
    assert dialog.open_button.accessibleName()
    cancel = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Cancel)
    assert cancel.accessibleName() and cancel.isDefault()  # Enter opens nothing
    dialog.open_button.click()
    assert dialog.result() == dialog.DialogCode.Accepted
