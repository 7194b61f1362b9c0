"""A table roll's exact odds and its dice (model/table_roll.py), checked against every face by hand."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction as F
from itertools import product

import pytest

from warbench.model.table_roll import FAILED, PASSED, TableRoll


def skirmish_activation(need: int, casualties: int) -> TableRoll:
    mods = (("casualties", -casualties),) if casualties else ()
    return TableRoll(
        "activation", "2D6", 2, 6, need, mods, natural=((2, "snake eyes"),), floor=0, floor_outcome="broken"
    )


def test_2d6_activation_odds_are_every_face_counted():
    # Regular (5+), no casualties: sums 5..12 pass (30 of 36), 3 and 4 fail (5), snake eyes 1, never broken
    assert skirmish_activation(5, 0).odds() == {
        PASSED: F(30, 36),
        FAILED: F(5, 36),
        "snake eyes": F(1, 36),
        "broken": 0,
    }
    # three casualties: a sum of 3 or less is 0 or less, broken (snake eyes too: broken is read first);
    # 8 or more passes (15), 4 to 7 fail (3 + 4 + 5 + 6 = 18)
    odds = skirmish_activation(5, 3).odds()
    assert odds == {PASSED: F(15, 36), FAILED: F(18, 36), "snake eyes": 0, "broken": F(3, 36)}
    assert sum(odds.values()) == 1


def test_natural_faces_win_over_the_modifiers():
    # FUBAR: an unmodified 6 succeeds and a 1 fails, whatever the modifiers: Seasoned 4+ with 3 suppressed
    roll = TableRoll("activation", "FUBAR", 1, 6, 4, (("suppressed", -3),), natural=((6, PASSED), (1, FAILED)))
    assert roll.odds() == {PASSED: F(1, 6), FAILED: F(5, 6)}
    elite = TableRoll("activation", "FUBAR", 1, 6, 2, (("crew", 5),), natural=((6, PASSED), (1, FAILED)))
    assert elite.odds() == {PASSED: F(5, 6), FAILED: F(1, 6)}


@pytest.mark.parametrize("sides", [4, 6, 8, 10, 12, 20])
def test_a_morale_roll_on_a_base_die(sides):
    roll = TableRoll("morale", "Morale", 1, sides, 4, (("lost", -2), ("Brave", 1)))
    assert roll.odds()[PASSED] == F(sum(1 for f in range(1, sides + 1) if f - 1 >= 4), sides)


def test_the_dice_follow_the_odds_and_log_as_attacks_do():
    roll = skirmish_activation(6, 1)
    rng = random.Random(4)
    seen = Counter()
    for _ in range(36 * 200):
        faces, outcome, logged = roll.roll(rng)
        assert outcome == roll.outcome(faces) and logged["outcome"] == outcome
        assert logged["total"] == sum(faces) - 1 and logged["need"] == "6+" and logged["dice"] == "2d6"
        assert logged["success"] == (outcome == PASSED)
        seen[outcome] += 1
    for outcome, p in roll.odds().items():
        assert abs(seen[outcome] / (36 * 200) - float(p)) < 0.02
    # and the odds are the faces' own count
    expected = Counter(roll.outcome(f) for f in product(range(1, 7), repeat=2))
    assert {k: F(v, 36) for k, v in expected.items()} == {k: p for k, p in roll.odds().items() if p}


def test_a_roll_of_too_many_dice_is_refused():
    with pytest.raises(ValueError, match="1 to 3 dice"):
        TableRoll("morale", "x", 40, 6)
