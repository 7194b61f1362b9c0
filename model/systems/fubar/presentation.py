"""FUBAR's presentation facet (``model.systems.presentation``): the sheet's columns, the cards, the text export."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warbench.model import i18n
from warbench.model.columns import NAME_COLUMN, SheetColumn
from warbench.model.systems.common import WeaponTablePresentation

if TYPE_CHECKING:
    from warbench.model.systems.fubar import Fubar  # noqa: F401 (the type argument of the facet's base)


class FubarPresentation(WeaponTablePresentation["Fubar"]):
    """FUBAR's presentation facet (``model.systems.presentation``)."""

    columns = (
        NAME_COLUMN,
        SheetColumn("Training", 2.4, wrap=18),
        SheetColumn("Act.", 0.9),
        SheetColumn("Exp.", 0.9),
        SheetColumn("Figures", 1.4),
        SheetColumn("Weapons", 5.5, wrap=40),
        SheetColumn("Armour", 2.0),
        SheetColumn("FP", 0.8),
    )

    def sheet_cells(self, element: Any) -> list[str]:
        f = self.system.pricing.figures(element)
        training = i18n.label(self.system.data["training"][element.training]["name"])
        if element.leader:
            leader = i18n.label(self.system.data["training"][element.leader]["name"])
            training += i18n._(" (leader: {training})").format(training=leader)
        armour = (
            self.system.data["personal_armour"] if element.kind == "infantry" else self.system.data["vehicle_armour"]
        )[element.armour]
        kind = i18n.label(self.system.data["kinds"][element.kind])
        return [
            f"{element.name} ({kind})",
            training,
            f["activation"],
            f["expertise"],
            str(element.figures),
            self.weapon_list(element) or "-",
            armour["name"] + (f" {f['save']}" if f["save"] else ""),
            str(f["fire_points"]),
        ]

    def card_stats(self, element: Any) -> list[tuple[str, str]]:
        f = self.system.pricing.figures(element)
        return [
            ("Act.", f["activation"]),
            ("Exp.", f["expertise"]),
            ("Figs", str(element.figures)),
            ("Supp.", str(f["max_suppressed"])),
            ("Save", f["save"] or "-"),
            ("FP", str(f["fire_points"])),
        ]

    def card_lines(self, element: Any) -> list[str]:
        data = self.system.data
        lines = [f"{i18n.label(data['kinds'][element.kind])}, {i18n.label(data['training'][element.training]['name'])}"]
        for pick in element.weapons:
            w = self.system.weapons[pick.weapon]
            extra = "; ".join(w.get("notes", []))
            name = self.system.weapon_name(pick.weapon)
            lines.append(
                f'{pick.count}× {name}: {w["range_in"]}"/{w["range_cm"]}cm, {w["fp"]} FP'
                + (f" ({extra})" if extra else "")
            )
        return lines

    def table_terms(self, element: Any) -> set[str]:
        """Weapon ids and the unit's kind ("infantry", "tank"...): the armour tables it needs."""
        return super().table_terms(element) | {element.kind}
