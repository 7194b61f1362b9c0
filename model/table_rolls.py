"""The rolls the rules call for at the table besides attacks — a unit's activation, its morale, its rally —
offered with their exact odds when they are due, rolled, applied and logged like attacks (undoable).

Which rolls a unit may or must make now is its system's (``TableTurn.play_unit_rolls``, each a
``model.table_roll.TableRoll``); what a result does to the unit's states is its system's too
(``TableTurn.play_roll_result``). Here: a unit named as the command line names it, the rolls due in a game,
one roll made (a step of the log, ``"action": "roll"``), and the line the log shows for it.
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any

from warbench.model.game_file import Change, GameFileError, LogEntry
from warbench.model.i18n import _
from warbench.model.limits import excerpt
from warbench.model.table_roll import roll_name

if TYPE_CHECKING:
    from warbench.model.game import Game
    from warbench.model.table_roll import TableRoll

#: a unit as a player names it: SIDE:UNIT (a 1-based index or an exact name)
UNIT_REF = re.compile(r"(?P<side>[^:]*):(?P<unit>[^/]*)", re.DOTALL)


def unit_ref(game: Game, text: str) -> tuple[int, int]:
    """(side, unit) of ``SIDE:UNIT`` (or of ``SIDE:UNIT/ELEMENT``'s unit), read as ``Game.ref`` reads a REF.
    GameFileError naming ``text``."""
    if UNIT_REF.fullmatch(text):
        text = f"{text}/1"
    ref = game.ref(text)
    return ref.side, ref.unit


def unit_text(side: int, unit: int) -> str:
    return f"{'ab'[side]}:{unit + 1}"


def unit_rolls(game: Game, side: int, unit: int) -> list[TableRoll]:
    """The rolls the rules offer the unit now."""
    army_unit = game.armies[side].units[unit]
    states = game.file.sides[side].state[unit]
    return game.systems[side].turn.play_unit_rolls(army_unit, states, game.file.round)


def due_rolls(game: Game) -> list[dict[str, Any]]:
    """Every roll the rules call for now, unit by unit (both sides): the unit's reference and name and the roll
    with its exact odds (``TableRoll.as_json``)."""
    return [
        roll
        for side, army in enumerate(game.armies)
        for unit in range(len(army.units))
        for roll in unit_due(game, side, unit)
    ]


def unit_due(game: Game, side: int, unit: int) -> list[dict[str, Any]]:
    """The rolls the rules call for now of one unit, as :func:`due_rolls` lists them. (A unit's rolls read its
    own states and the round only, ``TableTurn.play_unit_rolls``: a caller may keep them until those change.)"""
    name = game.armies[side].units[unit].name
    return [
        {"unit": unit_text(side, unit), "unit_name": name, **r.as_json()} for r in unit_rolls(game, side, unit) if r.due
    ]


def offered_rolls(game: Game, side: int, unit: int) -> list[dict[str, Any]]:
    """The rolls the unit may make now (due or not), as :func:`due_rolls` lists them."""
    name = game.armies[side].units[unit].name
    return [{"unit": unit_text(side, unit), "unit_name": name, **r.as_json()} for r in unit_rolls(game, side, unit)]


def make_roll(game: Game, text: str, kind: str, seed: int | None = None, apply: bool = True) -> dict[str, Any]:
    """Roll the unit's ``kind`` roll (``text``: SIDE:UNIT), applied and logged with ``apply``: the roll's odds,
    its dice, the outcome and what it does, the unit's states after it. GameFileError for a unit or a roll the
    rules do not offer now."""
    side, unit = unit_ref(game, text)
    rolls = unit_rolls(game, side, unit)
    roll = next((r for r in rolls if r.kind == kind), None)
    if roll is None:
        offered = ", ".join(dict.fromkeys(roll_name(r.kind) for r in rolls)) or _("none")
        raise GameFileError(
            _("roll {roll}: not a roll this unit may make now (its rolls now: {offered})").format(
                roll=excerpt(kind), offered=offered
            )
        )
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    _faces, outcome, logged = roll.roll(random.Random(seed))
    army_unit = game.armies[side].units[unit]
    before = game.file.sides[side].state[unit]
    after = game.systems[side].turn.play_roll_result(army_unit, before, roll, outcome)
    changes = [
        Change(side=side, unit=unit, element=e, before=b, after=a)
        for e, (b, a) in enumerate(zip(before, after, strict=True))
        if a != b
    ]
    odds = {name: str(p) for name, p in roll.odds().items()}
    if apply:
        entry = LogEntry(
            action="roll",
            round=game.file.round,
            seed=seed,
            target=f"{unit_text(side, unit)}/1",
            rolls=[logged],
            changes=changes,
            roll=kind,
            outcome=outcome,
            odds=odds,
        )
        game._record(entry)
    return {
        "unit": unit_text(side, unit),
        "unit_name": army_unit.name,
        **roll.as_json(),
        "seed": seed,
        "rolls": [logged],
        "outcome": outcome,
        "effect": roll.effect(outcome),
        "applied": apply,
        "states": after,
    }
