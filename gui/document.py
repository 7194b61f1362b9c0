"""The open army: its validated state, its undo stack, its file and its costs.

Every user edit is a ``ReplaceArmyCommand`` that swaps one validated army state
for another. Edits validate the part they change (an element, a unit, the army
envelope) and reuse the untouched, already validated objects, so a keystroke on
a 500-unit army prices one element, not the whole army.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from model.army import Army
from model.costing import ArmyCost, PriceCache, price_army
from model.fileio import ArmyFileError, army_from_data, load_army, save_army, validation_problems
from model.homebrew import (
    entry_of,
    homebrew_of,
    section_with,
    section_without,
)
from model.homebrew_edits import army_with_homebrew, entries_used
from model.systems import get_system, system_for
from model.systems.base import RuleSystem

MERGEABLE = 1  # QUndoCommand.id() of edits that merge while the user keeps typing in one field


class EditRefused(ValueError):
    """An edit that would make the army invalid; ``problems`` says why."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("; ".join(problems))


class ReplaceArmyCommand(QUndoCommand):
    def __init__(self, document: ArmyDocument, before: Army, after: Army, text: str, merge_key: Any = None):
        super().__init__(text)
        self.document, self.before, self.after, self.merge_key = document, before, after, merge_key

    def id(self) -> int:
        return MERGEABLE if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, ReplaceArmyCommand) or other.merge_key != self.merge_key:
            return False
        self.after = other.after
        return True

    def redo(self) -> None:
        self.document._set_army(self.after)

    def undo(self) -> None:
        self.document._set_army(self.before)


class ArmyDocument(QObject):
    """One open army file. ``changed`` fires after every state swap (edit, undo, redo)."""

    changed = Signal()
    pathChanged = Signal()

    def __init__(self, army: Army, path: Path | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.army = army
        self.system: RuleSystem = system_for(army)
        self.path = Path(path) if path else None
        self.undo_stack = QUndoStack(self)
        self._cache = PriceCache()
        self._cost: ArmyCost | None = None
        self._prices = 0

    # --- construction ----------------------------------------------------------
    @classmethod
    def new(cls, system_id: str, name: str, points_limit: int | None, parent=None) -> ArmyDocument:
        """A new army; a system without points gets no points limit (never "0 / 1000 pts")."""
        system = get_system(system_id)
        return cls(system.new_army(name, points_limit if system.has_points else None), None, parent)

    @classmethod
    def open(cls, path: str | Path, parent=None) -> ArmyDocument:
        return cls(load_army(path), Path(path), parent)

    # --- state -------------------------------------------------------------------
    @property
    def cost(self) -> ArmyCost:
        if self._cost is None:
            self._cost = price_army(self.army, self.system, self._cache)
            self._prices += 1
            if self._prices % 64 == 0:  # forget elements no longer in the army, now and then
                self._cache.prune(self.army)
        return self._cost

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    def _set_army(self, army: Army) -> None:
        self.army = army
        self.system = system_for(army)  # the army's homebrew entries may have changed
        self._cost = None
        self.changed.emit()

    def element(self, ui: int, ei: int):
        return self.army.units[ui].elements[ei]

    # --- saving ------------------------------------------------------------------
    def save(self, path: str | Path | None = None) -> None:
        """Write the army; on failure the error propagates and the document stays modified."""
        target = Path(path) if path else self.path
        if target is None:
            raise ValueError("no file name to save to")
        save_army(self.army, target)
        if target != self.path:
            self.path = target
            self.pathChanged.emit()
        self.undo_stack.setClean()

    # --- edits -------------------------------------------------------------------
    def _push(self, after: Army, text: str, merge_key: Any = None) -> None:
        if after is self.army:
            return
        self.undo_stack.push(ReplaceArmyCommand(self, self.army, after, text, merge_key))

    def _validate(self, model, data: dict, prefix: str):
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            raise EditRefused([f"{prefix}{p}" for p in validation_problems(exc)]) from None

    def _copy_with(self, obj, prefix: str, **changes):
        """``obj`` (the army or a unit) with ``changes``, unknown fields kept, validated.

        Untouched children are passed as the already validated objects they are, so
        only what changed is validated again."""
        data = {k: getattr(obj, k) for k in type(obj).model_fields}
        data.update(obj.model_extra or {})
        data.update(changes)
        return self._validate(type(obj), data, prefix)

    def _army_with_units(self, units: list) -> Army:
        return self._copy_with(self.army, "", units=units)

    def _unit_with(self, ui: int, **changes) -> Any:
        return self._copy_with(self.army.units[ui], f"units[{ui}].", **changes)

    def _replace_unit(self, ui: int, unit) -> Army:
        units = list(self.army.units)
        units[ui] = unit
        return self._army_with_units(units)

    def _push_elements(self, ui: int, elements: list, text: str, merge_key: Any = None) -> None:
        """Push the army with unit ``ui``'s elements replaced by ``elements``."""
        self._push(self._replace_unit(ui, self._unit_with(ui, elements=elements)), text, merge_key)

    def edit_army(self, text: str, merge_key: Any = None, **changes) -> None:
        """Change envelope fields (name, points_limit, options)."""
        self._push(self._copy_with(self.army, "", **changes), text, merge_key)

    def edit_options(self, text: str, **changes) -> None:
        options = self.army.options.model_dump(mode="json")
        options.update(changes)
        self.edit_army(text, options=options)

    def edit_element(self, ui: int, ei: int, key_path: tuple, value: Any, label: str | None = None) -> None:
        """Set one (possibly nested) field of an element; typing in one field merges into one undo step."""
        element = self.element(ui, ei)
        data = element.model_dump(mode="json")
        target = data
        for key in key_path[:-1]:
            target = target[key]
        if target.get(key_path[-1]) == value:
            return
        target[key_path[-1]] = copy.deepcopy(value)
        self.replace_element(
            ui, ei, data, f"Change {label or key_path[-1]} of {element.name}", merge_key=("element", ui, ei, key_path)
        )

    def update_element(
        self, ui: int, ei: int, mutate: Callable[[dict], None], text: str, merge_key: Any = None
    ) -> None:
        data = self.element(ui, ei).model_dump(mode="json")
        mutate(data)
        self.replace_element(ui, ei, data, text, merge_key)

    def replace_element(self, ui: int, ei: int, data: dict, text: str, merge_key: Any = None) -> None:
        new = self._validate(self.system.element_model, data, f"units[{ui}].elements[{ei}].")
        elements = list(self.army.units[ui].elements)
        elements[ei] = new
        self._push_elements(ui, elements, text, merge_key)

    def rename_unit(self, ui: int, name: str) -> None:
        unit = self.army.units[ui]
        if name != unit.name:
            self._push(
                self._replace_unit(ui, self._unit_with(ui, name=name)),
                f"Rename unit {unit.name}",
                merge_key=("unit-name", ui),
            )

    def add_unit(self, name: str = "New unit", with_element: bool = True) -> int:
        elements = [self.system.new_element("New element")] if with_element else []
        return self.add_unit_data({"name": name, "notes": "", "elements": elements})

    def add_unit_data(self, data: dict) -> int:
        """Append a unit given as file JSON (a template from a library, say)."""
        unit = self._validate(self.system.unit_model, data, f"units[{len(self.army.units)}].")
        self._push(self._army_with_units([*self.army.units, unit]), f"Add unit {unit.name}")
        return len(self.army.units) - 1

    def add_element(self, ui: int, name: str = "New element") -> int:
        elements = [*self.army.units[ui].elements, self.system.new_element(name)]
        self._push_elements(ui, elements, f"Add element to {self.army.units[ui].name}")
        return len(elements) - 1

    def duplicate_unit(self, ui: int) -> int:
        unit = self.army.units[ui]
        clone = type(unit).model_validate(dict(unit.model_dump(mode="json"), name=f"{unit.name} (copy)"))
        units = list(self.army.units)
        units.insert(ui + 1, clone)
        self._push(self._army_with_units(units), f"Duplicate unit {unit.name}")
        return ui + 1

    def duplicate_element(self, ui: int, ei: int) -> int:
        element = self.element(ui, ei)
        clone = self.system.element_model.model_validate(
            dict(element.model_dump(mode="json"), name=f"{element.name} (copy)")
        )
        elements = list(self.army.units[ui].elements)
        elements.insert(ei + 1, clone)
        self._push_elements(ui, elements, f"Duplicate {element.name}")
        return ei + 1

    def delete_unit(self, ui: int) -> None:
        units = list(self.army.units)
        gone = units.pop(ui)
        self._push(self._army_with_units(units), f"Delete unit {gone.name}")

    def delete_element(self, ui: int, ei: int) -> None:
        elements = list(self.army.units[ui].elements)
        gone = elements.pop(ei)
        self._push_elements(ui, elements, f"Delete {gone.name}")

    def move_unit(self, ui: int, delta: int) -> int:
        target = ui + delta
        if not 0 <= target < len(self.army.units):
            return ui
        units = list(self.army.units)
        units.insert(target, units.pop(ui))
        self._push(self._army_with_units(units), f"Move unit {units[target].name}")
        return target

    def move_element(self, ui: int, ei: int, delta: int) -> int:
        elements = list(self.army.units[ui].elements)
        target = ei + delta
        if not 0 <= target < len(elements):
            return ei
        elements.insert(target, elements.pop(ei))
        self._push_elements(ui, elements, f"Move {elements[target].name}")
        return target

    def transfer_element(self, ui: int, ei: int, to_ui: int, to_ei: int) -> int:
        """Move element ``ei`` of unit ``ui`` to position ``to_ei`` of unit ``to_ui`` (one undo step);
        returns where it landed."""
        if to_ui == ui:
            return self.move_element(ui, ei, to_ei - ei)
        units = list(self.army.units)
        source = list(units[ui].elements)
        element = source.pop(ei)
        target = list(units[to_ui].elements)
        to_ei = max(0, min(to_ei, len(target)))
        target.insert(to_ei, element)
        units[ui] = self._unit_with(ui, elements=source)
        units[to_ui] = self._unit_with(to_ui, elements=target)
        self._push(self._army_with_units(units), f"Move {element.name} to {units[to_ui].name}")
        return to_ei

    def add_reference(self, ui: int, ei: int, entry_id: str) -> None:
        """Add a browser entry (an attribute, a weapon...) to an element, as its system does it."""
        element = self.element(ui, ei)
        data = element.model_dump(mode="json")
        name = self.system.apply_reference(data, entry_id)
        self.replace_element(ui, ei, data, f"Add {name} to {element.name}")

    # --- homebrew entries ---------------------------------------------------------
    @property
    def homebrew(self) -> dict:
        return homebrew_of(self.army) or {}

    def set_homebrew(self, section: dict, text: str) -> None:
        """Replace the army's homebrew section (every element is validated again under it)."""
        try:
            after = army_with_homebrew(self.army, section)
        except ArmyFileError as exc:
            raise EditRefused(exc.problems) from None
        self._push(after, text)

    def put_homebrew(self, kind: str, entry: dict, replace_id: str | None = None) -> None:
        """Add a homebrew attribute or spell, or replace the one with id ``replace_id``."""
        if replace_id and replace_id != entry.get("id"):
            users = entries_used(self.army, self.system, kind, [replace_id])
            if users:
                raise EditRefused([f"{replace_id!r} is used by {', '.join(users[replace_id])}; its id cannot change"])
        verb = "Edit" if replace_id else "Add"
        self.set_homebrew(
            section_with(self.homebrew, kind, entry, replace_id), f"{verb} homebrew {kind} {entry.get('name')}"
        )

    def insert_with_homebrew(self, homebrew: dict, text: str, units: list[dict] = (), element=None) -> None:
        """One undo step: add ``homebrew`` entries the army lacks, then ``units`` (file JSON) at the end,
        or ``element`` = (unit index, element JSON) to that unit. Refused when an id clashes."""
        from model.library import merge_sections

        merged, clashes = merge_sections(self.homebrew, homebrew)
        if clashes:
            raise EditRefused([f"homebrew {', '.join(clashes)}: this army already defines it differently"])
        data = self.army.model_dump(mode="json")
        if merged:
            data["homebrew"] = merged
        data["units"] += [dict(u) for u in units]
        if element is not None:
            ui, element_data = element
            data["units"][ui]["elements"].append(element_data)
        try:
            after = army_from_data(data)
        except ArmyFileError as exc:
            raise EditRefused(exc.problems) from None
        self._push(after, text)

    def delete_homebrew(self, kind: str, entry_id: str) -> None:
        users = entries_used(self.army, self.system, kind, [entry_id])
        entry = entry_of(self.homebrew, kind, entry_id) or {}
        name = entry.get("name", entry_id)
        if users:
            raise EditRefused([f"{name} is used by {', '.join(users[entry_id])}; remove it from them first"])
        self.set_homebrew(section_without(self.homebrew, kind, entry_id), f"Delete homebrew {kind} {name}")

    def remove_attribute(self, ui: int, ei: int, index: int) -> None:
        element = self.element(ui, ei)
        name = self.system.catalogue.attribute_name(element.attributes[index].id)
        self.update_element(ui, ei, lambda d: d["attributes"].pop(index), f"Remove {name} from {element.name}")


class DocumentView:
    """Mixin for a widget that shows one document: ``follow`` points it at a (new) document
    and its ``refresh`` then runs after every change of that document."""

    _connected: ArmyDocument | None = None

    def refresh(self) -> None:  # pragma: no cover - every view overrides
        raise NotImplementedError

    def follow(self, document: ArmyDocument) -> None:
        if self._connected is not None:
            self._connected.changed.disconnect(self.refresh)
        self.document = self._connected = document
        document.changed.connect(self.refresh)
