"""The game file (``*.game.json``): both armies as the game began, every element's state, the round, the log.

``docs/game-file.md`` documents the fields; ``warbench schema game`` prints :class:`GameFile`'s JSON Schema.
Unknown fields are kept at every level; a newer ``schema_version`` is refused naming both versions; a file
is written atomically (``model.fileio.atomic_write``) and only once it reads back.
"""

from __future__ import annotations

import json
import marshal
import os
import re
from collections.abc import Callable, Iterator
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from warbench.model.army import new_list
from warbench.model.fileio import ArmyFileError, army_from_data, atomic_write, read_army_bytes, validation_problems
from warbench.model.limits import (
    MAX_FILE_BYTES,
    MAX_GAME_WHOLE,
    MAX_LOG_STEPS,
    MAX_VALUES,
    MAX_WHOLE,
    TOO_MANY_VALUES,
    LimitError,
    Unsure,
    check_tree,
    excerpt,
    nested_too_deep,
    number_hooks,
    parse_constant,
    refused_whole,
    sized,
    too_many_values,
    version_text,
)
from warbench.model.systems import system_for

GAME_FORMAT = "warbench-game"
GAME_SCHEMA_VERSION = 1
#: ``GAME_UPGRADES[n]`` takes game JSON of version n to n + 1 (none yet: version 1 is the first)
GAME_UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class GameFileError(ValueError):
    """A game file that cannot be read, or a change it cannot take: one line naming what and where."""


#: how the bound of a game file's numbers reads in a message
GAME_BOUND_TEXT = (
    f"a number in a game file lies between -{MAX_GAME_WHOLE:,} and {MAX_GAME_WHOLE:,} "
    f"(in its armies and element states, between -{MAX_WHOLE:,} and {MAX_WHOLE:,})"
)
#: the largest victory-point counter (the window's ``vp`` field; its counters show up to this)
MAX_VP = 9_999
#: dice in one roll, and rolls in one step of the log
MAX_ROLLED = 100
MAX_ROLLS = 10_000
#: a reference the game writes in its log: SIDE:UNIT/ELEMENT, 1-based indexes
LOGGED_REF = re.compile(r"(?P<side>[ab]):(?P<unit>[1-9][0-9]{0,8})/(?P<element>[1-9][0-9]{0,8})")

Whole = Annotated[int, Field(ge=-MAX_WHOLE, le=MAX_WHOLE)]
Count = Annotated[int, Field(ge=0, le=MAX_WHOLE)]
Round = Annotated[int, Field(ge=1, le=MAX_WHOLE)]
Index = Annotated[int, Field(ge=0, le=MAX_WHOLE)]
Short = Annotated[str, Field(max_length=200)]
#: an exact probability as the game writes it: "0", "1", "5/16"
Fraction = Annotated[str, Field(pattern=r"^[0-9]{1,2000}(/[0-9]{1,2000})?$")]
LoggedRef = Annotated[str, Field(pattern=LOGGED_REF.pattern)]


class RollFields(BaseModel):
    """The fields of one roll of a logged step that the game reads back (``model.attack_steps``, the
    initiative roll): each of its type (strictly: "3" is no die, true no total), within bounds. A roll may
    hold other fields; they are kept. Used to check a roll only: the roll is kept as it was written."""

    model_config = ConfigDict(extra="allow", strict=True)

    step: Short | None = None
    side: Literal["a", "b"] | None = None
    dice: Short | None = None
    rolled: Annotated[list[Whole], Field(max_length=MAX_ROLLED)] | None = None
    total: Whole | None = None
    need: Short | None = None
    success: bool | None = None
    tie: bool | None = None
    bonus: Whole | None = None
    modifier: Whole | None = None


def _roll(roll: dict[str, Any]) -> dict[str, Any]:
    """A logged roll checked (:class:`RollFields`), kept as it was written."""
    RollFields.model_validate(roll)
    return roll


class Kept(BaseModel):
    """A part of the game file: fields this version does not know are kept and written back."""

    model_config = ConfigDict(extra="allow")


class Change(Kept):
    """One element's state before and after a step of the log (what undo and redo put back)."""

    side: int = Field(ge=0, le=1, description="0: the first army (a), 1: the second (b)")
    unit: Index = Field(description="the unit's index in the army (0-based)")
    element: Index = Field(description="the element's index in the unit (0-based)")
    before: dict[str, Any]
    after: dict[str, Any]


class LogEntry(Kept):
    """One step of the game: an attack applied, a new round, a state set by hand, an initiative roll (its
    ``rolls`` each side's die in turn, ``first`` the winner), a unit's table roll (``model.table_rolls``: its
    ``roll``, ``outcome`` and ``odds``, ``target`` the unit's first element)."""

    action: Literal["attack", "next-round", "set", "initiative", "roll"]
    round: Round = Field(description="the round it happened in")
    seed: int | None = Field(None, ge=0, le=MAX_GAME_WHOLE, description="the seed of the dice (an attack)")
    attacker: LoggedRef | None = Field(None, description="REF of the attacker: SIDE:UNIT/ELEMENT, 1-based")
    target: LoggedRef | None = Field(None, description="REF of the target")
    attack: Short | None = None
    weapon: str | None = None
    situation: list[Short] = Field(default_factory=new_list)
    p_hit: Fraction | None = None
    p_damage: Fraction | None = None
    rolls: list[Annotated[dict[str, Any], AfterValidator(_roll)]] = Field(
        default_factory=new_list, max_length=MAX_ROLLS
    )
    hits: Count | None = None
    damage: Count | None = None
    effects: dict[Short, Whole] = Field(default_factory=dict)
    round_before: Round | None = Field(None, description="a new round: the round it ended")
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
    round: Round = 1
    sides: list[GameSide] = Field(min_length=2, max_length=2)
    log: list[LogEntry] = Field(default_factory=new_list, description="every step in order (undo takes the last)")
    redo: list[LogEntry] = Field(default_factory=new_list, description="steps undone, the next to redo last")


_game_int, _game_float = number_hooks(MAX_GAME_WHOLE, GAME_BOUND_TEXT)


def game_schema() -> dict[str, Any]:
    return GameFile.model_json_schema()


def parse_game(raw: bytes, source: str = "") -> tuple[GameFile, list[Any]]:
    """The game file's model and its two armies (validated as army files); GameFileError naming the problem."""
    where = f"{source}: " if source else ""
    if len(raw) > MAX_FILE_BYTES:
        raise GameFileError(f"{where}file holds {len(raw):,} bytes; the limit is {MAX_FILE_BYTES:,}")
    if too_many_values(raw):  # counted before parsing: nothing of such a file is built
        raise GameFileError(f"{where}{TOO_MANY_VALUES}")
    data = _upgraded(_game_json(raw, where), where)
    _check_size(data, where)
    try:
        game = GameFile.model_validate(data)
    except ValidationError as exc:
        raise GameFileError(f"{where}{validation_problems(exc)[0]}") from None
    _check_vp(game, where)
    armies = [_side_army(game, index, side, source, where) for index, side in enumerate(game.sides)]
    _check_steps(game, armies, where)
    return game, armies


def _check_size(data: dict[str, Any], where: str) -> None:
    """GameFileError for JSON beyond the limits (docs/limits.md): nesting, texts, numbers, values, steps."""
    try:
        vouched = sized(data, 0, [], MAX_GAME_WHOLE) <= MAX_VALUES  # the quick look: no path kept
    except Unsure:
        vouched = False
    try:
        if not vouched:  # the careful walk names the problem
            check_tree(data, bound=MAX_GAME_WHOLE, bound_text=GAME_BOUND_TEXT)
    except LimitError as exc:
        raise GameFileError(f"{where}{exc.problems[0]}") from None
    steps = sum(len(data[key]) for key in ("log", "redo") if isinstance(data.get(key), list))
    if steps > MAX_LOG_STEPS:
        raise GameFileError(
            f"{where}log: {steps:,} steps (log and redo together); a game file holds at most {MAX_LOG_STEPS:,}"
        )
    seen: set[bytes] = set()  # a long log repeats its states: each is checked once
    for place, value in _states(data):
        key = marshal.dumps(value)
        if key in seen:
            continue
        seen.add(key)
        try:
            check_tree(value)  # what the window shows in counters and spin boxes: an army file's bounds
        except LimitError as exc:
            inside = exc.problems[0].removeprefix("(top level)")
            raise GameFileError(f"{where}{place}{'' if inside[:1] in ('[', ':') else '.'}{inside}") from None


def _states(data: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """Each side's element states and each logged step's states before and after it, with their places."""
    for index, side in enumerate(_items(data.get("sides"))):
        if isinstance(side, dict):
            yield f"sides[{index}].state", side.get("state")
    for name in ("log", "redo"):
        for index, entry in enumerate(_items(data.get(name))):
            changes = entry.get("changes") if isinstance(entry, dict) else None
            for c, change in enumerate(_items(changes)):
                if isinstance(change, dict):
                    yield f"{name}[{index}].changes[{c}]", {k: change.get(k) for k in ("before", "after")}


def _items(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _check_vp(game: GameFile, where: str) -> None:
    """The window's victory-point counters (``vp``, a field the model keeps unread): two whole numbers it
    can show, or none."""
    vp = (game.model_extra or {}).get("vp")
    if vp is None:
        return
    if not (isinstance(vp, list) and len(vp) == 2 and all(type(v) is int and 0 <= v <= MAX_VP for v in vp)):
        raise GameFileError(f"{where}vp: must be two whole numbers from 0 to {MAX_VP:,} (found {excerpt(vp)})")


def _check_steps(game: GameFile, armies: list[Any], where: str) -> None:
    """GameFileError for a step of the log or redo list that names an element the armies do not have, or
    puts back a state its element cannot have: what undo and redo would do is checked before they can."""
    systems = [system_for(army) for army in armies]
    checked: dict[tuple[int, bytes], str] = {}  # (element, state) -> its problem: real logs repeat both

    def problem(side: int, element: Any, state: dict[str, Any]) -> str:
        key = (id(element), marshal.dumps(state))
        if key not in checked:
            checked[key] = systems[side].play.play_check(element, state)
        return checked[key]

    for name, steps in (("log", game.log), ("redo", game.redo)):
        for i, entry in enumerate(steps):
            at = f"{where}{name}[{i}]"
            for field in ("attacker", "target"):
                text = getattr(entry, field)
                if text is not None and _logged_element(armies, text) is None:
                    raise GameFileError(f"{at}.{field}: {text!r} names no element of the game")
            for c, change in enumerate(entry.changes):
                units = armies[change.side].units
                if change.unit >= len(units) or change.element >= len(units[change.unit].elements):
                    raise GameFileError(
                        f"{at}.changes[{c}]: side {change.side} unit {change.unit} element {change.element} "
                        "(0-based) names no element of the game"
                    )
                element = units[change.unit].elements[change.element]
                for which in ("before", "after"):
                    if said := problem(change.side, element, getattr(change, which)):
                        raise GameFileError(f"{at}.changes[{c}].{which}: {said}")


def _logged_element(armies: list[Any], text: str) -> Any:
    """The element a logged REF names (None: none)."""
    match = LOGGED_REF.fullmatch(text)
    if match is None:
        return None
    units = armies["ab".index(match["side"])].units
    unit, element = int(match["unit"]) - 1, int(match["element"]) - 1
    if unit >= len(units) or element >= len(units[unit].elements):
        return None
    return units[unit].elements[element]


def _game_json(raw: bytes, where: str) -> Any:
    """The file's JSON, or GameFileError saying why it is not."""
    try:
        text = raw.decode("utf-8-sig")
        return json.loads(text, parse_int=_game_int, parse_float=_game_float, parse_constant=parse_constant)
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
        raise GameFileError(f"{where}format: not a game file (expected {GAME_FORMAT!r}, found {excerpt(found)})")
    found = data.get("schema_version")
    digits = refused_whole(found)  # beyond even a game's numbers: a version from the future
    if digits is None and (not isinstance(found, int) or isinstance(found, bool) or found < 1):
        raise GameFileError(f"{where}schema_version: must be a whole number ≥ 1 (found {excerpt(found)})")
    version = found if isinstance(found, int) else GAME_SCHEMA_VERSION + 1
    if version > GAME_SCHEMA_VERSION:
        raise GameFileError(
            f"{where}schema_version: the game file is version {version_text(digits or str(version))}, newer "
            f"than version {GAME_SCHEMA_VERSION} that this Warbench reads; open it with a newer Warbench"
        )
    upgraded: dict[str, Any] = data
    while version < GAME_SCHEMA_VERSION:
        upgraded = {**GAME_UPGRADES[version](upgraded), "schema_version": version + 1}
        version += 1
    return upgraded


def _side_army(game: GameFile, index: int, side: GameSide, source: str, where: str) -> Any:
    """Side ``index``'s army, checked as an army file, of the game's system, with one valid state per element."""
    try:
        check_tree(side.army)  # an army file's bounds (its numbers were read with the game's)
        army = army_from_data(side.army, source)
    except LimitError as exc:
        raise GameFileError(f"{where}sides[{index}].army.{exc.problems[0]}") from None
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
    """The game file's bytes: JSON indented by 2, as ``json.dumps(..., indent=2, ensure_ascii=False)`` writes
    it (pydantic-core's writer, in Rust: 5× faster on a long log; a float of an unknown field is written by
    its shortest form, ``1e-7`` for ``1e-07``); checked to read back before anything is written."""
    data = game.model_dump_json(indent=2).encode("utf-8") + b"\n"
    parse_game(data)  # never write what would be refused when opened
    return data


def save_game(game: GameFile, path: str | os.PathLike[str]) -> None:
    atomic_write(path, game_bytes(game))
