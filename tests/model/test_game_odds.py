"""A game's attack gives exactly the matchup's odds, and its dice agree with them: over 2,000 seeded attacks
of each distinct step chain of every system, the hit and damage frequencies pass a binomial z-test at a
tight alpha (|z| < 4.4, about 1 in 100,000), which a step off by one fails."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from functools import cache

import pytest

from tests.helpers import played
from tests.model.test_attack_steps import EXAMPLES, every_result
from warbench.model.attack_steps import HIT, SAVE, roll_attack
from warbench.model.fileio import load_army
from warbench.model.game import new_game
from warbench.model.matchup import matchup_json
from warbench.model.systems import system_for, system_ids

N = 2000
Z = 4.4


def refs(army):
    """(unit name, element name) → the first REF of that element."""
    out = {}
    for u, unit in enumerate(army.units, 1):
        for e, element in enumerate(unit.elements, 1):
            out.setdefault((unit.name, element.name), f"{u}/{e}")
    return out


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name.removesuffix(".army.json"))
def test_the_odds_of_every_pair_of_the_examples_are_the_matchups(path):
    army = load_army(path)
    system = system_for(army)
    game = new_game(army)
    where = refs(army)
    pairs = matchup_json(system, army, army)["pairs"]
    assert pairs
    for pair in pairs:
        a = where[(pair["attacker"]["unit"], pair["attacker"]["element"])]
        t = where[(pair["target"]["unit"], pair["target"]["element"])]
        out = played(game, f"a:{a}", f"b:{t}", pair["attack"], weapon=pair["weapon"], seed=1)
        if pair.get("forbidden_by"):
            assert out["refused"] == pair["forbidden_by"] and out["rolls"] == [] and out["p_hit"] == "0"
            continue
        assert (out["p_hit"], out["p_damage"], out["shots"]) == (pair["p_hit"], pair["p_damage"], pair["shots"]), pair


def z_score(successes: int, trials: int, p) -> float:
    p = float(p)
    if p in (0.0, 1.0):
        return 0.0 if successes == trials * p else math.inf
    return (successes - trials * p) / math.sqrt(trials * p * (1 - p))


def agreement(result, steps, seed: int = 2026) -> tuple[float, float]:
    """(z of the hit frequency, z of the damage frequency) over at least N dice of the hit step."""
    rng = random.Random(seed)
    trials = []
    while len(trials) < N:
        trials += roll_attack(steps, result.shots, rng, result.hits_per_damage).trials
    hits = sum(hit for hit, _d in trials)
    damaged = sum(1 for _h, d in trials if d > 0)
    z_damage = z_score(damaged, len(trials), result.p_damage) if result.hits_per_damage == 1 else 0.0
    return z_score(hits, len(trials), result.p_hit), z_damage


@cache
def chains(system_id: str):
    """One attack result of each distinct step chain the examples of ``system_id`` give, with and without
    each situation."""
    found = {}
    for path in EXAMPLES:
        if load_army(path).system != system_id:
            continue
        for *_pair, result in every_result(path):
            if result.steps:
                found.setdefault((tuple(result.steps), result.shots, result.hits_per_damage), result)
    return list(found.values())


SYSTEMS = system_ids()


def shape(result) -> tuple:
    """What kinds of roll a chain makes (roles, re-rolls, roll-offs, several dice, rolled dice counts)."""
    steps = tuple((s.role, s.reroll, s.opposed is not None, s.dice > 1, bool(s.dice_count)) for s in result.steps)
    return (steps, result.hits_per_damage > 1, result.shots > 1)


def varied(results, most: int = 16):
    """One chain of each shape first, then others, up to ``most``."""
    firsts = list({shape(r): r for r in reversed(results)}.values())
    return (firsts + [r for r in results if r not in firsts])[:most]


def follows(roll) -> bool:
    """A roll's ``success`` follows from its ``total`` and ``need`` ("4+", "3 or less")."""
    need = roll["need"]
    if need.endswith(" or less"):
        return roll["success"] is (roll["total"] <= int(need.split()[0]))
    return roll["success"] is (roll["total"] >= int(need.rstrip("+")))


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_every_roll_of_every_chain_states_its_need(system_id):
    for result in chains(system_id):
        rolls = roll_attack(result.steps, result.shots, random.Random(3), result.hits_per_damage).rolls
        assert rolls and all(follows(roll) for roll in rolls), rolls


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_seeded_rolls_agree_with_p_hit_and_p_damage(system_id):
    results = varied(chains(system_id))
    assert results
    for result in results:
        z_hit, z_damage = agreement(result, result.steps)
        assert abs(z_hit) < Z and abs(z_damage) < Z, (result.steps, z_hit, z_damage)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_step_off_by_one_fails_the_test(system_id):
    """The test can fail: the hit step one easier (a need one lower, or a roll-off one better), or a save one
    harder, is caught."""
    caught_hit = caught_damage = False
    for result in chains(system_id):
        first = result.steps[0]
        if 0 < first.p < 1:
            wrong = (
                replace(first, modifier=first.modifier + 1)
                if first.opposed is not None
                else replace(first, need=first.need + (1 if first.at_most else -1))
            )
            if wrong.p != first.p:
                z_hit, _z = agreement(result, [wrong, *result.steps[1:]])
                caught_hit = caught_hit or abs(z_hit) >= Z
        saves = [i for i, step in enumerate(result.steps) if step.role == SAVE and 0 < step.p < 1]
        if saves and result.hits_per_damage == 1:
            i = saves[0]
            step = result.steps[i]
            wrong_save = replace(step, need=step.need + (1 if step.at_most else -1))
            if wrong_save.p != step.p:
                _z, z_damage = agreement(result, [*result.steps[:i], wrong_save, *result.steps[i + 1 :]])
                caught_damage = caught_damage or abs(z_damage) >= Z
        if caught_hit and (caught_damage or system_id == "2d6-skirmish"):
            break
    assert caught_hit
    assert caught_damage or system_id == "2d6-skirmish"  # its attacks have no save to get wrong


def test_the_game_rolls_what_the_checked_roller_rolls():
    army = load_army(EXAMPLES[0])
    game = new_game(army)
    out = played(game, "a:1/1", "b:1/1", "melee", seed=99)
    system = game.systems[0]
    result = system.combat.attack(army.units[0].elements[0], "melee", army.units[0].elements[0])
    assert out["rolls"] == roll_attack(result.steps, result.shots, random.Random(99)).rolls
    assert result.steps[0].role == HIT
