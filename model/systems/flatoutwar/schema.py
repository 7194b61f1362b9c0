"""Flat Out War's schema facet (``model.systems.schema``): the army model built from the catalogue, the
element and options forms, the upgrades of older files."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, cast

from pydantic import BaseModel, BeforeValidator, Field, create_model

from warbench.model.army import Army, new_list
from warbench.model.errors import custom_error
from warbench.model.forms import FieldSpec
from warbench.model.rules import Catalogue, slug
from warbench.model.systems.common import map_elements
from warbench.model.systems.flatoutwar.entries import FowAttribute, FowSpell
from warbench.model.systems.flatoutwar.models import DICE, AttributeRef, FowElement, FowOptions
from warbench.model.systems.schema import Schema

if TYPE_CHECKING:
    from warbench.model.systems.flatoutwar import FlatOutWar  # noqa: F401 (the type argument of the facet's base)


def _v0_names_to_ids(data: dict[str, Any]) -> dict[str, Any]:
    """Version 0 (the 0.x previews) named an element's attributes and spells by display name
    ("Heavy Armour"); version 1 by id."""
    return map_elements(data, _v0_element)


def _v0_element(element: dict[str, Any]) -> dict[str, Any]:
    if isinstance(element.get("attributes"), list):
        element["attributes"] = [{"id": slug(a)} if isinstance(a, str) else a for a in element["attributes"]]
    if isinstance(element.get("spells"), list):
        element["spells"] = [slug(s) if isinstance(s, str) else s for s in element["spells"]]
    return element


class FowSchema(Schema["FlatOutWar"]):
    """Flat Out War's schema facet (``model.systems.schema``)."""

    #: attributes.json entries: DAC / points / per-inch cost rules and vehicle, weapon and attribute restrictions
    attribute_model = FowAttribute
    #: spells.json entries: casting difficulty (its budget cost), range, duration and template
    spell_model = FowSpell
    upgrades = {0: _v0_names_to_ids}

    @cached_property
    def army_model(self) -> type[Army[Any, Any]]:
        cat = self.system.catalogue
        tag = "".join(part.capitalize() for part in self.system.id.replace(".", "-").split("-"))
        ref = type(
            f"{tag}AttributeRef",
            (AttributeRef,),
            {
                "__module__": __name__,
                "__annotations__": {"catalogue": ClassVar[Catalogue]},
                "catalogue": cat,
            },
        )

        def spell_id(value: Any) -> str:
            resolved = cat.resolve_spell(value)
            if resolved is None:
                raise custom_error("spell", f"{value!r} is not a spell of this system")
            return resolved

        def attribute_id(value: Any) -> str:
            resolved = cat.resolve_attribute(value)
            if resolved is None:
                raise custom_error("attribute", f"{value!r} is not an attribute of this system")
            return resolved

        element = create_model(
            f"{tag}Element",
            __base__=FowElement,
            __module__=__name__,
            attributes=(cast(Any, list)[ref], Field(default_factory=new_list)),  # a model made at run time
            spells=(list[Annotated[str, BeforeValidator(spell_id)]], Field(default_factory=new_list)),
        )
        options = create_model(
            f"{tag}Options",
            __base__=FowOptions,
            __module__=__name__,
            free_attributes=(list[Annotated[str, BeforeValidator(attribute_id)]], Field(default_factory=new_list)),
        )
        return create_model(
            f"{tag}Army",
            __base__=Army[element, options],
            __module__=__name__,
            options=(options, Field(default_factory=options)),
        )

    @cached_property
    def element_form(self) -> tuple[FieldSpec, ...]:
        die: dict[str, Any] = dict(kind="choice", choices=DICE)
        return (
            FieldSpec("name", "Name", "text", default="New element"),
            FieldSpec(
                "type",
                "Type",
                "choice",
                choices=("trooper", "vehicle"),
                choice_labels={"trooper": "Trooper", "vehicle": "Vehicle"},
            ),
            FieldSpec("count", "Count", "int", minimum=1, maximum=999, default=1),
            FieldSpec(
                "die",
                "Base die",
                default="d6",
                **die,
                tooltip="The element's die: every roll uses it, and attributes cost DAC of it",
            ),
            FieldSpec(
                "move",
                "Move",
                "int",
                minimum=0,
                maximum=60,
                step=2,
                default=4,
                tooltip='Inches; 1 DAC of the base die per 2"',
            ),
            FieldSpec(
                "melee",
                "Melee weapon",
                "group",
                optional=True,
                children=(
                    FieldSpec("name", "Name", "text", default="Sword"),
                    FieldSpec("die", "Die", default="d6", **die),
                ),
            ),
            FieldSpec(
                "ranged",
                "Ranged weapon",
                "group",
                optional=True,
                children=(
                    FieldSpec("name", "Name", "text", default="Rifle"),
                    FieldSpec("die", "Die", default="d6", **die),
                    FieldSpec("range", "Range", "int", minimum=0, maximum=240, default=12),
                ),
            ),
            FieldSpec("attributes", "Attributes", "attributes"),
            FieldSpec("spells", "Spells", "spells"),
        )

    @cached_property
    def options_form(self) -> tuple[FieldSpec, ...]:
        attrs = sorted(self.system.catalogue.attributes.values(), key=lambda a: a.name)
        return (
            FieldSpec(
                "ranged_base_dac",
                "Ranged weapon base",
                "choice",
                choices=(1, 2),
                choice_labels={1: "1 DAC + range (the rules text)", 2: "2 DAC + range (the published sample lists)"},
            ),
            FieldSpec(
                "free_attributes",
                "Free attributes (every element has them)",
                "picks",
                choices=tuple(a.id for a in attrs),
                choice_labels={a.id: a.name for a in attrs},
            ),
        )

    def new_element(self, name: str) -> BaseModel:
        return self.element_model.model_validate({"name": name, "type": "trooper", "count": 1, "die": "d6", "move": 4})
