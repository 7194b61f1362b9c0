"""Dice expressions: parsing, exact distributions, rolls, the one-die check."""

from __future__ import annotations

import math
import random
import time
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warbench.cli import main
from warbench.model import dice as dice_mod
from warbench.model.dice import (
    DiceError,
    chance_table,
    check_odds,
    distribution,
    parse,
    roll,
    roll_check,
    success_chance,
    successes,
)
from warbench.model.die_check import DieCheck


@pytest.mark.parametrize(
    "expr,value",
    [
        ("2d6", Fraction(21, 36)),  # P(2d6 >= 7)
    ],
)
def test_known_at_least_7(expr, value):
    assert distribution(expr).at_least(7) == value


def test_one_die_check_chances():
    assert success_chance(8, +1, 4) == Fraction(6, 8)
    assert success_chance(6, 0, 4, reroll_failure=True) == Fraction(3, 4)
    assert success_chance(6, 0, 4) == Fraction(1, 2)
    assert success_chance(4, -2, 4) == 0 and success_chance(20, 2, 4) == Fraction(19, 20)
    rows = dict(chance_table(DieCheck("d6 or d8, 4+", (6, 8), (-2, -1, 0, 1, 2), 4)))
    assert rows["d6"] == [Fraction(1, 6), Fraction(2, 6), Fraction(3, 6), Fraction(4, 6), Fraction(5, 6)]
    assert list(rows) == ["d6", "d8"]


def brute(expr: str) -> dict[int, Fraction]:
    """Enumerate every outcome (small expressions only) to check the convolution."""
    parsed = parse(expr)
    dice = [(t, s) for t in parsed.terms for s in ([t.sides] * t.count if not t.is_constant else [])]
    counts: dict[int, int] = {}
    faces = [range(1, s + 1) for _, s in dice]
    for outcome in product(*faces):
        total, i = 0, 0
        for term in parsed.terms:
            if term.is_constant:
                total += term.sign * term.constant
                continue
            rolled = list(outcome[i : i + term.count])
            i += term.count
            if term.keep:
                rolled = sorted(rolled, reverse=term.keep == "kh")[: term.keep_n]
                value = sum(rolled)
            elif term.compare:
                value = sum(term.meets(f) for f in rolled)
            else:
                value = sum(rolled)
            total += term.sign * value
        counts[total] = counts.get(total, 0) + 1
    n = sum(counts.values())
    return {v: Fraction(c, n) for v, c in counts.items()}


@pytest.mark.parametrize(
    "expr",
    [
        "3d6+2",
        "2d8-1",
        "d20",
        "4d6kh3",
        "2d20kl1",
        "5d6>=4",
        "3d4<2",
        "2d6-1d4",
        "6d3=2",
        "3d6kl2+1",
        # several sizes and signs in one recurrence, and more than four sizes (two recurrences multiplied)
        "d4+d6+d8-d10",
        "d2+d3+d4+d5+d6-3",
        "2d6+d1-d4-2d3",
        "-2d6+1",
        "3d1+2",
        "2d6+d6>=5-d4",
        "1d2+1d3-1d5+2d6kh1",
    ],
)
def test_distribution_matches_enumeration(expr):
    assert dict(distribution(expr).items()) == brute(expr)


def naive(dice: list[int]) -> dict[int, int]:
    """Ways to make each total with the given dice, one die at a time (slow, obviously right)."""
    counts = {0: 1}
    for sides in dice:
        nxt: dict[int, int] = {}
        for value, ways in counts.items():
            for face in range(1, sides + 1):
                nxt[value + face] = nxt.get(value + face, 0) + ways
        counts = nxt
    return counts


@pytest.mark.parametrize(
    "expr,dice",
    [
        ("60d6", [6] * 60),
        ("13d20", [20] * 13),
        ("30d3+25d4+7d7", [3] * 30 + [4] * 25 + [7] * 7),
        ("40d2+d4+d6+d8+d10+d12+d20", [2] * 40 + [4, 6, 8, 10, 12, 20]),
    ],
)
def test_large_sums_match_die_by_die_convolution(expr, dice):
    dist = distribution(expr)
    assert dist.counts == naive(dice) and dist.total == math.prod(dice)


def test_big_integer_product_matches_term_by_term_product():
    """The packed big-integer multiplication (Kronecker substitution) against the schoolbook one."""
    a, b = (3, [5, 0, 7, 2**200 + 1] * 40), (-7, [1, 2**90, 3] * 50)
    packed = dice_mod.multiply_polynomials(a, b)
    assert len(a[1]) * len(b[1]) > dice_mod._DIRECT_PRODUCTS and len(b[1]) > 64  # the packed path
    schoolbook = [0] * (len(a[1]) + len(b[1]) - 1)
    for i, x in enumerate(a[1]):
        for j, y in enumerate(b[1]):
            schoolbook[i + j] += x * y
    assert packed == (-4, schoolbook)


def test_thousand_dice_are_exact_and_symmetric():
    dist = distribution("1000d6")
    assert (dist.low, dist.high) == (1000, 6000) and dist.total == 6**1000
    assert sum(dist.counts.values()) == 6**1000 and dist.mean == 3500
    assert all(dist.counts[v] == dist.counts[7000 - v] for v in range(1000, 6001))
    # one die shows 2; one die shows 3 or two dice show 2
    assert dist.counts[1001] == 1000 and dist.counts[1002] == 1000 + math.comb(1000, 2)
    assert dist.at_least(1000) == 1 and dist.at_least(6000) == Fraction(1, 6**1000) and dist.at_least(6001) == 0


def test_at_least_matches_summing_the_counts():
    dist = distribution("3d6-1d4+2d8kh1")
    for target in range(dist.low - 2, dist.high + 3):
        expected = Fraction(sum(c for v, c in dist.counts.items() if v >= target), dist.total)
        assert dist.at_least(target) == expected


def test_mean_and_bounds():
    d = distribution("10d20+5")
    assert d.mean == Fraction(10 * 21, 2) + 5 and (d.low, d.high) == (15, 205)
    assert sum(p for _, p in d.items()) == 1
    big = distribution("100d6")
    assert big.mean == 350 and big.total == 6**100


def test_limits_refuse_what_is_too_wide_and_name_it():
    assert len(distribution("1000d10").counts) == 9001  # the widest that the limits let through
    with pytest.raises(DiceError, match="19001 possible totals; exact odds stop at 10001"):
        distribution("1000d20")


@pytest.mark.parametrize(
    "text,message",
    [
        ("3d6+x", "unexpected 'x' at character 5"),
        ("2d8*2", "unexpected '*' at character 4"),
        ("3d", "unexpected end of expression at character 3"),
        ("", "unexpected end of expression at character 1"),
        ("1001d6", "more than 1000 dice in one roll (at character 1)"),
        ("99999d6", "more than 1000 dice in one roll (at character 1)"),
        ("600d6+600d6", "more than 1000 dice in one roll (at character 7)"),
        ("d1001", "1001 sides is over the limit of 1000 (at character 1)"),
        ("4d6kh5", "can keep 1 to 4 dice, not 5 (at character 4)"),
        ("0d6", "at least one die is needed (at character 1)"),
        ("d0", "a die needs at least one side (at character 1)"),
        ("1" * 201, "the limit is 200"),
        ("99999999999d6", "is too large"),
        ("4d6kh2>=3", "cannot be combined"),
    ],
)
def test_errors_name_the_column(text, message):
    with pytest.raises(DiceError, match=None) as info:
        parse(text)
    assert message in str(info.value)


def test_absurd_input_is_refused_quickly():
    start = time.perf_counter()
    for text in ("1000d1000kh500", "9" * 200, "d" * 199, "1000d1000", "1000d20", "500d6+500d1000"):
        with pytest.raises(DiceError):
            distribution(text)
    assert time.perf_counter() - start < 2  # a guard against hanging, not a benchmark


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="0123456789dkhl+-<>= x", max_size=30))
def test_parser_never_crashes(text):
    try:
        parse(text)
    except DiceError:
        pass


def test_roll_with_seeded_rng_is_repeatable_and_detailed():
    a = roll("4d6kh3+2", random.Random(7))
    b = roll("4d6kh3+2", random.Random(7))
    assert a.total == b.total and a.details == b.details
    term = a.terms[0]
    assert len(term.faces) == 4 and sum(term.kept) == 3
    assert a.total == sum(f for f, k in zip(term.faces, term.kept) if k) + 2
    assert "(" in a.details  # the dropped die is shown in brackets


def test_count_successes_roll():
    r = roll("10d6>=4", random.Random(1))
    assert r.total == sum(1 for f in r.terms[0].faces if f >= 4)


def test_seeded_2d6_matches_exact_distribution_chi_square():
    rng = random.Random(20261123)
    n = 100_000
    observed: dict[int, int] = {}
    expr = parse("2d6")
    for _ in range(n):
        value = roll(expr, rng).total
        observed[value] = observed.get(value, 0) + 1
    exact = distribution(expr)
    chi2 = sum((observed.get(v, 0) - n * float(p)) ** 2 / (n * float(p)) for v, p in exact.items())
    assert chi2 < 23.21  # 10 degrees of freedom, p = 0.01


def test_successes_distribution():
    dist = successes(3, Fraction(1, 2))
    assert dist == [(0, Fraction(1, 8)), (1, Fraction(3, 8)), (2, Fraction(3, 8)), (3, Fraction(1, 8))]


def test_cli_roll(capsys):
    assert main(["roll", "2d6", "--odds", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("2d6: ") and "mean 7.000" in out
    assert "     7     16.7%     58.3%" in out
    assert main(["roll", "3d6+x"]) == 2
    assert "unexpected 'x' at character 5" in capsys.readouterr().err


def test_roll_check_counts_successes_and_spends_one_reroll():
    hits, shown = roll_check(6, 0, 200, rerolls=1, target=4, rng=random.Random(9))
    assert len(shown) == 200 and hits == sum(int(s.split("→")[-1]) >= 4 for s in shown)
    rerolled = [i for i, s in enumerate(shown) if "→" in s]
    assert len(rerolled) == 1  # one re-roll per game, not one per failed attack
    first_failure = next(i for i, s in enumerate(shown) if int(s.split("→")[0]) < 4)
    assert rerolled == [first_failure]
    plain_hits, plain = roll_check(8, 1, 50, target=4, rng=random.Random(9))
    assert "→" not in "".join(plain) and plain_hits == sum(int(s) + 1 >= 4 for s in plain)


def test_one_reroll_over_a_batch_of_attacks():
    half = Fraction(1, 2)
    # two attacks at 1/2, one re-roll: 0 hits only if both fail and the re-roll fails
    assert successes(2, half, rerolls=1) == [(0, Fraction(1, 8)), (1, Fraction(3, 8)), (2, Fraction(1, 2))]
    assert successes(1, half, rerolls=1) == [(0, Fraction(1, 4)), (1, Fraction(3, 4))]
    odds = check_odds(6, 0, 3, 4)
    assert odds.chance == half and odds.plain == successes(3, half)
    assert sum(p for _, p in odds.rerolled) == 1
    # one re-roll adds P(at least one failure) * p to the mean: 3/2 + (7/8)(1/2)
    assert odds.mean(odds.plain) == Fraction(3, 2) and odds.mean(odds.rerolled) == Fraction(3, 2) + Fraction(7, 16)
    assert odds.at_least(odds.rerolled, 1) == 1 - Fraction(1, 16)
    # never the per-attack re-roll: that would give 3/4 per attack, a mean of 9/4
    assert odds.mean(odds.rerolled) < 3 * success_chance(6, 0, 4, reroll_failure=True)


def test_die_check_keeps_its_old_name_for_systems_written_against_it():
    """Rule systems outside this tree were told to import ``model.dice.DieCheck``: that name still works."""
    from warbench.model import dice, die_check

    assert dice.DieCheck is die_check.DieCheck
