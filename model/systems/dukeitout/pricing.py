"""Duke It Out's pricing facet (``model.systems.pricing``): a template's points (fractional, or a range)
and the checks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warbench.model.cost_lines import Line
from warbench.model.i18n import N_, _, decimal
from warbench.model.systems.base import Finding
from warbench.model.systems.dukeitout.models import numbers, points_label
from warbench.model.systems.pricing import Pricing

if TYPE_CHECKING:
    from warbench.model.systems.dukeitout import DukeItOut  # noqa: F401 (the type argument of the facet's base)


#: the stats system.json's ``stat_ranges`` bounds, as a warning names them (marked for the catalogue)
STAT_NAMES = {"accuracy": N_("Accuracy"), "evade": N_("Evade"), "initiative": N_("Initiative")}


class DukePricing(Pricing["DukeItOut"]):
    """Duke It Out's pricing facet (``model.systems.pricing``)."""

    def price_element(self, element: Any, options: Any) -> list[Line]:
        template = self.system.templates[element.template] if element.template else None
        origin = _("custom template") if template is None else template["name"]
        if template is not None and template.get("homebrew"):
            origin = _("[homebrew] {item}").format(item=origin)
        points = int(element.points) if float(element.points).is_integer() else element.points
        return [Line(_("{template} points").format(template=origin), points)]

    def check_element(self, element: Any, options: Any) -> list[Finding]:
        found: list[Finding] = []
        limit = self.system.data["armor_warning_above"]
        top = max(numbers(element.armor) or [0])
        if top > limit:
            found.append(
                (
                    "armor",
                    _("Armor {armor} is above {limit}: nearly impossible to destroy ({advice})").format(
                        armor=element.armor,
                        limit=limit,
                        advice=_("no ranged weapon can hurt it") if top >= 6 else _("keep armor at 5 or less"),
                    ),
                )
            )
        for stat, (low, high) in self.system.data["stat_ranges"].items():
            values = numbers(getattr(element, stat))
            if any(v < low or v > high for v in values):
                said = _("{stat} {value} is outside {low}–{high} on a d6").format(
                    stat=_(STAT_NAMES.get(stat, stat.capitalize())), value=getattr(element, stat), low=low, high=high
                )
                found.append((stat, said))
        if element.template:
            t = self.system.templates[element.template]
            if not t["points_min"] <= element.points <= t["points_max"]:
                found.append(
                    (
                        "points",
                        _("{points} points is outside the template's printed {printed}").format(
                            points=decimal(f"{element.points:g}"), printed=points_label(t)
                        ),
                    )
                )
        if element.type == "jump" and not element.jump:
            found.append(("jump", _("a Jump unit needs its JUMP distance")))
        return found
