"""The table pack's tracker state: what the page keeps per element, and its text to and from a game file.

The tracker shows, for each element, the rows of boxes its system's play facet gives the paper tracker
(``TablePlay.play_boxes``) and an activation box. Each row stands for one field of the element's state in a
game file (``docs/game-file.md``), read from the value the field starts the game with:

- ``bool``: one box, ticked when the field is true (crew stunned, prone...);
- ``down``: a whole number the game starts at the row's count (figures, hit points, Body): each tick is
  one lost, the value is the count less the ticks;
- ``up``: a whole number the game starts at 0 and fills up to the count (suppressed figures, weapons
  destroyed): the value is the ticks.

A row drawn once per figure on paper (``per_figure``) is one row on the phone, the figure in front, as the
game file keeps it. Rows of any other kind of field (a die lowered step by step, the names of the weapons
lost) are ticked on the phone only: the export leaves those fields to the game file.

The export is one line of JSON (:func:`state_text`, :data:`FORMAT`): the army's key (:func:`army_key`, the
page's own), the round, the two victory-point counters and, per unit and element, the tracked fields'
values. ``warbench game import-pack`` applies it to one side of a game (:func:`apply_state`: rounds, each
field set as ``warbench game set`` sets it, logged and undoable); ``warbench game export-pack`` writes a
side's state for the page's Import (:func:`game_state`).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from warbench.model.army_code import army_code
from warbench.model.game_file import MAX_VP, GameFileError
from warbench.model.limits import excerpt

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.game import Game
    from warbench.model.systems.base import RuleSystem

FORMAT = "warbench-pack-state"
VERSION = 1
#: the most characters a state text may have (a 1,000-element army's state is far less)
MAX_STATE_CHARS = 2_000_000
#: the game file's victory-point counters: a field the model keeps unread, the window's (docs/game-file.md)
VP = "vp"
#: the field every element's state has: the element attacked (was activated) this round
ACTIVATED = "activated"


@dataclass(frozen=True)
class Row:
    """One row of an element's tracker: ``count`` boxes for the state field ``field`` of ``kind`` (bool, down,
    up, or local: ticked on the phone only), starting at ``fresh``."""

    label: str
    field: str
    count: int
    kind: str
    fresh: Any
    per_figure: bool = False

    def as_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "field": self.field,
            "count": self.count,
            "kind": self.kind,
            "fresh": None if self.kind == "local" else self.fresh,
            "per_figure": self.per_figure,
        }


def _kind(fresh: Any, count: int) -> str:
    if isinstance(fresh, bool):
        return "bool"
    if isinstance(fresh, int):
        return "down" if fresh == count and fresh > 0 else "up"
    return "local"


def rows(system: RuleSystem, element: Any) -> list[Row]:
    """The element's tracker rows: its play facet's boxes, then its activation."""
    fresh = system.play.play_state(element)
    out = [
        Row(b.label, b.field, max(0, b.count), _kind(fresh.get(b.field), b.count), fresh.get(b.field), b.per_figure)
        for b in system.play.play_boxes(element)
    ]
    if ACTIVATED in fresh and all(r.field != ACTIVATED for r in out):
        out.append(Row("Activated", ACTIVATED, 1, "bool", fresh[ACTIVATED]))
    return out


def tracked(system: RuleSystem, element: Any) -> dict[str, Row]:
    """The rows whose field the export carries (bool, down, up), by field."""
    return {r.field: r for r in rows(system, element) if r.kind != "local"}


def army_key(army: Army[Any, Any]) -> str:
    """What the page keys its state by: the first 16 hex digits of the SHA-256 of the army's code (the same
    army, the same key; any change to the army, another)."""
    return hashlib.sha256(army_code(army).encode("ascii")).hexdigest()[:16]


def fresh_values(system: RuleSystem, army: Army[Any, Any]) -> list[list[dict[str, Any]]]:
    """Every element's tracked fields as the game begins."""
    return [
        [{f: r.fresh for f, r in tracked(system, element).items()} for element in unit.elements] for unit in army.units
    ]


def state_text(key: str, round_number: int, vp: tuple[int, int], units: list[list[dict[str, Any]]]) -> str:
    """The state as the page exports it: one line of JSON."""
    data = {"format": FORMAT, "version": VERSION, "army": key, "round": round_number, "vp": list(vp), "units": units}
    return json.dumps(data, ensure_ascii=True, separators=(",", ":"))


_START = re.compile(r'\{\s*"format"\s*:\s*"' + FORMAT + '"')


def parse_state(text: str, source: str = "state") -> dict[str, Any]:
    """The state of a text holding one (what the page's Export shows, perhaps inside a mail); GameFileError
    naming what is wrong."""
    if len(text) > MAX_STATE_CHARS:
        raise GameFileError(f"{source}: over {MAX_STATE_CHARS:,} characters; not a table pack's state")
    start = _START.search(text)
    if start is None:
        raise GameFileError(f'{source}: no table pack state found (it starts with {{"format":"{FORMAT}")')
    try:
        data, _end = json.JSONDecoder().raw_decode(text, start.start())
    except json.JSONDecodeError as exc:
        raise GameFileError(f"{source}: the state is cut short or damaged ({exc.msg} at character {exc.pos})") from None
    except ValueError:  # a number of more digits than int() reads
        raise GameFileError(f"{source}: the state is damaged (a number too long)") from None
    if not isinstance(data, dict):
        raise GameFileError(f"{source}: the state is damaged")
    if data.get("version") != VERSION:
        raise GameFileError(f"{source}: state version {excerpt(data.get('version'))}; this Warbench reads {VERSION}")
    checks = (
        ("army", isinstance(data.get("army"), str)),
        ("round", _whole(data.get("round")) and data["round"] >= 1),
        ("vp", isinstance(data.get("vp"), list) and len(data["vp"]) == 2 and all(_whole(v) for v in data["vp"])),
        ("units", isinstance(data.get("units"), list)),
    )
    for name, ok in checks:
        if not ok:
            raise GameFileError(f"{source}: {name} {excerpt(data.get(name))} is not what a pack's state holds")
    state: dict[str, Any] = data
    return state


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 1_000_000_000


def _vp(game: Game) -> list[int]:
    vp = (game.file.model_extra or {}).get(VP)
    return list(vp) if isinstance(vp, list) else [0, 0]


def game_state(game: Game, side: int) -> str:
    """Side ``side``'s state in ``game`` as the page imports it (its own VP first)."""
    system, army = game.systems[side], game.armies[side]
    units = [
        [
            {f: state.get(f, r.fresh) for f, r in tracked(system, element).items()}
            for element, state in zip(unit.elements, states, strict=True)
        ]
        for unit, states in zip(army.units, game.file.sides[side].state, strict=True)
    ]
    vp = _vp(game)
    return state_text(army_key(army), game.file.round, (vp[side], vp[1 - side]), units)


def apply_state(game: Game, side: int, data: dict[str, Any]) -> int:
    """Side ``side`` of ``game`` brought to the pack's state ``data`` (:func:`parse_state`): new rounds as
    ``next-round`` steps, then each field that differs set as ``warbench game set`` sets it (logged,
    undoable), and the VP counters. Returns the number of steps logged; GameFileError, with the game to be
    thrown away, when the state is of another army, an earlier round, or holds a value the rules refuse."""
    system, army = game.systems[side], game.armies[side]
    if data["army"] != army_key(army):
        raise GameFileError(
            f"the state is of another army than side {'ab'[side]}'s ({army.name!r}): "
            "export it from that army's pack, or name the other side with --side"
        )
    if data["round"] < game.file.round:
        raise GameFileError(f"the state is of round {data['round']}; the game is at round {game.file.round} already")
    units = data["units"]
    if len(units) != len(army.units) or any(
        not isinstance(u, list) or len(u) != len(unit.elements) for u, unit in zip(units, army.units, strict=False)
    ):
        raise GameFileError("the state's units and elements are not those of the army")
    steps = 0
    while game.file.round < data["round"]:
        game.next_round()
        steps += 1
    for u, (unit, states) in enumerate(zip(army.units, units, strict=True), 1):
        for e, (element, values) in enumerate(zip(unit.elements, states, strict=True), 1):
            steps += _apply_element(game, f"{'ab'[side]}:{u}/{e}", tracked(system, element), values)
    vp = _vp(game)
    vp[side], vp[1 - side] = (min(v, MAX_VP) for v in data["vp"])
    setattr(game.file, VP, vp)
    return steps


def _apply_element(game: Game, ref: str, fields: dict[str, Row], values: Any) -> int:
    if not isinstance(values, dict):
        raise GameFileError(f"{ref}: not an element's state ({excerpt(values)})")
    steps = 0
    for field, row in fields.items():
        if field not in values:
            continue
        value = values[field]
        if row.kind == "bool" and not isinstance(value, bool):
            raise GameFileError(f"{ref}: {field} is true or false, not {excerpt(value)}")
        if row.kind in ("down", "up") and not (_whole(value) and value <= max(row.count, row.fresh or 0)):
            raise GameFileError(f"{ref}: {field} is a whole number from 0 to {row.count}, not {excerpt(value)}")
        if game.state(game.ref(ref)).get(field) != value:
            game.set_state(ref, field, value)
            steps += 1
    return steps
