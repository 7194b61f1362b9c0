"""The schema facet of a rule system: the shape of its army file, its element designer and its entries.

Every system has one (``RuleSystem.schema``); a system's module defines its subclass and names it in its ``facets``
(``model.systems.base.Facets``). A facet is built with its system (``Schema(system)``) and reads the system's data
and catalogue through ``self.system``: a homebrew copy of the system builds its own (``RuleSystem.with_homebrew``),
whose models check the copy's entries."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, get_args

from pydantic import BaseModel

from warbench.model.army import Army
from warbench.model.forms import FieldSpec
from warbench.model.rules import Attribute, Spell
from warbench.model.systems.facet import Facet, S


class Schema(Facet[S], ABC):
    """The army file's models, the designer's fields and how an element is counted (see the module)."""

    #: the shape of the system's attribute entries (``attributes.json``, homebrew): a subclass of
    #: ``model.rules.Attribute`` whose ``cost`` and ``restrictions`` are the system's own models, so the rule
    #: terms of its cost model live in its module; the default has a printed cost ``label`` only
    attribute_model: ClassVar[type[Attribute]] = Attribute
    #: the shape of the system's spell entries (``spells.json``, homebrew): a subclass of ``model.rules.Spell``
    #: holding the figures its rules read and wording them (``stats``) for the browsers, cards and sheet
    spell_model: ClassVar[type[Spell]] = Spell
    #: this system's own steps of the army-file upgrade: ``upgrades[n]`` takes army JSON of version n to
    #: n + 1 after the shared step of model/migrations.py (say, its elements' older shape); pure
    upgrades: ClassVar[Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {}
    #: what the player calls an element's miniatures, a plural ("models"; "figures" where the rules say so)
    model_noun: ClassVar[str] = "models"

    # --- the army file --------------------------------------------------
    @property
    @abstractmethod
    def army_model(self) -> type[Army[Any, Any]]:
        """The pydantic model of a whole army file of this system."""

    @property
    def unit_model(self) -> type[BaseModel]:
        return _item_model(self.army_model, "units")

    @property
    def element_model(self) -> type[BaseModel]:
        return _item_model(self.unit_model, "elements")

    @property
    @abstractmethod
    def element_form(self) -> tuple[FieldSpec, ...]:
        """The fields of the element designer, in order."""

    @property
    def options_form(self) -> tuple[FieldSpec, ...]:
        """Army-wide options (``options`` in the file), shown in the Army ▸ Options menu."""
        return ()

    def new_army(self, name: str, points_limit: int | None = None) -> Army[Any, Any]:
        return self.army_model.model_validate(
            {"system": self.system.id, "name": name, "points_limit": points_limit, "units": []}
        )

    @abstractmethod
    def new_element(self, name: str) -> BaseModel:
        """A sensible starting element for the designer."""

    def follow_up(self, data: dict[str, Any], key_path: tuple[str, ...]) -> str:
        """What else changes in an element's JSON ``data`` now that field ``key_path`` was set (changed in
        place, in the same undo step), said as a sentence for the status bar; '' when nothing does."""
        return ""

    # --- counting -----------------------------------------------------------
    def element_count(self, element: Any) -> int:
        return getattr(element, "count", 1)

    def model_count(self, element: Any) -> int:
        """How many miniatures ``element`` puts on the table (the tree's Qty, a unit's count of models);
        what it is priced by is :meth:`element_count`."""
        return self.element_count(element)


def _item_model(model: type[BaseModel], field: str) -> type[BaseModel]:
    """The model of the items of ``model``'s list field ``field`` (``list[Unit[...]]`` -> the unit)."""
    item: type[BaseModel] = get_args(model.model_fields[field].annotation)[0]
    return item
