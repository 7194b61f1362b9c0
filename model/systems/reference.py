"""The reference facet of a rule system: its catalogue's browsers and the element fields that refer to entries.

Every system has one (``RuleSystem.reference``); a system's module defines its subclass and names it in its
``facets`` (``model.systems.base.Facets``). A facet is built with its system (``Reference(system)``) and reads the
system's data and catalogue through ``self.system``: a homebrew copy of the system builds its own
(``RuleSystem.with_homebrew``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar

from warbench.model.die_check import DieCheck
from warbench.model.forms import FieldSpec
from warbench.model.rules import Spell
from warbench.model.systems.facet import Facet, S


@dataclass(frozen=True)
class SpellBudget:
    """An element's spells against its allowance: ``shown`` when the element can (or does) cast;
    ``note`` says what is missing to cast at all."""

    used: int
    allowed: int
    shown: bool
    note: str = ""
    title: str = Spell.budget_title  # what ``used`` counts, in the system's words (its spell model's)


class ReferenceUse(Enum):
    """What the attribute browser's button does with an entry."""

    NONE = "reference only"
    ELEMENT = "add it to the selected element (apply_reference)"
    UNIT = "add a new unit built from it (unit_from_reference)"


class Reference(Facet[S]):
    """The two browsers of a system's entries and how an element refers to them (see the module)."""

    #: how the attribute browser's button uses an entry
    reference_use: ClassVar[ReferenceUse] = ReferenceUse.NONE
    #: titles of the two browsers (their entries are catalogue.attributes and catalogue.spells)
    reference_titles: ClassVar[tuple[str, str]] = ("Attributes", "Spells")
    #: what one entry of the first browser is (cards say "Attribute" / "Homebrew template")
    reference_word: ClassVar[str] = "attribute"
    #: heading of the browser column showing an entry's ``cost.text`` (weapons show range and shots)
    reference_cost_title: ClassVar[str] = "Cost"
    #: the attribute browser's cost filter: (``cost.category``, label) pairs of the categories its attributes have
    attribute_cost_kinds: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: the system's everyday one-die check, which the dice panel offers with its chance table (None: none)
    dice_check: ClassVar[DieCheck | None] = None

    def apply_reference(self, element_data: dict[str, Any], entry_id: str) -> str:
        """Add reference entry ``entry_id`` to an element's JSON (``ReferenceUse.ELEMENT``); returns its name."""
        raise NotImplementedError

    def unit_from_reference(self, entry_id: str) -> dict[str, Any]:
        """A unit's JSON built from reference entry ``entry_id`` (``ReferenceUse.UNIT``)."""
        raise NotImplementedError

    def attribute_ids(self, element: Any) -> list[str]:
        """Ids of the catalogue attributes an element uses (for glossaries)."""
        return []

    def spell_ids(self, element: Any) -> list[str]:
        return []

    def unmet_requirement(self, attribute_id: str, element: Any) -> str:
        """Why attribute ``attribute_id`` would be odd on ``element`` ('' when it fits)."""
        return ""

    def attribute_editor_key(self, element: Any) -> tuple[Any, ...]:
        """What, besides its attribute ids, the element's attribute editors depend on (they are rebuilt
        when it changes): the choices and warnings :meth:`param_field` and :meth:`unmet_requirement` give."""
        return ()

    def param_field(self, element: Any, index: int, param: str, kind: str) -> FieldSpec:
        """The editor of parameter ``param`` (declared of ``kind``) of the element's attribute ``index``."""
        return FieldSpec(param, param, "text")

    def spell_budget(self, element: Any) -> SpellBudget:
        """How much of its spell allowance an element uses (the designer's spell list shows it)."""
        used = sum(self.system.catalogue.spells[s].budget_cost for s in getattr(element, "spells", []))
        title = self.system.schema.spell_model.budget_title
        return SpellBudget(used, 0, bool(getattr(element, "spells", [])), title=title)

    def dice_presets(self) -> list[tuple[str, str, int]]:
        """(label, dice expression, target) rolls this system uses all the time (the dice panel's presets)."""
        return []
