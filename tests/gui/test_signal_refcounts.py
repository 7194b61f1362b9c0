"""PySide6 6.12.0 on Python 3.11 drops one reference to ``None`` on every signal delivered to a
Python slot (and one to ``True`` on every Python ``emit()``) until the interpreter dies with
"deallocating None" (pyproject.toml excludes that release). On Python 3.12+ both are immortal and
their counts never move, so there the test holds trivially."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction

DELIVERIES = 5_000


class Emitter(QObject):
    bare = Signal()
    number = Signal(int)
    text = Signal(str)


def test_signal_deliveries_keep_none_and_true_alive(qapp):
    emitter = Emitter()
    received: list[object] = []
    emitter.bare.connect(lambda: received.append(None))
    emitter.number.connect(received.append)
    emitter.text.connect(lambda value: None)  # a slot that returns None
    action = QAction("Add unit")  # emitted from C++: 6.12.0 drops None here, True on the Python emits
    action.triggered.connect(lambda checked: None)
    for _ in range(100):  # warm up: first deliveries may cache objects
        emitter.bare.emit()
    received.clear()
    none_before, true_before = sys.getrefcount(None), sys.getrefcount(True)
    for chunk in range(DELIVERIES // 100):  # checked as it goes: a leaking build fails here, before it crashes
        for i in range(100):
            emitter.bare.emit()
            emitter.number.emit(i)
            emitter.text.emit("x")
            action.trigger()
        none_lost = none_before - sys.getrefcount(None) + received.count(None)
        true_lost = true_before - sys.getrefcount(True)
        delivered = 400 * (chunk + 1)
        # a leak loses one reference per delivery; allow a little noise from the interpreter
        assert none_lost < 50, f"{none_lost} references to None lost over {delivered} signal deliveries"
        assert true_lost < 50, f"{true_lost} references to True lost over {delivered} signal deliveries"
    assert len(received) == 2 * DELIVERIES
