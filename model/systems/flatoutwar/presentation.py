"""Flat Out War's presentation facet (``model.systems.presentation``): the sheet's columns, the cards, the
text export."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warbench.model.columns import NAME_COLUMN, SheetColumn
from warbench.model.i18n import _, ngettext
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
        return [("Die", element.die.upper()), ("Move", f'{element.move}"'), ("Type", _(element.type.capitalize()))]

    def card_lines(self, element: FowElement) -> list[str]:
        lines = []
        if element.melee:
            melee = element.melee
            lines.append(
                _("Melee: {weapon} {die}").format(
                    weapon=melee.name or ngettext("weapon", "weapons", 1), die=melee.die.upper()
                )
            )
        if element.ranged:
            r = element.ranged
            lines.append(
                _('Ranged: {weapon} {die}, R{inches}"').format(
                    weapon=r.name or ngettext("weapon", "weapons", 1), die=r.die.upper(), inches=r.range
                )
            )
        if element.attributes:
            said = ", ".join(self.system.describe_attribute(ref) for ref in element.attributes)
            lines.append(_("Attributes: {attributes}").format(attributes=said))
        if element.spells:
            lines.append(_("Spells: {spells}").format(spells=", ".join(map(self.system.spell_name, element.spells))))
        return lines

    def text_parts(self, element: FowElement) -> list[str]:
        parts = [element.die.upper(), _('Move {inches}"').format(inches=element.move)]
        parts += [_("vehicle")] if element.type == "vehicle" else []
        if element.melee:
            parts.append(f"{element.melee.name or _('melee weapon')} {element.melee.die.upper()}")
        if element.ranged:
            r = element.ranged
            parts.append(f'{r.name or _("ranged weapon")} {r.die.upper()} {r.range}"')
        parts += [self.system.describe_attribute(ref) for ref in element.attributes]
        if element.spells:
            parts.append(_("Spells: {spells}").format(spells=", ".join(map(self.system.spell_name, element.spells))))
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
