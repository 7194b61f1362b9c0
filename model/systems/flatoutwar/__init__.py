"""Flat Out War: Special Operations and Universal Rules v1.7.

Both editions share the element shape of ``shared/spec/army-file.md`` and one
costing routine; what differs between them (weapon formulas, attribute costs,
attribute lists) is data in ``resources/fow-special-ops`` and
``resources/fow-universal-1.7``.

This package is the system: here the system itself (its data, its facets' classes); one file a facet
(``schema``, ``presentation``, ``pricing``, ``reference``, ``homebrew``, ``combat`` with its rules'
``coverage``, ``play``), the army file's shapes (``models``) and the catalogue's entries (``entries``).
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, cast

from warbench.model.i18n import _
from warbench.model.systems.base import Facets, RuleSystem, later
from warbench.model.systems.flatoutwar.entries import FowAttribute, fow
from warbench.model.systems.flatoutwar.homebrew import FowHomebrew
from warbench.model.systems.flatoutwar.models import AttributeRef, FowElement, payload_text
from warbench.model.systems.flatoutwar.presentation import FowPresentation
from warbench.model.systems.flatoutwar.pricing import FowPricing
from warbench.model.systems.flatoutwar.reference import FowReference
from warbench.model.systems.flatoutwar.schema import FowSchema


class FlatOutWar(RuleSystem):
    facets = Facets(
        schema=FowSchema,
        presentation=FowPresentation,
        pricing=FowPricing,
        reference=FowReference,
        play=later(f"{__name__}.play", "FowPlay"),
        turn=later(f"{__name__}.play", "FowTurn"),
        combat=later(f"{__name__}.combat", "FowAttackModel"),
        homebrew=FowHomebrew,
    )

    def __init__(self, system_id: str):
        super().__init__(system_id)
        self.dice: dict[str, dict[str, Any]] = self.data["dice"]
        self.weapons: dict[str, dict[str, Any]] = self.data["weapons"]
        self.loose_default: dict[str, int] = self.data["loose_cohesion_default"]
        self.vehicles_loose_by_default: bool = self.data.get("vehicles_loose_by_default", False)
        self.magic_budget: int = self.data["magic_budget"]

    @cached_property
    def _attrs(self) -> dict[str, FowAttribute]:
        """The catalogue's attributes in this system's own terms (cost rule, restrictions): checked once
        here, so pricing reads them without a check per lookup."""
        attrs = self.catalogue.attributes
        for attr in attrs.values():
            fow(attr)
        return cast(dict[str, FowAttribute], attrs)

    def attribute_param_defaults(self, attribute_id: str, element: Any) -> dict[str, Any]:
        """Parameters a newly added attribute starts with."""
        attr = self._attrs[attribute_id]
        defaults = {
            "die": "d6",
            "range": 12 if attr.cost.kind == "weapon" else 4,
            "count": 1,
            "shots": 2,
            "turns": 1,
            "payloads": [["d6"]],
            "weapon": "ranged",
        }
        if attribute_id == "loose-cohesion":
            defaults["range"] = self.loose_default[element.type]
        out = {p: defaults[p] for p, kind in attr.params.items() if p in defaults and kind != "text"}
        if "target" in attr.params:
            others = [ref.id for ref in element.attributes if ref.id != attribute_id]
            if others:
                out["target"] = others[0]
        return out

    def _restriction_problems(self, attr: FowAttribute, element: FowElement, ids: list[str]) -> list[tuple[str, str]]:
        """(short reason, full message) for each of ``attr``'s restrictions that ``element`` does not meet."""
        rules = attr.restrictions
        if not (rules.vehicle_only or rules.requires_any or rules.requires_weapon or rules.excludes):
            return []  # most attributes have no restriction: no message to build
        name_of = self.catalogue.attribute_name
        out: list[tuple[str, str]] = []
        if rules.vehicle_only and element.type != "vehicle":
            out.append(
                (
                    _("vehicles only"),
                    _("{name} is for vehicles only, but this element is a trooper").format(name=attr.name),
                )
            )
        if rules.requires_any and not any(r in ids for r in rules.requires_any):
            needed = _(" or ").join(name_of(r) for r in rules.requires_any)
            out.append(
                (
                    _("needs {attributes}").format(attributes=needed),
                    _("{name} requires {attributes}").format(name=attr.name, attributes=needed),
                )
            )
        if rules.requires_weapon == "ranged" and element.ranged is None:
            out.append((_("needs a ranged weapon"), _("{name} requires a ranged weapon").format(name=attr.name)))
        clash = [o for o in rules.excludes if o in ids]
        if clash:
            short = _("not with {attributes}").format(attributes=", ".join(name_of(o) for o in clash))
            out += [
                (short, _("{name} does not work with {other}").format(name=attr.name, other=name_of(o))) for o in clash
            ]
        return out

    # --- costing ------------------------------------------------------------

    # --- checks -------------------------------------------------------------

    # --- presentation -------------------------------------------------------
    def describe_attribute(self, ref: AttributeRef) -> str:
        """The attribute as the sheet, cards and text print it; a homebrew one marked ``[homebrew]``."""
        text = self._describe_attribute(ref)
        return f"[homebrew] {text}" if self._attrs[ref.id].homebrew else text

    def spell_name(self, spell_id: str) -> str:
        """The spell's name; a homebrew one marked ``[homebrew]``."""
        spell = self.catalogue.spells[spell_id]
        return f"[homebrew] {spell.name}" if spell.homebrew else spell.name

    def _describe_attribute(self, ref: AttributeRef) -> str:
        attr = self._attrs[ref.id]
        kind = attr.cost.kind
        if kind == "weapon" and ref.param("die"):
            label = ref.param("name") + " " if ref.param("name") else ""
            return f'{attr.name} ({label}{ref.param("die")}, {ref.param("range", 0)}")'
        if kind == "per_inches" and ref.param("range") is not None:
            return f'{attr.name} {ref.param("range")}"'
        if ref.id == "hit-points":
            return f"{attr.name} {ref.param('count')}"
        if ref.id == "multi-shot":
            return f"{attr.name} {ref.param('shots')}×"
        if ref.id == "reload":
            return f"Reload: {ref.param('turns')}"
        if ref.id == "transport":
            return f"{attr.name} " + " or ".join(payload_text(p) for p in ref.param("payloads", []))
        if ref.id == "activate":
            return f"{attr.name} ({self.catalogue.attribute_name(ref.param('target'))})"
        if ref.id == "exhaustible" and ref.param("weapon") not in (None, "ranged"):
            return f"{attr.name} ({self.catalogue.attribute_name(ref.param('weapon'))})"
        return attr.name


SYSTEM_CLASS = FlatOutWar
