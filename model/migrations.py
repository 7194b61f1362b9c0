"""Army-file upgrades, one small tested step per schema version.

Version 0 is the draft format of the 0.x previews: attributes and spells were
plain display names (``"Heavy Armour"``) and ``options`` did not exist. Each
step takes the parsed JSON of version N and returns version N + 1.
"""

from __future__ import annotations

from collections.abc import Callable

from model.army import SCHEMA_VERSION
from model.rules import slug


def _v0_to_v1(data: dict) -> dict:
    data = dict(data)
    data.setdefault("options", {})
    units = []
    for unit in data.get("units", []) if isinstance(data.get("units"), list) else []:
        if isinstance(unit, dict) and isinstance(unit.get("elements"), list):
            unit = dict(unit, elements=[_v0_element(e) for e in unit["elements"]])
        units.append(unit)
    if "units" in data:
        data["units"] = units
    data["schema_version"] = 1
    return data


def _v0_element(element):
    if not isinstance(element, dict):
        return element
    element = dict(element)
    if isinstance(element.get("attributes"), list):
        element["attributes"] = [{"id": slug(a)} if isinstance(a, str) else a for a in element["attributes"]]
    if isinstance(element.get("spells"), list):
        element["spells"] = [slug(s) if isinstance(s, str) else s for s in element["spells"]]
    return element


#: STEPS[n] upgrades version n to n + 1
STEPS: dict[int, Callable[[dict], dict]] = {0: _v0_to_v1}

assert sorted(STEPS) == list(range(SCHEMA_VERSION)), "every version below the current one needs a step"


def migrate(data: dict, version: int) -> dict:
    """Upgrade ``data`` (at ``version``) step by step to the current version."""
    while version < SCHEMA_VERSION:
        data = STEPS[version](data)
        version += 1
    return data
