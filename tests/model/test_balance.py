"""model/balance.py: the curve, the flags, the lab kept between edits (the window's what-if) and its bound."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from warbench.model.balance import (
    BalanceError,
    BalanceTooLarge,
    Design,
    Lab,
    PoolArmy,
    balance,
    check_pool,
    example_pool,
    fit,
    judge,
    library_pool,
    pool_files,
)
from warbench.model.fileio import load_army
from warbench.model.resources import examples_dir
from warbench.model.systems import system_for

ORCS = examples_dir() / "orc-and-ghoblin-force.army.json"


def _design(points, deals, takes, attacks=1):
    return Design("U", "E", points, Fraction(deals), Fraction(takes), attacks=attacks)


def test_the_curve_is_the_least_squares_power_law():
    designs = [_design(p, Fraction(3, 10) * p**2 / 4, Fraction(3, 10)) for p in (2, 4, 8, 16)]  # value = p² / 4
    curve = fit("value", designs)
    assert curve is not None and curve.fitted == 4
    assert curve.b == pytest.approx(2) and curve.c == pytest.approx(0.25)
    assert curve.predict(10) == pytest.approx(25)
    single = fit("deals", [_design(5, 2, 1)])
    assert (single.b, single.c) == (1.0, pytest.approx(0.4))  # one point: in proportion to points
    same_price = fit("deals", [_design(5, 1, 1), _design(5, 4, 1)])
    assert same_price.b == 1.0 and same_price.c == pytest.approx(math.sqrt(1 * 4) / 5)
    assert fit("value", [_design(None, 1, 1), _design(0, 1, 1), _design(4, 0, 1)]) is None


def test_flags_at_the_thresholds_and_the_odd_designs():
    curves = {"deals": fit("deals", [_design(p, Fraction(p, 10), 1) for p in (1, 2, 4)])}
    cheap, fair, dear = _design(10, Fraction(3, 2), 1), _design(10, 1, 1), _design(10, Fraction(2, 3), 1)
    for design in (cheap, fair, dear):
        judge(design, curves)
    assert cheap.ratios["deals"] == pytest.approx(1.5) and cheap.flags == [
        "deals 1.5× what its points predict: too cheap"
    ]
    assert fair.flags == [] and fair.codes == []
    assert dear.codes == [("dear", {"measure": "deals", "ratio": pytest.approx(2 / 3)})]
    unarmed = _design(10, 0, 0, attacks=0)
    judge(unarmed, curves)
    assert unarmed.flags == ["has no attack: it can attack nothing", "nothing in the pool can harm it"]
    assert (unarmed.lasts, unarmed.value, unarmed.per_point("value")) == (None, 0, 0)
    immortal = _design(None, 1, 0)
    judge(immortal, curves)
    assert immortal.value is None and immortal.ratios == {}
    assert immortal.flags == ["nothing in the pool can harm it", "has no points: no value per point"]
    free = _design(0, 1, 1)
    judge(free, curves)
    assert free.flags == ["costs 0 points: no value per point"] and free.per_point("deals") is None


def test_the_lab_kept_between_edits_gives_what_a_fresh_report_gives():
    army = load_army(ORCS)
    system = system_for(army)
    pool = example_pool(army.system)
    lab = Lab(system, pool)
    first = lab.report(army)
    edited = army.model_copy(deep=True)
    edited.units[0].elements[0].die = "d8"  # the what-if: one design changed
    edited.units[4].elements[0].melee.die = "d12"
    again = lab.report(edited)
    fresh = balance(edited, system, pool)
    assert [d.as_json() for d in again.designs] == [d.as_json() for d in fresh.designs]
    assert again.designs[0].as_json() != first.designs[0].as_json()
    assert [d.as_json() for d in again.designs[1:4]] == [d.as_json() for d in first.designs[1:4]]


def test_the_windows_bound_is_named_before_the_work():
    army = load_army(ORCS)
    system = system_for(army)
    pool = example_pool(army.system)
    designs = len(Lab(system, pool).grouped)
    with pytest.raises(BalanceTooLarge, match=f"{designs} designs against {designs} designs of the pool"):
        Lab(system, pool, max_pairs=designs * designs - 1)
    lab = Lab(system, pool, max_pairs=designs * designs)
    lab.max_pairs = designs - 1  # less than one new design against the pool
    lab.report(army)  # every design of the army is one of the examples': nothing new to work out
    edited = army.model_copy(deep=True)
    edited.units[0].elements[0].die = "d20"
    with pytest.raises(BalanceTooLarge, match=f"1 designs against {designs} designs .* use warbench balance"):
        lab.report(edited)


def test_pools_are_checked(tmp_path):
    army = load_army(ORCS)
    system = system_for(army)
    with pytest.raises(BalanceError, match="the pool has no elements"):
        check_pool(system, [])
    fubar = examples_dir() / "fubar-rifle-platoon.army.json"
    with pytest.raises(BalanceError, match="fubar-rifle-platoon.army.json: a fubar army cannot be in the pool"):
        check_pool(system, [PoolArmy(str(fubar), load_army(fubar))])
    assert pool_files([examples_dir()])[0].name == sorted(p.name for p in examples_dir().glob("*.army.json"))[0]
    with pytest.raises(BalanceError, match="no such army file or folder"):
        pool_files([tmp_path / "none"])
    assert [m.army.system for m in example_pool("duke-it-out")] == ["duke-it-out"]


def test_the_librarys_designs_as_one_pool_army_each_refusal_named(tmp_path):
    import json

    from warbench.model.library import Library

    army = load_army(examples_dir() / "human-force.army.json")
    library = Library(tmp_path)
    assert library_pool(library, army.system) == (None, [])
    library.save_design(army, system_for(army), "element", army.units[0].elements[0])
    folder = library.designs_dir(army.system)
    saved = json.loads(next(folder.glob("*.json")).read_text(encoding="utf-8"))
    bad = dict(saved, name="Bad die", design=dict(saved["design"], die="d7"))
    (folder / "bad.json").write_text(json.dumps(bad), encoding="utf-8")
    clash = dict(
        saved, name="Clash", homebrew={"attributes": [{"id": "x", "name": "X", "cost": {"kind": "flat", "points": 1}}]}
    )
    other = dict(
        saved, name="Other", homebrew={"attributes": [{"id": "x", "name": "Y", "cost": {"kind": "flat", "points": 2}}]}
    )
    (folder / "clash.json").write_text(json.dumps(clash), encoding="utf-8")
    (folder / "other.json").write_text(json.dumps(other), encoding="utf-8")
    pool, problems = library_pool(library, army.system)
    assert [[e.name for e in u.elements] for u in pool.army.units] == [["Assault Troop"], ["Assault Troop"]]
    assert any("bad.json" in line and "d7" in line for line in problems)
    assert any("other.json: homebrew x defined otherwise" in line for line in problems)
    assert balance(army, system_for(army), [pool]).pool_elements == 2
