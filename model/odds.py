"""The odds of one attack, as every rule system's attack model gives them: the result of one attack
(:class:`AttackResult`), the situations it takes, the errors it raises, and the exact distribution maths the
attack models share (binomial, thinning, convolution). Every probability is a ``fractions.Fraction``.

It sits below ``model.systems`` (whose combat facets build these results) and below ``model.matchup`` (which
adds them up into a unit's activation, the army pairs and the matrix).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import lcm
from typing import TYPE_CHECKING, Any

from warbench.model.limits import BOUND_TEXT, MAX_INT_DIGITS, excerpt

if TYPE_CHECKING:
    pass

ZERO = Fraction(0)


class MatchupError(ValueError):
    """An attack that cannot be worked out as asked (no such attack, unknown situation, out of range...)."""


class MatchupTooLarge(MatchupError):
    """An attack or activation with more attacks or dice than the exact odds are worked out for
    (:data:`MAX_ATTACKS`); never left out silently, unlike an attack that does not apply."""


#: attacks in one activation (or dice in one attack) the exact odds are worked out for, counting an attack
#: that can do several units of damage once per unit: a real activation makes a few dozen. The worst case at
#: the bound, the distribution the window's panel draws, takes about 50 ms (benchmarks/matchup_bound.py), so
#: it runs on the GUI thread; 10**6 figures or 10**9 shots in cover ran for minutes, a D3000 of attacks hung.
MAX_ATTACKS = 300

#: how the bound reads in a message
ATTACKS_TEXT = (
    f"the matchup works out at most {MAX_ATTACKS:,} attacks (or dice) in one activation, an attack that can do "
    "several damage counted once per damage (docs/security.md)"
)


@dataclass(frozen=True)
class Situation:
    """One situational modifier a player can toggle, named as the rules name it."""

    name: str
    label: str
    help: str = ""


@dataclass
class AttackResult:
    """The exact odds of one attack of one attacker element against one target element."""

    attack: str  # the kind: melee, ranged, extra-weapon, ...
    weapon: str  # the weapon's name as the army file gives it (or the kind)
    p_hit: Fraction
    p_damage: Fraction
    damage: str  # the system's unit of damage ("removed", "loses a hit point", ...)
    shots: int = 1  # attacks this weapon makes per element and activation
    modifiers: list[str] = field(default_factory=list)
    left_to_table: list[str] = field(default_factory=list)
    #: the odds when the system's once-per-game re-roll (``Combat.reroll_name``) is spent by that side:
    #: {"attacker": (p_hit, p_damage), "target": (p_hit, p_damage)}
    reroll: dict[str, tuple[Fraction, Fraction]] = field(default_factory=dict)
    #: damage units the target takes before it is removed (hit points + 1, weapons, ...)
    damage_to_remove: int = 1
    #: the situation names applied (those that did not apply to this pair are in left_to_table)
    situation: list[str] = field(default_factory=list)
    #: P(k damage units) for one attack when one attack can do more than one (else [1 - p, p])
    outcomes: list[Fraction] | None = None
    #: hits that make one unit of damage (a game that counts several hits per casualty); they add up over the
    #: activation
    hits_per_damage: int = 1
    #: the chance that a unit of damage made of pooled hits is a kill (a damage roll)
    damage_given_hits: Fraction = Fraction(1)
    #: other effects and their chance per attack ({"stunned": 1/6, ...})
    also: dict[str, Fraction] = field(default_factory=dict)
    #: the rule that forbids this attack against this target, named ("" when none does): its odds are 0
    forbidden_by: str = ""
    #: the rule by which this attack may be made and may hit but cannot harm this target ("" when none):
    #: ``p_hit`` as rolled, ``p_damage`` 0 (the contract's ``harmless_by``)
    harmless_by: str = ""
    #: the readings the system picked where its document reads two ways, named (``readings.json``)
    readings: list[str] = field(default_factory=list)
    #: the attack as the dice resolve it (``model.attack_steps``), declared from the same figures as the odds:
    #: empty for a forbidden attack
    steps: list[Any] = field(default_factory=list)

    @property
    def per_attack(self) -> list[Fraction]:
        return self.outcomes if self.outcomes is not None else [1 - self.p_damage, self.p_damage]

    @property
    def mean_damage(self) -> Fraction:
        if self.outcomes is None:
            return self.p_damage
        return sum((k * p for k, p in enumerate(self.outcomes)), Fraction(0))


def fraction_text(p: Fraction) -> str:
    """``"5/16"``; ``"0"`` and ``"1"`` for the ends (the contract's spelling)."""
    return str(Fraction(p))


def percent_text(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def check_situation(known: Sequence[Situation], situation: Iterable[str]) -> frozenset[str]:
    """The situation names, refusing any the system does not have."""
    names = {s.name for s in known}
    chosen = frozenset(situation)
    unknown = sorted(chosen - names)
    if unknown:
        listed = ", ".join(s.name for s in known) or "none"
        raise MatchupError(f"{', '.join(map(repr, unknown))}: not a situation of this system (known: {listed})")
    return chosen


class NotApplied(str):
    """A note "not applied: <reason>" that knows the ``situation`` it left out and the ``reason`` alone
    (the play view names both); to everything else it is the note's text."""

    situation: str
    reason: str

    def __new__(cls, situation: str, reason: str) -> NotApplied:
        note = super().__new__(cls, f"not applied: {reason}")
        note.situation, note.reason = situation, reason
        return note

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:  # copied or pickled as itself
        return NotApplied, (self.situation, self.reason)


def not_applied(notes: Iterable[str]) -> dict[str, str]:
    """The situations an attack left out, each with the rule's reason (from its ``left_to_table`` notes)."""
    return {note.situation: note.reason for note in notes if isinstance(note, NotApplied)}


def drop_inapplicable(chosen: set[str], reasons: dict[str, str], strict: bool, notes: list[str]) -> set[str]:
    """Situations that cannot apply to this attack: an error when asked for one attack
    (``strict``), left out with a note (:class:`NotApplied`) when a whole army is worked out."""
    for name in sorted(chosen & reasons.keys()):
        if strict:
            raise MatchupError(reasons[name])
        notes.append(NotApplied(name, reasons[name]))
    return chosen - reasons.keys()


@cache
def at_least(sides: int, target: int, modifier: int = 0) -> Fraction:
    """One die of ``sides`` faces plus ``modifier`` reaches ``target``."""
    hits = sum(1 for face in range(1, sides + 1) if face + modifier >= target)
    return Fraction(hits, sides)


_FIRST_NUMBER = re.compile(r"\d+")


def first_number(text: object, default: int = 0) -> int:
    """The first whole number in a text field (``'11/ST'`` → 11; ``default`` when none). One of more than 9
    digits is refused (:class:`MatchupTooLarge`), as a number in the file would be: ``int`` of 5,000 digits
    raised ValueError."""
    found = _FIRST_NUMBER.search(str(text))
    if found is None:
        return default
    if len(found.group()) > MAX_INT_DIGITS:
        raise MatchupTooLarge(f"number of {len(found.group()):,} digits in {excerpt(str(text))}; {BOUND_TEXT}")
    return int(found.group())


#: a distribution as whole numbers: ``(ways, total)``, P(k) = ways[k] / total
Ways = tuple[list[int], int]


def check_attacks(n: int, what: str = "") -> None:
    """Refuse ``n`` attacks or dice at once when over :data:`MAX_ATTACKS` (``what`` names them)."""
    if n > MAX_ATTACKS:
        raise MatchupTooLarge(f"{what or 'attacks'}: {n:,} at once; {ATTACKS_TEXT}")


def _ways(dist: Sequence[Fraction]) -> Ways:
    total = lcm(*(Fraction(p).denominator for p in dist))
    return [p.numerator * (total // p.denominator) for p in map(Fraction, dist)], total


def _fractions(ways: Ways) -> list[Fraction]:
    values, total = ways
    return [Fraction(w, total) for w in values]


def _product(a: Ways, b: Ways) -> Ways:
    # the dice engine only once odds are worked out: every system module imports this one at start
    from warbench.model.dice import multiply_polynomials

    return multiply_polynomials((0, a[0]), (0, b[0]))[1], a[1] * b[1]


def _power(a: Ways, n: int) -> Ways:
    """The distribution of the sum of ``n`` independent draws of ``a`` (by squaring: big products, few of them)."""
    out: Ways = ([1], 1)
    while n:
        if n & 1:
            out = _product(out, a)
        n >>= 1
        if n:
            a = _product(a, a)
    return out


def _binomial_ways(n: int, p: Fraction) -> Ways:
    check_attacks(n)
    p = Fraction(p)
    hit, total = p.numerator, p.denominator
    miss = total - hit
    ways = [0] * (n + 1)
    hits, c = 1, 1
    misses = [1] * (n + 1)
    for k in range(1, n + 1):
        misses[k] = misses[k - 1] * miss
    for k in range(n + 1):
        ways[k] = c * hits * misses[n - k]
        hits *= hit
        c = c * (n - k) // (k + 1)
    return ways, total**n


def binomial(n: int, p: Fraction) -> list[Fraction]:
    """P(k successes) for k = 0..n among ``n`` independent trials of chance ``p`` (refused over
    :data:`MAX_ATTACKS` trials)."""
    return _fractions(_binomial_ways(n, p))


def _thin_ways(dist: Ways, q: Fraction) -> Ways:
    """:func:`thin` in whole numbers: Σ_c P(c) (1 - q + q x)^c by Horner's rule (each step a product with
    two small numbers, not a binomial)."""
    values, total = dist
    q = Fraction(q)
    a, b = q.numerator, q.denominator
    r = b - a
    top = len(values) - 1
    out = [values[top]]
    scale = 1
    for c in range(top - 1, -1, -1):
        scale *= b
        nxt = [r * x for x in out] + [0]
        for i, x in enumerate(out):
            nxt[i + 1] += a * x
        nxt[0] += values[c] * scale
        out = nxt
    return out, total * b**top


def thin(dist: Sequence[Fraction], q: Fraction) -> list[Fraction]:
    """Each of k events counts with chance ``q``: the distribution of those that count."""
    if q == 1:
        return list(dist)
    return _fractions(_thin_ways(_ways(dist), q))


def convolve(a: Sequence[Fraction], b: Sequence[Fraction]) -> list[Fraction]:
    return _fractions(_product(_ways(a), _ways(b)))


def power(dist: Sequence[Fraction], n: int) -> list[Fraction]:
    """The distribution of the sum of ``n`` independent draws of ``dist`` (in whole numbers throughout)."""
    return _fractions(_power(_ways(dist), n))
