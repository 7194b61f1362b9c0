"""Crash recovery offers only copies that load; bad copies and side files never crash start-up."""

from __future__ import annotations

import json
import os
import time

import pytest

from warbench.gui import autosave
from warbench.gui.app import create_window
from warbench.model.fileio import dump_army, load_army
from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"
DEAD_PID = 2**22 + 99


def _write(name: str, data: bytes | None, meta=None) -> None:
    folder = autosave.autosave_dir()
    folder.mkdir(parents=True, exist_ok=True)
    copy = folder / f"{name}.army.json"
    if data is None:
        copy.mkdir()
    else:
        copy.write_bytes(data)
    if meta is not None:
        (folder / f"{name}.army.json.meta").write_text(meta if isinstance(meta, str) else json.dumps(meta))


def _good() -> bytes:
    army = load_army(HUMAN).model_copy(update={"name": "Recovered work"})
    return dump_army(army).encode()


BAD = {
    "truncated": (_good()[:200], {"original": None, "saved_at": time.time(), "pid": DEAD_PID}),
    "garbage": (b"\x00\xff garbage", None),
    "empty": (b"", {"original": "/nowhere/a.army.json", "saved_at": 1.0, "pid": DEAD_PID}),
    "not-an-army": (b'{"hello": "world"}', "[1, 2, 3]"),
    "future": (_good().replace(b'"schema_version": 1', b'"schema_version": 99'), {"saved_at": "yesterday"}),
    "folder": (None, {"original": 5, "saved_at": None, "pid": "x"}),
}


def test_only_loadable_copies_are_offered_and_bad_ones_kept_aside(qtbot, app, answers):
    for name, (data, meta) in BAD.items():
        _write(name, data, meta)
    _write("good", _good(), {"original": ["not", "a", "path"], "saved_at": float("nan"), "pid": True})
    answers.recover = "recover"
    window = create_window([])
    qtbot.addWidget(window)
    offered = [a for a in answers.asked if a.startswith("recover:")]
    assert len(offered) == 1 and "an unsaved new army" in offered[0]
    assert window.document.army.name == "Recovered work" and window.isWindowModified()
    title, text = answers.errors[0]
    assert title == "Unreadable autosaved work" and f"{len(BAD)} autosaved copies" in text
    for name in BAD:
        assert f"{name}.army.json" in text
    kept = sorted(p.name for p in autosave.unreadable_dir().iterdir())
    assert len([k for k in kept if k.endswith(".army.json")]) == len(BAD)  # moved aside, never deleted
    assert autosave.pending() == []  # the good copy was recovered, the bad ones are no longer in the way
    window.document.undo_stack.setClean()


def test_a_side_file_of_the_wrong_shape_does_not_hide_a_valid_copy(app, answers):
    _write("a", _good(), "[]")
    _write("b", _good(), '{"original": {"x": 1}, "saved_at": [], "pid": 1.5}')
    _write("c", _good(), "{not json")
    found, bad = autosave.scan()
    assert len(found) == 3 and bad == []
    assert all(item.original is None and item.army.name == "Recovered work" for item in found)


def test_later_keeps_valid_copies_and_reports_bad_ones_once(qtbot, app, answers):
    _write("good", _good(), {"original": None, "saved_at": time.time(), "pid": DEAD_PID})
    _write("bad", b"{", None)
    window = create_window([])
    qtbot.addWidget(window)
    assert len(answers.errors) == 1 and "bad.army.json" in answers.errors[0][1]
    assert len(autosave.pending()) == 1  # "Decide later": still there for next time
    assert len(answers.errors) == 1


def test_autosaved_work_is_offered_before_a_file_given_at_start_is_read(qtbot, app, answers, monkeypatch):
    """`warbench FILE` after a crash: the question comes first and the file is read only after it (the
    player may rather recover); with "later", the file then opens as File ▸ Open opens it."""
    from warbench.gui.document import ArmyDocument

    _write("good", _good(), {"original": None, "saved_at": time.time(), "pid": DEAD_PID})
    events = []
    opened = ArmyDocument.open
    monkeypatch.setattr(ArmyDocument, "open", classmethod(lambda cls, *a: events.append("read") or opened(*a)))
    from warbench.gui import dialogs

    monkeypatch.setattr(dialogs, "ask_recover", lambda parent, text: events.append("asked") or "later")
    window = create_window([str(HUMAN)])
    qtbot.addWidget(window)
    assert events == ["asked", "read"]
    assert window.document.path == HUMAN and window.document.army.name == "Human Force"
    assert len(autosave.pending()) == 1  # "Decide later" kept it


def test_a_bad_autosaved_copy_is_still_reported_when_a_file_is_given_at_start(qtbot, app, answers):
    _write("bad", b"{", {"original": None, "saved_at": time.time(), "pid": DEAD_PID})
    assert autosave.any_left()
    window = create_window([str(HUMAN)])
    qtbot.addWidget(window)
    assert [title for title, _text in answers.errors] == ["Unreadable autosaved work"]
    assert window.document.path == HUMAN
    assert not autosave.any_left()  # moved aside, once reported


def test_any_left_changes_nothing_and_skips_this_sessions_own_copy(app):
    assert not autosave.any_left()
    _write("mine", _good(), {"original": None, "saved_at": time.time(), "pid": os.getpid()})
    assert not autosave.any_left()
    _write("bad", b"{", None)
    assert autosave.any_left() and autosave.any_left()  # looked at twice: still there
    assert (autosave.autosave_dir() / "bad.army.json").exists()


def test_a_live_process_autosave_is_not_offered_as_a_crash(qtbot, app, answers):
    """Two Warbench processes (single-instance could not be had): the second must not offer the
    first's live autosave as crash recovery, nor move or delete it."""
    import subprocess
    import sys

    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        _write("live", _good(), {"original": None, "saved_at": time.time(), "pid": other.pid})
        assert not autosave.any_left()
        assert autosave.scan() == ([], [])
        window = create_window([])
        qtbot.addWidget(window)
        assert not [a for a in answers.asked if a.startswith("recover:")]
        assert (autosave.autosave_dir() / "live.army.json").exists()
    finally:
        other.kill()
        other.wait()
    assert len(autosave.pending()) == 1  # once that process is gone, its copy is a crash's to offer


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="a reused process id is told apart through /proc")
def test_a_copy_whose_process_id_was_reused_is_still_offered(app, answers):
    """The writer crashed an hour ago and a later process got its id: the copy is a crash's."""
    import subprocess
    import sys

    later = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        _write("old", _good(), {"original": None, "saved_at": time.time() - 3600, "pid": later.pid})
        copy = autosave.autosave_dir() / "old.army.json"
        os.utime(copy, (time.time() - 3600, time.time() - 3600))
        assert len(autosave.pending()) == 1
    finally:
        later.kill()
        later.wait()


def _write_game(name: str, data: bytes, meta) -> None:
    folder = autosave.autosave_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.game.json").write_bytes(data)
    (folder / f"{name}.game.json.meta").write_text(json.dumps(meta))


def _game() -> bytes:
    from warbench.model.game import new_game
    from warbench.model.game_file import game_bytes

    game = new_game(load_army(HUMAN))
    game.next_round()
    return game_bytes(game.file)


def _kept() -> list[str]:
    folder = autosave.unreadable_dir()
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


@pytest.mark.parametrize("saved_at", [1e18, -1e18, 2.0**62])
def test_a_time_no_clock_shows_is_an_unknown_time_not_a_failed_start(qtbot, app, answers, saved_at):
    _write("army", _good(), {"original": None, "saved_at": saved_at, "pid": DEAD_PID})
    _write_game("game", _game(), {"original": None, "saved_at": saved_at, "pid": DEAD_PID})
    window = create_window([])
    qtbot.addWidget(window)
    offered = [a for a in answers.asked if a.startswith("recover:")]
    assert len(offered) == 2 and all("(autosaved unknown time)" in text for text in offered), offered
    assert answers.errors == [] and window.is_ready


def test_a_game_copy_that_does_not_load_is_kept_aside_and_reported(qtbot, app, answers):
    _write_game("broken", b'{"format": "warbench-game", "schema_version": 1, "round": "x"}', {"pid": DEAD_PID})
    _write_game("other", b"\xff not json", {"pid": DEAD_PID})
    window = create_window([])
    qtbot.addWidget(window)
    assert [title for title, _text in answers.errors] == ["Unreadable autosaved work"]
    text = answers.errors[0][1]
    assert "broken.game.json" in text and "other.game.json" in text and str(autosave.unreadable_dir()) in text
    kept = [k for k in _kept() if k.endswith(".game.json")]
    assert sorted(k.split("-", 2)[-1] for k in kept) == ["broken.game.json", "other.game.json"]  # moved, not deleted
    assert not autosave.games_left()  # and no longer in the way of the next start


@pytest.mark.parametrize("kind", ["game", "army"])
def test_a_copy_that_fails_to_show_is_kept_aside_never_deleted(qtbot, app, answers, monkeypatch, kind):
    """The model reads the copy, the window fails to show it (the play view, the army's recovery): the copy is
    moved aside and the player told where, the window starts (a game's copy used to be deleted before it was
    shown, and the start died)."""
    from warbench.gui import play_view
    from warbench.gui.file_controller import FileController

    def broken(*_args, **_kwargs):
        raise OverflowError("int too big to convert")

    if kind == "game":
        monkeypatch.setattr(play_view, "PlayView", broken)
        _write_game("copy", _game(), {"original": None, "saved_at": time.time(), "pid": DEAD_PID})
    else:
        monkeypatch.setattr(FileController, "recover", broken)
        _write("copy", _good(), {"original": None, "saved_at": time.time(), "pid": DEAD_PID})
    answers.recover = "recover"
    window = create_window([])
    qtbot.addWidget(window)
    assert [title for title, _text in answers.errors] == ["Cannot recover autosaved work"]
    assert "int too big to convert" in answers.errors[0][1] and str(autosave.unreadable_dir()) in answers.errors[0][1]
    assert [k for k in _kept() if k.endswith(f"-copy.{kind}.json")] and window.is_ready and not autosave.any_left()
    assert window.play.game_document is None and not window.play.in_play
