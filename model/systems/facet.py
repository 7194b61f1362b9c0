"""What every facet of a rule system is: an object built with the system it serves.

A facet (``model.systems.schema``, ``presentation``, ``combat``, ``reference``, ``homebrew``, ``pricing``) holds
one concern of a system; ``model.systems.base.build_facets`` builds each with the system, and a homebrew copy
builds its own, so ``facet.system`` is always the system whose data and catalogue the facet reads.
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
