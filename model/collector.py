"""The cyclic garbage collector, paused while a big army is read and priced, or while the modules load."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """The cyclic garbage collector off for a while. Reading and pricing an army builds big trees
    without cycles (parsed JSON, models, the cost JSON); as they grow the collector walks them again
    and again, for nothing: reference counting frees them all the same, and what holds a cycle is
    collected once the collector is back on. Off for ``warbench cost``, it halves the CPU of a
    50,000-unit army and peak memory stays the same (benchmarks/cli.py); off while the window opens
    a file, a 5,000-unit army opens in ~10% less CPU (70-140 ms of ~550 were collections)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


@contextmanager
def lasting() -> Iterator[None]:
    """No cycle collection while what is made lasts as long as the program (the modules an import loads: their
    classes and functions, pydantic's schemas, Qt's wrappers), which is then frozen out of the collector's later
    passes (``gc.freeze``): it would walk all that again and again (while it loads, at each full pass, at exit) and
    free nothing. What is made after is collected as before. Turned back on without the freeze, the collector
    would at once walk everything made meanwhile."""
    with no_cycle_collection():
        yield
        gc.freeze()
