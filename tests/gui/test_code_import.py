"""Army codes in the window (gui/code_import.py): File ▸ Import from Text…, Ctrl+V of a post on the start
page or the army tree; the army opens as a new, unsaved army, exactly as the code holds it."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog

from warbench.gui import code_import
from warbench.model.army_code import army_code
from warbench.model.fileio import army_bytes, load_army
from warbench.model.resources import examples_dir

ALIEN = examples_dir() / "alien-force.army.json"


def _post(path=ALIEN) -> str:
    return f"Hi all, my list for Saturday:\n\n{army_code(load_army(path))}\n\nC&C welcome"


def _is_the_army_of(w, path) -> None:
    assert army_bytes(w.document.army) == army_bytes(load_army(path))
    assert w.document.path is None and w.document.modified  # new and unsaved: closing asks
    assert "(not saved)" in w.windowTitle()


def test_import_from_text_opens_the_army_as_a_new_unsaved_army(loaded, monkeypatch, answers):
    opened = loaded.document.path
    assert opened is not None
    was = opened.read_bytes()
    monkeypatch.setattr(code_import, "ask_code_text", lambda parent: _post())
    loaded.findChild(type(loaded.code_import.action), "import_text").trigger()
    _is_the_army_of(loaded, ALIEN)
    assert opened.read_bytes() == was  # the file that was open is never written
    assert answers.errors == [] and loaded.code_import.action in loaded.commands.file_menu.actions()


def test_a_damaged_code_is_refused_and_nothing_changes(loaded, monkeypatch, answers):
    army = loaded.document.army
    code = army_code(load_army(ALIEN))
    monkeypatch.setattr(code_import, "ask_code_text", lambda parent: code[:200] + code[202:])
    assert not loaded.code_import.import_from_text()
    assert loaded.document.army is army
    assert [title for title, _text in answers.errors] == ["Cannot import the army"]
    assert "damaged" in answers.errors[0][1]


def test_cancelling_the_dialog_changes_nothing(loaded, monkeypatch, answers):
    army = loaded.document.army
    monkeypatch.setattr(code_import, "ask_code_text", lambda parent: None)
    assert not loaded.code_import.import_from_text()
    assert loaded.document.army is army and answers.errors == []


def test_unsaved_changes_are_asked_about_first(loaded, answers):
    loaded.commands.add_unit()
    army = loaded.document.army
    answers.unsaved = "cancel"
    assert not loaded.code_import.open_code(_post())
    assert loaded.document.army is army and answers.asked == ["unsaved:human-force.army.json"]


def test_ctrl_v_of_a_post_on_the_army_tree_opens_its_army(loaded, qtbot):
    QApplication.clipboard().setText(_post())
    loaded.tree.setFocus()
    qtbot.keyClick(loaded.tree, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    _is_the_army_of(loaded, ALIEN)


def test_ctrl_v_of_a_post_on_the_start_page_opens_its_army(window, qtbot):
    window.start.show_start_page()
    QApplication.clipboard().setText(_post())
    focus = window.start.start_page.import_button
    focus.setFocus()
    qtbot.keyClick(focus, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    _is_the_army_of(window, ALIEN)
    assert not window.start.on_start_page


def test_ctrl_v_on_the_start_page_without_a_code_says_so(window, qtbot, answers):
    window.start.show_start_page()
    QApplication.clipboard().setText("just words")
    qtbot.keyClick(window.start.start_page.import_button, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert window.start.on_start_page and "no army code" in window.statusBar().currentMessage()
    assert answers.errors == []


def test_copy_army_as_text_then_import_gives_the_same_army(loaded, make_window, monkeypatch):
    text = loaded.commands.copy_army_text("bbcode")
    other = make_window()
    monkeypatch.setattr(code_import, "ask_code_text", lambda parent: QApplication.clipboard().text())
    assert other.code_import.import_from_text()
    assert army_bytes(other.document.army) == army_bytes(loaded.document.army)
    assert text == QApplication.clipboard().text()


@pytest.fixture
def dialog(qtbot):
    dialog = code_import.ImportTextDialog()
    qtbot.addWidget(dialog)
    return dialog


def test_the_dialog_enables_import_once_a_code_is_pasted(dialog):
    assert not dialog.import_button.isEnabled() and "No army code" in dialog.status.text()
    dialog.text.setPlainText(_post())
    assert dialog.import_button.isEnabled() and "An army code of" in dialog.status.text()
    for widget in (dialog.text, dialog.status, dialog.read_button, dialog.import_button):
        assert widget.accessibleName()
    assert dialog.status.textFormat() == Qt.TextFormat.PlainText


def test_the_dialog_reads_a_text_file_and_says_why_not(dialog, tmp_path, monkeypatch):
    post = tmp_path / "post.txt"
    post.write_text(_post(), encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args: (str(post), ""))
    assert dialog.read_file() and dialog.import_button.isEnabled()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args: (str(tmp_path), ""))
    assert not dialog.read_file()
    assert "it is a folder" in dialog.status.text() and dialog.text.toPlainText() == _post()


def test_an_army_too_big_to_save_is_not_copied_as_text(loaded, monkeypatch, answers):
    """Its code would hold an army file Warbench refuses to write: said, and the clipboard is left alone."""
    from warbench.model import limits

    QApplication.clipboard().setText("before")
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 100)
    assert loaded.commands.copy_army_text("plain") == ""
    assert QApplication.clipboard().text() == "before"
    assert [title for title, _text in answers.errors] == ["Cannot copy the army as text"]
    assert "at most 100 bytes" in answers.errors[0][1]


HOSTILE_NAMES = ["/x/planted", "../../x", "..", " .hidden", "C:\\Windows\\x", "a\x00b\nc\u202e", "CON", "é" * 300]


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_no_save_or_export_dialog_starts_where_a_codes_army_name_says(loaded, monkeypatch, answers, name, tmp_path):
    """A pasted code's army named "/x/planted" opened Save As in /x: every Save As, Save Game As and Export
    dialog starts in the player's folder, with a plain file name made of the name."""
    from warbench.gui import dialogs, settings, text_export
    from warbench.model.army_code import army_code

    settings.LAST_FOLDER.write(str(tmp_path))
    army = load_army(ALIEN).model_copy(update={"name": name})
    assert loaded.code_import.open_code(f"My list:\n\n{army_code(army)}\n")
    assert loaded.document.army.name == name
    suggested: list[str] = []

    def record(pair: bool):
        def ask(*args):
            suggested.append(args[-1])  # every save dialog's last argument: the path it starts at
            return ("", "") if pair else ""

        return ask

    for module, function, pair in (
        (dialogs, "save_path", False),
        (dialogs, "export_path", False),
        (dialogs, "save_game_path", False),
        (dialogs, "log_path", True),
        (text_export, "ask_text_path", True),
    ):
        monkeypatch.setattr(module, function, record(pair))
    monkeypatch.setattr(dialogs, "ask_opponent", lambda parent, army_name: "copy")
    assert not loaded.files.save_as()
    assert not loaded.files.export_document("sheet")
    assert not loaded.text_export.export_text()
    assert loaded.play.new_game()
    assert not loaded.play.save_game_as()
    assert not loaded.play.export_log()
    assert len(suggested) == 5  # Save As, the PDF, the text, Save Game As, the log
    for path in suggested:
        folder, file = os.path.split(path)
        assert folder == str(tmp_path), path
        assert file and not file.startswith(".") and ".." not in file and "/" not in file and "\\" not in file
        assert all(c.isprintable() for c in file) and len(file.encode()) <= 140 and not file.upper().startswith("CON.")
