"""The 2D6 skirmish game: attack odds worked by hand, and brute force (model/systems/skirmish2d6/combat.py)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tests.helpers import enumerate_chance
from tests.model.systems.helpers import make, odds
from warbench.model.matchup import MatchupError, activation

SK = "2d6-skirmish"


def unit(quality="regular", type="infantry", figures=5, weapons=(("rifle", 5),)):
    picks = [{"weapon": w, "count": n} for w, n in weapons]
    return make(SK, quality=quality, type=type, figures=figures, weapons=picks)


def test_2d6_shots_hit_on_six_one_hit_per_casualty_in_the_open():
    r = odds(SK, unit(), ("ranged", 0), unit())
    assert (r.p_hit, r.p_damage, r.shots, r.hits_per_damage) == (F(1, 6), F(1, 6), 5, 1)


def test_2d6_cover_needs_more_hits_and_they_add_up():
    r = odds(SK, unit(weapons=[("grenade", 1)]), ("ranged", 0), unit(), {"soft-cover"})
    assert (r.hits_per_damage, r.p_damage) == (2, 0)
    # 3 shots at 1/6, 2 hits per casualty: P(1 casualty) = P(2 or 3 hits) = 3×(1/6)²(5/6) + (1/6)³
    act = activation([(None, 1, r)])
    assert act.damage == [1 - (3 * F(1, 36) * F(5, 6) + F(1, 216)), 3 * F(1, 36) * F(5, 6) + F(1, 216)]
    assert any("carry over" in n for n in r.left_to_table)  # the spare hit passing on is named


def test_2d6_vehicles_only_harmed_by_grenades_and_destroyers():
    tank = unit(type="heavy-vehicles", weapons=())
    # rifles may shoot a heavy vehicle and hit, but cannot harm it: p_hit as rolled, no damage, the rule named
    # (shooting and close assault); its hits carry nothing over
    r = odds(SK, unit(), ("ranged", 0), tank)
    assert (r.p_hit, r.p_damage, r.forbidden_by) == (F(1, 6), 0, "")
    assert r.harmless_by.startswith("Shooting: only Grenades") and r.hits_per_damage == 1
    r = odds(SK, unit(), ("close-assault", 0), tank)
    assert (r.p_hit, r.p_damage, r.mean_damage) == (F(3, 6), 0, 0) and r.harmless_by.startswith("Close assault: only")
    r = odds(SK, unit(weapons=[("destroyer", 1)]), ("ranged", 0), unit(type="light-vehicles", weapons=()))
    # light vehicle in the open: 1 hit per casualty, then the damage roll kills on 4-6
    assert r.p_damage == F(1, 6) * F(3, 6)


def test_2d6_heavy_vehicle_needs_two_hits_then_the_damage_roll():
    r = odds(SK, unit(weapons=[("vehicle-destroyer", 1)]), ("ranged", 0), unit(type="heavy-vehicles", weapons=()))
    act = activation([(None, 1, r)])
    one_casualty = 3 * F(1, 36) * F(5, 6) + F(1, 216)
    assert act.damage[1] == one_casualty * F(1, 2)


def test_2d6_close_assault_attacks_and_to_kill():
    # rifle: 1 attack, 4+; elite 3+ = 4/6; basic 5+ = 2/6
    assert odds(SK, unit("elite"), ("close-assault", 0), unit()).p_damage == F(4, 6)
    assert odds(SK, unit("basic"), ("close-assault", 0), unit()).p_damage == F(2, 6)
    # hard cover makes it 1 worse; a natural 6 always kills: basic destroyer 5+ +1 +1 → 6
    hard = odds(SK, unit("basic", weapons=[("destroyer", 1)]), ("close-assault", 0), unit(), {"hard-cover"})
    assert hard.p_damage == F(1, 6)


def test_2d6_close_assault_d3_attacks_distribution():
    # a pistol: D3 attacks at 4+ (1/2): P(0 kills) = (1/2 + 1/4 + 1/8) / 3 = 7/24
    r = odds(SK, unit(weapons=[("pistol", 1)]), ("close-assault", 0), unit())
    assert r.outcomes[0] == (F(1, 2) + F(1, 4) + F(1, 8)) / 3
    assert r.mean_damage == F(2) * F(1, 2)  # mean of D3 × 1/2


def test_2d6_melee_roll_off():
    # beasts regular +1 against infantry regular +0: wins 21, loses 10 (ties re-rolled)
    r = odds(SK, unit(type="beasts"), "melee", unit())
    wins = sum(1 for a in range(1, 7) for b in range(1, 7) if a + 1 > b)
    losses = sum(1 for a in range(1, 7) for b in range(1, 7) if a + 1 < b)
    assert (wins, losses) == (21, 10)
    assert r.p_damage == F(21, 31)


def test_2d6_even_melee_is_a_half():
    assert odds(SK, unit(), "melee", unit()).p_damage == F(1, 2)


def test_2d6_bad_requests():
    with pytest.raises(MatchupError, match="out of range"):
        odds(SK, unit(weapons=[("pistol", 1)]), ("ranged", 0), unit(), distance=7)
    with pytest.raises(MatchupError, match="does not change a melee"):
        odds(SK, unit(), "melee", unit(), {"hard-cover"})
    with pytest.raises(MatchupError, match="has no ranged attack"):
        odds(SK, unit(weapons=()), "ranged", unit())


def test_2d6_enumerator_agrees_on_pooled_hits():
    # 4 rifle shots into hard cover (3 hits per casualty): casualties = hits // 3
    r = odds(SK, unit(weapons=[("rifle", 4)]), ("ranged", 0), unit(), {"hard-cover"})
    act = activation([(None, 1, r)])
    for k in range(len(act.damage)):
        assert act.damage[k] == enumerate_chance([6] * 4, lambda f, k=k: sum(x == 6 for x in f) // 3 == k)
