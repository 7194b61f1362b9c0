"""The one timing helper every benchmark script uses."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(fn: Callable[[], object], runs: int) -> float:
    """Median wall time of ``runs`` calls of ``fn``, in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def medians_taking_turns(fns: list[Callable[[], object]], runs: int) -> list[tuple[float, float]]:
    """Median wall time and median CPU time (this process, ``time.process_time``), in milliseconds, of
    ``runs`` calls of each of ``fns``, called in turn (a, b, a, b…) so that a change in the machine's
    load falls on all of them alike. On a shared machine CPU time is the steadier figure."""
    wall: list[list[float]] = [[] for _ in fns]
    cpu: list[list[float]] = [[] for _ in fns]
    for _ in range(runs):
        for i, fn in enumerate(fns):
            start, start_cpu = time.perf_counter(), time.process_time()
            fn()
            wall[i].append(time.perf_counter() - start)
            cpu[i].append(time.process_time() - start_cpu)
    return [(statistics.median(w) * 1000, statistics.median(c) * 1000) for w, c in zip(wall, cpu)]


#: passes of the event loop after an edit: a view lays out on a zero timer (the first pass) and the repaint
#: that asks for runs in the next; a third pass finds nothing left (0.1 ms). One pass once left the repaint
#: to be timed with the next edit.
SETTLING_PASSES = 3


def settled(app, edit: Callable[[], object]) -> Callable[[], None]:
    """``edit``, then every event it posted (repaints, queued signals) processed: what a user waits for."""

    def run() -> None:
        edit()
        for _ in range(SETTLING_PASSES):
            app.processEvents()

    return run
