"""Rules data: attributes, spells and reference tables of one rule system."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, SerializeAsAny


class CostRule(BaseModel):
    """How a catalogue entry is priced, as shared code reads it: the words to print and a category.

    Each system declares the shape of its own cost rules (a subclass with the fields its pricing
    reads, and its own wording in ``text`` and ``category``) through ``RuleSystem.attribute_model``;
    a system whose entries have no cost rule gives a ``label`` only."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    label: str = ""  # printed as is
    note: str = ""  # a remark on the cost, shown beside it in the browser

    @property
    def text(self) -> str:
        """The cost as the system's rulebook would print it."""
        return self.label

    @property
    def category(self) -> str:
        """The key of the system's ``attribute_cost_kinds`` the entry falls under ('' for none)."""
        return ""

    @property
    def negative(self) -> bool:
        """The entry takes points off an element (a homebrew one is warned about: model/homebrew_checks.py)."""
        return False


class Restrictions(BaseModel):
    """What an entry needs or excludes, as shared code reads it: ``describe``. A system's own
    restrictions (a subclass, through ``RuleSystem.attribute_model``) hold the fields it checks."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    def describe(self, name_of: Callable[[str], str]) -> list[str]:
        """Each restriction in a few words (``name_of`` names an entry by id)."""
        return []


class Attribute(BaseModel):
    """One entry of a system's attribute browser. A system whose entries carry rule terms of their own
    (a cost model, restrictions) declares a subclass narrowing ``cost`` and ``restrictions``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    name: str
    cost: SerializeAsAny[CostRule]
    summary: str
    tags: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    params: dict[str, str] = Field(default_factory=dict)
    restrictions: SerializeAsAny[Restrictions] = Restrictions()
    repeatable: bool = False
    #: defined by the army file's ``homebrew`` section, not by the system's data
    homebrew: bool = False


class Spell(BaseModel):
    """One entry of a system's spell browser, as shared code reads it: name, summary and ``stats``.

    A system whose spells carry figures (what they cost to cast, their reach...) declares a subclass
    with those fields through ``RuleSystem.spell_model``, and words them in ``stat_titles``, ``stats``
    and ``phrases``; the browsers, cards, sheet and search show what those give."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    name: str
    summary: str
    aliases: tuple[str, ...] = ()
    homebrew: bool = False
    #: the titles of ``stats``, in the same order: the most telling first (a list names only that one)
    stat_titles: ClassVar[tuple[str, ...]] = ()
    #: what an element's spells add up to against its allowance, as the designer's spell list titles it
    budget_title: ClassVar[str] = "Spells used"

    @property
    def stats(self) -> tuple[str, ...]:
        """The spell's figures as the system's rulebook prints them, one for each of ``stat_titles``."""
        return ()

    @property
    def phrases(self) -> tuple[str, ...]:
        """``stats`` as running text words them (``title value``, lower case); one for each."""
        return tuple(f"{title.lower()} {value}" for title, value in zip(self.stat_titles, self.stats, strict=True))

    def described(self, count: int) -> str:
        """The first ``count`` of ``phrases``, joined: what a line of running text has room for."""
        return ", ".join(self.phrases[:count])

    @property
    def budget_cost(self) -> int:
        """What the spell uses of a caster's allowance (``budget_title``): one each unless the system says."""
        return 1

    @property
    def budget_note(self) -> str:
        """What ``stats`` do not say about ``budget_cost`` ("counts as 1"); '' when they say it."""
        return ""


class RuleTable(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    name: str
    summary: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    tags: tuple[str, ...] = ()
    #: what makes the table worth a card at the game: printed only for an army one of whose elements has
    #: one of these terms (``Presentation.table_terms``: its attribute and spell ids, and the system's own
    #: words such as a weapon kind); none: always printed
    needs: tuple[str, ...] = ()
    #: a table for building an army (costing), not for playing it: printed only when asked for
    build_time: bool = False


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
