"""``warbench balance`` against ``shared/spec/balance.md`` for all five systems, worked out in the test from
``warbench matchup A B --json`` (not the balance code's own path), and its refusals; ``warbench reprice``."""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction

import pytest

from warbench.cli import main
from warbench.model.resources import examples_dir

EXAMPLES = sorted(examples_dir().glob("*.army.json"))


def _system(path) -> str:
    return json.loads(path.read_text(encoding="utf-8"))["system"]


SYSTEMS = sorted({_system(p) for p in EXAMPLES})


def _run(capsys, *argv):
    status = main(list(map(str, argv)))
    out, err = capsys.readouterr()
    return status, out, err


def _elements(path) -> list[tuple[str, str]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [(u["name"], e["name"]) for u in data["units"] for e in u["elements"]]


def _best(capsys, attacker_file, target_file, measure) -> dict[tuple, Fraction]:
    """(attacker unit, element, target unit, element) → the best ``measure(pair)`` of the matchup's pairs."""
    status, out, _err = _run(capsys, "matchup", attacker_file, target_file, "--json")
    assert status == 0
    best: dict[tuple, Fraction] = defaultdict(Fraction)
    for pair in json.loads(out)["pairs"]:
        assert pair["situation"] == []
        key = (pair["attacker"]["unit"], pair["attacker"]["element"], pair["target"]["unit"], pair["target"]["element"])
        best[key] = max(best[key], measure(pair))
    return best


def _damage(pair) -> Fraction:
    return pair["shots"] * Fraction(pair["p_damage"])


def _expected(capsys, army, pool, measure=_damage):
    """Per element of ``army``: (deals, takes) as the contract defines them, from the matchup JSON."""
    deals: dict[tuple, Fraction] = defaultdict(Fraction)
    takes: dict[tuple, Fraction] = defaultdict(Fraction)
    n = sum(len(_elements(p)) for p in pool)
    for other in pool:
        out_to = _best(capsys, army, other, measure)
        in_from = _best(capsys, other, army, measure)
        for me in _elements(army):
            for them in _elements(other):
                deals[me] += out_to.get((*me, *them), Fraction(0))
                takes[me] += in_from.get((*them, *me), Fraction(0))
    return {me: (deals[me] / n, takes[me] / n) for me in _elements(army)}


@pytest.mark.parametrize("system", SYSTEMS)
def test_deals_and_takes_are_the_matchups_means_exactly(capsys, system):
    pool = [p for p in EXAMPLES if _system(p) == system]
    army = pool[0]
    # the contract names elements by unit and element name: the examples' names tell them apart
    assert len(set(_elements(army))) == len(_elements(army))
    status, out, err = _run(capsys, "balance", army, "--json")
    assert status == 0, err
    report = json.loads(out)
    assert report["system"] == system
    assert report["pool"]["files"] == [str(p) for p in pool]
    assert report["pool"]["elements"] == sum(len(_elements(p)) for p in pool)
    expected = _expected(capsys, army, pool)
    got = report["elements"]
    assert [(e["unit"], e["element"]) for e in got] == _elements(army)
    assert any(Fraction(e["deals"]) for e in got) and any(Fraction(e["takes"]) for e in got)
    for entry in got:
        deals, takes = expected[(entry["unit"], entry["element"])]
        assert (entry["deals"], entry["takes"]) == (str(deals), str(takes)), entry["element"]
        if takes:
            assert Fraction(entry["value"]) == deals * entry["health"] / takes


def test_points_are_the_cost_contracts(capsys):
    army = examples_dir() / "duke-it-out-brick-brigade.army.json"  # halves among them (1.5 points)
    _status, out, _err = _run(capsys, "cost", army, "--json")
    costs = [str(e["cost_each"]) for u in json.loads(out)["units"] for e in u["elements"]]
    _status, out, _err = _run(capsys, "balance", army, "--json")
    assert [e["points"] for e in json.loads(out)["elements"]] == costs
    assert "1.5" in costs


def _mean_damage(pair) -> Fraction:
    per = pair.get("damage_per_attack")
    mean = sum(k * Fraction(p) for k, p in enumerate(per)) if per else Fraction(pair["p_damage"])
    return pair["shots"] * mean


@pytest.mark.parametrize(
    ("example", "effect", "measure"),
    [
        ("duke-it-out-brick-brigade", "mean damage", _mean_damage),
        ("duke-it-out-brick-brigade", "stunned", lambda p: p["shots"] * Fraction(p.get("also", {}).get("stunned", 0))),
        ("fubar-rifle-platoon", "destroyed", lambda p: p["shots"] * Fraction(p.get("also", {}).get("destroyed", 0))),
        ("2d6-dust-raiders", "mean damage", _mean_damage),
    ],
)
def test_a_systems_own_measures_are_the_matchups_means(capsys, example, effect, measure):
    army = examples_dir() / f"{example}.army.json"
    _status, out, _err = _run(capsys, "balance", army, "--json", "--pool", army)
    expected = _expected(capsys, army, [army], measure)
    got = json.loads(out)["elements"]
    assert any(Fraction(e["effects"].get(effect, "0")) for e in got)
    for entry in got:  # an effect no attack of the element has is left out: 0
        assert entry["effects"].get(effect, "0") == str(expected[(entry["unit"], entry["element"])][0])


def test_a_pool_of_another_system_is_refused_naming_the_file(capsys):
    other = examples_dir() / "fubar-rifle-platoon.army.json"
    status, out, err = _run(capsys, "balance", examples_dir() / "human-force.army.json", "--pool", other)
    assert status == 2 and out == ""
    assert str(other) in err and "fubar" in err and "fow-special-ops" in err


def test_an_empty_pool_is_refused(capsys, tmp_path):
    status, out, err = _run(capsys, "balance", examples_dir() / "human-force.army.json", "--pool", tmp_path)
    assert status == 2 and out == ""
    assert "the pool has no elements" in err
    (tmp_path / "nobody.army.json").write_text(
        json.dumps(
            {
                "format": "warbench-army",
                "schema_version": 1,
                "system": "fow-special-ops",
                "name": "N",
                "points_limit": None,
                "units": [],
            }
        ),
        encoding="utf-8",
    )
    status, _out, err = _run(capsys, "balance", examples_dir() / "human-force.army.json", "--pool", tmp_path)
    assert status == 2 and "the pool has no elements" in err and "nobody.army.json" in err
    status, _out, err = _run(capsys, "balance", examples_dir() / "human-force.army.json", "--pool", tmp_path / "no")
    assert status == 2 and "no such army file or folder" in err


def _fubar(tmp_path, name, mutate):
    data = json.loads((examples_dir() / "fubar-rifle-platoon.army.json").read_text(encoding="utf-8"))
    mutate(data)
    path = tmp_path / f"{name}.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_an_element_that_can_attack_nothing_and_a_pool_that_harms_nothing(capsys, tmp_path):
    def unarmed_tank(data):
        data["units"] = [u for u in data["units"] if u["elements"][0]["kind"] != "infantry"]
        for unit in data["units"]:
            for element in unit["elements"]:
                element["weapons"] = []

    tank = _fubar(tmp_path, "tank", unarmed_tank)
    status, out, err = _run(capsys, "balance", tank, "--json", "--pool", tank)
    assert status == 0, err
    (entry,) = json.loads(out)["elements"]
    assert (entry["deals"], entry["takes"], entry["value"], entry["lasts"]) == ("0", "0", "0", None)
    assert "has no attack: it can attack nothing" in entry["flags"]
    assert "nothing in the pool can harm it" in entry["flags"]
    # the platoon against it: infantry cannot fight a vehicle in close combat, small arms cannot harm it
    status, out, err = _run(capsys, "balance", examples_dir() / "fubar-rifle-platoon.army.json", "--pool", tank)
    assert status == 0, err
    assert "nothing in the pool can harm it" in out
    status, out, err = _run(
        capsys, "balance", examples_dir() / "fubar-rifle-platoon.army.json", "--json", "--pool", tank
    )
    hmg = json.loads(out)["elements"][1]  # a heavy machine gun and pistols: nothing that harms armour
    assert hmg["element"] == "HMG Team"
    assert hmg["deals"] == "0" and hmg["value"] == "0" and "can harm nothing in the pool" in hmg["flags"]


def test_a_design_without_points_has_no_value_per_point(capsys, tmp_path):
    army = examples_dir() / "fubar-rifle-platoon.army.json"  # FUBAR prices nothing: no element has points
    status, out, err = _run(capsys, "balance", army, "--json")
    assert status == 0, err
    report = json.loads(out)
    assert report["pool"]["curve"] == {"deals": None, "lasts": None, "value": None}
    first = report["elements"][0]
    assert first["points"] is None and first["per_point"] == {"deals": None, "lasts": None, "value": None}
    assert Fraction(first["value"]) > 0 and first["ratio"] == {}
    assert "has no points: no value per point" in first["flags"]
    status, out, err = _run(capsys, "balance", army)
    assert status == 0 and "has no points" in out
    data = json.loads((examples_dir() / "duke-it-out-brick-brigade.army.json").read_text(encoding="utf-8"))
    data["units"][1]["elements"][0]["points"] = 0
    path = tmp_path / "free.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = _run(capsys, "balance", path, "--json", "--pool", path)
    assert status == 0, err
    second = json.loads(out)["elements"][1]
    assert second["points"] == "0" and second["per_point"]["value"] is None
    assert "costs 0 points: no value per point" in second["flags"]


def test_flags_name_the_ratio_and_the_cost_lines(capsys):
    status, out, _err = _run(capsys, "balance", examples_dir() / "demonic-force.army.json", "--json")
    assert status == 0
    report = json.loads(out)
    curve = report["pool"]["curve"]["value"]
    # fitted on every pool element with points and a value: all but those that attack nothing (value 0)
    assert 0 < curve["fitted"] <= report["pool"]["elements"]
    flagged = [e for e in report["elements"] if any("predict" in f for f in e["flags"])]
    assert flagged
    for entry in flagged:
        ratio = entry["ratio"]["value"]
        predicted = curve["c"] * float(entry["points"]) ** curve["b"]
        assert ratio == pytest.approx(float(Fraction(entry["value"])) / predicted, rel=1e-3)
        assert entry["cost_lines"] and all(line["points"] for line in entry["cost_lines"])


def test_reprice_between_the_flat_out_war_editions(capsys, tmp_path):
    army = examples_dir() / "human-force.army.json"
    target = tmp_path / "universal.army.json"
    status, out, err = _run(capsys, "reprice", army, "--system", "fow-universal-1.7", "--json", "-o", target)
    assert status == 0, err
    result = json.loads(out)
    assert [(e["unit"], e["element"]) for e in result["elements"]] == _elements(army)
    _status, cost_out, _err = _run(capsys, "cost", target, "--json")
    cost = json.loads(cost_out)
    assert cost["system"] == "fow-universal-1.7"
    assert [e["repriced"] for e in result["elements"]] == [e["cost_each"] for u in cost["units"] for e in u["elements"]]
    assert any("skimmer" in text for e in result["elements"] for text in e["unmapped"])
    status, _out, err = _run(capsys, "reprice", army, "--system", "fubar")
    assert status == 2 and "not an edition" in err
    status, _out, err = _run(capsys, "reprice", army, "--system", "nope")
    assert status == 2 and "not a rule system" in err


def test_a_pool_army_with_its_own_homebrew_is_priced_by_it(capsys, tmp_path):
    """A pool army's homebrew attribute is its own: it was priced with the judged army's system (KeyError)."""
    from tests.helpers import army_data, element

    pod = element("Pod", attributes=["rocket-pod", "magic"], spells=["mud"], melee={"name": "Claw", "die": "d6"})
    data = army_data("fow-special-ops", [pod])  # (a weapon: an element without one attacks nothing)
    data["homebrew"] = {
        "attributes": [{"id": "rocket-pod", "name": "Rocket Pod", "cost": {"kind": "flat", "points": 6}}],
        "spells": [{"id": "mud", "name": "Mud", "difficulty": 2, "range": 12, "duration": 1, "text": "Mud."}],
    }
    pool = tmp_path / "homebrew.army.json"
    pool.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = _run(capsys, "balance", examples_dir() / "human-force.army.json", "--pool", pool, "--json")
    assert status == 0, err
    report = json.loads(out)
    assert report["pool"]["elements"] == 1 and report["pool"]["curve"]["value"]["fitted"] == 1
    _status, cost, _err = _run(capsys, "cost", pool, "--json")
    assert json.loads(cost)["units"][0]["elements"][0]["cost_each"] == 30  # the curve's one point, at its price


def test_the_library_s_designs_as_the_pool(capsys, tmp_path, monkeypatch):
    from warbench.model.fileio import load_army
    from warbench.model.library import Library
    from warbench.model.systems import system_for

    monkeypatch.setenv("WARBENCH_LIBRARY", str(tmp_path / "library"))
    army_path = examples_dir() / "human-force.army.json"
    status, _out, err = _run(capsys, "balance", army_path, "--library")
    assert status == 2 and "the library has no fow-special-ops designs" in err
    army = load_army(army_path)
    library = Library()
    library.save_design(army, system_for(army), "unit", army.units[0])  # two elements
    library.save_design(army, system_for(army), "element", army.units[3].elements[0])
    broken = library.designs_dir(army.system) / "broken.json"
    broken.write_text("{", encoding="utf-8")
    status, out, err = _run(capsys, "balance", army_path, "--library", "--json")
    assert status == 0 and "broken.json" in err
    report = json.loads(out)
    assert report["pool"]["elements"] == 3 and report["pool"]["files"] == [str(library.designs_dir(army.system))]
    status, out, _err = _run(capsys, "balance", army_path, "--library", "--json", "--pool", army_path)
    assert json.loads(out)["pool"]["elements"] == 3 + len(_elements(army_path))
