"""FUBAR: table-play state and transitions, read from its rules (model/systems/fubar/play.py)."""

from __future__ import annotations

from tests.model.systems.helpers import game_of, rolled


def test_fubar_unsaved_hits_suppress_up_to_the_training_limit_then_kill():
    game = game_of("fubar-rifle-platoon")
    system = game.systems[0]
    ref = game.ref("b:1/1")  # seasoned: at most 2 suppressed
    element, state = game.element(ref), game.state(ref)
    fire = system.combat.attack(element, ("ranged", 0), element)
    after = system.turn.play_attacked(element, state, fire, rolled(3), 1)
    assert (after["suppressed"], after["figures"]) == (2, state["figures"] - 1)
    melee = system.combat.attack(element, "melee", element)
    after = system.turn.play_attacked(element, state, melee, rolled(3), 1)
    assert (after["suppressed"], after["figures"]) == (0, state["figures"] - 3)  # close combat: casualties only
    assert system.turn.play_attacker({**after, "suppressed": 2}, 1)["suppressed"] == 0  # they stand up on activation


def test_fubar_vehicle_damage_table_results_are_kept():
    game = game_of("fubar-rifle-platoon")
    system = game.systems[0]
    ref = game.ref("b:Armour/1")
    element, state = game.element(ref), game.state(ref)
    assert {"crew_stunned", "immobilised", "weapons_destroyed", "destroyed"} <= set(state)
    result = system.combat.attack(game.element(game.ref("a:3/1")), ("ranged", 0), element)
    hit = system.turn.play_attacked(element, state, result, rolled(2, immobilised=1, **{"weapon destroyed": 1}), 1)
    assert hit["immobilised"] and hit["weapons_destroyed"] == 1 and not hit["destroyed"]
    assert system.turn.play_attacked(element, hit, result, rolled(1, destroyed=1), 1)["figures"] == 0
