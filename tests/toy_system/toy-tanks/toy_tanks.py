"""Toy Tanks: a made-up game for the tests. A tank has a hull from the system's data, guns and kit
from its attributes; it costs its hull, 4 bolts a gun and its kit. Nothing outside this module and
its data folder knows it exists."""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, create_model

from warbench.model.army import Army, FileModel
from warbench.model.columns import NAME_COLUMN, SheetColumn
from warbench.model.cost_lines import Line
from warbench.model.die_check import DieCheck
from warbench.model.forms import FieldSpec
from warbench.model.rules import Attribute, CostRule, Spell
from warbench.model.systems.base import Facets, Finding, RuleSystem
from warbench.model.systems.common import army_model_for, choice_of
from warbench.model.systems.presentation import Presentation
from warbench.model.systems.pricing import Pricing
from warbench.model.systems.reference import Reference, ReferenceUse
from warbench.model.systems.schema import Schema


class ToyTank(FileModel):
    name: str = Field(min_length=1)
    hull: str = "light"
    guns: int = Field(default=1, ge=0, le=4)
    kit: list[str] = Field(default_factory=list)
    count: int = Field(default=1, ge=1, le=20)


class KitCost(CostRule):
    """The game's one cost rule: a piece of kit costs a fixed number of bolts."""

    kind: Literal["flat"] = "flat"
    points: int

    @property
    def text(self) -> str:
        return f"{self.points:+d}"


class Kit(Attribute):
    cost: KitCost


class Drill(Spell):
    """The game's spells are crew drills: what a drill burns of the tank's fuel and how far it reaches."""

    fuel: int
    reach: str
    stat_titles: ClassVar[tuple[str, ...]] = ("Fuel", "Reach")

    @property
    def stats(self) -> tuple[str, ...]:
        return (str(self.fuel), self.reach)


class ToyPresentation(Presentation["ToyTanks"]):
    """Toy Tanks' presentation facet (``model.systems.presentation``)."""

    columns = (
        NAME_COLUMN,
        SheetColumn("Hull", 1.6),
        SheetColumn("Guns", 0.8),
        SheetColumn("Kit", 4.0, wrap=30, labels=True),
    )

    def sheet_cells(self, element: Any) -> list[str]:
        cat = self.system.catalogue.attributes
        return [
            element.name,
            self.system.data["hulls"][element.hull]["name"],
            str(element.guns),
            ", ".join(cat[k].name for k in element.kit) or "-",
        ]

    def card_stats(self, element: Any) -> list[tuple[str, str]]:
        hull = self.system.data["hulls"][element.hull]
        return [("Hull", hull["name"]), ("Move", f'{hull["move"]}"'), ("Guns", str(element.guns))]


class ToyReference(Reference["ToyTanks"]):
    """Toy Tanks' reference facet (``model.systems.reference``)."""

    reference_use = ReferenceUse.ELEMENT
    reference_titles = ("Kit", "Spells")

    def attribute_ids(self, element: Any) -> list[str]:
        return list(element.kit)

    #: a d6 against 5+, no re-roll: the dice panel shows it with its own chance table
    dice_check = DieCheck("Toy Tanks gunnery (5+)", (6,), (-1, 0, 1), 5)

    def dice_presets(self) -> list[tuple[str, str, int]]:
        return [("Gunnery (5+ on a d6)", "d6", 5)]


class ToyPricing(Pricing["ToyTanks"]):
    """Toy Tanks' pricing facet: hull, 4 bolts a gun and the kit (``model.systems.pricing``)."""

    def price_element(self, element: Any, options: Any) -> list[Line]:
        hull = self.system.data["hulls"][element.hull]
        lines = [Line(hull["name"], hull["cost"])]
        if element.guns:
            lines.append(
                Line(f"{element.guns} gun{'s' * (element.guns > 1)}", element.guns * self.system.data["gun_cost"])
            )
        cat = self.system.catalogue.attributes
        lines += [Line(cat[k].name, cat[k].cost.points) for k in element.kit]
        return lines

    def check_element(self, element: Any, options: Any) -> list[Finding]:
        return [("unarmed", "a tank without guns can only get in the way")] if element.guns == 0 else []


class ToySchema(Schema["ToyTanks"]):
    """Toy Tanks' schema facet (``model.systems.schema``)."""

    #: its attributes.json entries (the kit) priced by its own cost rule
    attribute_model = Kit
    #: its spells.json entries: drills with their fuel and reach
    spell_model = Drill

    @cached_property
    def army_model(self) -> type[Army]:
        element = create_model(
            "ToyTankElement",
            __base__=ToyTank,
            __module__=__name__,
            hull=(Annotated[str, choice_of(self.system.data["hulls"], "hull")], "light"),
            kit=(list[Annotated[str, choice_of(self.system.catalogue.attributes, "kit")]], Field(default_factory=list)),
        )
        return army_model_for("ToyTanks", __name__, element)

    @cached_property
    def element_form(self) -> tuple[FieldSpec, ...]:
        hulls, kit = self.system.data["hulls"], self.system.catalogue.attributes
        return (
            FieldSpec("name", "Name", "text", default="Tank"),
            FieldSpec(
                "hull", "Hull", "choice", choices=tuple(hulls), choice_labels={k: v["name"] for k, v in hulls.items()}
            ),
            FieldSpec("guns", "Guns", "int", minimum=0, maximum=4, default=1),
            FieldSpec("kit", "Kit", "picks", choices=tuple(kit), choice_labels={k: a.name for k, a in kit.items()}),
            FieldSpec("count", "Count", "int", minimum=1, maximum=20, default=1),
        )

    def new_element(self, name: str) -> Any:
        return self.element_model.model_validate({"name": name, "hull": "light", "guns": 1})


class ToyTanks(RuleSystem):
    facets = Facets(schema=ToySchema, presentation=ToyPresentation, pricing=ToyPricing, reference=ToyReference)


SYSTEM_CLASS = ToyTanks
