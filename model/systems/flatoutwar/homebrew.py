"""Flat Out War's homebrew facet (``model.systems.homebrew``): homebrew attributes (a cost in DAC, points
or percent, optional requirements) and spells, their New/Edit dialogs, and the catalogue entries they make."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BeforeValidator, Field, model_validator

from warbench.model.army import FileModel, new_list
from warbench.model.errors import custom_error
from warbench.model.forms import FieldSpec
from warbench.model.homebrew import HomebrewError, HomebrewKind
from warbench.model.rules import Attribute, Spell
from warbench.model.systems.common import HomebrewId, text_list_field
from warbench.model.systems.flatoutwar.entries import FowAttribute, FowCost, FowRestrictions, FowSpell
from warbench.model.systems.homebrew import Homebrew

if TYPE_CHECKING:
    from warbench.model.systems.flatoutwar import FlatOutWar  # noqa: F401 (the type argument of the facet's base)


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
