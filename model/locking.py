"""An advisory lock on a file, held across processes: two Warbench processes writing the same folder
(the personal library) take turns at reading, changing and writing it, so neither loses the other's
entries. ``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows; the lock ends with the process."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: seconds to wait for another process's lock before giving up (a library write takes milliseconds)
WAIT_SECONDS = 10.0


class LockTimeout(OSError):
    """Another process held the lock for longer than :data:`WAIT_SECONDS`."""


@contextmanager
def locked(path: str | os.PathLike[str], wait: float = WAIT_SECONDS) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created when missing, never removed) while the block runs."""
    lock_path = Path(path)
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o600)
    try:
        deadline = time.monotonic() + wait
        while not _try_lock(fd):
            if time.monotonic() > deadline:
                raise LockTimeout(f"{lock_path}: another Warbench has held this lock for over {wait:g} seconds")
            time.sleep(0.01)
        try:
            yield
        finally:
            _unlock(fd)
    finally:
        os.close(fd)


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
