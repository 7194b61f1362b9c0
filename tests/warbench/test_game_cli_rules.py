"""``warbench game`` keeping the rules of play (issue 37): attacks that may hit but cannot harm, attacks the
rules forbid, and the rolls the rules call for at the table (scripted through the command line)."""

from __future__ import annotations

import json

from tests.warbench.test_game_cli import new, run


def attack(capsys, path: str, attacker: str, target: str, kind: str, *more: str) -> dict:
    code, out, err = run(
        capsys, "game", "attack", path, "--attacker", attacker, "--target", target, "--attack", kind, *more, "--json"
    )
    assert code == 0, err
    return json.loads(out)


def test_a_ground_units_close_range_attack_on_a_flyer_is_refused_exit_0(tmp_path, capsys):
    # game.md: an attack the rules forbid prints "p_hit": "0", no rolls and "refused", exit 0 (it exited 2)
    path = new(tmp_path, capsys, "duke-it-out-brick-brigade")
    with open(path, "rb") as fh:
        before = fh.read()
    data = attack(capsys, path, "a:RifleMech/1", "b:Shroud Fighter/1", "melee", "--seed", "1", "--apply")
    assert (data["p_hit"], data["rolls"], data["applied"]) == ("0", [], False)
    assert data["refused"] == "Flyer: a ground unit's zero-range weapons cannot affect a flyer"
    with open(path, "rb") as fh:
        assert fh.read() == before


def test_small_arms_on_an_armoured_vehicle_hit_and_do_no_damage(tmp_path, capsys):
    # FUBAR: small arms "cannot harm" an armoured vehicle: the attack is made and may hit (not refused),
    # p_hit as rolled, p_damage 0, the rule named; applied, it leaves the tank as it was
    path = new(tmp_path, capsys, "fubar-rifle-platoon")
    for seed in range(40):
        data = attack(capsys, path, "a:1st Section/1", "b:Armour/1", "ranged", "--seed", str(seed))
        if data["hits"]:
            break
    assert "refused" not in data and data["p_hit"] != "0" and data["p_damage"] == "0"
    assert data["harmless_by"] == "Vehicles: small arms and heavy machine guns cannot harm an armoured vehicle"
    assert data["hits"] > 0 and data["damage"] == 0
    before = json.loads(run(capsys, "game", "state", path, "--json")[1])["sides"][1]["units"][-1]["elements"][0]
    applied = attack(capsys, path, "a:1st Section/1", "b:Armour/1", "ranged", "--seed", str(seed), "--apply")
    assert applied["applied"] and applied["target_state"] == before["state"]  # hit, and nothing on the damage table


def test_a_rifle_on_a_light_vehicle_in_2d6_hits_and_carries_no_hits(tmp_path, capsys):
    path = new(tmp_path, capsys, "2d6-dust-raiders")
    for seed in range(40):
        data = attack(capsys, path, "a:Raider Squad/1", "b:Buggy/1", "ranged", "--seed", str(seed), "--apply")
        if data["hits"]:
            break
    assert data["p_hit"] == "1/6" and data["p_damage"] == "0" and data["harmless_by"].startswith("Shooting: only")
    assert data["damage"] == 0 and data["target_state"]["hits"] == 0


def test_morale_is_said_due_after_the_attack_offered_with_its_odds_rolled_and_logged(tmp_path, capsys):
    path = new(tmp_path, capsys, "human-force")
    code, out, _err = run(capsys, "game", "rolls", path, "--json")
    assert code == 0 and json.loads(out)["rolls"] == []
    due = None
    for seed in range(200):  # the Tactical Troop fires at the Assault Squad (10 figures) until 3 are lost
        data = attack(capsys, path, "a:2/1", "b:1/1", "ranged", "--seed", str(seed), "--apply")
        if data.get("rolls_due"):
            due = data["rolls_due"]
            break
    assert due and data["target_state"]["figures"] == 6  # 9 troopers, 3 gone: the first 25% of 10
    assert (due[0]["unit"], due[0]["roll"], due[0]["odds"]) == ("b:1", "morale", {"passed": "1/2", "failed": "1/2"})
    code, out, _err = run(capsys, "game", "rolls", path)
    assert code == 0 and "b:1 Assault Squad: morale d6 needs 4+" in out and "due: the unit has lost 3 of its 10" in out
    code, out, err = run(capsys, "game", "roll", path, "--unit", "b:Assault Squad", "--roll", "morale", "--seed", "3")
    assert code == 0, err
    assert "morale: d6 rolled 2, needs 4+: failure" in out and out.rstrip().splitlines()[-1].startswith("failed: ")
    code, out, _err = run(capsys, "game", "state", path, "--json")
    state = json.loads(out)
    assert state["log"][-1]["action"] == "roll" and state["log"][-1]["outcome"] == "failed"
    assert state["sides"][1]["units"][0]["elements"][0]["state"]["fleeing"] is True
    code, out, _err = run(capsys, "game", "undo", path)
    assert code == 0 and "b:1 Assault Squad: morale failed" in out


def test_the_rolls_stay_english_on_the_command_line_whatever_the_model_spoke_before(tmp_path, capsys):
    """The window's German catalogue (set in the same process, as a test session or an embedding does) never
    reaches ``warbench game rolls/roll``: its text and JSON are the contract's English."""
    from warbench.model import i18n

    path = new(tmp_path, capsys, "human-force")
    assert run(capsys, "game", "set", path, "b:1/1", "figures", "6")[0] == 0  # 3 of the squad's 10 figures lost
    i18n.use("de")
    try:
        code, out, _err = run(capsys, "game", "rolls", path, "--json")
        (due,) = json.loads(out)["rolls"]
        assert code == 0 and due["roll"] == "morale" and set(due["odds"]) == {"passed", "failed"}
        assert due["due"] == "the unit has lost 3 of its 10 figures (1 × 25%): it rolls at once"
        assert due["modifiers"][0]["label"] == "1 × 25% of the unit lost"
        i18n.use("de")
        code, out, _err = run(capsys, "game", "roll", path, "--unit", "b:1", "--roll", "morale", "--seed", "3")
        assert code == 0 and "morale: d6 rolled 2, needs 4+: failure" in out
        assert out.rstrip().splitlines()[-1].startswith("failed: when next activated the unit runs for cover")
    finally:
        i18n.use("en")


def test_a_roll_the_rules_do_not_offer_exits_2_and_leaves_the_file(tmp_path, capsys):
    path = new(tmp_path, capsys, "human-force")
    with open(path, "rb") as fh:
        before = fh.read()
    code, out, err = run(capsys, "game", "roll", path, "--unit", "b:1", "--roll", "morale")
    assert code == 2 and out == "" and "roll 'morale': not a roll this unit may make now" in err
    code, _out, err = run(capsys, "game", "roll", path, "--unit", "c:1", "--roll", "morale")
    assert code == 2 and "c:1" in err
    with open(path, "rb") as fh:
        assert fh.read() == before


def test_fubar_and_2d6_offer_the_activation_roll(tmp_path, capsys):
    for name, unit, need in (("fubar-rifle-platoon", "a:2", "3+"), ("2d6-dust-raiders", "a:2", "4+")):
        path = new(tmp_path, capsys, name)
        code, out, _err = run(capsys, "game", "rolls", path, "--unit", unit, "--json")
        (roll,) = json.loads(out)["rolls"]
        assert code == 0 and (roll["roll"], roll["need"]) == ("activation", need)
        code, out, _err = run(
            capsys, "game", "roll", path, "--unit", unit, "--roll", "activation", "--seed", "5", "--json"
        )
        made = json.loads(out)
        assert code == 0 and made["applied"] and made["outcome"] in made["odds"]
        assert all(s["activated"] for s in made["states"])


def test_a_roll_of_two_dice_reads_as_their_sum_not_a_roll_off(tmp_path, capsys):
    path = new(tmp_path, capsys, "2d6-dust-raiders")
    code, out, _err = run(capsys, "game", "roll", path, "--unit", "a:2", "--roll", "activation", "--seed", "5")
    assert code == 0 and "activation: 2d6 rolled 5 + 3 = 8, needs 4+: success" in out and "attacker" not in out
    from warbench.model.game import Game
    from warbench.model.game_file import load_game
    from warbench.model.game_log import log_text

    assert "    - activation: 2d6 rolled 5 + 3 = 8, needs 4+: success" in log_text(Game(*load_game(path)))
