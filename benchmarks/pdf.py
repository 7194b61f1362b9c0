"""PDF speed: the 500-unit army sheet vs a bare reportlab Table of the same rows, how the sheet's time
grows from 500 to 5,000 to 20,000 units (goal: 5,000 units <= 10x 500 units, i.e. linear), and the full
cards deck (goal <= 1.5 s)."""

from __future__ import annotations

import datetime as dt
import io
import sys
import time
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
        rows += [[unit] + blank[1:] + [str(unit_cost.cost)]] + unit_rows  # the rows the sheet prints
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
        f"ratio {ours / bare:.2f} (goal <= 1.2: {'met' if ours <= 1.2 * bare else 'NOT MET'}), median of 5"
    )
    everything = median_ms(lambda: build_cards(army, everything=True), 3)
    cards = len(deck(army, True))
    print(
        f"cards, whole deck for the 500-unit army ({cards} cards): {everything:.0f} ms, median of 3 "
        f"(goal <= 1500 ms: {'met' if everything <= 1500 else 'NOT MET'})"
    )
    growth(ours)


def growth(ms_500: float) -> None:
    """One sheet each of 5,000 and 20,000 units, against the 500-unit median (CPU time beside wall
    time: the machine is shared, and CPU time is what grows with the sheet)."""
    figures = []
    for units in (5000, 20_000):
        army = big_army(units)
        start, cpu = time.perf_counter(), time.process_time()
        pages = build_sheet(army, SheetOptions(date=dt.date(2026, 11, 23))).count(b"/Type /Page\n")
        figures.append((units, (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000, pages))
    (_, ms_5k, _, _), (_, ms_20k, _, _) = figures
    text = "; ".join(f"{u:,} units {ms:.0f} ms wall, {cpu:.0f} ms CPU, {p} pages" for u, ms, cpu, p in figures)
    print(f"sheet growth: 500 units {ms_500:.0f} ms; {text}")
    print(
        f"sheet growth ratios: 5,000/500 = {ms_5k / ms_500:.1f}x (10x the units; goal <= 10x: "
        f"{'met' if ms_5k <= 10 * ms_500 else 'NOT MET'}), 20,000/5,000 = {ms_20k / ms_5k:.1f}x (4x the units)"
    )


if __name__ == "__main__":
    main()
