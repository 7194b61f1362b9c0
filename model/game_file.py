"""The game file (``*.game.json``): both armies as the game began, every element's state, the round, the log.

``docs/game-file.md`` documents the fields; ``warbench schema game`` prints :class:`GameFile`'s JSON Schema.
Unknown fields are kept at every level; a newer ``schema_version`` is refused naming both versions; a file
is written atomically (``model.fileio.atomic_write``) and only once it reads back.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from warbench.model.army import new_list
from warbench.model.fileio import ArmyFileError, army_from_data, atomic_write, read_army_bytes, validation_problems
from warbench.model.limits import nested_too_deep
from warbench.model.systems import system_for

GAME_FORMAT = "warbench-game"
GAME_SCHEMA_VERSION = 1
#: ``GAME_UPGRADES[n]`` takes game JSON of version n to n + 1 (none yet: version 1 is the first)
GAME_UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class GameFileError(ValueError):
    """A game file that cannot be read, or a change it cannot take: one line naming what and where."""


class Kept(BaseModel):
    """A part of the game file: fields this version does not know are kept and written back."""

    model_config = ConfigDict(extra="allow")


class Change(Kept):
    """One element's state before and after a step of the log (what undo and redo put back)."""

    side: int = Field(ge=0, le=1, description="0: the first army (a), 1: the second (b)")
    unit: int = Field(ge=0, description="the unit's index in the army (0-based)")
    element: int = Field(ge=0, description="the element's index in the unit (0-based)")
    before: dict[str, Any]
    after: dict[str, Any]


class LogEntry(Kept):
    """One step of the game: an attack applied, a new round, a state set by hand, an initiative roll (its
    ``rolls`` each side's die in turn, ``first`` the winner)."""

    action: Literal["attack", "next-round", "set", "initiative"]
    round: int = Field(ge=1, description="the round it happened in")
    seed: int | None = Field(None, description="the seed of the dice (an attack)")
    attacker: str | None = Field(None, description="REF of the attacker: SIDE:UNIT/ELEMENT, 1-based")
    target: str | None = Field(None, description="REF of the target")
    attack: str | None = None
    weapon: str | None = None
    situation: list[str] = Field(default_factory=new_list)
    p_hit: str | None = None
    p_damage: str | None = None
    rolls: list[dict[str, Any]] = Field(default_factory=new_list)
    hits: int | None = None
    damage: int | None = None
    effects: dict[str, int] = Field(default_factory=dict)
    round_before: int | None = Field(None, description="a new round: the round it ended")
    first: Literal["a", "b"] | None = Field(None, description="an initiative roll: the side that goes first")
    changes: list[Change] = Field(default_factory=new_list)


class GameSide(Kept):
    """One side: its army file as the game began, and the state of each element (by unit, then element)."""

    army: dict[str, Any] = Field(description="the army, as an army file's JSON (format warbench-army)")
    state: list[list[dict[str, Any]]] = Field(description="state[unit][element]: the fields the system's rules track")


class GameFile(Kept):
    """A game in progress (``*.game.json``)."""

    format: Literal["warbench-game"]
    schema_version: int = Field(ge=1)
    system: str = Field(description="the rule system's id (both armies are of it)")
    round: int = Field(1, ge=1)
    sides: list[GameSide] = Field(min_length=2, max_length=2)
    log: list[LogEntry] = Field(default_factory=new_list, description="every step in order (undo takes the last)")
    redo: list[LogEntry] = Field(default_factory=new_list, description="steps undone, the next to redo last")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON holds")


def game_schema() -> dict[str, Any]:
    return GameFile.model_json_schema()


def parse_game(raw: bytes, source: str = "") -> tuple[GameFile, list[Any]]:
    """The game file's model and its two armies (validated as army files); GameFileError naming the problem."""
    where = f"{source}: " if source else ""
    data = _upgraded(_game_json(raw, where), where)
    try:
        game = GameFile.model_validate(data)
    except ValidationError as exc:
        raise GameFileError(f"{where}{validation_problems(exc)[0]}") from None
    armies = [_side_army(game, index, side, source, where) for index, side in enumerate(game.sides)]
    return game, armies


def _game_json(raw: bytes, where: str) -> Any:
    """The file's JSON, or GameFileError saying why it is not."""
    try:
        text = raw.decode("utf-8-sig")
        return json.loads(text, parse_constant=_no_constant)
    except UnicodeDecodeError as exc:
        raise GameFileError(f"{where}not UTF-8 text (bad byte at offset {exc.start})") from None
    except json.JSONDecodeError as exc:
        if nested_too_deep(text, exc.pos):  # Python 3.12 says "Expecting value" where 3.11 raised RecursionError
            raise GameFileError(f"{where}nested too deeply") from None
        raise GameFileError(f"{where}not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except ValueError as exc:  # a number JSON cannot hold, or too many digits
        raise GameFileError(f"{where}not valid JSON: {exc}") from None
    except RecursionError:
        raise GameFileError(f"{where}nested too deeply") from None


def _upgraded(data: Any, where: str) -> dict[str, Any]:
    """A game file of this or an older schema version, upgraded to this one."""
    if not isinstance(data, dict) or data.get("format") != GAME_FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        raise GameFileError(f"{where}format: not a game file (expected {GAME_FORMAT!r}, found {found!r})")
    version = data.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise GameFileError(f"{where}schema_version: must be a whole number ≥ 1 (found {version!r})")
    if version > GAME_SCHEMA_VERSION:
        raise GameFileError(
            f"{where}schema_version: the game file is version {version}, newer than version "
            f"{GAME_SCHEMA_VERSION} that this Warbench reads; open it with a newer Warbench"
        )
    upgraded: dict[str, Any] = data
    while version < GAME_SCHEMA_VERSION:
        upgraded = {**GAME_UPGRADES[version](upgraded), "schema_version": version + 1}
        version += 1
    return upgraded


def _side_army(game: GameFile, index: int, side: GameSide, source: str, where: str) -> Any:
    """Side ``index``'s army, checked as an army file, of the game's system, with one valid state per element."""
    try:
        army = army_from_data(side.army, source)
    except ArmyFileError as exc:
        raise GameFileError(f"{where}sides[{index}].army: {exc.problems[0]}") from None
    if army.system != game.system:
        raise GameFileError(f"{where}sides[{index}].army: a {army.system} army in a {game.system} game")
    shape = [len(unit.elements) for unit in army.units]
    if [len(unit) for unit in side.state] != shape:
        raise GameFileError(f"{where}sides[{index}].state: must hold one state per element of its army {shape}")
    system = system_for(army)
    for u, unit in enumerate(army.units):
        for e, element in enumerate(unit.elements):
            problem = system.play.play_check(element, side.state[u][e])
            if problem:
                raise GameFileError(f"{where}sides[{index}].state[{u}][{e}]: {problem}")
    return army


def load_game(path: str | os.PathLike[str]) -> tuple[GameFile, list[Any]]:
    try:
        raw = read_army_bytes(path)
    except ArmyFileError as exc:
        raise GameFileError(f"{path}: {exc.problems[0]}") from None
    return parse_game(raw, str(path))


def game_bytes(game: GameFile) -> bytes:
    text = json.dumps(game.model_dump(mode="json"), indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    data = text.encode("utf-8")
    parse_game(data)  # never write what would be refused when opened
    return data


def save_game(game: GameFile, path: str | os.PathLike[str]) -> None:
    atomic_write(path, game_bytes(game))
