"""An army re-priced under another edition of its game (``warbench reprice``; ``docs/balance.md``).

Two systems are editions of one game when the same rule-system class reads both (the same army shape: both
Flat Out War editions); nothing here names one. The army's file is read as the other edition's: what that
edition's loader refuses is repaired away (:mod:`model.repair`, each repair listed as something that does
not map), then both armies are priced (:mod:`model.costing`) element by element, with the other edition's
warnings on each element. The converted army can be written as a new file of the other edition.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from warbench.model.cost_lines import Points
from warbench.model.costing import price_army
from warbench.model.fileio import ArmyFileError, dump_army
from warbench.model.repair import repair_army
from warbench.model.systems import get_system, system_for

if TYPE_CHECKING:
    from warbench.model.army import Army


class RepriceError(ValueError):
    """An army that cannot be re-priced as asked (no such system, not an edition of its game)."""


@dataclass
class RepricedElement:
    unit: str
    element: str
    old: Points | None
    new: Points | None
    unmapped: list[str] = field(default_factory=list)  # what the other edition drops or warns about

    @property
    def delta(self) -> Points | None:
        if self.old is None or self.new is None:
            return None
        change = self.new - self.old
        return round(change, 2) if isinstance(change, float) else change

    def as_json(self) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "element": self.element,
            "points": self.old,
            "repriced": self.new,
            "delta": self.delta,
            "unmapped": list(self.unmapped),
        }


@dataclass
class Repriced:
    system: str
    other: str
    army: Army[Any, Any]  # the converted army, of the other edition
    elements: list[RepricedElement]
    unmapped: list[str]  # what does not map at the army's level
    total: tuple[Points | None, Points | None]

    def as_json(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "other": self.other,
            "total": {"points": self.total[0], "repriced": self.total[1]},
            "elements": [e.as_json() for e in self.elements],
            "unmapped": list(self.unmapped),
        }


def other_editions(system_id: str) -> list[str]:
    """The other editions of ``system_id``'s game (the systems the same rule-system class reads), by id."""
    from warbench.model.systems import system_ids

    kind = type(get_system(system_id))
    return [other for other in system_ids() if other != system_id and type(get_system(other)) is kind]


def editions(system_id: str, other_id: str) -> None:
    """RepriceError unless ``other_id`` is another edition of ``system_id``'s game."""
    from warbench.model.systems import system_ids

    if other_id not in system_ids():
        raise RepriceError(f"{other_id!r} is not a rule system (known: {', '.join(system_ids())})")
    if other_id == system_id:
        raise RepriceError(f"the army is already of {other_id}")
    if type(get_system(system_id)) is not type(get_system(other_id)):
        raise RepriceError(
            f"{other_id} is not an edition of {system_id}'s game: their elements do not map onto each other"
        )


def reprice(army: Army[Any, Any], other_id: str) -> Repriced:
    """``army`` read and priced as an army of ``other_id`` (RepriceError: not an edition of its game;
    ArmyFileError: nothing of it can be read as the other edition)."""
    editions(army.system, other_id)
    data = json.loads(dump_army(army))
    data["system"] = other_id
    try:
        converted, repairs = repair_army(json.dumps(data), f"{army.name} as {other_id}")
    except ArmyFileError as exc:
        raise RepriceError(f"{army.name!r} cannot be read as a {other_id} army: {'; '.join(exc.problems)}") from None
    old_cost = price_army(army, system_for(army))
    new_cost = price_army(converted, system_for(converted))
    by_place: dict[tuple[int, int], list[str]] = {}
    army_level: list[str] = []
    for repair in repairs:
        at = _element_at(repair.path)
        (by_place.setdefault(at, []) if at else army_level).append(f"{repair.value} {repair.change}: {repair.reason}")
    old_warnings = {(w.at, w.message) for w in old_cost.warnings}
    for warning in new_cost.warnings:
        if (warning.at, warning.message) in old_warnings:
            continue  # the army's own warning, not the edition's
        (by_place.setdefault(warning.at, []) if warning.at else army_level).append(warning.message)
    elements = []
    for ui, (old_unit, new_unit) in enumerate(zip(old_cost.units, new_cost.units, strict=False)):
        for ei, (old, new) in enumerate(zip(old_unit.elements, new_unit.elements, strict=False)):
            elements.append(
                RepricedElement(old_unit.name, old.name, old.cost_each, new.cost_each, by_place.get((ui, ei), []))
            )
    return Repriced(army.system, other_id, converted, elements, army_level, (old_cost.total, new_cost.total))


def _element_at(path: str) -> tuple[int, int] | None:
    """(unit, element) of a repair's path ``units[1].elements[0]...`` (None above an element)."""
    import re

    found = re.match(r"units\[(\d+)\]\.elements\[(\d+)\]", path)
    return (int(found[1]), int(found[2])) if found else None


def format_repriced(result: Repriced) -> str:
    """The plain output: a line per element (points, re-priced, Δ) and what does not map."""
    from warbench.model.cost_lines import points_text

    lines = [f"{result.system} → {result.other}", f"{'unit / element':<40} {'points':>8} {'repriced':>9} {'Δ':>7}"]
    for e in result.elements:
        name = f"{e.unit} / {e.element}"
        name = name if len(name) <= 40 else name[:39] + "…"
        delta = "-" if e.delta is None else f"{e.delta:+}"
        lines.append(f"{name:<40} {points_text(e.old):>8} {points_text(e.new):>9} {delta:>7}")
        lines += [f"    does not map: {text}" for text in e.unmapped]
    lines += [f"does not map: {text}" for text in result.unmapped]
    old, new = result.total
    lines.append(f"{'total':<40} {points_text(old):>8} {points_text(new):>9}")
    return "\n".join(lines)
