"""Edits in the window on a 5,000-unit army: structural (add, delete, move a unit or an element) and a value
edit, each timed until every repaint has been processed; and how often each edit prices the army.

Each edit is followed by its opposite (add then delete, move down then up), so the army keeps its size; the
kinds take turns (benchmarks/_timing.py), so a change in the shared machine's load falls on all of them.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import benchmarks.gui_latency  # noqa: E402, F401  (its sandbox: offscreen Qt, fresh config and data folders)


def main(units: int = 5000, runs: int = 15) -> None:
    import warbench.gui.document
    from benchmarks._armies import big_army
    from benchmarks._timing import medians_taking_turns, settled
    from warbench.gui.app import application
    from warbench.gui.document import ArmyDocument
    from warbench.gui.main_window import MainWindow

    app = application([])
    window = MainWindow(ArmyDocument(big_army(units)), autosave_ms=3_600_000)
    window.resize(1320, 820)
    window.show()
    app.processEvents()
    doc = window.document
    priced = []
    price = warbench.gui.document.price_army
    warbench.gui.document.price_army = lambda *a, **k: priced.append(1) or price(*a, **k)  # type: ignore[assignment]
    middle = units // 2
    window.select(middle, 0)
    centre = window.tree.ScrollHint.PositionAtCenter  # the edits in the middle of the view: half of it moves
    window.tree.scrollTo(window.tree_model.element_index(middle, 0), centre)
    app.processEvents()

    count = [doc.element(middle, 0).count]

    def following(position, edit):
        def run() -> None:
            with window.selection.landing(position):
                edit()

        return run

    def value_edit() -> None:
        count[0] = 3 if count[0] != 3 else 4
        doc.edit_element(middle, 0, ("count",), count[0])

    kinds = {
        "value edit (an element's count)": [value_edit],
        "add element": [lambda: doc.add_element(middle), lambda: doc.delete_element(middle, 1)],
        "add unit, then delete it": [lambda: doc.add_unit("Reserve"), lambda: doc.delete_unit(units)],
        "duplicate unit, then delete it": [lambda: doc.duplicate_unit(middle), lambda: doc.delete_unit(middle + 1)],
        # the selected element moved, and the selection with it (as Ctrl+Up/Down and a drop do)
        "move unit down, then up": [
            following((middle + 1, 0), lambda: doc.move_unit(middle, 1)),
            following((middle, 0), lambda: doc.move_unit(middle + 1, -1)),
        ],
        "move element to the next unit, and back": [
            following((middle + 1, 0), lambda: doc.transfer_element(middle, 0, middle + 1, 0)),
            following((middle, 0), lambda: doc.transfer_element(middle + 1, 0, middle, 0)),
        ],
    }
    names = [(kind, i) for kind, edits in kinds.items() for i in range(len(edits))]
    functions = [settled(app, edit) for edits in kinds.values() for edit in edits]
    priced.clear()
    found = medians_taking_turns(functions, runs)
    per_edit = len(priced) / (runs * len(functions))
    print(
        f"{units}-unit army in the window (1320x820, every unit open, the edited unit mid-view), median of {runs},"
        " wall / CPU ms:"
    )
    for (kind, i), (wall, cpu) in zip(names, found):
        step = ("then " if i else "") + ("" if len(kinds[kind]) == 1 else ("delete / back" if i else "edit"))
        print(f"  {kind:42} {step:14} {wall:7.1f} / {cpu:7.1f}  (goal <= 16 ms: {'met' if wall <= 16 else 'NOT MET'})")
    print(f"  the army priced {per_edit:.2f} times per edit")
    print(f"  (gui from {Path(warbench.gui.document.__file__).parent})")
    doc.undo_stack.setClean()
    window.close()


if __name__ == "__main__":
    main()
