"""Copy and paste of units and elements as JSON (no Qt): what goes on the clipboard and how it lands.

The clipboard text is a small JSON document::

    {"format": "warbench-clipboard", "version": 1, "system": "<system id>",
     "kind": "elements", "items": [<element as in the army file>, ...], "homebrew": {<entries they use>}}

so units and elements travel between two armies of the same system (two windows, or two Warbench
processes), with the homebrew entries they need. Pasting into an army of another system is refused
with a message naming both systems; text that is not a Warbench clipboard is not pasted at all.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from warbench.model.army import Army
from warbench.model.edits import EditRefused, insert_with_homebrew
from warbench.model.library import used_homebrew
from warbench.model.limits import (
    TOO_MANY_VALUES,
    LimitError,
    check_tree,
    parse_constant,
    parse_float,
    parse_int,
    too_many_values,
)
from warbench.model.systems import system_for, system_names
from warbench.model.systems.base import RuleSystem
from warbench.model.systems.presentation import counted, plural

AnyArmy = Army[Any, Any]

FORMAT = "warbench-clipboard"
MIME = "application/x-warbench-clipboard+json"  # offered beside the same JSON as plain text
VERSION = 1
KINDS = ("units", "elements")


@dataclass
class Clip:
    system: str
    kind: str  # "units" or "elements"
    items: list[dict[str, Any]]
    homebrew: dict[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """What was copied, as the status bar and the undo stack say it: one item's name, else a count ("3
        elements"; in the model's language)."""
        n = len(self.items)
        return f"{self.items[0].get('name', plural(1, self.kind))}" if n == 1 else counted(n, self.kind)

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "system": self.system,
            "kind": self.kind,
            "items": self.items,
        }
        if self.homebrew:
            data["homebrew"] = self.homebrew
        return json.dumps(data, ensure_ascii=False, indent=1)


def copy(
    army: AnyArmy,
    positions: list[tuple[int, int | None]],
    system: RuleSystem | None = None,
) -> Clip:
    """The units (element index None) or elements at ``positions``, as a clip. All of one kind: units win."""
    system = system or system_for(army)
    units = [army.units[ui] for ui, ei in positions if ei is None]
    if units:
        return Clip(
            army.system,
            "units",
            [u.model_dump(mode="json") for u in units],
            used_homebrew(army, system, units),
        )
    elements = [army.units[ui].elements[ei] for ui, ei in positions if ei is not None]
    homebrew = used_homebrew(army, system, [SimpleNamespace(elements=elements)])
    return Clip(army.system, "elements", [e.model_dump(mode="json") for e in elements], homebrew)


def parse(text: str) -> Clip | None:
    """The clip in ``text``; None when the text is not a Warbench clipboard (ordinary text)."""
    if too_many_values(text):  # counted before parsing, as an army file's values are
        raise EditRefused([f"the clipboard's {TOO_MANY_VALUES}"])
    try:  # read as an army file is (model/limits.py): a number out of bounds, 1e400 or NaN is named below
        data = json.loads(text, parse_int=parse_int, parse_float=parse_float, parse_constant=parse_constant)
    except (ValueError, TypeError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    try:
        check_tree(data)
    except LimitError as exc:
        raise EditRefused([f"the clipboard's {p}" for p in exc.problems]) from None
    version, kind, items = data.get("version"), data.get("kind"), data.get("items")
    if not isinstance(version, int) or version > VERSION:
        raise EditRefused([f"the clipboard was written by a newer Warbench (clipboard version {version})"])
    if kind not in KINDS or not isinstance(items, list) or not all(isinstance(i, dict) for i in items) or not items:
        raise EditRefused(["the clipboard holds no units or elements Warbench can read"])
    homebrew = data.get("homebrew") or {}
    return Clip(
        str(data.get("system")),
        kind,
        items,
        homebrew if isinstance(homebrew, dict) else {},
    )


def _system_name(system_id: str) -> str:
    return system_names().get(system_id, system_id)


def paste(army: AnyArmy, clip: Clip, at: tuple[int, int | None] | None) -> tuple[AnyArmy, list[tuple[int, int | None]]]:
    """``army`` with the clip's items pasted after the selected position ``at`` (or at the end); the army and
    the positions of the pasted items. Units go after the selected unit; elements after the selected element,
    at the end of a selected unit, or (nothing selected, no unit) into a new unit."""
    if clip.system != army.system:
        raise EditRefused(
            [
                f"the clipboard holds {clip.kind} of {_system_name(clip.system)}; this army is "
                f"{_system_name(army.system)}. Paste works between armies of the same system."
            ]
        )
    n = len(clip.items)
    if clip.kind == "units":
        ui = len(army.units) if at is None else at[0] + 1
        after = insert_with_homebrew(army, clip.homebrew, units=clip.items, unit_at=ui)
        return after, [(ui + i, None) for i in range(n)]
    if at is None and not army.units:
        unit = {"name": "Pasted", "notes": "", "elements": clip.items}
        return insert_with_homebrew(army, clip.homebrew, units=[unit]), [(0, i) for i in range(n)]
    if at is None:
        at = (len(army.units) - 1, None)
    ui, ei = at
    ei = len(army.units[ui].elements) if ei is None else ei + 1
    after = insert_with_homebrew(army, clip.homebrew, elements=clip.items, element_at=(ui, ei))
    return after, [(ui, ei + i) for i in range(n)]
