"""Large armies for the benchmarks, built from the published sample lists."""

from __future__ import annotations

import json

from warbench.model.fileio import army_from_data
from warbench.model.resources import examples_dir


def big_army_data(units: int = 500) -> dict:
    """``units`` units cycling through every unit of the four sample lists."""
    sources = [
        json.loads((examples_dir() / f"{name}.army.json").read_text(encoding="utf-8"))
        for name in ("human-force", "alien-force", "orc-and-ghoblin-force", "demonic-force")
    ]
    pool = [unit for src in sources for unit in src["units"]]
    data = dict(sources[0], name=f"Benchmark Horde ({units} units)", points_limit=100_000, units=[])
    data["options"] = {"ranged_base_dac": 2, "free_attributes": []}
    for i in range(units):
        unit = json.loads(json.dumps(pool[i % len(pool)]))
        unit["name"] = f"{unit['name']} #{i + 1}"
        data["units"].append(unit)
    return data


def big_army(units: int = 500):
    return army_from_data(big_army_data(units))
