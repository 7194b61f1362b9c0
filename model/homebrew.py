"""Homebrew entries: an army's own attributes and spells (the army file's ``homebrew`` section).

The section travels in the army file so that the army prices the same on every
machine (``shared/spec/army-file.md``, "Homebrew entries"). It is kept in the
army as the JSON it was read from (an unknown field to the envelope), so every
field a newer writer adds survives a save. A system turns the section into
catalogue entries (``RuleSystem.homebrew_entries``); ``RuleSystem.with_homebrew``
gives the system with those entries added, and everything (validation, costing,
browsers, sheets) then goes through the ordinary code path.
"""

from __future__ import annotations

from typing import Any

HOMEBREW_FIELD = "homebrew"


class HomebrewError(ValueError):
    """The ``homebrew`` section is not valid; ``problems`` holds one line per problem, each naming its path."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


def homebrew_of(army) -> Any:
    """The army's ``homebrew`` section as read from its file (None when it has none)."""
    return (army.model_extra or {}).get(HOMEBREW_FIELD)


def is_empty(section: Any) -> bool:
    return section is None or (isinstance(section, dict) and not any(section.values()))
