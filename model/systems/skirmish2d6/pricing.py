"""The 2D6 skirmish game's pricing facet (``model.systems.pricing``): no points; what a unit shows, its
checks."""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING, Any

from warbench.model.army import Army
from warbench.model.i18n import _
from warbench.model.systems.base import Finding
from warbench.model.systems.common import WeaponTablePricing

if TYPE_CHECKING:
    from warbench.model.systems.skirmish2d6 import Skirmish2D6  # noqa: F401 (the type argument of the facet's base)


class SkirmishPricing(WeaponTablePricing["Skirmish2D6"]):
    """The 2D6 skirmish game's pricing facet (``model.systems.pricing``)."""

    has_points = False

    def figures(self, element: Any) -> dict[str, Any]:
        from warbench.model.dice import distribution  # the dice engine only when figures are asked for

        q = self.system.data["qualities"][element.quality]
        t = self.system.data["types"][element.type]
        return {
            "figures": element.figures,
            "activation": f"{q['activation']}+ on 2D6",
            "activation_chance": str(distribution("2d6").at_least(q["activation"])),
            "move": f'{t["move"]}"',
            "shots": sum(self.system.weapons[p.weapon]["shots"] * p.count for p in element.weapons),
        }

    def army_figures(self, army: Army[Any, Any]) -> dict[str, Any]:
        units = len(army.units)
        return {
            "units": units,
            "figures": sum(e.figures for u in army.units for e in u.elements),
            "routs_after_losing": ceil(units / 2) if units else 0,
        }

    def check_element(self, element: Any, options: Any) -> list[Finding]:
        # beasts, monsters and vehicles fight without weapons from the table
        melee_only = self.system.data["types"][element.type]["armoured"] or element.type == "beasts"
        return self.carry_findings(element, True, not melee_only)

    def check_army(self, army: Army[Any, Any], cost: Any) -> list[Finding]:
        found = super().check_army(army, cost)
        weapons = {p.weapon for u in army.units for e in u.elements for p in e.weapons}
        if weapons and not any(self.system.weapons[w]["harms_armoured"] for w in weapons):
            found.append(
                (
                    "anti-vehicle",
                    _(
                        "no Grenade, Destroyer or Vehicle Destroyer: nothing in this force can harm vehicles or "
                        "monsters"
                    ),
                )
            )
        return found
