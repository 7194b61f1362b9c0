"""A system's everyday check, as its module declares it: one die plus a modifier against a target.

Only the declaration lives here, so that a rule system can name its check without loading the dice
engine (:mod:`model.dice`, which works out the odds) on every start; its chance table is
:func:`model.dice.chance_table`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DieCheck:
    """One die of ``dice`` plus a modifier from ``modifiers`` succeeds on ``target`` or more (the dice
    panel offers it with its chance table). ``reroll`` names the one re-roll of a failure a player has
    per game ('' when there is none); ``default_die`` is the die offered first."""

    title: str
    dice: tuple[int, ...]
    modifiers: tuple[int, ...]
    target: int
    reroll: str = ""
    default_die: int | None = None
