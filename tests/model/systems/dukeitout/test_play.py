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
