"""Flat Out War's reference facet (``model.systems.reference``): adding an attribute from the rules
reference, its parameters' editors, the spell budget, the dice checks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warbench.model.die_check import DieCheck
from warbench.model.forms import FieldSpec
from warbench.model.systems.flatoutwar.entries import FowSpell
from warbench.model.systems.flatoutwar.models import DICE, WEAPON_ATTRIBUTES, FowElement, parse_payloads, payloads_text
from warbench.model.systems.reference import Reference, ReferenceUse, SpellBudget

if TYPE_CHECKING:
    from warbench.model.systems.flatoutwar import FlatOutWar  # noqa: F401 (the type argument of the facet's base)


#: ranges and units of the designer's number editors for attribute parameters, by declared kind
PARAM_RANGES = {"inches": (0, 240), "count": (1, 99), "shots": (2, 4), "turns": (1, 9)}
PARAM_SUFFIXES = {"inches": '"', "shots": "×"}


class FowReference(Reference["FlatOutWar"]):
    """Flat Out War's reference facet (``model.systems.reference``)."""

    reference_use = ReferenceUse.ELEMENT
    attribute_cost_kinds = (("bonus", "Bonus"), ("handicap", "Handicap"), ("special", "Special"))

    def apply_reference(self, element_data: dict[str, Any], entry_id: str) -> str:
        element = self.system.schema.element_model.model_validate(element_data)
        element_data["attributes"].append({"id": entry_id, **self.system.attribute_param_defaults(entry_id, element)})
        return self.system.catalogue.attribute_name(entry_id)

    def param_field(self, element: FowElement, index: int, param: str, kind: str) -> FieldSpec:
        if kind == "die":
            return FieldSpec(param, param, "choice", choices=DICE)
        if kind in PARAM_RANGES:
            low, high = PARAM_RANGES[kind]
            return FieldSpec(param, param, "int", minimum=low, maximum=high, suffix=PARAM_SUFFIXES.get(kind, ""))
        if kind == "attribute":
            others = tuple(r.id for i, r in enumerate(element.attributes) if i != index)
            labels = {o: self.system.catalogue.attribute_name(o) for o in others}
            return FieldSpec(param, param, "choice", choices=others, choice_labels=labels)
        if kind == "weapon_ref":
            mounts = tuple(r.id for r in element.attributes if r.id in WEAPON_ATTRIBUTES)
            return FieldSpec(param, param, "choice", choices=("ranged", *mounts))
        if kind == "payloads":
            return FieldSpec(
                param, param, "text", placeholder="10×d6 | 1×d12", encode=payloads_text, decode=parse_payloads
            )
        return FieldSpec(param, param, "text")

    def attribute_editor_key(self, element: FowElement) -> tuple[Any, ...]:
        return (element.type, element.ranged is None)

    def spell_budget(self, element: FowElement) -> SpellBudget:
        has_magic = any(ref.id == "magic" for ref in element.attributes)
        used = sum(self.system.catalogue.spells[s].budget_cost for s in element.spells)
        note = "" if has_magic else "needs the Magic attribute"
        return SpellBudget(
            used, self.system.magic_budget, has_magic or bool(element.spells), note, FowSpell.budget_title
        )

    def unmet_requirement(self, attribute_id: str, element: FowElement) -> str:
        """Why ``attribute_id`` would be odd on ``element`` ('' when it fits)."""
        attr = self.system._attrs[attribute_id]
        ids = [ref.id for ref in element.attributes]
        problems = self.system._restriction_problems(attr, element, ids)
        if problems:
            return problems[0][0]
        if attr.cost.kind == "activate" and not [i for i in ids if i != attribute_id]:
            return "needs another attribute to switch"
        return ""

    def attribute_ids(self, element: FowElement) -> list[str]:
        return [ref.id for ref in element.attributes]

    def spell_ids(self, element: FowElement) -> list[str]:
        return list(element.spells)

    #: one die of the element's size plus modifiers, 4+ to succeed; Lucky re-rolls one failure per game
    dice_check = DieCheck(
        "Flat Out War check (4+)", tuple(int(d[1:]) for d in DICE), (-2, -1, 0, 1, 2), 4, reroll="Lucky", default_die=6
    )

    def dice_presets(self) -> list[tuple[str, str, int]]:
        return [("Initiative (d6, highest first)", "1d6", 1)] + [
            (f"4+ check on a d{s}", f"1d{s}", 4) for s in (4, 6, 8, 10, 12, 20)
        ]
