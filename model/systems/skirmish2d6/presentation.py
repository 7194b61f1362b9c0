"""The 2D6 skirmish game's presentation facet (``model.systems.presentation``): the sheet's columns, the
cards, the text export."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warbench.model.columns import NAME_COLUMN, SheetColumn
from warbench.model.i18n import _, label
from warbench.model.systems.base import counted
from warbench.model.systems.common import WeaponTablePresentation

if TYPE_CHECKING:
    from warbench.model.systems.skirmish2d6 import Skirmish2D6  # noqa: F401 (the type argument of the facet's base)


class SkirmishPresentation(WeaponTablePresentation["Skirmish2D6"]):
    """The 2D6 skirmish game's presentation facet (``model.systems.presentation``)."""

    columns = (
        NAME_COLUMN,
        SheetColumn("Quality", 1.5),
        SheetColumn("Activation", 1.7),
        SheetColumn("Figures", 1.4),
        SheetColumn("Move", 1.25),
        SheetColumn("Weapons", 5.5, wrap=40),
    )

    def figures_text(self, figures: dict[str, Any]) -> str:
        return f"{counted(figures['units'], 'units')}, {counted(figures['figures'], 'figures')}; " + _(
            "routs after losing {units}"
        ).format(units=counted(figures["routs_after_losing"], "units"))

    def sheet_cells(self, element: Any) -> list[str]:

        q = self.system.data["qualities"][element.quality]
        t = self.system.data["types"][element.type]
        return [
            f"{element.name} ({label(t['name'])})",
            label(q["name"]),
            f"{q['activation']}+",
            str(element.figures),
            f'{t["move"]}"',
            self.weapon_list(element) or "-",
        ]

    def card_stats(self, element: Any) -> list[tuple[str, str]]:

        q = self.system.data["qualities"][element.quality]
        t = self.system.data["types"][element.type]
        hits = t["hits"]
        return [
            ("Quality", label(q["name"])),
            ("Activate", f"{q['activation']}+"),
            ("Move", f'{t["move"]}"'),
            ("Figures", str(element.figures)),
            ("Hits/cas.", f"{hits[0]}/{hits[1]}/{hits[2]}"),
        ]

    def card_lines(self, element: Any) -> list[str]:
        lines = [label(self.system.data["types"][element.type]["name"])]
        for pick in element.weapons:
            w = self.system.weapons[pick.weapon]
            lines.append(
                f'{pick.count}× {self.system.weapon_name(pick.weapon)}: {w["range"]}", {counted(w["shots"], "shots")}; '
                + _("assault {attacks} at {to_kill}+").format(attacks=w["assault_attacks"], to_kill=w["to_kill"])
            )
        return lines
