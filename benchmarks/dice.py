"""Exact distributions: ours against icepool and dyce (PyPI) on the same expressions.

Goals: 10d20+5 <= 1 ms, 200d6 <= 5 ms, 1000d6 <= 50 ms (median of repeated runs). The libraries
are optional (``pip install -e '.[bench]'``); each result is checked to be exactly ours before
its time is shown. Absurd input must still be refused at once.
"""

from __future__ import annotations

import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._timing import median_ms  # noqa: E402
from warbench.model.dice import DiceError, distribution, parse  # noqa: E402

CASES = (
    ("10d20+5", 50, 1.0),
    ("4d6kh3", 50, None),
    ("2d20kl1+3", 50, None),
    ("10d6>=4", 50, None),
    ("100d6", 20, None),
    ("200d6", 10, 5.0),
    ("1000d6", 5, 50.0),
    ("100d6+100d8-20d4", 5, None),
    ("1000d10", 3, None),
)


def icepool_builder(text: str):
    """A function building the icepool Die of ``text``, or None where a feature has no counterpart."""
    try:
        import icepool
    except ImportError:
        return None
    terms = parse(text).terms

    def build():
        total = icepool.Die([0])
        for t in terms:
            if t.is_constant:
                part = icepool.Die([t.constant])
            elif t.keep:
                pool = icepool.d(t.sides).pool(t.count)
                part = (pool.highest(t.keep_n) if t.keep == "kh" else pool.lowest(t.keep_n)).sum()
            elif t.compare:
                op = {">=": "__ge__", ">": "__gt__", "<=": "__le__", "<": "__lt__", "=": "__eq__"}[t.compare]
                part = t.count @ getattr(icepool.d(t.sides), op)(t.target)
            else:
                part = t.count @ icepool.d(t.sides)
            total = total + part if t.sign > 0 else total - part
        return total

    return build, lambda die: {int(v): Fraction(q, die.denominator()) for v, q in die.items()}


def dyce_builder(text: str):
    try:
        from dyce import H
    except ImportError:
        return None
    terms = parse(text).terms
    if any(t.keep or t.compare for t in terms):
        return None  # dyce's pools need a different spelling; the sums are the fair comparison

    def build():
        total = H({0: 1})
        for t in terms:
            part = H({t.constant: 1}) if t.is_constant else t.count @ H(t.sides)
            total = total + part if t.sign > 0 else total - part
        return total

    return build, lambda h: {int(v): Fraction(c, h.total) for v, c in h.items()}


def peer(name: str, maker, text: str, runs: int, ours: dict) -> str:
    made = maker(text)
    if made is None:
        return f"{name}: not installed or no counterpart"
    build, as_probabilities = made
    if name == "dyce" and len(ours) > 1500:
        return f"{name}: skipped (1000d6 takes it over 40 s)"
    try:
        result = build()
    except RecursionError:
        return f"{name}: fails (RecursionError)"
    ms = median_ms(build, min(runs, 3))
    same = as_probabilities(result) == ours
    return f"{name} {ms:.2f} ms ({ms / max(OURS[text], 1e-9):.0f}x ours){'' if same else ' DIFFERENT RESULT'}"


OURS: dict[str, float] = {}


def main() -> None:
    for text, runs, goal in CASES:
        expr = parse(text)
        OURS[text] = median_ms(lambda e=expr: distribution(e), runs)
        ours = dict(distribution(expr).items())
        goal_text = f" (goal <= {goal:g} ms{', met' if OURS[text] <= goal else ', NOT MET'})" if goal else ""
        peers = "; ".join(peer(name, maker, text, runs, ours) for name, maker in PEERS)
        print(f"exact distribution of {text}: {OURS[text]:.2f} ms median of {runs}{goal_text}; {peers}")
    for text in ("1000d1000", "1000d1000kh500", "20d100kh10", "9" * 200):
        start = time.perf_counter()
        try:
            distribution(text)
            outcome = "ACCEPTED"
        except DiceError:
            outcome = "refused"
        shown = text if len(text) < 20 else text[:12] + "…"
        print(f"absurd input {shown}: {outcome} in {(time.perf_counter() - start) * 1000:.2f} ms")


PEERS = (("icepool", icepool_builder), ("dyce", dyce_builder))

if __name__ == "__main__":
    main()
