"""One line of a cost breakdown: what the systems produce and the costing sums.

It sits below both :mod:`model.costing` and :mod:`model.systems` so neither needs the other to name it.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from warbench.model.i18n import decimal

Points = int | float

#: points are shown exactly up to this many digits; more (only a file of absurd numbers prices that high: every
#: number in it at the 999,999,999 bound prices an element at 2.4 × 10**25) as four significant digits,
#: "2.417e+25", so that a price never widens a table, a label or a PDF cell past a dozen characters
EXACT_DIGITS = 12
_EXACT = 10**EXACT_DIGITS


def points_text(value: Points | Decimal | None, none: str = "-") -> str:
    """``value`` as a table, a label or a PDF shows it: ``str(value)`` ("996", "1.5") when it has at most
    :data:`EXACT_DIGITS` digits before the point, else rounded to four significant digits ("2.417e+25");
    ``none`` for None; with the model's decimal point ("1,5" in German: ``model/i18n.py``). (``warbench cost
    --json`` writes every value exactly.)"""
    if value is None:
        return none
    if -_EXACT < value < _EXACT:
        return decimal(str(value))
    return decimal(format(Decimal(value), ".4g"))


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
