"""``warbench game``: a scripted game per system (attacks applied, rounds, undo and redo, save and reopen),
the JSON contracts, refusals, bad input (exit 2, the file unchanged), the game file's schema and versions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import played
from warbench.cli import main
from warbench.model.game import Game
from warbench.model.game_file import GameFileError, load_game
from warbench.model.resources import examples_dir

#: one example army of each system
GAMES = {
    "fow-special-ops": "human-force",
    "fow-universal-1.7": "universal-1.7-example-units",
    "fubar": "fubar-rifle-platoon",
    "duke-it-out": "duke-it-out-brick-brigade",
    "2d6-skirmish": "2d6-dust-raiders",
}


def army(name: str) -> str:
    return str(examples_dir() / f"{name}.army.json")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def new(tmp_path, capsys, name: str, *more: str) -> str:
    path = str(tmp_path / "g.game.json")
    code, _out, err = run(capsys, "game", "new", army(name), *more, "-o", path)
    assert code == 0, err
    return path


def state(capsys, path: str) -> dict:
    code, out, err = run(capsys, "game", "state", path, "--json")
    assert code == 0, err
    return json.loads(out)


def harmful_attack(path: str) -> tuple[str, str, str, int]:
    """(attacker, target, kind, seed): the first attack of side a on side b that does damage with its seed."""
    game = Game(*load_game(path))
    for u, unit in enumerate(game.armies[0].units, 1):
        for e, element in enumerate(unit.elements, 1):
            for kind in dict.fromkeys(k for k, _i in game.systems[0].combat.attack_kinds(element)):
                for tu, t_unit in enumerate(game.armies[1].units, 1):
                    for te, _target in enumerate(t_unit.elements, 1):
                        refs = (f"a:{u}/{e}", f"b:{tu}/{te}")
                        first = played(game, *refs, kind, seed=0)
                        if first.get("refused") or first["p_damage"] == "0":
                            continue
                        for seed in range(200):
                            if played(game, *refs, kind, seed=seed)["damage"]:
                                return (*refs, kind, seed)
    raise AssertionError("no attack does damage")


@pytest.mark.parametrize("system", sorted(GAMES))
def test_a_scripted_game_per_system(tmp_path, capsys, system):
    path = new(tmp_path, capsys, GAMES[system])
    start = state(capsys, path)
    assert start["round"] == 1 and start["log"] == [] and len(start["sides"]) == 2
    assert start["sides"][0]["units"] == start["sides"][1]["units"]  # b is a copy of a
    attacker, target, kind, seed = harmful_attack(path)
    argv = ["game", "attack", path, "--attacker", attacker, "--target", target, "--attack", kind, "--seed", str(seed)]

    with open(path, "rb") as fh:
        before = fh.read()
    code, out, _err = run(capsys, *argv, "--json")
    rolled = json.loads(out)
    assert code == 0 and rolled["applied"] is False and rolled["damage"] > 0
    with open(path, "rb") as fh:
        assert fh.read() == before  # without --apply nothing changes

    code, out, _err = run(capsys, *argv, "--apply", "--json")
    applied = json.loads(out)
    assert code == 0 and applied["applied"] is True
    assert applied["rolls"] == rolled["rolls"]  # the same seed, the same dice
    hit = state(capsys, path)
    t_side, t_rest = target.split(":")
    t_unit, t_element = (int(i) - 1 for i in t_rest.split("/"))
    a_unit, a_element = (int(i) - 1 for i in attacker.split(":")[1].split("/"))
    target_now = hit["sides"][1]["units"][t_unit]["elements"][t_element]["state"]
    assert target_now == applied["target_state"]
    assert target_now != start["sides"][1]["units"][t_unit]["elements"][t_element]["state"]
    assert hit["sides"][0]["units"][a_unit]["elements"][a_element]["state"]["activated"] is True
    assert [entry["action"] for entry in hit["log"]] == ["attack"]
    assert hit["log"][0]["seed"] == seed and hit["log"][0]["rolls"] == applied["rolls"]

    assert run(capsys, "game", "next-round", path)[0] == 0
    second = state(capsys, path)
    assert second["round"] == 2
    assert all(not e["state"]["activated"] for side in second["sides"] for u in side["units"] for e in u["elements"])

    assert run(capsys, "game", "undo", path)[0] == 0
    assert state(capsys, path)["sides"] == hit["sides"] and state(capsys, path)["round"] == 1
    assert run(capsys, "game", "undo", path)[0] == 0
    undone = state(capsys, path)
    assert undone["sides"] == start["sides"] and undone["log"] == []
    assert run(capsys, "game", "redo", path)[0] == 0 and run(capsys, "game", "redo", path)[0] == 0
    again = state(capsys, path)
    assert again["sides"] == second["sides"] and again["round"] == 2

    with open(path, "rb") as fh:
        saved = fh.read()
    game = Game(*load_game(path))  # reopened: the same state, written back byte for byte
    assert game.state_json() == again
    from warbench.model.game_file import game_bytes

    assert game_bytes(game.file) == saved


def test_state_json_contract_and_a_second_army(tmp_path, capsys):
    path = new(tmp_path, capsys, "human-force", army("alien-force"))
    data = state(capsys, path)
    assert set(data) >= {"round", "sides", "log"}
    assert [side["army"] for side in data["sides"]] == ["Human Force", "Alien Force"]
    element = data["sides"][1]["units"][0]["elements"][0]
    assert set(element) == {"name", "state"} and element["state"]["figures"] >= 1


def test_references_by_name_and_the_contract_fields(tmp_path, capsys):
    path = new(tmp_path, capsys, "human-force")
    code, out, err = run(
        capsys,
        "game", "attack", path, "--attacker", "a:Tactical Squad/Tactical Troop", "--target", "b:3/1",
        "--attack", "ranged", "--seed", "5", "--json",
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert {"p_hit", "p_damage", "shots", "rolls", "hits", "damage", "applied", "target_state"} <= set(data)
    for roll in data["rolls"]:
        assert {"step", "dice", "rolled", "total", "need", "success"} <= set(roll)
        assert roll["success"] is (roll["total"] >= int(roll["need"].rstrip("+")))
    assert data["hits"] == sum(1 for r in data["rolls"] if r["step"] == "hit" and r["success"])


def test_a_forbidden_attack_is_refused_naming_the_rule(tmp_path, capsys):
    path = new(tmp_path, capsys, "fubar-rifle-platoon")
    with open(path, "rb") as fh:
        before = fh.read()
    code, out, _err = run(
        capsys,
        "game", "attack", path, "--attacker", "a:1/1", "--target", "b:1/1", "--attack", "ranged",
        "--situation", "suppressed", "--apply", "--json",
    )  # fmt: skip
    data = json.loads(out)
    assert code == 0 and data["p_hit"] == "0" and data["rolls"] == [] and "Suppression" in data["refused"]
    with open(path, "rb") as fh:
        assert fh.read() == before


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--attacker", "c:1/1", "--target", "b:1/1", "--attack", "melee"], "'c:1/1'"),
        (["--attacker", "a:9/1", "--target", "b:1/1", "--attack", "melee"], "unit '9'"),
        (["--attacker", "a:1/1", "--target", "b:1/Nobody", "--attack", "melee"], "'Nobody'"),
        (["--attacker", "a:1/1", "--target", "b:1/1", "--attack", "ranged"], "attack 'ranged'"),
        (["--attacker", "a:1/1", "--target", "b:1/1", "--attack", "melee", "--situation", "uphill"], "'uphill'"),
        (["--attacker", "a:2/1", "--target", "b:1/1", "--attack", "ranged", "--weapon", "Spoon"], "'Spoon'"),
        (["--attacker", "a:1/1", "--target", "a:1/1", "--attack", "melee"], "cannot attack itself"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_the_file_unchanged(tmp_path, capsys, args, named):
    path = new(tmp_path, capsys, "human-force")
    with open(path, "rb") as fh:
        before = fh.read()
    code, out, err = run(capsys, "game", "attack", path, *args, "--apply", "--json")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and named in err
    with open(path, "rb") as fh:
        assert fh.read() == before


def test_bad_files_exit_2_naming_the_problem(tmp_path, capsys):
    path = tmp_path / "g.game.json"
    for content, named in (
        (b"{ nope", "not valid JSON"),
        (b'{"format": "warbench-army"}', "not a game file"),
        (b'{"format": "warbench-game", "schema_version": 1}', "system"),
    ):
        path.write_bytes(content)
        code, _out, err = run(capsys, "game", "undo", str(path))
        assert code == 2 and named in err and len(err.strip().splitlines()) == 1
        assert path.read_bytes() == content
    code, _out, err = run(capsys, "game", "state", str(tmp_path / "missing.game.json"))
    assert code == 2 and "missing.game.json" in err


def test_nothing_to_undo_exits_2(tmp_path, capsys):
    path = new(tmp_path, capsys, "human-force")
    code, _out, err = run(capsys, "game", "undo", path)
    assert code == 2 and "nothing to undo" in err


def test_a_newer_version_is_refused_naming_both_and_unknown_fields_are_kept(tmp_path, capsys):
    path = new(tmp_path, capsys, "human-force")
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    data["table"] = {"lighting": "dim"}
    data["sides"][0]["colour"] = "red"
    data["sides"][0]["state"][0][0]["note"] = "kept"
    Path(path).write_text(json.dumps(data), encoding="utf-8")
    assert run(capsys, "game", "next-round", path)[0] == 0
    again = json.loads(Path(path).read_text(encoding="utf-8"))
    assert again["table"] == {"lighting": "dim"} and again["sides"][0]["colour"] == "red"
    assert again["sides"][0]["state"][0][0]["note"] == "kept"
    again["schema_version"] = 7
    Path(path).write_text(json.dumps(again), encoding="utf-8")
    code, _out, err = run(capsys, "game", "state", path)
    assert code == 2 and "version 7" in err and "version 1" in err


def test_set_by_hand_is_checked_and_undoable(tmp_path, capsys):
    path = new(tmp_path, capsys, "human-force")
    code, out, _err = run(capsys, "game", "set", path, "a:1/1", "prone", "true")
    # (user trial 2: it said "a:1/1: state set by hand", not what was set)
    assert code == 0 and out.startswith("set: a:1/1 (Assault Squad / Assault Troop): prone false → true set by hand")
    assert state(capsys, path)["sides"][0]["units"][0]["elements"][0]["state"]["prone"] is True
    code, _out, err = run(capsys, "game", "set", path, "a:1/1", "prone", "3")
    assert code == 2 and "prone" in err
    code, _out, err = run(capsys, "game", "set", path, "a:1/1", "wings", "true")
    assert code == 2 and "wings" in err
    assert run(capsys, "game", "undo", path)[0] == 0
    assert state(capsys, path)["sides"][0]["units"][0]["elements"][0]["state"]["prone"] is False


def test_schema_game_prints_the_game_file_schema(capsys):
    code, out, _err = run(capsys, "schema", "game")
    schema = json.loads(out)
    assert code == 0 and schema["title"] == "GameFile"
    assert {"format", "schema_version", "system", "round", "sides", "log"} <= set(schema["properties"])
    code, out, _err = run(capsys, "schema")
    assert code == 0 and "GameFile" not in out  # the army file's, as before


def test_without_a_seed_the_seed_used_is_logged(tmp_path, capsys):
    path = new(tmp_path, capsys, "human-force")
    code, out, _err = run(
        capsys, "game", "attack", path, "--attacker", "a:2/1", "--target", "b:2/1", "--attack", "ranged", "--apply",
        "--json",
    )  # fmt: skip
    seed = json.loads(out)["seed"]
    assert code == 0 and state(capsys, path)["log"][0]["seed"] == seed
    code, out, _err = run(
        capsys, "game", "attack", path, "--attacker", "a:2/1", "--target", "b:2/1", "--attack", "ranged",
        "--seed", str(seed), "--json",
    )  # fmt: skip
    assert json.loads(out)["rolls"] == state(capsys, path)["log"][0]["rolls"]


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda d: d["sides"][1]["state"][0][0].pop("figures"), "'figures' is missing"),
        (lambda d: d["sides"][1]["state"][0][0].update(figures=-2), "negative"),
        (lambda d: d["sides"][1]["state"][0][0].update(activated="yes"), "'activated'"),
        (lambda d: d["sides"][1]["state"][0][0].update(spells=[5]), "'spells'"),
        (lambda d: d["sides"][1]["state"][0].pop(), "one state per element"),
        (lambda d: d["sides"][1]["army"].update(system="fubar"), "sides[1].army"),
    ],
)
def test_a_damaged_state_is_refused_naming_where(tmp_path, capsys, change, named):
    path = new(tmp_path, capsys, "human-force")
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    change(data)
    Path(path).write_text(json.dumps(data), encoding="utf-8")
    before = Path(path).read_bytes()
    code, _out, err = run(capsys, "game", "next-round", path)
    assert code == 2 and named in err and len(err.strip().splitlines()) == 1
    assert Path(path).read_bytes() == before


def test_numbers_json_cannot_hold_are_refused(tmp_path, capsys):
    path = new(tmp_path, capsys, "human-force")
    text = Path(path).read_text(encoding="utf-8").replace('"round": 1', '"round": NaN', 1)
    Path(path).write_text(text, encoding="utf-8")
    code, _out, err = run(capsys, "game", "state", path)
    assert code == 2 and "NaN" in err


def test_an_attack_without_declared_dice_is_refused_not_rolled_as_nothing(tmp_path, capsys, monkeypatch):
    from dataclasses import replace

    path = new(tmp_path, capsys, "human-force")
    game = Game(*load_game(path))
    combat = type(game.systems[0].combat)
    odds = combat.attack_checked
    monkeypatch.setattr(combat, "attack_checked", lambda *a, **k: replace(odds(*a, **k), steps=[]))
    with pytest.raises(GameFileError, match="declares no dice"):
        played(game, "a:2/1", "b:2/1", "ranged", seed=1)


def test_a_game_file_that_cannot_be_written_exits_1_with_one_line(tmp_path, capsys):
    folder = tmp_path / "g.game.json"
    folder.mkdir()
    code, _out, err = run(capsys, "game", "new", army("human-force"), "-o", str(folder))
    assert code == 1 and "cannot write" in err and len(err.strip().splitlines()) == 1


def test_names_from_a_strangers_file_cannot_drive_the_terminal(tmp_path, capsys):
    data = json.loads((examples_dir() / "human-force.army.json").read_text(encoding="utf-8"))
    data["units"][0]["name"] = "Squad\x1b[2J\x9b"
    source = tmp_path / "odd.army.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    path = str(tmp_path / "g.game.json")
    assert run(capsys, "game", "new", str(source), "-o", path)[0] == 0
    for argv in (["game", "state", path], ["game", "state", path, "--json"]):
        code, out, _err = run(capsys, *argv)
        assert code == 0 and "\x1b" not in out and "\x9b" not in out and "Squad" in out
    code, _out, err = run(
        capsys, "game", "attack", path, "--attacker", "a:1/Nobody", "--target", "b:1/1", "--attack", "melee"
    )
    assert code == 2 and "\x1b" not in err and len(err.strip().splitlines()) == 1


def test_the_plain_output_counts_as_a_player_writes(tmp_path, capsys):
    """Counts as a player writes them: "1 shot", "0 steps in the log", never "1 shot(s)"."""
    path = new(tmp_path, capsys, "duke-it-out-brick-brigade")
    code, out, err = run(
        capsys, "game", "attack", path, "--attacker", "a:1/1", "--target", "b:1/1", "--attack", "ranged"
    )
    assert code == 0, err
    shots = json.loads(
        run(capsys, "game", "attack", path, "--attacker", "a:1/1", "--target", "b:1/1", "--attack", "ranged", "--json")[
            1
        ]
    )["shots"]
    assert f", {shots} shot{'s' if shots != 1 else ''}\n" in out
    code, out, err = run(capsys, "game", "state", path)
    assert code == 0 and "0 steps in the log" in out and "(s)" not in out


def test_an_unclosed_nesting_is_named_so_on_every_python():
    """Python 3.12's JSON reader says "Expecting value" where 3.11 raised RecursionError: the nesting either way."""
    from warbench.model.game_file import GameFileError, parse_game

    with pytest.raises(GameFileError, match="nested too deeply"):
        parse_game(b"[" * 1000, "deep.game.json")


INITIATIVE = {"fow-special-ops", "fow-universal-1.7", "fubar", "duke-it-out", "2d6-skirmish"}  # every seed rolls it


@pytest.mark.parametrize("system", sorted(GAMES))
def test_initiative_is_rolled_logged_undoable_and_repeatable(tmp_path, capsys, system):
    """Each player rolls (Duke It Out: plus the best Initiative of their units), the highest goes first, a
    tie is rolled again; a step of the log that undo takes back; the same --seed rolls the same dice. A
    system without an initiative roll exits 2 with the file unchanged."""
    path = new(tmp_path, capsys, GAMES[system])
    before = Path(path).read_bytes()
    code, out, err = run(capsys, "game", "initiative", path, "--seed", "4", "--json")
    if system not in INITIATIVE:
        assert code == 2 and "initiative" in err and err.count("\n") == 1 and Path(path).read_bytes() == before
        return
    assert code == 0, err
    rolled = json.loads(out)
    assert rolled["first"] in ("a", "b") and rolled["rule"]
    throws = rolled["rolls"]
    assert [t["side"] for t in throws] == ["a", "b"] * (len(throws) // 2) and len(throws) >= 2
    for t in throws:
        assert 1 <= t["rolled"][0] <= 6 and t["total"] == t["rolled"][0] + t["bonus"] + t["modifier"]
    pairs = list(zip(throws[::2], throws[1::2], strict=True))
    assert all(a["total"] == b["total"] and a["tie"] for a, b in pairs[:-1])  # ties rolled again
    a, b = pairs[-1]
    assert a["total"] != b["total"] and rolled["first"] == ("a" if a["total"] > b["total"] else "b")
    logged = state(capsys, path)["log"]
    assert [e["action"] for e in logged] == ["initiative"] and logged[0]["first"] == rolled["first"]
    code, out, _err = run(capsys, "game", "initiative", path, "--seed", "4", "--json")
    assert json.loads(out)["rolls"] == throws  # the same seed, the same dice
    assert run(capsys, "game", "undo", path)[0] == 0 and run(capsys, "game", "undo", path)[0] == 0
    assert state(capsys, path)["log"] == []
    code, out, _err = run(capsys, "game", "initiative", path, "--seed", "4")
    assert code == 0 and "goes first" in out


def test_duke_it_out_initiative_adds_the_best_unit_and_a_stunned_unit_loses_it(tmp_path, capsys):
    path = new(tmp_path, capsys, "duke-it-out-brick-brigade")
    game = Game(*load_game(path))
    best = max(e.initiative for unit in game.armies[0].units for e in unit.elements)
    out = game.initiative(seed=1)
    assert {t["bonus"] for t in out["rolls"]} == {best}
    for side in "ab"[:1]:
        for u, unit in enumerate(game.armies[0].units, 1):
            for e in range(1, len(unit.elements) + 1):
                game.set_state(f"{side}:{u}/{e}", "stunned", True)
    out = game.initiative(seed=1)
    assert out["rolls"] == [] and out["first"] == "b" and "stunned" in out["lost"]["a"]


def test_fubar_initiative_takes_scenario_modifiers_others_refuse_them(tmp_path, capsys):
    path = new(tmp_path, capsys, "fubar-rifle-platoon")
    code, out, err = run(capsys, "game", "initiative", path, "--modifier", "a=2", "--seed", "3", "--json")
    assert code == 0, err
    assert all(t["modifier"] == (2 if t["side"] == "a" else 0) for t in json.loads(out)["rolls"])
    before = Path(path).read_bytes()
    for bad in ("c=1", "a=x", "a", "a=1.5"):
        code, _out, err = run(capsys, "game", "initiative", path, "--modifier", bad)
        assert code == 2 and "modifier" in err and Path(path).read_bytes() == before, (bad, err)
    other = new(tmp_path / "fow", capsys, "human-force") if (tmp_path / "fow").mkdir() is None else ""
    before = Path(other).read_bytes()
    code, _out, err = run(capsys, "game", "initiative", other, "--modifier", "a=1")
    assert code == 2 and "modifier" in err and Path(other).read_bytes() == before


def test_an_initiative_tie_is_rolled_again(tmp_path, capsys):
    game = Game(*load_game(new(tmp_path, capsys, "human-force")))
    tied = next(out for seed in range(100) if len((out := game.initiative(seed=seed))["rolls"]) > 2)
    a, b = tied["rolls"][:2]
    assert a["total"] == b["total"] and a["tie"] and b["tie"] and "tie" not in tied["rolls"][-1]


def test_an_attack_names_the_situations_it_left_out_and_why(tmp_path, capsys):
    import copy

    from warbench.model.matchup import NotApplied

    path = new(tmp_path, capsys, "fubar-rifle-platoon")
    argv = ["game", "attack", path, "--attacker", "a:1/1", "--target", "b:1/1", "--attack", "melee"]
    code, out, err = run(capsys, *argv, "--situation", "soft-cover", "--seed", "1", "--json")
    assert code == 0, err
    assert json.loads(out)["not_applied"] == {
        "soft-cover": "Soft cover does not apply to close combat (cover has no effect there)"
    }
    code, out, _err = run(capsys, *argv, "--situation", "soft-cover", "--seed", "1")
    assert "not applied: Soft cover does not apply to close combat" in out
    code, _out, err = run(capsys, *argv[:-1], "ranged", "--situation", "soft-cover", "--situation", "hard-cover")
    assert code == 2 and "one kind of cover, not Hard cover and Soft cover" in err, err  # the rules' words
    note = NotApplied("x", "why")
    assert copy.deepcopy(note).situation == "x" and note == "not applied: why"


def test_an_attack_named_as_its_kind_is_said_once(tmp_path, capsys):
    """User trial 2: the 2D6 game's melee printed "a:1/1 melee (melee) → b:1/1"."""
    path = new(tmp_path, capsys, GAMES["2d6-skirmish"])
    code, out, _err = run(
        capsys, "game", "attack", path, "--attacker", "a:1/1", "--target", "b:1/1", "--attack", "melee"
    )
    assert code == 0 and " melee → " in out.splitlines()[0] and "(melee)" not in out, out


def renamed(path: str, side: int, names: dict[int, str]) -> None:
    """The game file at ``path`` with ``side``'s units at the indexes of ``names`` (0-based) so named."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    for index, name in names.items():
        data["sides"][side]["army"]["units"][index]["name"] = name
    Path(path).write_text(json.dumps(data), encoding="utf-8")


def test_a_ref_of_digits_is_one_element_everywhere_an_index_never_a_name(tmp_path, capsys):
    """Issue 35: with side b's units named "2" and "1", ``--target b:1/1`` showed one element, rolled against
    a second and damaged a third. Digits are an index: the first unit (named "2"), its first element, shown
    by index and name in the attack, its state the one changed, the log and undo naming the same."""
    plain = new(tmp_path, capsys, "human-force")
    path = str(tmp_path / "named.game.json")
    Path(path).write_bytes(Path(plain).read_bytes())
    renamed(path, 1, {0: "2", 1: "1"})
    start = state(capsys, path)
    argv = ["--attacker", "a:2/1", "--target", "b:1/1", "--attack", "ranged"]
    seed = next(s for s in range(200) if played(Game(*load_game(plain)), "a:2/1", "b:1/1", "ranged", seed=s)["damage"])
    code, out, err = run(capsys, "game", "attack", plain, *argv, "--seed", str(seed), "--json")
    expected = json.loads(out)  # the same attack where no name is digits: the first unit's first element

    code, out, err = run(capsys, "game", "attack", path, *argv, "--seed", str(seed), "--apply", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert (data["target"], data["target_unit"], data["target_element"]) == ("b:1/1", "2", "Assault Troop")
    assert (data["attacker"], data["attacker_unit"], data["attacker_element"]) == (
        "a:2/1",
        "Tactical Squad",
        "Tactical Troop",
    )
    for field in ("p_hit", "p_damage", "rolls", "damage", "target_state"):  # rolled against that element
        assert data[field] == expected[field], field
    hit = state(capsys, path)
    changed = [
        (u, e)
        for u, (now, was) in enumerate(zip(hit["sides"][1]["units"], start["sides"][1]["units"], strict=True))
        for e, (a, b) in enumerate(zip(now["elements"], was["elements"], strict=True))
        if a["state"] != b["state"]
    ]
    assert changed == [(0, 0)] and hit["sides"][1]["units"][0]["elements"][0]["state"] == data["target_state"]
    assert hit["log"][0]["target"] == "b:1/1" and hit["log"][0]["changes"][1]["unit"] == 0

    code, out, _err = run(capsys, "game", "attack", path, *argv, "--seed", str(seed))
    assert out.startswith("a:2/1 (Tactical Squad / Tactical Troop) ranged (Pulse Rifle) → b:1/1 (2 / Assault Troop): ")
    code, out, _err = run(capsys, "game", "undo", path)
    assert code == 0 and " → b:1/1 (2 / Assault Troop): " in out, out
    code, out, _err = run(capsys, "game", "set", path, "b:2/2", "prone", "true")
    assert code == 0 and out.startswith("set: b:2/2 (1 / Sergeant): prone false → true"), out
    assert state(capsys, path)["sides"][1]["units"][1]["elements"][1]["state"]["prone"] is True


def test_the_attack_json_only_adds_the_names(tmp_path, capsys):
    """The attack's JSON keeps every field it had, in order, adding each element's unit and element names."""
    path = new(tmp_path, capsys, "human-force")
    argv = ["game", "attack", path, "--attacker", "a:2/1", "--target", "b:3/1", "--attack", "ranged", "--seed", "3"]
    data = json.loads(run(capsys, *argv, "--json")[1])
    named = {"attacker_unit", "attacker_element", "target_unit", "target_element"}
    assert [k for k in data if k not in named][:3] == ["attacker", "target", "attack"]
    assert {k: data[k] for k in named} == {
        "attacker_unit": "Tactical Squad",
        "attacker_element": "Tactical Troop",
        "target_unit": "Heavy Squad",
        "target_element": "Heavy Troop",
    }


@pytest.mark.parametrize("ref", ["a:²/1", "a:1/²", "a:٣/1", "a:" + "1" * 5000 + "/1", "a:0/1", "a:1/00"])
def test_a_ref_of_other_digits_exits_2_naming_it(tmp_path, capsys, ref):
    """Issue 35: ``a:²/1`` (str.isdigit holds, int() refuses) printed a traceback."""
    path = new(tmp_path, capsys, "human-force")
    before = Path(path).read_bytes()
    code, out, err = run(capsys, "game", "attack", path, "--attacker", ref, "--target", "b:1/1", "--attack", "melee")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and repr(ref)[:40] in err, err
    assert Path(path).read_bytes() == before


@pytest.mark.parametrize("bad", ["a=²", "a=+-1", "b=" + "9" * 5000])
def test_a_modifier_of_other_digits_exits_2_naming_it(tmp_path, capsys, bad):
    path = new(tmp_path, capsys, "fubar-rifle-platoon")
    code, _out, err = run(capsys, "game", "initiative", path, "--modifier", bad)
    assert code == 2 and "modifier" in err and len(err.strip().splitlines()) == 1 and len(err) < 200, err


#: what a stranger's name may hold to drive a terminal: an OSC title change ended by BEL, a C1 CSI, a
#: right-to-left override and isolate, and line breaks forging a line of output
HOSTILE = "\x1b]0;pwned\x07\x9b\u202e\u2066 line\nforged\r\u2028"
#: what must never reach a terminal raw (a newline only between lines)
RAW = {chr(c) for c in (*range(0x20), *range(0x7F, 0xA0))} - {"\n"} | set("\u061c\u200e\u200f\u2028\u2029")
RAW |= {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}


def inert(text: str) -> bool:
    """Whether ``text`` holds nothing a terminal obeys, and no line that a name forged."""
    return not RAW & set(text) and "\nforged" not in text


def test_every_game_command_prints_names_and_log_fields_inert(tmp_path, capsys):
    """Issue 35: ``game new``, ``undo``, ``redo``, ``next-round``, ``set`` and ``state`` printed the armies',
    units' and elements' names and the log's fields raw: an escape, BEL, C1, an OSC title change, a bidi
    override and a line break forging a line reached the terminal. Each is escaped, each line stays one;
    the JSON keeps the names' values."""
    data = json.loads((examples_dir() / "human-force.army.json").read_text(encoding="utf-8"))
    data["name"] = "Army" + HOSTILE
    data["units"][0]["name"] = "Squad" + HOSTILE
    data["units"][0]["elements"][0]["name"] = "Trooper" + HOSTILE
    source = tmp_path / "odd.army.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    path = str(tmp_path / "g.game.json")
    attack = ["game", "attack", path, "--attacker", "a:1/1", "--target", "b:1/1", "--attack", "melee", "--seed", "1"]
    outputs = []
    for argv in (
        ["game", "new", str(source), "-o", path],
        ["game", "set", path, "a:1/1", "prone", "true"],
        ["game", "undo", path],
        ["game", "redo", path],
        ["game", "next-round", path],
        ["game", "state", path],
        attack,
        [*attack, "--apply"],
    ):
        code, out, err = run(capsys, *argv)
        assert code == 0, err
        assert inert(out + err), (argv, out, err)
        outputs.append(out)
    assert all("pwned" in out for i, out in enumerate(outputs) if i != 4)  # next-round names no element
    assert [out.count("\n") for out in outputs[:5]] == [1] * 5  # one line each
    code, out, _err = run(capsys, "game", "state", path, "--json")
    assert code == 0 and inert(out) and json.loads(out)["sides"][1]["units"][0]["name"] == "Squad" + HOSTILE
    code, out, _err = run(capsys, *attack, "--json")
    assert code == 0 and inert(out) and json.loads(out)["target_element"] == "Trooper" + HOSTILE
    saved = json.loads(Path(path).read_text(encoding="utf-8"))  # a log's fields as a stranger's file holds them
    for entry in saved["log"]:
        entry.update(attack=HOSTILE, weapon=HOSTILE)
    saved["log"][-1]["rolls"] = [{"step": HOSTILE, "dice": HOSTILE, "need": HOSTILE}]
    Path(path).write_text(json.dumps(saved), encoding="utf-8")
    for argv in (["game", "undo", path], ["game", "redo", path], ["game", "undo", path], ["game", "state", path]):
        code, out, err = run(capsys, *argv)
        assert code == 0 and inert(out + err) and "pwned" in out, (argv, out, err)
    saved["log"][-1]["target"] = HOSTILE  # a REF the game never writes: refused on open, the refusal inert
    Path(path).write_text(json.dumps(saved), encoding="utf-8")
    code, out, err = run(capsys, "game", "state", path)
    assert code == 2 and out == "" and inert(err) and err.count("\n") == 1 and "target" in err


def test_a_value_of_more_digits_than_int_reads_exits_2_naming_it(tmp_path, capsys):
    """``game set REF figures 111…`` (5,000 digits: past int()'s 4,300) printed a traceback."""
    path = new(tmp_path, capsys, "human-force")
    before = Path(path).read_bytes()
    code, out, err = run(capsys, "game", "set", path, "a:1/1", "figures", "1" * 5000)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "5,000 characters" in err, err
    assert len(err) < 200 and Path(path).read_bytes() == before


def test_a_bad_ref_is_one_short_line_whatever_the_army_or_the_ref_holds(tmp_path, capsys):
    """A REF naming no unit of a 300-unit army listed all 300 names, and a 5,000-character REF was quoted
    whole, twice: the message quotes excerpts and lists the first names."""
    data = json.loads((examples_dir() / "human-force.army.json").read_text(encoding="utf-8"))
    data["units"] = [dict(data["units"][0], name=f"Squad {n}") for n in range(300)]
    source = tmp_path / "big.army.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    path = str(tmp_path / "g.game.json")
    assert run(capsys, "game", "new", str(source), "-o", path)[0] == 0
    said = []
    for ref in ("a:Nobody/1", "a:" + "N" * 5000 + "/1", "a:1/" + "E" * 5000, "x" * 5000):
        code, _out, err = run(
            capsys, "game", "attack", path, "--attacker", ref, "--target", "b:1/1", "--attack", "melee"
        )
        assert code == 2 and len(err.strip().splitlines()) == 1 and len(err) < 600, err
        said.append(err)
    assert "'Squad 8', 'Squad 9', …)" in said[0] and "(5,000 characters)" in said[3]


@pytest.mark.parametrize("system", sorted(GAMES))
def test_attack_all_rolls_every_figure_as_one_step(tmp_path, capsys, system):
    """game.md 1.1: ``--all``: every figure that may attack, one step; ``figures`` and the exact
    ``distribution`` of the total damage (fractions summing to 1); hits and damage the totals of the rolls."""
    from fractions import Fraction

    path = new(tmp_path, capsys, GAMES[system])
    attacker, target, kind, _seed = harmful_attack(path)
    argv = ("game", "attack", path, "--attacker", attacker, "--target", target, "--attack", kind, "--seed", "7")
    code, out, err = run(capsys, *argv, "--all", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["figures"] >= 1 and data["applied"] is False
    distribution = data["distribution"]
    assert list(distribution) == [str(k) for k in range(len(distribution))]
    assert sum(Fraction(p) for p in distribution.values()) == 1
    assert {r.get("figure", 1) for r in data["rolls"]} <= set(range(1, data["figures"] + 1))
    assert all("figure" in r for r in data["rolls"]) == (data["figures"] > 1)  # which figure rolled it
    assert 0 <= data["damage"] and 0 <= data["hits"] <= len(data["rolls"])
    single = json.loads(run(capsys, *argv, "--json")[1])  # without --all: the contract's object, as before
    assert "figures" not in single and "distribution" not in single
    assert [k for k in single if k not in ("not_applied", "reroll", "attacker_state")] == [
        "attacker", "attacker_unit", "attacker_element", "target", "target_unit", "target_element", "attack",
        "weapon", "situation", "p_hit", "p_damage", "damage_is", "shots", "seed", "rolls", "hits", "damage",
        "effects", "applied", "target_state",
    ]  # fmt: skip
    code, out, err = run(capsys, *argv, "--all", "--apply", "--json")
    applied = json.loads(out)
    assert code == 0 and applied["applied"] and applied["rolls"] == data["rolls"]  # the same seed, the same dice
    after = state(capsys, path)
    assert len(after["log"]) == 1 and after["log"][0]["figures"] == data["figures"]  # one step
    assert run(capsys, "game", "undo", path)[0] == 0  # undone in one step
    (tmp_path / "fresh").mkdir()
    assert state(capsys, path)["sides"] == state(capsys, new(tmp_path / "fresh", capsys, GAMES[system]))["sides"]
    code, out, _err = run(capsys, *argv, "--all")
    chance = f"{float(Fraction(distribution['0'])) * 100:.1f}%"
    assert code == 0 and f"{data['figures']} figure" in out and f": 0 {chance}" in out
