"""Armies holding the largest numbers an army file may hold (model/limits.py), shared by the tests of
the number bounds: every consumer (window, command line, PDF) must show what the loader accepts."""

from __future__ import annotations

import copy
from typing import Any

from tests.helpers import army_data, element
from warbench.model.limits import MAX_WHOLE

#: a homebrew attribute of each Flat Out War cost kind, each at the bound
HOMEBREW = {
    "attributes": [
        {"id": "big-flat", "name": "Big Flat", "cost": {"kind": "flat", "points": MAX_WHOLE}},
        {"id": "big-dac", "name": "Big Dac", "cost": {"kind": "dac", "dac": MAX_WHOLE}},
        {"id": "big-percent", "name": "Big Percent", "cost": {"kind": "percent", "percent": MAX_WHOLE}},
    ]
}


def largest_fow(n: int = MAX_WHOLE) -> dict[str, Any]:
    """A Flat Out War army whose every number is ``n`` (by default the largest the loader accepts)."""
    big = element(
        name="Giant",
        count=n,
        move=n,
        ranged={"name": "Gun", "die": "d6", "range": n},
        attributes=[
            "big-flat",
            "big-dac",
            "big-percent",
            {"id": "hit-points", "count": n},
            {"id": "jump", "range": n},
        ],
        type="vehicle",
    )
    data = army_data(elements=[big, dict(big, name="Twin")], limit=n)
    data["homebrew"] = copy.deepcopy(HOMEBREW)
    data["units"].append({"name": "Second", "elements": [dict(big, name="Third")]})
    return data


def largest_points(system: str, n: float = MAX_WHOLE) -> dict[str, Any]:
    """An army of a system whose elements carry their own points (Duke it Out, FUBAR, 2D6), at ``n``."""
    count_key = {"duke-it-out": "count"}.get(system, "figures")
    unit = {"name": "Big", count_key: MAX_WHOLE, "points": n}
    data = army_data(system, elements=[unit, dict(unit, name="Big 2")], limit=MAX_WHOLE)
    return data
