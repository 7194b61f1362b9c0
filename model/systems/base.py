"""The interface every rule system implements.

A system is data in ``resources/<system>/`` plus one small module that defines
its element fields, prices an element and checks it. The GUI, the file code and
the PDF code only talk to this interface.
"""

from __future__ import annotations

import copy
import json
from abc import ABC
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from warbench.model.homebrew import HomebrewError, is_empty
from warbench.model.resources import load_entries, load_system_file
from warbench.model.rules import Catalogue, RuleTable
from warbench.model.systems.homebrew import Homebrew
from warbench.model.systems.presentation import Presentation
from warbench.model.systems.presentation import counted as counted  # where the systems and views import them from
from warbench.model.systems.presentation import plural as plural
from warbench.model.systems.pricing import Pricing
from warbench.model.systems.reference import Reference
from warbench.model.systems.schema import Schema

if TYPE_CHECKING:
    from warbench.model.systems.combat import Combat
    from warbench.model.systems.play import TablePlay, TableTurn

Finding = tuple[str, str]  # (rule id, message)

F = TypeVar("F")
#: the class of a facet built on first use (``play``, ``turn``, ``combat``), or a function returning it that
#: imports its module (``later``): a game and the odds need them, costing an army does not (nor loads their modules)
Later = type[F] | Callable[[], type[F]]


def later(module: str, name: str) -> Callable[[], type[Any]]:
    """The class ``name`` of ``module``, imported when first asked for: a system's ``Facets`` name the facets a
    game and the odds need (``combat=later(f"{__name__}.combat", "FubarAttackModel")``) so that costing an army
    loads none of their modules."""

    def load() -> type[Any]:
        found: type[Any] = getattr(import_module(module), name)
        return found

    return load


@dataclass(frozen=True)
class Facets:
    """The classes of a system's facets: presentation and pricing its own, reference and table play the plain ones
    unless it brings its own, combat and homebrew only where it has an attack model / prices homebrew entries.
    Table play, turn and combat are built when first read (``Later``)."""

    schema: type[Schema[Any]]
    presentation: type[Presentation[Any]]
    pricing: type[Pricing[Any]]
    reference: type[Reference[Any]] = Reference
    play: Later[TablePlay[Any]] = later("warbench.model.systems.play", "TablePlay")
    turn: Later[TableTurn[Any]] = later("warbench.model.systems.play", "TableTurn")
    combat: Later[Combat[Any]] | None = None
    homebrew: type[Homebrew[Any]] | None = None


class RuleSystem(ABC):
    """One rule system: its id, name and data, its catalogue, and its facets (``facets``), each built with it;
    a copy of it with an army's homebrew entries (``with_homebrew``)."""

    #: the classes of the system's facets, each built with the system (``build_facets``)
    facets: ClassVar[Facets]

    schema: Schema[Any]
    presentation: Presentation[Any]
    pricing: Pricing[Any]
    reference: Reference[Any]
    homebrew: Homebrew[Any] | None

    def __init__(self, system_id: str):
        self.id = system_id
        self.data = load_system_file(system_id)
        self.name: str = self.data["name"]
        #: this system without any army's homebrew entries: itself, or what a ``with_homebrew`` copy was made from
        self.root: RuleSystem = self
        build_facets(self)

    # --- data -----------------------------------------------------------
    @cached_property
    def catalogue(self) -> Catalogue:
        schema = self.schema
        return Catalogue(
            [schema.attribute_model.model_validate(a) for a in load_entries(self.id, "attributes.json", "attributes")],
            [schema.spell_model.model_validate(s) for s in load_entries(self.id, "spells.json", "spells")],
            [RuleTable.model_validate(t) for t in load_entries(self.id, "tables.json", "tables")],
        )

    # --- the facets built on first use (``Facets``; a homebrew copy forgets them, as any cached_property) ---------
    @cached_property
    def play(self) -> TablePlay[Any]:
        return _built(self, self.facets.play)

    @cached_property
    def turn(self) -> TableTurn[Any]:
        return _built(self, self.facets.turn)

    @cached_property
    def combat(self) -> Combat[Any] | None:
        return _built(self, self.facets.combat) if self.facets.combat else None

    # --- homebrew entries --------------------------------------------------
    def with_homebrew(self, section: Any) -> RuleSystem:
        """This system with the homebrew entries of ``section`` in its catalogue (itself when there are none).

        The copy validates, prices and lists homebrew entries exactly like built-in ones. It is a shallow copy
        of the system with the catalogue set: every ``cached_property`` of the system is derived from its data
        and catalogue and is forgotten on the copy (worked out again from the copy's catalogue), and the copy
        builds its own facets (``build_facets``), each given the copy as its system; its homebrew facet holds the
        section (``Homebrew.section``). A system without a homebrew facet keeps the section in the file untouched:
        the system itself."""
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
    for name in list(vars(variant)):  # forget everything derived from the catalogue
        if isinstance(getattr(type(variant), name, None), cached_property):
            del variant.__dict__[name]
    base = system.catalogue
    variant.__dict__["catalogue"] = Catalogue(
        [*base.attributes.values(), *attributes], [*base.spells.values(), *spells], list(base.tables.values())
    )
    variant.root = system
    build_facets(variant, section)
    return variant


def build_facets(system: RuleSystem, section: Any = None) -> None:
    """Build each facet with ``system`` (a homebrew copy builds its own: its facets read its catalogue, and its
    homebrew facet holds the army's ``section``); table play, turn and combat are built when first read."""
    facets = system.facets
    system.schema = facets.schema(system)
    system.presentation = facets.presentation(system)
    system.pricing = facets.pricing(system)
    system.reference = facets.reference(system)
    system.homebrew = facets.homebrew(system) if facets.homebrew else None
    if system.homebrew is not None:
        system.homebrew.section = section


def _built(system: RuleSystem, facet: Later[F]) -> F:
    """The facet of class ``facet`` (or of the class a ``Later`` function returns) built with ``system``."""
    cls = facet if isinstance(facet, type) else facet()
    build: Callable[[RuleSystem], F] = cls  # every facet's class takes the system it serves
    return build(system)
