"""The one owner of a game in the window: a :class:`model.game.Game` with its file, and a signal saying
what each change touched (which elements, the round, the log, the victory points), so the play view's
rows refresh only where something changed.

Every step goes through the model (``Game.attack`` and ``Game.apply``, ``next_round``, ``set_state``, ``undo``,
``redo``): the window and ``warbench game`` play the same game the same way. The armies are frozen copies
inside the game file: editing an army later never changes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from warbench.model.fileio import FileStamp, file_stamp
from warbench.model.game import Game, Ref, new_game
from warbench.model.game_attack import AttackOrder, AttackOutcome
from warbench.model.game_file import GameFileError, LogEntry, load_game, save_game

if TYPE_CHECKING:
    from warbench.model.systems.base import RuleSystem
    from warbench.model.systems.play import Initiative

#: the game file's extra field holding the free victory-point / objective counters, one per side
VP_FIELD = "vp"


@dataclass(frozen=True)
class GameChange:
    """What one step changed: ``elements`` whose state changed, whether the round, the log or the
    victory points did; ``reset``: a whole other game (opened, recovered)."""

    elements: tuple[Ref, ...] = ()
    round: bool = False
    log: bool = False
    vp: bool = False
    reset: bool = False


def _refs(entry: LogEntry) -> tuple[Ref, ...]:
    return tuple(dict.fromkeys(Ref(c.side, c.unit, c.element) for c in entry.changes))


class GameDocument(QObject):
    """A game in progress, its file path, whether it has changes not saved to it."""

    changed = Signal(object)  # a GameChange
    pathChanged = Signal()

    def __init__(self, game: Game, path: Path | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.game = game
        self.path = path
        self.modified = path is None
        self.stamp: FileStamp | None = None  # the file as this document last read or wrote it (Save asks if it changed)

    @classmethod
    def new(cls, first: Any, second: Any | None = None, parent: QObject | None = None) -> GameDocument:
        """A game at round 1 between ``first`` and ``second`` (a copy of ``first`` without one); the armies
        are copied in, so changing them later changes nothing here."""
        return cls(
            new_game(first.model_copy(deep=True), None if second is None else second.model_copy(deep=True)),
            parent=parent,
        )

    @classmethod
    def open(cls, path: str | Path, parent: QObject | None = None) -> GameDocument:
        """The game of ``path`` (GameFileError naming the problem)."""
        stamp = file_stamp(path)  # taken first: a change while reading makes Save ask, never the reverse
        document = cls(Game(*load_game(path)), Path(path), parent)
        document.stamp = stamp
        return document

    # --- reading -------------------------------------------------------------------
    @property
    def round(self) -> int:
        return self.game.file.round

    def system(self, side: int) -> RuleSystem:
        return self.game.systems[side]

    def armies(self) -> list[Any]:
        return self.game.armies

    def state(self, ref: Ref) -> dict[str, Any]:
        return self.game.state(ref)

    def vp(self, side: int) -> int:
        values = (self.game.file.model_extra or {}).get(VP_FIELD)
        if isinstance(values, list) and len(values) == 2 and isinstance(values[side], int):
            return int(values[side])
        return 0

    @property
    def log(self) -> list[LogEntry]:
        return self.game.file.log

    @property
    def can_undo(self) -> bool:
        return bool(self.game.file.log)

    @property
    def can_redo(self) -> bool:
        return bool(self.game.file.redo)

    # --- steps -----------------------------------------------------------------------
    def odds(self, order: AttackOrder) -> AttackOutcome:
        """The odds and the distribution of ``order``, nothing rolled (``Game.attack`` without dice)."""
        return self.game.attack(order, dice=False)

    def roll(self, order: AttackOrder, seed: int | None = None) -> AttackOutcome:
        """The odds and the dice of ``order``, nothing changed: :meth:`apply` records this very outcome."""
        return self.game.attack(order, seed)

    def apply(self, outcome: AttackOutcome) -> AttackOutcome:
        """Record the outcome :meth:`roll` gave (its dice, not rolled again), logged and undoable in one step."""
        if outcome.refused:
            raise GameFileError(self.tr("attack refused: {rule}").format(rule=outcome.refused))
        applied = self.game.apply(outcome)
        self._done(self.game.file.log[-1])
        return applied

    def table_roll(self, unit: str, kind: str, seed: int | None = None) -> dict[str, Any]:
        """A unit's table roll (activation, morale, rally: ``model.table_rolls.make_roll``), applied and logged."""
        from warbench.model.table_rolls import make_roll

        out = make_roll(self.game, unit, kind, seed)
        self._done(self.game.file.log[-1])
        return out

    def initiative_rule(self) -> Initiative | None:
        """How the players roll for initiative now (None where the system's rules give no roll)."""
        return self.system(0).turn.play_initiative(self.armies(), [side.state for side in self.game.file.sides])

    def initiative(self, modifiers: tuple[int, int] = (0, 0), seed: int | None = None) -> dict[str, Any]:
        """Roll for initiative (``Game.initiative``), logged and undoable: every die and who goes first."""
        out = self.game.initiative(modifiers, seed)
        self._done(self.game.file.log[-1])
        return out

    def next_round(self) -> LogEntry:
        return self._done(self.game.next_round(), round_changed=True)

    def set_state(self, ref: Ref, key: str, value: Any) -> LogEntry:
        return self._done(self.game.set_state(ref.text, key, value))

    def undo(self) -> LogEntry:
        return self._done(self.game.undo(), round_changed=True)

    def redo(self) -> LogEntry:
        return self._done(self.game.redo(), round_changed=True)

    def set_vp(self, side: int, value: int) -> None:
        """A side's free victory-point / objective counter (kept in the game file's ``vp`` field)."""
        if self.vp(side) == value:
            return
        values = [self.vp(0), self.vp(1)]
        values[side] = value
        setattr(self.game.file, VP_FIELD, values)
        self.modified = True
        self.changed.emit(GameChange(vp=True))

    def _done(self, entry: LogEntry, round_changed: bool = False) -> LogEntry:
        self.modified = True
        changed_round = round_changed and entry.round_before is not None
        self.changed.emit(GameChange(elements=_refs(entry), round=changed_round, log=True))
        return entry

    # --- the file ------------------------------------------------------------------------
    def save(self, path: str | Path | None = None) -> None:
        """Write the game (atomically; OSError or GameFileError leave the old file as it was)."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise GameFileError(self.tr("the game has no file yet: save it as a file first"))
        save_game(self.game.file, target)
        self.stamp = file_stamp(target)
        self.modified = False
        if target != self.path:
            self.path = target
            self.pathChanged.emit()
