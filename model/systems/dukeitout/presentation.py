"""Duke It Out's presentation facet (``model.systems.presentation``): the sheet's columns, the cards, the
text export."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warbench.model import i18n
from warbench.model.columns import NAME_COLUMN, SheetColumn
from warbench.model.systems.presentation import Presentation

if TYPE_CHECKING:
    from warbench.model.systems.dukeitout import DukeItOut  # noqa: F401 (the type argument of the facet's base)


class DukePresentation(Presentation["DukeItOut"]):
    """Duke It Out's presentation facet (``model.systems.presentation``)."""

    columns = (
        NAME_COLUMN,
        SheetColumn("Move", 1.25),
        SheetColumn("Init", 0.9),
        SheetColumn("Evade", 1.3),
        SheetColumn("Acc", 0.9),
        SheetColumn("Armor", 1.3),
        SheetColumn("Body", 1.2),
        SheetColumn("Weapons", 5.5, wrap=40),
        SheetColumn("Special", 5.0, wrap=44),
    )

    def _kind(self, element: Any) -> str:
        """The unit type (with its jump), and the army's own template it was made from, marked."""
        kind = i18n.label(self.system.data["unit_types"][element.type]) + (
            f" {element.jump}" if element.type == "jump" and element.jump else ""
        )
        template = self.system.templates.get(element.template) if element.template else None
        if template and template.get("homebrew"):
            return i18n._("{kind}, [homebrew] {template}").format(kind=kind, template=template["name"])
        return kind

    @staticmethod
    def _power_range(w: Any) -> str:
        """ "P5 R14" as the stat line prints power and range; a range the document writes as a word
        ("special", "Infinite") reads "P5 range special", never "Rspecial"."""
        reach = str(w.range).strip()
        return f"P{w.power} R{reach}" if reach[:1].isdigit() else f"P{w.power} range {reach}"

    @classmethod
    def _weapon(cls, w: Any) -> str:
        count = f" ({w.count})" if w.count not in ("1", "") else ""
        return f"{w.name}{count} {cls._power_range(w)}" + (f" — {w.note}" if w.note else "")

    def sheet_cells(self, element: Any) -> list[str]:
        return [
            f"{element.name} ({self._kind(element)})",
            element.move,
            str(element.initiative),
            element.evade,
            str(element.accuracy),
            element.armor,
            element.body,
            "; ".join(self._weapon(w) for w in element.weapons) or "-",
            element.special or "-",
        ]

    def card_stats(self, element: Any) -> list[tuple[str, str]]:
        return [
            ("MOVE", element.move),
            ("INIT", str(element.initiative)),
            ("EVADE", element.evade),
            ("ACC", str(element.accuracy)),
            ("ARMOR", element.armor),
            ("BODY", element.body),
        ]

    def card_lines(self, element: Any) -> list[str]:
        points = i18n.decimal(f"{element.points:g}")
        lines = [f"{self._kind(element)} · {points} {self.currency}"]
        lines += [i18n._("WEAPON: {weapon}").format(weapon=self._weapon(w)) for w in element.weapons]
        if element.special:
            lines.append(i18n._("SPECIAL: {special}").format(special=element.special))
        return lines

    def text_parts(self, element: Any) -> list[str]:
        """Stats, kind, weapons without their notes and the special rule's name: one chat line."""
        parts = [f"{i18n.stat(stat)} {value}" for stat, value in self.card_stats(element)] + [self._kind(element)]
        for w in element.weapons:
            count = f" ({w.count})" if w.count not in ("1", "") else ""
            parts.append(f"{w.name}{count} {self._power_range(w)}")
        if element.special:
            parts.append(element.special.split(":")[0].strip())
        return parts

    def card_rule_ids(self, element: Any) -> list[tuple[str, str]]:
        """None: the card's stat line, weapons and special rule are the template's whole entry (its own
        card or its entry on the element card would print it twice)."""
        return []

    def table_terms(self, element: Any) -> set[str]:
        """The template's id, and "template-weapon" for a weapon with a template range ("11/ST")."""
        terms = super().table_terms(element)
        if any("/" in str(w.range) for w in element.weapons):
            terms.add("template-weapon")
        return terms
