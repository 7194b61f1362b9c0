"""Open an army file in a main window (offscreen), select every element, and print what the window
shows as one JSON object. tests/gui/test_number_bounds.py runs it in a subprocess, so that a crash
(Qt handed a number it cannot hold: SIGSEGV, OverflowError) fails one test instead of killing the suite.

    python -m tests.gui.show_numbers FILE
"""

from __future__ import annotations

import json
import os
import sys


def main(path: str) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from warbench.gui import dialogs
    from warbench.gui.app import application

    errors: list[str] = []
    dialogs.show_error = lambda parent, title, text: errors.append(text)  # type: ignore[assignment]
    dialogs.ask_add_homebrew = lambda *args: False  # type: ignore[assignment]
    app = application([])
    from warbench.gui.main_window import MainWindow

    window = MainWindow(autosave_ms=3_600_000)
    window.resize(1016, 664)
    window.show()
    opened = window.open_file(path, ask=False)
    app.processEvents()
    shown: dict[str, object] = {"opened": opened, "errors": errors}
    if opened:
        model, tree = window.tree_model, window.tree
        tree.set_all_open(True)
        cells = []
        for row in range(model.rowCount()):  # each unit, then its elements
            cells.append([str(model.index(row, c).data()) for c in range(model.columnCount())])
            tree.setCurrentIndex(model.index(row, 0))  # the form (or unit panel) and the cost panel show it
            app.processEvents()
        window.grab()  # paint everything once
        header = window.header
        shown.update(
            cells=cells,
            limit=header.limit.value(),
            bar=header.bar.format(),
            widest_column=max(tree.sizeHintForColumn(c) for c in range(model.columnCount())),
        )
        window.document.undo_stack.setClean()
    window.close()
    print(json.dumps(shown))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
