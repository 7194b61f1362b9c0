"""What one edit changed, told to the views so each updates only those rows (no Qt).

:func:`change_between` compares two army states the way edits make them: an edit replaces only the units and
elements it changes and keeps the other objects (model/edits.py), so comparing by identity finds what changed
in C loops (a 5,000-unit army in well under a millisecond). Undo compares the states the other way round, so
it tells the inverse change.

Positions are ``(unit index, element index)``; an element index of None means the unit's own fields. A
``parent`` of None means the army's list of units; otherwise it is the index of the unit whose elements moved.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress, count
from operator import is_not
from typing import Any

Position = tuple[int, int | None]


@dataclass(frozen=True)
class ElementsChanged:
    """Fields of these elements (or of a unit, element None) changed; the structure did not."""

    positions: tuple[Position, ...]


@dataclass(frozen=True)
class Inserted:
    """Rows ``first``..``last`` are new in ``parent`` (None: units; else that unit's elements)."""

    parent: int | None
    first: int
    last: int


@dataclass(frozen=True)
class Removed:
    """Rows ``first``..``last`` of ``parent`` (as it was) are gone."""

    parent: int | None
    first: int
    last: int


@dataclass(frozen=True)
class Moved:
    """Row ``row`` of ``parent`` now is row ``to`` of ``to_parent`` (both None for units)."""

    parent: int | None
    row: int
    to_parent: int | None
    to: int


@dataclass(frozen=True)
class ArmyOptions:
    """Envelope fields changed (name, points limit, options), named in ``fields``; the units did not."""

    fields: frozenset[str]


@dataclass(frozen=True)
class Homebrew:
    """The homebrew section changed: every element was validated again under it."""


@dataclass(frozen=True)
class Replaced:
    """Anything else (a whole army swapped): views start again."""


Change = ElementsChanged | Inserted | Removed | Moved | ArmyOptions | Homebrew | Replaced
NOTHING = ElementsChanged(())


def _first_difference(a: list[Any], b: list[Any]) -> int:
    """Index of the first position holding different objects (the shorter length when none does)."""
    return next(compress(count(), map(is_not, a, b)), min(len(a), len(b)))


def _last_difference(a: list[Any], b: list[Any]) -> int:
    """How many trailing positions hold the same objects."""
    return next(compress(count(), map(is_not, reversed(a), reversed(b))), min(len(a), len(b)))


def _same(a: list[Any], b: list[Any]) -> bool:
    return len(a) == len(b) and not any(map(is_not, a, b))


def _list_change(a: list[Any], b: list[Any], parent: int | None) -> Change | list[int]:
    """A structural change of list ``a`` into ``b``, or the indexes whose objects were replaced in place."""
    head = _first_difference(a, b)
    tail = min(_last_difference(a, b), min(len(a), len(b)) - head)
    gone, new = a[head : len(a) - tail], b[head : len(b) - tail]
    if not gone and not new:
        return []
    if not gone:
        return Inserted(parent, head, head + len(new) - 1)
    if not new:
        return Removed(parent, head, head + len(gone) - 1)
    if len(gone) != len(new):
        return Replaced()
    if len(gone) > 1 and new[-1] is gone[0] and _same(new[:-1], gone[1:]):
        return Moved(parent, head, parent, head + len(gone) - 1)
    if len(gone) > 1 and new[0] is gone[-1] and _same(new[1:], gone[:-1]):
        return Moved(parent, head + len(gone) - 1, parent, head)
    return [head + i for i in compress(count(), map(is_not, gone, new))]


def _envelope(army: Any) -> dict[str, Any]:
    fields = {k: getattr(army, k) for k in type(army).model_fields if k != "units"}
    fields.update(army.model_extra or {})
    return fields


def change_between(before: Any, after: Any) -> Change:
    """What turned army ``before`` into ``after`` (see the module's docstring)."""
    if before is after:
        return NOTHING
    envelope_before, envelope_after = _envelope(before), _envelope(after)
    if envelope_before.get("homebrew") != envelope_after.get("homebrew"):
        return Homebrew()
    fields = frozenset(
        k for k in envelope_before.keys() | envelope_after.keys() if envelope_before.get(k) != envelope_after.get(k)
    )
    units = _list_change(before.units, after.units, None)
    if fields:
        return ArmyOptions(fields) if units == [] else Replaced()
    if not isinstance(units, list):
        return units
    return _elements_change(before.units, after.units, units)


def _elements_change(before: list[Any], after: list[Any], changed: list[int]) -> Change:
    parts = {ui: _list_change(before[ui].elements, after[ui].elements, ui) for ui in changed}
    structural = {ui: part for ui, part in parts.items() if not isinstance(part, list)}
    if not structural:
        return ElementsChanged(tuple((ui, ei) for ui in changed for ei in (None, *parts[ui])))  # type: ignore[misc]
    if len(changed) == 1:
        return next(iter(structural.values()))
    if len(changed) == 2 and len(structural) == 2:  # an element moved to another unit
        (ua, pa), (ub, pb) = structural.items()
        if isinstance(pb, Removed):
            (ua, pa), (ub, pb) = (ub, pb), (ua, pa)
        if (
            isinstance(pa, Removed)
            and isinstance(pb, Inserted)
            and pa.first == pa.last
            and pb.first == pb.last
            and before[ua].elements[pa.first] is after[ub].elements[pb.first]
        ):
            return Moved(ua, pa.first, ub, pb.first)
    return Replaced()
