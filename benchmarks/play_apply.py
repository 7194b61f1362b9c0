"""Table mode: applying a rolled whole-element attack in the window's play view, 200 elements a side (issues 24
and 38: ≤ 16 ms).

Times Apply (the model recording the outcome rolled, every figure's dice, as one step, the document's signal,
the rows it changed and the log refreshed) and the events it posts, painted; the step is undone between
runs (not timed). Runs on whatever Qt platform is set (offscreen by default).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._armies import big_army_data  # noqa: E402
from benchmarks._sandbox import qt_sandbox  # noqa: E402
from benchmarks._timing import median_ms  # noqa: E402

qt_sandbox()

ELEMENTS = 200
RUNS = 41


def army_of(elements: int):
    """A Flat Out War army of exactly ``elements`` elements (the benchmark horde, cut)."""
    from warbench.model.fileio import army_from_data

    data = big_army_data(elements)
    units, count = [], 0
    for unit in data["units"]:
        units.append(unit)
        count += len(unit["elements"])
        if count >= elements:
            unit["elements"] = unit["elements"][: len(unit["elements"]) - (count - elements)]
            break
    return army_from_data({**data, "units": units})


def main() -> None:
    from PySide6.QtWidgets import QApplication

    from warbench.gui.app import application
    from warbench.gui.document import ArmyDocument
    from warbench.gui.game_document import GameDocument
    from warbench.gui.main_window import MainWindow
    from warbench.model.game import Ref
    from warbench.model.game_attack import AttackOrder

    app = application([])
    army = army_of(ELEMENTS)
    window = MainWindow(ArmyDocument(army, None), autosave_ms=3_600_000)
    window.resize(1920, 1080)
    window.show()
    window.play.install_game(GameDocument.new(army, army, window))
    QApplication.processEvents()
    view, doc = window.play.play_view, window.play.game_document
    sides = [sum(len(u.elements) for u in a.units) for a in doc.armies()]
    # the shooter of the most figures attacks with all of them (a whole-element attack: one roll, one step)
    shooters = [
        Ref(0, u, e)
        for u, unit in enumerate(army.units)
        for e, element in enumerate(unit.elements)
        if element.ranged is not None
    ]
    attacker = max(shooters, key=lambda ref: (doc.game.figures(ref), -ref.unit))
    target = Ref(1, len(army.units) - 1, 0)  # the last element of the other side: a row far down the list
    order = AttackOrder(attacker, target, "ranged", whole=True)
    rolled = next(out for seed in range(500) if (out := doc.roll(order, seed=seed)).damage and not out.refused)
    view.attack.set_attacker(attacker)
    view.attack.select_target(target)

    def apply() -> None:
        view.attack.rolled = rolled
        view.attack.apply()
        QApplication.processEvents()  # the rows repainted

    def undo() -> None:
        doc.undo()
        QApplication.processEvents()

    apply()
    undo()  # warm
    wall, cpu = [], []
    for _ in range(RUNS):
        start = time.process_time()
        wall.append(median_ms(apply, 1))
        cpu.append((time.process_time() - start) * 1000)
        undo()
    print(
        f"play view, {sides[0]} + {sides[1]} elements: Apply of {rolled.figures} figures' attack "
        f"({len(rolled.rolls)} dice rolls; model, signal, rows, log, paint); budget 16 ms"
    )
    print(
        f"  median {statistics.median(wall):.2f} ms wall (min {min(wall):.2f}), "
        f"{statistics.median(cpu):.2f} ms CPU, over {RUNS} runs (CPU time is the steadier on a shared machine)"
    )
    start = time.perf_counter()
    doc.next_round()
    QApplication.processEvents()
    print(f"  next round (every element's state): {(time.perf_counter() - start) * 1000:.2f} ms")
    doc.modified = False
    window.close()
    del app


if __name__ == "__main__":
    main()
