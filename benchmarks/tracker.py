"""Tracker PDF speed: the 200-unit and 2,000-unit armies (goal: linear, 2,000 units <= 12x 200 units)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._armies import big_army  # noqa: E402
from benchmarks._timing import medians_taking_turns  # noqa: E402
from warbench.model.pdf.tracker import build_tracker  # noqa: E402


def main() -> None:
    small, large = big_army(200), big_army(2000)
    pages = {len(army.units): build_tracker(army).count(b"/Type /Page\n") for army in (small, large)}  # warm up
    (t_small, cpu_small), (t_large, cpu_large) = medians_taking_turns(
        [lambda: build_tracker(small), lambda: build_tracker(large)], 3
    )
    ratio = cpu_large / cpu_small
    print(
        f"tracker, 200 units ({pages[200]} pages): {t_small:.0f} ms wall, {cpu_small:.0f} ms CPU; "
        f"2,000 units ({pages[2000]} pages): {t_large:.0f} ms wall, {cpu_large:.0f} ms CPU; "
        f"CPU ratio {ratio:.1f} (goal <= 12: {'met' if ratio <= 12 else 'NOT MET'}), median of 3, taking turns"
    )


if __name__ == "__main__":
    main()
