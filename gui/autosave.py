"""Autosave copies of unsaved work, and their recovery after a crash.

While a document has unsaved changes, a copy is written every interval to the
platform's app-data folder (``QStandardPaths.AppDataLocation``/autosave), with a
small sidecar naming the original file and the writing process. A clean save or close
removes both; a copy still there at the next start means the last session did not end
well — unless its process still runs (two Warbench processes side by side), whose copy
is never offered, moved or removed (model/processes.py tells a running writer from a
dead one whose id was reused).
"""

from __future__ import annotations

import json
import math
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QStandardPaths, QTimer

from warbench.model.fileio import ArmyFileError, army_bytes, atomic_write, failure_text, load_army, read_army_bytes
from warbench.model.processes import alive

#: the name of a game's autosaved copy (an army's is ``*.army.json``)
GAME_PATTERN = "*.game.json"


def autosave_dir() -> Path:
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base) / "autosave"


@dataclass
class Recovered:
    copy: Path
    original: Path | None
    saved_at: float
    army: object = None  # the loaded copy: only copies that load are offered

    def describe(self) -> str:
        original = (
            str(self.original) if self.original else QCoreApplication.translate("autosave", "an unsaved new army")
        )
        return QCoreApplication.translate("autosave", "{army} (autosaved {when})").format(
            army=original, when=when_text(self.saved_at)
        )

    def discard(self) -> None:
        for path in (self.copy, _meta_path(self.copy)):
            try:
                path.unlink()
            except FileNotFoundError:
                pass


def when_text(saved_at: float) -> str:
    """When a copy was saved, as the recovery question shows it; "unknown time" for a time no clock shows (a
    sidecar's ``saved_at`` of 1e18, or below zero where the platform has no such time)."""
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(saved_at))
    except (OverflowError, OSError, ValueError):
        return QCoreApplication.translate("autosave", "unknown time")


@dataclass
class Unreadable:
    """An autosaved copy that does not load, kept aside (never deleted) and reported to the user."""

    copy: Path
    problem: str
    kept_at: Path | None  # where it was moved; None when it could not be moved

    def describe(self) -> str:
        where = (
            QCoreApplication.translate("autosave", "kept as {path}").format(path=self.kept_at)
            if self.kept_at
            else QCoreApplication.translate("autosave", "left at {path} (could not be moved)").format(path=self.copy)
        )
        return f"{self.copy.name}: {self.problem} — {where}"


def _meta_path(copy: Path) -> Path:
    return copy.with_name(copy.name + ".meta")


def unreadable_dir() -> Path:
    return autosave_dir() / "unreadable"


def _read_meta(copy: Path) -> dict:
    """The sidecar's fields of the right types; anything else (missing, not JSON, a list) is ignored."""
    try:
        meta = json.loads(read_army_bytes(_meta_path(copy)))
    except (ArmyFileError, ValueError, RecursionError):
        return {}
    if not isinstance(meta, dict):
        return {}
    out: dict = {}
    if isinstance(meta.get("original"), str) and meta["original"] and "\0" not in meta["original"]:
        out["original"] = Path(meta["original"])
    saved_at = meta.get("saved_at")
    if isinstance(saved_at, (int, float)) and not isinstance(saved_at, bool) and math.isfinite(saved_at):
        out["saved_at"] = float(saved_at)
    if isinstance(meta.get("pid"), int) and not isinstance(meta["pid"], bool):
        out["pid"] = meta["pid"]
    return out


def write_meta(copy: Path, original: Path | None) -> None:
    """The sidecar of an autosaved copy: the file it is a copy of, when, and the writing process."""
    meta = {"original": str(original) if original else None, "saved_at": time.time(), "pid": os.getpid()}
    atomic_write(_meta_path(copy), json.dumps(meta).encode("utf-8"))


def keep_aside(copy: Path) -> Path | None:
    """Move a copy that cannot be read or shown (and its sidecar) to ``unreadable_dir()``, never deleting it;
    where it went, or None when it could not be moved (it is then left where it is)."""
    folder = unreadable_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        kept = folder / f"{stamp}-{copy.name}"
        os.replace(copy, kept)
        if _meta_path(copy).exists():
            os.replace(_meta_path(copy), _meta_path(kept))
        return kept
    except OSError:
        return None


def _left_behind(pattern: str = "*.army.json") -> list[tuple[Path, dict]]:
    """The autosaved copies (``pattern``: armies; ``*.game.json``: games) other sessions left, with their
    sidecars, by name (this process's own live copies and those of other running Warbench processes are
    not among them). Never raises for a missing or unreadable folder."""
    folder = autosave_dir()
    try:
        copies = sorted(folder.glob(pattern)) if folder.is_dir() else []
    except OSError:
        return []
    return [(copy, meta) for copy in copies if not _live(copy, meta := _read_meta(copy))]


def _live(copy: Path, meta: dict) -> bool:
    """Whether ``copy`` belongs to a running session: this process, or the process named in its sidecar
    while it runs and started before the copy was written (a Warbench that could not be the single
    instance runs beside this one; its autosave is work in progress, not a crash's)."""
    pid = meta.get("pid")
    if pid is None:
        return False
    if pid == os.getpid():
        return True
    try:
        written = copy.stat().st_mtime
    except OSError:
        written = None
    return alive(pid, written)


def scan() -> tuple[list[Recovered], list[Unreadable]]:
    """Autosaved copies left by sessions that did not close cleanly: those that load, newest first,
    and those that do not, moved to ``unreadable_dir()``. Never raises for a bad copy or sidecar."""
    found: list[Recovered] = []
    bad: list[Unreadable] = []
    for copy, meta in _left_behind():
        try:
            army = load_army(copy)
        except ArmyFileError as exc:
            bad.append(Unreadable(copy, "; ".join(exc.shown[:3]), keep_aside(copy)))
            continue
        except Exception as exc:  # a reader's bug on a crash's leftovers never stops the start
            bad.append(Unreadable(copy, failure_text(exc), keep_aside(copy)))
            continue
        try:
            saved_at = meta.get("saved_at") or copy.stat().st_mtime
        except OSError:
            saved_at = 0.0
        found.append(Recovered(copy, meta.get("original"), saved_at, army))
    return sorted(found, key=lambda r: r.saved_at, reverse=True), bad


def any_left() -> bool:
    """Whether another session left an autosaved copy, readable or not: a cheap look that changes
    nothing (:func:`scan` reads every copy and moves bad ones aside)."""
    return bool(_left_behind()) or games_left()


def games_left() -> bool:
    """Whether another session left a game's autosaved copy (``gui/game_autosave.py`` reads them): a
    cheap look that changes nothing."""
    return bool(_left_behind(GAME_PATTERN))


def pending() -> list[Recovered]:
    """Autosaved copies that load, newest first (unreadable ones are moved aside as a side effect)."""
    return scan()[0]


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
            write_meta(self.copy, document.path)
        except Exception as exc:  # never silent: the user must know their work is not being kept
            self.last_error = failure_text(exc)
            self._report()
            return False
        if self._shown_error:
            self.window.statusBar().showMessage(self.tr("Autosave works again"), 5000)
        self.last_error = self._shown_error = ""
        return True

    def _report(self) -> None:
        """Status bar every time; a dialog the first time a given failure happens."""
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

        self.window.statusBar().showMessage(
            self.tr("Autosave failed: {last_error}. Save your work now.").format(last_error=self.last_error)
        )
        if self.last_error != self._shown_error:
            self._shown_error = self.last_error
            dialogs.show_error(
                self.window,
                self.tr("Autosave failed"),
                self.tr(
                    "Your unsaved work could not be copied to {parent}:\n\n{last_error}\n\n"
                    "Save the army (File ▸ Save As) to keep it."
                ).format(parent=self.copy.parent, last_error=self.last_error),
            )

    def clear(self) -> None:
        Recovered(self.copy, None, 0).discard()


def load_recovered(item: Recovered):
    """The army of a copy found by ``scan`` (already loaded), or None if it no longer loads."""
    if item.army is not None:
        return item.army
    try:
        return load_army(item.copy)
    except ArmyFileError:
        return None
