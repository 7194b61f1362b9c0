"""Pricing a whole army through its rule system, and the cost JSON contract."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property, partial
from itertools import chain, compress, count
from operator import attrgetter, is_not, itemgetter
from typing import TYPE_CHECKING, Any

from warbench.model.army import element_path
from warbench.model.cost_lines import Line, Points
from warbench.model.findings import RuleWarning
from warbench.model.homebrew_checks import homebrew_findings

if TYPE_CHECKING:
    from warbench.model.army import Army

    pass

if TYPE_CHECKING:  # pragma: no cover
    from warbench.model.systems.base import RuleSystem


@dataclass(frozen=True)
class ElementCost:
    name: str
    count: int
    cost_each: Points | None
    breakdown: tuple[Line, ...] = ()
    figures: dict[str, Any] = field(default_factory=dict[str, Any])

    @property
    def total(self) -> Points | None:
        return None if self.cost_each is None else self.cost_each * self.count


@dataclass(frozen=True)
class UnitCost:
    name: str
    elements: tuple[ElementCost, ...]
    #: the elements' totals added up (None when one has no points), worked out when the unit is made
    cost: Points | None = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cost", _unit_cost(self.elements))


def _unit_cost(elements: tuple[ElementCost, ...]) -> Points | None:
    total: Points = 0
    for element in elements:
        each = element.cost_each
        if each is None:
            return None
        total += each * element.count
    return _tidy(total)


@dataclass(frozen=True)
class ArmyCost:
    system: str
    name: str
    points_limit: int | None
    units: tuple[UnitCost, ...]
    warnings: tuple[RuleWarning, ...]
    figures: dict[str, Any] = field(default_factory=dict[str, Any])

    @cached_property
    def total(self) -> Points | None:
        try:
            return _tidy(sum(map(_UNIT_COST, self.units)))  # a C loop: 5,000 units in 0.2 ms
        except TypeError:  # a unit without points (None)
            return None

    def as_json(self) -> dict[str, Any]:
        """The cost contract of ``shared/spec/army-file.md`` (plus ``warning_details``).

        Copies of one design share their ElementCost (see ``_price_design``) and so one dict here."""
        elements: dict[int, dict[str, Any]] = {}

        def element(e: ElementCost) -> dict[str, Any]:
            found = elements.get(id(e))
            if found is None:
                found = elements[id(e)] = {
                    "name": e.name,
                    "count": e.count,
                    "cost_each": e.cost_each,
                    "breakdown": [line.as_json() for line in e.breakdown],
                    **({"figures": e.figures} if e.figures else {}),
                }
            return found

        return {
            "system": self.system,
            "name": self.name,
            "points_limit": self.points_limit,
            "total": self.total,
            "warnings": [str(w) for w in self.warnings],
            "warning_details": [w.as_json() for w in self.warnings],
            **({"figures": self.figures} if self.figures else {}),
            "units": [
                {"name": unit.name, "cost": unit.cost, "elements": [element(e) for e in unit.elements]}
                for unit in self.units
            ],
        }


_UNIT_COST = attrgetter("cost")


def _tidy(value: Points) -> Points:
    """Whole numbers as int, halves (a system pricing 1.5 pts) as float rounded to 2 places."""
    if isinstance(value, float):
        value = round(value, 2)
        if value.is_integer():
            return int(value)
    return value


#: what pricing one element gives: its lines, its points (None without points) and its findings
_ElementPrice = tuple[tuple[Line, ...], Points | None, list[Any]]
#: what pricing one unit gives: its cost and its warnings
_UnitPrice = tuple[UnitCost, list[RuleWarning]]
#: one design's cost and findings
_DesignPrice = tuple[ElementCost, list[Any]]


class PriceCache:
    """Remembers prices for editors that re-price after every edit.

    By element object: army states share unchanged element objects, so after an edit only the new
    element is priced again (entries hold their element, so ids are never reused). By design (the
    element's content): a new element equal to one already priced is not priced again.
    """

    def __init__(self) -> None:
        self._entries: dict[int, tuple[Any, _DesignPrice]] = {}
        self._units: dict[int, tuple[Any, int, _UnitPrice]] = {}
        self.designs: dict[bytes, _DesignPrice] = {}
        self._options: Any = None
        self._system: RuleSystem | None = None
        self._last: tuple[list[Any], list[_UnitPrice]] | None = (
            None  # the units last priced and their (UnitCost, warnings)
        )

    def check(self, options: Any, system: RuleSystem) -> None:
        """Forget everything when the army's options or rule system (its homebrew) changed."""
        if options is not self._options or system is not self._system:
            self._entries.clear()
            self._units.clear()
            self.designs.clear()
            self._last = None
            self._options, self._system = options, system

    def priced_units(self, units: list[Any], compute: Callable[[Any, int], _UnitPrice]) -> list[_UnitPrice]:
        """Each unit's (UnitCost, warnings). Only the units whose object was replaced are looked at (edits
        replace what they change), so an edit costs no Python loop over a big army's units: with as many
        units as last time, the replaced ones; with units inserted or removed, those between the unchanged
        units before and after them (found by C loops), and of the units after, those whose warnings name
        their position."""
        last = self._last
        if last is None:
            out = [self._priced(units, ui, compute) for ui in range(len(units))]
        elif len(last[0]) == len(units):
            out = list(last[1])
            for ui in compress(count(), map(is_not, units, last[0])):
                out[ui] = self._priced(units, ui, compute)
        else:
            out = self._around_the_change(units, *last, compute)
        self._last = (list(units), out)
        return out

    def _around_the_change(
        self, units: list[Any], old: list[Any], old_out: list[_UnitPrice], compute: Callable[[Any, int], _UnitPrice]
    ) -> list[_UnitPrice]:
        """Units inserted or removed: the unchanged units before the change keep their prices, those after
        it too unless a warning names their (now shifted) position; the rest are priced."""
        shortest = min(len(units), len(old))
        before = next(compress(count(), map(is_not, units, old)), shortest)
        after = next(compress(count(), map(is_not, reversed(units), reversed(old))), shortest)
        after = min(after, shortest - before)
        out = old_out[:before]
        first_after = len(units) - after
        out.extend(self._priced(units, ui, compute) for ui in range(before, first_after))
        out.extend(old_out[len(old) - after :])
        for ui in compress(range(first_after, len(units)), map(itemgetter(1), out[first_after:])):
            out[ui] = self._priced(units, ui, compute)  # its warnings name its position, which moved
        return out

    def _priced(self, units: list[Any], ui: int, compute: Callable[[Any, int], _UnitPrice]) -> _UnitPrice:
        return self.unit(units[ui], ui, partial(compute, units[ui], ui))

    def unit(self, unit: Any, ui: int, compute: Callable[[], _UnitPrice]) -> _UnitPrice:
        """A unit's (UnitCost, warnings), recomputed only when the unit object or its position changed."""
        hit = self._units.get(id(unit))
        if hit is None or hit[0] is not unit or hit[1] != ui:
            hit = (unit, ui, compute())
            self._units[id(unit)] = hit
        return hit[2]

    def get(self, element: Any, compute: Callable[[], _DesignPrice]) -> _DesignPrice:
        hit = self._entries.get(id(element))
        if hit is None or hit[0] is not element:
            hit = (element, compute())
            self._entries[id(element)] = hit
        return hit[1]

    def prune(self, army: Army[Any, Any]) -> None:
        """Forget elements no longer in ``army`` (keeps the cache from growing forever)."""
        alive = {id(e) for u in army.units for e in u.elements}
        if len(self._entries) > 2 * len(alive) + 64:
            self._entries = {k: v for k, v in self._entries.items() if k in alive}
        if len(self.designs) > 2 * len(alive) + 64:
            self.designs.clear()
        units = {id(u) for u in army.units}
        if len(self._units) > 2 * len(units) + 64:
            self._units = {k: v for k, v in self._units.items() if k in units}


class _NoCache:
    """Stands in for a PriceCache when a caller prices an army once: remembers designs, and
    elements by object for as long as the pricing takes (copies of a design loaded from a file
    are one object)."""

    def __init__(self) -> None:
        self.designs: dict[bytes, _DesignPrice] = {}
        self._elements: dict[int, _DesignPrice] = {}

    def get(self, element: Any, compute: Callable[[], _DesignPrice]) -> _DesignPrice:
        hit = self._elements.get(id(element))
        if hit is None:
            hit = self._elements[id(element)] = compute()
        return hit

    @staticmethod
    def priced_units(units: list[Any], compute: Callable[[Any, int], _UnitPrice]) -> list[_UnitPrice]:
        return [compute(unit, ui) for ui, unit in enumerate(units)]


def price_element(element: Any, options: Any, system: RuleSystem) -> _ElementPrice:
    lines = tuple(system.pricing.price_element(element, options))
    points = system.pricing.element_points(element, list(lines))
    return lines, (None if points is None else _tidy(points)), system.pricing.check_element(element, options)


def design_key(element: Any) -> bytes | None:
    """The element's whole content (every field, its name and unknown fields included) as JSON:
    equal for two copies of one design, which price the same. None when it has no such form."""
    try:
        key: bytes = element.__pydantic_serializer__.to_json(element)
        return key
    except (AttributeError, ValueError):
        return None


def _price_design(element: Any, options: Any, system: RuleSystem, designs: dict[bytes, _DesignPrice]) -> _DesignPrice:
    """The element's cost and findings, computed once per design (armies repeat their squads)."""
    key = design_key(element)
    hit = designs.get(key) if key is not None else None
    if hit is None:
        lines, points, findings = price_element(element, options, system)
        count = system.schema.element_count(element)
        cost = ElementCost(element.name, count, points, lines, system.pricing.figures(element))
        hit = cost, findings
        if key is not None:
            designs[key] = hit
    return hit


def _price_unit(unit: Any, ui: int, options: Any, system: RuleSystem, cache: PriceCache | _NoCache) -> _UnitPrice:
    elements: list[ElementCost] = []
    warnings: list[RuleWarning] = []
    designs = cache.designs
    for ei, element in enumerate(unit.elements):
        element_cost, findings = cache.get(element, partial(_price_design, element, options, system, designs))
        elements.append(element_cost)
        if findings:
            subject = f"{unit.name} / {element.name}"
            path = element_path(ui, ei)
            warnings.extend(RuleWarning(path, subject, rule, message, (ui, ei)) for rule, message in findings)
    return UnitCost(unit.name, tuple(elements)), warnings


def price_army(army: Army[Any, Any], system: RuleSystem, cache: PriceCache | None = None) -> ArmyCost:
    """Price and check every element of ``army`` with ``system`` (``cache``: keep prices between calls)."""
    prices: PriceCache | _NoCache
    if cache is None:
        prices = _NoCache()
    else:
        prices = cache
        cache.check(army.options, system)
    priced = prices.priced_units(army.units, lambda unit, ui: _price_unit(unit, ui, army.options, system, prices))
    units = list(map(itemgetter(0), priced))
    warnings: list[RuleWarning] = list(chain.from_iterable(map(itemgetter(1), priced)))
    cost = ArmyCost(army.system, army.name, army.points_limit, tuple(units), ())
    army_findings = [*system.pricing.check_army(army, cost), *homebrew_findings(army, system)]
    army_warnings = [RuleWarning("", army.name, rule, msg) for rule, msg in army_findings]
    priced_army = ArmyCost(
        army.system,
        army.name,
        army.points_limit,
        cost.units,
        tuple(warnings + army_warnings),
        system.pricing.army_figures(army),
    )
    if "total" in cost.__dict__:  # the same units: the total check_army worked out (a cached_property)
        priced_army.__dict__["total"] = cost.__dict__["total"]
    return priced_army
