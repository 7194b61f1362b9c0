"""The Balance dock: the selected element's balance from model.balance, its place on the scatter, a bar per
element, the what-if of the element form's own edits (Δpoints and Δvalue as it changes), the pool's sources
and a pool that cannot be used."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from warbench.gui.main_window import MainWindow
from warbench.model.balance import PoolArmy, balance
from warbench.model.fileio import load_army
from warbench.model.resources import examples_dir
from warbench.model.systems import system_for

ORCS = examples_dir() / "orc-and-ghoblin-force.army.json"


@pytest.fixture
def orcs(qtbot, app, answers):
    w = MainWindow(autosave_ms=3_600_000)
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    w.open_file(ORCS)
    w.select(0, 0)
    w.reference.show_dock("balance")
    yield w
    w.document.undo_stack.setClean()


def _window(qtbot, path):
    """A shown window with the army of ``path`` open, its first element selected."""
    w = MainWindow(autosave_ms=3_600_000)
    qtbot.addWidget(w)
    w.show()
    w.open_file(path)
    w.select(0, 0)
    return w


def _examples_report(army):
    pool = [PoolArmy(str(p), load_army(p)) for p in sorted(examples_dir().glob("*.army.json"))]
    return balance(army, system_for(army), [m for m in pool if m.army.system == army.system])


def test_the_selected_elements_balance_is_the_models(orcs):
    panel = orcs.reference.balance_panel
    expected = _examples_report(orcs.document.army)
    assert [d.as_json() for d in panel.report.designs] == [d.as_json() for d in expected.designs]
    first = expected.designs[0]
    assert panel.summary.text().startswith(f"{first.element}: {first.points} points")
    assert panel.scatter.selected == 0 and panel.bars.selected == 0
    assert len(panel.bars.rows) == sum(len(u.elements) for u in orcs.document.army.units)
    assert panel.bars.rows[0] == (first.element, first.ratios["value"])
    assert "37 elements of 5 armies" in panel.status.text()
    orcs.select(4, 0)  # Trolls: another element, another place on the chart
    troll = sum(len(u.elements) for u in orcs.document.army.units[:4])
    assert panel.scatter.selected == troll and panel.summary.text().startswith("Troll: 38 points")
    assert "too cheap" in panel.summary.text()


def test_what_if_the_forms_die_changes(orcs, qtbot):
    panel = orcs.reference.balance_panel
    before = panel.report.designs[0]
    assert "Δpoints 0" in panel.what_if.text()
    die = orcs.form.findChild(QComboBox, "field_die")
    die.setFocus()
    qtbot.keyClick(die, Qt.Key_Down)  # the element form's own field, as a player changes it: Ghoblin d4 -> d6
    assert orcs.document.army.units[0].elements[0].die == "d6"
    after = panel.report.designs[0]
    assert after.points > before.points and after.value != before.value
    dv = after.value - before.value
    assert panel.what_if.text() == (
        f"Since selected: Δpoints +{after.points - before.points}, Δvalue {'+' if dv > 0 else ''}{float(dv):.3f}"
    )
    assert panel.summary.text().startswith(f"Ghoblin: {after.points} points")
    orcs.document.undo_stack.undo()
    assert panel.report.designs[0].as_json() == before.as_json()
    assert "Δpoints 0" in panel.what_if.text()
    panel.source.setCurrentIndex(panel.source.findData("own"))  # another pool, the element unchanged
    assert panel.what_if.text().endswith("Δpoints 0, Δvalue 0.000")  # (user trial 3: it said +0.051)


def test_the_pool_can_be_the_army_itself_or_files(orcs, answers):
    panel = orcs.reference.balance_panel
    panel.source.setCurrentIndex(panel.source.findData("own"))
    own = len([e for u in orcs.document.army.units for e in u.elements])
    assert panel.report.pool_elements == own
    answers.open_path = str(examples_dir() / "human-force.army.json")
    panel.files_button.click()
    assert panel.source.currentData() == "files" and panel.report.files == [answers.open_path]
    answers.open_path = str(examples_dir() / "fubar-rifle-platoon.army.json")
    panel.files_button.click()
    assert panel.report is None and "fubar" in panel.status.text() and "fubar-rifle-platoon" in panel.status.text()
    assert panel.bars.rows == [] and panel.scatter.report is None


def test_an_army_without_points_shows_its_value_and_says_so(qtbot, app, answers):
    w = _window(qtbot, examples_dir() / "fubar-rifle-platoon.army.json")
    panel = w.reference.show_dock("balance")
    assert "Has no points: no value per point" in panel.summary.text()
    assert Fraction(panel.report.designs[0].value) > 0
    assert panel.bars.rows[0][1] is None
    panel.grab()  # paints with nothing on the log axes: no division by zero
    w.document.undo_stack.setClean()


@pytest.mark.parametrize("dark", [False, True])
def test_charts_paint_in_light_and_dark(orcs, dark):
    from PySide6.QtGui import QColor, QPalette

    panel = orcs.reference.balance_panel
    palette = QPalette(panel.palette())
    base, text = (QColor("#202020"), QColor("#f0f0f0")) if dark else (QColor("white"), QColor("black"))
    palette.setColor(QPalette.ColorRole.Base, base)
    palette.setColor(QPalette.ColorRole.Text, text)
    for chart in (panel.scatter, panel.bars):
        chart.setPalette(palette)
        image = chart.grab().toImage()
        assert image.pixelColor(1, 1) == base
        colours = {
            image.pixelColor(x, y).name() for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)
        }
        assert text.name() in colours and len(colours) > 3
    assert panel.scatter.accessibleName() and panel.bars.accessibleName() and panel.source.accessibleName()


def test_a_pool_too_large_for_the_window_is_named_not_worked_out(orcs, monkeypatch):
    from warbench.gui import balance_panel

    panel = orcs.reference.balance_panel
    monkeypatch.setattr(balance_panel, "WINDOW_PAIRS", 10)
    panel.source.setCurrentIndex(panel.source.findData("own"))
    assert panel.report is None and "use warbench balance" in panel.status.text()
    monkeypatch.setattr(balance_panel, "WINDOW_PAIRS", 10**6)
    panel.source.setCurrentIndex(panel.source.findData("examples"))
    assert panel.report is not None and panel.summary.text().startswith("Ghoblin: 6 points")


def test_flags_are_said_in_the_windows_words(orcs):
    panel = orcs.reference.balance_panel
    orcs.select(4, 0)  # the Troll: lasts and value too cheap
    lines = panel.summary.text().splitlines()
    assert lines[2:] == [
        "Lasts 2.79× what its points predict: too cheap",
        "Value 3.19× what its points predict: too cheap",
    ]  # the value's ratio said once, in its flag
    assert "Troll: 38 points; deals 0.368, takes 0.228 per activation" in lines
    assert "Troll: 3.19× what its points predict" in panel.bars.accessibleDescription()


def test_the_pool_can_be_your_librarys_designs(sandbox_dirs, orcs):  # an empty library first
    from warbench.gui.library import library

    panel = orcs.reference.balance_panel
    panel.source.setCurrentIndex(panel.source.findData("library"))
    assert panel.report is None and "your library has no designs of this system" in panel.status.text()
    army = orcs.document.army
    library().save_design(army, orcs.document.system, "unit", army.units[4])  # the Trolls
    panel.source.setCurrentIndex(panel.source.findData("examples"))
    panel.source.setCurrentIndex(panel.source.findData("library"))  # read again: the saved design is in
    assert panel.report.pool_elements == 1 and panel.report.files == [str(library().designs_dir(army.system))]


def test_the_status_counts_and_measure_are_german_in_german(qtbot, german, app, answers):
    w = _window(qtbot, examples_dir() / "fubar-rifle-platoon.army.json")
    w.reference.show_dock("balance")
    status = w.reference.balance_panel.status.text()
    assert status.startswith("Gegen 3 Elemente aus 1 Armee; Schaden gezählt als Verlust; nicht geretteter Treffer")
    assert "unsaved" not in status and "elements" not in status
    w.document.undo_stack.setClean()


def test_the_status_counts_one_army_in_english(qtbot, app, answers):
    w = _window(qtbot, examples_dir() / "fubar-rifle-platoon.army.json")
    w.reference.show_dock("balance")
    assert w.reference.balance_panel.status.text().startswith("Against 3 elements of 1 army; damage counted as ")


def test_the_bars_scroll_and_keep_the_selected_element_in_sight_in_a_short_window(orcs, qtbot):
    """User trial 3: at 1024x700 the bars of the last elements (Wyvern, Rock Lobber) were cut off under the
    dock's edge with no scroll bar. They scroll, and the selected element's bar is brought into sight."""
    orcs.resize(1024, 700)
    panel = orcs.reference.balance_panel
    area = panel.bars_scroll
    assert area.widget() is panel.bars
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() > 0)  # the rows go on below: a bar reaches them
    last = len(orcs.document.army.units) - 1
    orcs.select(last, 0)  # the Rock Lobber, the last bar
    qtbot.waitUntil(lambda: panel.bars.selected is not None)
    top = panel.bars.mapTo(area.viewport(), panel.bars.rect().topLeft()).y() + panel.bars.ROW * panel.bars.selected
    assert 0 <= top and top + panel.bars.ROW <= area.viewport().height()


def test_elements_of_one_name_in_two_units_are_told_apart(orcs):
    """User trial 3: two bars both said "Orc" (the Warband's and the Guard's); each now says its unit."""
    names = [name for name, _ratio in orcs.reference.balance_panel.bars.rows]
    assert "Orc (Orc Warband)" in names and "Orc (Orc Guard)" in names and "Orc" not in names
    assert "Troll" in names  # a name no other unit holds stays as it is


def test_a_bar_names_its_element_on_one_line(orcs):
    """A name holding a line break drew two lines over the next bar; it reads "a⏎b" on its own row."""
    from warbench.gui.balance_panel import bar_names

    designs = orcs.reference.balance_panel.report.designs
    broken = [replace(designs[0], element="<b>x</b>\nline2"), *designs[1:]]
    assert bar_names(broken)[0] == "<b>x</b>⏎line2"
