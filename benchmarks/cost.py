"""Costing speed: a 500-unit army (median of 20), one element (median of 10 000), and opening and
pricing a 5,000-unit army from its JSON text (median of 3)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._armies import big_army, big_army_data  # noqa: E402
from benchmarks._timing import median_ms, medians_taking_turns  # noqa: E402
from warbench.model.costing import price_army  # noqa: E402
from warbench.model.fileio import parse_army  # noqa: E402
from warbench.model.systems import get_system, system_for  # noqa: E402


def main() -> None:
    army = big_army(500)
    system = get_system(army.system)
    elements = sum(len(u.elements) for u in army.units)
    army_ms = median_ms(lambda: price_army(army, system), 20)
    element = army.units[0].elements[1]  # Sergeant: ranged weapon and three attributes
    element_ms = median_ms(lambda: system.pricing.price_element(element, army.options), 10_000)
    print(f"price 500-unit army ({elements} element rows): median {army_ms:.2f} ms over 20 runs")
    print(f"price one element ({element.name}): median {element_ms * 1000:.1f} µs over 10000 runs")
    text = json.dumps(big_army_data(5000))
    rows = sum(len(u["elements"]) for u in json.loads(text)["units"])

    def open_and_price():
        army = parse_army(text)
        price_army(army, system_for(army))

    ((open_ms, open_cpu),) = medians_taking_turns([open_and_price], 5)
    json_ms = median_ms(lambda: json.loads(text), 3)
    print(
        f"open + price 5,000-unit army ({rows} element rows): median {open_ms:.0f} ms over 5 runs, CPU "
        f"{open_cpu:.0f} ms (goal <= 250 ms: {'met' if open_ms <= 250 else 'NOT MET'}); json.loads alone "
        f"{json_ms:.0f} ms"
    )


if __name__ == "__main__":
    main()
