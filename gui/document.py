"""The open army: its validated state, its undo stack, its file and its costs.

Every user edit is a pure army -> army function of :mod:`model.edits` (no Qt, tested
without it); the document pushes its result as a ``ReplaceArmyCommand`` that swaps one
validated army state for another, so undo is keeping the previous value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from warbench.model import edits
from warbench.model.army import Army
from warbench.model.changes import NOTHING, Change, Replaced, change_between
from warbench.model.costing import ArmyCost, PriceCache, price_army
from warbench.model.edits import EditRefused  # noqa: F401 (the GUI's edits raise it; imported from here)
from warbench.model.errata import PublishedDifference, published_difference
from warbench.model.fileio import FileStamp, file_stamp, load_army, save_army
from warbench.model.homebrew import (
    entry_of,
    homebrew_of,
)
from warbench.model.homebrew_edits import homebrew_word
from warbench.model.i18n import noun
from warbench.model.systems import get_system, system_for
from warbench.model.systems.base import RuleSystem

MERGEABLE = 1  # QUndoCommand.id() of edits that merge while the user keeps typing in one field


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
    """One open army file. After every state swap (edit, undo, redo) ``edited`` tells what changed (a
    :mod:`model.changes` value, also kept as ``last_change``), then ``changed`` fires for views that simply
    read everything again. The army is priced once per swap, before either signal: views read ``cost``."""

    edited = Signal(object)
    changed = Signal()
    pathChanged = Signal()
    noted = Signal(str)  # what an edit changed besides the field edited (RuleSystem.follow_up), for the status bar

    def __init__(self, army: Army, path: Path | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.army = army
        self.system: RuleSystem = system_for(army)
        self.path = Path(path) if path else None
        self.stamp: FileStamp | None = None  # the file as this document last read or wrote it
        self.undo_stack = QUndoStack(self)
        self._cache = PriceCache()
        self._cost: ArmyCost | None = None
        self._prices = 0
        self.last_change: Change = Replaced()
        self._published: tuple[ArmyCost | None, dict[tuple[int, int], PublishedDifference | None]] = (None, {})

    # --- construction ----------------------------------------------------------
    @classmethod
    def new(cls, system_id: str, name: str, points_limit: int | None, parent=None) -> ArmyDocument:
        """A new army; a system without points gets no points limit (never "0 / 1000 pts")."""
        system = get_system(system_id)
        return cls(system.schema.new_army(name, points_limit if system.pricing.has_points else None), None, parent)

    @classmethod
    def open(cls, path: str | Path, parent=None) -> ArmyDocument:
        stamp = file_stamp(path)  # taken first: a change while reading makes Save ask, never the reverse
        document = cls(load_army(path), Path(path), parent)
        document.stamp = stamp
        return document

    # --- state -------------------------------------------------------------------
    @property
    def cost(self) -> ArmyCost:
        if self._cost is None:
            self._cost = price_army(self.army, self.system, self._cache)
            self._prices += 1
            if self._prices % 64 == 0:  # forget elements no longer in the army, now and then
                self._cache.prune(self.army)
        return self._cost

    def published_difference(self, ui: int, ei: int) -> PublishedDifference | None:
        """Element ``ei`` of unit ``ui``'s printed cost against ours, worked out once per army state (the
        element form and the cost panel both show it)."""
        cost = self.cost
        if self._published[0] is not cost:
            self._published = (cost, {})
        known = self._published[1]
        if (ui, ei) not in known:
            known[ui, ei] = published_difference(self.army, ui, ei, cost.units[ui].elements[ei].cost_each)
        return known[ui, ei]

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    def _set_army(self, army: Army) -> None:
        change = change_between(self.army, army)
        self.army = army
        self.system = system_for(army)  # the army's homebrew entries may have changed
        self._cost = None
        self.cost  # noqa: B018 - priced once, here: no view's data() ever prices the army
        self.last_change = change
        if change != NOTHING:
            self.edited.emit(change)
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
        self.stamp = file_stamp(target)
        if target != self.path:
            self.path = target
            self.pathChanged.emit()
        self.undo_stack.setClean()

    # --- edits: each one a pure function of model.edits, pushed as one undo step ----------
    def _push(self, after: Army, text: str, merge_key: Any = None) -> None:
        if after is self.army:
            return
        self.undo_stack.push(ReplaceArmyCommand(self, self.army, after, text, merge_key))

    def apply(self, edit: Callable[[Army], Army], text: str, merge_key: Any = None) -> Army:
        """Push ``edit(army)`` (an army -> army function, see :mod:`model.edits`) as one undo step;
        raises :class:`EditRefused` (nothing pushed) when the result would be invalid."""
        after = edit(self.army)
        self._push(after, text, merge_key)
        return after

    def edit_army(self, text: str, merge_key: Any = None, **changes) -> None:
        """Change envelope fields (name, points_limit, options)."""
        self.apply(lambda a: edits.set_army_fields(a, **changes), text, merge_key)

    def edit_options(self, text: str, **changes) -> None:
        self.apply(lambda a: edits.set_options(a, **changes), text)

    def edit_element(self, ui: int, ei: int, key_path: tuple, value: Any, label: str | None = None) -> None:
        """Set one (possibly nested) field of an element; typing in one field merges into one undo step."""
        name, notes = self.element(ui, ei).name, list[str]()
        self.apply(
            lambda a: edits.set_element_field(a, ui, ei, key_path, value, self.system, notes),
            self.tr("Change {field} of {name}").format(field=label or key_path[-1], name=name),
            merge_key=("element", ui, ei, key_path),
        )
        for note in notes:
            self.noted.emit(note)

    def update_element(
        self, ui: int, ei: int, mutate: Callable[[dict], None], text: str, merge_key: Any = None
    ) -> None:
        self.apply(lambda a: edits.update_element(a, ui, ei, mutate, self.system), text, merge_key)

    def replace_element(self, ui: int, ei: int, data: dict, text: str, merge_key: Any = None) -> None:
        self.apply(lambda a: edits.replace_element(a, ui, ei, data, self.system), text, merge_key)

    def rename_unit(self, ui: int, name: str) -> None:
        unit = self.army.units[ui]
        if name != unit.name:
            self.apply(
                lambda a: edits.set_unit_fields(a, ui, name=name),
                self.tr("Rename unit {name}").format(name=unit.name),
                ("unit-name", ui),
            )

    def set_unit_notes(self, ui: int, notes: str) -> None:
        """Typing in the notes merges into one undo step."""
        unit = self.army.units[ui]
        if notes != unit.notes:
            self.apply(
                lambda a: edits.set_unit_fields(a, ui, notes=notes),
                self.tr("Edit notes of {name}").format(name=unit.name),
                ("unit-notes", ui),
            )

    def add_unit(self, name: str | None = None, with_element: bool = True) -> int:
        unit, element = name or self.tr("New unit"), self.tr("New element")
        self.apply(
            lambda a: edits.add_unit(a, unit, with_element, self.system, element),
            self.tr("Add unit {name}").format(name=unit),
        )
        return len(self.army.units) - 1

    def add_unit_data(self, data: dict) -> int:
        """Append a unit given as file JSON (a template from a library, say)."""
        after = self.apply(
            lambda a: edits.insert_units(a, [data], system=self.system),
            self.tr("Add unit {name}").format(name=data.get("name")),
        )
        return len(after.units) - 1

    def add_element(self, ui: int, name: str | None = None) -> int:
        element = name or self.tr("New element")
        self.apply(
            lambda a: edits.add_element(a, ui, element, self.system),
            self.tr("Add element to {name}").format(name=self.army.units[ui].name),
        )
        return len(self.army.units[ui].elements) - 1

    def duplicate_unit(self, ui: int) -> int:
        name = self.army.units[ui].name
        copy = self.tr("{name} (copy)").format(name=name)  # the player keeps it: in their language
        self.apply(lambda a: edits.duplicate_unit(a, ui, copy), self.tr("Duplicate unit {name}").format(name=name))
        return ui + 1

    def duplicate_element(self, ui: int, ei: int) -> int:
        name = self.element(ui, ei).name
        copy = self.tr("{name} (copy)").format(name=name)
        self.apply(lambda a: edits.duplicate_element(a, ui, ei, copy), self.tr("Duplicate {name}").format(name=name))
        return ei + 1

    def delete_unit(self, ui: int) -> None:
        self.apply(
            lambda a: edits.delete_units(a, [ui]), self.tr("Delete unit {name}").format(name=self.army.units[ui].name)
        )

    def delete_element(self, ui: int, ei: int) -> None:
        self.apply(
            lambda a: edits.delete_element(a, ui, ei), self.tr("Delete {name}").format(name=self.element(ui, ei).name)
        )

    def move_unit(self, ui: int, delta: int) -> int:
        if not 0 <= ui + delta < len(self.army.units):
            return ui
        return self.move_unit_to(ui, ui + delta)

    def move_unit_to(self, ui: int, to: int) -> int:
        after, landed = edits.move_unit_to(self.army, ui, to)
        self._push(after, self.tr("Move unit {name}").format(name=self.army.units[ui].name))
        return landed

    def move_element(self, ui: int, ei: int, delta: int) -> int:
        if not 0 <= ei + delta < len(self.army.units[ui].elements):
            return ei
        return self.transfer_element(ui, ei, ui, ei + delta)

    def transfer_element(self, ui: int, ei: int, to_ui: int, to_ei: int) -> int:
        """Move element ``ei`` of unit ``ui`` to position ``to_ei`` of unit ``to_ui`` (one undo step);
        returns where it landed."""
        name = self.element(ui, ei).name
        after, landed = edits.move_element_to(self.army, ui, ei, to_ui, to_ei)
        text = (
            self.tr("Move {name}").format(name=name)
            if to_ui == ui
            else self.tr("Move {name} to {unit}").format(name=name, unit=self.army.units[to_ui].name)
        )
        self._push(after, text)
        return landed

    def add_reference(self, ui: int, ei: int, entry_id: str) -> None:
        """Add a browser entry (an attribute, a weapon...) to an element, as its system does it."""
        after, name = edits.add_reference(self.army, ui, ei, entry_id, self.system)
        self._push(after, self.tr("Add {name} to {name2}").format(name=name, name2=self.element(ui, ei).name))

    # --- homebrew entries ---------------------------------------------------------
    @property
    def homebrew(self) -> dict:
        return homebrew_of(self.army) or {}

    def set_homebrew(self, section: dict, text: str) -> None:
        """Replace the army's homebrew section (every element is validated again under it)."""
        self.apply(lambda a: edits.set_homebrew(a, section), text)

    def put_homebrew(self, kind: str, entry: dict, replace_id: str | None = None) -> None:
        """Add a homebrew entry to the section's list ``kind``, or replace the one with id ``replace_id``."""
        word = noun(homebrew_word(self.system, kind)[0])
        self.apply(
            lambda a: edits.put_homebrew(a, kind, entry, replace_id, self.system),
            (self.tr("Edit homebrew {word} {name}") if replace_id else self.tr("Add homebrew {word} {name}")).format(
                word=word, name=entry.get("name")
            ),
        )

    def insert_with_homebrew(
        self, homebrew: dict, text: str, units: Sequence[dict[str, Any]] = (), element=None
    ) -> None:
        """One undo step: add ``homebrew`` entries the army lacks, then ``units`` (file JSON) at the end,
        or ``element`` = (unit index, element JSON) to that unit. Refused when an id clashes."""
        if element is not None:
            ui, element_data = element
            self.apply(
                lambda a: edits.insert_with_homebrew(a, homebrew, elements=[element_data], element_at=(ui, None)), text
            )
        else:
            self.apply(lambda a: edits.insert_with_homebrew(a, homebrew, units=units), text)

    def delete_homebrew(self, kind: str, entry_id: str) -> None:
        name = (entry_of(self.homebrew, kind, entry_id) or {}).get("name", entry_id)
        word = noun(homebrew_word(self.system, kind)[0])
        self.apply(
            lambda a: edits.delete_homebrew(a, kind, entry_id, self.system),
            self.tr("Delete homebrew {word} {name}").format(word=word, name=name),
        )

    def remove_attribute(self, ui: int, ei: int, index: int) -> None:
        element = self.element(ui, ei)
        name = self.system.catalogue.attribute_name(element.attributes[index].id)
        self.apply(
            lambda a: edits.remove_attribute(a, ui, ei, index, self.system),
            self.tr("Remove {name} from {name2}").format(name=name, name2=element.name),
        )


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
