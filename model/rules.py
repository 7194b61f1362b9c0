"""Rules data: attributes, spells and reference tables of one rule system."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

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


class CostRule(BaseModel):
    """How an attribute is priced, in structured form (see resources/*/attributes.json)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
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
    note: str = ""
    label: str = ""  # printed as is (reference entries of systems whose entries have no cost rule)

    @property
    def text(self) -> str:
        """The cost as a rulebook would print it: ``+3 DAC``, ``+8``, ``-Special``."""
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
    def category(self) -> Literal["bonus", "handicap", "special"]:
        """Bonus (adds a fixed cost), handicap (removes one) or special (depends on the element)."""
        if self.kind == "flat":
            return "bonus" if self.points >= 0 else "handicap"
        if self.kind == "dac" and not self.per_param:
            return "bonus" if self.dac >= 0 else "handicap"
        return "special"


class Restrictions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    vehicle_only: bool = False
    requires_any: tuple[str, ...] = ()
    requires_weapon: Literal["ranged", "melee", ""] = ""
    excludes: tuple[str, ...] = ()
    max_param: dict[str, int] = Field(default_factory=dict)

    def describe(self, name_of: Callable[[str], str]) -> list[str]:
        out = []
        if self.vehicle_only:
            out.append("vehicles only")
        if self.requires_any:
            out.append("needs " + " or ".join(name_of(a) for a in self.requires_any))
        if self.requires_weapon:
            out.append(f"needs a {self.requires_weapon} weapon")
        if self.excludes:
            out.append("not with " + ", ".join(name_of(a) for a in self.excludes))
        for param, limit in self.max_param.items():
            out.append(f"{param} at most {limit}")
        return out


class Attribute(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    name: str
    cost: CostRule
    summary: str
    tags: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    params: dict[str, str] = Field(default_factory=dict)
    restrictions: Restrictions = Restrictions()
    repeatable: bool = False
    #: defined by the army file's ``homebrew`` section, not by the system's data
    homebrew: bool = False


class Spell(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    name: str
    difficulty: int
    range: str
    duration: str
    template: str
    summary: str
    aliases: tuple[str, ...] = ()
    homebrew: bool = False

    @property
    def budget_cost(self) -> int:
        """What the spell uses of a caster's difficulty budget (-0 counts as -1)."""
        return max(1, -self.difficulty)


class RuleTable(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    name: str
    summary: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    tags: tuple[str, ...] = ()


def slug(text: str) -> str:
    """Ids are lower case words joined by ``-``; also folds accents and quotes."""
    text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode()
    text = re.sub(r"[\"'”“:]", "", text.lower())
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def _spellings(word: str) -> set[str]:
    """Spelling variants the documents use: plural, British 'armour', 'flier'."""
    word = slug(word)
    forms = {word, word.replace("armour", "armor"), word.replace("flier", "flyer")}
    forms |= {f[:-1] for f in list(forms) if f.endswith("s")}
    return forms


class Catalogue:
    """Attributes, spells and tables of one system, with id and alias lookup."""

    def __init__(self, attributes: list[Attribute], spells: list[Spell], tables: list[RuleTable]):
        self.attributes = {a.id: a for a in attributes}
        self.spells = {s.id: s for s in spells}
        self.tables = {t.id: t for t in tables}
        self._attribute_alias = self._alias_map(attributes)
        self._spell_alias = self._alias_map(spells)
        # what each spelling resolved to: a 5,000-unit army names the same few attributes thousands of times
        self._attribute_memo: dict[str, str | None] = {}
        self._spell_memo: dict[str, str | None] = {}

    @staticmethod
    def _alias_map(entries: Iterable[Attribute] | Iterable[Spell]) -> dict[str, str]:
        out: dict[str, str] = {}
        for entry in entries:
            for alias in (entry.id, entry.name, *entry.aliases):
                for form in _spellings(alias):
                    out.setdefault(form, entry.id)
        for entry in entries:  # canonical ids always win over someone's variant
            out[entry.id] = entry.id
        return out

    @staticmethod
    def _resolve(table: dict[str, str], raw: Any) -> str | None:
        if not isinstance(raw, str):
            return None
        for form in [slug(raw), *sorted(_spellings(raw))]:
            if form in table:
                return table[form]
        return None

    def resolve_attribute(self, raw: Any) -> str | None:
        return self._memoized(self._attribute_memo, self._attribute_alias, raw)

    def resolve_spell(self, raw: Any) -> str | None:
        return self._memoized(self._spell_memo, self._spell_alias, raw)

    def _memoized(self, memo: dict[str, str | None], table: dict[str, str], raw: Any) -> str | None:
        if not isinstance(raw, str):
            return None
        try:
            return memo[raw]
        except KeyError:
            if len(memo) > 10_000:  # spellings are few; a flood of odd ones must not grow it forever
                memo.clear()
            resolved = memo[raw] = self._resolve(table, raw)
            return resolved

    def attribute_name(self, attribute_id: str) -> str:
        attr = self.attributes.get(attribute_id)
        return attr.name if attr else attribute_id
