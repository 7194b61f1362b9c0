"""A second launch hands its files to the running Warbench, which opens each in a new window of the
same process without offering its own live autosaves as a crash to recover.

Against another user and hostile messages: the socket lives in a private folder of the user's, a
squatter gets neither an exit nor a file name, and a message opens at most a few files, one at a time,
never nesting dialogs. A second launch is a real second process (:func:`launch`): it waits for the
running one's answer, which this process gives from its event loop."""

from __future__ import annotations

import hashlib
import json
import os
import socket
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from warbench.gui import app as app_module
from warbench.gui import single_instance
from warbench.gui.single_instance import InstanceServer, send_to_running, server_name
from warbench.model.resources import examples_dir

HUMAN = str(examples_dir() / "human-force.army.json")
ROOT = Path(__file__).resolve().parents[2]
LAUNCH = """
import sys
from PySide6.QtCore import QCoreApplication
from warbench.gui import settings
QCoreApplication.setOrganizationName(settings.ORGANIZATION)
QCoreApplication.setApplicationName(settings.APPLICATION)
app = QCoreApplication([])
from warbench.gui.single_instance import send_to_running
sys.exit(0 if send_to_running(sys.argv[1:]) else 3)
"""


def launch(qtbot, files: list[str]) -> bool:
    """What a second launch's ``send_to_running(files)`` says, run in its own process (this one answers)."""
    proc = subprocess.Popen([sys.executable, "-c", LAUNCH, *files], cwd=ROOT)
    try:
        qtbot.waitUntil(lambda: proc.poll() is not None, timeout=30_000)
    finally:
        proc.kill()
        proc.wait()
    return proc.returncode == 0


def test_server_name_follows_the_user_data_folder(app, monkeypatch, tmp_path):
    first = server_name()
    assert first is not None and Path(first).name.startswith("warbench-")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert server_name() != first  # each user / sandbox has its own; never one fixed global name


def test_second_launch_hands_files_to_the_running_one(app, qtbot):
    assert send_to_running([HUMAN]) is False  # nobody listening yet: this process is the first
    received: list[list[str]] = []
    server = InstanceServer(received.append)
    try:
        assert launch(qtbot, [HUMAN]) is True
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


unix = pytest.mark.skipif(os.name != "posix", reason="Unix socket folders and owners")


def _old_name() -> str:
    """The name Warbench used to listen on: predictable, in the shared temporary folder."""
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return "warbench-" + hashlib.sha256(folder.encode("utf-8")).hexdigest()[:20]


@pytest.fixture
def server(app, sandbox_dirs):
    made: list[InstanceServer] = []

    def make(open_files, **kwargs) -> InstanceServer:
        made.append(InstanceServer(open_files, **kwargs))
        return made[-1]

    yield make
    for s in made:
        s.server.close()
        s.deleteLater()


def test_a_squatter_on_the_old_shared_name_gets_no_exit_and_no_file_names(app, qtbot, sandbox_dirs):
    squatter = QLocalServer()
    QLocalServer.removeServer(_old_name())
    assert squatter.listen(_old_name())  # another user, in the shared /tmp, first
    heard: list[bytes] = []

    def accept():
        while (s := squatter.nextPendingConnection()) is not None:
            s.readyRead.connect(lambda s=s: heard.append(bytes(s.readAll().data())))

    squatter.newConnection.connect(accept)
    try:
        assert send_to_running([HUMAN]) is False  # this launch goes on as the first, it does not exit 0
        qtbot.wait(50)
        assert not any(b"human-force" in h for h in heard)
    finally:
        squatter.close()


@unix
def test_the_socket_lives_in_a_private_folder_even_at_umask_000(server, monkeypatch, tmp_path):
    shared = tmp_path / "shared-runtime"
    shared.mkdir()
    shared.chmod(0o777)  # an XDG_RUNTIME_DIR others can write to is not used
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(shared))
    old = os.umask(0)
    try:
        s = server(lambda files: None)
    finally:
        os.umask(old)
    path = Path(s.server.fullServerName())
    assert s.server.isListening()
    assert path.is_absolute() and path.parent != Path(tempfile.gettempdir())
    assert not path.is_relative_to(shared)
    folder = path.parent.lstat()
    assert stat.S_ISDIR(folder.st_mode) and folder.st_uid == os.getuid() and folder.st_mode & 0o077 == 0
    assert path.lstat().st_mode & 0o077 == 0


@unix
def test_a_plain_file_at_the_name_is_kept_and_said_once_not_a_silent_exit(server, capsys, qtbot):
    path = Path(single_instance.server_name())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("not a socket")
    try:
        s = server(lambda files: None)
        assert not s.server.isListening()
        assert path.read_text() == "not a socket"  # not ours to remove
        assert "separate" in s.problem and str(path) in s.problem
        assert capsys.readouterr().err.count(s.problem) == 1
        assert launch(qtbot, [HUMAN]) is False  # the launch runs on, it does not exit 0
    finally:
        path.unlink()


@unix
def test_a_dead_socket_of_ours_is_taken_over(server, qtbot):
    path = Path(single_instance.server_name())
    path.parent.mkdir(parents=True, exist_ok=True)
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(str(path))
    dead.close()  # a crash left the socket file
    received: list[list[str]] = []
    s = server(received.append)
    assert s.server.isListening() and s.problem == ""
    assert launch(qtbot, [HUMAN]) is True
    qtbot.waitUntil(lambda: received == [[HUMAN]], timeout=5000)


def test_a_server_of_another_user_is_not_trusted(server, qtbot, monkeypatch):
    received: list[list[str]] = []
    server(received.append)
    monkeypatch.setattr(single_instance, "peer_uid", lambda s: os.getuid() + 1)
    assert send_to_running([HUMAN]) is False
    qtbot.wait(50)
    assert received == []


def _raw_send(data: bytes) -> QLocalSocket:
    s = QLocalSocket()
    s.connectToServer(single_instance.server_name())
    assert s.waitForConnected(1000)
    s.write(data)
    s.flush()
    return s


def _message(files) -> bytes:
    return json.dumps({"warbench": 1, "open": files}).encode() + b"\n"  # the wire format, version 1


def test_a_message_opens_at_most_a_few_existing_files(server, qtbot, tmp_path):
    received: list[str] = []
    s = server(lambda files: received.extend(files))
    names = [f"f{i}.army.json" for i in range(300)]  # the 7 KB message that opened 300 windows
    for n in names[:40]:
        (tmp_path / n).write_text("{}")
    sock = _raw_send(_message([""] * 100 + [str(tmp_path / n) for n in names]))
    qtbot.waitUntil(lambda: len(received) >= 10, timeout=5000)
    qtbot.wait(50)
    assert len(received) == 10  # MAX_FILES from one message
    assert all(Path(f).is_file() for f in received)
    assert any("refused" in n for n in s.notes)
    sock.abort()


def test_an_over_long_message_is_refused_and_opens_nothing(server, qtbot):
    received: list[list[str]] = []
    s = server(received.append)
    sock = _raw_send(b'{"warbench": 1, "open": ["' + b"a" * (64 * 1024 + 10))  # never ends: over 64 KiB
    qtbot.waitUntil(lambda: sock.state() == QLocalSocket.LocalSocketState.UnconnectedState, timeout=5000)
    assert received == []
    assert any("too long" in n for n in s.notes)


def test_a_message_of_another_version_or_shape_opens_nothing(server, qtbot):
    received: list[list[str]] = []
    s = server(received.append)
    for data in (b'{"open": ["%s"]}\n' % HUMAN.encode(), b'{"warbench": 99, "open": []}\n', b"[1, 2]\n"):
        sock = _raw_send(data)
        qtbot.waitUntil(lambda s=sock: s.state() == QLocalSocket.LocalSocketState.UnconnectedState, timeout=5000)
    assert received == []
    assert len(s.notes) == 3


def test_files_from_messages_open_one_at_a_time_never_nested(server, qtbot):
    """Each open may show a modal dialog (a nested event loop); a message arriving meanwhile waits its turn."""
    depth = [0]
    deepest = [0]
    calls: list[list[str]] = []
    sockets = []

    def open_files(files):
        depth[0] += 1
        deepest[0] = max(deepest[0], depth[0])
        calls.append(files)
        if len(calls) == 1:  # a dialog is up: the next launch's message arrives now
            sockets.append(_raw_send(_message([HUMAN])))
            qtbot.waitUntil(lambda: len(calls) > 1 or bool(getattr(s, "queue", None)), timeout=5000)
        depth[0] -= 1

    s = server(open_files)
    sockets.append(_raw_send(_message([HUMAN])))
    qtbot.waitUntil(lambda: len(calls) == 2, timeout=5000)
    assert deepest[0] == 1
    for sock in sockets:
        sock.abort()
