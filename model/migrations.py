"""Army-file upgrades, one small tested step per schema version.

Each step takes the parsed JSON of version N and returns version N + 1, never changing its input.
``STEPS`` holds the shared part (the army-wide fields every system has); a system upgrades its own
part (its elements' fields) in ``RuleSystem.upgrades``, run after the shared step of the same version.

Version 0 is the draft format of the 0.x previews: ``options`` did not exist (and each system's
elements had their own older shape).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from warbench.model.army import SCHEMA_VERSION

if TYPE_CHECKING:
    from warbench.model.systems.base import RuleSystem

Step = Callable[[dict[str, Any]], dict[str, Any]]


def _v0_to_v1(data: dict[str, Any]) -> dict[str, Any]:
    data = dict(data)
    data.setdefault("options", {})
    data["schema_version"] = 1
    return data


#: STEPS[n] upgrades the shared part of version n to n + 1
STEPS: dict[int, Step] = {0: _v0_to_v1}

assert sorted(STEPS) == list(range(SCHEMA_VERSION)), "every version below the current one needs a step"


def steps_of(system: RuleSystem | None) -> dict[int, list[Step]]:
    """The steps from each version to the next: the shared one, then the system's own."""
    own: Mapping[int, Step] = system.schema.upgrades if system is not None else {}
    return {version: [STEPS[version]] + ([own[version]] if version in own else []) for version in STEPS}


def migrate(data: dict[str, Any], version: int, system: RuleSystem | None = None) -> dict[str, Any]:
    """Upgrade ``data`` (at ``version``, of ``system``: by default the one it names) step by step to the
    current version."""
    if system is None and version < SCHEMA_VERSION:
        from warbench.model.systems import get_system, system_ids

        system = get_system(data["system"]) if data.get("system") in system_ids() else None
    steps = steps_of(system)
    while version < SCHEMA_VERSION:
        for step in steps[version]:
            data = step(data)
        version += 1
    return data
