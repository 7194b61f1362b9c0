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

from benchmarks._installed import installed_python  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_SANDBOX = tempfile.mkdtemp(prefix="warbench-bench-")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_SANDBOX, "config")
os.environ["XDG_DATA_HOME"] = os.path.join(_SANDBOX, "data")

# the kind's own imports come first, as they do when it is launched (the harness's Qt imports would
# otherwise decide which of its modules load after PySide6, which makes each of those cost more)
FIRST_PAINT = r"""
import sys, time
start = time.perf_counter()
{imports}
from PySide6.QtCore import QEvent, QObject, QTimer
seen = {{}}
def done(what):
    seen.setdefault(what, time.perf_counter() - start)
    if what == "ready":
        seen["cpu"] = time.process_time()  # CPU (user + system) of this process from its start to ready
    if "paint" in seen and "ready" in seen:
        # peak RSS of this process image (VmHWM starts afresh at exec; ru_maxrss would carry the parent's), and
        # the RSS now split: memory the process allocated (RssAnon: Python's and Qt's objects) and pages mapped
        # from files (RssFile: the code of Qt's and Python's libraries, fonts; read from the page cache)
        status = {{}}
        for line in open("/proc/self/status"):
            if line.startswith(("VmHWM:", "Rss")):
                status[line.split(":")[0]] = int(line.split()[1]) / 1024
        print(f"{{seen['paint']:.6f}} {{seen['ready']:.6f}} {{status['VmHWM']:.1f}} {{seen['cpu']:.6f}} "
              f"{{status['RssAnon']:.1f}} {{status['RssFile']:.1f}}", flush=True)
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
# the least a window that validates with pydantic does: the bare window, then pydantic imported and one
# model built and used before it is ready (Warbench's army cannot be shown before it is validated)
FLOOR = dict(
    imports=BARE["imports"],
    make_window=BARE["make_window"].replace(
        "done('ready')",
        "import pydantic\nclass M(pydantic.BaseModel):\n    x: int\nM(x=1)\ndone('ready')",
    ),
)
# exactly what `warbench ARMY` does (gui.app.main): paint first, then load the rules model and open the army
# (the Human Force example: "ready" is the army in the tree, form and cost panel, not the start page)
WARBENCH = dict(
    imports="from warbench.gui.app import application, create_window\n"
    "from warbench.model.resources import examples_dir",
    make_window="app = application([])\n"
    "window = create_window([str(examples_dir() / 'human-force.army.json')], deferred=True)\n"
    "window.ready.connect(lambda: done('ready'))",
)


# as installed: bytecode cached (an environment that forbids writing it would time the compiler)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def cold_start(kinds: dict[str, dict], runs: int = 7) -> dict[str, tuple[float, ...]]:
    """Per kind, median seconds from interpreter start to the window's first paint and to ready, median
    peak RSS (MB) at ready, median CPU seconds (user + system) to ready, and the RSS at ready split into
    anonymous and file-backed MB. The kinds take turns, so a change in the machine's load hits all."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", "model", "gui"], cwd=ROOT, env=ENV, check=True)
    python = installed_python()  # both kinds start as installed: no editable finder (benchmarks/_installed.py)
    samples: dict[str, list[tuple[float, ...]]] = {name: [] for name in kinds}
    for _ in range(runs):
        for name, kind in kinds.items():
            code = FIRST_PAINT.format(**kind)
            out = subprocess.run([python, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True, env=ENV)
            assert out.stdout.strip(), out.stderr
            samples[name].append(tuple(float(x) for x in out.stdout.split()))
    return {name: tuple(statistics.median(s[i] for s in rows) for i in range(6)) for name, rows in samples.items()}


def edit_latency(units: int, edits: int = 200) -> tuple[float, float]:
    from benchmarks._armies import big_army
    from warbench.gui.app import application
    from warbench.gui.document import ArmyDocument
    from warbench.gui.main_window import MainWindow

    app = application([])
    window = MainWindow(ArmyDocument(big_army(units)), autosave_ms=3_600_000)
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


def open_in_window(units: int, runs: int = 5) -> tuple[float, float, float, float]:
    """Median wall and CPU ms of opening a ``units``-unit army file in the window (File ▸ Open: read,
    validate, price, every unit open in the army view, the panels filled), then of a
    structural edit on it (an element added: its row and those below it on screen)."""
    import json

    from benchmarks._armies import big_army_data
    from benchmarks._timing import medians_taking_turns
    from warbench.gui.app import application
    from warbench.gui.main_window import MainWindow

    path = Path(_SANDBOX) / f"army-{units}.army.json"
    path.write_text(json.dumps(big_army_data(units)), encoding="utf-8")
    app = application([])
    window = MainWindow(autosave_ms=3_600_000)
    window.resize(1320, 820)
    window.show()
    app.processEvents()

    def open_it() -> None:
        assert window.open_file(path, ask=False)
        app.processEvents()

    def add_element() -> None:
        window.commands.add_element_action.trigger()
        app.processEvents()

    ((open_ms, open_cpu),) = medians_taking_turns([open_it], runs)
    window.select(0, 0)
    ((add_ms, add_cpu),) = medians_taking_turns([add_element], runs)
    window.document.undo_stack.setClean()
    window.close()
    return open_ms, open_cpu, add_ms, add_cpu


def main() -> None:
    found = cold_start({"bare": BARE, "floor": FLOOR, "warbench": WARBENCH})  # first, while this process is small
    for units in (500, 5000):
        panel_ms, settled_ms = edit_latency(units, 200 if units == 500 else 50)
        print(
            f"edit -> cost panel repainted, {units}-unit army: median {panel_ms:.2f} ms "
            f"(goal <= 16 ms: {'met' if panel_ms <= 16 else 'NOT MET'}); "
            f"all repaints processed: median {settled_ms:.2f} ms"
        )
    open_ms, open_cpu, add_ms, add_cpu = open_in_window(5000)
    print(
        f"open a 5,000-unit army in the window (read, price, 11,600 rows of the army view, panels): median "
        f"{open_ms:.0f} ms, CPU {open_cpu:.0f} ms (the model alone: benchmarks/cost.py); then add an element: "
        f"{add_ms:.0f} ms, CPU {add_cpu:.0f} ms (benchmarks/tree_edits.py: every kind of edit)"
    )
    (_, bare, bare_rss, *_), (paint, ready, rss, cpu, anon, mapped) = found["bare"], found["warbench"]
    _, floor, floor_rss, floor_cpu, floor_anon, floor_mapped = found["floor"]
    print(
        f"cold start, median of 7 each, taking turns: bare QMainWindow {bare * 1000:.0f} ms, {bare_rss:.0f} MB; "
        f"Warbench first paint {paint * 1000:.0f} ms, ready with army and panels {ready * 1000:.0f} ms = "
        f"{ready / bare:.2f}x bare (goal <= 2: {'met' if ready <= 2 * bare else 'NOT MET'}), RSS {rss:.0f} MB = "
        f"{rss / bare_rss:.2f}x bare (goal <= 1.4: {'met' if rss <= 1.4 * bare_rss else 'NOT MET'})"
    )
    print(
        f"floor, the bare window plus pydantic imported and one model used before ready: {floor * 1000:.0f} ms = "
        f"{floor / bare:.2f}x bare, RSS {floor_rss:.0f} MB = {floor_rss / bare_rss:.2f}x bare; Warbench is the floor "
        f"+ {(ready - floor) * 1000:.0f} ms and + {rss - floor_rss:.0f} MB"
    )
    print(
        f"CPU (user + system) to ready, the steadier figure on a shared machine: floor {floor_cpu * 1000:.0f} ms, "
        f"Warbench {cpu * 1000:.0f} ms = floor + {(cpu - floor_cpu) * 1000:.0f} ms (goal <= floor + 150: "
        f"{'met' if cpu - floor_cpu <= 0.15 else 'NOT MET'}); RSS floor {floor_rss:.1f} MB, Warbench {rss:.1f} MB = "
        f"floor + {rss - floor_rss:.1f} MB (goal <= floor + 8: {'met' if rss - floor_rss <= 8 else 'NOT MET'})"
    )
    print(
        f"RSS at ready split: memory the process allocated (RssAnon: Python's and Qt's objects) floor "
        f"{floor_anon:.1f} MB, Warbench {anon:.1f} MB = floor + {anon - floor_anon:.1f} MB; pages mapped from files "
        f"(RssFile: Qt's and Python's library code, fonts) floor {floor_mapped:.1f} MB, Warbench {mapped:.1f} MB = "
        f"floor + {mapped - floor_mapped:.1f} MB"
    )


if __name__ == "__main__":
    main()
