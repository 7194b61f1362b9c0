"""Issue 11, "What a player expects to find": forgiving search in the browsers and the quick lookup,
the rule opened from where it is used, the picker's price, errata, problems named by what the player
sees, and the start page."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QToolButton, QWidget

from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"


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


# --- open the full rule from where it is used ------------------------------------------------------


def in_front(qtbot, dock) -> bool:
    qtbot.wait(20)
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def _shown_rule(window, dock: str) -> str | None:
    browser = window.reference.dock_widgets.get(dock)
    return browser.current_id() if browser is not None else None


def test_clicking_an_attribute_name_in_the_form_opens_its_rule(qtbot, loaded):
    loaded.select(0, 0)  # Assault Squad / Assault Troop: Agile, Brave
    rows = loaded.form.attribute_editor
    link = rows.findChild(QLabel, "ruleLink_0")
    assert "F1" in link.toolTip()
    browser = loaded.reference.show_dock("attributes")
    browser.search.setText("morale")  # a search that hides Agile
    loaded.reference.show_dock("dice")  # another tab in front
    assert not in_front(qtbot, loaded.reference.docks["attributes"])
    link.linkActivated.emit(link.text().split("href='")[1].split("'")[0])
    assert _shown_rule(loaded, "attributes") == "agile"
    assert in_front(qtbot, loaded.reference.docks["attributes"])
    assert "Agile" in browser.detail.toPlainText() and browser.search.text() == ""


def test_f1_in_an_attribute_row_opens_its_rule(qtbot, loaded):
    loaded.select(0, 0)
    row = loaded.form.attribute_editor.findChild(QWidget, "attribute_1_brave")
    remove = row.findChild(QToolButton)
    remove.setFocus()
    loaded.reference.open_rule_here()
    assert _shown_rule(loaded, "attributes") == "brave"
    assert loaded.reference.rule_action.shortcut().toString() == "F1"


def test_a_cost_line_opens_its_rule(qtbot, loaded):
    loaded.select(0, 0)
    table = loaded.cost_panel.table
    labels = [table.item(r, 0).text() for r in range(table.rowCount())]
    row = next(r for r, text in enumerate(labels) if text.startswith("Brave"))
    assert "F1" in table.item(row, 0).toolTip()
    plain = next(r for r, text in enumerate(labels) if text.startswith("base"))
    table.setFocus()
    table.setCurrentCell(plain, 0)
    loaded.reference.open_rule_here()  # the base die has no entry of its own: nothing opens, the status bar says why
    assert "F1" in loaded.statusBar().currentMessage() and not loaded.reference.docks["attributes"].isVisible()
    table.setCurrentCell(row, 0)
    qtbot.keyClick(table, Qt.Key_Return)
    assert _shown_rule(loaded, "attributes") == "brave" and in_front(qtbot, loaded.reference.docks["attributes"])


def test_a_spell_opens_its_rule(qtbot, loaded):
    loaded.select(0, 0)
    spells = loaded.form.spell_editor.list
    first, second = spells.item(0), spells.item(1)
    assert "F1" in first.toolTip()
    spells.itemDoubleClicked.emit(first)
    assert _shown_rule(loaded, "spells") == first.data(Qt.UserRole) and in_front(
        qtbot, loaded.reference.docks["spells"]
    )
    spells.setCurrentItem(second)
    spells.setFocus()
    loaded.reference.open_rule_here()
    assert _shown_rule(loaded, "spells") == second.data(Qt.UserRole)


# --- the attribute picker prices what it would add ---------------------------------------------------


def _picker_labels(window) -> dict[str, str]:
    picker = window.form.attribute_editor.picker
    return {picker.itemData(i): picker.itemText(i) for i in range(picker.count())}


def test_the_picker_shows_what_an_attribute_would_cost_this_element(qtbot, loaded):
    from warbench.model.element_rules import added_cost

    loaded.select(0, 1)  # Assault Squad / Sergeant: one model
    picker = loaded.form.attribute_editor.picker
    picker.setFocus()  # about to be used: priced now
    doc = loaded.document
    element = doc.army.units[0].elements[1]
    labels = _picker_labels(loaded)
    for attr_id in ("amphibious", "agile", "flying"):
        each = added_cost(doc.system, element, doc.army.options, attr_id).each
        assert each is not None
        name = doc.system.catalogue.attributes[attr_id].name
        assert labels[attr_id].startswith(f"{name} — +{each:g} pts ("), labels[attr_id]
    # another element, other prices: a nine-model squad says each and in all
    loaded.select(0, 0)
    picker.setFocus()
    assert "+8 pts each, +72 in all" in _picker_labels(loaded)["amphibious"]


def test_the_picker_follows_the_element_while_in_use(qtbot, loaded):
    loaded.select(0, 1)
    picker = loaded.form.attribute_editor.picker
    picker.setFocus()
    before = _picker_labels(loaded)["agile"]
    ui, ei = 0, 1
    loaded.document.edit_element(ui, ei, ("die",), "d12", "die")  # a bigger die: dearer attributes
    after = _picker_labels(loaded)["agile"]
    assert before != after


def test_the_picker_search_forgives_and_enter_takes_the_best_match(qtbot, loaded):
    loaded.select(0, 1)
    editor = loaded.form.attribute_editor
    qtbot.keyClicks(editor.picker.lineEdit(), "flyng")
    shown = editor.matches.stringList()
    assert shown and shown[0].startswith("Flying")
    qtbot.keyClick(editor.picker.lineEdit(), Qt.Key_Return)
    assert [ref.id for ref in loaded.document.army.units[0].elements[1].attributes][-1] == "flying"


@pytest.mark.parametrize(
    ("example", "weapon", "numbers"),
    [("fubar-rifle-platoon", "Sniper rifle", "FP"), ("2d6-dust-raiders", "Rifle", "shot")],
)
def test_weapon_pickers_show_their_key_numbers(qtbot, app, answers, window, example, weapon, numbers):
    window.open_file(examples_dir() / f"{example}.army.json")
    window.select(0, 0)
    combo = window.form.findChild(QComboBox, "weapons_0_weapon")
    labels = [combo.itemText(i) for i in range(combo.count())]
    system = window.document.system
    for weapon_id in system.weapons:
        w = system.weapons[weapon_id]
        assert f"{w['name']} ({system.weapon_attribute(w).cost.text})" in labels
    assert all(numbers in label for label in labels)


# --- errata in the window ----------------------------------------------------------------------------


def test_errata_are_said_in_the_form_and_the_cost_panel(qtbot, loaded):
    loaded.select(0, 0)  # Assault Troop: printed 18, ours 20 (fow-so-1)
    panel, form = loaded.cost_panel.published, loaded.form.published
    assert panel.isVisible() and form.isVisible()
    assert "Published 18 pts, ours 20 pts (errata fow-so-1)" in panel.text()
    assert "Power Claw" in panel.text() and "Power Claw" in form.text()
    for label in (panel, form):  # the reason in brief (the cost table keeps its room), the arithmetic on hover
        assert "Our arithmetic" in label.toolTip() and "Our arithmetic" not in label.text()
    loaded.select(0, 1)  # the Sergeant agrees with the book
    assert not panel.isVisible() and not form.isVisible()


# --- problems named by what the player sees ------------------------------------------------------------


def test_a_broken_file_is_explained_by_unit_and_element(qtbot, app, answers, window, tmp_path):
    import json

    data = json.loads(HUMAN.read_text(encoding="utf-8"))
    ui = next(i for i, u in enumerate(data["units"]) if u["name"] == "Tactical Squad")
    ei = next(i for i, e in enumerate(data["units"][ui]["elements"]) if e["name"] == "Sergeant")
    data["units"][ui]["elements"][ei]["die"] = "d7"
    bad = tmp_path / "bad.army.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    window.open_file(bad)
    (title, text) = answers.errors[-1]
    assert "Tactical Squad ▸ Sergeant: die 'd7' is not a die" in text
    assert f"— at units[{ui}].elements[{ei}].die" in text


def test_a_refused_edit_says_which_element(qtbot, loaded):
    loaded.select(0, 0)
    loaded.form._edit(("name",), "", "name")  # an empty name is refused
    message = loaded.form.message.text()
    assert message.startswith("Not applied: Assault Squad ▸ Assault Troop: name ")
    assert "— at units[0].elements[0].name" in message


# --- start where you left off ----------------------------------------------------------------------------


def test_first_start_shows_the_start_page(qtbot, app, answers):
    from warbench.gui import settings
    from warbench.gui.app import create_window

    assert settings.REOPEN_LAST.read() is True  # on by default
    w = create_window([])
    qtbot.addWidget(w)
    w.show()
    page = w.start.start_page
    assert w.start.on_start_page and page.isVisible()
    assert set(page.new_buttons) == {"fow-special-ops", "fow-universal-1.7", "fubar", "duke-it-out", "2d6-skirmish"}
    assert not page.recent.isVisible() and page.no_recent.isVisible()
    examples = [page.examples.item(i).text() for i in range(page.examples.count())]
    assert "Human Force\nFlat Out War – Special Operations" in examples and len(examples) >= 10
    page.new_buttons["fubar"].click()  # a new FUBAR army, and the builder in front
    assert not w.start.on_start_page and w.document.army.system == "fubar" and w.document.army.points_limit is None
    w.document.undo_stack.setClean()


def test_the_last_army_opens_again(qtbot, app, answers, tmp_path):
    import shutil

    from warbench.gui import settings
    from warbench.gui.app import create_window

    mine = tmp_path / "mine.army.json"
    shutil.copy(HUMAN, mine)
    settings.add_recent(str(mine))
    w = create_window([])
    qtbot.addWidget(w)
    assert w.document.path == mine and not w.start.on_start_page
    w.document.undo_stack.setClean()
    settings.REOPEN_LAST.write(False)  # the setting off: the start page, with the recent file and its folder
    w2 = create_window([])
    qtbot.addWidget(w2)
    assert w2.start.on_start_page
    item = w2.start.start_page.recent.item(0)
    assert item.text() == f"mine.army.json\n{tmp_path}"
    w2.start.start_page.recent.itemActivated.emit(item)
    assert w2.document.path == mine and not w2.start.on_start_page
    w2.document.undo_stack.setClean()


def test_a_missing_last_army_gives_the_start_page(qtbot, app, answers, tmp_path):
    from warbench.gui import settings
    from warbench.gui.app import create_window

    settings.add_recent(str(tmp_path / "gone.army.json"))
    w = create_window([])
    qtbot.addWidget(w)
    assert w.start.on_start_page and not answers.errors
    item = w.start.start_page.recent.item(0)
    assert "(missing)" in item.text() and not item.flags() & Qt.ItemIsEnabled


def test_an_example_opens_as_an_unsaved_copy(qtbot, app, answers, window):
    window.start.show_start_page()
    page = window.start.start_page
    item = next(
        page.examples.item(i) for i in range(page.examples.count()) if page.examples.item(i).text().startswith("Alien")
    )
    page.examples.itemActivated.emit(item)
    assert window.document.army.name == "Alien Force" and window.document.path is None
    assert not window.start.on_start_page
    window.start.action.trigger()  # File ▸ Start Page, and back
    assert window.start.on_start_page
    page.back.click()
    assert not window.start.on_start_page and window.document.army.name == "Alien Force"


def test_the_start_page_setting_is_remembered(qtbot, app, answers, window):
    from warbench.gui import settings

    window.start.show_start_page()
    window.start.start_page.reopen.setChecked(False)
    assert settings.REOPEN_LAST.read() is False
