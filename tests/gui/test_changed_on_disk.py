"""Two windows (or two Warbench processes, or `warbench game next-round`) on one army or game file: Save (and
Save Game) never silently drops the change the other one saved since this window opened or saved it; it asks
(Overwrite / Save As… / Cancel)."""

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


def _game_played_elsewhere(make_window, tmp_path, monkeypatch, answers):
    """A window playing a saved game with a step of its own; meanwhile `warbench game next-round` (or
    another window) wrote two rounds to the same file."""
    from warbench.gui import dialogs
    from warbench.model.game import Game, new_game
    from warbench.model.game_file import load_game, save_game

    path = tmp_path / "g.game.json"
    save_game(new_game(load_army(HUMAN)).file, path)
    window = make_window()
    assert window.play.open_game(path)
    other = Game(*load_game(path))
    other.next_round()
    other.next_round()
    save_game(other.file, path)
    _touch_later(path)
    window.play.game_document.next_round()  # the window's own step: round 2
    answers.game_path = ""
    monkeypatch.setattr(dialogs, "save_game_path", lambda parent, suggested: answers.game_path)
    return path, window


def _round_on_disk(path) -> int:
    from warbench.model.game_file import load_game

    return load_game(path)[0].round


def test_save_game_asks_and_cancel_keeps_the_rounds_played_elsewhere(make_window, answers, tmp_path, monkeypatch):
    path, window = _game_played_elsewhere(make_window, tmp_path, monkeypatch, answers)
    answers.changed_on_disk = "cancel"
    assert window.play.save_game() is False
    assert answers.asked == [f"changed:{path}"]
    assert _round_on_disk(path) == 3 and window.play.game_document.modified  # neither side's rounds lost


def test_save_game_overwrites_knowingly_then_asks_no_more(make_window, answers, tmp_path, monkeypatch):
    path, window = _game_played_elsewhere(make_window, tmp_path, monkeypatch, answers)
    answers.changed_on_disk = "overwrite"
    assert window.play.save_game()
    assert _round_on_disk(path) == 2 and not window.play.game_document.modified
    window.play.game_document.next_round()
    assert window.play.save_game()  # its own save is the new reference
    assert _round_on_disk(path) == 3 and len(answers.asked) == 1


def test_save_game_as_writes_elsewhere_and_keeps_the_file(make_window, answers, tmp_path, monkeypatch):
    path, window = _game_played_elsewhere(make_window, tmp_path, monkeypatch, answers)
    answers.changed_on_disk = "save_as"
    answers.game_path = str(tmp_path / "mine.game.json")
    assert window.play.save_game()
    assert _round_on_disk(path) == 3 and _round_on_disk(tmp_path / "mine.game.json") == 2
    assert window.play.game_document.path == tmp_path / "mine.game.json"


def test_the_game_autosave_is_not_held_up_by_a_change_on_disk(make_window, answers, tmp_path, monkeypatch):
    from warbench.model.game_file import load_game

    path, window = _game_played_elsewhere(make_window, tmp_path, monkeypatch, answers)
    autosaver = window.play.game_autosaver
    assert autosaver.tick() and load_game(autosaver.copy)[0].round == 2
    assert answers.asked == [] and _round_on_disk(path) == 3


def test_no_question_when_the_game_file_did_not_change(make_window, answers, tmp_path):
    from warbench.model.game import new_game
    from warbench.model.game_file import save_game

    path = tmp_path / "g.game.json"
    save_game(new_game(load_army(HUMAN)).file, path)
    window = make_window()
    assert window.play.open_game(path)
    for _ in range(2):
        window.play.game_document.next_round()
        assert window.play.save_game()
    assert answers.asked == [] and _round_on_disk(path) == 3
