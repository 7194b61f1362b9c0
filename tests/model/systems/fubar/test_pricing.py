"""FUBAR: points and checks from the documents (model/systems/fubar/pricing.py)."""

from __future__ import annotations

import json

from warbench.model.costing import price_army
from warbench.model.fileio import army_from_data, load_army
from warbench.model.resources import examples_dir
from warbench.model.systems import get_system


def test_fubar_figures_and_checks():
    army = load_army(examples_dir() / "fubar-rifle-platoon.army.json")
    system = get_system("fubar")
    cost = price_army(army, system)
    assert cost.total is None and cost.figures == {"units": 3, "figures": 14, "fire_points": 26}
    section = cost.units[0].elements[0].figures
    assert section == {
        "figures": 8,
        "fire_points": 12,
        "activation": "3+",
        "expertise": "5+",
        "max_suppressed": 2,
        "save": "6+",
    }
    data = json.loads((examples_dir() / "fubar-rifle-platoon.army.json").read_text(encoding="utf-8"))
    data["units"][1]["elements"][0].update(
        figures=1, weapons=[{"weapon": "heavy-machine-gun", "count": 1}, {"weapon": "light-cannon", "count": 1}]
    )
    data["units"][0]["elements"][0]["points"] = 45
    checked = price_army(army_from_data(data), system)
    warnings = [str(w) for w in checked.warnings]
    assert "Support / HMG Team: Light Cannon: only tanks or bunkers mount cannons" in warnings
    assert any("Heavy Machine Gun: infantry need 2 crew per gun" in w for w in warnings)
    assert checked.units[0].cost == 45 and checked.total is None  # entered points shown, never invented for the rest
