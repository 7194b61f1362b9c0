"""Flat Out War: table-play state and transitions, read from its rules (model/systems/flatoutwar/play.py)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tests.helpers import played
from tests.model.systems.helpers import game_of, matchup, rolled
from warbench.model.attack_steps import chain_odds
from warbench.model.fileio import parse_army
from warbench.model.game import new_game
from warbench.model.game_file import GameFileError
from warbench.model.matchup import Memo
from warbench.model.resources import examples_dir


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
        out = played(game, "a:2/1", "b:2/1", "ranged", seed=seed)
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
    out = played(game, "a:2/1", "b:2/1", "ranged", seed=1)
    assert out["situation"] == ["prone"]
    assert (out["p_hit"], out["p_damage"]) == matchup(game, "a:2/1", "b:2/1", "ranged", ["prone"])
    game.set_state("a:2/1", "spell", "strengthen")
    strengthen = {"spell": "strengthen", "reading": "fow-spell-duration"}
    assert game.state(game.ref("a:2/1"))["spells"] == [{**strengthen, "rounds": 6}]
    out = played(game, "a:2/1", "b:2/1", "ranged", seed=1)
    assert out["situation"] == ["prone", "strengthened"]
    assert (out["p_hit"], out["p_damage"]) == matchup(game, "a:2/1", "b:2/1", "ranged", ["prone", "strengthened"])
    for _ in range(6):
        game.next_round()
    assert game.state(game.ref("a:2/1"))["spells"] == [{**strengthen, "rounds": 0}]  # round 7: the last counted
    game.next_round()
    assert game.state(game.ref("a:2/1"))["spells"] == []
    assert played(game, "a:2/1", "b:2/1", "ranged", seed=1)["situation"] == ["prone"]


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
    out = played(game, "a:1/1", "b:2/1", "melee", seed=4, apply=True, reroll="attacker")
    assert out["reroll"] == "attacker: Lucky"
    result = game.systems[0].combat.attack(game.element(game.ref("a:1/1")), "melee", game.element(game.ref("b:2/1")))
    assert (out["p_hit"], out["p_damage"]) == tuple(str(p) for p in result.reroll["attacker"])
    assert game.state(game.ref("a:1/1"))["lucky_spent"] is True
    with pytest.raises(GameFileError, match="already spent"):
        played(game, "a:1/1", "b:2/1", "melee", seed=4, reroll="attacker")
    with pytest.raises(GameFileError, match="no Lucky"):
        played(game, "a:2/1", "b:2/1", "ranged", seed=4, reroll="attacker")
    game.undo()
    assert game.state(game.ref("a:1/1"))["lucky_spent"] is False
    target = played(game, "a:2/1", "b:1/1", "ranged", seed=4, apply=True, reroll="target")
    assert target["target_state"]["lucky_spent"] is True


def test_fow_lucky_is_once_per_game_in_special_ops_and_once_per_turn_in_v17():
    for name, again in (("human-force", False), ("universal-1.7-example-units", True)):
        system = game_of(name).systems[0]
        state = {"figures": 1, "activated": True, "lucky_spent": True, "spells": []}
        assert system.turn.play_next_round(state, 2)["lucky_spent"] is (not again)


def test_fow_spell_duration_counts_rounds_after_the_cast():
    # reading fow-spell-duration: a Shield of Duration 4 cast in round 1 counts rounds 2 to 5 and ends at the end of
    # round 5: attacks on the shielded element read 'shielded' through round 5, and no more from round 6
    game = game_of("human-force")
    game.set_state("b:2/1", "spell", "shield")
    seen = {}
    while game.file.round <= 6:
        seen[game.file.round] = "shielded" in played(game, "a:2/1", "b:2/1", "ranged", seed=1)["situation"]
        game.next_round()
    assert seen == {1: True, 2: True, 3: True, 4: True, 5: True, 6: False}
    reading = game.systems[0].combat.readings["fow-spell-duration"]
    assert "round R + N + 1" in reading["reading"]


def _lose(game, ref_text, n):
    """``n`` figures of the element taken off as attacks would (the state the game holds)."""
    ref = game.ref(ref_text)
    state = game.state(ref)
    game.file.sides[ref.side].state[ref.unit][ref.element] = {**state, "figures": state["figures"] - n}


@pytest.mark.parametrize(
    ("example", "attacker", "unit"), [("human-force", "a:2/1", 1), ("universal-1.7-example-units", "a:1/1", 0)]
)
def test_fow_units_activate_together(example, attacker, unit):
    # both editions: "if one Element is activated then the entire Unit is activated": an attack by one element
    # activates the other element of its unit too (logged in the same step, undone with it)
    game = game_of(example)
    played(game, attacker, "b:2/1", "melee", seed=2, apply=True)
    assert [s["activated"] for s in game.file.sides[0].state[unit]] == [True, True]
    assert len(game.file.log[-1].changes) == 3
    game.undo()
    assert [s["activated"] for s in game.file.sides[0].state[unit]] == [False, False]


def test_fow_morale_is_due_at_each_25_percent_lost_with_exact_odds():
    from warbench.model.table_rolls import due_rolls, make_roll

    game = game_of("human-force")  # b:1 Assault Squad: 9 troopers and a Brave d6 Sergeant, 10 figures
    assert due_rolls(game) == []
    _lose(game, "b:1/1", 2)  # 2 of 10: short of 25% (3)
    assert due_rolls(game) == []
    _lose(game, "b:1/1", 1)  # 3 of 10: the first 25%
    (due,) = due_rolls(game)
    assert (due["unit"], due["roll"], due["dice"], due["need"]) == ("b:1", "morale", "d6", "4+")
    # d6 -1 (one 25% lost, reading fow-morale-penalty) +1 (Brave): 4+ on 3 faces of 6
    assert [(m["label"], m["value"]) for m in due["modifiers"]] == [("1 × 25% of the unit lost", -1), ("Brave", 1)]
    assert due["odds"] == {"passed": "1/2", "failed": "1/2"} and due["readings"] == ["fow-morale-penalty"]
    out = make_roll(game, "b:1", "morale", seed=3)  # a 2: failed
    assert (out["rolls"][0]["rolled"], out["outcome"]) == ([2], "failed")
    unit = game.file.sides[1].state[0]
    assert all(s["fleeing"] and s["morale_rolled"] == 1 for s in unit)
    entry = game.file.log[-1]
    assert (entry.action, entry.model_extra["roll"], entry.model_extra["outcome"]) == ("roll", "morale", "failed")
    assert due_rolls(game) == []  # rolled for that 25%: not due again until the next
    _lose(game, "b:1/1", 2)  # 5 of 10: the second 25%, -2
    (due,) = due_rolls(game)
    assert due["odds"] == {"passed": "1/3", "failed": "2/3"}
    game.undo()  # the roll taken back: the unit no longer flees, its first roll due again
    assert not any("fleeing" in s for s in game.file.sides[1].state[0])


def test_fow_a_fleeing_unit_rolls_to_rally_frightened():
    from warbench.model.table_rolls import make_roll, offered_rolls

    game = game_of("human-force")
    _lose(game, "b:1/1", 3)
    make_roll(game, "b:1", "morale", seed=3)  # failed: it flees
    rally = next(r for r in offered_rolls(game, 1, 0) if r["roll"] == "rally")
    assert ("Frightened", -2) in [(m["label"], m["value"]) for m in rally["modifiers"]]
    assert rally["odds"] == {"passed": "1/6", "failed": "5/6"}  # d6 -1 +1 -2: only a 6
    for seed in range(50):
        out = make_roll(game, "b:1", "rally", seed=seed)
        if out["outcome"] == "passed":
            break
    assert not any(s["fleeing"] for s in game.file.sides[1].state[0])
    assert [r["roll"] for r in offered_rolls(game, 1, 0)] == []


def test_fow_units_that_never_roll_morale():
    from warbench.model.table_rolls import due_rolls

    data = json.loads((examples_dir() / "human-force.army.json").read_text(encoding="utf-8"))
    for element in data["units"][0]["elements"]:
        element["attributes"].append({"id": "unfeeling"})
    game = new_game(parse_army(json.dumps(data)))
    _lose(game, "b:1/1", 5)
    assert due_rolls(game) == []  # Unfeeling elements never take Morale rolls


def test_fow_a_fleeing_unit_makes_no_attack_until_it_rallies():
    from warbench.model.table_rolls import make_roll

    game = game_of("human-force")
    _lose(game, "a:1/1", 3)
    make_roll(game, "a:1", "morale", seed=3)  # a 2: failed, the Assault Squad flees
    out = played(game, "a:1/1", "b:2/1", "melee", seed=1, apply=True)
    assert (out["p_hit"], out["rolls"], out["applied"]) == ("0", [], False)
    assert out["refused"] == "Morale: a fleeing unit runs for cover and takes no Other Action (it may roll to rally)"
    assert played(game, "b:2/1", "a:1/1", "melee", seed=1)["rolls"]  # it can still be attacked
    for seed in range(50):
        if make_roll(game, "a:1", "rally", seed=seed)["outcome"] == "passed":
            break
    assert "refused" not in played(game, "a:1/1", "b:2/1", "melee", seed=1)


def test_fow_morale_counts_every_25_percent_a_loss_makes():
    from warbench.model.table_rolls import due_rolls

    # Universal 1.7: the Steel Ravens are two elements of one figure: losing one is 50%, two increments of 25%:
    # the roll comes at -2 (reading fow-morale-penalty), its highest die a d6: only a 6 holds
    game = game_of("universal-1.7-example-units")
    _lose(game, "b:1/2", 1)
    (due,) = due_rolls(game)
    assert [(m["label"], m["value"]) for m in due["modifiers"]][0] == ("2 × 25% of the unit lost", -2)
    assert due["odds"]["passed"] == str(
        Fraction(sum(1 for f in range(1, int(due["dice"][1:]) + 1) if f - 2 >= 4), int(due["dice"][1:]))
    )
