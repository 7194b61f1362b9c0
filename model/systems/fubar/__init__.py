"""FUBAR: units of figures with a training level, weapons from the small-arms and support
tables, personal armour (infantry) or vehicle armour. The rules have no points."""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Any, Literal, cast

from pydantic import BaseModel, Field, create_model, model_validator

from warbench.model.army import Army, FileModel, new_list
from warbench.model.columns import NAME_COLUMN, SheetColumn
from warbench.model.errors import custom_error
from warbench.model.forms import FieldSpec
from warbench.model.rules import Attribute, CostRule
from warbench.model.systems.base import Facets, Finding, later
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
    text_list_field,
)

KINDS = ("infantry", "vehicle", "tank", "bunker")


class FubarUnit(FileModel):
    name: str = Field(min_length=1)
    kind: Literal["infantry", "vehicle", "tank", "bunker"] = "infantry"
    training: str = "seasoned"
    figures: int = Field(default=1, ge=1)
    armour: str = "none"
    leader: str | None = None
    points: float | None = Field(default=None, ge=0)


class FubarHomebrewWeapon(FileModel):
    """``homebrew.weapons[]``: the fields of ``resources/fubar/weapons.json`` entries (docs/homebrew.md)."""

    id: HomebrewId
    name: str = Field(min_length=1)
    group: Literal["small arms", "support"] = "small arms"
    range_in: int = Field(ge=0)
    range_cm: int | None = Field(default=None, ge=0)
    fp: int = Field(ge=0)
    harms_armoured: bool = False
    ignores_cover: bool = False
    crew: int | None = Field(default=None, ge=1)
    mount: list[Literal["infantry", "vehicle", "tank", "bunker"]] | None = None
    notes: list[str] = Field(default_factory=new_list)

    @model_validator(mode="after")
    def _centimetres(self) -> FubarHomebrewWeapon:
        if self.range_cm is None:  # the tables give 2.5 cm per inch
            self.__dict__["range_cm"] = self.range_in * 5 // 2
        return self


class FubarPresentation(WeaponTablePresentation["Fubar"]):
    """FUBAR's presentation facet (``model.systems.presentation``)."""

    columns = (
        NAME_COLUMN,
        SheetColumn("Training", 2.4, wrap=18),
        SheetColumn("Act.", 0.9),
        SheetColumn("Exp.", 0.9),
        SheetColumn("Figures", 1.4),
        SheetColumn("Weapons", 5.5, wrap=40),
        SheetColumn("Armour", 2.0),
        SheetColumn("FP", 0.8),
    )

    def sheet_cells(self, element: Any) -> list[str]:
        f = self.system.pricing.figures(element)
        training = self.system.data["training"][element.training]["name"]
        if element.leader:
            training += f" (leader: {self.system.data['training'][element.leader]['name']})"
        armour = (
            self.system.data["personal_armour"] if element.kind == "infantry" else self.system.data["vehicle_armour"]
        )[element.armour]
        kind = self.system.data["kinds"][element.kind]
        return [
            f"{element.name} ({kind})",
            training,
            f["activation"],
            f["expertise"],
            str(element.figures),
            self.weapon_list(element) or "-",
            armour["name"] + (f" {f['save']}" if f["save"] else ""),
            str(f["fire_points"]),
        ]

    def card_stats(self, element: Any) -> list[tuple[str, str]]:
        f = self.system.pricing.figures(element)
        return [
            ("Act.", f["activation"]),
            ("Exp.", f["expertise"]),
            ("Figs", str(element.figures)),
            ("Supp.", str(f["max_suppressed"])),
            ("Save", f["save"] or "-"),
            ("FP", str(f["fire_points"])),
        ]

    def card_lines(self, element: Any) -> list[str]:
        lines = [f"{self.system.data['kinds'][element.kind]}, {self.system.data['training'][element.training]['name']}"]
        for pick in element.weapons:
            w = self.system.weapons[pick.weapon]
            extra = "; ".join(w.get("notes", []))
            name = self.system.weapon_name(pick.weapon)
            lines.append(
                f'{pick.count}× {name}: {w["range_in"]}"/{w["range_cm"]}cm, {w["fp"]} FP'
                + (f" ({extra})" if extra else "")
            )
        return lines

    def table_terms(self, element: Any) -> set[str]:
        """Weapon ids and the unit's kind ("infantry", "tank"...): the armour tables it needs."""
        return super().table_terms(element) | {element.kind}


class FubarReference(WeaponTableReference["Fubar"]):
    """FUBAR's reference facet (``model.systems.reference``)."""

    reference_cost_title = "Range · fire points"

    def dice_presets(self) -> list[tuple[str, str, int]]:
        out = []
        for t in self.system.data["training"].values():
            out.append((f"{t['name']}: activation {t['activation']}+ (d6)", "1d6", t["activation"]))
            out.append((f"{t['name']}: hit on expertise {t['expertise']}+ (d6 per FP)", "1d6", t["expertise"]))
        out += [(f"Cover: hit on {n}+ (expertise +{m})", "1d6", n) for n, m in ((5, 1), (6, 2))]
        out += [(f"Armour save {s}+", "1d6", s) for s in (6, 5, 4, 3, 2)]
        out.append(("Vehicle damage table (d6)", "1d6", 6))
        return out


class FubarPricing(WeaponTablePricing["Fubar"]):
    """FUBAR's pricing facet (``model.systems.pricing``)."""

    has_points = False

    def fire_points(self, element: Any) -> int:
        return sum(self.system.weapons[p.weapon]["fp"] * p.count for p in element.weapons)

    def save(self, element: Any) -> int | None:
        table = (
            self.system.data["personal_armour"] if element.kind == "infantry" else self.system.data["vehicle_armour"]
        )
        save: int | None = table[element.armour]["save"]
        return save

    def figures(self, element: Any) -> dict[str, Any]:
        t = self.system.data["training"][element.training]
        activation = t["activation"]
        if element.leader and self.system.data["training"][element.leader]["activation"] < activation:
            activation = self.system.data["training"][element.leader]["activation"]
        save = self.save(element)
        return {
            "figures": element.figures,
            "fire_points": self.fire_points(element),
            "activation": f"{activation}+",
            "expertise": f"{t['expertise']}+",
            "max_suppressed": t["max_suppressed"],
            "save": f"{save}+" if save else None,
        }

    def army_figures(self, army: Army[Any, Any]) -> dict[str, Any]:
        elements = [e for u in army.units for e in u.elements]
        return {
            "units": len(army.units),
            "figures": sum(e.figures for e in elements),
            "fire_points": sum(self.fire_points(e) for e in elements),
        }

    def check_element(self, element: Any, options: Any) -> list[Finding]:
        found: list[Finding] = []
        for pick in element.weapons:
            weapon = self.system.weapons[pick.weapon]
            if weapon.get("mount") and element.kind not in weapon["mount"]:
                found.append((pick.weapon, f"{weapon['name']}: only tanks or bunkers mount cannons"))
            if weapon.get("crew") and element.kind == "infantry" and element.figures < weapon["crew"] * pick.count:
                found.append(
                    (
                        pick.weapon,
                        f"{weapon['name']}: infantry need {weapon['crew']} crew per gun "
                        f"({weapon['crew'] * pick.count} figures for {pick.count}), the unit has {element.figures}",
                    )
                )
        found += self.carry_findings(element, element.kind == "infantry", True)
        return found


class FubarSchema(WeaponTableSchema["Fubar"]):
    """FUBAR's schema facet (``model.systems.schema``)."""

    @cached_property
    def army_model(self) -> type[Army[Any, Any]]:
        training = self.system.data["training"]
        personal, vehicle = self.system.data["personal_armour"], self.system.data["vehicle_armour"]

        def armour_fits(unit: Any) -> Any:
            table = personal if unit.kind == "infantry" else vehicle
            if unit.armour not in table:
                what = "personal armour" if unit.kind == "infantry" else "vehicle armour"
                raise custom_error("armour", f"armour {unit.armour!r} is not a {what} (one of {', '.join(table)})")
            return unit

        level: Any = Annotated[str, choice_of(training, "training level")]  # types made at run time
        fields: dict[str, Any] = {
            "training": (level, "seasoned"),
            "leader": (level | None, None),
            "weapons": (cast(Any, list)[self.system.pick_model("Fubar", __name__)], Field(default_factory=new_list)),
            "__validators__": {"armour_fits": model_validator(mode="after")(armour_fits)},
        }
        element = create_model("FubarElement", __base__=FubarUnit, __module__=__name__, **fields)
        return army_model_for("Fubar", __name__, element)

    @cached_property
    def element_form(self) -> tuple[FieldSpec, ...]:
        training = self.system.data["training"]
        personal, vehicle = self.system.data["personal_armour"], self.system.data["vehicle_armour"]
        armour_ids = tuple(dict.fromkeys([*personal, *vehicle]))
        armour = {}
        for key in armour_ids:
            saves = [f"infantry {personal[key]['save']}+" for _ in [0] if key in personal and personal[key]["save"]]
            saves += [f"vehicle {vehicle[key]['save']}+" for _ in [0] if key in vehicle]
            armour[key] = (personal.get(key) or vehicle[key])["name"] + (f" ({', '.join(saves)})" if saves else "")
        return (
            FieldSpec("name", "Name", "text", default="Rifle Section"),
            FieldSpec("kind", "Kind", "choice", choices=KINDS, choice_labels=self.system.data["kinds"]),
            FieldSpec(
                "training",
                "Training",
                "choice",
                choices=tuple(training),
                choice_labels={
                    k: f"{v['name']} (activate {v['activation']}+, hit {v['expertise']}+)" for k, v in training.items()
                },
            ),
            FieldSpec("figures", "Figures", "int", minimum=1, maximum=200, default=5),
            FieldSpec(
                "armour",
                "Armour",
                "choice",
                choices=armour_ids,
                choice_labels=armour,
                tooltip="personal armour for infantry; vehicle armour class for vehicles, tanks and bunkers",
            ),
            FieldSpec(
                "leader",
                "Leader",
                "choice",
                choices=("", *training),
                choice_labels={"": "none", **{k: v["name"] for k, v in training.items()}},
            ),
            self.system.weapons_field(200),
            self.system.points_field(),
        )

    def new_element(self, name: str) -> BaseModel:
        return self.element_model.model_validate(
            {
                "name": name,
                "kind": "infantry",
                "training": "seasoned",
                "figures": 5,
                "armour": "none",
                "weapons": [{"weapon": "infantry-rifle", "count": 5}],
            }
        )

    def follow_up(self, data: dict[str, Any], key_path: tuple[str, ...]) -> str:
        """A unit made a vehicle, tank or bunker is one model that mounts each weapon once (it fires one, or
        all when stationary): each weapon's count becomes 1; its figures stay, as its crew and passengers
        (they bail out when it is destroyed)."""
        if tuple(key_path) != ("kind",) or data.get("kind") == "infantry":
            return ""
        changed = []
        for pick in data.get("weapons", []):
            if pick.get("count", 1) != 1:
                table = self.system.weapons
                name = table[pick["weapon"]]["name"] if pick.get("weapon") in table else pick["weapon"]
                changed.append(f"{name} {pick['count']} → 1")
                pick["count"] = 1
        kind = self.system.data["kinds"].get(data["kind"], data["kind"]).lower()
        crew = f"Figures ({data.get('figures', 1)}) are its crew and passengers"
        weapons = f"; it mounts each weapon once: {', '.join(changed)} (Edit ▸ Undo puts them back)" if changed else ""
        return f"A {kind} is one model; {crew}{weapons}"


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
