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
