"""Duke It Out: table-play state and transitions, read from its rules (model/systems/dukeitout/play.py)."""

from __future__ import annotations

from tests.helpers import played
from tests.model.systems.helpers import game_of, matchup, rolled


def test_duke_stun_takes_effect_next_round_for_one_round():
    game = game_of("duke-it-out-brick-brigade")
    system = game.systems[0]
    ref = game.ref("b:1/1")
    element, state = game.element(ref), game.state(ref)
    result = system.combat.attack(game.element(game.ref("a:1/1")), ("ranged", 0), element)
    hit = system.turn.play_attacked(element, state, result, rolled(1, stunned=1), 1)
    assert hit["body"] == state["body"] - 1 and hit["stun_pending"] and not hit["stunned"]
    game.file.sides[1].state[0][0] = hit
    assert played(game, "a:1/1", "b:1/1", "ranged", seed=3)["situation"] == []
    game.next_round()
    assert game.state(ref)["stunned"] is True
    out = played(game, "a:1/1", "b:1/1", "ranged", seed=3)
    assert out["situation"] == ["target-stunned"]
    assert (out["p_hit"], out["p_damage"]) == matchup(game, "a:1/1", "b:1/1", "ranged", ["target-stunned"])
    game.next_round()
    assert game.state(ref)["stunned"] is False


def test_duke_body_points_run_out_then_the_next_model_takes_hits():
    game = game_of("duke-it-out-brick-brigade")
    system = game.systems[0]
    ref = game.ref("b:Space Marines/1")
    element, state = game.element(ref), game.state(ref)
    result = system.combat.attack(element, "melee", element)
    gone = system.turn.play_attacked(element, state, result, rolled(state["body"]), 1)
    assert gone["figures"] == state["figures"] - 1 and gone["body"] == state["body"]


def test_duke_a_squad_starts_with_the_body_of_the_points_paid():
    # Space Marines: Body 5-10 for 1-2 points (1 point buys 5 marines, 2 points 10): the example's 2-point
    # squad starts with 10 Body points, a 1-point squad with 5
    game = game_of("duke-it-out-brick-brigade")
    ref = game.ref("a:Space Marines/1")
    assert game.element(ref).points == 2 and game.state(ref)["body"] == 10
    small = game.element(ref).model_copy(update={"points": 1})
    assert game.systems[0].play.play_state(small)["body"] == 5
    boxes = {b.field: b.count for b in game.systems[0].play.play_boxes(game.element(ref))}
    assert boxes["body"] == 10  # the paper tracker carries the same


def test_duke_a_stunned_riflemech_gets_no_twinfire_reroll():
    game = game_of("duke-it-out-brick-brigade")
    ref = game.ref("a:RifleMech/1")
    fresh = played(game, "a:RifleMech/1", "b:1/1", "ranged", seed=5)
    game.file.sides[0].state[ref.unit][0] = {**game.state(ref), "stunned": True}
    stunned = played(game, "a:RifleMech/1", "b:1/1", "ranged", seed=5)
    assert "attacker-stunned" in stunned["situation"]
    assert (stunned["p_hit"], stunned["p_damage"]) == matchup(
        game, "a:RifleMech/1", "b:1/1", "ranged", ["attacker-stunned"]
    )
    assert fresh["p_hit"] != stunned["p_hit"]  # Twinfire's re-roll off
    assert not any(roll.get("reroll") for roll in stunned["rolls"])


def test_duke_a_ground_unit_cannot_fight_a_flyer_at_close_range():
    game = game_of("duke-it-out-brick-brigade")
    out = played(game, "a:RifleMech/1", "b:Shroud Fighter/1", "melee", seed=1, apply=True)
    assert (out["p_hit"], out["rolls"], out["applied"]) == ("0", [], False)
    assert out["refused"] == "Flyer: a ground unit's zero-range weapons cannot affect a flyer"
    assert game.file.log == []
