"""The toy sixth system (tests/toy_system only) in the window: a new army, a tank built in the
designer with its cost, its dice check, opening a saved army and exporting its sheet and cards."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt

from tests.gui.helpers import choose
from warbench.gui.main_window import MainWindow


@pytest.fixture
def win(qtbot, app, answers, toy_system):
    w = MainWindow(autosave_ms=3_600_000, dice_rng=random.Random(1))
    qtbot.addWidget(w)
    w.show()
    yield w
    w.document.undo_stack.setClean()


def test_a_toy_army_is_built_and_priced_in_the_window(qtbot, win, answers):
    answers.new_army = ("toy-tanks", "Tin Column", 100)
    win.commands.new_action.trigger()
    assert win.document.army.system == "toy-tanks" and win.document.system.name == "Toy Tanks"
    win.commands.add_unit_action.trigger()
    assert win.cost_panel.element_total.text().startswith("<b>Element: 14 bolts")  # light hull 10 + 1 gun 4
    form = win.form
    choose(qtbot, form.editors[("hull",)].widget, "heavy")
    guns = form.editors[("guns",)].widget
    guns.selectAll()
    qtbot.keyClicks(guns, "2")
    kit = form.editors[("kit",)].widget
    smoke = next(kit.item(i) for i in range(kit.count()) if kit.item(i).data(Qt.UserRole) == "smoke-launcher")
    assert smoke.text() == "Smoke Launcher"
    smoke.setCheckState(Qt.Checked)
    element = win.document.element(0, 0)
    assert (element.hull, element.guns, element.kit) == ("heavy", 2, ["smoke-launcher"])
    assert win.cost_panel.element_total.text().startswith("<b>Element: 29 bolts")  # 18 + 2 × 4 + 3
    items = [win.cost_panel.table.item(r, 0).text() for r in range(win.cost_panel.table.rowCount())]
    assert items == ["Heavy hull", "2 guns", "Smoke Launcher"]
    assert win.header.bar.format() == "29 / 100 bolts"
    guns.selectAll()
    qtbot.keyClicks(guns, "0")
    warnings = [win.cost_panel.warnings.item(i).text() for i in range(win.cost_panel.warnings.count())]
    assert any("a tank without guns" in w for w in warnings)
    win.commands.undo_action.trigger()
    assert win.document.element(0, 0).guns == 2


def test_the_toy_reference_and_dice_come_from_its_module(qtbot, win, answers):
    answers.new_army = ("toy-tanks", "Tin Column", None)
    win.commands.new_action.trigger()
    win.commands.add_unit_action.trigger()
    assert win.reference.docks["attributes"].windowTitle() == "Kit"
    panel = win.reference.dice_panel
    presets = [panel.presets.itemText(i) for i in range(panel.presets.count())]
    assert "Gunnery (5+ on a d6)" in presets
    # the system's own one-die check: a d6 against 5+, no re-roll, its own chance table
    assert panel.check_box.title() == "Toy Tanks gunnery (5+)" and not panel.check_box.isHidden()
    assert panel.table.rowCount() == 1 and panel.table.columnCount() == 3
    assert [panel.table.item(0, c).text() for c in range(3)] == ["16.7%", "33.3%", "50.0%"]
    assert panel.check_reroll.isHidden() and panel.new_game.isHidden()
    hits = panel.roll_check()
    assert panel.history_rows[0][1] == "1 attack d6+0 5+" and panel.result.text().startswith(f"{hits} hit")


def test_a_saved_toy_army_opens_and_exports(qtbot, win, answers, tmp_path):
    path = Path(__file__).resolve().parents[1] / "toy_system" / "tin-column.army.json"
    assert win.open_file(path, ask=False)
    assert win.document.army.name == "Tin Column" and win.header.bar.format() == "69 / 100 bolts"
    answers.export_path = str(tmp_path / "sheet.pdf")
    assert win.files.export_document("sheet")
    assert "Smoke Launcher" in PdfReader(tmp_path / "sheet.pdf").pages[0].extract_text()
    answers.export_path = str(tmp_path / "cards.pdf")
    assert win.files.export_document("cards")
    assert "Bruiser" in "".join(p.extract_text() for p in PdfReader(tmp_path / "cards.pdf").pages)


def test_the_toy_spell_browser_shows_the_stats_its_spell_model_declares(qtbot, toy_system):
    from warbench.gui.reference import ReferenceModel, entry_html
    from warbench.model.systems import get_system

    system = get_system(toy_system)
    model = ReferenceModel("spell")
    model.set_system(system)
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert titles == ["Name", "Fuel", "Reach", "Summary"]
    assert [model.index(0, c).data() for c in range(3)] == ["Smoke Drill", "2", '6"']
    html = entry_html(system, "spell", "tow-drill")
    assert "<b>Fuel:</b> 1 &nbsp; <b>Reach:</b> touch" in html and "Difficulty" not in html
