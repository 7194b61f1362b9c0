"""File ▸ Check Lists… (gui/list_check.py): a folder's lists checked against the event's rules, shown as a
sortable table whose rows open their army; names shown as text; every control named; Tab leaves the table."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QPushButton, QSpinBox, QTableView

from warbench.gui import dialogs
from warbench.gui.list_check import COLUMNS, TOTAL, ListCheckDialog
from warbench.model.army_code import army_code
from warbench.model.fileio import army_bytes, army_from_data, load_army
from warbench.model.fingerprint import fingerprint
from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"  # 996 pts
ALIEN = examples_dir() / "alien-force.army.json"  # 1002 pts, over its own 1000
HOSTILE = "<img src=/dev/zero><b>Bold</b>"


@pytest.fixture
def event(tmp_path, monkeypatch):
    """A folder of an event's lists: two army files and a copy of one, a mail holding a code, a broken file,
    an army of a hostile name."""
    shutil.copy(HUMAN, tmp_path)
    shutil.copy(HUMAN, tmp_path / "copy.army.json")
    shutil.copy(ALIEN, tmp_path)
    fubar = load_army(examples_dir() / "fubar-rifle-platoon.army.json")
    (tmp_path / "mail.txt").write_text(f"Hello, my list:\n\n{army_code(fubar)}\n", encoding="utf-8")
    (tmp_path / "broken.army.json").write_text("{", encoding="utf-8")
    data = load_army(HUMAN).model_dump(mode="json")
    data["name"] = HOSTILE
    (tmp_path / "hostile.army.json").write_bytes(army_bytes(army_from_data(data)))
    asked = []
    monkeypatch.setattr(dialogs, "choose_folder", lambda parent, title, folder: asked.append(title) or str(tmp_path))
    return tmp_path


def _dialog(window) -> ListCheckDialog:
    dialog = window.list_check.dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def _column(dialog: ListCheckDialog, column: int) -> list[str]:
    proxy = dialog.proxy
    return [proxy.index(r, column).data() for r in range(proxy.rowCount())]


def test_file_check_lists_shows_one_row_a_list(window, event):
    action = window.list_check.action
    assert action in window.commands.file_menu.actions() and action.text() == "Check &Lists…"
    action.trigger()
    dialog = _dialog(window)
    assert dialog.proxy.rowCount() == 6
    sources = _column(dialog, COLUMNS.index("Source"))
    assert "broken.army.json" in sources and "mail.txt:3" in sources  # from the folder checked
    names = _column(dialog, COLUMNS.index("Army"))
    assert {"Human Force", "Alien Force", "Rifle Platoon", HOSTILE} <= set(names)
    # the alien force over its own limit and the broken file fail; the copy and its original share a fingerprint
    assert dialog.summary.text() == "Lists: 6; passing: 4; failing: 2; sharing a fingerprint with another: 2"
    assert dialog.summary.textFormat() == Qt.TextFormat.PlainText


def test_the_table_sorts_by_total_as_numbers(window, event):
    window.list_check.action.trigger()
    dialog = _dialog(window)
    dialog.table.sortByColumn(TOTAL, Qt.SortOrder.DescendingOrder)
    totals = _column(dialog, TOTAL)
    assert totals[:4] == ["1002", "996", "996", "996"] and totals[-2:] == ["", ""]
    dialog.table.sortByColumn(COLUMNS.index("Army"), Qt.SortOrder.AscendingOrder)
    names = [n for n in _column(dialog, COLUMNS.index("Army")) if n]
    assert names == sorted(names, key=str.casefold)


def test_a_row_opens_its_army_file_or_its_code(window, event, answers):
    window.list_check.action.trigger()
    dialog = _dialog(window)
    sources = _column(dialog, COLUMNS.index("Source"))
    dialog.table.setCurrentIndex(dialog.proxy.index(sources.index(ALIEN.name), 0))
    assert dialog.open_button.isEnabled()
    dialog.open_button.click()
    assert window.document.path == event / ALIEN.name
    mail = dialog.proxy.index(sources.index("mail.txt:3"), 2)
    dialog.table.activated.emit(mail)  # Enter or a double-click
    assert window.document.army.name == "Rifle Platoon" and window.document.path is None
    assert fingerprint(window.document.army) == fingerprint(load_army(examples_dir() / "fubar-rifle-platoon.army.json"))


def test_the_event_rules_check_again(window, event):
    window.list_check.action.trigger()
    dialog = _dialog(window)
    dialog.system.setCurrentIndex(dialog.system.findData("fow-special-ops"))
    dialog.limit.setValue(1500)
    (event / "notes.txt").write_text("no list here", encoding="utf-8")
    dialog.again.click()
    assert dialog.summary.text().endswith("; texts without an army code left out: 1")
    results = dict(zip(_column(dialog, COLUMNS.index("Army")), _column(dialog, COLUMNS.index("Result"))))
    assert results["Alien Force"] == "passes" and results["Rifle Platoon"] == "fails"
    problems = dict(zip(_column(dialog, COLUMNS.index("Army")), _column(dialog, COLUMNS.index("Problems"))))
    assert "the event plays fow-special-ops" in problems["Rifle Platoon"]
    systems = dict(zip(_column(dialog, COLUMNS.index("Army")), _column(dialog, COLUMNS.index("System"))))
    assert systems["Rifle Platoon"] == "FUBAR"  # the system's name; its id in the tool tip


def test_a_hostile_name_is_text_and_duplicates_are_named(window, event):
    window.list_check.action.trigger()
    dialog = _dialog(window)
    names = _column(dialog, COLUMNS.index("Army"))
    row = names.index(HOSTILE)
    tip = dialog.proxy.index(row, COLUMNS.index("Army")).data(Qt.ItemDataRole.ToolTipRole)
    assert "&lt;img" in tip and "<img" not in tip  # the tool tip (rich text) escapes it
    sources = _column(dialog, COLUMNS.index("Source"))
    duplicates = dict(zip(sources, _column(dialog, COLUMNS.index("Duplicate of"))))
    original, copy = HUMAN.name, "copy.army.json"
    assert duplicates[original] == copy and duplicates[copy] == original
    assert duplicates[ALIEN.name] == ""
    fingerprints = dict(zip(sources, _column(dialog, COLUMNS.index("Fingerprint"))))
    assert fingerprints[original] == fingerprints[copy] == fingerprint(load_army(HUMAN))
    assert fingerprints[sources[row]] != fingerprints[original]  # another name: another list


def test_a_german_window_says_the_problems_in_german(german, window, event):
    window.list_check.action.trigger()
    dialog = _dialog(window)
    problems = dict(zip(_column(dialog, COLUMNS.index("Army")), _column(dialog, COLUMNS.index("Problems"))))
    assert problems["Alien Force"] == "1002 Pkt. liegt um 2 über dem eigenen Limit von 1000 Pkt."
    broken = _column(dialog, COLUMNS.index("Problems"))[
        _column(dialog, COLUMNS.index("Source")).index("broken.army.json")
    ]
    assert broken.startswith("nicht lesbar: ")


def test_no_folder_chosen_shows_nothing(window, monkeypatch):
    monkeypatch.setattr(dialogs, "choose_folder", lambda parent, title, folder: "")
    assert window.list_check.check_lists() is False and window.list_check.dialog is None


def test_every_control_is_named_and_tab_leaves_the_table(window, event, qtbot):
    from tests.gui.test_accessible_names import controls, problems

    window.list_check.action.trigger()
    dialog = _dialog(window)
    assert {type(w) for w in controls(dialog)} >= {QTableView, QComboBox, QSpinBox, QCheckBox, QPushButton}
    assert problems(dialog) == []
    assert dialog.table.tabKeyNavigation() is False
    dialog.activateWindow()
    dialog.table.setFocus()
    qtbot.keyClick(dialog.table, Qt.Key.Key_Tab)
    QApplication.processEvents()
    assert QApplication.focusWidget() is not dialog.table


@pytest.mark.parametrize(("suffix", "first"), [("html", "<!DOCTYPE html>"), ("csv", "source,name,"), ("json", "{")])
def test_save_report_writes_the_format_its_suffix_names(window, event, monkeypatch, tmp_path, suffix, first):
    target = tmp_path / f"out.{suffix}"
    suggested = []
    monkeypatch.setattr(dialogs, "report_path", lambda parent, name: suggested.append(name) or str(target))
    window.list_check.action.trigger()
    dialog = _dialog(window)
    assert dialog.save_report() is True
    assert suggested == [str(event / "list-check.html")]
    text = target.read_text(encoding="utf-8")
    assert text.startswith(first) and "Alien Force" in text
    if suffix == "html":
        assert "&lt;img src=/dev/zero&gt;" in text and "<img" not in text


def test_a_report_that_cannot_be_saved_says_why(window, event, monkeypatch, answers, tmp_path):
    monkeypatch.setattr(dialogs, "report_path", lambda parent, name: str(tmp_path / "no-such-folder" / "r.csv"))
    window.list_check.action.trigger()
    assert _dialog(window).save_report() is False
    assert answers.errors and answers.errors[-1][0] == "Cannot save the report"
