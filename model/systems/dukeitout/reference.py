"""Duke It Out's reference facet (``model.systems.reference``): a unit from a template of the library, the
dice checks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warbench.model.systems.reference import Reference, ReferenceUse

if TYPE_CHECKING:
    from warbench.model.systems.dukeitout import DukeItOut  # noqa: F401 (the type argument of the facet's base)


class DukeReference(Reference["DukeItOut"]):
    """Duke It Out's reference facet (``model.systems.reference``)."""

    reference_use = ReferenceUse.UNIT
    reference_titles = ("Templates", "Spells")
    reference_word = "template"

    def unit_from_reference(self, entry_id: str) -> dict[str, Any]:
        if entry_id in self.system.homebrew_weapons:  # a homebrew weapon: your own template carrying it
            w = self.system.homebrew_weapons[entry_id]
            element = self.system.schema.new_element(f"{w['name']} carrier").model_dump(mode="json")
            element["weapons"] = [{k: w[k] for k in ("name", "power", "range", "note")}]
            return {"name": w["name"], "notes": "", "elements": [element]}
        return {
            "name": self.system.templates[entry_id]["name"],
            "notes": "",
            "elements": [self.system.element_from_template(entry_id)],
        }

    def attribute_ids(self, element: Any) -> list[str]:
        """The library template an element was made from (what the Templates browser lists)."""
        return [element.template] if element.template else []

    def dice_presets(self) -> list[tuple[str, str, int]]:
        out = [(f"To hit, Accuracy {a} (d6 ≥ {a})", "1d6", a) for a in range(2, 6)]
        out += [(f"Evade {e} (d6 ≤ {e})", f"1d6<={e}", 1) for e in range(1, 6)]
        out += [
            (f"Damage: Power {a + d} vs Armor {a} ({d + 1} dice, each > {a})", f"{d + 1}d6>{a}", 1)
            for a, d in ((3, 1), (4, 1), (4, 2), (5, 2))
        ]
        out.append(("Initiative: best unit's Initiative + d6", "1d6", 4))
        return out
