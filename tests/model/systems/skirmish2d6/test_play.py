"""The 2D6 skirmish game: table-play state and transitions, read from its rules (model/systems/skirmish2d6/play.py)."""

from __future__ import annotations

from tests.helpers import played
from tests.model.systems.helpers import game_of, rolled


def test_2d6_hits_short_of_a_casualty_carry_over_until_the_end_of_the_turn():
    game = game_of("2d6-dust-raiders")
    system = game.systems[0]
    ref = game.ref("b:1/1")
    element = game.element(ref)
    result = system.combat.attack(game.element(game.ref("a:1/1")), ("ranged", 0), element, ["hard-cover"])
    assert result.hits_per_damage == 3
    hit = system.turn.play_attacked(element, game.state(ref), result, rolled(1, left_over=2), 1)
    assert (hit["figures"], hit["hits"]) == (element.figures - 1, 2)
    assert system.turn.play_carried(hit) == 2
    assert system.turn.play_next_round(hit, 2)["hits"] == 0


def test_2d6_force_morale_counts_down_to_the_rout():
    game = game_of("2d6-dust-raiders")
    side = game.state_json()["sides"][1]["figures"]
    assert side["units_before_rout"] == side["routs_after_losing"] == 3  # 5 units: routs after losing 3
    for unit in (1, 2):
        game.set_state(f"b:{unit}/1", "figures", 0)
    side = game.state_json()["sides"][1]["figures"]
    assert side["units_lost"] == 2 and side["units_before_rout"] == 1


def test_2d6_a_lost_roll_off_kills_the_attacker():
    game = game_of("2d6-dust-raiders")
    for seed in range(50):
        out = played(game, "a:1/1", "b:3/1", "melee", seed=seed)
        lost = sum(1 for r in out["rolls"] if not r["success"] and not r.get("tie"))
        if lost and out["damage"]:
            break
    figures = game.state(game.ref("a:1/1"))["figures"]
    out = played(game, "a:1/1", "b:3/1", "melee", seed=seed, apply=True)
    assert out["attacker_state"]["figures"] == figures - lost == game.state(game.ref("a:1/1"))["figures"]
    assert out["target_state"]["figures"] == game.element(game.ref("b:3/1")).figures - out["damage"]
    game.undo()
    assert game.state(game.ref("a:1/1"))["figures"] == figures


def test_a_tied_roll_off_reads_as_rolled_again_not_as_lost():
    """A tie is rolled again (2D6 melee): its log line says so, and a roll decided says who won."""
    from warbench.model.game_log import roll_line

    game = game_of("2d6-dust-raiders")
    rolls = [r for seed in range(30) for r in played(game, "a:1/1", "b:1/1", "melee", seed=seed)["rolls"]]
    tie = next(r for r in rolls if r.get("tie"))
    lost = next(r for r in rolls if not r["success"] and not r.get("tie"))
    assert roll_line(tie).endswith(": tie, rolled again") and roll_line(lost).endswith(": target wins")


def test_2d6_activation_roll_less_the_casualties_of_the_enemys_turn():
    from warbench.model.table_rolls import make_roll, offered_rolls

    game = game_of("2d6-dust-raiders")
    (roll,) = offered_rolls(game, 1, 0)  # b:1 Raiders, Regular: 5+ on 2D6
    assert (roll["dice"], roll["need"]) == ("2d6", "5+")
    assert roll["odds"] == {"passed": "5/6", "failed": "5/36", "snake eyes": "1/36", "broken": "0"}
    # casualties taken from the enemy's fire count against its next activation
    system = game.systems[0]
    ref = game.ref("b:1/1")
    result = system.combat.attack(game.element(game.ref("a:1/1")), ("ranged", 0), game.element(ref))
    game.file.sides[1].state[0][0] = system.turn.play_attacked(game.element(ref), game.state(ref), result, rolled(3), 1)
    (roll,) = offered_rolls(game, 1, 0)
    assert [(m["label"], m["value"]) for m in roll["modifiers"]] == [("3 casualties in the enemy's last turn", -3)]
    assert roll["odds"] == {"passed": "5/12", "failed": "1/2", "snake eyes": "0", "broken": "1/12"}
    out = make_roll(game, "b:1", "activation", seed=0)
    assert game.state(ref)["casualties_taken"] == 0 and game.state(ref)["activated"] is True
    total = sum(out["rolls"][0]["rolled"]) - 3
    assert out["outcome"] == ("broken" if total <= 0 else "passed" if total >= 5 else "failed")


def test_2d6_a_unit_whose_activation_comes_to_0_is_broken_and_removed():
    from warbench.model.table_rolls import make_roll

    game = game_of("2d6-dust-raiders")
    ref = game.ref("b:1/1")
    game.file.sides[1].state[0][0] = {**game.state(ref), "figures": 1, "casualties_taken": 5}
    for seed in range(100):
        out = make_roll(game, "b:1", "activation", seed=seed)
        if out["outcome"] == "broken":
            break
        game.undo()
    assert sum(out["rolls"][0]["rolled"]) <= 5 and game.state(ref)["figures"] == 0
    assert out["effect"] == "the unit is broken and removed from play"


def test_2d6_snake_eyes_ends_the_turn():
    from warbench.model.table_rolls import make_roll

    game = game_of("2d6-dust-raiders")
    for seed in range(400):
        out = make_roll(game, "b:1", "activation", seed=seed)
        if out["rolls"][0]["rolled"] == [1, 1]:
            break
        game.undo()
    assert out["outcome"] == "snake eyes" and "turn is over" in out["effect"]


def test_2d6_a_damage_roll_of_2_or_3_immobilises():
    game = game_of("2d6-dust-raiders")
    system = game.systems[0]
    ref = game.ref("b:Buggy/1")
    element = game.element(ref)
    result = system.combat.attack(game.element(game.ref("a:Tank Hunters/1")), ("ranged", 0), element)
    assert [s.name for s in result.steps] == ["hit", "damage roll"]
    hit = system.turn.play_attacked(element, game.state(ref), result, rolled(0, immobilised=1), 1)
    assert hit["immobilised"] is True and hit["figures"] == 1
    killed = system.turn.play_attacked(element, game.state(ref), result, rolled(1, killed=1), 1)
    assert killed["figures"] == 0


def test_2d6_damage_odds_count_the_hits_the_target_already_carries():
    from fractions import Fraction as F
    from math import comb

    game = game_of("2d6-dust-raiders")
    fresh = played(game, "a:1/1", "b:1/1", "ranged", situation=["soft-cover"], seed=1)
    assert "carried_hits" not in fresh  # a fresh target: the matchup's odds alone
    ref = game.ref("b:1/1")
    game.file.sides[1].state[0][0] = {**game.state(ref), "hits": 1}
    out = played(game, "a:1/1", "b:1/1", "ranged", situation=["soft-cover"], seed=1)
    # its rifles (a shot each), a hit on a 6, 2 hits a casualty in soft cover; the hit carried counts once one
    # hit is scored: h hits make (h + 1) // 2 casualties, none without a hit
    shots = out["shots"]
    assert shots >= 2 and out["carried_hits"] == 1
    binom = [F(comb(shots, h)) * F(1, 6) ** h * F(5, 6) ** (shots - h) for h in range(shots + 1)]
    expected = {}
    for h, p in enumerate(binom):
        c = (h + 1) // 2 if h else 0
        expected[c] = expected.get(c, 0) + p
    assert out["distribution_with_carried"] == {str(k): str(p) for k, p in sorted(expected.items())}
    assert out["p_damage_with_carried"] == str(1 - F(5, 6) ** shots)
    assert (out["p_hit"], out["p_damage"]) == (fresh["p_hit"], fresh["p_damage"])  # the contract's odds unchanged
