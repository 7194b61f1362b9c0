"""Autosave copies of unsaved work, and their recovery after a crash.

While a document has unsaved changes, a copy is written every interval to the
platform's app-data folder (``QStandardPaths.AppDataLocation``/autosave), with a
small sidecar naming the original file. A clean save or close removes both; a
copy still there at the next start means the last session did not end well.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths, QTimer

from model.fileio import ArmyFileError, army_bytes, atomic_write, failure_text, load_army


def autosave_dir() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.AppDataLocation)
    return Path(base) / "autosave"


@dataclass
class Recovered:
    copy: Path
    original: Path | None
    saved_at: float

    def describe(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))
        return f"{self.original or 'an unsaved new army'} (autosaved {when})"

    def discard(self) -> None:
        for path in (self.copy, _meta_path(self.copy)):
            try:
                path.unlink()
            except FileNotFoundError:
                pass


def _meta_path(copy: Path) -> Path:
    return copy.with_name(copy.name + ".meta")


def pending() -> list[Recovered]:
    """Autosaved copies left by sessions that did not close cleanly, newest first."""
    folder = autosave_dir()
    found = []
    for copy in folder.glob("*.army.json") if folder.exists() else []:
        try:
            meta = json.loads(_meta_path(copy).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            meta = {}
        if meta.get("pid") == os.getpid():
            continue  # our own live copy
        original = Path(meta["original"]) if meta.get("original") else None
        found.append(Recovered(copy, original, meta.get("saved_at", copy.stat().st_mtime)))
    return sorted(found, key=lambda r: r.saved_at, reverse=True)


class Autosaver(QObject):
    """Writes the document's army to its autosave copy while it has unsaved changes."""

    def __init__(self, window, interval_ms: int, parent=None):
        super().__init__(parent)
        self.window = window
        self.copy = autosave_dir() / f"{uuid.uuid4().hex}.army.json"
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.tick)
        self.timer.start()
        self.last_error = ""
        self._shown_error = ""

    def tick(self) -> bool:
        """Write the copy if there is unsaved work; remove it when there is none."""
        document = self.window.document
        if not document.modified:
            self.clear()
            return False
        try:
            self.copy.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.copy, army_bytes(document.army))
            meta = {
                "original": str(document.path) if document.path else None,
                "saved_at": time.time(),
                "pid": os.getpid(),
            }
            atomic_write(_meta_path(self.copy), json.dumps(meta).encode("utf-8"))
        except Exception as exc:  # never silent: the user must know their work is not being kept
            self.last_error = failure_text(exc)
            self._report()
            return False
        if self._shown_error:
            self.window.statusBar().showMessage("Autosave works again", 5000)
        self.last_error = self._shown_error = ""
        return True

    def _report(self) -> None:
        """Status bar every time; a dialog the first time a given failure happens."""
        from gui import dialogs

        self.window.statusBar().showMessage(f"Autosave failed: {self.last_error}. Save your work now.")
        if self.last_error != self._shown_error:
            self._shown_error = self.last_error
            dialogs.show_error(
                self.window,
                "Autosave failed",
                f"Your unsaved work could not be copied to {self.copy.parent}:\n\n{self.last_error}\n\n"
                "Save the army (File ▸ Save As) to keep it.",
            )

    def clear(self) -> None:
        Recovered(self.copy, None, 0).discard()


def load_recovered(item: Recovered):
    try:
        return load_army(item.copy)
    except ArmyFileError:
        return None
