"""The pricing facet of a rule system: an element's cost lines, its points and figures, and the checks.

Every system has one (``RuleSystem.pricing``); a system's module defines its subclass and names it in its ``facets``
(``model.systems.base.Facets``). A facet is built with its system (``Pricing(system)``) and reads the system's data
and catalogue through ``self.system``: a homebrew copy of the system builds its own (``RuleSystem.with_homebrew``).
``model/costing.py`` drives it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar

from warbench.model.cost_lines import Line, Points, points_text
from warbench.model.i18n import _
from warbench.model.systems.facet import Facet, S

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.systems.base import Finding


class Pricing(Facet[S], ABC):
    """How a system prices and checks an element and an army (see the module)."""

    #: whether the system's rules price elements in points (False: the player may type points of their own)
    has_points: ClassVar[bool] = True

    @abstractmethod
    def price_element(self, element: Any, options: Any) -> list[Line]:
        """The breakdown of one element's cost (empty for systems without points)."""

    @abstractmethod
    def check_element(self, element: Any, options: Any) -> list[Finding]:
        """Warnings for a legal-but-odd element."""

    def check_army(self, army: Army[Any, Any], cost: Any) -> list[Finding]:  # cost: a model.costing.ArmyCost
        """Warnings for the whole army: by default, a total over the points limit."""
        total, currency = cost.total, self.system.presentation.currency
        if self.has_points and army.points_limit is not None and total is not None and total > army.points_limit:
            over = total - army.points_limit
            return [
                (
                    "points-limit",
                    _("{total} {currency} is over the {limit} {currency} limit by {over}").format(
                        total=points_text(total), currency=currency, limit=army.points_limit, over=points_text(over)
                    ),
                )
            ]
        return []

    def element_points(self, element: Any, lines: list[Line]) -> Points | None:
        """Points of one element (None where the system has none)."""
        return sum(line.points for line in lines) if self.system.pricing.has_points else None

    def army_figures(self, army: Army[Any, Any]) -> dict[str, Any]:
        """Army-wide figures (force morale threshold...) reported beside the total."""
        return {}

    def figures(self, element: Any) -> dict[str, Any]:
        """Per-element figures reported beside (or instead of) points."""
        return {}
