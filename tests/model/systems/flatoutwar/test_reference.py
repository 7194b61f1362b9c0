"""Flat Out War's one-die check (4+, Lucky) as its module declares it for the dice panel."""

from __future__ import annotations

from fractions import Fraction

import pytest

from warbench.model.dice import chance_table, success_chance
from warbench.model.systems import get_system

FOW = ["fow-special-ops", "fow-universal-1.7"]


@pytest.mark.parametrize("system_id", FOW)
def test_known_fow_chances(system_id):
    check = get_system(system_id).reference.dice_check
    assert check is not None and check.target == 4 and check.reroll == "Lucky" and check.default_die == 6
    assert success_chance(8, +1, check.target) == Fraction(6, 8)
    assert success_chance(6, 0, check.target, reroll_failure=True) == Fraction(3, 4)
    assert success_chance(4, -2, check.target) == 0 and success_chance(20, 2, check.target) == Fraction(19, 20)
    rows = dict(chance_table(check))
    assert rows["d6"] == [Fraction(1, 6), Fraction(2, 6), Fraction(3, 6), Fraction(4, 6), Fraction(5, 6)]
    assert list(rows) == ["d4", "d6", "d8", "d10", "d12", "d20"]
