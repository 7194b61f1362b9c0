"""Exact distributions: 10d20+5 (goal <= 10 ms), 100d6 and 4d6kh3, median of repeated runs."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from model.dice import distribution, parse  # noqa: E402


def main() -> None:
    for text, runs in (("10d20+5", 50), ("100d6", 20), ("4d6kh3", 50), ("200d6", 5)):
        expr = parse(text)
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            distribution(expr)
            times.append(time.perf_counter() - start)
        print(f"exact distribution of {text}: median {statistics.median(times) * 1000:.2f} ms over {runs} runs")


if __name__ == "__main__":
    main()
