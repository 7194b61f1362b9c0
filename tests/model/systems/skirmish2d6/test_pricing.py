"""The 2D6 skirmish game: points and checks from the documents (model/systems/skirmish2d6/pricing.py)."""

from __future__ import annotations

import json

from warbench.model.costing import price_army
from warbench.model.fileio import army_from_data, load_army
from warbench.model.resources import examples_dir
from warbench.model.systems import get_system


def test_2d6_force_morale_and_checks():
    system = get_system("2d6-skirmish")
    army = load_army(examples_dir() / "2d6-dust-raiders.army.json")
    cost = price_army(army, system)
    assert cost.figures == {"units": 5, "figures": 18, "routs_after_losing": 3}
    assert cost.units[0].elements[0].figures["activation_chance"] == "5/6"  # 5+ on 2D6
    data = json.loads((examples_dir() / "2d6-dust-raiders.army.json").read_text(encoding="utf-8"))
    data["units"] = data["units"][:2]
    data["units"][0]["elements"][0]["weapons"] = [{"weapon": "rifle", "count": 9}]
    warnings = [str(w) for w in price_army(army_from_data(data), system).warnings]
    assert "Raider Squad / Raiders: carries 9 weapons but has only 6 figures" in warnings
    assert any("nothing in this force can harm vehicles or monsters" in w for w in warnings)
