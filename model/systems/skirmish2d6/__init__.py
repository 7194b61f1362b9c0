"""The one-page 2D6 sci-fi skirmish game: units of a quality and a type, weapons from its
table. No points; the force routs after losing half its starting units.

This package is the system: here the system itself; one file a facet (``schema``, ``presentation``,
``pricing``, ``reference``, ``combat``, ``play``) and the army file's shapes (``models``); its homebrew weapons
are the weapon-table homebrew of ``model.systems.common``."""

from __future__ import annotations

from typing import Any

from warbench.model.forms import FieldSpec
from warbench.model.rules import Attribute, CostRule
from warbench.model.systems.base import Facets, later
from warbench.model.systems.common import WeaponTableHomebrew, WeaponTableSystem
from warbench.model.systems.skirmish2d6.models import SkirmishHomebrewWeapon
from warbench.model.systems.skirmish2d6.presentation import SkirmishPresentation
from warbench.model.systems.skirmish2d6.pricing import SkirmishPricing
from warbench.model.systems.skirmish2d6.reference import SkirmishReference
from warbench.model.systems.skirmish2d6.schema import SkirmishSchema


class Skirmish2D6(WeaponTableSystem):
    facets = Facets(
        schema=SkirmishSchema,
        presentation=SkirmishPresentation,
        pricing=SkirmishPricing,
        reference=SkirmishReference,
        play=later(f"{__name__}.play", "SkirmishPlay"),
        turn=later(f"{__name__}.play", "SkirmishTurn"),
        combat=later(f"{__name__}.combat", "SkirmishAttackModel"),
        homebrew=WeaponTableHomebrew,
    )
    homebrew_weapon_model = SkirmishHomebrewWeapon

    def homebrew_weapon_fields(self) -> tuple[FieldSpec, ...]:
        """The fields of ``SkirmishHomebrewWeapon`` after its name."""
        return (
            FieldSpec("range", "Range", "int", maximum=240, default=24, suffix='"'),
            FieldSpec("shots", "Shots", "int", maximum=20, default=1),
            FieldSpec(
                "assault_attacks",
                "Assault attacks",
                "text",
                default="1",
                tooltip="a number (1, 2) or a die (D3, D6)",
                placeholder="1 or D3",
            ),
            FieldSpec("to_kill", "To kill", "int", minimum=1, maximum=6, default=4, suffix="+"),
            FieldSpec("harms_armoured", "Harms armoured targets", "bool"),
        )

    def weapon_attribute(self, w: dict[str, Any]) -> Attribute:
        label = f'{w["range"]}" · {w["shots"]} shot{"s" * (w["shots"] > 1)}'
        harms = " It can harm vehicles and monsters." if w["harms_armoured"] else ""
        summary = (
            f'Range {w["range"]}", {w["shots"]} shot{"s" * (w["shots"] > 1)}; in close assault '
            f"{w['assault_attacks']} attack{'s' if w['assault_attacks'] != '1' else ''} "
            f"killing on {w['to_kill']}+.{harms}"
        )
        return Attribute(
            id=w["id"],
            name=w["name"],
            cost=CostRule(label=label),
            summary=summary,
            tags=("weapon", "anti-vehicle") if w["harms_armoured"] else ("weapon",),
        )


SYSTEM_CLASS = Skirmish2D6
