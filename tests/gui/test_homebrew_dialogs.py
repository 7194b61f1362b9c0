"""New…/Edit…/Duplicate/Delete of homebrew entries for the systems whose entries are not Flat Out War's
attributes and spells: Duke It Out templates and weapons, FUBAR and 2D6 weapons. The dialog's fields are
the ones the system declares (``Homebrew.homebrew_kinds``)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from tests.model.test_homebrew_systems import _duke, _fubar, _skirmish
from warbench.model.systems import get_system


def _dialog(qtbot, system_id: str, key: str, section=None, entry=None, duplicate=False):
    from warbench.gui.homebrew import HomebrewDialog

    system = get_system(system_id)
    dialog = HomebrewDialog(system, section or {}, system.homebrew.homebrew_kind(key), entry, duplicate)
    qtbot.addWidget(dialog)
    return dialog


def test_each_system_declares_what_its_homebrew_entries_have():
    kinds = {
        sid: [(k.key, k.browser) for k in get_system(sid).homebrew.homebrew_kinds()]
        for sid in ("fow-special-ops", "duke-it-out", "fubar", "2d6-skirmish")
    }
    assert kinds == {
        "fow-special-ops": [("attributes", "attribute"), ("spells", "spell")],
        "duke-it-out": [("templates", "attribute"), ("weapons", "attribute")],
        "fubar": [("weapons", "attribute")],
        "2d6-skirmish": [("weapons", "attribute")],
    }
    duke = {k.key: [f.key for f in k.fields] for k in get_system("duke-it-out").homebrew.homebrew_kinds()}
    assert duke["weapons"] == ["power", "range", "note"]
    assert "count" not in duke["templates"] and "points" in duke["templates"] and "weapons" in duke["templates"]
    fubar = [f.key for f in get_system("fubar").homebrew.homebrew_kinds()[0].fields]
    assert fubar == ["group", "range_in", "range_cm", "fp", "harms_armoured", "ignores_cover", "crew", "mount", "notes"]


def test_duke_template_dialog_makes_a_template_from_the_systems_fields(qtbot):
    dialog = _dialog(qtbot, "duke-it-out", "templates")
    assert dialog.windowTitle() == "New homebrew template — Duke It Out"
    qtbot.keyClicks(dialog.name, "Mud Crawler")
    ed = dialog.editors
    ed["type"].widget.setCurrentIndex(ed["type"].widget.findData("tank"))
    ed["points"].widget.setText("2-3")
    ed["move"].widget.setText("4")
    ed["armor"].widget.setText("4")
    qtbot.mouseClick(ed["weapons"].widget.add_button, Qt.LeftButton)
    weapons = ed["weapons"].widget
    assert len(weapons.rows) == 1
    weapons.rows[0]["name"].widget.setText("Slag Gun")
    weapons.rows[0]["power"].widget.setValue(5)
    ed["special"].widget.setPlainText("Wades through mud.")
    dialog.accept()
    assert dialog.error.isHidden(), dialog.error.text()
    assert dialog.result_entry == {
        "id": "mud-crawler",
        "name": "Mud Crawler",
        "type": "tank",
        "points": "2-3",
        "move": "4",
        "initiative": 3,
        "evade": "3",
        "accuracy": 4,
        "armor": "4",
        "body": "3",
        "weapons": [{"name": "Slag Gun", "power": 5, "range": "12", "count": "1", "note": ""}],
        "special": "Wades through mud.",
    }
    # a whole number of points is written as a number, 1.5 as 1.5
    dialog = _dialog(qtbot, "duke-it-out", "templates")
    dialog.name.setText("Scout")
    dialog.editors["points"].widget.setText("1.5")
    dialog.accept()
    assert dialog.result_entry["points"] == 1.5 and "jump" not in dialog.result_entry


def test_fields_dialog_refuses_bad_entries_naming_the_field(qtbot):
    dialog = _dialog(qtbot, "duke-it-out", "templates")
    dialog.accept()
    assert dialog.result_entry is None and dialog.error.text() == "Give it a name."
    dialog.name.setText("Lumberer")
    dialog.editors["points"].widget.setText("3-2")
    dialog.accept()
    assert dialog.result_entry is None
    assert dialog.error.text().startswith("Points: '3-2' is not points"), dialog.error.text()
    dialog.editors["points"].widget.setText("2")
    dialog.editors["move"].widget.setText("fast")
    dialog.accept()
    assert dialog.result_entry is None and dialog.error.text().startswith("MOVE: "), dialog.error.text()

    dialog = _dialog(qtbot, "fubar", "weapons")
    dialog.name.setText("Pistol")
    dialog.accept()
    assert dialog.result_entry is None
    assert "Name: 'Pistol' shadows the built-in weapon Pistol/Revolver of FUBAR" in dialog.error.text()

    dialog = _dialog(qtbot, "2d6-skirmish", "weapons")
    dialog.name.setText("Arc Caster")
    dialog.editors["assault_attacks"].widget.setText("lots")
    dialog.accept()
    assert dialog.result_entry is None
    assert dialog.error.text() == (
        "Assault attacks: 'lots' is not a number of attacks (a number such as 2, or a die such as D3)"
    )
    dialog.editors["assault_attacks"].widget.setText("D3")
    dialog.accept()
    assert dialog.result_entry == {
        "id": "arc-caster",
        "name": "Arc Caster",
        "range": 24,
        "shots": 1,
        "assault_attacks": "D3",
        "to_kill": 4,
        "harms_armoured": False,
    }


def test_fubar_weapon_dialog_optional_fields_and_lists(qtbot):
    dialog = _dialog(qtbot, "fubar", "weapons")
    dialog.name.setText("Gauss Rifle")
    ed = dialog.editors
    ed["range_in"].widget.setValue(30)
    ed["fp"].widget.setValue(2)
    ed["notes"].widget.setText(" pierces cover ;  loud;")
    dialog.accept()
    entry = dialog.result_entry
    # unticked optional fields (cm range, crew) and no mount ticked are left out: the file's defaults apply
    assert entry == {
        "id": "gauss-rifle",
        "name": "Gauss Rifle",
        "group": "small arms",
        "range_in": 30,
        "fp": 2,
        "harms_armoured": False,
        "ignores_cover": False,
        "notes": ["pierces cover", "loud"],
    }
    # editing shows what the entry has and keeps fields the dialog does not know
    old = entry | {"crew": 2, "mount": ["tank", "bunker"], "origin": "a newer writer's field"}
    dialog = _dialog(qtbot, "fubar", "weapons", {"weapons": [old]}, old)
    assert dialog.windowTitle().startswith("Edit homebrew weapon")
    assert ed is not dialog.editors and dialog.editors["crew"].get() == 2
    assert dialog.editors["mount"].get() == ["tank", "bunker"] and dialog.editors["range_cm"].get() is None
    assert dialog.editors["notes"].get() == "pierces cover; loud"
    dialog.editors["crew"].check.click()  # untick: the weapon needs no crew any more
    dialog.accept()
    assert "crew" not in dialog.result_entry
    assert dialog.result_entry["origin"] == "a newer writer's field" and dialog.result_entry["id"] == "gauss-rifle"


def test_duplicate_gets_a_new_id_and_name(qtbot):
    old = _duke()["homebrew"]["templates"][0]
    dialog = _dialog(qtbot, "duke-it-out", "templates", _duke()["homebrew"], old, duplicate=True)
    assert dialog.name.text() == "Mud Crawler (copy)"
    dialog.accept()
    assert dialog.result_entry["id"] == "mud-crawler-copy" and dialog.result_entry["points"] == "2-3"
    assert dialog.result_entry["origin"] == old["origin"]


def _drive_dialog(monkeypatch, fill):
    """Run the real dialog without a modal loop: ``fill(dialog)`` types, then OK is pressed."""
    from warbench.gui import homebrew

    seen = []

    def exec_(dialog):
        seen.append(dialog)
        fill(dialog)
        dialog.accept()
        return QDialog.Accepted if dialog.result_entry is not None else QDialog.Rejected

    monkeypatch.setattr(homebrew.HomebrewDialog, "exec", exec_)
    return seen


def _open(window, tmp_path, data, name):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    window.document.undo_stack.setClean()
    assert window.open_file(path, ask=False)
    window.reference.show_dock("attributes")
    return window.reference.attribute_browser


def test_duke_new_edit_duplicate_delete_in_the_browser(qtbot, window, answers, monkeypatch, tmp_path):
    browser = _open(window, tmp_path, _duke(), "duke.army.json")
    assert browser.homebrew_bar.isVisible()
    buttons = browser.homebrew_buttons
    assert buttons["new:templates"].text() == "New template…" and buttons["new:weapons"].text() == "New weapon…"

    def fill_template(d):
        d.name.setText("Bog Hopper")
        d.editors["type"].widget.setCurrentIndex(d.editors["type"].widget.findData("jump"))
        d.editors["jump"].check.click()
        d.editors["points"].widget.setText("3")

    _drive_dialog(monkeypatch, fill_template)
    qtbot.mouseClick(buttons["new:templates"], Qt.LeftButton)
    assert "Bog Hopper [homebrew]" in browser.visible_names()
    assert browser.current_id() == "bog-hopper"
    assert window.document.homebrew["templates"][-1]["jump"] == 4
    assert window.document.undo_stack.undoText() == "Add homebrew template Bog Hopper"
    # the new template makes units like a library template, priced points × count by the same code
    qtbot.mouseClick(browser.add_button, Qt.LeftButton)
    unit = window.document.cost.units[-1]
    assert window.document.army.units[-1].elements[0].template == "bog-hopper"
    assert [(line.item, line.points) for line in unit.elements[0].breakdown] == [("[homebrew] Bog Hopper points", 3)]

    # edit: the dialog shows the entry, OK replaces it (one undo step), its id stays
    _drive_dialog(monkeypatch, lambda d: d.editors["points"].widget.setText("2-4"))
    browser.select("mud-crawler")
    qtbot.mouseClick(buttons["edit"], Qt.LeftButton)
    crawler = next(t for t in window.document.homebrew["templates"] if t["id"] == "mud-crawler")
    assert crawler["points"] == "2-4" and crawler["origin"] == "kept: a newer writer's field"
    assert window.document.undo_stack.undoText() == "Edit homebrew template Mud Crawler"

    # a weapon: its own New button and dialog
    def fill_weapon(d):
        d.name.setText("Ion Whip")
        d.editors["power"].widget.setValue(3)
        d.editors["range"].widget.setText("0")

    seen = _drive_dialog(monkeypatch, fill_weapon)
    qtbot.mouseClick(buttons["new:weapons"], Qt.LeftButton)
    assert seen[0].windowTitle() == "New homebrew weapon — Duke It Out"
    assert window.document.homebrew["weapons"][-1] == {
        "id": "ion-whip",
        "name": "Ion Whip",
        "power": 3,
        "range": "0",
        "note": "",
    }
    # duplicate a weapon: the dialog is the weapon's
    seen = _drive_dialog(monkeypatch, lambda d: None)
    browser.select("arc-lance")
    qtbot.mouseClick(buttons["duplicate"], Qt.LeftButton)
    assert seen[0].key == "weapons" and "Arc Lance (copy) [homebrew]" in browser.visible_names()

    # delete: refused while a unit uses it, allowed otherwise, undoable
    browser.select("mud-crawler")
    qtbot.mouseClick(buttons["delete"], Qt.LeftButton)
    assert answers.errors and "Mud Crawler is used by Unit / Crawler" in answers.errors[-1][1]
    browser.select("arc-lance-copy")
    qtbot.mouseClick(buttons["delete"], Qt.LeftButton)
    assert "Arc Lance (copy) [homebrew]" not in browser.visible_names()
    window.document.undo_stack.undo()
    assert "Arc Lance (copy) [homebrew]" in browser.visible_names()
    browser.select("strider")  # a built-in template: nothing to edit
    assert browser.current_id() == "strider" and not buttons["edit"].isEnabled() and not buttons["delete"].isEnabled()


@pytest.mark.parametrize(
    ("data", "fill", "expected"),
    [
        (
            _fubar,
            lambda d: (d.name.setText("Needle Gun"), d.editors["fp"].widget.setValue(3)),
            "3× [homebrew] Needle Gun",
        ),
        (
            _skirmish,
            lambda d: (d.name.setText("Needle Gun"), d.editors["shots"].widget.setValue(2)),
            "3× [homebrew] Needle Gun",
        ),
    ],
    ids=["fubar", "2d6"],
)
def test_weapon_systems_new_weapon_is_picked_by_units(
    qtbot, window, answers, monkeypatch, tmp_path, data, fill, expected
):
    browser = _open(window, tmp_path, data(), "weapons.army.json")
    assert browser.homebrew_bar.isVisible() and browser.homebrew_buttons["new"].text() == "New weapon…"
    assert "new:templates" not in browser.homebrew_buttons  # the previous army's kinds are gone
    _drive_dialog(monkeypatch, fill)
    qtbot.mouseClick(browser.homebrew_buttons["new"], Qt.LeftButton)
    assert "Needle Gun [homebrew]" in browser.visible_names()
    window.select(0, 0)
    for _ in range(3):
        qtbot.mouseClick(browser.add_button, Qt.LeftButton)
    element = window.document.army.units[0].elements[0]
    assert [p.count for p in element.weapons if p.weapon == "needle-gun"] == [3]
    assert expected in window.document.system.presentation.weapon_list(element)
    browser.select("needle-gun")
    qtbot.mouseClick(browser.homebrew_buttons["delete"], Qt.LeftButton)
    assert "Needle Gun is used by Unit /" in answers.errors[-1][1]


def test_the_flat_out_war_browser_still_offers_its_own_dialogs(qtbot, window, tmp_path, monkeypatch):
    """Opening a Duke army and then a Flat Out War one swaps the New buttons back."""
    from warbench.gui import homebrew

    _open(window, tmp_path, _duke(), "duke.army.json")
    browser = _open(window, tmp_path, json.loads(json.dumps(_fow_army())), "fow.army.json")
    assert sorted(k for k in browser.homebrew_buttons if k.startswith("new")) == ["new", "new:attributes"]
    assert browser.homebrew_buttons["new"].text() == "New attribute…"
    seen = []
    monkeypatch.setattr(homebrew.HomebrewDialog, "exec", lambda d: seen.append(d) or QDialog.Rejected)
    qtbot.mouseClick(browser.homebrew_buttons["new"], Qt.LeftButton)
    assert len(seen) == 1
    window.reference.show_dock("spells")
    assert window.reference.spell_browser.homebrew_buttons["new"].text() == "New spell…"


def _fow_army() -> dict:
    from tests.helpers import army_data

    return army_data()


def test_other_systems_homebrew_goes_to_the_library_and_back(qtbot, window, answers, monkeypatch, tmp_path):
    """Opening a Duke It Out army offers its templates and weapons to the library; the next Duke army takes
    them from there; a FUBAR weapon made in the dialog goes to the library too."""
    from warbench.gui import library

    answers.add_homebrew = True
    _open(window, tmp_path, _duke(), "duke.army.json")
    assert answers.asked[-1] == "homebrew:Homebrew test:Mud Crawler, Arc Lance"
    assert library.library().homebrew("duke-it-out") == _duke()["homebrew"]

    window.document.undo_stack.setClean()
    answers.new_army = ("duke-it-out", "Next", 20)
    window.files.new_army()
    assert window.document.homebrew == {}
    offered = []
    monkeypatch.setattr(
        library, "pick", lambda parent, title, rows, multi, note="": offered.extend(rows) or [rows[1][2]]
    )
    qtbot.mouseClick(window.reference.attribute_browser.homebrew_buttons["library"], Qt.LeftButton)
    assert [(label, detail) for label, detail, _ in offered] == [("Mud Crawler", "template"), ("Arc Lance", "weapon")]
    assert window.document.homebrew == {"weapons": _duke()["homebrew"]["weapons"]}
    assert "Arc Lance [homebrew]" in window.reference.attribute_browser.visible_names()
    assert window.document.undo_stack.undoText() == "Add 1 homebrew weapon from the library"

    browser = _open(window, tmp_path, _fubar(), "fubar.army.json")
    _drive_dialog(monkeypatch, lambda d: d.name.setText("Needle Gun"))
    qtbot.mouseClick(browser.homebrew_buttons["new"], Qt.LeftButton)
    kept = library.library().homebrew("fubar")["weapons"]
    assert [w["id"] for w in kept] == ["gauss-rifle", "needle-gun"]  # offered on opening, then the new one


def test_a_long_form_scrolls_and_keeps_ok_on_the_screen(qtbot, monkeypatch):
    from PySide6.QtCore import QRect

    dialog = _dialog(qtbot, "duke-it-out", "templates", entry=_duke()["homebrew"]["templates"][0])
    dialog.show()
    tall = dialog.height()
    assert tall >= dialog.scroll_area.widget().sizeHint().height()  # room enough: the whole form shows

    class SmallScreen:  # 1024×700 at QT_SCALE_FACTOR=1.5 leaves about 460 pixels
        def availableGeometry(self):
            return QRect(0, 0, 680, 400)

    monkeypatch.setattr(dialog, "screen", SmallScreen)
    dialog._fit()
    qtbot.waitUntil(lambda: dialog.height() <= 360)
    assert dialog.scroll_area.verticalScrollBar().maximum() > 0  # the fields scroll; OK and Cancel stay in view
    assert dialog.buttons.geometry().bottom() <= dialog.height()
