"""The one-page 2D6 sci-fi skirmish game: units of a quality and a type, weapons from its
table. No points; the force routs after losing half its starting units."""

from __future__ import annotations

import re
from functools import cached_property
from math import ceil
from typing import Annotated, Any, cast

from pydantic import BaseModel, BeforeValidator, Field, create_model

from warbench.model.army import Army, FileModel, new_list
from warbench.model.columns import NAME_COLUMN, SheetColumn
from warbench.model.errors import custom_error
from warbench.model.forms import FieldSpec
from warbench.model.limits import excerpt
from warbench.model.rules import Attribute, CostRule
from warbench.model.systems.base import Facets, Finding, counted, later
from warbench.model.systems.common import (
    HomebrewId,
    WeaponTableHomebrew,
    WeaponTablePresentation,
    WeaponTablePricing,
    WeaponTableReference,
    WeaponTableSchema,
    WeaponTableSystem,
    army_model_for,
    choice_of,
)


class SkirmishUnit(FileModel):
    name: str = Field(min_length=1)
    quality: str = "regular"
    type: str = "infantry"
    figures: int = Field(default=1, ge=1)
    points: float | None = Field(default=None, ge=0)


#: the most assault attacks one figure's weapon makes, as a number or a die's sides (the rules' largest is D6):
#: each figure's attacks are worked out exactly by the matchup, and a D3000 took hours
MAX_ASSAULT_ATTACKS = 100


def _attacks(value: object) -> str:
    """A number of assault attacks: a whole number ("2") or a die ("D3"), at most :data:`MAX_ASSAULT_ATTACKS`."""
    text = str(value).strip().upper() if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    found = re.fullmatch(r"([0-9]+)|D([1-9][0-9]*)", text)
    if found is None:
        raise custom_error(
            "attacks", f"{excerpt(value)} is not a number of attacks (a number such as 2, or a die such as D3)"
        )
    digits = (found[1] or found[2]).lstrip("0") or "0"
    if len(digits) > 3 or int(digits) > MAX_ASSAULT_ATTACKS:
        raise custom_error(
            "attacks",
            f"{excerpt(value)}: at most {MAX_ASSAULT_ATTACKS} attacks, or a die of at most D{MAX_ASSAULT_ATTACKS}",
        )
    return text


class SkirmishHomebrewWeapon(FileModel):
    """``homebrew.weapons[]``: the fields of ``resources/2d6-skirmish/weapons.json`` entries (docs/homebrew.md)."""

    id: HomebrewId
    name: str = Field(min_length=1)
    range: int = Field(ge=0)
    shots: int = Field(ge=0)
    assault_attacks: Annotated[str, BeforeValidator(_attacks)] = "1"
    to_kill: int = Field(default=4, ge=1, le=6)
    harms_armoured: bool = False


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
        return (
            f"{counted(figures['units'], 'units')}, {counted(figures['figures'], 'figures')}; "
            f"routs after losing {counted(figures['routs_after_losing'], 'units')}"
        )

    def sheet_cells(self, element: Any) -> list[str]:

        q = self.system.data["qualities"][element.quality]
        t = self.system.data["types"][element.type]
        return [
            f"{element.name} ({t['name']})",
            q["name"],
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
            ("Quality", q["name"]),
            ("Activate", f"{q['activation']}+"),
            ("Move", f'{t["move"]}"'),
            ("Figures", str(element.figures)),
            ("Hits/cas.", f"{hits[0]}/{hits[1]}/{hits[2]}"),
        ]

    def card_lines(self, element: Any) -> list[str]:
        lines = [self.system.data["types"][element.type]["name"]]
        for pick in element.weapons:
            w = self.system.weapons[pick.weapon]
            lines.append(
                f'{pick.count}× {self.system.weapon_name(pick.weapon)}: {w["range"]}", {counted(w["shots"], "shots")}; '
                f"assault {w['assault_attacks']} at {w['to_kill']}+"
            )
        return lines


class SkirmishReference(WeaponTableReference["Skirmish2D6"]):
    """The 2D6 skirmish game's reference facet (``model.systems.reference``)."""

    reference_cost_title = "Range · shots"

    def dice_presets(self) -> list[tuple[str, str, int]]:
        out = [
            (f"Activation, {q['name']} ({q['activation']}+ on 2D6)", "2d6", q["activation"])
            for q in self.system.data["qualities"].values()
        ]
        out += [
            ("Shooting: a hit on a 6 (per shot)", "1d6", 6),
            ("Close assault: to kill 4+", "1d6", 4),
            ("Close assault: to kill 5+", "1d6", 5),
            ("Vehicle damage (d6)", "1d6", 4),
        ]
        return out


class SkirmishPricing(WeaponTablePricing["Skirmish2D6"]):
    """The 2D6 skirmish game's pricing facet (``model.systems.pricing``)."""

    has_points = False

    def figures(self, element: Any) -> dict[str, Any]:
        from warbench.model.dice import distribution  # the dice engine only when figures are asked for

        q = self.system.data["qualities"][element.quality]
        t = self.system.data["types"][element.type]
        return {
            "figures": element.figures,
            "activation": f"{q['activation']}+ on 2D6",
            "activation_chance": str(distribution("2d6").at_least(q["activation"])),
            "move": f'{t["move"]}"',
            "shots": sum(self.system.weapons[p.weapon]["shots"] * p.count for p in element.weapons),
        }

    def army_figures(self, army: Army[Any, Any]) -> dict[str, Any]:
        units = len(army.units)
        return {
            "units": units,
            "figures": sum(e.figures for u in army.units for e in u.elements),
            "routs_after_losing": ceil(units / 2) if units else 0,
        }

    def check_element(self, element: Any, options: Any) -> list[Finding]:
        # beasts, monsters and vehicles fight without weapons from the table
        melee_only = self.system.data["types"][element.type]["armoured"] or element.type == "beasts"
        return self.carry_findings(element, True, not melee_only)

    def check_army(self, army: Army[Any, Any], cost: Any) -> list[Finding]:
        found = super().check_army(army, cost)
        weapons = {p.weapon for u in army.units for e in u.elements for p in e.weapons}
        if weapons and not any(self.system.weapons[w]["harms_armoured"] for w in weapons):
            found.append(
                (
                    "anti-vehicle",
                    "no Grenade, Destroyer or Vehicle Destroyer: nothing in this force can harm vehicles or monsters",
                )
            )
        return found


class SkirmishSchema(WeaponTableSchema["Skirmish2D6"]):
    """2D6 sci-fi skirmish's schema facet (``model.systems.schema``)."""

    @cached_property
    def army_model(self) -> type[Army[Any, Any]]:
        fields: dict[str, Any] = {  # types made at run time from the system's data
            "quality": (Annotated[str, choice_of(self.system.data["qualities"], "quality")], "regular"),
            "type": (Annotated[str, choice_of(self.system.data["types"], "unit type")], "infantry"),
            "weapons": (
                cast(Any, list)[self.system.pick_model("Skirmish2D6", __name__)],
                Field(default_factory=new_list),
            ),
        }
        element = create_model("Skirmish2D6Element", __base__=SkirmishUnit, __module__=__name__, **fields)
        return army_model_for("Skirmish2D6", __name__, element)

    @cached_property
    def element_form(self) -> tuple[FieldSpec, ...]:
        q, t = self.system.data["qualities"], self.system.data["types"]
        return (
            FieldSpec("name", "Name", "text", default="Squad"),
            FieldSpec(
                "quality",
                "Quality",
                "choice",
                choices=tuple(q),
                choice_labels={k: f"{v['name']} (activates {v['activation']}+ on 2D6)" for k, v in q.items()},
            ),
            FieldSpec(
                "type",
                "Type",
                "choice",
                choices=tuple(t),
                choice_labels={k: f'{v["name"]} (move {v["move"]}")' for k, v in t.items()},
            ),
            FieldSpec("figures", "Figures", "int", minimum=1, maximum=100, default=5),
            self.system.weapons_field(100),
            self.system.points_field(),
        )

    def new_element(self, name: str) -> BaseModel:
        return self.element_model.model_validate(
            {
                "name": name,
                "quality": "regular",
                "type": "infantry",
                "figures": 5,
                "weapons": [{"weapon": "rifle", "count": 5}],
            }
        )


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
