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


def test_fubar_activation_roll_less_suppressed_figures_then_they_stand_up():
    from warbench.model.table_rolls import make_roll, offered_rolls

    game = game_of("fubar-rifle-platoon")
    (roll,) = offered_rolls(game, 1, 0)  # b:1 Rifle Section, Seasoned: Activation 4+
    assert (roll["roll"], roll["dice"], roll["need"], roll["odds"]) == (
        "activation",
        "d6",
        "4+",
        {"passed": "1/2", "failed": "1/2"},
    )
    ref = game.ref("b:1/1")
    game.file.sides[1].state[0][0] = {**game.state(ref), "suppressed": 2}
    (roll,) = offered_rolls(game, 1, 0)
    # -1 a suppressed figure: 6+ with -2, and an unmodified 6 always succeeds
    assert [(m["label"], m["value"]) for m in roll["modifiers"]] == [("2 suppressed", -2)]
    assert roll["odds"] == {"passed": "1/6", "failed": "5/6"}
    out = make_roll(game, "b:1", "activation", seed=1)
    assert out["outcome"] in ("passed", "failed") and out["rolls"][0]["modifier"] == -2
    # after the activation roll, passed or failed, the suppressed figures stand up; the unit has had its turn
    assert game.state(ref)["suppressed"] == 0 and game.state(ref)["activated"] is True
    assert offered_rolls(game, 1, 0) == []
    assert game.file.log[-1].action == "roll"
    game.undo()
    assert game.state(ref)["suppressed"] == 2


def test_fubar_a_stunned_crew_activates_at_minus_two_and_recovers():
    from warbench.model.table_rolls import make_roll, offered_rolls

    game = game_of("fubar-rifle-platoon")
    ref = game.ref("b:Armour/1")
    game.file.sides[1].state[ref.unit][0] = {**game.state(ref), "crew_stunned": True}
    (roll,) = offered_rolls(game, 1, ref.unit)  # Seasoned 4+, -2: 6+ (and an unmodified 1 fails)
    assert roll["odds"] == {"passed": "1/6", "failed": "5/6"}
    make_roll(game, "b:Armour", "activation", seed=2)
    assert game.state(ref)["crew_stunned"] is False


def test_fubar_a_failed_activation_over_half_lost_withdraws():
    from warbench.model.table_rolls import offered_rolls

    game = game_of("fubar-rifle-platoon")
    ref = game.ref("b:1/1")
    game.file.sides[1].state[0][0] = {**game.state(ref), "figures": 3}  # 3 of 8 left
    (roll,) = offered_rolls(game, 1, 0)
    assert 'withdraws 6"/15cm' in roll["effects"]["failed"]
