"""What every facet of a rule system is: an object built with the system it serves.

A facet (``model.systems.schema``, ``presentation``, ``pricing``, ``reference``, ``homebrew``, ``combat``, ``play``)
holds one concern of a system; ``model.systems.base.build_facets`` builds each with the system (the ones a game
needs when first read: ``base.later``), and a homebrew copy builds its own, so ``facet.system`` is always the
system whose data and catalogue the facet reads. A system's package has one file a facet, named as its base.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from warbench.model.systems.base import RuleSystem

S = TypeVar("S", bound="RuleSystem")


class Facet(Generic[S]):
    """One concern of a rule system, built with the system (``self.system``)."""

    def __init__(self, system: S):
        self.system = system
