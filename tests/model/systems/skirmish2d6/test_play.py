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
