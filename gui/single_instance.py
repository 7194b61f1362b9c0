"""One Warbench per user: a second launch hands its files to the running one (``QLocalServer``).

The server's name is derived from the user's app-data folder, so each user (and each sandboxed test
run, which points XDG_DATA_HOME elsewhere) has its own; it is never a fixed global name. The running
process opens each file it receives in a new window; the second process then quits, so two processes
never race on one autosave folder.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

from PySide6.QtCore import QObject, QStandardPaths
from PySide6.QtNetwork import QLocalServer, QLocalSocket

TIMEOUT_MS = 1000


def server_name() -> str:
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return "warbench-" + hashlib.sha256(folder.encode("utf-8")).hexdigest()[:20]


def send_to_running(files: list[str]) -> bool:
    """Give ``files`` to a running Warbench; False if none answers (then this process is the first)."""
    socket = QLocalSocket()
    socket.connectToServer(server_name())
    if not socket.waitForConnected(TIMEOUT_MS):
        return False
    socket.write(json.dumps({"open": files}).encode("utf-8"))
    socket.flush()
    sent = socket.waitForBytesWritten(TIMEOUT_MS) or socket.bytesToWrite() == 0
    socket.disconnectFromServer()
    return sent


class InstanceServer(QObject):
    """Listens for later launches; ``open_files`` is called with the files each one names."""

    def __init__(self, open_files: Callable[[list[str]], None], parent: QObject | None = None):
        super().__init__(parent)
        self.open_files = open_files
        self.server = QLocalServer(self)
        name = server_name()
        if not self.server.listen(name):  # a stale socket left by a crash: nobody answered, so take it over
            QLocalServer.removeServer(name)
            self.server.listen(name)
        self.server.newConnection.connect(self._accept)

    def _accept(self) -> None:
        while (socket := self.server.nextPendingConnection()) is not None:
            socket.readyRead.connect(lambda s=socket: self._read(s))
            socket.disconnected.connect(socket.deleteLater)
            if socket.bytesAvailable():
                self._read(socket)

    def _read(self, socket: QLocalSocket) -> None:
        buffer = bytes(socket.property("warbench_buffer") or b"") + bytes(socket.readAll().data())
        try:
            message = json.loads(buffer.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            socket.setProperty("warbench_buffer", buffer)  # not all there yet
            return
        socket.setProperty("warbench_buffer", b"")
        files = message.get("open") if isinstance(message, dict) else None
        if isinstance(files, list) and all(isinstance(f, str) for f in files):
            self.open_files(files)
