"""Army edits as plain functions: an army in, a new army out (no Qt).

Every edit the builder offers is one of these; the window's document only keeps
the undo stack, the file and the signals, and swaps one army value for the next.
An edit validates the part it changes (an element, a unit, the army envelope)
and reuses the untouched, already validated objects, so a keystroke on a
500-unit army checks one element, not the whole army. An edit that would make
the army invalid raises :class:`EditRefused` and returns nothing.

Positions are ``(unit index, element index)``; functions that place something
return ``(army, where it landed)``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any

from pydantic import BaseModel, ValidationError

from warbench.model.army import Army
from warbench.model.fileio import ArmyFileError, army_from_data, named_problems, shown_name, validation_problems
from warbench.model.homebrew import entry_of, homebrew_of, section_with, section_without
from warbench.model.homebrew_edits import army_with_homebrew, entries_used
from warbench.model.limits import LimitError, check_tree, count_problems
from warbench.model.systems import system_for
from warbench.model.systems.base import RuleSystem

AnyArmy = Army[Any, Any]


class EditRefused(ValueError):
    """An edit that would make the army invalid; ``problems`` says why (each led by its JSON path),
    ``shown`` as the player reads it (named by units and elements)."""

    def __init__(self, problems: list[str], shown: list[str] | None = None):
        self.problems = problems
        self.shown = shown or problems
        super().__init__("; ".join(problems))


# --- building blocks ---------------------------------------------------------------
def _validate(
    model: type[BaseModel], data: Any, prefix: str, names: tuple[str, ...] = (), new_data: bool = True
) -> Any:
    if new_data and isinstance(data, (dict, list, str)):  # new JSON (pasted, inserted): walk it for the limits
        _check_limits(data, prefix)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise EditRefused(
            [f"{prefix}{p}" for p in validation_problems(exc)], named_problems(exc, data, prefix, names)
        ) from None


def _check_limits(data: Any, prefix: str) -> None:
    """Refuse what the file could not be read back with (model/limits.py): a text of more than
    MAX_STRING characters pasted as JSON, say. Only new data is walked, never the whole army."""
    try:
        check_tree(data)
    except LimitError as exc:
        raise EditRefused([f"{prefix}{p}" for p in exc.problems]) from None


def _copy_with(obj: BaseModel, prefix: str, names: tuple[str, ...] = (), **changes: Any) -> Any:
    """``obj`` (the army or a unit) with ``changes``, unknown fields kept, validated.

    Untouched children are passed as the already validated objects they are, so only what
    changed is validated again."""
    for key, value in changes.items():
        if isinstance(value, (str, int, float)) or (
            isinstance(value, (dict, list)) and key not in ("units", "elements")
        ):
            _check_limits(value, f"{prefix}{key}: ")
    data = {k: getattr(obj, k) for k in type(obj).model_fields}
    data.update(obj.model_extra or {})
    data.update(changes)
    return _validate(type(obj), data, prefix, names, new_data=False)  # only ``changes`` are new: checked above


def _system(army: AnyArmy, system: RuleSystem | None) -> RuleSystem:
    return system if system is not None else system_for(army)


_ELEMENTS = attrgetter("elements")


def with_units(army: AnyArmy, units: Sequence[Any]) -> AnyArmy:
    units = list(units)
    problems = count_problems(len(units), sum(map(len, map(_ELEMENTS, units))))  # C loops: 5,000 units in 0.1 ms
    if problems:  # as many as a file may hold, so what is built can be opened again
        raise EditRefused(problems)
    after: AnyArmy = _copy_with(army, "", units=units)
    return after


def _unit_with(army: AnyArmy, ui: int, **changes: Any) -> Any:
    return _copy_with(army.units[ui], f"units[{ui}].", _place(army, ui), **changes)


def _place(army: AnyArmy, ui: int) -> tuple[str, ...]:
    """The player's name of unit ``ui``, for problems inside it."""
    return (shown_name(army.units[ui].name, f"unit {ui + 1}"),)


def _replace_unit(army: AnyArmy, ui: int, unit: Any) -> AnyArmy:
    units = list(army.units)
    units[ui] = unit
    return with_units(army, units)


def _with_elements(army: AnyArmy, ui: int, elements: Sequence[Any]) -> AnyArmy:
    return _replace_unit(army, ui, _unit_with(army, ui, elements=list(elements)))


def _clone(obj: BaseModel, name: str) -> Any:
    return type(obj).model_validate(dict(obj.model_dump(mode="json"), name=name))


# --- the army envelope ---------------------------------------------------------------
def set_army_fields(army: AnyArmy, **changes: Any) -> AnyArmy:
    """Change envelope fields (name, points_limit, options)."""
    after: AnyArmy = _copy_with(army, "", **changes)
    return after


def set_options(army: AnyArmy, **changes: Any) -> AnyArmy:
    options = army.options.model_dump(mode="json")
    options.update(changes)
    return set_army_fields(army, options=options)


# --- units ---------------------------------------------------------------------------
def set_unit_fields(army: AnyArmy, ui: int, **changes: Any) -> AnyArmy:
    """Change a unit's own fields (``name``, ``notes``)."""
    return _replace_unit(army, ui, _unit_with(army, ui, **changes))


def add_unit(
    army: AnyArmy,
    name: str,
    with_element: bool = True,
    system: RuleSystem | None = None,
    element_name: str = "New element",
) -> AnyArmy:
    """``army`` with a unit ``name`` at the end; ``with_element``: holding one new element, ``element_name``
    (the window names it in the player's language)."""
    elements = [_system(army, system).schema.new_element(element_name)] if with_element else []
    return insert_units(army, [{"name": name, "notes": "", "elements": elements}], system=system)


def insert_units(
    army: AnyArmy, units: Sequence[Any], at: int | None = None, system: RuleSystem | None = None
) -> AnyArmy:
    """``units`` (file JSON or unit objects) inserted before unit ``at`` (default: at the end)."""
    at = len(army.units) if at is None else max(0, min(at, len(army.units)))
    model = _system(army, system).schema.unit_model
    new = [_validate(model, u, f"units[{at + i}].") for i, u in enumerate(units)]
    return with_units(army, [*army.units[:at], *new, *army.units[at:]])


def duplicate_unit(army: AnyArmy, ui: int, name: str | None = None) -> AnyArmy:
    """``army`` with a copy of unit ``ui`` after it, named ``name`` (default: "<its name> (copy)")."""
    unit = army.units[ui]
    units = list(army.units)
    units.insert(ui + 1, _clone(unit, name or f"{unit.name} (copy)"))
    return with_units(army, units)


def delete_units(army: AnyArmy, indexes: Sequence[int]) -> AnyArmy:
    gone = set(indexes)
    return with_units(army, [u for i, u in enumerate(army.units) if i not in gone])


def move_unit_to(army: AnyArmy, ui: int, to: int) -> tuple[AnyArmy, int]:
    """Unit ``ui`` moved so that it ends up at index ``to`` (clamped); where it landed."""
    to = max(0, min(to, len(army.units) - 1))
    if to == ui:
        return army, ui
    units = list(army.units)
    units.insert(to, units.pop(ui))
    return with_units(army, units), to


# --- elements --------------------------------------------------------------------------
def replace_element(army: AnyArmy, ui: int, ei: int, data: Any, system: RuleSystem | None = None) -> AnyArmy:
    elements = army.units[ui].elements
    before = elements[ei].name if ei < len(elements) else ""  # a refused rename still names the element
    name = data.get("name") if isinstance(data, dict) else None
    names = _place(army, ui) + (shown_name(name, shown_name(before, f"element {ei + 1}")),)
    new = _validate(_system(army, system).schema.element_model, data, f"units[{ui}].elements[{ei}].", names)
    elements = list(army.units[ui].elements)
    elements[ei] = new
    return _with_elements(army, ui, elements)


def update_element(
    army: AnyArmy, ui: int, ei: int, mutate: Callable[[dict[str, Any]], Any], system: RuleSystem | None = None
) -> AnyArmy:
    """The element's file JSON changed in place by ``mutate``, validated."""
    data = army.units[ui].elements[ei].model_dump(mode="json")
    mutate(data)
    return replace_element(army, ui, ei, data, system)


def set_element_field(
    army: AnyArmy,
    ui: int,
    ei: int,
    key_path: Sequence[str],
    value: Any,
    system: RuleSystem | None = None,
    notes: list[str] | None = None,
) -> AnyArmy:
    """One (possibly nested) field of an element set, with what the system changes along with it
    (RuleSystem.follow_up, its sentence appended to ``notes``); the same army when it already has that value."""
    data = army.units[ui].elements[ei].model_dump(mode="json")
    target = data
    for key in key_path[:-1]:
        target = target[key]
    if target.get(key_path[-1]) == value:
        return army
    target[key_path[-1]] = copy.deepcopy(value)
    note = _system(army, system).schema.follow_up(data, tuple(key_path))
    if note and notes is not None:
        notes.append(note)
    return replace_element(army, ui, ei, data, system)


def add_element(army: AnyArmy, ui: int, name: str = "New element", system: RuleSystem | None = None) -> AnyArmy:
    return insert_elements(army, ui, [_system(army, system).schema.new_element(name)], system=system)


def insert_elements(
    army: AnyArmy, ui: int, elements: Sequence[Any], at: int | None = None, system: RuleSystem | None = None
) -> AnyArmy:
    """``elements`` (file JSON or element objects) inserted into unit ``ui`` before ``at`` (default: at its end)."""
    current = list(army.units[ui].elements)
    at = len(current) if at is None else max(0, min(at, len(current)))
    model = _system(army, system).schema.element_model
    new = [_validate(model, e, f"units[{ui}].elements[{at + i}].") for i, e in enumerate(elements)]
    return _with_elements(army, ui, [*current[:at], *new, *current[at:]])


def duplicate_element(army: AnyArmy, ui: int, ei: int, name: str | None = None) -> AnyArmy:
    """``army`` with a copy of element ``ei`` after it, named ``name`` (default: "<its name> (copy)")."""
    element = army.units[ui].elements[ei]
    elements = list(army.units[ui].elements)
    elements.insert(ei + 1, _clone(element, name or f"{element.name} (copy)"))
    return _with_elements(army, ui, elements)


def delete_element(army: AnyArmy, ui: int, ei: int) -> AnyArmy:
    elements = list(army.units[ui].elements)
    elements.pop(ei)
    return _with_elements(army, ui, elements)


def move_element_to(army: AnyArmy, ui: int, ei: int, to_ui: int, to_ei: int) -> tuple[AnyArmy, int]:
    """Element ``ei`` of unit ``ui`` moved to position ``to_ei`` (clamped) of unit ``to_ui``, counted in the
    target unit as it is once the element has left; where it landed."""
    units = list(army.units)
    source = list(units[ui].elements)
    element = source.pop(ei)
    target = source if to_ui == ui else list(units[to_ui].elements)
    to_ei = max(0, min(to_ei, len(target)))
    if to_ui == ui and to_ei == ei:
        return army, ei
    target.insert(to_ei, element)
    units[ui] = _unit_with(army, ui, elements=source)
    if to_ui != ui:
        units[to_ui] = _unit_with(army, to_ui, elements=target)
    return with_units(army, units), to_ei


def add_reference(
    army: AnyArmy, ui: int, ei: int, entry_id: str, system: RuleSystem | None = None
) -> tuple[AnyArmy, str]:
    """A browser entry (an attribute, a weapon...) added to an element, as its system does it; the entry's name."""
    system = _system(army, system)
    data = army.units[ui].elements[ei].model_dump(mode="json")
    name = system.reference.apply_reference(data, entry_id)
    return replace_element(army, ui, ei, data, system), name


def remove_attribute(army: AnyArmy, ui: int, ei: int, index: int, system: RuleSystem | None = None) -> AnyArmy:
    return update_element(army, ui, ei, lambda d: d["attributes"].pop(index), system)


# --- homebrew ----------------------------------------------------------------------------
def set_homebrew(army: AnyArmy, section: Any) -> AnyArmy:
    """The army's homebrew section replaced (every element is validated again under it)."""
    try:
        after: AnyArmy = army_with_homebrew(army, section)
    except ArmyFileError as exc:
        raise EditRefused(exc.problems, exc.shown) from None
    return after


def put_homebrew(
    army: AnyArmy, kind: str, entry: dict[str, Any], replace_id: str | None = None, system: RuleSystem | None = None
) -> AnyArmy:
    """A homebrew entry added to the section's list ``kind``, or put in place of the one with id ``replace_id``
    (refused when elements use ``replace_id`` and the id changes)."""
    if replace_id and replace_id != entry.get("id"):
        users = entries_used(army, _system(army, system), kind, [replace_id])
        if users:
            raise EditRefused([f"{replace_id!r} is used by {', '.join(users[replace_id])}; its id cannot change"])
    return set_homebrew(army, section_with(homebrew_of(army) or {}, kind, entry, replace_id))


def delete_homebrew(army: AnyArmy, kind: str, entry_id: str, system: RuleSystem | None = None) -> AnyArmy:
    """A homebrew entry removed; refused while elements use it."""
    users = entries_used(army, _system(army, system), kind, [entry_id])
    if users:
        name = (entry_of(homebrew_of(army) or {}, kind, entry_id) or {}).get("name", entry_id)
        raise EditRefused([f"{name} is used by {', '.join(users[entry_id])}; remove it from them first"])
    return set_homebrew(army, section_without(homebrew_of(army) or {}, kind, entry_id))


def insert_with_homebrew(
    army: AnyArmy,
    homebrew: Any,
    units: Sequence[dict[str, Any]] = (),
    elements: Sequence[dict[str, Any]] = (),
    unit_at: int | None = None,
    element_at: tuple[int, int | None] | None = None,
) -> AnyArmy:
    """Add the ``homebrew`` entries the army lacks, then ``units`` (file JSON) before unit ``unit_at`` (default:
    at the end) and ``elements`` into unit ``element_at[0]`` before ``element_at[1]`` (default: at its end).
    Refused when a homebrew id clashes with a different entry of this army."""
    from warbench.model.library import merge_sections

    merged, clashes = merge_sections(homebrew_of(army) or {}, homebrew)
    if clashes:
        raise EditRefused([f"homebrew {', '.join(clashes)}: this army already defines it differently"])
    if merged == (homebrew_of(army) or {}):  # nothing new: validate only what is inserted
        army = insert_units(army, units, unit_at) if units else army
        if element_at is not None and elements:
            army = insert_elements(army, element_at[0], elements, element_at[1])
        return army
    data = army.model_dump(mode="json")
    if merged:
        data["homebrew"] = merged
    at = len(data["units"]) if unit_at is None else max(0, min(unit_at, len(data["units"])))
    data["units"][at:at] = [dict(u) for u in units]
    if element_at is not None and elements:
        ui, ei = element_at
        target = data["units"][ui]["elements"]
        ei = len(target) if ei is None else max(0, min(ei, len(target)))
        target[ei:ei] = [dict(e) for e in elements]
    try:
        return army_from_data(data)
    except ArmyFileError as exc:
        raise EditRefused(exc.problems, exc.shown) from None
