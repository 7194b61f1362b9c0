"""Search latency per keystroke over every attribute, spell and rules table of every system plus 1,000
synthetic homebrew entries (goal: <= 1 ms per keystroke)."""

from __future__ import annotations

import random
import statistics
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._timing import medians_taking_turns  # noqa: E402
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
    start, start_cpu = time.perf_counter(), time.process_time()
    search(entries, "warm up")  # the first search of a list indexes it
    first, first_cpu = (time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000
    typed = [query[:end] for query in QUERIES for end in range(1, len(query) + 1)]  # one search per keystroke
    timed = []
    for text in typed:
        (wall, cpu), *_ = medians_taking_turns([partial(search, entries, text)], 5)
        timed.append((wall, cpu, text))
    walls, cpus = sorted(t[0] for t in timed), sorted(t[1] for t in timed)
    worst = max(timed)
    print(
        f"search per keystroke over {len(entries)} entries ({len(typed)} keystrokes, each the median of 5): "
        f"median {statistics.median(walls):.2f} ms wall, {statistics.median(cpus):.2f} ms CPU; worst keystroke "
        f"{worst[0]:.2f} ms wall ({worst[2]!r}), worst CPU {cpus[-1]:.2f} ms "
        f"(goal <= 1 ms per keystroke: {'met' if max(walls[-1], cpus[-1]) <= 1 else 'NOT MET'}); "
        f"the first search, which folds and indexes the entries, {first:.0f} ms wall, {first_cpu:.0f} ms CPU"
    )


if __name__ == "__main__":
    main()
