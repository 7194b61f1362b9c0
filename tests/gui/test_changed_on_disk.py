"""Two windows (or two Warbench processes) on one army file: Save never silently drops the change the
other one saved since this window opened or saved it; it asks (Overwrite / Save As… / Cancel)."""

from __future__ import annotations

import os
import time

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication

from warbench.model.fileio import load_army
from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"


def _two_windows_on_one_file(make_window, tmp_path):
    path = tmp_path / "shared.army.json"
    path.write_bytes(HUMAN.read_bytes())
    first, second = make_window(), make_window()
    assert first.open_file(path, ask=False) and second.open_file(path, ask=False)
    return path, first, second


def _names(path) -> list[str]:
    return [u.name for u in load_army(path).units]


def _touch_later(path) -> None:
    """Some file systems keep whole seconds: make the other save's time differ, as it would in use."""
    later = time.time() + 5
    os.utime(path, (later, later))


def test_the_later_save_asks_and_cancel_keeps_the_other_windows_change(make_window, answers, tmp_path):
    path, first, second = _two_windows_on_one_file(make_window, tmp_path)
    first.document.add_unit("Saved by the first window")
    assert first.files.save()
    second.document.add_unit("Edited in the second window")
    answers.changed_on_disk = "cancel"
    assert second.files.save() is False
    assert answers.asked == [f"changed:{path}"]
    assert "Saved by the first window" in _names(path)  # not silently dropped
    assert second.document.modified  # and the second window's work is still there to save


def test_overwrite_replaces_it_knowingly(make_window, answers, tmp_path):
    path, first, second = _two_windows_on_one_file(make_window, tmp_path)
    first.document.add_unit("Saved by the first window")
    assert first.files.save()
    second.document.add_unit("Edited in the second window")
    answers.changed_on_disk = "overwrite"
    assert second.files.save()
    names = _names(path)
    assert "Edited in the second window" in names and "Saved by the first window" not in names
    second.document.add_unit("Once more")
    assert second.files.save()  # its own save is the new reference: no question this time
    assert len(answers.asked) == 1


def test_save_as_writes_elsewhere_and_keeps_the_file(make_window, answers, tmp_path):
    path, first, second = _two_windows_on_one_file(make_window, tmp_path)
    first.document.add_unit("Saved by the first window")
    assert first.files.save()
    second.document.add_unit("Edited in the second window")
    answers.changed_on_disk = "save_as"
    answers.save_path = str(tmp_path / "mine.army.json")
    assert second.files.save()
    assert "Saved by the first window" in _names(path)
    assert "Edited in the second window" in _names(tmp_path / "mine.army.json")
    assert second.document.path == tmp_path / "mine.army.json"


def test_a_change_by_another_program_is_noticed_too(window, answers, tmp_path):
    path = tmp_path / "a.army.json"
    path.write_bytes(HUMAN.read_bytes())
    assert window.open_file(path, ask=False)
    path.write_bytes(HUMAN.read_bytes().replace(b"Human Force", b"Edited elsewhere"))
    _touch_later(path)
    window.document.add_unit("Mine")
    assert window.files.save() is False
    assert load_army(path).name == "Edited elsewhere"


def test_no_question_when_nothing_changed_on_disk(window, answers, tmp_path):
    path = tmp_path / "a.army.json"
    path.write_bytes(HUMAN.read_bytes())
    assert window.open_file(path, ask=False)
    for name in ("One", "Two"):
        window.document.add_unit(name)
        assert window.files.save()
    assert answers.asked == []


def test_activating_the_window_says_the_file_changed_on_disk(make_window, answers, tmp_path):
    path, first, second = _two_windows_on_one_file(make_window, tmp_path)
    first.document.add_unit("Saved by the first window")
    assert first.files.save()
    QApplication.sendEvent(second, QEvent(QEvent.Type.ActivationChange))
    assert "changed on disk" in second.statusBar().currentMessage()
    assert answers.asked == []  # a note, not a dialog
