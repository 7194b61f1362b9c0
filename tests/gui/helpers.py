"""Small helpers shared by the GUI tests."""

from __future__ import annotations

import gc
import os
import random
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication

from tests.gui.conftest import SMALL
from warbench.gui.cost_panel import CostPanel
from warbench.gui.element_form import ElementForm
from warbench.gui.header import ArmyHeader
from warbench.gui.unit_panel import UnitPanel
from warbench.model.resources import examples_dir


def choose(qtbot, combo, value) -> None:
    """Pick the item whose data is ``value`` in ``combo`` with the arrow keys, as a user would."""
    target = combo.findData(value)
    assert target >= 0, value
    key = Qt.Key_Down if target > combo.currentIndex() else Qt.Key_Up
    while combo.currentIndex() != target:
        qtbot.keyClick(combo, key)


HUMAN = examples_dir() / "human-force.army.json"
DUKE = examples_dir() / "duke-it-out-brick-brigade.army.json"
FUBAR = examples_dir() / "fubar-rifle-platoon.army.json"
LARGE = (1600, 1000)  # a first-start window on a 1920x1080 screen (SMALL, in conftest: on a 1024x700 one)
#: the views whose refreshes the ``counted`` window (conftest) counts
VIEWS = {"form": ElementForm, "cost": CostPanel, "header": ArmyHeader, "unit": UnitPanel}


def focused():
    return QApplication.focusWidget()


def in_front(qtbot, dock) -> bool:
    qtbot.wait(20)
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def typed(qtbot, field, text: str) -> None:
    field.clear()
    qtbot.keyClicks(field, text)


def after(window, action) -> dict:
    """What the ``counted`` window's views and tree model did while ``action`` ran."""
    window.calls.clear()
    action()
    return dict(window.calls)


def flush_deletes() -> None:
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)
        QCoreApplication.processEvents()
        gc.collect()


def documents_folder(tmp_path: Path) -> Path:
    """A documents folder of the test's own, named where Qt looks for it (XDG user-dirs)."""
    docs = tmp_path / "My Documents"
    docs.mkdir()
    config = Path(os.environ["XDG_CONFIG_HOME"])
    config.mkdir(parents=True, exist_ok=True)
    (config / "user-dirs.dirs").write_text(f'XDG_DOCUMENTS_DIR="{docs}"\n')
    return docs


def names_width(tree) -> int:
    """What the tree's name column needs for its longest unit (bold) and element name, with their indents."""
    bold = QFont(tree.font())
    bold.setBold(True)
    model = tree.model()
    longest = 0
    for row in range(model.rowCount()):
        unit = model.index(row, 0)
        longest = max(longest, QFontMetrics(bold).horizontalAdvance(unit.data()) + tree.indentation())
        for child in range(model.rowCount(unit)):
            name = model.index(child, 0, unit).data()
            longest = max(longest, tree.fontMetrics().horizontalAdvance(name) + 2 * tree.indentation())
    return longest


def pick_dialog_rows(dialog) -> list[str]:
    """The rows a library Pick dialog shows (the search hides the others)."""
    rows = (dialog.list.item(i) for i in range(dialog.list.count()))
    return [item.data(Qt.UserRole + 1) for item in rows if not item.isHidden()]


def start_page_window(qtbot, size):
    from warbench.gui.main_window import MainWindow

    w = MainWindow(autosave_ms=3_600_000)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    w.start.show_start_page()
    qtbot.waitExposed(w)
    return w, w.start.start_page


def builder_window(qtbot, size=SMALL):
    """The Human Force window at ``size`` (default: a 1024x700 screen's), its splitter at its defaults."""
    from warbench.gui.main_window import MainWindow

    w = MainWindow(autosave_ms=3_600_000, dice_rng=random.Random(7))
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    w.open_file(HUMAN)
    w.splitter.setSizes(w._default_splitter_sizes())
    qtbot.waitExposed(w)
    return w


def shown_rule(window, dock: str) -> str | None:
    browser = window.reference.dock_widgets.get(dock)
    return browser.current_id() if browser is not None else None


def picker_labels(window) -> dict[str, str]:
    picker = window.form.attribute_editor.picker
    return {picker.itemData(i): picker.itemText(i) for i in range(picker.count())}
