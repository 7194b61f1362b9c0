"""The 2D6 skirmish game's reference facet (``model.systems.reference``): its dice checks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warbench.model.systems.common import WeaponTableReference

if TYPE_CHECKING:
    from warbench.model.systems.skirmish2d6 import Skirmish2D6  # noqa: F401 (the type argument of the facet's base)


class SkirmishReference(WeaponTableReference["Skirmish2D6"]):
    """The 2D6 skirmish game's reference facet (``model.systems.reference``)."""

    reference_cost_title = "Range · shots"

    def dice_presets(self) -> list[tuple[str, str, int]]:
        out = [
            (f"Activation, {q['name']} ({q['activation']}+ on 2D6)", "2d6", q["activation"])
            for q in self.system.data["qualities"].values()
        ]
        out += [
            ("Shooting: a hit on a 6 (per shot)", "1d6", 6),
            ("Close assault: to kill 4+", "1d6", 4),
            ("Close assault: to kill 5+", "1d6", 5),
            ("Vehicle damage (d6)", "1d6", 4),
        ]
        return out
