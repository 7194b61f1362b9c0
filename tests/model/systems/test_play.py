"""Each system's table-play state and transitions (model/systems/*_play.py), read from its rules."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from warbench.model.attack_steps import Rolled, chain_odds
from warbench.model.fileio import load_army, parse_army
from warbench.model.game import new_game
from warbench.model.game_file import GameFileError
from warbench.model.matchup import Memo
from warbench.model.resources import examples_dir


def game_of(name: str):
    return new_game(load_army(examples_dir() / f"{name}.army.json"))


def rolled(damage: int = 0, left_over: int = 0, **effects: int) -> Rolled:
    return Rolled(damage=damage, effects=Counter(effects), left_over=left_over)


def matchup(game, a, t, kind, situation):
    """The matchup's (p_hit, p_damage) text for one pair with ``situation``."""
    system = game.systems[0]
    result = Memo(system, situation).attack(game.element(game.ref(a)), (kind, 0), game.element(game.ref(t)))
    return str(result.p_hit), str(result.p_damage)


# --- Flat Out War ---------------------------------------------------------------------------------


def test_fow_hit_points_then_the_figure_goes():
    data = json.loads((examples_dir() / "human-force.army.json").read_text(encoding="utf-8"))
    data["units"][0]["elements"][0]["attributes"].append({"id": "hit-points", "count": 2})
    game = new_game(parse_army(json.dumps(data)))
    system = game.systems[0]
    ref = game.ref("b:1/1")
    element, state = game.element(ref), game.state(ref)
    assert state["hit_points"] == 3  # removed after count + 1 failed recoveries
    result = system.combat.attack(element, "melee", element)
    once = system.turn.play_attacked(element, state, result, rolled(1), 1)
    assert once["hit_points"] == 2 and once["figures"] == state["figures"]
    gone = system.turn.play_attacked(element, state, result, rolled(3), 1)
    assert gone["figures"] == state["figures"] - 1 and gone["hit_points"] == 3


def test_fow_weapons_lost_one_by_one_then_the_base_die():
    data = json.loads((examples_dir() / "human-force.army.json").read_text(encoding="utf-8"))
    element = data["units"][1]["elements"][0]  # the Tactical Troop: a Pulse Rifle
    element["attributes"].append({"id": "extra-weapon", "die": "d8", "range": 12, "name": "Launcher"})
    game = new_game(parse_army(json.dumps(data)))
    system = game.systems[0]
    ref = game.ref("b:2/1")
    shooter = game.element(game.ref("a:2/1"))
    target, state = game.element(ref), game.state(ref)
    assert state["weapons_lost"] == []
    result = system.combat.attack(shooter, "ranged", target)
    assert [s.name for s in result.steps[1:]] == ["recovery (Pulse Rifle)", "recovery (Launcher)"]
    assert chain_odds(result.steps) == (result.p_hit, result.p_damage)
    for seed in range(100):  # the dice name the weapon lost
        out = game.attack("a:2/1", "b:2/1", "ranged", seed=seed)
        if out["damage"] == 1:
            break
    failed = next(r["step"] for r in out["rolls"] if r["step"].startswith("recovery") and not r["success"])
    assert out["target_state"]["weapons_lost"] == [failed.removeprefix("recovery (").removesuffix(")")]
    lost = system.turn.play_attacked(target, state, result, rolled(1, **{"recovery (Launcher)": 1}), 1)
    assert lost["weapons_lost"] == ["Launcher"] and lost["figures"] == state["figures"]
    left = system.play.play_element(target, lost)
    assert [k for k, _i in system.combat.attack_kinds(left)] == ["melee", "ranged"]
    single = system.combat.attack(shooter, "ranged", left)  # one weapon left: it recovers on its base die
    assert single.damage == "removed" and [s.name for s in single.steps[1:]] == ["recovery"]
    gone = system.turn.play_attacked(target, lost, single, rolled(1), 1)
    assert gone["figures"] == state["figures"] - 1 and gone["weapons_lost"] == []


def test_fow_prone_and_spells_are_read_as_situations_and_spells_run_out(tmp_path):
    game = game_of("human-force")
    game.set_state("b:2/1", "prone", True)
    out = game.attack("a:2/1", "b:2/1", "ranged", seed=1)
    assert out["situation"] == ["prone"]
    assert (out["p_hit"], out["p_damage"]) == matchup(game, "a:2/1", "b:2/1", "ranged", ["prone"])
    game.set_state("a:2/1", "spell", "strengthen")
    assert game.state(game.ref("a:2/1"))["spells"] == [{"spell": "strengthen", "rounds": 6}]
    out = game.attack("a:2/1", "b:2/1", "ranged", seed=1)
    assert out["situation"] == ["prone", "strengthened"]
    assert (out["p_hit"], out["p_damage"]) == matchup(game, "a:2/1", "b:2/1", "ranged", ["prone", "strengthened"])
    for _ in range(5):
        game.next_round()
    assert game.state(game.ref("a:2/1"))["spells"] == [{"spell": "strengthen", "rounds": 1}]
    game.next_round()
    assert game.state(game.ref("a:2/1"))["spells"] == []
    assert game.attack("a:2/1", "b:2/1", "ranged", seed=1)["situation"] == ["prone"]


def test_fow_resilient_lowers_the_die_the_odds_then_use():
    game = game_of("orc-and-ghoblin-force")
    system = game.systems[0]
    found = [
        f"b:{u}/{e}"
        for u, unit in enumerate(game.armies[1].units, 1)
        for e, el in enumerate(unit.elements, 1)
        if any(a.id == "resilient" for a in el.attributes)
    ]
    assert found  # its Troll
    ref = game.ref(found[0])
    element = game.element(ref)
    state = game.state(ref)
    lowered = system.turn.play_attacked(element, state, system.combat.attack(element, "melee", element), rolled(1), 1)
    assert lowered["die"] != element.die and system.play.play_element(element, lowered).die == lowered["die"]


def lucky_game(name: str):
    """The example ``name`` with Lucky on its first unit's first element."""
    data = json.loads((examples_dir() / f"{name}.army.json").read_text(encoding="utf-8"))
    data["units"][0]["elements"][0]["attributes"].append({"id": "lucky"})
    return new_game(parse_army(json.dumps(data)))


def test_fow_lucky_steps_give_the_matchups_reroll_odds():
    for name in ("human-force", "universal-1.7-example-units"):
        game = lucky_game(name)
        system = game.systems[0]
        army = game.armies[0]
        checked = 0
        for situation in [(), *((s.name,) for s in system.combat.situations)]:
            memo = Memo(system, situation)
            for unit in army.units:
                for attacker in unit.elements:
                    for kind in memo.attack_kinds(attacker):
                        for target in (army.units[0].elements[0], army.units[-1].elements[0]):
                            result = memo.attack(attacker, kind, target)
                            for who, odds in (result.reroll if result and result.steps else {}).items():
                                steps = system.turn.play_reroll(list(result.steps), who)
                                assert chain_odds(steps, result.hits_per_damage) == odds, (attacker.name, who)
                                checked += 1
        assert checked > 10


def test_fow_lucky_is_spent_once_and_logged(tmp_path):
    game = lucky_game("human-force")
    out = game.attack("a:1/1", "b:2/1", "melee", seed=4, apply=True, reroll="attacker")
    assert out["reroll"] == "attacker: Lucky"
    result = game.systems[0].combat.attack(game.element(game.ref("a:1/1")), "melee", game.element(game.ref("b:2/1")))
    assert (out["p_hit"], out["p_damage"]) == tuple(str(p) for p in result.reroll["attacker"])
    assert game.state(game.ref("a:1/1"))["lucky_spent"] is True
    with pytest.raises(GameFileError, match="already spent"):
        game.attack("a:1/1", "b:2/1", "melee", seed=4, reroll="attacker")
    with pytest.raises(GameFileError, match="no Lucky"):
        game.attack("a:2/1", "b:2/1", "ranged", seed=4, reroll="attacker")
    game.undo()
    assert game.state(game.ref("a:1/1"))["lucky_spent"] is False
    target = game.attack("a:2/1", "b:1/1", "ranged", seed=4, apply=True, reroll="target")
    assert target["target_state"]["lucky_spent"] is True


def test_fow_lucky_is_once_per_game_in_special_ops_and_once_per_turn_in_v17():
    for name, again in (("human-force", False), ("universal-1.7-example-units", True)):
        system = game_of(name).systems[0]
        state = {"figures": 1, "activated": True, "lucky_spent": True, "spells": []}
        assert system.turn.play_next_round(state, 2)["lucky_spent"] is (not again)


# --- FUBAR ------------------------------------------------------------------------------------------


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


# --- Duke It Out ------------------------------------------------------------------------------------


def test_duke_stun_takes_effect_next_round_for_one_round():
    game = game_of("duke-it-out-brick-brigade")
    system = game.systems[0]
    ref = game.ref("b:1/1")
    element, state = game.element(ref), game.state(ref)
    result = system.combat.attack(game.element(game.ref("a:1/1")), ("ranged", 0), element)
    hit = system.turn.play_attacked(element, state, result, rolled(1, stunned=1), 1)
    assert hit["body"] == state["body"] - 1 and hit["stun_pending"] and not hit["stunned"]
    game.file.sides[1].state[0][0] = hit
    assert game.attack("a:1/1", "b:1/1", "ranged", seed=3)["situation"] == []
    game.next_round()
    assert game.state(ref)["stunned"] is True
    out = game.attack("a:1/1", "b:1/1", "ranged", seed=3)
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


# --- the 2D6 skirmish game -------------------------------------------------------------------------


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
        out = game.attack("a:1/1", "b:3/1", "melee", seed=seed)
        lost = sum(1 for r in out["rolls"] if not r["success"] and not r.get("tie"))
        if lost and out["damage"]:
            break
    figures = game.state(game.ref("a:1/1"))["figures"]
    out = game.attack("a:1/1", "b:3/1", "melee", seed=seed, apply=True)
    assert out["attacker_state"]["figures"] == figures - lost == game.state(game.ref("a:1/1"))["figures"]
    assert out["target_state"]["figures"] == game.element(game.ref("b:3/1")).figures - out["damage"]
    game.undo()
    assert game.state(game.ref("a:1/1"))["figures"] == figures


@pytest.mark.parametrize(("name", "ref"), [("2d6-dust-raiders", "a:1/1"), ("fubar-rifle-platoon", "a:1/1")])
def test_only_the_figures_left_attack(name, ref):
    """A unit down to some of its figures rolls for those only: melee one roll-off (or close combat die) a
    figure, a weapon at most as many times as figures are left (the trial's Raiders, 3 of 6 left, rolled 6)."""
    game = game_of(name)
    element = game.element(game.ref(ref))
    kinds = {kind for kind, _ in game.systems[0].combat.attack_kinds(element)}
    full = {kind: game.attack(ref, "b:1/1", kind, seed=1)["shots"] for kind in kinds}
    game.set_state(ref, "figures", 1)
    left = {kind: game.attack(ref, "b:1/1", kind, seed=1)["shots"] for kind in kinds}
    assert full["melee"] == element.figures > 1 and left["melee"] == 1
    assert all(left[kind] < full[kind] for kind in kinds if full[kind] > 1 and kind != "melee" and kind in left)


def test_a_tied_roll_off_reads_as_rolled_again_not_as_lost():
    """A tie is rolled again (2D6 melee): its log line says so, and a roll decided says who won."""
    from warbench.model.game_log import roll_line

    game = game_of("2d6-dust-raiders")
    rolls = [r for seed in range(30) for r in game.attack("a:1/1", "b:1/1", "melee", seed=seed)["rolls"]]
    tie = next(r for r in rolls if r.get("tie"))
    lost = next(r for r in rolls if not r["success"] and not r.get("tie"))
    assert roll_line(tie).endswith(": tie, rolled again") and roll_line(lost).endswith(": target wins")


def test_a_roll_off_says_what_was_rolled_for_whom():
    """User trial: the 2D6 roll-off read "rolled [4, 1] total 5". Each side's die, its modifier, and who won."""
    from warbench.model.game_log import roll_line

    line = roll_line({"step": "roll-off", "dice": "d6", "rolled": [4, 1], "total": 5, "need": "3+", "success": True})
    assert line == "roll-off: attacker d6 4 (+1 = 5), target d6 1 (+1 = 2): attacker wins"
    assert roll_line({"step": "hit", "dice": "d6", "rolled": [4], "total": 4, "need": "4+", "success": True}) == (
        "hit: d6 rolled 4, needs 4+: success"  # (as the play view says it: tests/model/test_game_log.py)
    )
