"""The dice panel (gui/dice_panel.py): results, re-rolls, history and the odds chart."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication


def test_dice_results_do_not_go_stale(qtbot, active):
    panel = active.reference.dice_panel
    panel.roll_expression("2d6")
    assert panel.result.text() != "—" and panel.chart.points
    panel.expression.clear()
    qtbot.keyClicks(panel.expression, "3d6+x")
    assert panel.error.text()
    assert panel.result.text() == "—" and panel.detail.text() == "" and panel.chart.points == []
    assert panel.odds.text() == ""
    panel.roll_expression("2d6")
    panel.presets.setCurrentIndex(1)
    panel.presets.activated.emit(1)
    expression, target = panel.presets.itemData(1)
    assert panel.expression.text() == expression and panel.target.value() == target
    assert panel.result.text() == "—" and panel.chart.rolled is None


def test_lucky_is_one_reroll_per_game_with_both_figures(qtbot, active):
    panel = active.reference.dice_panel
    panel.check_die.setCurrentIndex(panel.check_die.findData(6))
    panel.check_attacks.setValue(3)
    text = panel.check_chance.text()
    assert "3 attacks: mean 1.50 hits" in text
    assert "with your Lucky re-roll spent here: mean 1.94 hits" in text  # 3/2 + 7/16, not 9/4
    panel.check_attacks.setValue(1)
    assert panel.check_attacks.suffix() == " attack" and "1 attack:" in panel.check_chance.text()
    panel.check_attacks.setValue(30)
    panel.check_reroll.setChecked(True)
    panel.roll_check()
    assert panel.detail.text().count("→") == 1
    assert not panel.check_reroll.isEnabled() and not panel.check_reroll.isChecked()  # spent for the game
    panel.roll_check()
    assert "→" not in panel.detail.text()
    panel.new_game.click()
    assert panel.check_reroll.isEnabled()


def test_one_hit_and_one_attack_are_singular(qtbot, active):
    panel = active.reference.dice_panel
    panel.check_die.setCurrentIndex(panel.check_die.findData(20))
    panel.check_mod.setValue(2)
    panel.check_attacks.setValue(1)
    hits = panel.roll_check()
    assert panel.result.text() == f"{hits} hit" + ("" if hits == 1 else "s")
    assert panel.history_rows[0][1].startswith("1 attack ")


def test_the_dice_history_fits_the_panel_without_sideways_scrolling(qtbot, loaded):

    loaded.reference.show_dock("dice")
    panel = loaded.reference.dice_panel
    panel.history.resize(260, 200)  # a narrow panel
    for _ in range(3):
        panel.roll_expression("20d6+20d8")  # a long list of dice
    QApplication.processEvents()
    assert panel.history.horizontalScrollBar().maximum() == 0  # was a sideways scroll to read the dice
    header = panel.history.horizontalHeader()
    assert sum(header.sectionSize(c) for c in range(4)) <= panel.history.viewport().width()
    assert panel.history.item(0, 3).text() in panel.history.item(0, 3).toolTip()  # cut, whole in the tip


def test_the_dice_charts_axis_labels_are_whole_and_apart(qtbot, app):
    """1000d6 at a 1024x700 dock's width drew its end labels half outside the chart (".000", "599")."""
    import random

    from warbench.gui.dice_panel import DicePanel

    panel = DicePanel(random.Random(3))
    qtbot.addWidget(panel)
    panel.resize(260, 600)
    panel.show()
    chart = panel.chart
    for expression in ("1000d6", "3d6", "2d20+5", "10d100"):
        panel.roll_expression(expression)
        boxes = chart.label_boxes()
        values = [value for value, _ in boxes]
        first, last = chart.bar_rects()[0][0], chart.bar_rects()[-1][0]
        assert {first, last, chart.rolled} <= set(values), (expression, values)
        metrics = QFontMetrics(chart.label_font())
        for value, box in boxes:
            assert 0 <= box.left() and box.right() <= chart.width(), (expression, value, box)
            assert box.width() >= metrics.horizontalAdvance(str(value)), (expression, value)
        for (_, a), (_, b) in zip(boxes, boxes[1:]):
            assert a.right() <= b.left(), (expression, values)


def test_a_big_pools_chart_draws_the_totals_that_come_up(qtbot, app):
    """1000d6 drew all 5,001 totals: the few hundred with any chance were a one-pixel sliver in the middle."""
    import random

    from warbench.gui.dice_panel import TAIL_FRACTION, DicePanel

    panel = DicePanel(random.Random(3))
    qtbot.addWidget(panel)
    panel.resize(260, 600)
    panel.show()
    panel.roll_expression("1000d6")
    chart = panel.chart
    shown = chart.shown_points()
    assert len(shown) < len(chart.points) / 5
    assert sum(p for _, p in shown) > 0.999  # what is left off is too rare to draw
    peak = max(p for _, p in chart.points)
    assert all(p < peak / TAIL_FRACTION for value, p in chart.points if (value, p) not in shown)
    assert chart.rolled in [value for value, _ in shown]
    panel.roll_expression("2d6")  # a small pool is drawn whole
    assert chart.shown_points() == chart.points and len(chart.points) == 11


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_dice_bars_stand_out_in_both_schemes(app, restore_palette, scheme):
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QStyleFactory

    from warbench.gui import theme
    from warbench.gui.dice_panel import bar_colours

    palette = theme.dark_palette() if scheme == "dark" else QStyleFactory.create("Fusion").standardPalette()
    colours = bar_colours(palette)
    base = palette.color(QPalette.Base)
    assert all(theme.contrast(c, base) >= 3.0 for c in colours.values()), {k: c.name() for k, c in colours.items()}
    assert theme.contrast(colours["bar"], colours["at_least"]) >= 1.5  # told apart
    assert colours["rolled"].name() not in (colours["bar"].name(), colours["at_least"].name())
