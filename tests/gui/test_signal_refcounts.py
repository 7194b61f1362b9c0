"""Signal deliveries keep the reference counts of what they pass and return.

PySide6 6.12.0 on Python 3.11 drops one reference to ``None`` on every signal delivered to a Python
slot (and one to ``True`` on every Python ``emit()``) until the interpreter dies with "deallocating
None" (pyproject.toml excludes that release on 3.11). From Python 3.12 on ``None`` and ``True`` are
immortal: their counts never move, so a lost reference to them is harmless and cannot be seen. The
counts are therefore also taken on an ordinary object passed through a signal and returned by its
slots, whose count moves on every Python; and the tests never add references to ``None`` themselves.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction

DELIVERIES = 5_000
CHUNK = 100
NOISE = 50  # a leak moves a count by one per delivery; allow a little noise from the interpreter


class Emitter(QObject):
    bare = Signal()
    number = Signal(int)
    text = Signal(str)
    payload = Signal(object)


class Payload:
    """An ordinary (mortal) object: its reference count moves with every reference taken or dropped."""


def references_lost(watched: dict[str, object], deliver: Callable[[], int]) -> dict[str, int]:
    """Call ``deliver`` (which makes a round of deliveries and returns how many) until DELIVERIES are
    made, checking after each round that no watched object gained or lost more than NOISE references
    (a leaking build fails here, before it crashes); the most each count moved, by name."""
    before = {name: sys.getrefcount(obj) for name, obj in watched.items()}
    worst = dict.fromkeys(watched, 0)
    delivered = 0
    while delivered < DELIVERIES:
        delivered += deliver()
        for name, obj in watched.items():
            lost = before[name] - sys.getrefcount(obj)
            if abs(lost) > abs(worst[name]):
                worst[name] = lost
            if abs(lost) >= NOISE:
                return worst
    return worst


def test_signal_deliveries_keep_none_true_and_payloads_alive(qapp):
    emitter = Emitter()
    sentinel = Payload()
    received: list[object] = []
    emitter.bare.connect(lambda: received.append(sentinel))  # never None: the count of None is measured
    emitter.number.connect(received.append)
    emitter.text.connect(lambda value: None)  # a slot that returns None
    emitter.payload.connect(lambda value: value)  # a slot that returns what it was given
    action = QAction("Add unit")  # emitted from C++: 6.12.0 drops None here, True on the Python emits
    action.triggered.connect(lambda checked: None)

    def deliver() -> int:
        for i in range(CHUNK):
            emitter.bare.emit()
            emitter.number.emit(i)
            emitter.text.emit("x")
            emitter.payload.emit(sentinel)
            action.trigger()
        assert len(received) == 2 * CHUNK  # every delivery reached its slot
        received.clear()
        return 5 * CHUNK

    for _ in range(CHUNK):  # warm up: first deliveries may cache objects
        emitter.bare.emit()
        emitter.payload.emit(sentinel)
    received.clear()
    lost = references_lost({"None": None, "True": True, "payload": sentinel}, deliver)
    assert all(abs(count) < NOISE for count in lost.values()), f"references lost over {DELIVERIES} deliveries: {lost}"


def test_the_count_sees_a_slot_that_keeps_references(qapp):
    """The measure itself can fail: a slot that keeps what it is given moves the payload's count by one
    per delivery, and is reported (as references lost below zero: gained)."""
    emitter = Emitter()
    sentinel = Payload()
    kept: list[object] = []
    emitter.payload.connect(kept.append)

    def deliver() -> int:
        for _ in range(CHUNK):
            emitter.payload.emit(sentinel)
        return CHUNK

    lost = references_lost({"payload": sentinel}, deliver)
    assert lost["payload"] <= -NOISE
    kept.clear()
