"""The reference browsers and the quick lookup (gui/reference.py): search that forgives, names whole, each
system's columns."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics

from tests.gui.helpers import (
    DUKE,
    builder_window,
    focused,
    typed,
)
from warbench.model.resources import examples_dir


def test_quick_lookup_takes_the_typing(qtbot, active):
    active.tree.setFocus()
    qtbot.keyClick(active.tree, Qt.Key_K, Qt.ControlModifier)
    qtbot.waitUntil(lambda: focused() is active.reference.lookup.input)
    qtbot.keyClicks(focused(), "fly")
    assert active.reference.lookup.input.text() == "fly"
    active.reference.lookup.close()


def test_browsers_drop_the_previous_systems_search(qtbot, active, answers):
    browser = active.reference.attribute_browser
    active.reference.show_dock("attributes")
    qtbot.keyClicks(browser.search, "fly")
    active.open_file(examples_dir() / "2d6-dust-raiders.army.json")
    assert browser.search.text() == ""
    assert browser.visible_names()


def test_weapon_browser_does_not_call_range_a_cost(qtbot, active, answers):
    active.open_file(examples_dir() / "2d6-dust-raiders.army.json")
    browser = active.reference.attribute_browser
    titles = [browser.model.headerData(c, Qt.Horizontal) for c in range(browser.model.columnCount())]
    assert "Cost" not in titles and "Range · shots" in titles


def test_duke_templates_used_in_the_army(qtbot, active, answers):
    active.open_file(DUKE)
    browser = active.reference.attribute_browser
    active.reference.show_dock("attributes")
    browser.used.setChecked(True)
    used = browser.visible_names()
    assert used
    browser.select(browser.proxy.index(0, 0).data(Qt.UserRole))
    assert "Used in this army by" in browser.detail.toHtml()
    costs = [browser.model.index(r, 1).data() for r in range(browser.model.rowCount())]
    assert "2 pts" in costs and "1.5 pts" in costs and "12-18 pts" in costs
    assert not any(c.startswith("0") for c in costs)


@pytest.mark.parametrize("dock", ["attributes", "spells"])
def test_reference_names_are_whole_and_nothing_scrolls_sideways_at_1024x700(qtbot, app, answers, dock):
    w = builder_window(qtbot)
    w.reference.show_dock(dock)
    browser = w.reference.attribute_browser if dock == "attributes" else w.reference.spell_browser
    browser.search.setText("")
    qtbot.wait(10)
    table = browser.table
    assert table.horizontalScrollBar().maximum() == 0
    bold = QFont(table.font())
    bold.setBold(True)
    widest = max(QFontMetrics(bold).horizontalAdvance(name) for name in browser.visible_names())
    assert table.columnWidth(0) >= widest + 8  # "Heavy Melee Weapon", not "Heavy Melee We…"
    assert not table.isColumnHidden(1)  # the cost (or difficulty) stays beside the name
    w.resize(1900, 1000)
    w.resizeDocks([w.reference.docks[dock]], [1000], Qt.Horizontal)  # a wide panel
    qtbot.wait(10)
    assert table.viewport().width() > 800
    assert all(not table.isColumnHidden(c) for c in range(browser.model.columnCount()))  # room for every column
    w.document.undo_stack.setClean()


@pytest.mark.parametrize(
    ("dock", "query", "expected"),
    [
        ("attributes", "reroll", "Lucky"),
        ("attributes", "armour", "Heavy Armor"),
        ("attributes", "flyng", "Flying"),
        ("spells", "teleprt", "Teleport"),
    ],
)
def test_the_browsers_forgive(qtbot, loaded, dock, query, expected):
    browser = loaded.reference.show_dock(dock)
    typed(qtbot, browser.search, query)
    assert expected in browser.visible_names()
    assert not browser.no_match.isVisible()
    if query in ("flyng", "teleprt"):  # a typo: the entry it surely meant comes first, and is shown
        assert browser.visible_names()[0] == expected
        assert expected in browser.detail.toPlainText()


def test_a_typo_is_highlighted_as_the_word_it_was_read_as(qtbot, loaded):
    browser = loaded.reference.show_dock("attributes")
    typed(qtbot, browser.search, "flyng")
    assert browser.proxy.stand_ins == ("flying",)
    html = browser.detail.toHtml()
    assert "Flying</span>" in html  # the name, marked


def test_the_quick_lookup_forgives(qtbot, loaded):
    loaded.reference.quick_lookup()
    lookup = loaded.reference.lookup
    typed(qtbot, lookup.input, "teleprt")
    assert lookup.results.item(0).text().startswith("Teleport")
    typed(qtbot, lookup.input, "reroll")
    shown = [lookup.results.item(i).text() for i in range(lookup.results.count())]
    assert any(text.startswith("Lucky") for text in shown)
    lookup.close()
