"""Duke It Out's homebrew facet (``model.systems.homebrew``): the player's own templates and weapons."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from pydantic import Field, field_validator

from warbench.model.army import FileModel, new_list
from warbench.model.errors import custom_error
from warbench.model.forms import FieldSpec
from warbench.model.homebrew import HomebrewError, HomebrewKind
from warbench.model.rules import Attribute, CostRule
from warbench.model.systems.common import HomebrewId, homebrew_clashes, parse_homebrew
from warbench.model.systems.dukeitout.models import DukeElement, DukeWeapon
from warbench.model.systems.homebrew import Homebrew

if TYPE_CHECKING:
    from warbench.model.systems.dukeitout import DukeItOut  # noqa: F401 (the type argument of the facet's base)


# --- homebrew entries (docs/homebrew.md): templates units are made from, and weapons -------------
POINTS_RANGE = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*-\s*([0-9]+(?:\.[0-9]+)?)\s*$")


class HomebrewTemplate(DukeElement):
    """``homebrew.templates[]``: an element (without ``count``) plus ``id``; ``points`` a number or "2-3"."""

    id: HomebrewId
    points: float | str = 1  # type: ignore[assignment]

    @field_validator("points", mode="before")
    @classmethod
    def _points(cls, value: Any) -> float | str:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0:
            return value
        match = POINTS_RANGE.match(value) if isinstance(value, str) else None
        if match and float(match[1]) <= float(match[2]):
            return f"{match[1]}-{match[2]}"
        raise custom_error("points", f"{value!r} is not points (a number of at least 0, or a range like '2-3')")

    def points_range(self) -> tuple[float, float, str]:
        if isinstance(self.points, str):
            low, high = (float(n) for n in self.points.split("-"))
            return low, high, self.points
        return float(self.points), float(self.points), f"{self.points:g}"


class HomebrewWeapon(DukeWeapon):
    """``homebrew.weapons[]``: ``{"id", "name", "power", "range", "note"}``."""

    id: HomebrewId


class HomebrewSection(FileModel):
    templates: list[HomebrewTemplate] = Field(default_factory=new_list)
    weapons: list[HomebrewWeapon] = Field(default_factory=new_list)


class DukeHomebrew(Homebrew["DukeItOut"]):
    """Duke It Out's homebrew facet: templates and weapons (``model.systems.homebrew``)."""

    def homebrew_entries(self, section: Any) -> tuple[list[Attribute], list[Any]]:
        """Homebrew templates (units can be made from them) and weapons, marked in the Templates browser."""
        templates, weapons = self.system._homebrew(section)
        parsed = parse_homebrew(HomebrewSection, section)
        problems = homebrew_clashes(
            self.system.root, "template", [("templates", parsed.templates), ("weapons", parsed.weapons)]
        )
        if problems:
            raise HomebrewError(problems)
        entries = [self.system._template_entry(t).model_copy(update={"homebrew": True}) for t in templates.values()]
        entries += [
            Attribute(
                id=w["id"],
                name=w["name"],
                cost=CostRule(label=f"weapon, power {w['power']}"),
                summary=f"Weapon: power {w['power']}, range {w['range']}." + (f" {w['note']}" if w["note"] else ""),
                tags=("weapon",),
                homebrew=True,
            )
            for w in weapons.values()
        ]
        return entries, []

    def homebrew_kinds(self) -> tuple[HomebrewKind, ...]:
        """Templates (the designer's fields, without count; points a number or a printed range) and weapons."""

        def decode_points(text: str) -> float | str:
            text = text.strip()
            try:
                number = float(text)
            except ValueError:
                return text  # a range such as "2-3"; the section's validation names what is wrong
            return int(number) if number.is_integer() else number

        points = FieldSpec(
            "points",
            "Points",
            "text",
            default=1,
            placeholder="2, 1.5 or a range 12-18",
            tooltip="a number, or the printed range a unit made from it may cost (12-18)",
            encode=lambda value: f"{value:g}" if isinstance(value, (int, float)) else str(value),
            decode=decode_points,
        )
        template = tuple(
            points if spec.key == "points" else spec
            for spec in self.system.schema.element_form
            if spec.key not in ("name", "count")
        )
        form = self.system.schema.element_form
        weapon = next(spec for spec in form if spec.key == "weapons")  # the designer's weapon row
        weapon_fields = tuple(spec for spec in weapon.children if spec.key in ("power", "range", "note"))
        return (
            HomebrewKind("templates", "template", "attribute", template),
            HomebrewKind("weapons", "weapon", "attribute", weapon_fields),
        )
