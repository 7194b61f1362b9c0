"""GUI latency: spin-box edit → cost panel repainted on a 500-unit army, and cold start vs a bare QMainWindow.

Runs on whatever Qt platform is set (offscreen by default).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_SANDBOX = tempfile.mkdtemp(prefix="warbench-bench-")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_SANDBOX, "config")
os.environ["XDG_DATA_HOME"] = os.path.join(_SANDBOX, "data")

FIRST_PAINT = r"""
import sys, time
start = time.perf_counter()
from PySide6.QtCore import QEvent, QObject, QTimer
{imports}
seen = {{}}
def done(what):
    seen.setdefault(what, time.perf_counter() - start)
    if "paint" in seen and "ready" in seen:
        print(f"{{seen['paint']:.6f}} {{seen['ready']:.6f}}", flush=True)
        QTimer.singleShot(0, app.quit)
class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Paint:
            obj.removeEventFilter(self)
            done("paint")
        return False
{make_window}
watcher = FirstPaint()
window.installEventFilter(watcher)
window.show()
app.exec()
"""
BARE = dict(
    imports="from PySide6.QtWidgets import QApplication, QMainWindow",
    make_window="app = QApplication([])\nwindow = QMainWindow()\nwindow.resize(1320, 820)\ndone('ready')",
)
# exactly what the `warbench` command does (gui.app.main): paint first, then load the rules model and the army
WARBENCH = dict(
    imports="from gui.app import application, create_window",
    make_window="app = application([])\nwindow = create_window([], deferred=True)\n"
    "window.ready.connect(lambda: done('ready'))",
)


def cold_start(kind: dict, runs: int = 7) -> tuple[float, float]:
    """Median seconds from interpreter start to the window's first paint, and to the army being ready."""
    code = FIRST_PAINT.format(**kind)
    paints, readies = [], []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
        assert out.stdout.strip(), out.stderr
        paint, ready = (float(x) for x in out.stdout.split())
        paints.append(paint)
        readies.append(ready)
    return statistics.median(paints), statistics.median(readies)


def edit_latency(edits: int = 200) -> tuple[float, float]:
    from benchmarks._armies import big_army
    from gui.app import application
    from gui.document import ArmyDocument
    from gui.main_window import MainWindow

    app = application([])
    window = MainWindow(ArmyDocument(big_army(500)), autosave_ms=3_600_000)
    window.show()
    app.processEvents()
    window.select(0, 1)
    spin = window.form.editors[("move",)].widget
    panel_times, settled_times = [], []
    for i in range(edits):
        value = 6 if i % 2 == 0 else 4
        start = time.perf_counter()
        spin.setValue(value)  # as a click on the arrows does: valueChanged → edit → cost panel
        window.cost_panel.repaint()
        panel_times.append(time.perf_counter() - start)
        app.processEvents()  # everything else (tree, header) repaints too
        settled_times.append(time.perf_counter() - start)
    assert window.document.undo_stack.count() >= 1
    window.document.undo_stack.setClean()
    window.close()
    return statistics.median(panel_times) * 1000, statistics.median(settled_times) * 1000


def main() -> None:
    panel_ms, settled_ms = edit_latency()
    print(f"edit -> cost panel repainted, 500-unit army: median {panel_ms:.2f} ms over 200 edits (goal <= 16 ms)")
    print(f"edit -> all repaints processed:              median {settled_ms:.2f} ms")
    bare, _ = cold_start(BARE)
    ours, ready = cold_start(WARBENCH)
    print(
        f"cold start to first paint: Warbench {ours * 1000:.0f} ms, bare QMainWindow {bare * 1000:.0f} ms, "
        f"ratio {ours / bare:.2f} (goal <= 1.5); Warbench ready with its army and panels at {ready * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
