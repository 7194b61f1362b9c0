"""Search latency per keystroke over every attribute, spell and rules table of every system plus 1,000
synthetic homebrew entries (goal: <= 1 ms per keystroke)."""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from model.search import Entry, reference_entries, search  # noqa: E402
from model.systems import get_system, system_ids  # noqa: E402

QUERIES = ["flying", "morale", "heavy armor", "template", "recovery roll", "scatter", "lucky", "d6 re-roll"]


def homebrew(entries: list[Entry], count: int = 1000) -> list[Entry]:
    """``count`` made-up entries whose names and rule text reuse the real entries' words."""
    rng = random.Random(12)
    words = sorted({w for e in entries for w in (e.name + " " + e.summary).split() if w.isalpha()})
    return [
        Entry(
            "attribute",
            f"homebrew-{i}",
            " ".join(rng.choice(words).capitalize() for _ in range(rng.randint(1, 3))),
            " ".join(rng.choice(words) for _ in range(rng.randint(10, 60))) + ".",
            tuple(rng.choice(words) for _ in range(rng.randint(0, 2))),
            "+1",
        )
        for i in range(count)
    ]


def main() -> None:
    entries = [e for sid in system_ids() for e in reference_entries(get_system(sid))]
    entries += homebrew(entries)
    search(entries, "warm up")
    times = []
    for query in QUERIES:
        for end in range(1, len(query) + 1):  # one search per keystroke
            start = time.perf_counter()
            search(entries, query[:end])
            times.append(time.perf_counter() - start)
    times.sort()
    print(
        f"search per keystroke over {len(entries)} entries ({len(times)} keystrokes): "
        f"median {statistics.median(times) * 1000:.2f} ms, worst {times[-1] * 1000:.2f} ms "
        f"(goal <= 1 ms per keystroke: {'met' if times[-1] <= 0.001 else 'NOT MET'})"
    )


if __name__ == "__main__":
    main()
