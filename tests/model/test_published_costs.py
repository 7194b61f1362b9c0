"""Every published element cost, reproduced or explained by an errata entry.

The cases come from the example files in ``resources/examples`` (the four Special
Ops sample lists, both documents' worked examples and v1.7's Example Units
table); each element carries the cost the document prints as ``published_cost``.
"""

from __future__ import annotations

import pytest

from warbench.model.costing import price_army
from warbench.model.errata import errata, find_erratum
from warbench.model.fileio import load_army
from warbench.model.resources import examples_dir
from warbench.model.systems import get_system

PUBLISHED = sorted(p for p in examples_dir().glob("*.army.json") if '"published_cost"' in p.read_text(encoding="utf-8"))


def _cases():
    for path in PUBLISHED:
        army = load_army(path)
        cost = price_army(army, get_system(army.system))
        for unit, unit_cost in zip(army.units, cost.units):
            for el, ec in zip(unit.elements, unit_cost.elements):
                printed = el.model_extra["published_cost"]
                erratum = find_erratum(army.system, unit.name, el.name)
                case_id = f"{path.name.removesuffix('.army.json')}:{unit.name}:{el.name}"
                if erratum:
                    case_id += f" [errata {erratum['id']}]"
                yield pytest.param(army.system, unit.name, el.name, printed, ec.cost_each, erratum, id=case_id)


CASES = list(_cases())


def test_the_published_material_is_all_there():
    names = {p.name for p in PUBLISHED}
    assert {
        "human-force.army.json",
        "alien-force.army.json",
        "orc-and-ghoblin-force.army.json",
        "demonic-force.army.json",
        "special-ops-worked-examples.army.json",
        "universal-1.7-worked-examples.army.json",
        "universal-1.7-example-units.army.json",
    } <= names
    # 33 rows of the four sample lists, 4 + 4 worked examples, 9 priced rows of v1.7's Example Units
    assert len(CASES) == 50


@pytest.mark.parametrize("system,unit,element,printed,ours,erratum", CASES)
def test_published_cost(system, unit, element, printed, ours, erratum):
    if erratum is None:
        assert ours == printed
    else:
        # the difference is documented: the entry names both numbers and ours is what the rules give
        assert (erratum["printed"], erratum["ours"]) == (printed, ours)
        assert str(ours) in erratum["arithmetic"]


@pytest.mark.parametrize("system", ["fow-special-ops", "fow-universal-1.7"])
def test_no_stale_errata(system):
    used = {c.values[5]["id"] for c in CASES if c.values[5] and c.values[0] == system}
    assert {e["id"] for e in errata(system)} == used


@pytest.mark.parametrize(
    "path", [p for p in PUBLISHED if '"published_total"' in p.read_text(encoding="utf-8")], ids=lambda p: p.name
)
def test_army_totals_differ_from_print_only_by_errata(path):
    army = load_army(path)
    cost = price_army(army, get_system(army.system))
    correction = 0
    for unit, unit_cost in zip(army.units, cost.units):
        for el, ec in zip(unit.elements, unit_cost.elements):
            correction += (ec.cost_each - el.model_extra["published_cost"]) * el.count
    assert cost.total == army.model_extra["published_total"] + correction
