"""Validation findings: legal-but-odd builds are warnings, never exceptions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RuleWarning:
    """A warning about one element (or the army) naming the rule it concerns."""

    path: str  # JSON path of the element, e.g. ``units[0].elements[1]``; ``""`` for the army
    subject: str  # "Unit / Element" or the army name
    rule: str  # id of the attribute or rule concerned, e.g. ``hover``, ``move``, ``points-limit``
    message: str
    at: tuple[int, int] | None = None  # (unit, element) index of the element; None for the army

    def __str__(self) -> str:
        return f"{self.subject}: {self.message}"

    def as_json(self) -> dict[str, Any]:
        return {"path": self.path, "subject": self.subject, "rule": self.rule, "message": self.message}
