"""The interface every rule system implements.

A system is data in ``resources/<system>/`` plus one small module that defines
its element fields, prices an element and checks it. The GUI, the file code and
the PDF code only talk to this interface.
"""

from __future__ import annotations

import copy
import json
from abc import ABC
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, ClassVar

from model.homebrew import HomebrewError, is_empty
from model.play import TablePlay, TableTurn
from model.resources import load_entries, load_system_file
from model.rules import Catalogue, RuleTable
from model.systems.combat import Combat
from model.systems.homebrew import Homebrew
from model.systems.presentation import Presentation
from model.systems.presentation import counted as counted  # where the systems and views import them from
from model.systems.presentation import plural as plural
from model.systems.pricing import Pricing
from model.systems.reference import Reference
from model.systems.schema import Schema

Finding = tuple[str, str]  # (rule id, message)

COMPUTED = "computed"
LEFT_TO_TABLE = "left to the table"


@dataclass(frozen=True)
class RuleCoverage:
    """One rule of a system and what the odds do with it (``docs/rules-coverage.md``)."""

    rule: str  # the rule as the system's data names it (an id, or a name)
    kind: str  # attribute, spell, template rule, weapon, situation, status, core rule...
    status: str  # COMPUTED or LEFT_TO_TABLE
    how: str  # how the odds compute it, or why the table settles it
    test: str  # the test covering it: "tests/<path>.py::<name>"


@dataclass(frozen=True)
class Facets:
    """The classes of a system's facets: presentation and pricing its own, reference and table play the plain ones
    unless it brings its own, combat and homebrew only where it has an attack model / prices homebrew entries."""

    schema: type[Schema[Any]]
    presentation: type[Presentation[Any]]
    pricing: type[Pricing[Any]]
    reference: type[Reference[Any]] = Reference
    play: type[TablePlay[Any]] = TablePlay
    turn: type[TableTurn[Any]] = TableTurn
    combat: type[Combat[Any]] | None = None
    homebrew: type[Homebrew[Any]] | None = None


class RuleSystem(ABC):
    """One rule system: its data, its army-file shape, its costing and its checks; its table play
    (``model.play``)."""

    has_points: ClassVar[bool] = True
    #: words of this system's rules that no code outside its module may use (tests/test_system_terms.py also
    #: checks its id, names, module, dice check and coined situation names)
    rule_terms: ClassVar[tuple[str, ...]] = ()
    #: the classes of the system's facets, each built with the system (``build_facets``)
    facets: ClassVar[Facets]

    #: the system without homebrew entries (None on the system itself, set on ``with_homebrew`` copies)
    base_system: RuleSystem | None = None
    #: the army's ``homebrew`` section (validated) on ``with_homebrew`` copies, None on the system itself
    homebrew_section: Any = None

    def __init__(self, system_id: str):
        self.id = system_id
        self.data = load_system_file(system_id)
        self.name: str = self.data["name"]
        self.short_name: str = self.data.get("short_name", self.name)
        self.currency: str = self.data.get("currency", "pts")
        self.build_facets()

    def build_facets(self) -> None:
        """Build each facet with this system (a homebrew copy builds its own: its facets read its catalogue)."""
        facets = self.facets
        self.schema: Schema[Any] = facets.schema(self)
        self.presentation: Presentation[Any] = facets.presentation(self)
        self.pricing: Pricing[Any] = facets.pricing(self)
        self.reference: Reference[Any] = facets.reference(self)
        self.play: TablePlay[Any] = facets.play(self)
        self.turn: TableTurn[Any] = facets.turn(self)
        self.combat: Combat[Any] | None = facets.combat(self) if facets.combat else None
        self.homebrew: Homebrew[Any] | None = facets.homebrew(self) if facets.homebrew else None

    # --- data -----------------------------------------------------------
    @cached_property
    def catalogue(self) -> Catalogue:
        schema = self.schema
        return Catalogue(
            [schema.attribute_model.model_validate(a) for a in load_entries(self.id, "attributes.json", "attributes")],
            [schema.spell_model.model_validate(s) for s in load_entries(self.id, "spells.json", "spells")],
            [RuleTable.model_validate(t) for t in load_entries(self.id, "tables.json", "tables")],
        )

    @cached_property
    def readings(self) -> dict[str, dict[str, Any]]:
        """Where the system's document reads two ways, the reading picked, by id
        (``resources/<system>/readings.json``: ``rule``, ``question``, ``reading``, ``other``)."""
        return {r["id"]: r for r in load_entries(self.root.id, "readings.json", "readings")}

    def reading_text(self, reading_id: str) -> str:
        """The reading as the odds name it: ``"reading <id>: <the pick>"``."""
        return f"reading {reading_id}: {self.readings[reading_id]['reading']}"

    # --- homebrew entries --------------------------------------------------
    @property
    def root(self) -> RuleSystem:
        """This system without any army's homebrew entries."""
        return self.base_system or self

    def with_homebrew(self, section: Any) -> RuleSystem:
        """This system with the homebrew entries of ``section`` in its catalogue (itself when there are none).

        The copy validates, prices and lists homebrew entries exactly like built-in ones. It is a shallow copy
        of the system with the catalogue set: every ``cached_property`` of the system is derived from its data
        and catalogue and is forgotten on the copy (worked out again from the copy's catalogue), and the copy
        builds its own facets (``build_facets``), each given the copy as its system. A system without a homebrew
        facet keeps the section in the file untouched: the system itself."""
        root = self.root
        if is_empty(section):
            return root
        try:
            key = json.dumps(section, sort_keys=True, ensure_ascii=False)
        except (TypeError, ValueError):
            raise HomebrewError(["homebrew: must be plain JSON"]) from None
        return _with_homebrew(root, key)


@lru_cache(maxsize=64)
def _with_homebrew(system: RuleSystem, key: str) -> RuleSystem:
    if system.homebrew is None:  # the section stays in the file, untouched
        return system
    section = json.loads(key)
    attributes, spells = system.homebrew.homebrew_entries(section)
    if not attributes and not spells:
        return system
    variant = copy.copy(system)
    variant.homebrew_section = section
    for name in list(vars(variant)):  # forget everything derived from the catalogue
        if isinstance(getattr(type(variant), name, None), cached_property):
            del variant.__dict__[name]
    base = system.catalogue
    variant.__dict__["catalogue"] = Catalogue(
        [*base.attributes.values(), *attributes], [*base.spells.values(), *spells], list(base.tables.values())
    )
    variant.base_system = system
    variant.build_facets()
    return variant
