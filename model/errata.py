"""Published costs that differ from ours, with the arithmetic (``resources/<system>/errata.json``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from warbench.model.cost_lines import Points
from warbench.model.i18n import _, decimal
from warbench.model.resources import read_json, system_dir

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.costing import ArmyCost

    pass


def errata(system_id: str) -> list[dict[str, Any]]:
    path = system_dir(system_id) / "errata.json"
    return read_json(path)["errata"] if path.exists() else []


def find_erratum(system_id: str, unit: str, element: str) -> dict[str, Any] | None:
    for entry in errata(system_id):
        if entry["unit"] == unit and entry["element"] == element:
            return entry
    return None


@dataclass(frozen=True)
class PublishedDifference:
    """An element whose printed cost (``published_cost`` in the army file) differs from our price."""

    printed: Points
    ours: Points
    erratum: dict[str, Any] | None  # the errata entry about this element, if there is one

    def summary(self, currency: str) -> str:
        """One line: 'Published 18 pts, ours 20 pts (errata <entry id>)'."""
        ref = _("errata {id}").format(id=self.erratum["id"]) if self.erratum else _("no errata entry")
        return _("Published {printed} {currency}, ours {ours} {currency} ({ref})").format(
            printed=decimal(f"{self.printed:g}"), ours=decimal(f"{self.ours:g}"), currency=currency, ref=ref
        )

    def explanation(self, arithmetic: bool = True) -> str:
        """Why, as the errata file says (with our arithmetic unless told not), or why not."""
        if self.erratum is None:
            return _("No errata entry explains this difference.")
        if self.erratum["ours"] != self.ours:  # edited since: the entry was about another build
            return _(
                "Errata {id} explains the printed {printed} against {ours} for the element as published; this one "
                "has been changed since."
            ).format(
                id=self.erratum["id"],
                printed=decimal(f"{self.erratum['printed']:g}"),
                ours=decimal(f"{self.erratum['ours']:g}"),
            )
        said = _(self.erratum["explanation"])  # (each is a msgid of the catalogue: model/i18n_data.py)
        return (
            _("{said} Our arithmetic: {arithmetic}").format(said=said, arithmetic=self.erratum["arithmetic"])
            if arithmetic
            else said
        )


def published_difference(army: Army[Any, Any], ui: int, ei: int, ours: Points | None) -> PublishedDifference | None:
    """How element ``ei`` of unit ``ui`` compares with its printed cost (None when it has none or agrees)."""
    unit = army.units[ui]
    element = unit.elements[ei]
    printed = (element.model_extra or {}).get("published_cost")
    if printed is None or ours is None or printed == ours:
        return None
    return PublishedDifference(printed, ours, find_erratum(army.system, unit.name, element.name))


def published_differences(army: Army[Any, Any], cost: ArmyCost) -> list[str]:
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
