"""One Warbench per user: a second launch hands its files to the running one (``QLocalServer``).

Where the server listens: on Unix a socket file in a folder only this user can enter —
``$XDG_RUNTIME_DIR/warbench`` when ``$XDG_RUNTIME_DIR`` is a folder of the user's with mode 0700, else
``<cache>/warbench-run`` made with mode 0700 and checked (owned by the user, no access for others, not
a symbolic link) — never the shared temporary folder under a name another user could take first. Its
name is derived from the user's app-data folder, so each sandboxed test run has its own. The socket
itself is made for the user only (mode 0600; ``UserAccessOption`` on Windows) and, on Linux, each side
checks the other is the same user (``SO_PEERCRED``).

The talk is one line of JSON each way: the server greets with ``{"warbench": PROTOCOL}``; the client
sends ``{"warbench": PROTOCOL, "open": [paths]}`` (at most :data:`MAX_FILES` paths, the line at most
:data:`MAX_MESSAGE_BYTES`); the server answers how many it accepted and refused. A launch exits only
when a server of ours answered. The server opens accepted files one at a time, in a queue of at most
:data:`MAX_QUEUED`: a file whose opening shows a dialog holds the next until it is answered.

When the name is held by something else (a file, another user's socket), this process runs as a
separate instance and says so once; a dead socket of the user's own is taken over.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import socket as pysocket
import stat
import struct
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QLocale, QObject, QStandardPaths, QTimer
from PySide6.QtNetwork import QLocalServer, QLocalSocket

TIMEOUT_MS = 1000  # to connect: the running Warbench's server accepts at once
#: for each answer: the running Warbench answers from its event loop, which may be busy for a while
#: (opening a 5,000-unit army takes about half a second); only a process of this user listens here
ANSWER_TIMEOUT_MS = 5000
PROTOCOL = 1
MAX_MESSAGE_BYTES = 64 * 1024  # one message line, either way
MAX_FILES = 10  # paths opened from one message; more are refused with a note
MAX_QUEUED = 32  # paths waiting to open at once, from all messages
MAX_PATH_BYTES = 4096  # a path's UTF-8 length (PATH_MAX on Linux)
SOCKET_PATH_BYTES = 104  # sun_path holds 104 bytes on macOS, 108 on Linux (with its NUL)


def _digest() -> str:
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return hashlib.sha256(folder.encode("utf-8")).hexdigest()[:20]


def is_private_dir(path: Path) -> bool:
    """A real folder (not a symbolic link) owned by this user that nobody else may enter or list."""
    try:
        info = path.lstat()
    except (OSError, ValueError):
        return False
    return stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid() and info.st_mode & 0o077 == 0


def private_dir() -> Path | None:
    """This user's private folder for the socket, made if need be; None when none can be made safely."""
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    candidates = []
    if runtime and os.path.isabs(runtime) and is_private_dir(Path(runtime)):
        candidates.append(Path(runtime) / "warbench")
    cache = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericCacheLocation)
    if cache and os.path.isabs(cache):
        candidates.append(Path(cache) / "warbench-run")
    for folder in candidates:
        try:
            folder.parent.mkdir(parents=True, exist_ok=True)
            folder.mkdir(mode=0o700, exist_ok=True)  # umask can only take away, never add
        except OSError:
            continue
        if is_private_dir(folder):
            return folder
    return None


def server_name() -> str | None:
    """The name to listen on and connect to; None on Unix when no private folder can be had (this
    process then runs on its own)."""
    name = f"warbench-{_digest()}"
    if os.name != "posix":
        return name  # a named pipe; UserAccessOption limits it to this user
    folder = private_dir()
    if folder is None:
        return None
    path = str(folder / f"{name}.sock")
    return path if len(os.fsencode(path)) < SOCKET_PATH_BYTES else None


def peer_uid(socket: QLocalSocket) -> int | None:
    """The user id of the process at the other end (Linux: SO_PEERCRED); None where it cannot be asked."""
    option = getattr(pysocket, "SO_PEERCRED", None)
    descriptor = int(socket.socketDescriptor())
    if option is None or descriptor < 0:
        return None
    try:
        with pysocket.socket(fileno=os.dup(descriptor)) as raw:
            _pid, uid, _gid = struct.unpack("3i", raw.getsockopt(pysocket.SOL_SOCKET, option, struct.calcsize("3i")))
    except OSError:
        return None
    return uid


def same_user(socket: QLocalSocket) -> bool:
    uid = peer_uid(socket)
    return uid is None or uid == os.getuid()


def encode(message: dict[str, Any]) -> bytes:
    return json.dumps(message, ensure_ascii=False).encode("utf-8", "surrogateescape") + b"\n"


def decode(line: bytes) -> dict[str, Any] | None:
    """A message line of our protocol version as a dict, or None."""
    try:
        message = json.loads(line.decode("utf-8", "surrogateescape"))
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, dict) or message.get("warbench") != PROTOCOL or isinstance(message["warbench"], bool):
        return None
    return message


def _read_line(socket: QLocalSocket) -> bytes | None:
    """One line from ``socket`` (blocking up to ANSWER_TIMEOUT_MS for each piece); None: none came, or too
    long."""
    buffer = b""
    while b"\n" not in buffer:
        if not socket.bytesAvailable() and not socket.waitForReadyRead(ANSWER_TIMEOUT_MS):
            return None
        buffer += bytes(socket.readAll().data())
        if len(buffer) > MAX_MESSAGE_BYTES:
            return None
    return buffer.split(b"\n", 1)[0]


def outgoing(files: list[str]) -> tuple[list[str], list[str]]:
    """The ``files`` one message carries, and those left out (over MAX_FILES or MAX_MESSAGE_BYTES)."""
    sent: list[str] = []
    for i, name in enumerate(files):
        if len(sent) == MAX_FILES or len(encode({"warbench": PROTOCOL, "open": [*sent, name]})) > MAX_MESSAGE_BYTES:
            return sent, files[i:]
        sent.append(name)
    return sent, []


def send_to_running(files: list[str]) -> bool:
    """Give ``files`` to a running Warbench of this user; False if none answers as one (then this
    process runs as the first). Files beyond what one message holds are named on stderr."""
    name = server_name()
    if name is None:
        return False
    socket = QLocalSocket()
    socket.connectToServer(name)
    if not socket.waitForConnected(TIMEOUT_MS):
        return False
    try:
        if not same_user(socket):
            return False
        hello = _read_line(socket)
        if hello is None or decode(hello) is None:
            return False  # not our server: hand it nothing
        sent, left = outgoing(files)
        socket.write(encode({"warbench": PROTOCOL, "open": sent}))
        socket.flush()
        reply = _read_line(socket)
        answer = decode(reply) if reply is not None else None
        if answer is None or not isinstance(answer.get("accepted"), int):
            return False
        refused = answer.get("refused")
        if left or refused:
            count = len(left) + (refused if isinstance(refused, int) else 0)
            print(f"Warbench: the running Warbench did not take {count} of the files given", file=sys.stderr)
        return True
    finally:
        socket.abort()


def usable(name: object) -> str | None:
    """Why a path handed over cannot be opened ("" opens a new window), or None when it can."""
    if not isinstance(name, str):
        return QCoreApplication.translate("single_instance", "not text")
    if not name:
        return None
    if "\0" in name or len(name.encode("utf-8", "surrogateescape")) > MAX_PATH_BYTES:
        return QCoreApplication.translate("single_instance", "not a path")
    if not os.path.isabs(name):
        return QCoreApplication.translate("single_instance", "not an absolute path")
    try:
        info = os.stat(name)
    except (OSError, ValueError):
        return QCoreApplication.translate("single_instance", "no such file")
    return None if stat.S_ISREG(info.st_mode) else QCoreApplication.translate("single_instance", "not a regular file")


class InstanceServer(QObject):
    """Listens for later launches; ``open_files`` is called with one file at a time (``[""]``: a new
    empty window), never while an earlier call is still running (a dialog it shows holds the rest).
    ``problem``: why this process could not be the single instance ("" when it is); ``notes``: what
    was refused, each also printed on stderr and given to ``note``."""

    def __init__(
        self,
        open_files: Callable[[list[str]], None],
        parent: QObject | None = None,
        note: Callable[[str], None] | None = None,
    ):
        super().__init__(parent)
        self.open_files = open_files
        self.note = note
        self.notes: list[str] = []
        self.queue: list[str] = []
        self._opening = False
        self._buffers: dict[int, bytes] = {}
        self.problem = ""
        self.server = QLocalServer(self)
        if os.name != "posix":  # on Unix, Qt would rename its socket over whatever holds the name, live or not
            self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self.server.newConnection.connect(self._accept)
        name = server_name()
        if name is None:
            self._separate(self.tr("no private folder could be made for its socket"))
        elif not self.server.listen(name) and not self._take_over(name):
            self._separate(
                self.tr("{name} is held by something else ({what})").format(name=name, what=self._what(name))
            )
        elif os.name == "posix":
            with contextlib.suppress(OSError):
                os.chmod(name, 0o600)  # for this user only (its folder already is)

    def _what(self, name: str) -> str:
        try:
            info = os.lstat(name)
        except OSError as exc:
            return exc.strerror or str(exc)
        if stat.S_ISSOCK(info.st_mode):
            return (
                self.tr("a socket of another user") if info.st_uid != os.getuid() else self.tr("a socket that answers")
            )
        return self.tr("a symbolic link") if stat.S_ISLNK(info.st_mode) else self.tr("not a socket")

    def _take_over(self, name: str) -> bool:
        """Listen at ``name`` in place of a dead socket of this user's (a crash left it); nothing else is removed."""
        if os.name != "posix":
            return False
        try:
            info = os.lstat(name)
        except OSError:
            return False
        if not stat.S_ISSOCK(info.st_mode) or info.st_uid != os.getuid():
            return False
        probe = QLocalSocket()
        probe.connectToServer(name)
        if probe.waitForConnected(TIMEOUT_MS // 4):  # alive: another Warbench started at the same moment
            probe.abort()
            return False
        try:
            os.unlink(name)
        except OSError:
            return False
        return self.server.listen(name)

    def _separate(self, why: str) -> None:
        self.problem = self.tr(
            "Warbench runs as a separate instance: {why}. Files opened from other launches open in "
            "their own Warbench, not in this one."
        ).format(why=why)
        print(self.problem, file=sys.stderr, flush=True)

    def _say(self, text: str) -> None:
        self.notes.append(text)
        print(text, file=sys.stderr, flush=True)
        if self.note is not None:
            self.note(text)

    def _accept(self) -> None:
        while (socket := self.server.nextPendingConnection()) is not None:
            if not same_user(socket):
                socket.abort()
                socket.deleteLater()
                continue
            socket.readyRead.connect(lambda s=socket: self._read(s))
            socket.disconnected.connect(lambda s=socket: self._buffers.pop(id(s), None))
            socket.disconnected.connect(socket.deleteLater)
            socket.write(encode({"warbench": PROTOCOL}))
            if socket.bytesAvailable():
                self._read(socket)

    def _read(self, socket: QLocalSocket) -> None:
        buffer = self._buffers.get(id(socket), b"") + bytes(socket.readAll().data())
        if b"\n" not in buffer:
            if len(buffer) > MAX_MESSAGE_BYTES:
                self._buffers.pop(id(socket), None)
                self._say(
                    self.tr("Refused a message from another launch: too long (over {limit} bytes)").format(
                        limit=QLocale().toString(MAX_MESSAGE_BYTES)
                    )
                )
                socket.abort()
            else:
                self._buffers[id(socket)] = buffer
            return
        self._buffers.pop(id(socket), None)
        line = buffer.split(b"\n", 1)[0]
        message = decode(line) if len(line) <= MAX_MESSAGE_BYTES else None
        files = message.get("open") if message is not None else None
        if not isinstance(files, list):
            self._say(self.tr("Refused a message from another launch: not a Warbench message of this version"))
            socket.abort()
            return
        accepted, refused = self._sort(files)
        socket.write(encode({"warbench": PROTOCOL, "accepted": len(accepted), "refused": refused}))
        socket.flush()
        socket.disconnectFromServer()
        self.queue.extend(accepted)
        if accepted:
            QTimer.singleShot(0, self._pump)

    def _sort(self, files: list[object]) -> tuple[list[str], int]:
        """The paths to open (``[""]`` for a message without any) and how many were refused, with a note."""
        if not files:
            files = [""]
        accepted: list[str] = []
        reasons: dict[str, int] = {}
        for name in files:
            why = usable(name)
            if why is None and (name == "" and len(files) > 1):
                why = self.tr("empty")
            if why is None and len(accepted) == MAX_FILES:
                why = self.tr("over {count} files in one message").format(count=MAX_FILES)
            if why is None and len(self.queue) + len(accepted) >= MAX_QUEUED:
                why = self.tr("over {count} files waiting to open").format(count=MAX_QUEUED)
            if why is None:
                accepted.append(str(name))
            else:
                reasons[why] = reasons.get(why, 0) + 1
        refused = sum(reasons.values())
        if refused:
            why = "; ".join(f"{count} {reason}" for reason, count in reasons.items())
            self._say(
                self.tr("Another launch handed over {value} files: {refused} refused ({why})").format(
                    value=len(files), refused=refused, why=why
                )
            )
        return accepted, refused

    def _pump(self) -> None:
        """Open the queued files in turn; a call already under way (a dialog is up) keeps the rest waiting."""
        if self._opening:
            return
        self._opening = True
        try:
            while self.queue:
                self.open_files([self.queue.pop(0)])
        finally:
            self._opening = False
