"""Duke It Out: units are templates (stat blocks) from the document's library or the
player's own; points may be fractional (1.5) and some templates print a range (12-18)."""

from __future__ import annotations

import re
from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, Field, create_model, field_validator

from warbench.model.army import Army, FileModel, new_list
from warbench.model.columns import NAME_COLUMN, SheetColumn
from warbench.model.cost_lines import Line
from warbench.model.errors import custom_error
from warbench.model.forms import FieldSpec
from warbench.model.homebrew import HomebrewError, HomebrewKind
from warbench.model.resources import load_entries, read_json, system_dir
from warbench.model.rules import Attribute, Catalogue, CostRule, RuleTable
from warbench.model.systems.base import Facets, Finding, RuleSystem, later
from warbench.model.systems.common import HomebrewId, army_model_for, homebrew_clashes, parse_homebrew
from warbench.model.systems.homebrew import Homebrew
from warbench.model.systems.presentation import Presentation
from warbench.model.systems.pricing import Pricing
from warbench.model.systems.reference import Reference, ReferenceUse
from warbench.model.systems.schema import Schema

STAT = re.compile(r"^[0-9]+(\.[0-9]+)?([/-]([0-9]+|\*))*$|^[0-9]+/\*$")
UNIT_TYPES = ("infantry", "infantry-squad", "tank", "jump", "flyer", "swarm")


def _stat(value: Any) -> str:
    text = str(value).strip() if isinstance(value, (int, float, str)) and not isinstance(value, bool) else ""
    if STAT.match(text):
        return text
    raise custom_error("stat", f"{value!r} is not a stat (a number, or values like 15/20/25, 5-10 or 8/*)")


Stat = Annotated[str, BeforeValidator(_stat)]


def points_label(template: dict[str, Any]) -> str:
    """A template's points as a player reads them: 2 and 1.5, not the printed "02" and "01.5";
    the printed text stays where it is a range (12-18)."""
    low, high = template["points_min"], template["points_max"]
    return f"{low:g}" if low == high else template["points_text"]


def numbers(text: str) -> list[float]:
    return [float(n) for n in re.findall(r"\d+(?:\.\d+)?", str(text))]


class DukeWeapon(FileModel):
    name: str = Field(min_length=1)
    power: int = Field(ge=0)
    range: str = "0"
    count: str = "1"
    note: str = ""


class DukeElement(FileModel):
    name: str = Field(min_length=1)
    type: Literal["infantry", "infantry-squad", "tank", "jump", "flyer", "swarm"] = "tank"
    count: int = Field(default=1, ge=1)
    template: str | None = None
    jump: int | None = Field(default=None, ge=0)
    move: Stat = "3"
    initiative: int = Field(default=3, ge=0)
    evade: Stat = "3"
    accuracy: int = Field(default=4, ge=0)
    armor: Stat = "3"
    body: Stat = "3"
    weapons: list[DukeWeapon] = Field(default_factory=new_list)
    special: str = ""
    points: float = Field(default=1, ge=0)


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


class DukePresentation(Presentation["DukeItOut"]):
    """Duke It Out's presentation facet (``model.systems.presentation``)."""

    columns = (
        NAME_COLUMN,
        SheetColumn("Move", 1.25),
        SheetColumn("Init", 0.9),
        SheetColumn("Evade", 1.3),
        SheetColumn("Acc", 0.9),
        SheetColumn("Armor", 1.3),
        SheetColumn("Body", 1.2),
        SheetColumn("Weapons", 5.5, wrap=40),
        SheetColumn("Special", 5.0, wrap=44),
    )

    def _kind(self, element: Any) -> str:
        """The unit type (with its jump), and the army's own template it was made from, marked."""
        kind = self.system.data["unit_types"][element.type] + (
            f" {element.jump}" if element.type == "jump" and element.jump else ""
        )
        template = self.system.templates.get(element.template) if element.template else None
        return f"{kind}, [homebrew] {template['name']}" if template and template.get("homebrew") else kind

    @staticmethod
    def _power_range(w: Any) -> str:
        """ "P5 R14" as the stat line prints power and range; a range the document writes as a word
        ("special", "Infinite") reads "P5 range special", never "Rspecial"."""
        reach = str(w.range).strip()
        return f"P{w.power} R{reach}" if reach[:1].isdigit() else f"P{w.power} range {reach}"

    @classmethod
    def _weapon(cls, w: Any) -> str:
        count = f" ({w.count})" if w.count not in ("1", "") else ""
        return f"{w.name}{count} {cls._power_range(w)}" + (f" — {w.note}" if w.note else "")

    def sheet_cells(self, element: Any) -> list[str]:
        return [
            f"{element.name} ({self._kind(element)})",
            element.move,
            str(element.initiative),
            element.evade,
            str(element.accuracy),
            element.armor,
            element.body,
            "; ".join(self._weapon(w) for w in element.weapons) or "-",
            element.special or "-",
        ]

    def card_stats(self, element: Any) -> list[tuple[str, str]]:
        return [
            ("MOVE", element.move),
            ("INIT", str(element.initiative)),
            ("EVADE", element.evade),
            ("ACC", str(element.accuracy)),
            ("ARMOR", element.armor),
            ("BODY", element.body),
        ]

    def card_lines(self, element: Any) -> list[str]:
        lines = [f"{self._kind(element)} · {element.points:g} pts"]
        lines += [f"WEAPON: {self._weapon(w)}" for w in element.weapons]
        if element.special:
            lines.append(f"SPECIAL: {element.special}")
        return lines

    def text_parts(self, element: Any) -> list[str]:
        """Stats, kind, weapons without their notes and the special rule's name: one chat line."""
        parts = [f"{label} {value}" for label, value in self.card_stats(element)] + [self._kind(element)]
        for w in element.weapons:
            count = f" ({w.count})" if w.count not in ("1", "") else ""
            parts.append(f"{w.name}{count} {self._power_range(w)}")
        if element.special:
            parts.append(element.special.split(":")[0].strip())
        return parts

    def card_rule_ids(self, element: Any) -> list[tuple[str, str]]:
        """None: the card's stat line, weapons and special rule are the template's whole entry (its own
        card or its entry on the element card would print it twice)."""
        return []

    def table_terms(self, element: Any) -> set[str]:
        """The template's id, and "template-weapon" for a weapon with a template range ("11/ST")."""
        terms = super().table_terms(element)
        if any("/" in str(w.range) for w in element.weapons):
            terms.add("template-weapon")
        return terms


class DukeReference(Reference["DukeItOut"]):
    """Duke It Out's reference facet (``model.systems.reference``)."""

    reference_use = ReferenceUse.UNIT
    reference_titles = ("Templates", "Spells")
    reference_word = "template"

    def unit_from_reference(self, entry_id: str) -> dict[str, Any]:
        if entry_id in self.system.homebrew_weapons:  # a homebrew weapon: your own template carrying it
            w = self.system.homebrew_weapons[entry_id]
            element = self.system.schema.new_element(f"{w['name']} carrier").model_dump(mode="json")
            element["weapons"] = [{k: w[k] for k in ("name", "power", "range", "note")}]
            return {"name": w["name"], "notes": "", "elements": [element]}
        return {
            "name": self.system.templates[entry_id]["name"],
            "notes": "",
            "elements": [self.system.element_from_template(entry_id)],
        }

    def attribute_ids(self, element: Any) -> list[str]:
        """The library template an element was made from (what the Templates browser lists)."""
        return [element.template] if element.template else []

    def dice_presets(self) -> list[tuple[str, str, int]]:
        out = [(f"To hit, Accuracy {a} (d6 ≥ {a})", "1d6", a) for a in range(2, 6)]
        out += [(f"Evade {e} (d6 ≤ {e})", f"1d6<={e}", 1) for e in range(1, 6)]
        out += [
            (f"Damage: Power {a + d} vs Armor {a} ({d + 1} dice, each > {a})", f"{d + 1}d6>{a}", 1)
            for a, d in ((3, 1), (4, 1), (4, 2), (5, 2))
        ]
        out.append(("Initiative: best unit's Initiative + d6", "1d6", 4))
        return out


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


class DukePricing(Pricing["DukeItOut"]):
    """Duke It Out's pricing facet (``model.systems.pricing``)."""

    def price_element(self, element: Any, options: Any) -> list[Line]:
        template = self.system.templates[element.template] if element.template else None
        origin = "custom template" if template is None else template["name"]
        if template is not None and template.get("homebrew"):
            origin = f"[homebrew] {origin}"
        points = int(element.points) if float(element.points).is_integer() else element.points
        return [Line(f"{origin} points", points)]

    def check_element(self, element: Any, options: Any) -> list[Finding]:
        found: list[Finding] = []
        limit = self.system.data["armor_warning_above"]
        top = max(numbers(element.armor) or [0])
        if top > limit:
            found.append(
                (
                    "armor",
                    f"Armor {element.armor} is above {limit}: nearly impossible to destroy "
                    f"({'no ranged weapon can hurt it' if top >= 6 else 'keep armor at 5 or less'})",
                )
            )
        for stat, (low, high) in self.system.data["stat_ranges"].items():
            values = numbers(getattr(element, stat))
            if any(v < low or v > high for v in values):
                found.append((stat, f"{stat.capitalize()} {getattr(element, stat)} is outside {low}–{high} on a d6"))
        if element.template:
            t = self.system.templates[element.template]
            if not t["points_min"] <= element.points <= t["points_max"]:
                found.append(
                    ("points", f"{element.points:g} points is outside the template's printed {points_label(t)}")
                )
        if element.type == "jump" and not element.jump:
            found.append(("jump", "a Jump unit needs its JUMP distance"))
        return found


class DukeSchema(Schema["DukeItOut"]):
    """Duke It Out's schema facet (``model.systems.schema``)."""

    @cached_property
    def army_model(self) -> type[Army[Any, Any]]:
        library = self.system.templates

        def template_id(value: Any) -> Any:
            if value is None or (isinstance(value, str) and value in library):
                return value
            raise custom_error("template", f"{value!r} is not a template of the library (use null for your own)")

        element = create_model(
            "DukeItOutElement",
            __base__=DukeElement,
            __module__=__name__,
            template=(Annotated[str | None, BeforeValidator(template_id)], None),
        )
        return army_model_for("DukeItOut", __name__, element)

    @cached_property
    def element_form(self) -> tuple[FieldSpec, ...]:
        types = self.system.data["unit_types"]
        return (
            FieldSpec("name", "Name", "text", default="Custom template"),
            FieldSpec("type", "Type", "choice", choices=UNIT_TYPES, choice_labels=types),
            FieldSpec("count", "Count", "int", minimum=1, maximum=99, default=1),
            FieldSpec(
                "points",
                "Points",
                "float",
                minimum=0,
                maximum=100,
                step=0.5,
                default=1,
                tooltip="library templates print their points; 1 point is about one person's size",
            ),
            FieldSpec("move", "MOVE", "text", default="3", tooltip="inches; modes like 15/20/25 or 8/* allowed"),
            FieldSpec("jump", "JUMP", "int", minimum=0, maximum=30, optional=True, default=4),
            FieldSpec("initiative", "INITIATIVE", "int", minimum=0, maximum=10, default=3),
            FieldSpec("evade", "EVADE", "text", default="3", tooltip="roll this or lower to evade a hit"),
            FieldSpec(
                "accuracy", "ACCURACY", "int", minimum=1, maximum=6, default=4, tooltip="roll this or higher to hit"
            ),
            FieldSpec("armor", "ARMOR", "text", default="3", tooltip="above 5 makes a unit nearly indestructible"),
            FieldSpec("body", "BODY/STRUCTURE", "text", default="3"),
            FieldSpec(
                "weapons",
                "Weapons",
                "records",
                children=(
                    # shares of the row: "Fragmentation Mortar" whole, "Power" over a 2-digit number
                    FieldSpec("name", "Weapon", "text", default="Cannon", chars=20),
                    FieldSpec("power", "Power", "int", minimum=0, maximum=20, default=4, chars=7),
                    FieldSpec(
                        "range",
                        "Range",
                        "text",
                        default="12",
                        tooltip="inches, /ST /MT /LT for templates, 0 for close range",
                        chars=7,
                    ),
                    FieldSpec("count", "Barrels", "text", default="1", chars=8),
                    FieldSpec("note", "Note", "text", default="", chars=4),
                ),
            ),
            FieldSpec("special", "SPECIAL", "multiline", default=""),
        )

    def new_element(self, name: str) -> BaseModel:
        return self.element_model.model_validate(
            {
                "name": name,
                "type": "tank",
                "points": 1,
                "move": "3",
                "initiative": 3,
                "evade": "3",
                "accuracy": 4,
                "armor": "3",
                "body": "3",
                "weapons": [{"name": "Cannon", "power": 4, "range": "12"}],
            }
        )


class DukeItOut(RuleSystem):
    facets = Facets(
        schema=DukeSchema,
        presentation=DukePresentation,
        pricing=DukePricing,
        reference=DukeReference,
        play=later(f"{__name__}.play", "DukePlay"),
        turn=later(f"{__name__}.play", "DukeTurn"),
        combat=later(f"{__name__}.combat", "DukeAttackModel"),
        homebrew=DukeHomebrew,
    )

    @cached_property
    def templates(self) -> dict[str, dict[str, Any]]:
        """The template library, with the army's homebrew templates (marked ``"homebrew": true``) on copies."""
        library = {t["id"]: t for t in read_json(system_dir(self.id) / "templates.json")["templates"]}
        return library | self._homebrew(self.homebrew.section if self.homebrew else None)[0]

    @cached_property
    def homebrew_weapons(self) -> dict[str, dict[str, Any]]:
        return self._homebrew(self.homebrew.section if self.homebrew else None)[1]

    @staticmethod
    def _homebrew(section: Any) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        if section is None:
            return {}, {}
        parsed = parse_homebrew(HomebrewSection, section)
        templates = {}
        for t in parsed.templates:
            low, high, text = t.points_range()
            data = t.model_dump(exclude={"count", "template", "points"})
            templates[t.id] = {**data, "points_text": text, "points_min": low, "points_max": high, "homebrew": True}
        weapons = {w.id: {**w.model_dump(exclude={"count"}), "homebrew": True} for w in parsed.weapons}
        return templates, weapons

    @cached_property
    def catalogue(self) -> Catalogue:
        tables = [RuleTable.model_validate(t) for t in load_entries(self.id, "tables.json", "tables")]
        return Catalogue([self._template_entry(t) for t in self.templates.values()], [], tables)

    def _template_entry(self, t: dict[str, Any]) -> Attribute:
        kind = self.data["unit_types"][t["type"]] + (f" {t['jump']}" if t["jump"] else "")
        stats = (
            f"Move {t['move']}, Initiative {t['initiative']}, Evade {t['evade']}, Accuracy {t['accuracy']}, "
            f"Armor {t['armor']}, Body {t['body']}"
        )
        weapons = "; ".join(f"{w['name']} power {w['power']} range {w['range']}" for w in t["weapons"])
        return Attribute(
            id=t["id"],
            name=t["name"],
            cost=CostRule(label=f"{points_label(t)} pts"),
            summary=f"{kind}. {stats}. {t['special']} Weapons: {weapons}.",
            tags=(t["type"],),
        )

    def element_from_template(self, template_id: str) -> dict[str, Any]:
        t = self.templates[template_id]
        return {
            "name": t["name"],
            "type": t["type"],
            "count": 1,
            "template": t["id"],
            "jump": t["jump"],
            "move": t["move"],
            "initiative": t["initiative"],
            "evade": t["evade"],
            "accuracy": t["accuracy"],
            "armor": t["armor"],
            "body": t["body"],
            "weapons": [dict(w) for w in t["weapons"]],
            "special": t["special"],
            "points": t["points_min"],
        }

    # --- points and checks ---------------------------------------------------------------------


SYSTEM_CLASS = DukeItOut
