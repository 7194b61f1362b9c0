"""Flat Out War: Special Operations and Universal Rules v1.7.

Both editions share the element shape of ``shared/spec/army-file.md`` and one
costing routine; what differs between them (weapon formulas, attribute costs,
attribute lists) is data in ``resources/fow-special-ops`` and
``resources/fow-universal-1.7``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Annotated, Any, ClassVar, Literal, cast

from pydantic import BaseModel, BeforeValidator, Field, create_model, field_validator, model_validator
from pydantic_core import PydanticCustomError

from warbench.model.army import Army, FileModel, new_list
from warbench.model.columns import NAME_COLUMN, SheetColumn
from warbench.model.cost_lines import Line, Points
from warbench.model.die_check import DieCheck
from warbench.model.errors import custom_error
from warbench.model.forms import FieldSpec
from warbench.model.homebrew import HomebrewError, HomebrewKind
from warbench.model.rules import Attribute, Catalogue, Spell, slug
from warbench.model.systems.base import Facets, Finding, RuleSystem, later
from warbench.model.systems.common import HomebrewId, map_elements, text_list_field
from warbench.model.systems.flatoutwar.entries import FowAttribute, FowCost, FowRestrictions, FowSpell, fow
from warbench.model.systems.homebrew import Homebrew
from warbench.model.systems.presentation import Presentation
from warbench.model.systems.pricing import Pricing
from warbench.model.systems.reference import Reference, ReferenceUse, SpellBudget
from warbench.model.systems.schema import Schema

DICE = ("d4", "d6", "d8", "d10", "d12", "d20")
WEAPON_ATTRIBUTES = ("extra-weapon", "sponson", "turret")
#: ranges and units of the designer's number editors for attribute parameters, by declared kind
PARAM_RANGES = {"inches": (0, 240), "count": (1, 99), "shots": (2, 4), "turns": (1, 9)}
PARAM_SUFFIXES = {"inches": '"', "shots": "×"}


def normalize_die(value: Any) -> str:
    if isinstance(value, str) and value.strip().lower() in DICE:
        return value.strip().lower()
    raise custom_error("die", f"{value!r} is not a die (use one of {', '.join(DICE)})")


Die = Annotated[str, BeforeValidator(normalize_die)]


class Weapon(FileModel):
    name: str = ""
    die: Die


class RangedWeapon(Weapon):
    range: int = Field(ge=0)


class AttributeRef(FileModel):
    """``{"id": ..., params}`` — params are kept as extra fields, as the spec writes them."""

    id: str
    catalogue: ClassVar[Catalogue]

    @field_validator("id", mode="before")
    @classmethod
    def _canonical_id(cls, value: Any) -> str:
        resolved = cls.catalogue.resolve_attribute(value)
        if resolved is None:
            raise custom_error("attribute", f"{value!r} is not an attribute of this system")
        return resolved

    @model_validator(mode="after")
    def _check_params(self) -> AttributeRef:
        attr = fow(self.catalogue.attributes[self.id])
        extra = self.__pydantic_extra__ if self.__pydantic_extra__ is not None else {}
        for param, kind in attr.params.items():
            value = extra.get(param)
            extra_value = _PARAM_CHECKS[kind](self.catalogue, attr, param, value)
            if extra_value is not None:
                extra[param] = extra_value
        return self

    def param(self, name: str, default: Any = None) -> Any:
        return (self.__pydantic_extra__ or {}).get(name, default)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_die(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    if value is None:
        raise custom_error("param", f"{attr.name} needs '{param}', the weapon's die (one of {', '.join(DICE)})")
    try:
        return normalize_die(value)
    except PydanticCustomError:
        raise custom_error("param", f"{attr.name} '{param}': {value!r} is not a die") from None


def _check_inches(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    if value is None:
        if attr.cost.default is not None:  # e.g. Loose Cohesion: the game's default range
            return None
        raise custom_error("param", f"{attr.name} needs '{param}' in whole inches")
    if not _whole(value) or value < 0:
        raise custom_error("param", f"{attr.name} '{param}' must be whole inches ≥ 0 (found {value!r})")
    return None


def _check_count(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    if not _whole(value) or value < 1:
        raise custom_error("param", f"{attr.name} needs '{param}', a whole number ≥ 1 (found {value!r})")
    return None


def _check_shots(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    if not _whole(value) or not 2 <= value <= 4:
        raise custom_error("param", f"{attr.name} needs '{param}', the total rate of fire 2, 3 or 4 (found {value!r})")
    return None


def _check_turns(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    if not _whole(value) or value < 1:
        raise custom_error("param", f"{attr.name} needs '{param}', reload turns ≥ 1 (found {value!r})")
    return None


def _check_payloads(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    if not isinstance(value, list) or not value or not all(isinstance(p, list) and p for p in value):
        raise custom_error("param", f"{attr.name} needs '{param}': a list of payloads, each a list of passenger dice")
    try:
        return [[normalize_die(d) for d in payload] for payload in value]
    except PydanticCustomError as exc:
        raise custom_error("param", f"{attr.name} '{param}': {exc.message()}") from None


def _check_attribute(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    resolved = cat.resolve_attribute(value)
    if resolved is None:
        raise custom_error(
            "param", f"{attr.name} needs '{param}', the id of the attribute it switches (found {value!r})"
        )
    if resolved == attr.id:
        raise custom_error("param", f"{attr.name} cannot switch itself")
    return resolved


def _check_weapon_ref(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    if value is None:
        return None
    allowed = ("ranged",) + tuple(
        w for w in WEAPON_ATTRIBUTES if w in cat.attributes and fow(cat.attributes[w]).cost.kind == "weapon"
    )
    resolved = "ranged" if value == "ranged" else cat.resolve_attribute(value)
    if resolved not in allowed:
        raise custom_error("param", f"{attr.name} '{param}' must be one of {', '.join(allowed)} (found {value!r})")
    return resolved


def _check_text(cat: Catalogue, attr: FowAttribute, param: str, value: Any) -> Any:
    if value is not None and not isinstance(value, str):
        raise custom_error("param", f"{attr.name} '{param}' must be text")
    return None


_PARAM_CHECKS: dict[str, Callable[[Catalogue, FowAttribute, str, Any], Any]] = {
    "die": _check_die,
    "inches": _check_inches,
    "count": _check_count,
    "shots": _check_shots,
    "turns": _check_turns,
    "payloads": _check_payloads,
    "attribute": _check_attribute,
    "weapon_ref": _check_weapon_ref,
    "text": _check_text,
}


class FowOptions(FileModel):
    ranged_base_dac: Literal[1, 2] = 1
    free_attributes: list[str] = Field(default_factory=new_list)


class FowElement(FileModel):
    name: str = Field(min_length=1)
    type: Literal["trooper", "vehicle"] = "trooper"
    count: int = Field(default=1, ge=1)
    die: Die
    move: int = Field(default=0, ge=0)
    melee: Weapon | None = None
    ranged: RangedWeapon | None = None
    attributes: list[AttributeRef] = Field(default_factory=new_list)
    spells: list[str] = Field(default_factory=new_list)

    def has(self, attribute_id: str) -> bool:
        return any(ref.id == attribute_id for ref in self.attributes)


# --- homebrew entries (shared/spec/army-file.md, "Homebrew entries") --------------------
#: the Flat Out War cost vocabulary of a homebrew attribute: ``cost.kind`` and its fields
HOMEBREW_COST_KINDS = ("flat", "dac", "percent")
WhichDie = Literal["base", "ranged", "melee"]


class FlatCost(FileModel):
    kind: Literal["flat"]
    points: int


class DacCost(FileModel):
    kind: Literal["dac"]
    dac: int
    die: WhichDie = "base"
    per_inches: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _per_inch_cost_not_negative(self) -> DacCost:
        if self.per_inches is not None and self.dac < 0:
            raise custom_error(
                "homebrew", f"a per-inch cost cannot be negative (dac {self.dac} per {self.per_inches} inches)"
            )
        return self


class PercentCost(FileModel):
    kind: Literal["percent"]
    percent: int = Field(ge=-100)


def _cost_kind(value: Any) -> Any:
    if isinstance(value, dict) and value.get("kind") not in HOMEBREW_COST_KINDS:
        kinds = ", ".join(HOMEBREW_COST_KINDS)
        raise custom_error("homebrew", f"cost kind {value.get('kind')!r} is unknown (Flat Out War prices {kinds})")
    return value


HomebrewCost = Annotated[FlatCost | DacCost | PercentCost, Field(discriminator="kind"), BeforeValidator(_cost_kind)]


class HomebrewRestrictions(FileModel):
    vehicle_only: bool = False
    requires_any: list[str] = Field(default_factory=new_list)
    requires_weapon: Literal["ranged", "melee", ""] = ""


class HomebrewAttribute(FileModel):
    id: HomebrewId
    name: str = Field(min_length=1)
    text: str = ""
    tags: list[str] = Field(default_factory=new_list)
    cost: HomebrewCost
    restrictions: HomebrewRestrictions = Field(default_factory=HomebrewRestrictions)


class HomebrewSpell(FileModel):
    id: HomebrewId
    name: str = Field(min_length=1)
    difficulty: int = 1
    range: int | str = 0
    duration: int | str = 0
    template: str = "none"
    text: str = ""


class HomebrewSection(FileModel):
    attributes: list[HomebrewAttribute] = Field(default_factory=new_list)
    spells: list[HomebrewSpell] = Field(default_factory=new_list)


def homebrew_cost_rule(cost: FlatCost | DacCost | PercentCost) -> FowCost:
    """A homebrew cost as the structured cost rule every built-in attribute has (one costing path)."""
    if isinstance(cost, FlatCost):
        return FowCost(kind="flat", points=cost.points)
    if isinstance(cost, PercentCost):
        return FowCost(kind="percent", percent=cost.percent, label=f"{cost.percent:+d}% of the element's cost")
    of = "" if cost.die == "base" else f" of the {cost.die} weapon's die"
    if cost.per_inches is not None:
        return FowCost(
            kind="per_inches",
            dac=cost.dac,
            die=cost.die,
            inches=cost.per_inches,
            param="range",
            label=f'{cost.dac:+d} DAC{of} per {cost.per_inches}"',
        )
    return FowCost(kind="dac", dac=cost.dac, die=cost.die, label=f"{cost.dac:+d} DAC{of}" if of else "")


# --- the New/Edit dialogs of homebrew attributes and spells (FowHomebrew.homebrew_kinds) -----------
COST_FORMS = {
    "flat": "Flat points",
    "dac": "DAC of a die",
    "per_inches": "DAC per inches of range",
    "percent": "Percent of the element's cost",
}
COST_DICE = {"base": "the element's base die", "ranged": "the ranged weapon's die", "melee": "the melee weapon's die"}
#: the fields each cost form shows (the others are hidden)
COST_FIELDS = {
    "flat": {"points"},
    "dac": {"dac", "die"},
    "per_inches": {"dac", "die", "per_inches"},
    "percent": {"percent"},
}


def _attribute_form(entry: dict[str, Any]) -> dict[str, Any]:
    """A homebrew attribute's JSON as the dialog's values."""
    cost = entry.get("cost") or {"kind": "flat", "points": 0}
    needs = entry.get("restrictions") or {}
    kind = cost.get("kind")
    form = "per_inches" if kind == "dac" and cost.get("per_inches") else kind if kind in COST_FORMS else "flat"
    return {
        "text": entry.get("text", ""),
        "tags": entry.get("tags", []),
        "cost_kind": form,
        "points": cost.get("points", 0),
        "dac": cost.get("dac", 1),
        "percent": cost.get("percent", 10),
        "die": cost.get("die", "base"),
        "per_inches": cost.get("per_inches") or 4,
        "vehicle_only": bool(needs.get("vehicle_only")),
        "requires_weapon": needs.get("requires_weapon") or None,
        "requires_any": (needs.get("requires_any") or [None])[0],
    }


def _attribute_entry(values: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
    """The dialog's values as a homebrew attribute's fields (``restrictions`` keeps the words it does not show,
    and the other attributes of a "needs any of" list while its first is still chosen)."""
    form = values["cost_kind"]
    if form == "flat":
        cost: dict[str, Any] = {"kind": "flat", "points": values["points"]}
    elif form == "percent":
        cost = {"kind": "percent", "percent": values["percent"]}
    else:
        cost = {"kind": "dac", "dac": values["dac"]}
        if values["die"] != "base":
            cost["die"] = values["die"]
        if form == "per_inches":
            cost["per_inches"] = values["per_inches"]
    restrictions = dict(entry.get("restrictions") or {})
    had = restrictions.get("requires_any") or [None]
    needs = had if values["requires_any"] == had[0] else [values["requires_any"]]
    for key, value in (
        ("vehicle_only", values["vehicle_only"]),
        ("requires_weapon", values["requires_weapon"]),
        ("requires_any", [n for n in needs if n]),
    ):
        if value:
            restrictions[key] = value
        else:
            restrictions.pop(key, None)
    return {"text": values["text"].strip(), "tags": values["tags"], "cost": cost, "restrictions": restrictions or None}


def _attribute_hidden(values: dict[str, Any]) -> set[str]:
    shown = COST_FIELDS.get(str(values.get("cost_kind")), set())
    return set().union(*COST_FIELDS.values()) - shown


def _number_or_text(text: str) -> int | str:
    text = text.strip()
    return int(text) if text.isdigit() else text


HOMEBREW_SPELL_FIELDS = (
    FieldSpec(
        "difficulty",
        "Difficulty",
        "int",
        maximum=12,
        default=1,
        tooltip="Casting difficulty: 2 is the rulebook's -2 and uses 2 of the Magic budget",
    ),
    FieldSpec(
        "range",
        "Range",
        "text",
        default=12,
        tooltip='inches (0 is "self"), or a word',
        encode=str,
        decode=_number_or_text,
    ),
    FieldSpec(
        "duration",
        "Duration",
        "text",
        default=1,
        tooltip='turns (0 is "instant"), or a word',
        encode=str,
        decode=_number_or_text,
    ),
    FieldSpec("template", "Template", "text", default="none"),
    FieldSpec("text", "Effect", "multiline", placeholder="What it does at the table"),
)


def _spell_form(entry: dict[str, Any]) -> dict[str, Any]:
    """A homebrew spell's JSON as the dialog's values: ``-2`` and ``2`` are the same difficulty."""
    difficulty = entry.get("difficulty", 1)
    return {**entry, "difficulty": abs(difficulty) if isinstance(difficulty, int) else 1}


def _spell_span(value: int | str, unit: str) -> str:
    if isinstance(value, str):
        return value
    if unit == "inches":
        return f'{value}"' if value else "self"
    return "instant" if value == 0 else f"{value} turn{'s' if value != 1 else ''}"


def _ceil_div(value: Points, step: int) -> int:
    return int(-(-value // step))


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


class FowPresentation(Presentation["FlatOutWar"]):
    """Flat Out War's presentation facet (``model.systems.presentation``)."""

    columns = (
        NAME_COLUMN,
        SheetColumn("Die", 0.9),
        SheetColumn("Melee", 2.6, wrap=18),
        SheetColumn("Ranged", 2.9, wrap=18),
        SheetColumn("Range", 1.35),
        SheetColumn("Move", 1.25),
        SheetColumn("Attributes", 5.2, wrap=38, labels=True),
    )

    def sheet_cells(self, element: FowElement) -> list[str]:
        """Melee and ranged weapons in columns of their own: "Sword D8", "Bow D6" (a weapon without a name:
        its die), the ranged weapon's range beside it."""
        melee, ranged = element.melee, element.ranged
        attrs = ", ".join(self.system.describe_attribute(ref) for ref in element.attributes)
        if element.spells:
            attrs += (" — " if attrs else "") + "Spells: " + ", ".join(map(self.system.spell_name, element.spells))
        name = element.name + (" (vehicle)" if element.type == "vehicle" else "")
        return [
            name,
            element.die.upper(),
            " ".join(filter(None, [melee.name, melee.die.upper()])) if melee else "-",
            " ".join(filter(None, [ranged.name, ranged.die.upper()])) if ranged else "-",
            f'{ranged.range}"' if ranged else "-",
            f'{element.move}"',
            attrs,
        ]

    def card_stats(self, element: FowElement) -> list[tuple[str, str]]:
        return [("Die", element.die.upper()), ("Move", f'{element.move}"'), ("Type", element.type.capitalize())]

    def card_lines(self, element: FowElement) -> list[str]:
        lines = []
        if element.melee:
            lines.append(f"Melee: {element.melee.name or 'weapon'} {element.melee.die.upper()}")
        if element.ranged:
            lines.append(
                f'Ranged: {element.ranged.name or "weapon"} {element.ranged.die.upper()}, R{element.ranged.range}"'
            )
        if element.attributes:
            lines.append("Attributes: " + ", ".join(self.system.describe_attribute(ref) for ref in element.attributes))
        if element.spells:
            lines.append("Spells: " + ", ".join(map(self.system.spell_name, element.spells)))
        return lines

    def text_parts(self, element: FowElement) -> list[str]:
        parts = [element.die.upper(), f'Move {element.move}"'] + (["vehicle"] if element.type == "vehicle" else [])
        if element.melee:
            parts.append(f"{element.melee.name or 'melee weapon'} {element.melee.die.upper()}")
        if element.ranged:
            r = element.ranged
            parts.append(f'{r.name or "ranged weapon"} {r.die.upper()} {r.range}"')
        parts += [self.system.describe_attribute(ref) for ref in element.attributes]
        if element.spells:
            parts.append("Spells: " + ", ".join(map(self.system.spell_name, element.spells)))
        return parts

    def table_terms(self, element: FowElement) -> set[str]:
        """Attribute and spell ids, "spells" for a caster with spells and "ranged" for a ranged weapon."""
        terms = super().table_terms(element)
        if element.spells:
            terms.add("spells")
        if element.ranged is not None:
            terms.add("ranged")
        return terms

    rule_terms = (
        "FOW",
        "DAC",
        "Lucky",
        "sponson",
        "turret",
        "per_inches",
        "weapon_dac",
        "multi_shot",
        "Recovery roll",
        "difficulty",
    )


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


class FowHomebrew(Homebrew["FlatOutWar"]):
    """Flat Out War's homebrew facet: attributes and spells (``model.systems.homebrew``)."""

    def homebrew_kinds(self) -> tuple[HomebrewKind, ...]:
        """Attributes (a cost in this system's vocabulary, optional requirements) and spells."""
        return (
            HomebrewKind(
                "attributes",
                "attribute",
                "attribute",
                self._homebrew_attribute_fields(),
                load=_attribute_form,
                dump=_attribute_entry,
                hidden=_attribute_hidden,
                describe=self._describe_homebrew_cost,
            ),
            HomebrewKind("spells", "spell", "spell", HOMEBREW_SPELL_FIELDS, load=_spell_form),
        )

    def _homebrew_attribute_fields(self) -> tuple[FieldSpec, ...]:
        needs = sorted(self.system.catalogue.attributes.values(), key=lambda a: a.name.casefold())
        return (
            FieldSpec("text", "Rule text", "multiline", placeholder="What it does at the table"),
            text_list_field("tags", "Tags", ",", "movement, ranged… (comma separated)"),
            FieldSpec("cost_kind", "Cost", "choice", choices=tuple(COST_FORMS), choice_labels=COST_FORMS),
            FieldSpec("points", "Points", "int", minimum=-999, maximum=999),
            FieldSpec("dac", "DAC", "int", minimum=-99, maximum=99, default=1),
            FieldSpec("percent", "Percent", "int", minimum=-100, maximum=999, default=10, suffix="%"),
            FieldSpec("die", "Of", "choice", choices=tuple(COST_DICE), choice_labels=COST_DICE),
            FieldSpec("per_inches", "Per", "int", minimum=1, maximum=48, default=4, suffix='"'),
            FieldSpec("vehicle_only", "Vehicles only", "bool"),
            FieldSpec(
                "requires_weapon",
                "Needs a weapon",
                "choice",
                choices=("", "ranged", "melee"),
                choice_labels={"": "no weapon needed", "ranged": "a ranged weapon", "melee": "a melee weapon"},
            ),
            FieldSpec(
                "requires_any",
                "Needs an attribute",
                "choice",
                choices=("", *(a.id for a in needs)),
                choice_labels={"": "no other attribute needed"} | {a.id: a.name for a in needs},
            ),
        )

    def _describe_homebrew_cost(self, values: dict[str, Any]) -> str:
        """The cost the dialog's values make, in the rulebook's words (``+1 DAC per 4"``)."""
        cost = _attribute_entry(values, {})["cost"]
        if cost.get("per_inches") and cost["dac"] < 0:
            raise ValueError("a per-inch cost cannot be negative")
        return self.homebrew_cost_text(cost)

    def homebrew_cost_text(self, cost: dict[str, Any]) -> str:
        models: dict[str, type[FlatCost | DacCost | PercentCost]] = {
            "flat": FlatCost,
            "dac": DacCost,
            "percent": PercentCost,
        }
        model = models[cost["kind"]]
        return homebrew_cost_rule(model.model_validate(cost)).text

    def homebrew_entries(self, section: Any) -> tuple[list[Attribute], list[Spell]]:
        parsed = _parse_homebrew_section(section)
        cat = self.system.catalogue
        problems = self._homebrew_problems(parsed)
        if problems:
            raise HomebrewError(problems)
        homebrew_attrs = {a.id for a in parsed.attributes}
        attributes: list[Attribute] = [_homebrew_attribute(a, homebrew_attrs, cat) for a in parsed.attributes]
        spells: list[Spell] = [
            FowSpell(
                id=sp.id,
                name=sp.name,
                difficulty=-abs(sp.difficulty),
                range=_spell_span(sp.range, "inches"),
                duration=_spell_span(sp.duration, "turns"),
                template=sp.template,
                summary=sp.text,
                homebrew=True,
            )
            for sp in parsed.spells
        ]
        return attributes, spells

    def _homebrew_problems(self, parsed: HomebrewSection) -> list[str]:
        """What is wrong with the section's entries: an id or name that shadows a built-in one, an id defined
        twice, an attribute needed that is none."""
        cat = self.system.catalogue
        problems: list[str] = []
        homebrew_attrs = {a.id for a in parsed.attributes}

        def shadows(kind: str, resolve: Callable[[str], str | None], entries: Any, path: str, entry: Any) -> None:
            for field, value in (("id", entry.id), ("name", entry.name)):
                hit = resolve(value)
                if hit is not None:
                    problems.append(
                        f"{path}.{field}: {value!r} shadows the built-in {kind} {entries[hit].name} "
                        f"of {self.system.name}; choose another {field}"
                    )
                    return

        seen: set[str] = set()
        for i, a in enumerate(parsed.attributes):
            path = f"homebrew.attributes[{i}]"
            shadows("attribute", cat.resolve_attribute, cat.attributes, path, a)
            if a.id in seen:
                problems.append(f"{path}.id: {a.id!r} is defined twice")
            seen.add(a.id)
            for j, need in enumerate(a.restrictions.requires_any):
                if need not in homebrew_attrs and cat.resolve_attribute(need) is None:
                    problems.append(f"{path}.restrictions.requires_any[{j}]: {need!r} is not an attribute")
        seen = set()
        for i, sp in enumerate(parsed.spells):
            path = f"homebrew.spells[{i}]"
            shadows("spell", cat.resolve_spell, cat.spells, path, sp)
            if sp.id in seen:
                problems.append(f"{path}.id: {sp.id!r} is defined twice")
            seen.add(sp.id)
        return problems


def _parse_homebrew_section(section: Any) -> HomebrewSection:
    """The army's homebrew section read, or HomebrewError naming each problem by its place in the file."""
    from pydantic import ValidationError

    from warbench.model.errors import describe_error, json_path

    try:
        return HomebrewSection.model_validate(section)
    except ValidationError as exc:
        found: list[str] = []
        for error in exc.errors(include_url=False):
            loc = error["loc"]  # drop the union's tag: cost.dac.per_inches -> cost.per_inches
            loc = tuple(p for i, p in enumerate(loc) if not (i and loc[i - 1] == "cost" and p in HOMEBREW_COST_KINDS))
            found.append(f"{json_path(('homebrew', *loc))}: {describe_error(error)}")
        raise HomebrewError(found) from None


def _homebrew_attribute(a: HomebrewAttribute, homebrew_attrs: set[str], cat: Any) -> FowAttribute:
    """A homebrew attribute as the catalogue holds one (its cost rule, restrictions resolved)."""
    cost = a.cost
    weapon = a.restrictions.requires_weapon or (cost.die if isinstance(cost, DacCost) and cost.die != "base" else "")
    return FowAttribute(
        id=a.id,
        name=a.name,
        cost=homebrew_cost_rule(cost),
        summary=a.text,
        tags=tuple(a.tags),
        params={"range": "inches"} if isinstance(cost, DacCost) and cost.per_inches else {},
        restrictions=FowRestrictions(
            vehicle_only=a.restrictions.vehicle_only,
            requires_any=tuple(
                r if r in homebrew_attrs else cat.resolve_attribute(r) for r in a.restrictions.requires_any
            ),
            requires_weapon=weapon,
        ),
        homebrew=True,
    )


class FowPricing(Pricing["FlatOutWar"]):
    """Flat Out War's pricing facet: DAC, points and percentages, and the checks (``model.systems.pricing``)."""

    def dac(self, die: str) -> int:
        dac: int = self.system.dice[die]["dac"]
        return dac

    def weapon_dac(self, kind: str, range_inches: int, options: FowOptions) -> tuple[int, str]:
        """DAC count of a ranged-type weapon, and how it was reached."""
        rule = self.system.weapons[kind]
        base = options.ranged_base_dac if rule["dac"] == "ranged_base_dac" else rule["dac"]
        steps = _ceil_div(range_inches, rule["per_inches"])
        return base + steps, f'{base} DAC + {steps} DAC for {range_inches}" at 1 per {rule["per_inches"]}"'

    def _weapon_line(self, label: str, die: str, range_inches: int, kind: str, options: Any) -> Line:
        n, how = self.weapon_dac(kind, range_inches, options)
        return Line(label, n * self.dac(die), f"{how} = {n} DAC of {die} × {self.dac(die)}")

    def price_element(self, element: FowElement, options: FowOptions) -> list[Line]:
        weapon_points: dict[str, list[Points]] = {}
        lines = self._profile_lines(element, options, weapon_points)
        attribute_lines, deferred = self._attribute_lines(element, options, weapon_points)
        late = self._price_exhaustible_and_activate(element, deferred, weapon_points, attribute_lines)
        subtotal = sum(line.points for line in lines) + sum(line.points for line in attribute_lines.values())
        subtotal += self._price_percent(element, deferred, late, subtotal, attribute_lines)
        self._price_hit_points(element, deferred, subtotal, attribute_lines)
        for i in sorted(attribute_lines):
            line = attribute_lines[i]
            if self.system._attrs[element.attributes[i].id].homebrew:
                line = Line(f"[homebrew] {line.item}", line.points, line.detail)
            lines.append(line)
        return lines

    def _profile_lines(
        self, element: FowElement, options: FowOptions, weapon_points: dict[str, list[Points]]
    ) -> list[Line]:
        """The base die, the melee and ranged weapons (the ranged one's points kept in ``weapon_points``) and
        the move: 1 DAC per 2"."""
        lines = [Line(f"base {element.die}", self.system.dice[element.die]["base"])]
        if element.melee:
            n = self.system.weapons["melee"]["dac"]
            lines.append(
                Line(
                    f"{element.melee.name or 'melee weapon'} {element.melee.die} (melee)",
                    n * self.dac(element.melee.die),
                    f"{n} DAC of {element.melee.die} × {self.dac(element.melee.die)}",
                )
            )
        if element.ranged:
            r = element.ranged
            line = self._weapon_line(
                f'{r.name or "ranged weapon"} {r.die}, {r.range}"', r.die, r.range, "ranged", options
            )
            lines.append(line)
            weapon_points["ranged"] = [line.points]
        if element.move:
            n = _ceil_div(element.move, 2)
            lines.append(
                Line(
                    f'move {element.move}"',
                    n * self.dac(element.die),
                    f'{n} DAC of {element.die} × {self.dac(element.die)} (1 DAC per 2")',
                )
            )
        return lines

    def _attribute_lines(
        self, element: FowElement, options: FowOptions, weapon_points: dict[str, list[Points]]
    ) -> tuple[dict[int, Line], list[int]]:
        """Each attribute's line by its index, those priced on their own (free ones at 0; weapons' points kept
        in ``weapon_points``); the indexes of those priced from others (Activate, Hit Points, Exhaustible,
        percent), deferred."""
        free = set(options.free_attributes)
        attribute_lines: dict[int, Line] = {}
        deferred: list[int] = []
        for index, ref in enumerate(element.attributes):
            attr = self.system._attrs[ref.id]
            if ref.id in free:
                attribute_lines[index] = Line(f"{attr.name} (free: every element in the game has it)", 0)
            elif attr.cost.kind in ("activate", "hit_points", "exhaustible", "percent"):
                deferred.append(index)
            else:
                line = self._price_attribute(element, ref, attr, options)
                attribute_lines[index] = line
                if attr.cost.kind == "weapon":
                    weapon_points.setdefault(ref.id, []).append(line.points)
        return attribute_lines, deferred

    def _price_exhaustible_and_activate(
        self,
        element: FowElement,
        deferred: list[int],
        weapon_points: dict[str, list[Points]],
        attribute_lines: dict[int, Line],
    ) -> list[int]:
        """Exhaustible (of its weapon's points) and Activate (of its target's) priced into ``attribute_lines``;
        the indexes of the Activates of a percent entry, priced once the percent entry is."""
        late: list[int] = []
        for index in deferred:
            ref = element.attributes[index]
            attr = self.system._attrs[ref.id]
            if attr.cost.kind == "exhaustible":
                attribute_lines[index] = self._price_exhaustible(ref, attr, weapon_points)
            elif attr.cost.kind == "activate":
                if self._targets_percent(element, ref):
                    late.append(index)
                else:
                    attribute_lines[index] = self._price_activate(element, ref, attr, attribute_lines)
        return late

    def _price_percent(
        self,
        element: FowElement,
        deferred: list[int],
        late: list[int],
        subtotal: Points,
        attribute_lines: dict[int, Line],
    ) -> Points:
        """Percent entries, of the cost before any of them and before Hit Points, then the Activates of them;
        the points they add."""
        added: Points = 0
        for index in deferred:
            attr = self.system._attrs[element.attributes[index].id]
            if attr.cost.kind == "percent":
                each = _ceil_div(subtotal * attr.cost.percent, 100)
                attribute_lines[index] = Line(
                    f"{attr.name} ({attr.cost.percent}% of {subtotal})",
                    each,
                    f"{attr.cost.percent}% of {subtotal} = {subtotal * attr.cost.percent / 100:g}, rounded up",
                )
                added += each
        for index in late:
            ref = element.attributes[index]
            line = self._price_activate(element, ref, self.system._attrs[ref.id], attribute_lines)
            attribute_lines[index] = line
            added += line.points
        return added

    def _price_hit_points(
        self, element: FowElement, deferred: list[int], subtotal: Points, attribute_lines: dict[int, Line]
    ) -> None:
        """Hit Points: each a percentage of the element's cost with every other entry."""
        for index in deferred:
            ref = element.attributes[index]
            attr = self.system._attrs[ref.id]
            if attr.cost.kind == "hit_points":
                count = ref.param("count", 1)
                each = _ceil_div(subtotal * attr.cost.percent, 100)
                attribute_lines[index] = Line(
                    f"{attr.name} ×{count}",
                    count * each,
                    f"{attr.cost.percent}% of {subtotal} = {each} (rounded up) per hit point",
                )

    def _targets_percent(self, element: FowElement, ref: AttributeRef) -> bool:
        target = self.system.catalogue.attributes.get(ref.param("target"))
        return target is not None and fow(target).cost.kind == "percent"

    def _price_attribute(self, element: FowElement, ref: AttributeRef, attr: FowAttribute, options: Any) -> Line:
        rule = attr.cost
        if rule.kind == "flat":
            return Line(attr.name, rule.points)
        if rule.kind == "none":
            return Line(attr.name, 0, rule.note)
        if rule.kind == "dac":
            return self._price_dac(element, ref, attr)
        if rule.kind == "per_inches":
            return self._price_per_inches(element, ref, attr)
        if rule.kind == "weapon":
            die, inches = ref.param("die"), ref.param("range", 0)
            label = f'{attr.name}: {ref.param("name") or "weapon"} {die}, {inches}"'
            return self._weapon_line(label, die, inches, "extra", options)
        if rule.kind == "weapon_dac":
            return self._price_weapon_dac(element, ref, attr)
        if rule.kind == "multi_shot":
            return self._price_multi_shot(element, ref, attr, options)
        if rule.kind == "transport":
            return self._price_transport(ref, attr)
        raise AssertionError(f"unpriced cost kind {rule.kind}")  # pragma: no cover

    def _price_dac(self, element: FowElement, ref: AttributeRef, attr: FowAttribute) -> Line:
        """DAC of a die (the base's or a weapon's), once or per the attribute's count."""
        rule = attr.cost
        die = self._rule_die(element, rule.die)
        if die is None:
            return Line(attr.name, 0, f"no {rule.die} weapon to price")
        n = rule.dac * (ref.param(rule.per_param, 1) if rule.per_param else 1)
        label = f"{attr.name} {ref.param(rule.per_param)}" if rule.per_param else attr.name
        return Line(f"{label} ({n} DAC of {die})", n * self.dac(die), f"{n} × {self.dac(die)}")

    def _price_per_inches(self, element: FowElement, ref: AttributeRef, attr: FowAttribute) -> Line:
        """DAC per so many inches, rounded up (Loose Cohesion: the type's default, free for vehicles where
        they are loose by default)."""
        rule = attr.cost
        default = rule.default
        if ref.id == "loose-cohesion":
            default = self.system.loose_default[element.type]
            if self.system.vehicles_loose_by_default and element.type == "vehicle":
                return Line(
                    f"{attr.name} (vehicles are loose by default)",
                    0,
                    f'vehicles have loose cohesion at {default}" without paying for it',
                )
        inches = ref.param(rule.param, default)
        die = self._rule_die(element, rule.die)
        if die is None:
            return Line(f'{attr.name} {inches}"', 0, f"no {rule.die} weapon to price")
        n = rule.dac * _ceil_div(inches, rule.inches)
        return Line(
            f'{attr.name} {inches}" ({n} DAC of {die})',
            n * self.dac(die),
            f'{rule.dac} DAC per {rule.inches}", rounded up: {n} × {self.dac(die)}',
        )

    def _price_weapon_dac(self, element: FowElement, ref: AttributeRef, attr: FowAttribute) -> Line:
        """DAC of the ranged weapon's die, once or per the attribute's count."""
        rule = attr.cost
        weapon = element.ranged
        if weapon is None:
            return Line(attr.name, 0, "no ranged weapon to reduce")
        times = ref.param(rule.per_param, 1) if rule.per_param else 1
        n = rule.dac * times
        label = f"{attr.name} {times}" if rule.per_param else attr.name
        return Line(f"{label} ({n} DAC of {weapon.die})", n * self.dac(weapon.die), f"{n} × {self.dac(weapon.die)}")

    def _price_multi_shot(self, element: FowElement, ref: AttributeRef, attr: FowAttribute, options: Any) -> Line:
        """Each extra shot costs the ranged weapon again, as an extra weapon."""
        weapon = element.ranged
        shots = ref.param("shots", 2)
        if weapon is None:
            return Line(f"{attr.name} {shots}×", 0, "no ranged weapon to fire more often")
        n, how = self.weapon_dac("extra", weapon.range, options)
        extra = shots - 1
        return Line(
            f"{attr.name} {shots}× ({extra} extra shot{'s' if extra > 1 else ''})",
            extra * n * self.dac(weapon.die),
            f"{extra} × ({how}) of {weapon.die}",
        )

    def _price_transport(self, ref: AttributeRef, attr: FowAttribute) -> Line:
        """1 DAC of each passenger's die, for the costliest payload."""
        payloads = ref.param("payloads", [])
        costs = [sum(self.dac(d) for d in payload) for payload in payloads]
        best = max(range(len(costs)), key=costs.__getitem__)
        shown = _payload_text(payloads[best])
        detail = "1 DAC of each passenger's die" + (f"; costliest of {len(costs)} payloads" if len(costs) > 1 else "")
        return Line(f"{attr.name} ({shown})", costs[best], detail)

    @staticmethod
    def _rule_die(element: FowElement, which: str) -> str | None:
        if which == "base":
            return element.die
        weapon = element.ranged if which == "ranged" else element.melee
        return weapon.die if weapon else None

    def _price_exhaustible(self, ref: AttributeRef, attr: FowAttribute, weapon_points: dict[str, list[Points]]) -> Line:
        target = ref.param("weapon", "ranged")
        points = weapon_points.get(target)
        if not points:
            return Line(f"{attr.name} ({target})", 0, f"no {target} weapon to make exhaustible")
        full = points[0]
        reduced = _ceil_div(full, attr.cost.divisor)
        return Line(
            f"{attr.name} ({target} {full} ÷ {attr.cost.divisor} → {reduced})",
            reduced - full,
            f"weapon costs {full}; ÷ {attr.cost.divisor} rounded up = {reduced}",
        )

    def _price_activate(
        self, element: FowElement, ref: AttributeRef, attr: FowAttribute, priced: dict[int, Line]
    ) -> Line:
        target = ref.param("target")
        name = self.system.catalogue.attribute_name(target)
        for index, other in enumerate(element.attributes):
            if other.id == target and index in priced:
                full = priced[index].points
                if full <= 0:
                    return Line(f"{attr.name}: {name}", 0, f"{name} costs {full}; nothing to halve")
                kept = _ceil_div(full * (100 - attr.cost.percent), 100)
                return Line(
                    f"{attr.name}: {name} ({full} → {kept})",
                    kept - full,
                    f"{name} at {100 - attr.cost.percent}% of {full}, rounded up",
                )
        return Line(f"{attr.name}: {name}", 0, f"the element does not have {name}")

    def check_element(self, element: FowElement, options: FowOptions) -> list[Finding]:
        found: list[Finding] = []
        if element.move % 2:
            found.append(("move", f'MOVE {element.move}" is not a multiple of 2; it is priced as {element.move + 1}"'))
        ids = [ref.id for ref in element.attributes]
        seen: set[str] = set()
        for ref in element.attributes:
            attr = self.system._attrs[ref.id]
            if ref.id in seen and not attr.repeatable:
                found.append((ref.id, f"{attr.name} is listed more than once; each copy is priced"))
            seen.add(ref.id)
            found.extend(self._check_restrictions(element, ref, attr, ids))
        if element.spells and "magic" not in ids:
            found.append(("magic", "has spells but not the Magic attribute"))
        if "magic" in ids:
            used = sum(self.system.catalogue.spells[s].budget_cost for s in element.spells)
            if used > self.system.magic_budget:
                names = ", ".join(map(self.system.spell_name, element.spells))
                found.append(
                    (
                        "magic",
                        f"spells ({names}) total difficulty -{used}, "
                        f"over the Magic budget of -{self.system.magic_budget}",
                    )
                )
        return found

    def _check_restrictions(
        self, element: FowElement, ref: AttributeRef, attr: FowAttribute, ids: list[str]
    ) -> list[Finding]:
        rules = attr.restrictions
        name_of = self.system.catalogue.attribute_name
        found: list[Finding] = [
            (attr.id, message) for _short, message in self.system._restriction_problems(attr, element, ids)
        ]
        for param, limit in rules.max_param.items():
            value = ref.param(param)
            if _whole(value) and value > limit:
                found.append((attr.id, f"{attr.name} {param} {value} is over the maximum of {limit}"))
        if attr.cost.kind == "activate":
            target = ref.param("target")
            if target not in ids:
                found.append((attr.id, f"{attr.name} switches {name_of(target)}, which the element does not have"))
        if attr.cost.kind == "exhaustible":
            target = ref.param("weapon", "ranged")
            if (target == "ranged" and element.ranged is None) or (target != "ranged" and target not in ids):
                found.append((attr.id, f"{attr.name} needs a {target} weapon to apply to"))
        return found


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
            out.append(("vehicles only", f"{attr.name} is for vehicles only, but this element is a trooper"))
        if rules.requires_any and not any(r in ids for r in rules.requires_any):
            needed = " or ".join(name_of(r) for r in rules.requires_any)
            out.append((f"needs {needed}", f"{attr.name} requires {needed}"))
        if rules.requires_weapon == "ranged" and element.ranged is None:
            out.append(("needs a ranged weapon", f"{attr.name} requires a ranged weapon"))
        clash = [o for o in rules.excludes if o in ids]
        if clash:
            short = "not with " + ", ".join(name_of(o) for o in clash)
            out += [(short, f"{attr.name} does not work with {name_of(o)}") for o in clash]
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
            return f"{attr.name} " + " or ".join(_payload_text(p) for p in ref.param("payloads", []))
        if ref.id == "activate":
            return f"{attr.name} ({self.catalogue.attribute_name(ref.param('target'))})"
        if ref.id == "exhaustible" and ref.param("weapon") not in (None, "ranged"):
            return f"{attr.name} ({self.catalogue.attribute_name(ref.param('weapon'))})"
        return attr.name


def payloads_text(payloads: list[list[str]]) -> str:
    """``[["d6"] * 10, ["d12"]]`` → ``10×d6 | 1×d12`` (the transport editor's text form)."""
    return " | ".join(_payload_text(p) for p in payloads)


#: passengers of one kind in a payload typed in the transport editor ("99999999999×d6" was a MemoryError)
MAX_PASSENGERS = 1000


def parse_payloads(text: str) -> list[list[str]]:
    """The inverse of ``payloads_text``; accepts ``x`` for ``×``. Raises ValueError naming the bad part."""
    payloads = []
    for part in text.split("|"):
        payload: list[str] = []
        for term in part.replace("+", ",").split(","):
            term = term.strip().lower().replace("×", "x")
            if not term:
                continue
            count, _, die = term.partition("x") if "x" in term else ("1", "", term)
            if not count.strip().isdigit() or die.strip() not in DICE:
                raise ValueError(f"{term!r} is not like 10×d6")
            if len(count.strip()) > len(str(MAX_PASSENGERS)) or int(count) > MAX_PASSENGERS:
                raise ValueError(f"{term[:20]!r}: at most {MAX_PASSENGERS:,} passengers of one kind")
            payload += [die.strip()] * int(count)
        if not payload:
            raise ValueError("each payload needs at least one passenger, e.g. 10×d6")
        payloads.append(payload)
    return payloads


def _payload_text(payload: list[str]) -> str:
    counts: dict[str, int] = {}
    for die in payload:
        counts[die] = counts.get(die, 0) + 1
    return " + ".join(f"{n}×{die}" for die, n in counts.items())


SYSTEM_CLASS = FlatOutWar
