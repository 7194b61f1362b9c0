"""FUBAR: units of figures with a training level, weapons from the small-arms and support
tables, personal armour (infantry) or vehicle armour. The rules have no points.

This package is the system: here the system itself; one file a facet (``schema``, ``presentation``,
``pricing``, ``reference``, ``combat``, ``play``) and the army file's shapes (``models``); its homebrew weapons
are the weapon-table homebrew of ``model.systems.common``."""

from __future__ import annotations

from typing import Any

from warbench.model.forms import FieldSpec
from warbench.model.rules import Attribute, CostRule
from warbench.model.systems.base import Facets, later
from warbench.model.systems.common import WeaponTableHomebrew, WeaponTableSystem, text_list_field
from warbench.model.systems.fubar.models import KINDS, FubarHomebrewWeapon
from warbench.model.systems.fubar.presentation import FubarPresentation
from warbench.model.systems.fubar.pricing import FubarPricing
from warbench.model.systems.fubar.reference import FubarReference
from warbench.model.systems.fubar.schema import FubarSchema


class Fubar(WeaponTableSystem):
    facets = Facets(
        schema=FubarSchema,
        presentation=FubarPresentation,
        pricing=FubarPricing,
        reference=FubarReference,
        play=later(f"{__name__}.play", "FubarPlay"),
        turn=later(f"{__name__}.play", "FubarTurn"),
        combat=later(f"{__name__}.combat", "FubarAttackModel"),
        homebrew=WeaponTableHomebrew,
    )
    homebrew_weapon_model = FubarHomebrewWeapon

    def homebrew_weapon_fields(self) -> tuple[FieldSpec, ...]:
        """The fields of ``FubarHomebrewWeapon`` after its name."""
        return (
            FieldSpec("group", "Group", "choice", choices=("small arms", "support")),
            FieldSpec("range_in", "Range", "int", maximum=240, default=24, suffix='"'),
            FieldSpec(
                "range_cm",
                "Range in cm",
                "int",
                maximum=600,
                default=60,
                optional=True,
                suffix=" cm",
                tooltip="unticked: the range in inches × 2.5, rounded down",
            ),
            FieldSpec("fp", "Fire points", "int", maximum=50, default=1),
            FieldSpec("harms_armoured", "Harms armoured targets", "bool"),
            FieldSpec("ignores_cover", "Ignores cover", "bool"),
            FieldSpec("crew", "Crew", "int", minimum=1, maximum=20, default=2, optional=True),
            FieldSpec(
                "mount",
                "Only mounted on",
                "picks",
                choices=KINDS,
                choice_labels=self.data["kinds"],
                optional=True,
                tooltip="none ticked: any unit may carry it",
            ),
            text_list_field("notes", "Notes"),
        )

    def weapon_attribute(self, w: dict[str, Any]) -> Attribute:
        label = f'{w["range_in"]}"/{w["range_cm"]}cm · {w["fp"]} FP'
        notes = "; ".join(w.get("notes", []))
        summary = f'Range {w["range_in"]}" ({w["range_cm"]} cm), {w["fp"]} fire point{"s" * (w["fp"] > 1)}.'
        return Attribute(
            id=w["id"],
            name=w["name"],
            cost=CostRule(label=label),
            summary=summary + (f" {notes[0].upper()}{notes[1:]}." if notes else ""),
            tags=(w["group"],),
        )

    # --- figures and checks -------------------------------------------------------------


SYSTEM_CLASS = Fubar
