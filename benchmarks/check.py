"""``warbench check`` of an event's folder (issue 42): 1,000 army files (the ten examples and variants of
them: renamed, counts and limits changed, units dropped or doubled, one in twenty an exact copy of another)
and 100 hostile files (tests/fuzz.py: 84 damaged army files, 8 texts of damaged army codes and
decompression bombs, a file over the size limit, files nested too deep, a file of too many values, a
binary file named .json, a FIFO), timed as a user runs it: the command in a new process, the JSON report
written. The damaged texts hold some 1,200 codes (a code repeated 200 times is one kind of damage), each a
row of its own. Goal: <= 10 s wall. Run: ``nice .venv/bin/python benchmarks/check.py``.
"""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fuzz import bomb, example_codes, mutate, mutate_code, wrap  # noqa: E402
from warbench.model.limits import MAX_FILE_BYTES  # noqa: E402
from warbench.model.resources import examples_dir  # noqa: E402

GOAL_SECONDS = 10.0
ARMIES = 1_000
HOSTILE = 100


def _variant(data: dict, n: int, rng: random.Random) -> dict:
    """An example changed as players change lists: its name, counts, limit, units dropped or doubled."""
    data = json.loads(json.dumps(data))
    data["name"] = f"{data['name']} — player {n}"
    if data.get("points_limit") is not None:
        data["points_limit"] = rng.choice([500, 750, 1000, 1500, 2000])
    units = data["units"]
    if len(units) > 1 and rng.random() < 0.3:
        del units[rng.randrange(len(units))]
    if rng.random() < 0.3:
        units.append(json.loads(json.dumps(rng.choice(units))))
    for unit in units:
        for element in unit.get("elements", []):
            if isinstance(element.get("count"), int) and rng.random() < 0.3:
                element["count"] = max(1, element["count"] + rng.randint(-2, 3))
    return data


def make_event(folder: Path, seed: int = 42) -> None:
    """The 1,000 army files and 100 hostile files in ``folder``."""
    rng = random.Random(seed)
    examples = sorted(examples_dir().glob("*.army.json"))
    raws = [path.read_bytes() for path in examples]
    datas = [json.loads(raw) for raw in raws]
    written: list[bytes] = []
    for n in range(ARMIES):
        if written and rng.random() < 0.05:
            raw = rng.choice(written)  # the same list sent twice
        elif n < len(raws):
            raw = raws[n]
        else:
            raw = json.dumps(_variant(datas[n % len(datas)], n, rng), indent=rng.choice([None, 2])).encode("utf-8")
        written.append(raw)
        (folder / f"player-{n:04}.army.json").write_bytes(raw)
    hostile = folder / "hostile"
    hostile.mkdir()
    for n in range(84):
        (hostile / f"damaged-{n:03}.army.json").write_bytes(mutate(rng.choice(raws), rng))
    codes = example_codes()
    for n in range(7):
        text = "\n\n".join(mutate_code(rng.choice(codes), rng) for _ in range(20))
        (hostile / f"mail-{n}.txt").write_text(f"Subject: lists\n\n{text}\n", encoding="utf-8", errors="surrogatepass")
    bombs = "\n".join(wrap(bomb(kind)) for kind in range(3))
    (hostile / "bombs.txt").write_text(f"three codes that unpack to 12 and 150 MB:\n{bombs}\n", encoding="utf-8")
    with open(hostile / "huge.army.json", "wb") as fh:
        fh.truncate(MAX_FILE_BYTES + 1)  # sparse: over the limit without taking the disk
    for n, depth in enumerate((65, 5_000, 100_000)):
        (hostile / f"deep-{n}.army.json").write_bytes(b"[" * depth + b"]" * depth)
    (hostile / "values.army.json").write_bytes(b"[" + b"0," * 5_100_000 + b"0]")
    (hostile / "binary.army.json").write_bytes(bytes(rng.randrange(256) for _ in range(4096)))
    (hostile / "empty.army.json").write_bytes(b"")
    if hasattr(os, "mkfifo"):
        os.mkfifo(hostile / "pipe.army.json")
    count = sum(1 for _ in hostile.iterdir())
    assert count == HOSTILE, count


def run_check(folder: Path, report: Path) -> tuple[float, float, int, dict]:
    """(wall seconds, CPU seconds, exit status, the JSON report) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "warbench", "check", str(folder), "--report", str(report)],
        cwd=ROOT,
        capture_output=True,
        timeout=600,
    )
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return seconds, cpu, done.returncode, json.loads(report.read_text(encoding="utf-8"))


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "event"
        folder.mkdir()
        make_event(folder)
        report = Path(tmp) / "report.json"
        runs = [run_check(folder, report) for _ in range(3)]
        seconds = sorted(run[0] for run in runs)
        cpu = sorted(run[1] for run in runs)[1]
        _s, _c, status, data = runs[-1]
        rows = data["lists"]
        unreadable = sum(any(p.startswith("cannot be read") for p in row["problems"]) for row in rows)
        failing = sum(bool(row["problems"]) for row in rows)
        duplicates = sum(bool(row["duplicate_of"]) for row in rows)
        in_texts = sum(".txt:" in row["source"] for row in rows)
        median = seconds[1]
        print(
            f"warbench check of {ARMIES:,} army files and {HOSTILE} hostile files: {median:.2f} s wall, median of 3 "
            f"({seconds[0]:.2f}-{seconds[2]:.2f}; goal <= {GOAL_SECONDS:g} s: "
            f"{'met' if median <= GOAL_SECONDS else 'NOT MET'}), {cpu:.2f} s CPU; exit {status}; {len(rows):,} rows "
            f"({in_texts:,} of them codes in the texts), "
            f"{failing:,} failing of which {unreadable:,} unreadable, {duplicates:,} sharing a fingerprint"
        )


if __name__ == "__main__":
    main()
