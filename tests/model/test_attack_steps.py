"""The steps each system declares for an attack stand for exactly the matchup's odds, and roll as declared."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from warbench.model.attack_steps import DAMAGE, HIT, LOSS, SAVE, TABLE, Step, chain_odds, roll_attack
from warbench.model.fileio import load_army
from warbench.model.matchup import Memo, _elements
from warbench.model.systems import system_for

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "resources" / "examples").glob("*.army.json"))


def every_result(path):
    """(attacker, kind, target, situation, result) for every pair of an example army against itself, with no
    situation and with each of its system's situations."""
    army = load_army(path)
    system = system_for(army)
    for situation in [(), *((s.name,) for s in system.combat.situations)]:
        memo = Memo(system, situation)
        for _unit, attacker in _elements(army):
            for kind in memo.attack_kinds(attacker):
                for _t, target in _elements(army):
                    result = memo.attack(attacker, kind, target)
                    if result is not None:
                        yield attacker, kind, target, situation, result


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name.removesuffix(".army.json"))
def test_every_pair_of_the_examples_declares_steps_with_the_matchup_odds(path):
    checked = 0
    for attacker, kind, target, situation, result in every_result(path):
        if result.forbidden_by:
            assert result.steps == [] and result.p_hit == 0
            continue
        assert result.steps and result.steps[0].role == HIT
        odds = chain_odds(result.steps, result.hits_per_damage)
        assert odds == (result.p_hit, result.p_damage), (attacker.name, kind, target.name, situation)
        checked += 1
    assert checked > 0


def test_chain_odds_reads_each_role():
    hit = Step("hit", HIT, 8, 4, modifier=1)  # d8+1 ≥ 4: 6/8
    assert hit.p == Fraction(6, 8)
    assert chain_odds([hit, Step("save", SAVE, 6, 4)]) == (Fraction(3, 4), Fraction(3, 8))
    losses = [hit, Step("a", LOSS, 6, 4), Step("b", LOSS, 6, 5)]  # damage unless both kept: 1 - 1/2·1/3
    assert chain_odds(losses) == (Fraction(3, 4), Fraction(3, 4) * Fraction(5, 6))
    assert chain_odds([hit, Step("power", DAMAGE, 6, 5, dice=2)])[1] == Fraction(3, 4) * (1 - Fraction(4, 9))
    table = Step("t", TABLE, 6, effects=((1, 3, "none"), (4, 6, "kill")), damage_on=("kill",))
    assert chain_odds([hit, table])[1] == Fraction(3, 8)
    assert chain_odds([hit], hits_per_damage=2) == (Fraction(3, 4), Fraction(0))
    assert Step("evade", SAVE, 6, 2, at_most=True, reroll="success").p == Fraction(1, 9)
    assert Step("hit", HIT, 6, 4, reroll="failure").p == Fraction(3, 4)
    assert Step("roll-off", HIT, 6, modifier=1, opposed=0).p == Fraction(21, 31)  # 21 wins, 5 ties, 10 losses


def test_rolls_follow_their_totals_and_the_seed():
    steps = [Step("hit", HIT, 6, 4, reroll="failure"), Step("save", SAVE, 6, 3, at_most=True)]
    first = roll_attack(steps, 3, random.Random(7))
    assert first.rolls == roll_attack(steps, 3, random.Random(7)).rolls
    for roll in first.rolls:
        total, need = roll["total"], roll["need"]
        wanted = total <= int(need.split()[0]) if "or less" in need else total >= int(need.rstrip("+"))
        assert roll["success"] is wanted
    assert first.hits == sum(hit for hit, _d in first.trials)
    assert first.damage == sum(d for _h, d in first.trials)


def test_pooled_hits_make_damage_only_in_whole_groups():
    rolled = roll_attack([Step("hit", HIT, 6, 1)], 5, random.Random(1), hits_per_damage=2)  # every die hits
    assert rolled.hits == 5 and rolled.damage == 2


def test_pooled_hits_add_to_those_carried_only_when_the_attack_hits():
    every = [Step("hit", HIT, 6, 1)]
    rolled = roll_attack(every, 3, random.Random(1), hits_per_damage=2, carried=1)
    assert (rolled.damage, rolled.left_over) == (2, 0)
    never = [Step("hit", HIT, 6, 7)]
    rolled = roll_attack(never, 3, random.Random(1), hits_per_damage=2, carried=1)
    assert (rolled.damage, rolled.left_over) == (0, 1)
