"""The figures behind the limits in docs/limits.md: how big real and benchmark armies are, and
how fast a file beyond a limit is refused.

Run: .venv/bin/python benchmarks/limits.py   (one run of each; about a minute)
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._armies import big_army_data  # noqa: E402
from warbench.model import limits  # noqa: E402
from warbench.model.fileio import ArmyFileError, army_from_data, load_army, save_army  # noqa: E402
from warbench.model.resources import examples_dir  # noqa: E402


def values(data: object) -> int:
    count, stack = 0, [data]
    while stack:
        value = stack.pop()
        count += 1
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return count


def depth(data: object) -> int:
    deepest, stack = 0, [(data, 0)]
    while stack:
        value, level = stack.pop()
        deepest = max(deepest, level)
        if isinstance(value, dict):
            stack.extend((v, level + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, level + 1) for v in value)
    return deepest


def describe(label: str, data: dict, path: Path) -> None:
    elements = sum(len(u.get("elements", [])) for u in data["units"])
    longest = max((len(s) for s in _strings(data)), default=0)
    print(
        f"{label}: {len(data['units']):,} units, {elements:,} elements, {values(data):,} JSON values, "
        f"nesting {depth(data)}, longest text {longest:,} characters, {path.stat().st_size / 1e6:.2f} MB as saved"
    )


def _strings(data: object):
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            stack.extend(value.values())
            yield from value.keys()
        elif isinstance(value, list):
            stack.extend(value)


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def refused(path: Path) -> str:
    try:
        load_army(path)
    except ArmyFileError as exc:
        return str(exc).splitlines()[-1][:110]
    raise AssertionError(f"{path} was not refused")


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="warbench-limits-"))
    print("-- real armies (the examples shipped in resources/examples)")
    largest = max(examples_dir().glob("*.army.json"), key=lambda p: p.stat().st_size)
    describe(f"largest example ({largest.name})", json.loads(largest.read_text(encoding="utf-8")), largest)
    print("-- benchmark armies (benchmarks/_armies.py), saved by Warbench (model.fileio.save_army)")
    for units in (500, 5_000, 50_000, limits.MAX_UNITS):
        data = big_army_data(units)
        path = folder / f"army-{units}.army.json"
        save_army(army_from_data(data), path)
        describe(f"{units:,} units", json.loads(path.read_text(encoding="utf-8")), path)
        if units == limits.MAX_UNITS:
            print(f"  opening the {units:,}-unit army (at the unit limit): {timed(lambda p=path: load_army(p)):.1f} s")
        del data
    print("-- files beyond a limit: time to refuse")
    sparse = folder / "sparse.army.json"
    with open(sparse, "wb") as f:
        f.truncate(3 * 1024**3)
    million = folder / "million.army.json"
    million.write_text(json.dumps(dict(big_army_data(1), units=[{}] * 1_000_000)), encoding="utf-8")
    deep = folder / "deep.army.json"
    deep.write_text(json.dumps(big_army_data(1))[:-1] + ', "extra": ' + "[" * 100_000 + "]" * 100_000 + "}")
    for label, path in (("3 GiB sparse file", sparse), ("1,000,000 empty units", million), ("100,000 deep", deep)):
        message = ""

        def load(p=path) -> None:
            nonlocal message
            message = refused(p)

        seconds = timed(load)
        print(f"{label} ({path.stat().st_size / 1e6:,.1f} MB): refused in {seconds:.2f} s: {message}")
    for path in folder.iterdir():
        os.unlink(path)
    folder.rmdir()


if __name__ == "__main__":
    main()
