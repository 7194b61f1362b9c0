"""Building a small force of each system through the same window."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt

from tests.gui.helpers import choose
from warbench.gui.main_window import MainWindow
from warbench.model.costing import price_army


@pytest.fixture
def win(qtbot, app, answers):
    w = MainWindow(autosave_ms=3_600_000, dice_rng=random.Random(1))
    qtbot.addWidget(w)
    w.show()
    yield w
    w.document.undo_stack.setClean()


def new(win, answers, system_id, name, limit=None):
    answers.new_army = (system_id, name, limit)
    win.commands.new_action.trigger()
    assert win.document.army.system == system_id


def test_fubar_force_in_the_gui(qtbot, win, answers):
    new(win, answers, "fubar", "Platoon")
    win.commands.add_unit_action.trigger()
    form = win.form
    name = form.editors[("name",)].widget
    name.selectAll()
    qtbot.keyClicks(name, "Assault Squad")
    choose(qtbot, form.editors[("training",)].widget, "veteran")
    figures = form.editors[("figures",)].widget
    figures.selectAll()
    qtbot.keyClicks(figures, "6")
    choose(qtbot, form.editors[("armour",)].widget, "medium")
    records = form.editors[("weapons",)].widget
    qtbot.mouseClick(records.add_button, Qt.LeftButton)
    second = form.findChild(type(form.editors[("training",)].widget), "weapons_1_weapon")
    qtbot.waitUntil(second.isVisible)
    choose(qtbot, second, "light-machine-gun")
    element = win.document.element(0, 0)
    assert (element.name, element.training, element.figures, element.armour) == (
        "Assault Squad",
        "veteran",
        6,
        "medium",
    )
    assert [(p.weapon, p.count) for p in element.weapons] == [("infantry-rifle", 5), ("light-machine-gun", 1)]
    figures_row = {
        win.cost_panel.table.item(r, 0).text(): win.cost_panel.table.item(r, 1).text()
        for r in range(win.cost_panel.table.rowCount())
    }
    assert figures_row["fire points"] == "8" and figures_row["activation"] == "3+" and figures_row["save"] == "5+"
    assert win.header.bar.format() == "1 unit, 6 figures, 8 fire points"
    assert win.reference.docks["attributes"].windowTitle() == "Weapons"
    win.reference.attribute_browser.search.setText("sniper")
    win.reference.attribute_browser.add_button.click()
    assert [p.weapon for p in win.document.element(0, 0).weapons][-1] == "sniper-rifle"
    labels = [win.reference.dice_panel.presets.itemText(i) for i in range(win.reference.dice_panel.presets.count())]
    assert "Veteran: activation 3+ (d6)" in labels
    win.reference.dice_panel.presets.setCurrentIndex(labels.index("Veteran: activation 3+ (d6)"))
    win.reference.dice_panel.presets.activated.emit(labels.index("Veteran: activation 3+ (d6)"))
    assert win.reference.dice_panel.expression.text() == "1d6" and win.reference.dice_panel.target.value() == 3
    assert "P(≥ 3) = 66.7%" in win.reference.dice_panel.odds.text()


def test_duke_force_from_the_library_and_custom(qtbot, win, answers):
    new(win, answers, "duke-it-out", "Bricks", 20)
    assert win.reference.docks["attributes"].windowTitle() == "Templates"
    browser = win.reference.attribute_browser
    browser.search.setText("strider")
    assert browser.add_button.isEnabled() and browser.add_button.text() == "Add to the army as a new unit"
    browser.add_button.click()
    assert win.document.army.units[0].elements[0].template == "strider"
    assert win.header.bar.format() == "3 / 20 pts"
    win.commands.add_unit_action.trigger()  # a custom template
    form = win.form
    points = form.editors[("points",)].widget
    points.selectAll()
    qtbot.keyClicks(points, "1.5")
    armor = form.editors[("armor",)].widget
    armor.selectAll()
    qtbot.keyClicks(armor, "6")
    qtbot.mouseClick(form.editors[("weapons",)].widget.add_button, Qt.LeftButton)
    power = form.findChild(type(form.editors[("initiative",)].widget), "weapons_1_power")
    qtbot.waitUntil(power.isVisible)  # a new row is shown on the next pass of the event loop
    power.selectAll()
    qtbot.keyClicks(power, "7")
    element = win.document.element(1, 0)
    assert element.points == 1.5 and element.armor == "6" and element.weapons[1].power == 7
    assert win.header.bar.format() == "4.5 / 20 pts"
    warnings = [win.cost_panel.warnings.item(i).text() for i in range(win.cost_panel.warnings.count())]
    assert any("Armor 6 is above 5" in w for w in warnings)
    presets = [win.reference.dice_panel.presets.itemText(i) for i in range(win.reference.dice_panel.presets.count())]
    assert "Evade 3 (d6 ≤ 3)" in presets and "To hit, Accuracy 4 (d6 ≥ 4)" in presets


def test_2d6_force_in_the_gui(qtbot, win, answers):
    new(win, answers, "2d6-skirmish", "Raiders")
    for _ in range(3):
        win.commands.add_unit_action.trigger()
    form = win.form
    choose(qtbot, form.editors[("quality",)].widget, "elite")
    choose(qtbot, form.editors[("type",)].widget, "beasts")
    element = win.document.element(2, 0)
    assert (element.quality, element.type) == ("elite", "beasts")
    cost = price_army(win.document.army, win.document.system)
    assert cost.figures["routs_after_losing"] == 2
    assert "routs after losing 2" in win.header.bar.format()
    presets = [win.reference.dice_panel.presets.itemText(i) for i in range(win.reference.dice_panel.presets.count())]
    assert "Activation, Elite (4+ on 2D6)" in presets
    win.commands.undo_action.trigger()
    assert win.document.element(2, 0).type == "infantry"


def test_fow_v17_force_in_the_gui(qtbot, win, answers):
    new(win, answers, "fow-universal-1.7", "Lancers", 100)
    win.commands.add_unit_action.trigger()
    picker = win.form.attribute_editor.picker
    labels = [picker.itemText(i) for i in range(picker.count())]
    assert "Torso (+4) — vehicles only" in labels and not any(label.startswith("Sticky") for label in labels)
    assert win.cost_panel.element_total.text().startswith("<b>Element: 8 pts")  # d6 4 + move 4" at 2 DAC of d6


@pytest.mark.parametrize(
    "system_id,query,expected",
    [
        ("fubar", "damage", "Vehicle damage"),
        ("duke-it-out", "evade", "Templates"),
        ("2d6-skirmish", "morale", "Force morale"),
        ("fow-universal-1.7", "torso", "Torso"),
    ],
)
def test_quick_lookup_searches_each_system(qtbot, win, answers, system_id, query, expected):
    new(win, answers, system_id, "Lookup")
    win.reference.lookup_action.trigger()
    qtbot.keyClicks(win.reference.lookup.input, query)
    names = [win.reference.lookup.results.item(i).text() for i in range(win.reference.lookup.results.count())]
    assert any(n.startswith(expected) for n in names), names
    qtbot.keyClick(win.reference.lookup.input, Qt.Key_Return)
    assert win.reference.lookup.detail.toPlainText().strip()
    win.reference.lookup.close()


def test_switching_systems_leaves_no_old_fields_in_view(qtbot, win, answers):
    """A new army of another system rebuilds the form and the Matchup dock's situations. The old
    widgets must leave the screen at once: deleteLater waits for the event loop, and until then a
    widget still in its parent is drawn under the new ones (a user saw "Type" over "Quality")."""
    from shiboken6 import isValid

    win.reference.show_dock("matchup")
    new(win, answers, "fubar", "Platoon")
    win.commands.add_unit_action.trigger()
    old_body = win.form.body
    old_boxes = list(win.reference.matchup_panel._situation_boxes.values())
    assert old_body.isVisible()
    answers.unsaved = "discard"
    new(win, answers, "2d6-skirmish", "Raiders")
    win.commands.add_unit_action.trigger()
    assert win.form.body is not old_body and win.form.body.isVisible()
    assert not (isValid(old_body) and old_body.isVisible())
    assert old_boxes and not any(isValid(box) and box.isVisible() for box in old_boxes)
