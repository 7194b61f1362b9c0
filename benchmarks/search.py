"""Search latency per keystroke over every attribute, spell and rules table of every system."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from model.search import reference_entries, search  # noqa: E402
from model.systems import get_system, system_ids  # noqa: E402

QUERIES = ["flying", "morale", "heavy armor", "template", "recovery roll", "scatter", "lucky", "d6 re-roll"]


def main() -> None:
    entries = [e for sid in system_ids() for e in reference_entries(get_system(sid))]
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
        f"median {statistics.median(times) * 1000:.2f} ms, worst {times[-1] * 1000:.2f} ms (goal <= 5 ms)"
    )


if __name__ == "__main__":
    main()
