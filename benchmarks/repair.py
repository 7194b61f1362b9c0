"""What Open with repairs costs on a big army file: reading it as the loader does, and salvaging it when
its JSON breaks off (half-way through), against the loader's own refusal of the same bytes.

Run: nice .venv/bin/python benchmarks/repair.py [UNITS]   (default 20,000 units; one run of each)
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._armies import big_army_data  # noqa: E402
from warbench.model.fileio import ArmyFileError, parse_army  # noqa: E402
from warbench.model.repair import repair_army  # noqa: E402


def timed(label: str, fn) -> object:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    try:
        result = fn()
    except ArmyFileError as exc:
        result = exc
    print(f"{label}: {time.perf_counter() - start:.2f} s")
    return result


def main() -> None:
    units = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    data = big_army_data(units)
    whole = json.dumps(data, indent=2).encode("utf-8")
    print(f"{units:,} units, {len(whole) / 1e6:.1f} MB")
    timed("intact: loader", lambda: parse_army(whole))
    timed("intact: repair_army (no repairs)", lambda: repair_army(whole))
    cut = whole[: len(whole) // 2]
    timed("cut half-way: loader refuses", lambda: parse_army(cut))
    army, repairs = timed("cut half-way: repair_army salvages", lambda: repair_army(cut))  # type: ignore[misc]
    print(f"  kept {len(army.units):,} units; {repairs[0].line()[:120]}")
    bad = dict(data, units=[dict(u) for u in data["units"]])
    for unit in bad["units"][::100]:
        unit["elements"] = [dict(unit["elements"][0], die="d7"), *unit["elements"][1:]]
    wrong = json.dumps(bad, indent=2).encode("utf-8")
    army, repairs = timed("a bad die in every 100th unit: repair_army", lambda: repair_army(wrong))  # type: ignore[misc]
    print(f"  {len(repairs):,} repairs")
    nameless = json.dumps(dict(data, units=[dict(u, name="") for u in data["units"]])).encode("utf-8")
    army, repairs = timed("every unit without a name: repair_army drops them all", lambda: repair_army(nameless))  # type: ignore[misc]
    print(f"  {len(repairs):,} repairs, {len(army.units):,} units left")


if __name__ == "__main__":
    main()
