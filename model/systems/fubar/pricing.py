"""FUBAR's pricing facet (``model.systems.pricing``): no points; the fire points, saves and figures a unit
shows, and its checks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warbench.model.army import Army
from warbench.model.i18n import _
from warbench.model.systems.base import Finding
from warbench.model.systems.common import WeaponTablePricing

if TYPE_CHECKING:
    from warbench.model.systems.fubar import Fubar  # noqa: F401 (the type argument of the facet's base)


class FubarPricing(WeaponTablePricing["Fubar"]):
    """FUBAR's pricing facet (``model.systems.pricing``)."""

    has_points = False

    def fire_points(self, element: Any) -> int:
        return sum(self.system.weapons[p.weapon]["fp"] * p.count for p in element.weapons)

    def save(self, element: Any) -> int | None:
        table = (
            self.system.data["personal_armour"] if element.kind == "infantry" else self.system.data["vehicle_armour"]
        )
        save: int | None = table[element.armour]["save"]
        return save

    def figures(self, element: Any) -> dict[str, Any]:
        t = self.system.data["training"][element.training]
        activation = t["activation"]
        if element.leader and self.system.data["training"][element.leader]["activation"] < activation:
            activation = self.system.data["training"][element.leader]["activation"]
        save = self.save(element)
        return {
            "figures": element.figures,
            "fire_points": self.fire_points(element),
            "activation": f"{activation}+",
            "expertise": f"{t['expertise']}+",
            "max_suppressed": t["max_suppressed"],
            "save": f"{save}+" if save else None,
        }

    def army_figures(self, army: Army[Any, Any]) -> dict[str, Any]:
        elements = [e for u in army.units for e in u.elements]
        return {
            "units": len(army.units),
            "figures": sum(e.figures for e in elements),
            "fire_points": sum(self.fire_points(e) for e in elements),
        }

    def check_element(self, element: Any, options: Any) -> list[Finding]:
        found: list[Finding] = []
        for pick in element.weapons:
            weapon = self.system.weapons[pick.weapon]
            if weapon.get("mount") and element.kind not in weapon["mount"]:
                found.append(
                    (pick.weapon, _("{weapon}: only tanks or bunkers mount cannons").format(weapon=weapon["name"]))
                )
            if weapon.get("crew") and element.kind == "infantry" and element.figures < weapon["crew"] * pick.count:
                found.append(
                    (
                        pick.weapon,
                        _(
                            "{weapon}: infantry need {crew} crew per gun ({needed} figures for {count}), the unit has "
                            "{figures}"
                        ).format(
                            weapon=weapon["name"],
                            crew=weapon["crew"],
                            needed=weapon["crew"] * pick.count,
                            count=pick.count,
                            figures=element.figures,
                        ),
                    )
                )
        found += self.carry_findings(element, element.kind == "infantry", True)
        return found
