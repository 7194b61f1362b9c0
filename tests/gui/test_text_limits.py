"""Every text field in the window holds at most the file's text limit: what can be typed or pasted
can be saved and opened again, and a paste past the limit is cut visibly."""

from __future__ import annotations

import shutil

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit

from warbench.gui.main_window import MainWindow
from warbench.model.fileio import load_army
from warbench.model.limits import MAX_STRING
from warbench.model.resources import examples_dir

DIO = examples_dir() / "duke-it-out-brick-brigade.army.json"


def _fields(window) -> list:
    """Every editable text field the builder shows for the selected element, and the army's name."""
    fields = [w for w in window.findChildren(QLineEdit) + window.findChildren(QPlainTextEdit) if w.isVisible()]
    return [w for w in fields if not w.isReadOnly() and (window.form.isAncestorOf(w) or w is window.header.name)]


def _open_copy(window, tmp_path):
    copy = tmp_path / "dio.army.json"
    shutil.copyfile(DIO, copy)
    assert window.open_file(copy)
    return copy


def test_a_paste_past_the_limit_is_cut_and_said(qtbot, window, answers, tmp_path):
    _open_copy(window, tmp_path)
    window.select(0, 0)
    special = window.form.editors[("special",)].widget
    assert isinstance(special, QPlainTextEdit)
    QGuiApplication.clipboard().setText("x" * (MAX_STRING + 50))
    special.setFocus()
    special.selectAll()
    special.paste()
    assert len(special.toPlainText()) == MAX_STRING
    assert len(window.document.element(0, 0).special) == MAX_STRING
    assert "50 characters were left out" in window.statusBar().currentMessage()
    assert f"at most {MAX_STRING:,} characters" in window.statusBar().currentMessage()
    special.undo()  # the paste and its cut are one step
    assert "x" not in special.toPlainText()


def test_what_can_be_typed_or_pasted_in_the_window_reopens(qtbot, window, answers, tmp_path):
    path = _open_copy(window, tmp_path)
    window.select(0, 0)
    fields = _fields(window)
    assert window.header.name in fields and len(fields) >= 4  # name, special, weapons' cells ...
    QGuiApplication.clipboard().setText("🎲" + "y" * (MAX_STRING + 10))
    for field in fields:
        field.setFocus()
        field.selectAll()
        field.paste()
        text = field.toPlainText() if isinstance(field, QPlainTextEdit) else field.text()
        assert 0 < len(text) <= MAX_STRING, field
        if isinstance(field, QLineEdit):
            field.editingFinished.emit()
    window.commands.save_action.trigger()
    assert answers.errors == [] and not window.isWindowModified()
    army = load_army(path)  # refused if any text were over the limit
    assert army.name.startswith("🎲y") and army.units[0].elements[0].special.startswith("🎲y")
    other = MainWindow(autosave_ms=3_600_000)
    qtbot.addWidget(other)
    assert other.open_file(path)


def test_typing_at_the_limit_is_refused_with_a_message(qtbot, window):
    window.select(0, 0)
    name = window.header.name
    name.setText("z" * MAX_STRING)
    name.setFocus()
    qtbot.keyClicks(name, "more")
    assert len(name.text()) == MAX_STRING
    assert f"at most {MAX_STRING:,} characters" in window.statusBar().currentMessage()


def test_a_number_field_says_what_it_takes(qtbot, loaded):
    """A rejected keystroke in a number field names the field and its numbers, not the text limit."""
    count = loaded.form.editors[("count",)].widget
    count.setFocus()
    qtbot.keyClicks(count, "x")
    message = loaded.statusBar().currentMessage()
    low, high = count.minimum(), count.maximum()
    assert message == f"Count takes whole numbers from {low:,} to {high:,}."
    limit = loaded.header.limit
    limit.setFocus()
    qtbot.keyClicks(limit, "x")
    assert loaded.statusBar().currentMessage() == (
        f"Points limit takes whole numbers from 0 (no limit) to {limit.maximum():,}."
    )
