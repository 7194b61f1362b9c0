"""``warbench game`` keeping the rules of play (issue 37): attacks that may hit but cannot harm, attacks the
rules forbid, and the rolls the rules call for at the table (scripted through the command line)."""

from __future__ import annotations

import json

from warbench.cli import main
from warbench.model.resources import examples_dir


def army(name: str) -> str:
    return str(examples_dir() / f"{name}.army.json")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def new(tmp_path, capsys, name: str) -> str:
    path = str(tmp_path / "g.game.json")
    code, _out, err = run(capsys, "game", "new", army(name), "-o", path)
    assert code == 0, err
    return path


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
