"""Which catalogue entries an army uses, and where: the reference browsers' bold rows, the sheet's rules
pages, the homebrew edits' "still used by" checks. Nothing here prices: an edit needs no costing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.systems.base import RuleSystem


def used_by(army: Army[Any, Any], system: RuleSystem, kind: str) -> dict[str, list[str]]:
    """Ids of the attributes (``kind`` "attribute") or spells ("spell") the army uses, each with
    the "Unit / Element" labels that use it, in army order."""
    ids_of = system.reference.attribute_ids if kind == "attribute" else system.reference.spell_ids
    used: dict[str, dict[str, None]] = {}  # labels as dict keys: each once, in order, found at once
    for unit in army.units:
        for element in unit.elements:
            label = f"{unit.name} / {element.name}"
            for entry_id in ids_of(element):
                used.setdefault(entry_id, {})[label] = None
    return {entry_id: list(labels) for entry_id, labels in used.items()}
