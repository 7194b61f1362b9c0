"""What an element's rules are, seen from the builder: which reference entry a cost line is about (to
open its full rule from the cost panel) and what adding an entry would cost the element (the picker's
"+4 pts"), priced by the system's own costing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from warbench.model.cost_lines import Points
from warbench.model.costing import price_element
from warbench.model.folding import fold  # not model.search: the start looks up cost lines, not the search
from warbench.model.systems.base import plural
from warbench.model.systems.reference import ReferenceUse

if TYPE_CHECKING:
    from warbench.model.systems.base import RuleSystem

RuleKey = tuple[str, str]  # ("attribute" | "spell", entry id)


def element_rules(system: RuleSystem, element: Any) -> list[tuple[str, RuleKey]]:
    """(name, key) of every attribute and spell the element uses, as its system lists them."""
    cat = system.catalogue
    out = [
        (cat.attributes[i].name, ("attribute", i))
        for i in system.reference.attribute_ids(element)
        if i in cat.attributes
    ]
    out += [(cat.spells[i].name, ("spell", i)) for i in system.reference.spell_ids(element) if i in cat.spells]
    return out


def line_rule(system: RuleSystem, element: Any, item: str) -> RuleKey | None:
    """The entry a cost line is about: the element's attribute or spell whose name begins the line
    ("Stealthy (+2)" → Stealthy, "Scout points" → the Scout template); None for the others
    (base die, move, weapons)."""
    line = fold(item)
    best: tuple[int, RuleKey] | None = None
    for name, key in element_rules(system, element):
        folded = fold(name)
        if not line.startswith(folded):
            continue
        boundary = len(line) == len(folded) or not line[len(folded)].isalnum()
        if boundary and (best is None or len(folded) > best[0]):
            best = (len(folded), key)
    return best[1] if best else None


@dataclass(frozen=True)
class AddedCost:
    """What adding an entry does to an element's price: ``each`` more per model (None when the system
    has no points or the entry cannot be added as it is), ``count`` models."""

    each: Points | None
    count: int

    def label(self, currency: str) -> str:
        """'+4 pts', '+4 pts each, +36 in all', '−2 pts', '+0 pts'; '' when there is no price."""
        if self.each is None:
            return ""
        each = f"{_signed(self.each)} {plural(self.each, currency)}"
        if self.count == 1 or not self.each:
            return each
        return f"{each} each, {_signed(self.each * self.count)} in all"


def added_cost(system: RuleSystem, element: Any, options: Any, entry_id: str) -> AddedCost:
    """The price of ``element`` with ``entry_id`` added as the system adds it (its default parameters),
    less its price now."""
    return added_costs(system, element, options, [entry_id])[entry_id]


def added_costs(system: RuleSystem, element: Any, options: Any, entry_ids: list[str]) -> dict[str, AddedCost]:
    """:func:`added_cost` of each entry (the element priced as it is once)."""
    count = system.schema.element_count(element)
    _lines, now, _findings = price_element(element, options, system)
    if now is None or system.reference.reference_use is not ReferenceUse.ELEMENT:
        return {entry_id: AddedCost(None, count) for entry_id in entry_ids}
    return {entry_id: _added(system, element, options, entry_id, now, count) for entry_id in entry_ids}


def _added(system: RuleSystem, element: Any, options: Any, entry_id: str, now: Points, count: int) -> AddedCost:
    data = element.model_dump(mode="json")
    try:
        system.reference.apply_reference(data, entry_id)
        after = system.schema.element_model.model_validate(data)
        _lines, then, _findings = price_element(after, options, system)
    except (ValidationError, ValueError, KeyError):
        return AddedCost(None, count)
    if then is None:
        return AddedCost(None, count)
    difference = then - now
    return AddedCost(int(difference) if float(difference).is_integer() else difference, count)


def _signed(value: Points) -> str:
    return f"+{value:g}" if value >= 0 else f"−{-value:g}"
