"""PDF speed: the 500-unit army sheet vs a bare reportlab Table of the same rows, and the full cards deck."""

from __future__ import annotations

import datetime as dt
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reportlab.lib.pagesizes import A4  # noqa: E402
from reportlab.platypus import SimpleDocTemplate, Table  # noqa: E402

from benchmarks._armies import big_army  # noqa: E402
from benchmarks._timing import median_ms  # noqa: E402
from model.costing import price_army  # noqa: E402
from model.pdf.cards import build_cards, deck  # noqa: E402
from model.pdf.sheet import SheetOptions, build_sheet  # noqa: E402
from model.report import sheet_rows, table_columns  # noqa: E402
from model.systems import get_system  # noqa: E402


def bare_table(army) -> bytes:
    system = get_system(army.system)
    cost = price_army(army, system)
    columns = [column.title for column in table_columns(system)]
    rows = [columns]
    blank = [""] * (len(columns) - 1)
    for (unit, unit_rows), unit_cost in zip(sheet_rows(army, cost, system), cost.units):
        rows += [[unit] + blank] + unit_rows + [blank + [str(unit_cost.cost)]]  # the rows the sheet prints
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, pagesize=A4).build([Table(rows, repeatRows=1)])
    return buffer.getvalue()


def main() -> None:
    army = big_army(500)
    opts = SheetOptions(date=dt.date(2026, 11, 23))
    build_sheet(army, opts)  # warm up fonts
    ours = median_ms(lambda: build_sheet(army, opts), 5)
    bare = median_ms(lambda: bare_table(army), 5)
    print(
        f"500-unit army sheet: {ours:.0f} ms; bare reportlab Table of the same rows "
        f"(default font, no styling): {bare:.0f} ms; "
        f"ratio {ours / bare:.2f} (goal <= 1.5), median of 5"
    )
    everything = median_ms(lambda: build_cards(army, everything=True), 3)
    print(f"cards, whole deck for the 500-unit army ({len(deck(army, True))} cards): {everything:.0f} ms, median of 3")


if __name__ == "__main__":
    main()
