"""Fuzzing the army file: hostile bytes through the loader and the CLI, SIGKILLs during saves.

``make fuzz`` runs ``python -m tests.fuzz`` (10,000+ loader cases, 500 kills) and prints the
counts; the test suite uses the same pieces with fewer cases (tests/model/test_fuzz.py).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from warbench.model.fileio import ArmyFileError, army_from_data, dump_army, load_army, parse_army
from warbench.model.resources import examples_dir

EXAMPLES = sorted(examples_dir().glob("*.army.json"))
NASTY = [
    "\x1b]0;t\x07",
    "\ud800",
    "\x00",
    "\u202e",
    "😀",
    "한",
    "A" * 300,
    "[" * 2000,
    "NaN",
    "Infinity",
    "1e400",
    "9" * 5000,
    "-0",
    "null",
    "true",
    '"',
    "\\",
    "{}",
    "[]",
]


def mutate(raw: bytes, rng: random.Random) -> bytes:
    """One random damage to an army file: bytes flipped, cut, spliced, or a hostile JSON value inserted."""
    kind = rng.randrange(6)
    data = bytearray(raw)
    if kind == 0 and data:
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if kind == 1:
        return bytes(data[: rng.randrange(len(data) + 1)])
    if kind == 2:
        at = rng.randrange(len(data) + 1)
        return bytes(data[:at] + rng.choice(NASTY).encode("utf-8", "surrogatepass") + data[at:])
    if kind == 3:
        try:
            tree = json.loads(raw)
        except ValueError:
            return bytes(data)
        _poke(tree, rng)
        text = json.dumps(tree, allow_nan=True)
        return text.encode("utf-8", "surrogatepass")
    if kind == 4:
        depth = rng.choice([10, 63, 64, 65, 500, 5000])
        return raw.replace(b'"name"', b'"deep": ' + b"[" * depth + b"]" * depth + b', "name"', 1)
    return bytes(rng.randrange(256) for _ in range(rng.randrange(64)))


def _poke(tree, rng: random.Random) -> None:
    node = tree
    for _ in range(rng.randint(0, 6)):
        if isinstance(node, dict) and node:
            key = rng.choice(list(node))
            if not isinstance(node[key], (dict, list)) or rng.random() < 0.3:
                node[key] = _hostile(rng)
                return
            node = node[key]
        elif isinstance(node, list) and node:
            i = rng.randrange(len(node))
            if not isinstance(node[i], (dict, list)) or rng.random() < 0.3:
                node[i] = _hostile(rng)
                return
            node = node[i]
    if isinstance(node, dict):
        node[rng.choice(NASTY)] = _hostile(rng)


def _hostile(rng: random.Random):
    return rng.choice(
        [
            rng.choice(NASTY),
            float("inf"),
            float("nan"),
            -(10**40),
            10**30,
            1.5,
            True,
            None,
            [],
            {},
            [None] * rng.randrange(5),
            {"x": [1, {"y": "z"}]},
            rng.randrange(-5, 10**6),
        ]
    )


def loader_case(raw: bytes) -> str:
    """'ok' or 'clean' (the file error); anything else raises."""
    try:
        army = parse_army(raw, "fuzz.army.json")
    except ArmyFileError as exc:
        assert exc.problems and all(len(p) <= 400 and "\n" not in p for p in exc.problems), exc.problems
        return "clean"
    again = parse_army(dump_army(army).encode("utf-8"))  # what opens can be saved and opens again
    assert again.model_dump() == army.model_dump()
    return "ok"


def run_loader(cases: int, seed: int = 0) -> dict[str, int]:
    rng = random.Random(seed)
    raws = [p.read_bytes() for p in EXAMPLES]
    counts = {"cases": 0, "ok": 0, "clean": 0, "other": 0}
    for _ in range(cases):
        raw = mutate(rng.choice(raws), rng)
        counts["cases"] += 1
        try:
            counts[loader_case(raw)] += 1
        except Exception as exc:  # noqa: BLE001 - counted and shown
            counts["other"] += 1
            print(f"other exception: {type(exc).__name__}: {str(exc)[:200]}", file=sys.stderr)
    return counts


WRITER = r"""
import sys
from warbench.model.fileio import army_from_data, save_army
import json
a, b, target = sys.argv[1:4]
armies = [army_from_data(json.loads(open(p, encoding="utf-8").read())) for p in (a, b)]
print("ready", flush=True)
i = 0
while True:
    save_army(armies[i % 2], target)
    i += 1
"""


def run_kills(kills: int, folder: Path, seed: int = 0) -> dict[str, int]:
    """SIGKILL a process saving two armies in turn, at random moments; the target must always load as
    one of them, and the next save must leave no temporary file behind."""
    rng = random.Random(seed)
    big = json.loads((examples_dir() / "human-force.army.json").read_text(encoding="utf-8"))
    big["units"] = big["units"] * 40
    armies = []
    for name in ("old", "new"):
        data = dict(big, name=name)
        path = folder / f"{name}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        armies.append(path)
    expected = {load_army(p).name: dump_army(load_army(p)) for p in armies}
    target = folder / "target.army.json"
    target.write_text(expected["old"], encoding="utf-8")
    counts = {"kills": 0, "complete": 0, "temporaries_seen": 0, "temporaries_left": 0}
    root = Path(__file__).resolve().parents[1]  # the project, so the writer imports this model
    while counts["kills"] < kills:
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, *map(str, armies), str(target)],
            stdout=subprocess.PIPE,
            cwd=root,
        )
        proc.stdout.readline()
        time.sleep(rng.uniform(0, 0.05))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        counts["kills"] += 1
        text = target.read_text(encoding="utf-8")
        assert text in expected.values(), "target is not one complete army"
        counts["complete"] += 1
        counts["temporaries_seen"] += sum(1 for p in folder.iterdir() if p.name.endswith(".tmp"))
        from warbench.model.fileio import save_army

        save_army(army_from_data(json.loads(text)), target)
        left = [p for p in folder.iterdir() if p.name.endswith(".tmp")]
        counts["temporaries_left"] += len(left)
        assert not left, left
    return counts


def main() -> int:
    import tempfile

    cases = int(os.environ.get("FUZZ_CASES", "10000"))
    kills = int(os.environ.get("FUZZ_KILLS", "500"))
    started = time.perf_counter()
    loader = run_loader(cases)
    print(
        f"loader: {loader['cases']:,} cases, {loader['ok']:,} loaded and round-tripped, "
        f"{loader['clean']:,} clean file errors, {loader['other']} other exceptions "
        f"({time.perf_counter() - started:.1f} s)"
    )
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        killed = run_kills(kills, Path(folder))
    print(
        f"kills: {killed['kills']} SIGKILLs during saves, {killed['complete']} targets complete (old or new), "
        f"{killed['temporaries_seen']} temporaries left by kills, {killed['temporaries_left']} after the next save "
        f"({time.perf_counter() - started:.1f} s)"
    )
    return 1 if loader["other"] else 0


if __name__ == "__main__":
    sys.exit(main())
