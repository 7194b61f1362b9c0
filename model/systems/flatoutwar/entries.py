"""Flat Out War's attribute entries: their cost rules (DAC, points, per inches, ...) and restrictions,
the shape of ``resources/fow-*/attributes.json``. ``FlatOutWar.attribute_model`` declares them, so the
catalogue reads every entry of those files as a :class:`FowAttribute`; likewise its spells
(``spells.json``, difficulty, range, duration, template) as :class:`FowSpell` through ``spell_model``."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Literal

from pydantic import Field

from warbench.model.i18n import _
from warbench.model.rules import Attribute, CostRule, Restrictions, Spell

CostKind = Literal[
    "dac",
    "flat",
    "per_inches",
    "weapon",
    "weapon_dac",
    "multi_shot",
    "exhaustible",
    "hit_points",
    "transport",
    "activate",
    "percent",
    "none",
]


class FowCost(CostRule):
    """How a Flat Out War attribute is priced, in structured form."""

    kind: CostKind
    dac: int = 0
    points: int = 0
    die: Literal["base", "ranged", "melee"] = "base"
    inches: int = 0
    param: str = ""
    default: int | None = None
    weapon: Literal["ranged"] = "ranged"
    per_param: str = ""
    divisor: int = 1
    percent: int = 0

    @property
    def text(self) -> str:
        """The cost as the rulebook prints it: ``+3 DAC``, ``+8``, ``-Special``."""
        if self.label:
            return self.label
        if self.kind == "dac" and not self.per_param:
            return f"{self.dac:+d} DAC"
        if self.kind == "flat":
            return f"{self.points:+d}"
        if self.kind == "none":
            return "special (no cost)"
        return f"{self.sign}Special"

    @property
    def sign(self) -> str:
        negative = self.kind in ("exhaustible", "activate") or self.dac < 0 or self.points < 0
        return "-" if negative else "+"

    @property
    def negative(self) -> bool:
        """A negative number of points, DAC or percent."""
        return self.points < 0 or self.dac < 0 or self.percent < 0

    @property
    def category(self) -> Literal["bonus", "handicap", "special"]:
        """Bonus (adds a fixed cost), handicap (removes one) or special (depends on the element)."""
        if self.kind == "flat":
            return "bonus" if self.points >= 0 else "handicap"
        if self.kind == "dac" and not self.per_param:
            return "bonus" if self.dac >= 0 else "handicap"
        return "special"


class FowRestrictions(Restrictions):
    vehicle_only: bool = False
    requires_any: tuple[str, ...] = ()
    requires_weapon: Literal["ranged", "melee", ""] = ""
    excludes: tuple[str, ...] = ()
    max_param: dict[str, int] = Field(default_factory=dict)

    def describe(self, name_of: Callable[[str], str]) -> list[str]:
        out = []
        if self.vehicle_only:
            out.append(_("vehicles only"))
        if self.requires_any:
            out.append(_("needs {attributes}").format(attributes=_(" or ").join(name_of(a) for a in self.requires_any)))
        if self.requires_weapon == "ranged":
            out.append(_("needs a ranged weapon"))
        elif self.requires_weapon == "melee":
            out.append(_("needs a melee weapon"))
        if self.excludes:
            out.append(_("not with {attributes}").format(attributes=", ".join(name_of(a) for a in self.excludes)))
        for param, limit in self.max_param.items():
            out.append(f"{param} at most {limit}")
        return out


class FowAttribute(Attribute):
    """A Flat Out War attribute: its cost rule and restrictions in the game's own terms."""

    cost: FowCost
    restrictions: FowRestrictions = FowRestrictions()


def fow(attr: Attribute) -> FowAttribute:
    """``attr`` as the Flat Out War entry it is (the system's catalogue holds only these)."""
    if not isinstance(attr, FowAttribute):  # pragma: no cover - a programming error, not bad input
        raise TypeError(f"{attr.id!r} is not a Flat Out War attribute")
    return attr


class FowSpell(Spell):
    """A Flat Out War spell: its casting difficulty (0 or less; the rulebook prints 0 as "-0"), range,
    duration and template."""

    difficulty: int
    range: str
    duration: str
    template: str
    stat_titles: ClassVar[tuple[str, ...]] = ("Difficulty", "Range", "Duration", "Template")
    budget_title: ClassVar[str] = "Difficulty used"

    @property
    def stats(self) -> tuple[str, ...]:
        return (str(self.difficulty) if self.difficulty else "-0", self.range, self.duration, self.template)

    @property
    def phrases(self) -> tuple[str, ...]:
        """As the rulebook words them: "difficulty -2", 'range 6"', and the duration alone ("1 turn")."""
        difficulty, reach, duration, template = self.stats
        return (f"difficulty {difficulty}", f"range {reach}", duration, f"template {template}")

    @property
    def budget_cost(self) -> int:
        """What the spell uses of a caster's difficulty budget (-0 counts as -1)."""
        return max(1, -self.difficulty)

    @property
    def budget_note(self) -> str:
        """A "-0" spell still uses 1 of the budget: said beside its difficulty."""
        return f"counts as {self.budget_cost}" if self.budget_cost != -self.difficulty else ""


def fow_spell(spell: Spell) -> FowSpell:
    """``spell`` as the Flat Out War spell it is (the system's catalogue holds only these)."""
    if not isinstance(spell, FowSpell):  # pragma: no cover - a programming error, not bad input
        raise TypeError(f"{spell.id!r} is not a Flat Out War spell")
    return spell
