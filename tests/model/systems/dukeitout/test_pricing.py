"""Duke It Out: points and checks from the documents (model/systems/dukeitout/pricing.py)."""

from __future__ import annotations

import json

from warbench.model.costing import price_army
from warbench.model.fileio import army_from_data, load_army
from warbench.model.resources import examples_dir
from warbench.model.systems import get_system


def test_duke_points_are_fractional_and_checked():
    army = load_army(examples_dir() / "duke-it-out-brick-brigade.army.json")
    cost = price_army(army, get_system("duke-it-out"))
    assert cost.total == 17 and cost.units[2].cost == 1.5 and cost.units[6].cost == 2.5
    data = json.loads((examples_dir() / "duke-it-out-brick-brigade.army.json").read_text(encoding="utf-8"))
    strider = data["units"][0]["elements"][0]
    strider.update(armor="6", accuracy=7, points=5)
    warnings = [str(w) for w in price_army(army_from_data(data), get_system("duke-it-out")).warnings]
    assert any("Armor 6 is above 5" in w and "no ranged weapon can hurt it" in w for w in warnings)
    assert any("Accuracy 7 is outside 1–6" in w for w in warnings)
    assert any("5 points is outside the template's printed 3" in w for w in warnings)
