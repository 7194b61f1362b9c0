"""The generic matchup pieces and ``warbench matchup`` (the JSON contract)."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest

from tests.helpers import army_data, element, enumerate_chance
from warbench.cli import main
from warbench.model.fileio import army_from_data
from warbench.model.matchup import (
    AttackResult,
    MatchupError,
    Memo,
    activation,
    binomial,
    expected_damage,
    fraction_text,
    matrix,
    pairs,
)
from warbench.model.systems import get_system, system_for


def write_army(tmp_path, name, elements, system="fow-special-ops"):
    path = tmp_path / f"{name}.army.json"
    path.write_text(json.dumps(army_data(system, elements, name=name)), encoding="utf-8")
    return str(path)


def test_fraction_text_spells_the_ends():
    assert [fraction_text(F(0)), fraction_text(F(1)), fraction_text(F(10, 32))] == ["0", "1", "5/16"]


def test_activation_distribution_is_the_convolution_of_binomials():
    # 2 elements × 1 shot at 1/2, 1 element × 2 shots at 1/3: P(0 damage) = (1/2)^2 × (2/3)^2 = 1/9
    a = AttackResult("melee", "w", F(1, 2), F(1, 2), "removed")
    b = AttackResult("ranged", "w", F(1, 3), F(1, 3), "removed", shots=2)
    act = activation([(None, 2, a), (None, 1, b)])
    assert act.damage[0] == F(1, 4) * F(4, 9)
    assert sum(act.damage) == 1
    assert act.expected_damage == 2 * F(1, 2) + 2 * F(1, 3)
    # brute force over four fair "coins" (d2 and d3 faces)
    assert act.damage[4] == enumerate_chance(
        [2, 2, 3, 3], lambda f: f[0] == 2 and f[1] == 2 and f[2] == 3 and f[3] == 3
    )
    assert binomial(3, F(1, 2)) == [F(1, 8), F(3, 8), F(3, 8), F(1, 8)]


def test_cli_json_follows_the_contract(tmp_path, capsys):
    mine = write_army(tmp_path, "Shooters", [element("Rifleman", ranged={"name": "Rifle", "die": "d8", "range": 12})])
    theirs = write_army(tmp_path, "Plain", [element("Trooper")])
    assert main(["matchup", mine, theirs, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["system"] == "fow-special-ops"
    ranged = [p for p in data["pairs"] if p["attack"] == "ranged"]
    assert ranged == [
        {
            "attacker": {"unit": "Unit", "element": "Rifleman"},
            "target": {"unit": "Unit", "element": "Trooper"},
            "attack": "ranged",
            "situation": [],
            "p_hit": "5/8",
            "p_damage": "5/16",
            "damage": "removed",
            "modifiers": ["ranged d8: 4+", "recovery d6: 4+"],
            "weapon": "Rifle",
            "shots": 1,
            "left_to_table": [],
        }
    ]
    assert {p["attack"] for p in data["pairs"]} == {"melee", "ranged"}
    # the matrix: the best action, ranged 5/16
    assert data["matrix"]["expected_damage"] == [["5/16"]]


def test_cli_attack_and_situation_filters(tmp_path, capsys):
    mine = write_army(tmp_path, "Shooters", [element("Rifleman", ranged={"name": "Rifle", "die": "d8", "range": 12})])
    assert main(["matchup", mine, "--attack", "ranged", "--situation", "flank", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(p["attack"], p["p_hit"], p["situation"]) for p in data["pairs"]] == [("ranged", "3/4", ["flank"])]


def test_cli_table_and_bad_input(tmp_path, capsys):
    mine = write_army(tmp_path, "Shooters", [element("Rifleman", ranged={"name": "Rifle", "die": "d8", "range": 12})])
    assert main(["matchup", mine]) == 0
    out = capsys.readouterr().out
    assert "expected damage per activation" in out and "0.31" in out
    assert main(["matchup", mine, "--situation", "uphill"]) == 2
    assert "'uphill': not a situation" in capsys.readouterr().err
    assert main(["matchup", mine, "--attack", "turret"]) == 2
    assert "has a turret attack" in capsys.readouterr().err
    other = write_army(tmp_path, "Other", [element("X")], system="fow-universal-1.7")
    assert main(["matchup", mine, other]) == 2
    assert "cannot face" in capsys.readouterr().err


def test_pairs_cover_every_element_and_attack():
    army = army_from_data(
        army_data(
            "fow-special-ops",
            [
                element("A", melee={"name": "S", "die": "d6"}),
                element("B", ranged={"name": "G", "die": "d6", "range": 6}),
            ],
        )
    )
    got = pairs(system_for(army), army, army)
    # A: melee; B: melee + ranged; × 2 targets
    assert len(got) == (1 + 2) * 2


def test_every_example_army_matches_up(capsys):
    from warbench.model.resources import examples_dir

    for path in sorted(examples_dir().glob("*.army.json")):
        assert main(["matchup", str(path), "--json"]) == 0, path
        data = json.loads(capsys.readouterr().out)
        assert data["pairs"], path
        for pair in data["pairs"]:
            p_hit, p_damage = F(pair["p_hit"]), F(pair["p_damage"])
            assert 0 <= p_damage <= 1 and 0 <= p_hit <= 1, pair
            assert p_damage <= p_hit or pair["damage"] == "killed", pair


def _example_armies_by_system() -> dict[str, list]:
    from warbench.model.fileio import load_army
    from warbench.model.resources import examples_dir

    by_system: dict[str, list] = {}
    for path in sorted(examples_dir().glob("*.army.json")):
        army = load_army(path)
        by_system.setdefault(army.system, []).append(army)
    return by_system


def _fresh(system, attacker, kind, target, situation):
    try:
        return system.combat.attack(attacker, kind, target, situation, strict=False)
    except MatchupError:
        return None


def test_memo_shares_work_only_between_elements_whose_odds_are_equal():
    # the memo keys attacks by what they read from the attacker and from the target: every
    # memoised result must equal the attack worked out afresh, for every example element pair
    for system_id, armies in _example_armies_by_system().items():
        system = get_system(system_id)
        elements = [e for army in armies for unit in army.units for e in unit.elements]
        for situation in (frozenset(), frozenset({"flank", "prone"}) & {s.name for s in system.combat.situations}):
            memo = Memo(system, situation)
            for attacker in elements:
                for kind in system.combat.attack_kinds(attacker):
                    for target in elements:
                        fresh = _fresh(system, attacker, kind, target, situation)
                        assert memo.attack(attacker, kind, target) == fresh, (attacker.name, kind, target.name)


def test_matrix_equals_the_best_action_against_the_most_hurt_element_worked_out_afresh():
    for system_id, armies in _example_armies_by_system().items():
        system = get_system(system_id)
        for army in armies:
            opponent = armies[-1]
            got = matrix(system, army, opponent)["expected_damage"]
            want = [
                [
                    max(
                        expected_damage(
                            (system.schema.element_count(a), r)
                            for a in unit.elements
                            for kind in system.combat.attack_kinds(a)
                            if kind[0] in action and (r := _fresh(system, a, kind, t, frozenset())) is not None
                        )
                        for t in target_unit.elements
                        for action in system.combat.actions()
                    )
                    for target_unit in opponent.units
                ]
                for unit in army.units
            ]
            assert got == want, (system_id, army.name)


def test_cli_json_names_the_reroll_and_keeps_the_key_older_versions_wrote(tmp_path, capsys):
    lucky = {"name": "Edge", "die": "d6"}
    mine = write_army(tmp_path, "Lucky", [element("Ace", melee=lucky, attributes=["lucky"])])
    theirs = write_army(tmp_path, "Plain", [element("Trooper", melee={"name": "Knife", "die": "d6"})])
    assert main(["matchup", mine, theirs, "--json", "--attack", "melee"]) == 0
    (pair,) = json.loads(capsys.readouterr().out)["pairs"]
    # the attacker re-rolls a miss once: 1 - (1/2)^2 = 3/4 to hit, then the target fails recovery 1/2
    assert pair["reroll_name"] == "Lucky"
    assert pair["reroll"] == {"attacker": {"p_hit": "3/4", "p_damage": "3/8"}}
    assert pair["lucky"] == pair["reroll"]  # the same odds where readers of earlier versions look
    # no re-roll in play: neither key
    assert main(["matchup", theirs, mine, "--json", "--attack", "melee"]) == 0
    (plain,) = json.loads(capsys.readouterr().out)["pairs"]
    assert plain["reroll"] == {"target": {"p_hit": "1/2", "p_damage": "1/8"}}
    assert main(["matchup", theirs, theirs, "--json"]) == 0
    assert not {"reroll", "reroll_name", "lucky"} & set(json.loads(capsys.readouterr().out)["pairs"][0])


def test_the_situation_is_checked_once_per_matchup(monkeypatch):
    import warbench.model.matchup
    import warbench.model.systems.combat
    from warbench.model.matchup import matchup_json

    calls = []
    check = warbench.model.matchup.check_situation

    def counted(known, situation):
        calls.append(situation)
        return check(known, situation)

    monkeypatch.setattr(warbench.model.matchup, "check_situation", counted)
    monkeypatch.setattr(warbench.model.systems.combat, "check_situation", counted)
    armies = _example_armies_by_system()["fow-special-ops"]
    system = get_system("fow-special-ops")
    data = matchup_json(system, armies[0], armies[-1], situation=["flank"])
    assert len(data["pairs"]) > 20 and any(p["situation"] == ["flank"] for p in data["pairs"])
    assert len(calls) == 1


# --- the matchup streamed (issue 39: 2,000 units printed nothing after 300 s) ---------------------------


def _written(data) -> str:
    from warbench.model import jsontext

    return "".join(jsontext.chunks(data, depth=2))


def test_the_streamed_matchup_writes_the_same_text_as_the_whole_one():
    from warbench.model import jsontext
    from warbench.model.matchup import matchup_json, matchup_stream

    for system_id, armies in _example_armies_by_system().items():
        system = get_system(system_id)
        for army, opponent in ((armies[0], armies[0]), (armies[0], armies[-1])):
            whole = jsontext.dumps(matchup_json(system, army, opponent))
            assert _written(matchup_stream(system, army, opponent)) == whole, system_id


def test_the_streamed_matchup_holds_no_more_as_the_armies_grow():
    """The pairs and the matrix's rows are worked out as they are written and none is kept: the memory the
    writing takes does not grow with the pairs. Four times the units is sixteen times the pairs: the whole
    object grows with them (1.3 -> 14.4 MB), the stream only with the units' names and keys (0.5 -> 1.2 MB)."""
    import tracemalloc

    from benchmarks._armies import big_army_data
    from warbench.model import jsontext
    from warbench.model.matchup import matchup_json, matchup_stream

    peaks = {}
    for units in (15, 15, 60):  # the first 15 fills the caches every run shares
        army = army_from_data(big_army_data(units))
        system = system_for(army)
        for how, make in (("stream", matchup_stream), ("whole", matchup_json)):
            tracemalloc.start()
            try:
                for _chunk in jsontext.chunks(make(system, army, army), depth=2):
                    pass
                peaks[how, units] = tracemalloc.get_traced_memory()[1]
            finally:
                tracemalloc.stop()
    assert peaks["whole", 60] > 8 * peaks["whole", 15], peaks  # with the pairs
    assert peaks["stream", 60] < 4 * peaks["stream", 15], peaks  # at most with the units


@pytest.mark.parametrize("shots", [1, 301])
def test_a_matchup_over_the_bound_is_refused_before_anything_is_written(shots):
    """Every refusal is raised by matchup_stream itself, before a writer has written a line (the attack of
    301 shots is the 12th unit's, after eleven that could have been written)."""
    from tests.model.test_matchup_bounds import skirmish
    from warbench.model.matchup import MatchupTooLarge, matchup_stream

    data = skirmish(shots=1)
    last = skirmish(shots=shots)
    last["homebrew"]["weapons"][0]["id"] = "hb-y"
    last["units"][0]["elements"][0]["weapons"][0]["weapon"] = "hb-y"
    data["homebrew"]["weapons"] += last["homebrew"]["weapons"]
    data["units"] = data["units"] * 11 + last["units"]
    army = army_from_data(data)
    if shots == 1:
        assert _written(matchup_stream(system_for(army), army, army, situation=["soft-cover"]))
        return
    with pytest.raises(MatchupTooLarge):
        matchup_stream(system_for(army), army, army, situation=["soft-cover"])


def test_progress_goes_to_a_terminals_stderr_never_into_the_output(capsys, monkeypatch, tmp_path):
    import sys

    path = tmp_path / "big.army.json"
    from benchmarks._armies import big_army_data

    path.write_text(json.dumps(big_army_data(40)), encoding="utf-8")
    assert main(["matchup", str(path), "--json"]) == 0
    plain_run = capsys.readouterr()
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["matchup", str(path), "--json"]) == 0
    tty_run = capsys.readouterr()
    assert tty_run.out == plain_run.out and plain_run.err == ""
    assert "matchup: pairs" in tty_run.err and tty_run.err.endswith("\r")
