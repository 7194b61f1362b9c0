"""One attack as the dice resolve it: the steps a system's attack model declares beside its odds.

A system's attack model (``Combat.resolve``) works out the exact odds of one attack and, from the same
figures, lists the attack's :class:`Step` s in ``AttackResult.steps``: the roll to hit, then what the target
rolls against it (a save, an evasion, a recovery), then what an attack that got through does (damage dice,
a damage table). :func:`chain_odds` gives the odds that declaration stands for (tests check it equals the
matchup's ``p_hit`` and ``p_damage``), and :func:`roll_attack` rolls it with real dice for table play.

A chain is read in order. A ``HIT`` step starts it: each of its dice that succeeds is a hit and goes on
alone through the rest. A ``SAVE`` step that succeeds stops that hit; ``LOSS`` steps (consecutive) are each
rolled once, each failure costing one unit of damage (and counted in ``effects`` under the step's
name); a ``DAMAGE`` step rolls its dice, each success one
unit of damage; a ``TABLE`` step reads its one die from a table (damage when the effect is one of
``damage_on``, or always when that is None); ``NO_DAMAGE`` ends the hit with its effect and no damage. A hit
that meets no LOSS, DAMAGE or TABLE step does one unit of damage.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

HIT = "hit"
SAVE = "save"
LOSS = "loss"
DAMAGE = "damage"
TABLE = "table"
NO_DAMAGE = "no-damage"


@dataclass(frozen=True)
class Step:
    """One roll of an attack: ``dice`` dice of ``sides`` faces, each plus ``modifier`` against ``need``."""

    name: str  # as the rules name the roll: "hit", "recovery", "armour save", "evade"...
    role: str  # HIT, SAVE, LOSS, DAMAGE, TABLE or NO_DAMAGE (see the module)
    sides: int = 6
    need: int = 4  # the total each die must reach (``at_most``: must not exceed)
    modifier: int = 0
    at_most: bool = False
    dice: int = 1
    #: a HIT step's number of dice, itself rolled ("D3", "D6") or fixed ("3"); "" uses ``dice``
    dice_count: str = ""
    #: "failure": a failed die is rolled once more; "success": a successful die must be rolled once more
    reroll: str = ""
    #: an opposed roll: the other side rolls d``sides`` + ``opposed``; the higher total wins, ties are rolled
    #: again
    opposed: int | None = None
    #: (lowest face, highest face, effect): what a die shows besides success (a TABLE's rows; a DAMAGE die's
    #: effect when the step does no damage, or always with ``effects_always``)
    effects: tuple[tuple[int, int, str], ...] = ()
    effects_always: bool = False
    #: a TABLE step: the effects that are damage (None: every roll of the table is)
    damage_on: tuple[str, ...] | None = None

    def passes(self, face: int) -> bool:
        total = face + self.modifier
        return total <= self.need if self.at_most else total >= self.need

    @property
    def need_text(self) -> str:
        if self.role == TABLE:
            return f"{self._table_need()}+"
        return f"{self.need} or less" if self.at_most else f"{self.need}+"

    def _table_need(self) -> int:
        faces = [f for f in range(1, self.sides + 1) if self._table_damage(f)]
        return min(faces) if faces else self.sides + 1

    def effect(self, face: int) -> str:
        return next((name for low, high, name in self.effects if low <= face <= high), "")

    def _table_damage(self, face: int) -> bool:
        return self.damage_on is None or self.effect(face) in self.damage_on

    @property
    def p_die(self) -> Fraction:
        """One die's chance of success before any re-roll."""
        if self.opposed is not None:
            faces = range(1, self.sides + 1)
            wins = sum(1 for x in faces for y in faces if x + self.modifier > y + self.opposed)
            losses = sum(1 for x in faces for y in faces if x + self.modifier < y + self.opposed)
            return Fraction(wins, wins + losses) if wins + losses else Fraction(1, 2)
        if self.role == TABLE:
            return Fraction(sum(1 for f in range(1, self.sides + 1) if self._table_damage(f)), self.sides)
        return Fraction(sum(1 for f in range(1, self.sides + 1) if self.passes(f)), self.sides)

    @property
    def p(self) -> Fraction:
        """One die's chance of success, re-roll included."""
        p = self.p_die
        if self.reroll == "failure":
            return 1 - (1 - p) ** 2
        if self.reroll == "success":
            return p * p
        return p


#: the step that ends a hit of an attack that cannot harm its target (``AttackResult.harmless_by``)
HARMLESS = Step("no damage", NO_DAMAGE)


def harmless(steps: Sequence[Step]) -> list[Step]:
    """``steps`` of an attack that may hit but cannot harm its target: the roll to hit, then no damage."""
    return [*steps[:1], HARMLESS] if steps else []


def chain_odds(steps: Sequence[Step], hits_per_damage: int = 1) -> tuple[Fraction, Fraction]:
    """(P(one die of the HIT step hits), P(that die does damage)) as the chain declares them: what the
    matchup's ``p_hit`` and ``p_damage`` must equal (hits pooled into damage give ``p_damage`` 0 there)."""
    if not steps:
        return Fraction(0), Fraction(0)
    p_hit = steps[0].p
    p = p_hit
    rest = list(steps[1:])
    keep_all = Fraction(1)
    losses = False
    for step in rest:
        if step.role == SAVE:
            p *= 1 - step.p
        elif step.role == LOSS:
            keep_all *= step.p
            losses = True
        elif step.role == DAMAGE:
            p *= 1 - (1 - step.p) ** step.dice
        elif step.role == TABLE:
            p *= step.p
        elif step.role == NO_DAMAGE:
            p = Fraction(0)
    if losses:
        p *= 1 - keep_all
    return p_hit, (p if hits_per_damage == 1 else Fraction(0))


@dataclass
class Rolled:
    """The dice of one attack: every roll in order, hits, damage units and the other effects."""

    rolls: list[dict[str, Any]] = field(default_factory=list)
    hits: int = 0
    damage: int = 0
    effects: Counter[str] = field(default_factory=Counter)
    #: (hit, damage units) for each die of the HIT step, in order (for checking frequencies)
    trials: list[tuple[bool, int]] = field(default_factory=list)
    #: hits short of a unit of damage, left on the target (hits pooled into damage)
    left_over: int = 0


def _dice_count(step: Step, rng: random.Random, out: Rolled) -> int:
    text = step.dice_count.strip().upper()
    if not text:
        return step.dice
    if text.startswith("D"):
        sides = int(text[1:])
        face = rng.randint(1, sides)
        out.rolls.append(
            {"step": "attacks", "dice": f"d{sides}", "rolled": [face], "total": face, "need": "1+", "success": True}
        )
        return face
    return int(text)


def _record(out: Rolled, step: Step, face: int, success: bool, **extra: Any) -> None:
    out.rolls.append(
        {
            "step": step.name,
            "dice": f"d{step.sides}",
            "rolled": [face],
            "total": face + step.modifier,
            "need": step.need_text,
            "success": success,
            **extra,
        }
    )


def _roll_one(step: Step, rng: random.Random, out: Rolled) -> tuple[bool, int]:
    """One die of ``step`` with its re-roll: (success, the face that stands)."""
    if step.opposed is not None:
        while True:
            mine, theirs = rng.randint(1, step.sides), rng.randint(1, step.sides)
            a, b = mine + step.modifier, theirs + step.opposed
            out.rolls.append(
                {
                    "step": step.name,
                    "dice": f"d{step.sides}",
                    "rolled": [mine, theirs],
                    "total": a,
                    "need": f"{b + 1}+",
                    "success": a > b,
                    **({"tie": True} if a == b else {}),
                }
            )
            if a != b:
                return a > b, mine
    face = rng.randint(1, step.sides)
    success = step.passes(face)
    again = (step.reroll == "failure" and not success) or (step.reroll == "success" and success)
    _record(out, step, face, success)
    if again:
        face = rng.randint(1, step.sides)
        success = step.passes(face)
        _record(out, step, face, success, reroll=True)
    return success, face


def _through(steps: Sequence[Step], rng: random.Random, out: Rolled) -> int:
    """The rest of the chain for one hit: its damage units."""
    ends = False
    damage = 0
    for step in steps:
        if step.role == SAVE:
            saved, _face = _roll_one(step, rng, out)
            if saved:
                return 0
        elif step.role == LOSS:
            kept, _face = _roll_one(step, rng, out)
            if not kept:
                damage += 1
                out.effects[step.name] += 1
            ends = True
        elif step.role == DAMAGE:
            faces = []
            for _ in range(step.dice):
                success, face = _roll_one(step, rng, out)
                damage += success
                faces.append(face)
            for face in faces:
                if step.effects_always or not damage:
                    if effect := step.effect(face):
                        out.effects[effect] += 1
                        break
            ends = True
        elif step.role == TABLE:
            face = rng.randint(1, step.sides)
            effect = step.effect(face)
            counts = step._table_damage(face)
            _record(out, step, face, counts, effect=effect)
            if effect:
                out.effects[effect] += 1
            damage += counts
            ends = True
        elif step.role == NO_DAMAGE:
            out.effects[step.name] += 1
            return 0
    return damage if ends else 1


def roll_attack(
    steps: Sequence[Step], shots: int, rng: random.Random, hits_per_damage: int = 1, carried: int = 0
) -> Rolled:
    """Roll ``shots`` attacks of the chain ``steps``. With ``hits_per_damage`` over 1 the hits add up (to the
    ``carried`` hits already on the target, once this attack hits at all): every that many hits make one unit
    that meets the rest of the chain; the hits short of one are ``left_over``."""
    out = Rolled(left_over=carried)
    if not steps:
        return out
    first, rest = steps[0], steps[1:]
    pooled = 0
    for _ in range(shots):
        for _die in range(_dice_count(first, rng, out)):
            hit, _face = _roll_one(first, rng, out)
            out.hits += hit
            damage = 0
            if hit and hits_per_damage == 1:
                damage = _through(rest, rng, out)
            elif hit:
                pooled += 1
            out.damage += damage
            out.trials.append((hit, damage))
    if hits_per_damage > 1 and pooled:
        pooled += carried
        out.left_over = pooled % hits_per_damage
        for _ in range(pooled // hits_per_damage):
            out.damage += _through(rest, rng, out)
    return out
