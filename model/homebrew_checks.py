"""Warnings an organiser must see about the homebrew entries an army uses.

A homebrew entry prices exactly like a built-in one, so a file can define an entry that takes points
off, or name it so that it prints like one of the system's own ("Flyіng" with a Cyrillic і for the
built-in Flying). Every export marks each homebrew entry ``[homebrew]`` (the systems' text); on top of
that :func:`homebrew_findings` gives one warning per entry the army uses that

- takes points off (``homebrew-negative-cost``; its cost rule's ``negative``),
- has the skeleton of a built-in entry's name or alias (``homebrew-look-alike``; ``model/lookalike.py``),
  naming each character that differs, or else
- mixes scripts in one word (``homebrew-mixed-scripts``),

so that a validation stamp never reads "valid, 0 warnings" for such an army. Built-in names come from the
system's own catalogue (``RuleSystem.root``), so shared code names no system's entries.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from warbench.model.lookalike import differences, mixed_scripts, skeleton

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.rules import Attribute, Spell
    from warbench.model.systems.base import RuleSystem


@lru_cache(maxsize=16)
def _built_in_names(root: RuleSystem) -> dict[str, str]:
    """The skeleton of every built-in attribute's and spell's name and alias, and that name."""
    cat = root.catalogue
    entries: list[Attribute | Spell] = [*cat.attributes.values(), *cat.spells.values()]
    out: dict[str, str] = {}
    for entry in entries:
        for name in (entry.name, *entry.aliases):
            out.setdefault(skeleton(name), entry.name)
    return out


def _entry_findings(system: RuleSystem, entry: Attribute | Spell, word: str) -> list[tuple[str, str]]:
    what = f"homebrew {word} {entry.name}"
    found: list[tuple[str, str]] = []
    like = _built_in_names(system.root).get(skeleton(entry.name))
    if like is not None and like != entry.name:
        odd = "; ".join(differences(entry.name, like))
        found.append(("homebrew-look-alike", f"{what} looks like the built-in {like} but is not it ({odd})"))
    elif scripts := mixed_scripts(entry.name):
        found.append(("homebrew-mixed-scripts", f"{what} mixes {' and '.join(scripts)} letters in one word"))
    cost = getattr(entry, "cost", None)
    if cost is not None and cost.negative:
        found.append(("homebrew-negative-cost", f"{what} takes points off ({cost.text})"))
    return found


@lru_cache(maxsize=64)
def _flagged(system: RuleSystem) -> tuple[dict[str, list[tuple[str, str]]], dict[str, list[tuple[str, str]]]]:
    """The findings of each homebrew attribute and spell of ``system`` that has any, by id (worked out once
    for each system with an army's homebrew entries: the window re-prices after every edit)."""
    cat = system.catalogue
    spell_word = system.reference.reference_titles[1].lower().removesuffix("s")
    attributes = {
        a.id: _entry_findings(system, a, system.reference.reference_word) for a in cat.attributes.values() if a.homebrew
    }
    spells = {s.id: _entry_findings(system, s, spell_word) for s in cat.spells.values() if s.homebrew}
    return {k: v for k, v in attributes.items() if v}, {k: v for k, v in spells.items() if v}


def homebrew_findings(army: Army[Any, Any], system: RuleSystem) -> list[tuple[str, str]]:
    """(rule, message) for each homebrew entry ``army`` uses that takes points off, prints like a built-in
    entry or mixes scripts, in the order the army first uses them.

    Nothing is scanned for an army without homebrew entries or whose entries are all above suspicion;
    otherwise the elements are read until every flagged entry is found used (or to the end)."""
    if system.homebrew is None or system.homebrew.section is None:
        return []
    attributes, spells = _flagged(system)
    if not attributes and not spells:
        return []
    used: dict[tuple[str, str], list[tuple[str, str]]] = {}
    left = len(attributes) + len(spells)
    kinds = [
        (kind, ids_of, flagged)
        for kind, ids_of, flagged in (
            ("attribute", system.reference.attribute_ids, attributes),
            ("spell", system.reference.spell_ids, spells),
        )
        if flagged
    ]
    for unit in army.units:
        for element in unit.elements:
            for kind, ids_of, flagged in kinds:
                for entry_id in ids_of(element):
                    if entry_id in flagged and (kind, entry_id) not in used:
                        used[kind, entry_id] = flagged[entry_id]
                        left -= 1
            if not left:
                break
        if not left:
            break
    return [finding for findings in used.values() for finding in findings]
