"""A whole element's attack (issue 38): every figure in one roll, applied and undone as one step; its exact
distribution is the convolution of one figure's odds (and equals the matchup's activation), and 2,000 seeded
attacks agree with it (a chi-square test at a fixed seed)."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

from tests.warbench.test_game_cli import GAMES
from warbench.model.fileio import load_army
from warbench.model.game import Game, Ref, new_game
from warbench.model.game_attack import AttackOrder, capped, whole_distribution
from warbench.model.game_file import GameFileError
from warbench.model.matchup import activation
from warbench.model.odds import convolve
from warbench.model.resources import examples_dir


def game_of(name: str) -> Game:
    return new_game(load_army(examples_dir() / f"{name}.army.json"))


def _refs(game: Game, side: int) -> list[Ref]:
    units = game.armies[side].units
    return [Ref(side, u, e) for u, unit in enumerate(units) for e in range(len(unit.elements))]


def whole_attack(game: Game, most_figures: bool = True) -> AttackOrder:
    """A whole-element attack of side a on side b that can do damage, of the attacker with the most figures
    (ranged before melee where both can)."""
    system = game.systems[0]
    found = []
    for attacker in _refs(game, 0):
        element = system.play.play_element(game.element(attacker), game.state(attacker))
        for kind, _i in system.combat.attack_kinds(element):
            for target in _refs(game, 1):
                order = AttackOrder(attacker, target, kind, whole=True)
                try:
                    odds = game.attack(order, dice=False)
                except GameFileError:
                    continue
                if not odds.refused and odds.p_damage and len(odds.distribution) > 1:
                    found.append((odds.figures, kind != "melee", -len(found), order))
    assert found, "no whole-element attack can do damage"
    return max(found)[3] if most_figures else found[0][3]


def single_figure(game: Game, order: AttackOrder) -> list[Fraction]:
    """One figure's distribution as the game gives it (the same attack, ``whole`` off)."""
    one = game.attack(AttackOrder(order.attacker, order.target, order.kind, order.weapon), dice=False)
    return list(one.distribution)


@pytest.mark.parametrize("system", sorted(GAMES))
def test_the_distribution_is_the_convolution_of_one_figures_odds(system):
    game = game_of(GAMES[system])
    order = whole_attack(game)
    odds = game.attack(order, dice=False)
    assert sum(odds.distribution) == 1 and all(p >= 0 for p in odds.distribution)
    result = _result(game, order)
    convolved = [Fraction(1)]
    if result.hits_per_damage == 1:  # one figure's odds, convolved once per figure
        one = single_figure(game, order)
        for _ in range(odds.figures):
            convolved = convolve(convolved, one)
    else:  # hits that pool into damage add up over the whole attack: the matchup's activation gives it
        convolved = activation([(None, odds.figures, result)]).damage
    while len(convolved) > 1 and not convolved[-1]:
        convolved.pop()
    assert odds.distribution == capped(convolved, len(odds.distribution) - 1)  # (a cap: what the target has left)
    # and the matchup's activation of that many figures says the same (an independent calculation)
    assert odds.distribution == capped(activation([(None, odds.figures, result)]).damage, len(odds.distribution) - 1)


def _result(game: Game, order: AttackOrder):
    system = game.systems[order.attacker.side]
    attacker = system.play.play_element(game.element(order.attacker), game.state(order.attacker))
    target = system.play.play_element(game.element(order.target), game.state(order.target))
    return system.combat.attack(attacker, order.kind, target)


def test_an_eight_trooper_element_attacks_with_its_eight_figures():
    """User trial: an 8-trooper Flat Out War element needed 8 Roll + Apply pairs."""
    game = game_of("human-force")
    order = AttackOrder(game.ref("a:2/1"), game.ref("b:1/1"), "ranged", whole=True)
    outcome = game.attack(order, seed=3)
    assert outcome.figures == 8 == game.state(order.attacker)["figures"]
    assert len(outcome.figure_rolls) == 8 and all(rolls[0]["step"] == "hit" for rolls in outcome.figure_rolls)
    assert [roll["figure"] for roll in outcome.rolls] == [n for n, r in enumerate(outcome.figure_rolls, 1) for _ in r]
    assert outcome.hits == sum(1 for r in outcome.rolls if r["step"] == "hit" and r["success"])
    p = outcome.p_damage  # each of the 8 figures does damage with the matchup's chance: a binomial
    assert outcome.distribution == tuple(math.comb(8, k) * p**k * (1 - p) ** (8 - k) for k in range(9))
    before = [list(map(list, side.state)) for side in game.file.sides]
    game.apply(outcome)
    assert len(game.file.log) == 1 and game.file.log[0].rolls == outcome.rolls  # one step, the dice shown
    assert game.state(order.target)["figures"] == game.element(order.target).count - outcome.damage
    game.undo()  # undone in one step
    assert [side.state for side in game.file.sides] == before


def test_a_figure_fewer_attacks_with_one_figure_fewer():
    game = game_of("human-force")
    game.set_state("a:2/1", "figures", 5)
    order = AttackOrder(game.ref("a:2/1"), game.ref("b:1/1"), "ranged", whole=True)
    assert game.attack(order, dice=False).figures == 5


def test_a_total_beyond_what_the_target_has_left_counts_as_all_it_has():
    game = game_of("human-force")
    game.set_state("b:1/1", "figures", 2)
    order = AttackOrder(game.ref("a:2/1"), game.ref("b:1/1"), "ranged", whole=True)
    odds = game.attack(order, dice=False)
    whole = whole_distribution(_result(game, order), 8)
    assert odds.distribution == (whole[0], whole[1], sum(whole[2:], Fraction(0)))


def test_the_log_keeps_the_figures_and_a_roll_applies_once():
    game = game_of("human-force")
    order = AttackOrder(game.ref("a:2/1"), game.ref("b:1/1"), "ranged", whole=True)
    outcome = game.attack(order, seed=1)
    game.apply(outcome)
    assert game.file.log[-1].model_dump()["figures"] == 8
    with pytest.raises(GameFileError, match="changed since this attack was rolled"):
        game.apply(outcome)  # the states it was rolled on are gone: never applied twice


def _chi_square_critical(df: int, z: float = 3.09) -> float:
    """The chi-square value a df-degree statistic exceeds with chance about 0.001 (Wilson–Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


@pytest.mark.parametrize("system", sorted(GAMES))
def test_two_thousand_seeded_attacks_agree_with_the_distribution(system):
    game = game_of(GAMES[system])
    order = whole_attack(game)
    distribution = game.attack(order, dice=False).distribution
    top = len(distribution) - 1
    seen = Counter(min(game.attack(order, seed=seed).damage, top) for seed in range(2000))
    assert set(seen) <= set(range(top + 1))
    # bins of at least 5 expected attacks (the rest merged into their neighbour)
    bins: list[tuple[float, int]] = []
    expected, observed = 0.0, 0
    for k, p in enumerate(distribution):
        expected += float(p) * 2000
        observed += seen[k]
        if expected >= 5:
            bins.append((expected, observed))
            expected, observed = 0.0, 0
    if bins and (expected or observed):
        last = bins.pop()
        bins.append((last[0] + expected, last[1] + observed))
    if len(bins) < 2:  # one outcome all but certain: every attack must show it
        assert seen.most_common(1)[0][1] >= 1990
        return
    chi = sum((o - e) ** 2 / e for e, o in bins)
    assert chi < _chi_square_critical(len(bins) - 1), (chi, bins)


def test_the_exported_log_names_the_figures_of_a_whole_element_attack():
    from warbench.model.game_log import log_text

    game = game_of("human-force")
    game.apply(game.attack(AttackOrder(game.ref("a:2/1"), game.ref("b:1/1"), "ranged", whole=True), seed=2))
    text = log_text(game)
    assert "ranged (Pulse Rifle) (8 figures) → b:1/1" in text and "    - figure 8: hit: d6 rolled " in text
