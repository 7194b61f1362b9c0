"""Dice expressions, exact probability distributions and rolls.

Grammar (case-insensitive, spaces ignored)::

    expr   := term (("+" | "-") term)*
    term   := NUMBER | [NUMBER] "d" NUMBER [keep] [compare]
    keep   := ("kh" | "kl") NUMBER          # keep highest / lowest
    compare:= (">=" | ">" | "<=" | "<" | "=") NUMBER   # count dice meeting it

Examples: ``3d6+2``, ``2d8-1``, ``d20``, ``4d6kh3``, ``2d20kl1``, ``10d6>=4``.
Distributions are exact: integer counts over a common denominator, built by
convolution, never by sampling.
"""

from __future__ import annotations

import random
import re
from bisect import bisect_left
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from math import comb

# the name rule systems outside this tree import from here (docs/adding-a-system.md said so until it
# moved): kept, it costs one small module
from warbench.model.die_check import DieCheck as DieCheck

MAX_DICE = 1000
MAX_SIDES = 1000
MAX_LENGTH = 200
MAX_KEEP_WORK = 50_000_000  # rough step count of the exact keep-highest dynamic programme


class DiceError(ValueError):
    """A dice expression that cannot be read or is too big; the message names the column."""


@dataclass(frozen=True)
class Term:
    sign: int
    count: int = 0  # dice; 0 for a constant
    sides: int = 0
    constant: int = 0
    keep: str = ""  # "kh" | "kl" | ""
    keep_n: int = 0
    compare: str = ""  # ">=", ">", "<=", "<", "=" or ""
    target: int = 0

    @property
    def is_constant(self) -> bool:
        return self.count == 0

    def text(self) -> str:
        if self.is_constant:
            return str(self.constant)
        out = f"{self.count}d{self.sides}"
        if self.keep:
            out += f"{self.keep}{self.keep_n}"
        if self.compare:
            out += f"{self.compare}{self.target}"
        return out

    def meets(self, face: int) -> bool:
        return {
            ">=": face >= self.target,
            ">": face > self.target,
            "<=": face <= self.target,
            "<": face < self.target,
            "=": face == self.target,
        }[self.compare]


@dataclass(frozen=True)
class Expression:
    source: str
    terms: tuple[Term, ...]

    def __str__(self) -> str:
        out = ""
        for i, t in enumerate(self.terms):
            sign = "-" if t.sign < 0 else "+"
            out += (sign if i or t.sign < 0 else "") + t.text()
        return out


_TOKEN = re.compile(r"\s*(?:(\d+)|(d)|(kh|kl)|(>=|<=|>|<|=)|([+-]))", re.IGNORECASE)


def parse(source: str) -> Expression:
    """Parse a dice expression; raises DiceError("unexpected 'x' at character 4") style messages (counted
    from 1, so a long expression's problem can be found)."""
    if len(source) > MAX_LENGTH:
        raise DiceError(f"expression is {len(source)} characters long; the limit is {MAX_LENGTH}")
    return _Parser(source).expression()


class _Parser:
    """One expression read term by term (``parse``): the position, the terms and the dice so far."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.text = source.lower()
        self.pos = 0
        self.terms: list[Term] = []
        self.total_dice = 0

    def peek(self) -> re.Match[str] | None:
        return _TOKEN.match(self.text, self.pos)

    def unexpected(self, at: int) -> DiceError:
        text = self.text
        while at < len(text) and text[at].isspace():
            at += 1
        if at >= len(text):
            return DiceError(f"unexpected end of expression at character {at + 1}")
        return DiceError(f"unexpected {self.source[at]!r} at character {at + 1}")

    def number(self) -> int:
        m = self.peek()
        if not m or m.group(1) is None:
            raise self.unexpected(self.pos)
        self.pos = m.end()
        if len(m.group(1)) > 7:
            raise DiceError(f"number {m.group(1)[:10]}… at character {m.start(1) + 1} is too large")
        return int(m.group(1))

    def expression(self) -> Expression:
        """expr := term (("+" | "-") term)*, a sign allowed before the first term."""
        sign = 1
        m = self.peek()
        if m and m.group(5):
            sign = -1 if m.group(5) == "-" else 1
            self.pos = m.end()
        while True:
            self.term(sign)
            m = self.peek()
            if m is None:
                if self.text[self.pos :].strip():
                    raise self.unexpected(self.pos)
                break
            if not m.group(5):
                raise self.unexpected(self.pos)
            sign = -1 if m.group(5) == "-" else 1
            self.pos = m.end()
        if not self.terms:
            raise DiceError("empty expression")
        return Expression(self.source, tuple(self.terms))

    def term(self, sign: int) -> None:
        """term := NUMBER | [NUMBER] "d" NUMBER [keep] [compare]"""
        start = self.pos
        m = self.peek()
        if not m:
            raise self.unexpected(self.pos)
        count: int | None = None
        if m.group(1) is not None:
            count = self.number()
            m = self.peek()
        if m and m.group(2):  # a dice term
            self.pos = m.end()
            self.dice_term(sign, 1 if count is None else count, start)
        elif count is not None:
            self.terms.append(Term(sign, constant=count))
        else:
            raise self.unexpected(self.pos)

    def dice_term(self, sign: int, dice: int, start: int) -> None:
        """The rest of a dice term after its "d": sides, then keep or compare."""
        sides = self.number()
        if dice < 1:
            raise DiceError(f"at least one die is needed (at character {start + 1})")
        if sides < 1:
            raise DiceError(f"a die needs at least one side (at character {start + 1})")
        if sides > MAX_SIDES:
            raise DiceError(f"{sides} sides is over the limit of {MAX_SIDES} (at character {start + 1})")
        self.total_dice += dice
        if self.total_dice > MAX_DICE:
            raise DiceError(f"more than {MAX_DICE} dice in one roll (at character {start + 1})")
        keep, keep_n, compare, target = "", 0, "", 0
        m = self.peek()
        if m and m.group(3):
            self.pos = m.end()
            keep = m.group(3).lower()
            keep_n = self.number()
            if not 1 <= keep_n <= dice:
                raise DiceError(f"can keep 1 to {dice} dice, not {keep_n} (at character {m.start(3) + 1})")
            m = self.peek()
        if m and m.group(4):
            self.pos = m.end()
            compare = m.group(4)
            target = self.number()
            if keep:
                raise DiceError(f"keep and count-successes cannot be combined (at character {m.start(4) + 1})")
        self.terms.append(Term(sign, dice, sides, 0, keep, keep_n, compare, target))


# --- exact distributions -----------------------------------------------------------


@dataclass(frozen=True)
class Distribution:
    """Outcome → number of ways, out of ``total`` equally likely ways."""

    counts: dict[int, int]
    total: int

    def probability(self, value: int) -> Fraction:
        return Fraction(self.counts.get(value, 0), self.total)

    def at_least(self, target: int) -> Fraction:
        values, tail = self._tails
        return Fraction(tail[bisect_left(values, target)], self.total)

    @cached_property
    def _tails(self) -> tuple[list[int], list[int]]:
        """The outcomes in order, and the ways to reach at least each (one pass, so that a table
        of every outcome's 'at least' chance costs no more than the distribution)."""
        values = sorted(self.counts)
        tail = [0] * (len(values) + 1)
        for i in range(len(values) - 1, -1, -1):
            tail[i] = tail[i + 1] + self.counts[values[i]]
        return values, tail

    @property
    def mean(self) -> Fraction:
        return Fraction(sum(v * c for v, c in self.counts.items()), self.total)

    @property
    def low(self) -> int:
        return min(self.counts)

    @property
    def high(self) -> int:
        return max(self.counts)

    def items(self) -> list[tuple[int, Fraction]]:
        return [(v, Fraction(self.counts[v], self.total)) for v in sorted(self.counts)]


# A distribution while it is being built: ``(low, ways)``, where ``ways[i]`` is the number of ways
# to make ``low + i``. Lists of integers are much faster than dicts for the long sums.
_Poly = tuple[int, list[int]]

#: below this many coefficient products two polynomials are multiplied term by term;
#: above it they are packed into two big integers and multiplied once (Kronecker substitution)
_DIRECT_PRODUCTS = 4_000


def multiply_polynomials(a: _Poly, b: _Poly) -> _Poly:
    """The product of two polynomials: the distribution of the sum of two independent parts."""
    (low_a, xs), (low_b, ys) = a, b
    if len(xs) < len(ys):
        xs, ys = ys, xs
    if len(xs) * len(ys) <= _DIRECT_PRODUCTS or len(ys) <= 64:
        out = [0] * (len(xs) + len(ys) - 1)
        for j, y in enumerate(ys):
            if y:
                for i, x in enumerate(xs):
                    out[i + j] += x * y
        return low_a + low_b, out
    # every product coefficient is a sum of at most len(ys) products, each below max(xs) * max(ys)
    bits = max(xs).bit_length() + max(ys).bit_length() + len(ys).bit_length()
    width = bits // 8 + 1
    product = _pack(xs, width) * _pack(ys, width)
    raw = product.to_bytes(width * (len(xs) + len(ys)), "little")
    out = [int.from_bytes(raw[i : i + width], "little") for i in range(0, width * (len(xs) + len(ys) - 1), width)]
    return low_a + low_b, out


def _pack(coefficients: list[int], width: int) -> int:
    return int.from_bytes(b"".join(c.to_bytes(width, "little") for c in coefficients), "little")


def _sparse_product(factors: list[dict[int, int]]) -> dict[int, int]:
    out = {0: 1}
    for factor in factors:
        nxt: dict[int, int] = {}
        for ea, ca in out.items():
            for eb, cb in factor.items():
                nxt[ea + eb] = nxt.get(ea + eb, 0) + ca * cb
        out = {e: c for e, c in nxt.items() if c}
    return out


def _sum_of_dice(dice: dict[int, int]) -> list[int]:
    """Ways to roll each total with ``dice`` (sides → how many), lowest total first: the
    coefficients of f = ∏ g_s^n_s, g_s = 1 + x + … + x^(s-1) = (1 - x^s)/(1 - x).

    Its logarithmic derivative, f'/f = N/(1 - x) - ∑ n s x^(s-1)/(1 - x^s) with N = ∑ n, times
    D = (1 - x) ∏ (1 - x^s) gives D f' = R f for small polynomials D and R, so each coefficient
    follows from the few before it (for one size: (m+1) f[m+1] = (m+n) f[m] + (m-s+1-ns) f[m-s+1]
    + (n(s-1)-m+s) f[m-s]). f is symmetric, so only half of it is worked out.
    """
    dice = {s: n for s, n in dice.items() if s > 1}
    if not dice:
        return [1]
    total_dice = sum(dice.values())
    cut = {s: {0: 1, s: -1} for s in dice}  # 1 - x^s
    d = _sparse_product([{0: 1, 1: -1}, *cut.values()])
    r = {e: total_dice * c for e, c in _sparse_product(list(cut.values())).items()}
    for s, n in dice.items():
        others = [cut[t] for t in dice if t != s]
        for e, c in _sparse_product([{s - 1: -n * s, s: n * s}, *others]).items():
            r[e] = r.get(e, 0) + c
    # the coefficient of x^m: sum over k of (r[k] - d[k+1] (m-k)) f[m-k] = (m+1) f[m+1]
    steps = sorted((k, r.get(k, 0), d.get(k + 1, 0)) for k in set(r) | {e - 1 for e in d if e})
    spread = sum(n * (s - 1) for s, n in dice.items())
    half = spread // 2
    f = [0] * (spread + 1)
    f[0] = 1
    for m in range(half):
        value = 0
        for k, rk, dk in steps:
            if k > m:
                break
            value += (rk - dk * (m - k)) * f[m - k]
        f[m + 1] = value // (m + 1)
    for m in range(half + 1, spread + 1):
        f[m] = f[spread - m]
    return f


def _successes(term: Term) -> _Poly:
    hit = sum(1 for face in range(1, term.sides + 1) if term.meets(face))
    miss = term.sides - hit
    n = term.count
    return 0, [comb(n, k) * hit**k * miss ** (n - k) for k in range(n + 1)]


def _keep(term: Term) -> _Poly:
    """Ways for the sum of the kept highest (or lowest) dice, by assigning dice to faces from the best down."""
    n, s, k = term.count, term.sides, term.keep_n
    if s * n * n * k * k * s > MAX_KEEP_WORK:
        raise DiceError(f"{term.text()} is too large to work out exactly")
    faces = range(s, 0, -1) if term.keep == "kh" else range(1, s + 1)
    # state: (dice placed, dice kept so far, kept sum) -> ways
    states: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for face in faces:
        nxt: dict[tuple[int, int, int], int] = {}
        for (placed, kept, total), ways in states.items():
            left = n - placed
            for c in range(left + 1):
                take = min(c, k - kept)
                key = (placed + c, kept + take, total + take * face)
                nxt[key] = nxt.get(key, 0) + ways * comb(left, c)
        states = nxt
    out: dict[int, int] = {}
    for (placed, _kept, total), ways in states.items():
        if placed == n:
            out[total] = out.get(total, 0) + ways
    return _from_counts(out)


def _from_counts(counts: dict[int, int]) -> _Poly:
    low = min(counts)
    ways = [0] * (max(counts) - low + 1)
    for value, c in counts.items():
        ways[value - low] = c
    return low, ways


def _term_poly(term: Term) -> _Poly:
    if term.is_constant:
        poly: _Poly = (term.constant, [1])
    elif term.compare:
        poly = _successes(term)
    elif term.keep:
        poly = _keep(term)
    else:
        poly = (term.count, _sum_of_dice({term.sides: term.count}))
    if term.sign < 0:
        low, ways = poly
        poly = (-(low + len(ways) - 1), ways[::-1])
    return poly


def _term_total(term: Term) -> int:
    return 1 if term.is_constant else term.sides**term.count


def _distribution_of(poly: _Poly, total: int) -> Distribution:
    low, ways = poly
    return Distribution({low + i: c for i, c in enumerate(ways) if c}, total)


def term_distribution(term: Term) -> Distribution:
    return _distribution_of(_term_poly(term), _term_total(term))


def _plain_dice(terms: tuple[Term, ...]) -> _Poly:
    """The sum of every plain dice term and constant, worked out in one step.

    A sum of dice is symmetric, so -3d6 has the shape of 3d6 over -18..-3: the signs only move
    the lowest total. At most four sizes go into one recurrence (its length doubles with each)."""
    low = 0
    sizes: dict[int, int] = {}
    for term in terms:
        if term.is_constant:
            low += term.sign * term.constant
        elif not (term.keep or term.compare):
            low += term.count if term.sign > 0 else -term.count * term.sides
            sizes[term.sides] = sizes.get(term.sides, 0) + term.count
    poly: _Poly = (low, [1])
    groups = list(sizes.items())
    for start in range(0, len(groups), 4):
        poly = multiply_polynomials(poly, (0, _sum_of_dice(dict(groups[start : start + 4]))))
    return poly


MAX_SPREAD = 10_000  # widest range of outcomes worked out exactly (1000d6 is 5001 wide, 1000d10 9001)


def distribution(expr: Expression | str) -> Distribution:
    """The exact distribution; DiceError when the range of outcomes is too wide to tabulate."""
    if isinstance(expr, str):
        expr = parse(expr)
    spread = sum(t.count * (t.sides - 1) for t in expr.terms if not t.compare)
    if spread > MAX_SPREAD:
        raise DiceError(
            f"{expr} has {spread + 1} possible totals; exact odds stop at {MAX_SPREAD + 1} (rolling it still works)"
        )
    poly = _plain_dice(expr.terms)
    total = 1
    for term in expr.terms:
        total *= _term_total(term)
        if term.keep or term.compare:
            poly = multiply_polynomials(poly, _term_poly(term))
    return _distribution_of(poly, total)


# --- rolling -------------------------------------------------------------------------


@dataclass(frozen=True)
class TermRoll:
    term: Term
    faces: tuple[int, ...]
    kept: tuple[bool, ...]
    value: int

    def text(self) -> str:
        if self.term.is_constant:
            return str(self.term.constant)
        shown = [str(f) if k else f"({f})" for f, k in zip(self.faces, self.kept)]
        return f"{self.term.text()}: [{', '.join(shown)}]"


@dataclass(frozen=True)
class Roll:
    expression: Expression
    terms: tuple[TermRoll, ...]
    total: int
    details: str = field(default="")


def roll(expr: Expression | str, rng: random.Random | None = None) -> Roll:
    """Roll ``expr`` with ``rng`` (the system's cryptographic RNG when None)."""
    if isinstance(expr, str):
        expr = parse(expr)
    rng = rng or random.SystemRandom()
    rolled = []
    total = 0
    for term in expr.terms:
        if term.is_constant:
            value, faces, kept = term.constant, tuple[int, ...](), tuple[bool, ...]()
        else:
            faces = tuple(rng.randint(1, term.sides) for _ in range(term.count))
            if term.keep:
                order = sorted(range(len(faces)), key=lambda i: faces[i], reverse=term.keep == "kh")
                chosen = set(order[: term.keep_n])
                kept = tuple(i in chosen for i in range(len(faces)))
                value = sum(f for f, k in zip(faces, kept) if k)
            elif term.compare:
                kept = tuple(term.meets(f) for f in faces)
                value = sum(kept)
            else:
                kept = (True,) * len(faces)
                value = sum(faces)
        value *= term.sign
        total += value
        rolled.append(TermRoll(term, faces, kept, value))
    details = " ".join(("- " if t.term.sign < 0 else "+ ") + t.text() for t in rolled).lstrip("+ ")
    return Roll(expr, tuple(rolled), total, details)


# --- a one-die check: one die plus a modifier against a target ----------------------------


def success_chance(sides: int, modifier: int, target: int, reroll_failure: bool = False) -> Fraction:
    """Chance that one die plus ``modifier`` reaches ``target``; ``reroll_failure`` re-rolls a failure once."""
    hits = sum(1 for face in range(1, sides + 1) if face + modifier >= target)
    p = Fraction(hits, sides)
    return 1 - (1 - p) ** 2 if reroll_failure else p


def roll_check(
    sides: int,
    modifier: int,
    attacks: int,
    rerolls: int = 0,
    *,
    target: int,
    rng: random.Random | None = None,
) -> tuple[int, list[str]]:
    """Roll ``attacks`` checks of one die plus ``modifier`` against ``target``. ``rerolls`` failures
    are rolled again, the first ones first (a re-roll per game is spent once, never once per attack);
    returns the successes and each die as shown ("2→5" for a re-roll)."""
    rng = rng or random.SystemRandom()
    hits, shown = 0, []
    for _ in range(attacks):
        face = rng.randint(1, sides)
        text = str(face)
        if face + modifier < target and rerolls > 0:
            rerolls -= 1
            again = rng.randint(1, sides)
            text, face = f"{face}→{again}", again
        shown.append(text)
        hits += face + modifier >= target
    return hits, shown


def successes(attacks: int, chance: Fraction, rerolls: int = 0) -> list[tuple[int, Fraction]]:
    """Exact distribution of the number of successes among ``attacks`` independent rolls, with
    ``rerolls`` re-rolls each spent on a failure while one remains (one re-roll per game: ``rerolls=1``)."""
    if not 1 <= attacks <= MAX_DICE:
        raise DiceError(f"attacks must be 1 to {MAX_DICE}")
    plain = _binomial(attacks, chance)
    if rerolls <= 0:
        return plain
    out = [Fraction(0)] * (attacks + 1)
    for k, p in plain:
        for extra, q in _binomial(min(rerolls, attacks - k), chance):
            out[k + extra] += p * q
    return list(enumerate(out))


def _binomial(n: int, chance: Fraction) -> list[tuple[int, Fraction]]:
    return [(k, comb(n, k) * chance**k * (1 - chance) ** (n - k)) for k in range(n + 1)]


@dataclass(frozen=True)
class CheckOdds:
    """Odds of a batch of checks, plain and with the game's one re-roll spent on it."""

    chance: Fraction  # of one roll, without a re-roll
    plain: list[tuple[int, Fraction]]
    rerolled: list[tuple[int, Fraction]]

    @staticmethod
    def mean(dist: list[tuple[int, Fraction]]) -> Fraction:
        return sum((k * p for k, p in dist), Fraction(0))

    @staticmethod
    def at_least(dist: list[tuple[int, Fraction]], hits: int) -> Fraction:
        return sum((p for k, p in dist if k >= hits), Fraction(0))


def check_odds(sides: int, modifier: int, attacks: int, target: int) -> CheckOdds:
    """The successes of ``attacks`` rolls of one die plus ``modifier`` against ``target``: plain, and
    with one re-roll spent on this batch (on its first failure)."""
    chance = success_chance(sides, modifier, target)
    return CheckOdds(chance, successes(attacks, chance), successes(attacks, chance, rerolls=1))


def chance_table(check: DieCheck) -> list[tuple[str, list[Fraction]]]:
    """One row per die of ``check`` ("d4", ...), one column per modifier: the chance of success."""
    return [(f"d{s}", [success_chance(s, m, check.target) for m in check.modifiers]) for s in check.dice]


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"
