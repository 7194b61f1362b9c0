"""Homebrew entries, the library and text export, driven through the real window."""

from __future__ import annotations

import json
import os

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from warbench.model.resources import examples_dir
from warbench.model.textexport import army_text

HUMAN = examples_dir() / "human-force.army.json"


def test_copy_army_as_text_in_each_format(qtbot, window, answers):
    assert window.open_file(HUMAN, ask=False)
    menu = window.commands.copy_text_menu
    assert menu in [a.menu() for a in window.commands.edit_menu.actions() if a.menu()]
    for fmt in ("plain", "markdown", "bbcode"):
        action = next(a for a in menu.actions() if a.objectName() == f"copy_text_{fmt}")
        action.trigger()
        assert QApplication.clipboard().text() == army_text(window.document.army, fmt=fmt)
    assert "Total: 996 / 1000 pts" in QApplication.clipboard().text()


HOMEBREW = {
    "attributes": [
        {"id": "banner", "name": "Banner", "text": "Rally point.", "cost": {"kind": "percent", "percent": 10}}
    ],
    "spells": [{"id": "mud", "name": "Mud", "difficulty": 2, "range": 12, "duration": 1, "text": "Sticky."}],
}


def _open_homebrew_army(window, tmp_path, attributes=("banner",)):
    from tests.helpers import army_data, element

    data = army_data(elements=[element(name="Bannerman", die="d8", move=4, attributes=list(attributes))])
    data["homebrew"] = json.loads(json.dumps(HOMEBREW))
    path = tmp_path / "hb.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert window.open_file(path, ask=False)
    return path


def _attribute_dialog(qtbot, window, section=None, entry=None, kind="attributes"):
    from warbench.gui.homebrew import HomebrewDialog

    system = window.document.system
    dialog = HomebrewDialog(system, section or {}, system.homebrew.homebrew_kind(kind), entry)
    qtbot.addWidget(dialog)
    return dialog


def _choose(dialog, key, value):
    """Pick ``value`` in the field's list as the user does (``activated``)."""
    box = dialog.editors[key].widget
    box.setCurrentIndex(box.findData(value))
    box.activated.emit(box.currentIndex())


def test_attribute_dialog_builds_each_cost_kind(qtbot, window):
    dialog = _attribute_dialog(qtbot, window)
    qtbot.keyClicks(dialog.name, "Long Legs")
    _choose(dialog, "cost_kind", "per_inches")
    assert dialog.editors["points"].widget.isHidden() and not dialog.editors["per_inches"].widget.isHidden()
    dialog.editors["dac"].widget.setValue(1)
    dialog.editors["per_inches"].widget.setValue(4)
    _choose(dialog, "requires_weapon", "ranged")
    assert dialog.description.text() == 'Shown as: +1 DAC per 4"'
    dialog.accept()
    assert dialog.result_entry == {
        "id": "long-legs",
        "name": "Long Legs",
        "text": "",
        "tags": [],
        "cost": {"kind": "dac", "dac": 1, "per_inches": 4},
        "restrictions": {"requires_weapon": "ranged"},
    }
    for kind, field, value, cost in (
        ("flat", "points", 6, {"kind": "flat", "points": 6}),
        ("percent", "percent", -10, {"kind": "percent", "percent": -10}),
        ("dac", "dac", 2, {"kind": "dac", "dac": 2, "die": "melee"}),
    ):
        dialog = _attribute_dialog(qtbot, window)
        dialog.name.setText(f"Thing {kind}")
        _choose(dialog, "cost_kind", kind)
        shown = {
            k for k in ("points", "dac", "percent", "die", "per_inches") if not dialog.editors[k].widget.isHidden()
        }
        assert field in shown and "per_inches" not in shown
        dialog.editors[field].widget.setValue(value)
        _choose(dialog, "die", "melee")
        dialog.accept()
        assert dialog.result_entry["cost"] == cost


def test_attribute_dialog_refuses_bad_definitions(qtbot, window):
    dialog = _attribute_dialog(qtbot, window)
    dialog.name.setText("Heavy Armour")
    dialog.accept()
    assert dialog.result_entry is None
    assert "Name: 'Heavy Armour' shadows the built-in attribute Heavy Armor" in dialog.error.text()
    dialog.name.setText("Stilts")
    _choose(dialog, "cost_kind", "per_inches")
    dialog.editors["dac"].widget.setValue(-1)
    assert "cannot be negative" in dialog.description.text()
    dialog.accept()
    assert dialog.result_entry is None and "a per-inch cost cannot be negative" in dialog.error.text()


def test_attribute_dialog_edits_keep_what_it_does_not_show(qtbot, window):
    old = {
        "id": "jet-pack",
        "name": "Jet Pack",
        "text": "Hops.",
        "tags": ["movement", "air"],
        "cost": {"kind": "dac", "dac": 1, "per_inches": 4, "die": "ranged"},
        "restrictions": {"requires_any": ["flying", "skimmer"], "excludes": ["slow"]},
        "origin": "a newer writer's field",
    }
    dialog = _attribute_dialog(qtbot, window, {"attributes": [old]}, old)
    ed = dialog.editors
    assert (ed["cost_kind"].get(), ed["dac"].get(), ed["die"].get(), ed["per_inches"].get()) == (
        "per_inches",
        1,
        "ranged",
        4,
    )
    assert ed["tags"].get() == "movement, air" and ed["requires_any"].get() == "flying"
    assert dialog.description.text() == "Shown as: +1 DAC of the ranged weapon's die per 4\""
    ed["per_inches"].widget.setValue(3)
    dialog.accept()
    assert dialog.result_entry == old | {"cost": {"kind": "dac", "dac": 1, "per_inches": 3, "die": "ranged"}}
    # choosing another needed attribute replaces the list; "no other attribute" removes it
    dialog = _attribute_dialog(qtbot, window, {"attributes": [old]}, old)
    _choose(dialog, "requires_any", "")
    dialog.accept()
    assert dialog.result_entry["restrictions"] == {"excludes": ["slow"]}


def test_spell_dialog_reads_either_sign_and_text_spans(qtbot, window):
    old = {"id": "mud", "name": "Mud", "difficulty": -2, "range": "touch", "duration": 1, "text": "Sticky."}
    dialog = _attribute_dialog(qtbot, window, {"spells": [old]}, old, kind="spells")
    ed = dialog.editors
    assert (ed["difficulty"].get(), ed["range"].get(), ed["duration"].get()) == (2, "touch", "1")
    ed["range"].widget.setText("12")
    dialog.accept()
    assert dialog.result_entry == old | {"difficulty": 2, "range": 12, "template": "none"}


def test_new_edit_duplicate_delete_in_the_browser(qtbot, window, answers, monkeypatch, tmp_path):
    from warbench.gui import homebrew

    _open_homebrew_army(window, tmp_path, attributes=())
    window.reference.show_dock("attributes")
    browser = window.reference.attribute_browser
    assert browser.homebrew_bar.isVisible()
    asked = []

    def fake_edit(parent, system, section, kind, entry_id=None, duplicate=False):
        asked.append((kind, entry_id, duplicate))
        if duplicate:
            return {"id": "rocket-pod-2", "name": "Rocket Pod II", "cost": {"kind": "flat", "points": 7}}
        points = 9 if entry_id else 6
        return {"id": "rocket-pod", "name": "Rocket Pod", "cost": {"kind": "flat", "points": points}, "x": 1}

    monkeypatch.setattr(homebrew, "edit_entry", fake_edit)
    qtbot.mouseClick(browser.homebrew_buttons["new"], Qt.LeftButton)
    assert "Rocket Pod [homebrew]" in browser.visible_names()
    assert browser.current_id() == "rocket-pod"
    assert window.document.homebrew["attributes"][-1]["x"] == 1  # unknown fields kept
    # the new entry prices like any attribute: d8 base 6 + move 4" (2 × 3) + 6 = 18
    window.select(0, 0)
    window.reference.add_attribute_from_browser("rocket-pod")
    assert window.document.cost.units[0].elements[0].cost_each == 18
    lines = [window.cost_panel.table.item(r, 0).text() for r in range(window.cost_panel.table.rowCount())]
    assert "[homebrew] Rocket Pod" in lines
    assert browser.homebrew_buttons["edit"].isEnabled()
    qtbot.mouseClick(browser.homebrew_buttons["edit"], Qt.LeftButton)
    assert window.document.cost.units[0].elements[0].cost_each == 21
    qtbot.mouseClick(browser.homebrew_buttons["duplicate"], Qt.LeftButton)
    assert "Rocket Pod II [homebrew]" in browser.visible_names()
    assert asked == [
        ("attributes", None, False),
        ("attributes", "rocket-pod", False),
        ("attributes", "rocket-pod", True),
    ]
    browser.select("rocket-pod")
    qtbot.mouseClick(browser.homebrew_buttons["delete"], Qt.LeftButton)  # in use: refused
    assert answers.errors and "Rocket Pod is used by Unit / Bannerman" in answers.errors[-1][1]
    browser.select("rocket-pod-2")
    qtbot.mouseClick(browser.homebrew_buttons["delete"], Qt.LeftButton)
    assert "Rocket Pod II [homebrew]" not in browser.visible_names()
    window.document.undo_stack.undo()
    assert "Rocket Pod II [homebrew]" in browser.visible_names()
    browser.select("brave")
    assert browser.current_id() == "brave" and not browser.homebrew_buttons["edit"].isEnabled()


def test_a_new_homebrew_attribute_can_be_made_free_in_the_army_menu(qtbot, window, answers, tmp_path):
    _open_homebrew_army(window, tmp_path)
    assert ("free_attributes", "banner") in window.commands.option_actions
    pod = {"id": "rocket-pod", "name": "Rocket Pod", "cost": {"kind": "flat", "points": 6}}
    window.document.put_homebrew("attribute", pod)
    action = window.commands.option_actions[("free_attributes", "rocket-pod")]
    action.trigger()
    assert window.document.army.options.free_attributes == ["rocket-pod"]


def test_homebrew_spells_in_the_spell_browser(qtbot, window, answers, tmp_path):
    _open_homebrew_army(window, tmp_path)
    window.reference.show_dock("spells")
    browser = window.reference.spell_browser
    assert "Mud [homebrew]" in browser.visible_names()
    browser.select("mud")
    assert "Homebrew: defined in this army" in browser.detail.toPlainText()


def _library():
    from warbench.gui.library import library

    return library()


def test_new_homebrew_goes_to_the_library_and_the_next_army_can_use_it(qtbot, window, answers, monkeypatch, tmp_path):
    from warbench.gui import homebrew, library

    pod = {"id": "rocket-pod", "name": "Rocket Pod", "cost": {"kind": "flat", "points": 6}}
    monkeypatch.setattr(homebrew, "edit_entry", lambda *a, **k: dict(pod))
    window.reference.show_dock("attributes")
    browser = window.reference.attribute_browser
    qtbot.mouseClick(browser.homebrew_buttons["new"], Qt.LeftButton)
    assert _library().homebrew("fow-special-ops") == {"attributes": [pod]}
    assert _library().root.is_relative_to(os.environ["XDG_DATA_HOME"])  # the app-data folder (sandboxed)
    # the next army: empty, then takes Rocket Pod from the library
    window.document.undo_stack.setClean()
    answers.new_army = ("fow-special-ops", "Next", 500)
    window.files.new_army()
    assert window.document.homebrew == {}
    offered = []
    monkeypatch.setattr(
        library, "pick", lambda parent, title, rows, multi, note="": offered.extend(rows) or [rows[0][2]]
    )
    qtbot.mouseClick(window.reference.attribute_browser.homebrew_buttons["library"], Qt.LeftButton)
    assert [label for label, _detail, _entry in offered] == ["Rocket Pod"]
    assert window.document.homebrew == {"attributes": [pod]}
    assert "Rocket Pod [homebrew]" in window.reference.attribute_browser.visible_names()


def test_opening_an_army_offers_its_homebrew_to_the_library(qtbot, window, answers, tmp_path):
    answers.add_homebrew = True
    _open_homebrew_army(window, tmp_path)
    assert answers.asked[-1] == "homebrew:Test Army:Banner, Mud"
    assert _library().homebrew("fow-special-ops") == HOMEBREW
    answers.asked.clear()
    window.open_file(tmp_path / "hb.army.json", ask=False)
    assert not [a for a in answers.asked if a.startswith("homebrew:")]  # nothing new: not asked again


def test_declining_the_offer_leaves_the_library_alone(qtbot, window, answers, tmp_path):
    answers.add_homebrew = False
    _open_homebrew_army(window, tmp_path)
    assert answers.asked[-1].startswith("homebrew:")
    assert _library().homebrew("fow-special-ops") == {}


def test_save_to_library_and_insert_priced_under_the_armys_options(qtbot, window, answers, monkeypatch, tmp_path):
    from warbench.gui import library

    _open_homebrew_army(window, tmp_path)  # Bannerman: d8, move 4", Banner (10 %)
    window.select(0, 0)
    window.library.save_design_action.trigger()
    (design,), problems = _library().designs("fow-special-ops")
    assert problems == [] and design.kind == "element" and design.homebrew == {"attributes": HOMEBREW["attributes"]}
    window.select(0, None)
    window.library.save_design_action.trigger()
    assert len(_library().designs("fow-special-ops")[0]) == 2
    # a new army without the homebrew entry: the design brings Banner along, in one undo step
    window.document.undo_stack.setClean()
    answers.new_army = ("fow-special-ops", "Other", 1000)
    window.files.new_army()
    shown = []

    def choose(parent, title, rows, multi, note="", **_kw):
        shown.extend(rows)
        return [next(payload for label, _d, payload in rows if payload.kind == "element")]

    monkeypatch.setattr(library, "pick", choose)
    window.library.insert_design_action.trigger()
    # d8 base 6 + move 4" (2 DAC × 3 = 6) = 12; Banner 10 % of 12 = 1.2 -> 2: 14
    assert ("Bannerman", "element · 14 pts") in [(label, detail) for label, detail, _p in shown]
    assert window.document.homebrew == {"attributes": HOMEBREW["attributes"]}
    unit = window.document.army.units[-1]
    assert unit.elements[-1].name == "Bannerman"
    assert window.document.cost.units[-1].elements[-1].cost_each == 14
    window.document.undo_stack.undo()
    assert window.document.homebrew == {}


def test_import_units_from_another_army_file(qtbot, window, answers, monkeypatch):
    from warbench.gui import library

    answers.open_path = str(HUMAN)
    monkeypatch.setattr(library, "pick", lambda parent, title, rows, multi, note="": [rows[1][2], rows[3][2]])
    before = len(window.document.army.units)
    window.library.import_units_action.trigger()
    names = [u.name for u in window.document.army.units[before:]]
    assert names == ["Tactical Squad", "Hover APCs"]
    window.document.undo_stack.undo()
    assert len(window.document.army.units) == before


def test_import_units_refuses_another_system(qtbot, window, answers):
    answers.open_path = str(examples_dir() / "fubar-rifle-platoon.army.json")
    window.library.import_units_action.trigger()
    assert answers.errors and "units cannot move between them" in answers.errors[-1][1]


def test_pick_dialog_filters_and_picks(qtbot):
    from warbench.gui.library import PickDialog

    dialog = PickDialog("t", [("Tactical Squad", "248 pts", 1), ("Hover Tanks", "176 pts", 2)], multi=False)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.search, "hover")
    assert dialog.picked() == [2]
    multi = PickDialog("t", [("A", "", 1), ("B", "", 2)], multi=True)
    qtbot.addWidget(multi)
    multi.list.item(1).setCheckState(Qt.Checked)
    assert multi.picked() == [2]


def test_other_systems_homebrew_is_marked_in_the_browser_and_usable(qtbot, window, tmp_path):
    """Duke It Out / FUBAR homebrew from the army file: marked and addable (their dialogs: test_homebrew_dialogs)."""
    from tests.model.test_homebrew_systems import _duke, _fubar

    path = tmp_path / "duke.army.json"
    path.write_text(json.dumps(_duke()), encoding="utf-8")
    assert window.open_file(path, ask=False)
    window.reference.show_dock("attributes")
    browser = window.reference.attribute_browser
    names = browser.visible_names()
    assert "Mud Crawler [homebrew]" in names and "Arc Lance [homebrew]" in names
    assert "Strider" in names
    browser.select("mud-crawler")
    assert "Homebrew: defined in this army" in browser.detail.toPlainText()
    before = len(window.document.army.units)
    qtbot.mouseClick(browser.add_button, Qt.LeftButton)
    assert len(window.document.army.units) == before + 1
    assert window.document.army.units[-1].elements[0].template == "mud-crawler"

    path = tmp_path / "fubar.army.json"
    path.write_text(json.dumps(_fubar()), encoding="utf-8")
    window.document.undo_stack.setClean()
    assert window.open_file(path, ask=False)
    assert "Gauss Rifle [homebrew]" in browser.visible_names()


def test_rename_and_delete_designs_in_the_insert_dialog(qtbot, window, answers, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QDialog

    from warbench.gui import library

    _open_homebrew_army(window, tmp_path)
    window.select(0, 0)
    window.library.save_design_action.trigger()  # the element Bannerman
    window.select(0, None)
    window.library.save_design_action.trigger()  # its unit, "Unit"
    seen = {}

    def drive(dialog):
        def labels():
            return [dialog.list.item(i).data(Qt.UserRole + 1) for i in range(dialog.list.count())]

        seen["before"] = labels()
        dialog.list.setCurrentRow(labels().index("Bannerman"))
        answers.text = "Flag Bearer"
        qtbot.mouseClick(dialog.action_buttons["renameDesign"], Qt.LeftButton)
        seen["renamed"] = (labels(), dialog.list.currentItem().data(Qt.UserRole + 1))
        dialog.list.setCurrentRow(labels().index("Unit"))
        answers.delete = False
        qtbot.mouseClick(dialog.action_buttons["deleteDesign"], Qt.LeftButton)  # declined: kept
        seen["declined"] = labels()
        answers.delete = True
        qtbot.mouseClick(dialog.action_buttons["deleteDesign"], Qt.LeftButton)
        seen["deleted"] = labels()
        qtbot.keyClicks(dialog.search, "zzz")  # nothing shown: nothing to rename or delete
        seen["enabled"] = dialog.action_buttons["renameDesign"].isEnabled()
        dialog.search.clear()
        dialog.list.setCurrentRow(0)
        return QDialog.Accepted

    monkeypatch.setattr(library.PickDialog, "exec", drive)
    window.library.insert_design_action.trigger()
    assert seen == {
        "before": ["Bannerman", "Unit"],
        "renamed": (["Flag Bearer", "Unit"], "Flag Bearer"),
        "declined": ["Flag Bearer", "Unit"],
        "deleted": ["Flag Bearer"],
        "enabled": False,
    }
    assert "Rename design" in answers.asked and "Delete “Unit” from your library?" in answers.asked
    (design,), _ = _library().designs("fow-special-ops")
    assert design.name == "Flag Bearer" and design.path.name == "flag-bearer.json"
    # the renamed design is inserted under its new name, into the selected unit
    assert window.document.army.units[0].elements[-1].name == "Flag Bearer"
