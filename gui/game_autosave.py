"""A game is never lost: while it has changes not saved to its file, a copy is written to the autosave
folder (beside the armies' copies, ``gui/autosave.py``) shortly after every change; saving or closing the
game removes it. A copy still there at the next start is offered back (``gui.app.offer_recovery``)."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer

from warbench.gui import autosave
from warbench.model.fileio import atomic_write, failure_text
from warbench.model.game_file import GameFileError, load_game

if TYPE_CHECKING:
    from warbench.gui.game_document import GameDocument

PATTERN = autosave.GAME_PATTERN
#: changes this close together are written once (a copy per keystroke of a counter would be waste)
DELAY_MS = 300


@dataclass
class RecoveredGame:
    copy: Path
    original: Path | None
    saved_at: float
    loaded: tuple[Any, list[Any]]  # (GameFile, armies) as model.game_file.load_game reads them

    def describe(self) -> str:
        game = str(self.original) if self.original else QCoreApplication.translate("game_autosave", "an unsaved game")
        return QCoreApplication.translate("game_autosave", "{game} (autosaved {when})").format(
            game=game, when=autosave.when_text(self.saved_at)
        )

    def discard(self) -> None:
        autosave.Recovered(self.copy, None, 0).discard()


def scan() -> tuple[list[RecoveredGame], list[autosave.Unreadable]]:
    """Game copies other sessions left: those that load, newest first, and those that do not, moved to
    ``autosave.unreadable_dir()`` (never deleted) to be reported. Never raises for a bad copy or sidecar."""
    found = []
    bad = []
    for copy, meta in autosave._left_behind(PATTERN):
        try:
            loaded = load_game(copy)
        except Exception as exc:  # GameFileError, OSError, or a reader's bug: never stops the start
            problem = str(exc) if isinstance(exc, GameFileError) else failure_text(exc)
            bad.append(autosave.Unreadable(copy, problem, autosave.keep_aside(copy)))
            continue
        try:
            saved_at = meta.get("saved_at") or copy.stat().st_mtime
        except OSError:
            saved_at = 0.0
        found.append(RecoveredGame(copy, meta.get("original"), saved_at, loaded))
    return sorted(found, key=lambda r: r.saved_at, reverse=True), bad


def pending() -> list[RecoveredGame]:
    """Game copies other sessions left that load, newest first (those that do not are moved aside)."""
    return scan()[0]


class GameAutosaver(QObject):
    """Keeps the autosaved copy of one game while it has unsaved changes."""

    def __init__(self, document: GameDocument, window: Any, parent: QObject | None = None):
        super().__init__(parent)
        self.document = document
        self.window = window
        self.copy = autosave.autosave_dir() / f"{uuid.uuid4().hex}.game.json"
        self.last_error = ""
        self._entries: dict[int, tuple[Any, str]] = {}  # id of a logged step: (the step, its JSON)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DELAY_MS)
        self.timer.timeout.connect(self.tick)
        document.changed.connect(self.timer.start)

    def tick(self) -> bool:
        """Write the copy if the game has unsaved changes; remove it when it has none."""
        if not self.document.modified:
            self.clear()
            return False
        try:
            self.copy.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.copy, self._bytes())
            autosave.write_meta(self.copy, self.document.path)
        except Exception as exc:  # never silent: the player must know the game is not being kept
            self.last_error = failure_text(exc)
            self.window.statusBar().showMessage(
                self.tr("Autosave of the game failed: {problem}. Save the game now.").format(problem=self.last_error)
            )
            return False
        self.last_error = ""
        return True

    def _bytes(self) -> bytes:
        """The game file as the window holds it, each logged step's JSON worked out once (a logged step never
        changes: undo and redo move it between the log and the redo list). ``game_bytes`` dumps and checks the
        whole file again: 3.5 s after every step of a 100,000-step game. The copy is checked when offered back."""
        file = self.document.game.file
        texts = {}
        for entry in (*file.log, *file.redo):
            known = self._entries.get(id(entry))
            if known is None or known[0] is not entry:
                known = (entry, json.dumps(entry.model_dump(mode="json"), ensure_ascii=False, allow_nan=False))
            texts[id(entry)] = known
        self._entries = texts  # steps no longer in the game are let go
        head = json.dumps(file.model_dump(mode="json", exclude={"log", "redo"}), ensure_ascii=False, allow_nan=False)
        log, redo = (",\n".join(texts[id(entry)][1] for entry in steps) for steps in (file.log, file.redo))
        return f'{head[:-1]}, "log": [{log}], "redo": [{redo}]}}\n'.encode()

    def clear(self) -> None:
        self.timer.stop()
        autosave.Recovered(self.copy, None, 0).discard()
