"""Pieces shared by the systems whose units pick weapons from a table (FUBAR, 2D6 skirmish)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, cached_property
from typing import Annotated, Any, ClassVar, TypeVar, cast

from pydantic import BaseModel, BeforeValidator, Field, ValidationError, create_model

from warbench.model import i18n
from warbench.model.army import Army, FileModel, new_list
from warbench.model.cost_lines import Line, Points
from warbench.model.errors import custom_error
from warbench.model.forms import FieldSpec
from warbench.model.homebrew import HomebrewError, HomebrewKind
from warbench.model.i18n import _
from warbench.model.resources import load_entries
from warbench.model.rules import Attribute, Catalogue, RuleTable, slug
from warbench.model.systems.base import RuleSystem, counted
from warbench.model.systems.facet import S
from warbench.model.systems.homebrew import Homebrew
from warbench.model.systems.presentation import Presentation
from warbench.model.systems.pricing import Pricing
from warbench.model.systems.reference import Reference, ReferenceUse
from warbench.model.systems.schema import Schema


class NoOptions(FileModel):
    """These systems have no army-wide options (unknown ones are kept)."""


def army_model_for(
    tag: str, module: str, element: type[BaseModel], options: type[BaseModel] = NoOptions
) -> type[Army[Any, Any]]:
    made = create_model(
        f"{tag}Army",
        __base__=cast(Any, Army)[element, options],  # a pydantic generic, parametrised at run time
        __module__=module,
        options=(options, Field(default_factory=options)),
    )
    return cast("type[Army[Any, Any]]", made)


def choice_of(ids: dict[str, Any] | list[Any], what: str) -> BeforeValidator:
    """A validator for a string that must be one of ``ids`` (a weapon, a training level...)."""
    allowed = list(ids)

    def check(value: Any) -> str:
        if isinstance(value, str) and value.strip().lower() in allowed:
            return value.strip().lower()
        raise custom_error(what, f"{value!r} is not a {what} (one of {', '.join(allowed)})")

    return BeforeValidator(check)


# --- homebrew entries (shared/spec/army-file.md, "Homebrew entries"; docs/homebrew.md) ---------
def _homebrew_id(value: Any) -> str:
    if not isinstance(value, str) or not value or slug(value) != value:
        raise custom_error(
            "homebrew", f"{value!r} is not an id: use lower case words joined by '-' (e.g. 'rocket-pod')"
        )
    return value


HomebrewId = Annotated[str, BeforeValidator(_homebrew_id)]


def parse_homebrew(model: type[BaseModel], section: Any) -> Any:
    """``section`` validated by ``model``; HomebrewError with one line per problem naming its JSON path."""
    from warbench.model.errors import describe_error, json_path

    try:
        return model.model_validate(section)
    except ValidationError as exc:
        raise HomebrewError(
            [f"{json_path(('homebrew', *e['loc']))}: {describe_error(e)}" for e in exc.errors(include_url=False)]
        ) from None


def homebrew_clashes(system: RuleSystem, word: str, lists: list[tuple[str, list[Any]]]) -> list[str]:
    """Entries of ``lists`` ((section key, parsed entries)) whose id or name shadows a built-in entry of the
    system's catalogue (a ``word``), and ids defined twice (across every list)."""
    cat = system.catalogue
    problems: list[str] = []
    seen: set[str] = set()
    for key, entries in lists:
        for i, entry in enumerate(entries):
            path = f"homebrew.{key}[{i}]"
            for field in ("id", "name"):
                value = getattr(entry, field)
                hit = cat.resolve_attribute(value)
                if hit is not None:
                    problems.append(
                        f"{path}.{field}: {value!r} shadows the built-in {word} {cat.attributes[hit].name} "
                        f"of {system.name}; choose another {field}"
                    )
                    break
            if entry.id in seen:
                problems.append(f"{path}.id: {entry.id!r} is defined twice")
            seen.add(entry.id)
    return problems


def text_list_field(key: str, label: str, separator: str = ";", placeholder: str = "") -> FieldSpec:
    """A list of short texts edited as one line, the items separated by ``separator``."""

    def decode(text: str) -> list[str]:
        return [part.strip() for part in text.split(separator) if part.strip()]

    return FieldSpec(
        key,
        label,
        "text",
        default=[],
        tooltip=f"separate several with {separator}",
        placeholder=placeholder or f"separate several with {separator}",
        encode=lambda items: f"{separator} ".join(items or []),
        decode=decode,
    )


W = TypeVar("W", bound="WeaponTableSystem")


class WeaponTablePresentation(Presentation[W]):
    """The presentation facet shared by the weapon-table systems (``model.systems.presentation``)."""

    def card_rule_ids(self, element: Any) -> list[tuple[str, str]]:
        """None: the card's weapon lines already carry each weapon's whole profile and notes."""
        return []

    def text_parts(self, element: Any) -> list[str]:
        """Stats, the card's first line (kind and training) and the weapons by name only: one chat line."""
        parts = [f"{i18n.stat(stat)} {value}" for stat, value in self.card_stats(element)] + self.card_lines(element)[
            :1
        ]
        return parts + ([self.weapon_list(element)] if element.weapons else [])

    def weapon_list(self, element: Any) -> str:
        return ", ".join(
            f"{p.count}× {self.system.weapon_name(p.weapon)}" if p.count > 1 else self.system.weapon_name(p.weapon)
            for p in element.weapons
        )


class WeaponTableReference(Reference[W]):
    """The reference facet shared by the weapon-table systems: the Weapons browser (``model.systems.reference``)."""

    reference_use = ReferenceUse.ELEMENT
    reference_titles = ("Weapons", "Spells")
    reference_word = "weapon"

    def apply_reference(self, element_data: dict[str, Any], entry_id: str) -> str:
        for pick in element_data["weapons"]:
            if pick["weapon"] == entry_id:
                pick["count"] += 1
                break
        else:
            element_data["weapons"].append({"weapon": entry_id, "count": 1})
        return str(self.system.weapons[entry_id]["name"])

    def attribute_ids(self, element: Any) -> list[str]:
        return [p.weapon for p in element.weapons]


class WeaponTableHomebrew(Homebrew[W]):
    """The homebrew facet shared by the weapon-table systems: ``homebrew.weapons[]`` (``model.systems.homebrew``)."""

    def homebrew_kinds(self) -> tuple[HomebrewKind, ...]:
        return (HomebrewKind("weapons", self.system.weapon_word, "attribute", self.system.homebrew_weapon_fields()),)

    def homebrew_entries(self, section: Any) -> tuple[list[Attribute], list[Any]]:
        """``homebrew.weapons[]``: weapons units can pick, listed and marked in the Weapons browser."""
        weapons = self.system._homebrew_weapons(section)  # raises on a bad field
        parsed = parse_homebrew(_weapons_section(self.system.homebrew_weapon_model), section)
        problems = homebrew_clashes(self.system.root, self.system.weapon_word, [("weapons", parsed.weapons)])
        if problems:
            raise HomebrewError(problems)
        return [self.system.weapon_attribute(w).model_copy(update={"homebrew": True}) for w in weapons.values()], []


class WeaponTablePricing(Pricing[W]):
    """The weapon-table systems' pricing facet: the points the player entered (``model.systems.pricing``)."""

    @staticmethod
    def carry_findings(element: Any, count_against_figures: bool, needs_weapons: bool) -> list[Any]:
        """Warnings about what a unit carries: more weapons than figures, or none at all."""
        found = []
        carried = sum(p.count for p in element.weapons)
        if count_against_figures and carried > element.figures:
            said = _("carries {n} weapons but has only {figures}").format(
                n=carried, figures=counted(element.figures, "figures")
            )
            found.append(("weapons", said))
        if needs_weapons and not element.weapons:
            found.append(("weapons", _("has no weapons")))
        return found

    def element_points(self, element: Any, lines: list[Line]) -> Points | None:
        points: Points | None = element.points  # never invented: only what the player typed
        return points

    def price_element(self, element: Any, options: Any) -> list[Line]:
        return [Line("points entered by the player", element.points)] if element.points is not None else []


class WeaponTableSchema(Schema[S]):
    """The schema facet shared by the weapon-table systems: units of figures (``model.systems.schema``)."""

    model_noun = "figures"

    def model_count(self, element: Any) -> int:
        return int(element.figures)


class WeaponTableSystem(RuleSystem):
    """Units carry weapons picked from ``resources/<system>/weapons.json``; the browser lists them."""

    weapon_word: ClassVar[str] = "weapon"

    #: the shape of one ``homebrew.weapons[]`` entry: the fields of the system's weapons.json entries
    homebrew_weapon_model: ClassVar[type[BaseModel]]

    @cached_property
    def weapons(self) -> dict[str, dict[str, Any]]:
        """The weapons table, with the army's homebrew weapons (marked ``"homebrew": true``) on copies."""
        table = {w["id"]: w for w in load_entries(self.id, "weapons.json", "weapons")}
        return table | self._homebrew_weapons(self.homebrew.section if self.homebrew else None)

    def weapon_attribute(self, weapon: dict[str, Any]) -> Attribute:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def homebrew_weapon_fields(self) -> tuple[FieldSpec, ...]:  # pragma: no cover - every subclass overrides
        """The New/Edit weapon dialog's fields after the name: those of ``homebrew_weapon_model``."""
        raise NotImplementedError

    def _homebrew_weapons(self, section: Any) -> dict[str, dict[str, Any]]:
        if section is None:
            return {}
        parsed = parse_homebrew(_weapons_section(self.homebrew_weapon_model), section)
        return {w.id: {**w.model_dump(exclude_none=True), "homebrew": True} for w in parsed.weapons}

    def weapon_name(self, weapon_id: str) -> str:
        w = self.weapons[weapon_id]
        return f"[homebrew] {w['name']}" if w.get("homebrew") else w["name"]

    @cached_property
    def catalogue(self) -> Catalogue:
        tables = [RuleTable.model_validate(t) for t in load_entries(self.id, "tables.json", "tables")]
        return Catalogue([self.weapon_attribute(w) for w in self.weapons.values()], [], tables)

    def weapons_field(self, most: int) -> FieldSpec:
        """The form's weapons table: a weapon of this system and how many."""
        return FieldSpec(
            "weapons",
            "Weapons",
            "records",
            children=(
                FieldSpec(
                    "weapon",
                    "Weapon",
                    "choice",
                    choices=tuple(self.weapons),
                    # the key numbers beside the name, as the Weapons browser shows them
                    choice_labels={
                        k: f"{w['name']} ({self.weapon_attribute(w).cost.text})" for k, w in self.weapons.items()
                    },
                ),
                FieldSpec("count", "Count", "int", minimum=1, maximum=most, default=1),
            ),
        )

    def points_field(self) -> FieldSpec:
        return FieldSpec(
            "points",
            "Points (optional)",
            "float",
            minimum=0,
            maximum=10000,
            optional=True,
            tooltip=f"{self.name} has no points; enter your own if your group uses them",
        )

    def pick_model(self, tag: str, module: str) -> type[BaseModel]:
        return create_model(
            f"{tag}WeaponPick",
            __base__=FileModel,
            __module__=module,
            weapon=(Annotated[str, choice_of(self.weapons, self.weapon_word)], ...),
            count=(int, Field(default=1, ge=1)),
        )


@cache
def _weapons_section(weapon: type[BaseModel]) -> type[BaseModel]:
    """The ``homebrew`` section of a weapon-table system: ``weapons[]`` (other fields are kept)."""
    return create_model(
        f"{weapon.__name__}Section",
        __base__=FileModel,
        __module__=weapon.__module__,
        weapons=(cast(Any, list)[weapon], Field(default_factory=new_list)),  # a model made at run time
    )


def map_elements(data: dict[str, Any], upgrade: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
    """A copy of army JSON ``data`` with ``upgrade`` applied to each element object (what is not an
    object or a list is left for validation to name)."""
    data = dict(data)
    units = data.get("units")
    if not isinstance(units, list):
        return data
    out = []
    for unit in units:
        if isinstance(unit, dict) and isinstance(unit.get("elements"), list):
            elements = [upgrade(dict(e)) if isinstance(e, dict) else e for e in unit["elements"]]
            unit = dict(unit, elements=elements)
        out.append(unit)
    data["units"] = out
    return data
