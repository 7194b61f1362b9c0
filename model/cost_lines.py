"""One line of a cost breakdown: what the systems produce and the costing sums.

It sits below both :mod:`model.costing` and :mod:`model.systems` so neither needs the other to name it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Points = int | float


@dataclass(frozen=True)
class Line:
    """One line of an element's cost breakdown."""

    item: str
    points: Points
    detail: str = ""

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"item": self.item, "points": self.points}
        if self.detail:
            out["detail"] = self.detail
        return out
