"""Flat Out War's presentation facet (``model.systems.presentation``): the sheet's columns, the cards, the
text export."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warbench.model.columns import NAME_COLUMN, SheetColumn
from warbench.model.systems.flatoutwar.models import FowElement
from warbench.model.systems.presentation import Presentation

if TYPE_CHECKING:
    from warbench.model.systems.flatoutwar import FlatOutWar  # noqa: F401 (the type argument of the facet's base)


class FowPresentation(Presentation["FlatOutWar"]):
    """Flat Out War's presentation facet (``model.systems.presentation``)."""

    columns = (
        NAME_COLUMN,
        SheetColumn("Die", 0.9),
        SheetColumn("Melee", 2.6, wrap=18),
        SheetColumn("Ranged", 2.9, wrap=18),
        SheetColumn("Range", 1.35),
        SheetColumn("Move", 1.25),
        SheetColumn("Attributes", 5.2, wrap=38, labels=True),
    )

    def sheet_cells(self, element: FowElement) -> list[str]:
        """Melee and ranged weapons in columns of their own: "Sword D8", "Bow D6" (a weapon without a name:
        its die), the ranged weapon's range beside it."""
        melee, ranged = element.melee, element.ranged
        attrs = ", ".join(self.system.describe_attribute(ref) for ref in element.attributes)
        if element.spells:
            attrs += (" — " if attrs else "") + "Spells: " + ", ".join(map(self.system.spell_name, element.spells))
        name = element.name + (" (vehicle)" if element.type == "vehicle" else "")
        return [
            name,
            element.die.upper(),
            " ".join(filter(None, [melee.name, melee.die.upper()])) if melee else "-",
            " ".join(filter(None, [ranged.name, ranged.die.upper()])) if ranged else "-",
            f'{ranged.range}"' if ranged else "-",
            f'{element.move}"',
            attrs,
        ]

    def card_stats(self, element: FowElement) -> list[tuple[str, str]]:
        return [("Die", element.die.upper()), ("Move", f'{element.move}"'), ("Type", element.type.capitalize())]

    def card_lines(self, element: FowElement) -> list[str]:
        lines = []
        if element.melee:
            lines.append(f"Melee: {element.melee.name or 'weapon'} {element.melee.die.upper()}")
        if element.ranged:
            lines.append(
                f'Ranged: {element.ranged.name or "weapon"} {element.ranged.die.upper()}, R{element.ranged.range}"'
            )
        if element.attributes:
            lines.append("Attributes: " + ", ".join(self.system.describe_attribute(ref) for ref in element.attributes))
        if element.spells:
            lines.append("Spells: " + ", ".join(map(self.system.spell_name, element.spells)))
        return lines

    def text_parts(self, element: FowElement) -> list[str]:
        parts = [element.die.upper(), f'Move {element.move}"'] + (["vehicle"] if element.type == "vehicle" else [])
        if element.melee:
            parts.append(f"{element.melee.name or 'melee weapon'} {element.melee.die.upper()}")
        if element.ranged:
            r = element.ranged
            parts.append(f'{r.name or "ranged weapon"} {r.die.upper()} {r.range}"')
        parts += [self.system.describe_attribute(ref) for ref in element.attributes]
        if element.spells:
            parts.append("Spells: " + ", ".join(map(self.system.spell_name, element.spells)))
        return parts

    def table_terms(self, element: FowElement) -> set[str]:
        """Attribute and spell ids, "spells" for a caster with spells and "ranged" for a ranged weapon."""
        terms = super().table_terms(element)
        if element.spells:
            terms.add("spells")
        if element.ranged is not None:
            terms.add("ranged")
        return terms

    rule_terms = (
        "FOW",
        "DAC",
        "Lucky",
        "sponson",
        "turret",
        "per_inches",
        "weapon_dac",
        "multi_shot",
        "Recovery roll",
        "difficulty",
    )
