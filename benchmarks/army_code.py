"""Army codes (model/army_code.py): how long making and reading one takes, how long the code is, and
what it adds to ``warbench text`` (which ends with it), for the human force and for 100, 1,000 and
10,000 units (benchmarks/_armies.py). Run: ``nice .venv/bin/python benchmarks/army_code.py``.

No goal is set: a real army holds a few dozen units. Making a code costs about what saving the army
costs (it is the saved file, checked as saving checks it, made compact): measured 2026-11-27 on the
shared machine, human force 1 ms (826 characters), 1,000 units 428 ms, 10,000 units 3.7 s of which
2.1 s is writing the army file's JSON, 1.0 s making it compact and 0.08 s compressing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._armies import big_army_data  # noqa: E402
from benchmarks._timing import median_ms  # noqa: E402
from warbench.model.army_code import army_code, army_from_code  # noqa: E402
from warbench.model.fileio import army_bytes, army_from_data, load_army  # noqa: E402
from warbench.model.resources import examples_dir  # noqa: E402
from warbench.model.textexport import army_text  # noqa: E402


def main() -> None:
    armies = [("human force", load_army(examples_dir() / "human-force.army.json"))]
    armies += [(f"{units:,} units", army_from_data(big_army_data(units))) for units in (100, 1_000, 10_000)]
    print(f"{'army':>12}  {'file bytes':>11}  {'code chars':>10}  {'encode ms':>9}  {'decode ms':>9}  {'text ms':>8}")
    for label, army in armies:
        runs = 5 if len(army.units) < 5_000 else 1
        code = army_code(army)
        encode = median_ms(lambda a=army: army_code(a), runs)
        decode = median_ms(lambda c=code: army_from_code(c), runs)
        text = median_ms(lambda a=army: army_text(a), runs)
        size = len(army_bytes(army))
        print(f"{label:>12}  {size:>11,}  {len(code):>10,}  {encode:>9.0f}  {decode:>9.0f}  {text:>8.0f}")


if __name__ == "__main__":
    main()
