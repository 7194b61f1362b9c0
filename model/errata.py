"""Published costs that differ from ours, with the arithmetic (``resources/<system>/errata.json``)."""

from __future__ import annotations

from model.resources import read_json, system_dir


def errata(system_id: str) -> list[dict]:
    path = system_dir(system_id) / "errata.json"
    return read_json(path)["errata"] if path.exists() else []


def find_erratum(system_id: str, unit: str, element: str) -> dict | None:
    for entry in errata(system_id):
        if entry["unit"] == unit and entry["element"] == element:
            return entry
    return None


def published_differences(army, cost) -> list[str]:
    """One line per element whose ``published_cost`` differs from our price."""
    out = []
    for unit, unit_cost in zip(army.units, cost.units):
        for element, ec in zip(unit.elements, unit_cost.elements):
            printed = (element.model_extra or {}).get("published_cost")
            if printed is None or printed == ec.cost_each:
                continue
            entry = find_erratum(army.system, unit.name, element.name)
            ref = f"errata {entry['id']}" if entry else "no errata entry"
            out.append(f"{unit.name} / {element.name}: ours {ec.cost_each}, published {printed} ({ref})")
    return out
