"""Attribute/spell browsers, quick lookup and the dice roller, driven through their widgets."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtTest import QAbstractItemModelTester
from PySide6.QtWidgets import QApplication

from warbench.gui import theme
from warbench.gui.dice_panel import NOT_A_ROLL, TOO_MANY_TOTALS, DicePanel
from warbench.gui.reference import marked
from warbench.model.resources import examples_dir
from warbench.model.search import reference_entries, search
from warbench.model.systems import get_system

HUMAN = examples_dir() / "human-force.army.json"


def type_search(qtbot, browser, text: str) -> None:
    browser.search.clear()
    qtbot.keyClicks(browser.search, text)


def test_typing_filters_and_ranks_rows(qtbot, loaded):
    browser = loaded.reference.attribute_browser
    loaded.reference.show_dock("attributes")
    assert len(browser.visible_names()) == 58
    type_search(qtbot, browser, "fly")
    expected = [
        e.name
        for e in search([e for e in reference_entries(get_system("fow-special-ops")) if e.kind == "attribute"], "fly")
    ]
    assert browser.visible_names() == expected and expected[0] == "Flying"
    assert "Flying" in browser.detail.toPlainText()
    type_search(qtbot, browser, "morale")
    assert {"Brave", "Command", "Fearsome", "Unfeeling"} <= set(browser.visible_names())
    assert not browser.no_match.isVisible()


def test_no_match_is_said(qtbot, loaded):
    loaded.reference.show_dock("attributes")
    browser = loaded.reference.attribute_browser
    type_search(qtbot, browser, "qqqzz")
    assert browser.visible_names() == []
    assert browser.no_match.isVisible() and "qqqzz" in browser.no_match.text()


def test_accent_insensitive_search(qtbot, loaded):
    browser = loaded.reference.attribute_browser
    browser.search.setText("FEARSÓME")  # non-ASCII set directly
    assert browser.visible_names()[0] == "Fearsome"


def test_cost_kind_and_used_filters(qtbot, loaded):
    browser = loaded.reference.attribute_browser
    browser.kind_box.setCurrentIndex(browser.kind_box.findData("handicap"))
    cat = get_system("fow-special-ops").catalogue
    by_name = {a.name: a for a in cat.attributes.values()}
    assert browser.visible_names() and all(by_name[n].cost.category == "handicap" for n in browser.visible_names())
    browser.kind_box.setCurrentIndex(0)
    browser.used.setChecked(True)
    assert sorted(browser.visible_names()) == ["Agile", "Brave", "Command", "Skimmer", 'Template 4"', "Transport"]
    browser.select("command")
    assert (
        "Used in this army by: Assault Squad / Sergeant, Tactical Squad / Sergeant, Heavy Squad / Sergeant"
        in browser.detail.toPlainText()
    )


def test_add_to_selected_element_is_undoable(qtbot, loaded):
    browser = loaded.reference.attribute_browser
    loaded.reference.show_dock("attributes")
    loaded.select(1, 0)
    type_search(qtbot, browser, "tough")
    assert browser.current_id() == "tough" and browser.add_button.isEnabled()
    qtbot.mouseClick(browser.add_button, Qt.LeftButton)
    assert [a.id for a in loaded.document.element(1, 0).attributes] == ["agile", "brave", "tough"]
    assert loaded.commands.undo_action.text() == "Undo Add Tough to Tactical Troop"
    loaded.commands.undo_action.trigger()
    assert [a.id for a in loaded.document.element(1, 0).attributes] == ["agile", "brave"]
    loaded.select(1, None)
    assert not browser.add_button.isEnabled()


def test_switching_system_in_the_browser(qtbot, loaded):
    browser = loaded.reference.attribute_browser
    browser.show_system("fow-universal-1.7")
    type_search(qtbot, browser, "torso")
    assert browser.visible_names() == ["Torso"]
    assert not browser.add_button.isEnabled()  # the army is Special Ops: nothing to add Torso to


def test_spell_browser(qtbot, loaded):
    browser = loaded.reference.spell_browser
    type_search(qtbot, browser, "morale")
    assert browser.visible_names() == ["Ironwill", "Terrify"]
    assert "Difficulty: -1" in browser.detail.toPlainText()


def test_browser_models_pass_the_model_tester(qtbot, loaded):
    for browser in (loaded.reference.attribute_browser, loaded.reference.spell_browser):
        QAbstractItemModelTester(browser.model, QAbstractItemModelTester.FailureReportingMode.Fatal, browser.model)
        QAbstractItemModelTester(browser.proxy, QAbstractItemModelTester.FailureReportingMode.Fatal, browser.proxy)
        type_search(qtbot, browser, "re")
        browser.used.setChecked(True)
        browser.used.setChecked(False)
        browser.show_system("fow-universal-1.7")
        type_search(qtbot, browser, "")


def test_matched_words_are_highlighted(qtbot, loaded):
    fore, back = theme.mark_colours(QApplication.palette(), False)
    expected = f'<span style="color:{fore.name()};background:{back.name()}">Fly</span>ing &lt;b&gt;'
    assert marked("Flying <b>", "fly") == expected
    browser = loaded.reference.attribute_browser
    loaded.reference.show_dock("attributes")
    type_search(qtbot, browser, "fly")
    image = browser.table.viewport().grab().toImage()
    colours = {
        image.pixelColor(x, y).name() for x in range(0, image.width(), 2) for y in range(0, min(60, image.height()), 2)
    }
    assert back.name() in colours  # the highlight is painted in the first rows


def test_quick_lookup_palette(qtbot, loaded):
    loaded.reference.lookup_action.trigger()
    palette = loaded.reference.lookup
    assert palette.isVisible()
    qtbot.keyClicks(palette.input, "morale")
    first = palette.results.item(0).text()
    assert first.startswith("Morale modifiers")
    qtbot.keyClick(palette.input, Qt.Key_Return)
    assert "Frightened" in palette.detail.toPlainText()
    qtbot.keyClick(palette.input, Qt.Key_Down)
    assert palette.results.currentRow() == 1
    palette.input.clear()
    qtbot.keyClicks(palette.input, "scatter")
    names = [palette.results.item(i).text() for i in range(palette.results.count())]
    assert any(n.startswith("Inaccurate scatter") for n in names) and any(
        n.startswith("Artillery scatter and bounce") for n in names
    )
    palette.input.clear()
    qtbot.keyClicks(palette.input, "xyzzy")
    assert palette.results.item(0).text() == "No match for “xyzzy”"
    palette.close()


def test_one_click_dice_with_seeded_rng(qtbot, loaded):
    panel = loaded.reference.dice_panel
    expected = random.Random(42)
    qtbot.mouseClick(panel.die_buttons[6], Qt.LeftButton)
    first = expected.randint(1, 6)
    assert panel.result.text() == str(first)
    qtbot.mouseClick(panel.die_buttons[20], Qt.LeftButton)
    assert panel.result.text() == str(expected.randint(1, 20))
    assert [r[1] for r in panel.history_rows] == ["1d20", "1d6"]
    assert panel.history.rowCount() == 2
    assert panel.chart.rolled == int(panel.result.text())


def test_expression_roll_odds_and_chart(qtbot, app):
    panel = DicePanel(random.Random(3))
    qtbot.addWidget(panel)
    panel.show()
    panel.expression.clear()
    qtbot.keyClicks(panel.expression, "2d6")
    panel.target.setValue(7)
    assert "P(≥ 7) = 58.3%" in panel.odds.text() and "mean 7.00" in panel.odds.text()
    qtbot.keyClick(panel.expression, Qt.Key_Return)
    rolled = int(panel.result.text())
    assert panel.chart.rolled == rolled and len(panel.chart.points) == 11
    rects = dict(panel.chart.bar_rects())
    assert rects[7].height() == max(r.height() for r in rects.values())
    panel.chart.repaint()
    panel.expression.clear()
    qtbot.keyClicks(panel.expression, "3d6+x")
    assert panel.error.text() == "unexpected 'x' at character 5"
    assert panel.chart.points == [] and panel.chart.empty == NOT_A_ROLL  # not "Roll something": says why
    qtbot.mouseClick(panel.roll_button, Qt.LeftButton)
    assert panel.history.rowCount() == 1  # the bad expression was not rolled
    panel.expression.clear()
    qtbot.keyClicks(panel.expression, "999d999")
    assert "exact odds stop at" in panel.odds.text()
    assert panel.roll_expression("999d999")  # rolling still works
    assert panel.chart.points == [] and panel.chart.empty == TOO_MANY_TOTALS  # rolled, yet no chart: says why
    qtbot.mouseClick(panel.clear_button, Qt.LeftButton)
    assert panel.history.rowCount() == 0 and panel.history_rows == []


def test_fow_check_and_chance_table(qtbot, app):
    panel = DicePanel(random.Random(5))
    qtbot.addWidget(panel)
    d8 = list(panel.die_buttons).index(8)
    assert panel.table.item(d8, 3).text() == "75.0%"  # d8 with +1 needs a 3: 6 of 8
    panel.check_die.setCurrentIndex(panel.check_die.findData(6))
    panel.check_reroll.setChecked(True)
    assert "50.0% per attack (1/2)" in panel.check_chance.text()
    panel.check_attacks.setValue(10)
    assert "with your Lucky re-roll spent here" in panel.check_chance.text()
    expected = random.Random(5)
    hits, lucky_left = 0, True
    for _ in range(10):
        face = expected.randint(1, 6)
        if face < 4 and lucky_left:  # one re-roll for the whole game, on the first failure
            face, lucky_left = expected.randint(1, 6), False
        hits += face >= 4
    assert panel.roll_check() == hits
    assert panel.detail.text().count("→") == 1
    assert panel.result.text() == f"{hits} hit" + ("" if hits == 1 else "s")
    assert len(panel.chart.points) == 11 and panel.chart.rolled == hits


def test_the_searched_lists_are_indexed_at_idle_after_the_window_is_shown(qtbot, window):
    """The first keystroke in the quick lookup, a browser or the attribute picker builds no index: the window
    builds them once it is shown and idle (benchmarks/search.py times that keystroke)."""
    from warbench.model.search import entries_of, is_prepared

    system = window.document.system
    lists = [entries_of(system, kind) for kind in (None, "attribute", "spell")]
    qtbot.waitUntil(lambda: all(map(is_prepared, lists)))
    window.reference.quick_lookup()
    assert window.reference._lookup is not None and window.reference._lookup.entries is lists[0]
    assert window.reference.attribute_browser.model.entries is lists[1]
    assert window.reference.spell_browser.model.entries is lists[2]
    window.reference._lookup.close()
