"""Whole-army operations on the homebrew section (above the army file and the systems).

:mod:`model.homebrew` stays below the systems; these need the file code and the army's use of its entries
(``model.usage``), which sit above; nothing here prices (no costing).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from warbench.model.fileio import ArmyFileError, army_from_data, named_lines
from warbench.model.homebrew import HOMEBREW_FIELD, is_empty, section_key
from warbench.model.limits import LimitError, check_tree
from warbench.model.usage import used_by

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.systems.base import RuleSystem


def army_with_homebrew(army: Army[Any, Any], section: Any) -> Army[Any, Any]:
    """``army`` with its ``homebrew`` section replaced, validated again as a whole (raises ArmyFileError)."""
    data = army.model_dump(mode="json")
    if is_empty(section):
        data.pop(HOMEBREW_FIELD, None)
    else:
        data[HOMEBREW_FIELD] = section
        try:  # the file's limits (numbers within bounds and finite, texts), as a file with this section is read
            check_tree({HOMEBREW_FIELD: section})
        except LimitError as exc:
            raise ArmyFileError(exc.problems, shown=named_lines(exc.problems, data)) from None
    return army_from_data(data)


def homebrew_word(system: RuleSystem, kind: str) -> tuple[str, str]:
    """(what one entry of ``kind`` is called, the browser that lists it): ("weapon", "attribute")."""
    key = section_key(kind)
    declared = system.homebrew.homebrew_kind(key) if system.homebrew else None
    if declared is not None:
        return declared.word, declared.browser
    return ("spell", "spell") if key == "spells" else (key.removesuffix("s"), "attribute")


def entries_used(army: Army[Any, Any], system: RuleSystem, kind: str, ids: Iterable[str]) -> dict[str, list[str]]:
    """Which of ``ids`` (entries of ``kind``, a section list) the army uses, each with the "Unit / Element"
    labels that use it."""
    used = used_by(army, system, homebrew_word(system, kind)[1])
    return {i: used[i] for i in ids if i in used}
