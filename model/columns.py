"""The columns of an army's table (``warbench cost`` and the PDF sheet), as each system declares them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SheetColumn:
    """One column of the army table.

    ``weight`` is its share of the PDF sheet's width (a plain column has 1); ``wrap`` the characters
    per line in the text table (None: never wrapped); ``labels`` marks the column where the sheet
    writes "Unit subtotal:" and "Army total:" (without one, the fourth column from the right)."""

    title: str
    weight: float = 1.0
    wrap: int | None = None
    labels: bool = False


#: the name column every system starts its table with
NAME_COLUMN = SheetColumn("Name/Type", 3.2, wrap=24)
