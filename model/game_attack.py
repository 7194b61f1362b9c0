"""One attack at the table, typed: what a player asks (:class:`AttackOrder`) and what the dice and the rules
made of it (:class:`AttackOutcome`), and the exact distribution of a whole element's attack.

``Game.attack`` takes an order and rolls it once; ``Game.apply`` records the outcome it gave (the step is
built with the roll: nothing is worked out twice). The window reads the outcome's fields, ``warbench game
attack --json`` writes them as the contract's object (``warbench/game_cli.py``: the one place that JSON is
made).

A whole-element attack (``AttackOrder.whole``, ``--all``): every figure of the attacker that may attack
makes its attack, each with its ``shots``, in one roll; its distribution is the convolution of one figure's
(:func:`whole_distribution`), a total beyond what the target has left counted as all that it has left.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from warbench.model.odds import binomial, check_attacks, convolve, power, thin

if TYPE_CHECKING:
    from warbench.model.game import Ref
    from warbench.model.game_file import LogEntry
    from warbench.model.odds import AttackResult

State = dict[str, Any]


@dataclass(frozen=True)
class AttackOrder:
    """An attack as a player asks for it: who attacks whom, with which attack (``kind``, the matchup's name,
    and ``weapon``, the first of that kind without one), the player's ``situation`` (the states add theirs),
    ``reroll`` ("attacker" or "target": that side spends the system's re-roll) and ``whole``: every figure
    of the attacker attacks (else one figure)."""

    attacker: Ref
    target: Ref
    kind: str
    weapon: str | None = None
    situation: tuple[str, ...] = ()
    reroll: str | None = None
    whole: bool = False


@dataclass(frozen=True)
class AttackOutcome:
    """An attack rolled: its odds (the matchup's), every die, what it does to both elements, and the step
    of the log that applies it (``step``: None when the rules refuse the attack, ``refused`` naming the rule).
    ``figure_rolls``: the rolls of each figure in turn (one list for a single figure); ``distribution``:
    P(total damage = k) for k = 0, 1, … over the whole attack (``figures`` of them), as the rules apply it
    to this target."""

    order: AttackOrder
    names: tuple[tuple[str, str], tuple[str, str]]  # (unit, element) of the attacker, of the target
    weapon: str
    situation: list[str]
    p_hit: Fraction
    p_damage: Fraction
    damage_is: str
    shots: int
    figures: int
    distribution: tuple[Fraction, ...]
    not_applied: dict[str, str] = field(default_factory=dict)
    harmless_by: str = ""  # the rule by which it may hit but cannot harm this target (the matchup's)
    state_odds: dict[str, Any] = field(default_factory=dict)  # what the target's state adds (TableTurn.play_odds)
    reroll: str = ""  # "attacker: <the re-roll's name>" when a side spent the system's re-roll
    rerolls: tuple[str, ...] = ()  # the sides whose re-roll the rules let this attack spend ("attacker", "target")
    refused: str = ""
    seed: int | None = None
    figure_rolls: tuple[tuple[dict[str, Any], ...], ...] = ()
    hits: int = 0
    damage: int = 0
    effects: dict[str, int] = field(default_factory=dict)
    attacker_before: State = field(default_factory=dict)
    attacker_after: State = field(default_factory=dict)
    target_before: State = field(default_factory=dict)
    target_after: State = field(default_factory=dict)
    step: LogEntry | None = None
    applied: bool = False

    @property
    def rolls(self) -> list[dict[str, Any]]:
        """Every roll of the attack in order."""
        return [roll for rolls in self.figure_rolls for roll in rolls]

    @property
    def expected_damage(self) -> Fraction:
        return sum((k * p for k, p in enumerate(self.distribution)), Fraction(0))


def figure_distribution(result: AttackResult, p_damage: Fraction | None = None) -> list[Fraction]:
    """P(k damage) for one figure's attack: its ``shots`` attacks with the result's odds (``p_damage``: the
    odds with a re-roll spent, where the result's own do not count)."""
    one = [1 - p_damage, p_damage] if p_damage is not None else result.per_attack
    check_attacks(result.shots * (len(one) - 1 or 1), "shots of one figure")
    return _trimmed(power(one, result.shots))


def whole_distribution(
    result: AttackResult, figures: int, carried: int = 0, first: list[Fraction] | None = None
) -> list[Fraction]:
    """P(k damage) when ``figures`` figures make the attack ``result`` (the matchup's odds of one figure):
    the convolution of one figure's distribution ``figures`` times (``first``: the first figure's, when it
    differs, a re-roll spent). Hits that pool into damage (``hits_per_damage`` over 1) add up over the whole
    attack, to the ``carried`` hits already on the target once it hits at all."""
    if figures <= 0:
        return [Fraction(1)]
    if result.hits_per_damage > 1:
        n = figures * result.shots
        hits = binomial(n, result.p_hit)
        per = result.hits_per_damage
        units = [Fraction(0)] * ((n + carried) // per + 1)
        units[0] += hits[0]
        for h, p in enumerate(hits[1:], 1):
            units[(h + carried) // per] += p
        return _trimmed(thin(units, result.damage_given_hits))
    one = figure_distribution(result)
    check_attacks(figures * result.shots * (len(result.per_attack) - 1 or 1), "attacks of the whole element")
    rest = _trimmed(power(one, figures - 1 if first is not None else figures))
    return _trimmed(convolve(first, rest) if first is not None else rest)


def capped(distribution: list[Fraction], left: int | None) -> tuple[Fraction, ...]:
    """``distribution`` with every total beyond ``left`` (what the target has left; None: no bound) counted as
    ``left``."""
    if left is None or left + 1 >= len(distribution):
        return tuple(distribution)
    return (*distribution[:left], sum(distribution[left:], Fraction(0)))


def _trimmed(distribution: list[Fraction]) -> list[Fraction]:
    """Without the totals of chance 0 at its end (a total that cannot happen is not listed)."""
    end = len(distribution)
    while end > 1 and not distribution[end - 1]:
        end -= 1
    return distribution[:end]


__all__ = [
    "AttackOrder",
    "AttackOutcome",
    "capped",
    "figure_distribution",
    "whole_distribution",
]
