"""Issue 11, "What a player expects to find": forgiving search in the browsers and the quick lookup,
the rule opened from where it is used, the picker's price, errata, problems named by what the player
sees, and the start page."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QToolButton, QWidget

from gui.main_window import MainWindow
from model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"


@pytest.fixture
def loaded(qtbot, app, answers):
    w = MainWindow(autosave_ms=3_600_000, dice_rng=random.Random(42))
    qtbot.addWidget(w)
    w.show()
    w.open_file(HUMAN)
    yield w
    w.document.undo_stack.setClean()


def typed(qtbot, field, text: str) -> None:
    field.clear()
    qtbot.keyClicks(field, text)


# --- search that forgives -----------------------------------------------------------------------


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
    browser = loaded.show_dock(dock)
    typed(qtbot, browser.search, query)
    assert expected in browser.visible_names()
    assert not browser.no_match.isVisible()
    if query in ("flyng", "teleprt"):  # a typo: the entry it surely meant comes first, and is shown
        assert browser.visible_names()[0] == expected
        assert expected in browser.detail.toPlainText()


def test_a_typo_is_highlighted_as_the_word_it_was_read_as(qtbot, loaded):
    browser = loaded.show_dock("attributes")
    typed(qtbot, browser.search, "flyng")
    assert browser.proxy.stand_ins == ("flying",)
    html = browser.detail.toHtml()
    assert "Flying</span>" in html  # the name, marked


def test_the_quick_lookup_forgives(qtbot, loaded):
    loaded.quick_lookup()
    lookup = loaded.lookup
    typed(qtbot, lookup.input, "teleprt")
    assert lookup.results.item(0).text().startswith("Teleport")
    typed(qtbot, lookup.input, "reroll")
    shown = [lookup.results.item(i).text() for i in range(lookup.results.count())]
    assert any(text.startswith("Lucky") for text in shown)
    lookup.close()


# --- open the full rule from where it is used ------------------------------------------------------


def in_front(qtbot, dock) -> bool:
    qtbot.wait(20)
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def _shown_rule(window, dock: str) -> str | None:
    browser = window._dock_widgets.get(dock)
    return browser.current_id() if browser is not None else None


def test_clicking_an_attribute_name_in_the_form_opens_its_rule(qtbot, loaded):
    loaded.select(0, 0)  # Assault Squad / Assault Troop: Agile, Brave
    rows = loaded.form.attribute_editor
    link = rows.findChild(QLabel, "ruleLink_0")
    assert "F1" in link.toolTip()
    browser = loaded.show_dock("attributes")
    browser.search.setText("morale")  # a search that hides Agile
    loaded.show_dock("dice")  # another tab in front
    assert not in_front(qtbot, loaded.docks["attributes"])
    link.linkActivated.emit(link.text().split("href='")[1].split("'")[0])
    assert _shown_rule(loaded, "attributes") == "agile"
    assert in_front(qtbot, loaded.docks["attributes"])
    assert "Agile" in browser.detail.toPlainText() and browser.search.text() == ""


def test_f1_in_an_attribute_row_opens_its_rule(qtbot, loaded):
    loaded.select(0, 0)
    row = loaded.form.attribute_editor.findChild(QWidget, "attribute_1_brave")
    remove = row.findChild(QToolButton)
    remove.setFocus()
    loaded.open_rule_here()
    assert _shown_rule(loaded, "attributes") == "brave"
    assert loaded.rule_action.shortcut().toString() == "F1"


def test_a_cost_line_opens_its_rule(qtbot, loaded):
    loaded.select(0, 0)
    table = loaded.cost_panel.table
    labels = [table.item(r, 0).text() for r in range(table.rowCount())]
    row = next(r for r, text in enumerate(labels) if text.startswith("Brave"))
    assert "F1" in table.item(row, 0).toolTip()
    plain = next(r for r, text in enumerate(labels) if text.startswith("base"))
    table.setFocus()
    table.setCurrentCell(plain, 0)
    loaded.open_rule_here()  # the base die has no entry of its own: nothing opens, the status bar says why
    assert "F1" in loaded.statusBar().currentMessage() and not loaded.docks["attributes"].isVisible()
    table.setCurrentCell(row, 0)
    qtbot.keyClick(table, Qt.Key_Return)
    assert _shown_rule(loaded, "attributes") == "brave" and in_front(qtbot, loaded.docks["attributes"])


def test_a_spell_opens_its_rule(qtbot, loaded):
    loaded.select(0, 0)
    spells = loaded.form.spell_editor.list
    first, second = spells.item(0), spells.item(1)
    assert "F1" in first.toolTip()
    spells.itemDoubleClicked.emit(first)
    assert _shown_rule(loaded, "spells") == first.data(Qt.UserRole) and in_front(qtbot, loaded.docks["spells"])
    spells.setCurrentItem(second)
    spells.setFocus()
    loaded.open_rule_here()
    assert _shown_rule(loaded, "spells") == second.data(Qt.UserRole)
