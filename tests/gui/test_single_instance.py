"""A second launch hands its files to the running Warbench, which opens each in a new window of the
same process without offering its own live autosaves as a crash to recover."""

from __future__ import annotations

import os

from gui import app as app_module
from gui.single_instance import InstanceServer, send_to_running, server_name
from model.resources import examples_dir

HUMAN = str(examples_dir() / "human-force.army.json")


def test_server_name_follows_the_user_data_folder(app, monkeypatch, tmp_path):
    first = server_name()
    assert first.startswith("warbench-")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert server_name() != first  # each user / sandbox has its own; never one fixed global name


def test_second_launch_hands_files_to_the_running_one(app, qtbot):
    assert send_to_running([HUMAN]) is False  # nobody listening yet: this process is the first
    received: list[list[str]] = []
    server = InstanceServer(received.append)
    try:
        assert send_to_running([HUMAN]) is True
        qtbot.waitUntil(lambda: received == [[HUMAN]], timeout=5000)
    finally:
        server.server.close()
        server.deleteLater()


def test_handed_files_open_in_new_windows_without_recovery(app, qtbot, answers, window):
    window.document.undo_stack.setClean()
    before = list(app_module._more_windows)
    app_module.open_in_new_windows([HUMAN])
    (opened,) = [w for w in app_module._more_windows if w not in before]
    try:
        assert opened.document.path is not None and os.path.samefile(opened.document.path, HUMAN)
        assert not [q for q in answers.asked if q.startswith("recover")]
    finally:
        opened.document.undo_stack.setClean()
        opened.close()
