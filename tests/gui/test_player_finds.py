"""Issue 11, "What a player expects to find": forgiving search in the browsers and the quick lookup,
the rule opened from where it is used, the picker's price, errata, problems named by what the player
sees, and the start page."""

from __future__ import annotations

import random

import pytest

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
