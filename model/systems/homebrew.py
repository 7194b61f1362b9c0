"""The homebrew facet of a rule system: the entries an army's ``homebrew`` section defines.

A system that prices homebrew entries has one (``RuleSystem.homebrew``; None where it keeps the section in the file
untouched: that is how a caller knows); its module defines the subclass and names it in its ``facets``
(``model.systems.base.Facets``). The facet is built with its system (``Homebrew(system)``) and is asked on the
system without homebrew (``system.root.homebrew``) to read a section: ``RuleSystem.with_homebrew`` then makes the
copy whose catalogue holds the entries, and builds that copy's own facets."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

from warbench.model.systems.facet import Facet, S

if TYPE_CHECKING:
    from warbench.model.homebrew import HomebrewKind
    from warbench.model.rules import Attribute, Spell


class Homebrew(Facet[S], ABC):
    """A system's homebrew entries: read from the file, and made in the window's New…/Edit dialogs."""

    #: the army's ``homebrew`` section (validated) on ``with_homebrew`` copies, None on the system itself
    section: Any = None

    @abstractmethod
    def homebrew_entries(self, section: Any) -> tuple[list[Attribute], list[Spell]]:
        """The catalogue entries an army's ``homebrew`` section defines (HomebrewError naming each bad one)."""

    def homebrew_kinds(self) -> tuple[HomebrewKind, ...]:
        """The kinds of homebrew entries the window's New…/Edit dialogs make and the personal library keeps
        (each with its dialog's fields); every kind is also read from the file by ``homebrew_entries``."""
        return ()

    def homebrew_kind(self, key: str) -> HomebrewKind | None:
        """The declared kind whose section list is ``key`` (None when the window cannot make it)."""
        return next((k for k in self.homebrew_kinds() if k.key == key), None)

    def homebrew_cost_text(self, cost: dict[str, Any]) -> str:
        """A homebrew entry's ``cost`` object in this system's own wording (ValueError when it is invalid)."""
        raise ValueError("this system does not price homebrew entries")

    def homebrew_ids(self) -> set[str]:
        """Ids of the system's catalogue's homebrew attributes and spells."""
        cat = self.system.catalogue
        return {a.id for a in cat.attributes.values() if a.homebrew} | {s.id for s in cat.spells.values() if s.homebrew}
