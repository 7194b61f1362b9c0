"""The element designer (gui/element_form.py): its fields, checklists and pickers, read and typed into."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit

from tests.gui.helpers import (
    builder_window,
    picker_labels,
)
from warbench.model.resources import examples_dir


def test_element_name_keeps_its_spaces_while_typing(qtbot, active):
    field = active.form.editors[("name",)].widget
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, " Human Sword Bearer ")
    assert field.text() == " Human Sword Bearer "
    ui, ei = active.selected
    assert active.document.element(ui, ei).name == " Human Sword Bearer "
    field.editingFinished.emit()
    assert field.text() == "Human Sword Bearer" == active.document.element(ui, ei).name


def test_a_minus_0_spell_says_it_counts_as_1_in_the_checklist(qtbot, window):
    from PySide6.QtCore import Qt

    window.open_file(examples_dir() / "special-ops-worked-examples.army.json")
    window.select(0, 0)
    spells = window.form.spell_editor.list
    labels = {spells.item(i).data(Qt.UserRole): spells.item(i).text() for i in range(spells.count())}
    assert labels["zap"] == "Zap (-0, counts as 1)"  # the difficulty total counts it as 1: said where it is picked
    assert labels["terrify"] == "Terrify (-1)"


def test_a_move_rounded_to_its_steps_says_so(qtbot, window):
    from PySide6.QtCore import Qt

    window.commands.add_unit_action.trigger()
    move = window.form.editors[("move",)].widget
    move.setFocus()
    move.selectAll()
    qtbot.keyClicks(move, "5")
    qtbot.keyClick(move, Qt.Key_Return)
    assert window.document.element(0, 0).move == 6
    assert window.statusBar().currentMessage() == "Move goes in steps of 2: 5 became 6."


def test_duke_weapon_names_and_headers_show_whole_at_1024(qtbot, window):

    from warbench.gui.element_form import RecordsEditor
    from warbench.gui.elided_label import ElidedLabel

    window.open_file(examples_dir() / "duke-it-out-brick-brigade.army.json")  # the 1024x700 window (conftest)
    doc = window.document
    doc.add_unit_data(doc.system.reference.unit_from_reference("lawkeeper"))  # as the Templates panel adds it
    window.select(len(doc.army.units) - 1, 0)
    qtbot.waitUntil(lambda: window.form.findChild(RecordsEditor).isVisible())
    table = window.form.findChild(RecordsEditor)
    names = [e.widget for e in (row["name"] for row in table.rows)]
    qtbot.waitUntil(lambda: all(n.isVisible() for n in names))
    QApplication.processEvents()  # laid out
    assert [n.text() for n in names] == ["Gatling Cannon", "Fragmentation Mortar", "Beam Saber"]
    for name in names:  # was 71 px: "Gatling C", "Fragmen", "Beam Sa"
        assert name.width() >= name.fontMetrics().horizontalAdvance(name.text()) + 6, name.text()
    headers = {label.text(): label for label in table.findChildren(ElidedLabel)}
    for title in ("Weapon", "Power", "Range", "Barrels"):  # was "Po…"
        label = headers[title]
        assert label.contentsRect().width() >= label.fontMetrics().horizontalAdvance(title), title


def test_a_duke_weapon_note_shows_whole_at_1024_on_a_line_of_its_own(qtbot, window):
    """A weapon's note is free text: it was a column of 4 characters' share ("pulls", header "N…") at 1024 px."""
    from warbench.gui.element_form import RecordsEditor
    from warbench.gui.elided_label import ElidedLabel

    window.open_file(examples_dir() / "duke-it-out-brick-brigade.army.json")  # the 1024x700 window (conftest)
    window.select(0, 0)  # the Strider: its Webbeam "pulls the target 1D6\" closer"
    qtbot.waitUntil(lambda: window.form.findChild(RecordsEditor).isVisible())
    table = window.form.findChild(RecordsEditor)
    notes = [row["note"].widget for row in table.rows]
    qtbot.waitUntil(lambda: all(n.isVisible() for n in notes))
    QApplication.processEvents()
    long_note = max(notes, key=lambda n: len(n.text()))
    assert len(long_note.text()) > 20
    assert long_note.width() >= long_note.fontMetrics().horizontalAdvance(long_note.text()) + 6
    assert all(n.placeholderText() == "Note" and n.accessibleName() for n in notes)
    assert "Note" not in {label.text() for label in table.findChildren(ElidedLabel)}  # no column of its own
    assert table.value()[2]["note"] == long_note.text()


def test_the_wheel_over_the_spell_checklist_leaves_the_form_where_it_is(qtbot, window):
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent

    window.open_file(examples_dir() / "special-ops-worked-examples.army.json")
    window.resize(1016, 480)  # a short window: the form scrolls
    window.document.edit_element(0, 0, ("spells",), ["zap"], "spells")  # a caster: the checklist shows
    window.select(0, 0)
    spells = window.form.spell_editor.list
    form = window.form_scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: form.maximum() > 0 and spells.isVisible())
    window.form_scroll.ensureWidgetVisible(spells)
    spells.verticalScrollBar().setValue(spells.verticalScrollBar().maximum())  # the list at its end
    before = form.value()
    centre = QPointF(spells.viewport().rect().center())
    for _ in range(3):
        wheel = QWheelEvent(
            centre,
            QPointF(spells.viewport().mapToGlobal(centre.toPoint())),
            QPoint(),
            QPoint(0, -120),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(spells.viewport(), wheel)
        assert wheel.isAccepted()  # a wheel the list ignores at its end Qt passes on: the form slid away
    assert form.value() == before  # the form stays under the pointer


def test_the_attribute_picker_shows_a_requirement_whole(qtbot, window):
    window.commands.add_unit_action.trigger()  # a Flat Out War trooper without a ranged weapon
    picker = window.form.attribute_editor.picker
    picker.showPopup()
    stand = next(picker.itemText(i) for i in range(picker.count()) if picker.itemText(i).startswith("Stand"))
    assert stand.endswith("needs a ranged weapon")
    view = picker.view()
    assert view.width() >= view.fontMetrics().horizontalAdvance(stand)  # was cut: "needs a ranged w…"
    picker.hidePopup()
    picker.setFocus()
    qtbot.keyClicks(picker.lineEdit(), "stand")  # the search's list too
    popup = picker.completer().popup()
    assert popup.isVisible() and popup.minimumWidth() >= popup.fontMetrics().horizontalAdvance(stand)


def test_added_elements_get_their_own_names_and_the_name_field_takes_the_typing(qtbot, app, answers):

    w = builder_window(qtbot)
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    w.select(1, 0)
    before = [e.name for e in w.document.army.units[1].elements]
    w.commands.add_element_action.trigger()
    w.commands.add_element_action.trigger()
    names = [e.name for e in w.document.army.units[1].elements]
    assert names == [*before, "New element", "New element 2"]  # told apart in the tree
    field = w.form.findChild(QLineEdit, "field_name")
    assert QApplication.focusWidget() is field and field.selectedText() == "New element 2"
    qtbot.keyClicks(field, "Medic")  # typing names it
    assert w.document.army.units[1].elements[-1].name == "Medic"
    w.commands.add_unit_action.trigger()
    w.commands.add_unit_action.trigger()
    assert [u.name for u in w.document.army.units[-2:]] == ["Unit 6", "Unit 7"]
    w.document.undo_stack.setClean()


def test_a_filled_field_shows_the_start_of_its_text_once_shown(qtbot, app, answers, tmp_path):
    """A Duke It Out weapon note read 't 1D6" closer': the text limit set on the field before it was
    first shown (setMaxLength sets the text again) put the cursor back at the text's end."""

    from warbench.model.resources import examples_dir

    data = json.loads((examples_dir() / "duke-it-out-brick-brigade.army.json").read_text(encoding="utf-8"))
    data["units"][0]["elements"][0]["weapons"][2]["note"] = 'pulls the target 1D6" closer, ' * 4
    path = tmp_path / "long-note.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    w = builder_window(qtbot)
    w.open_file(path)
    w.select(0, 0)  # Strider: its Webbeam's note is longer than its field
    qtbot.wait(20)  # the new rows are polished (and limited) as they are first shown
    note = w.form.findChild(QLineEdit, "weapons_2_note")
    assert note is not None and note.text().startswith("pulls the target")
    assert note.fontMetrics().horizontalAdvance(note.text()) > note.width()  # too long to show whole
    fields = [  # (Qt's own line edits inside spin and combo boxes are not text fields)
        line
        for line in w.form.findChildren(QLineEdit)
        if line.isVisible() and not line.hasFocus() and not line.objectName().startswith("qt_")
    ]
    assert fields and all(line.cursorPosition() == 0 for line in fields), [
        (line.objectName(), line.cursorPosition()) for line in fields if line.cursorPosition()
    ]
    w.document.undo_stack.setClean()


def test_the_picker_shows_what_an_attribute_would_cost_this_element(qtbot, loaded):
    from warbench.model.element_rules import added_cost

    loaded.select(0, 1)  # Assault Squad / Sergeant: one model
    picker = loaded.form.attribute_editor.picker
    picker.setFocus()  # about to be used: priced now
    doc = loaded.document
    element = doc.army.units[0].elements[1]
    labels = picker_labels(loaded)
    for attr_id in ("amphibious", "agile", "flying"):
        each = added_cost(doc.system, element, doc.army.options, attr_id).each
        assert each is not None
        name = doc.system.catalogue.attributes[attr_id].name
        assert labels[attr_id].startswith(f"{name} — +{each:g} pts ("), labels[attr_id]
    # another element, other prices: a nine-model squad says each and in all
    loaded.select(0, 0)
    picker.setFocus()
    assert "+8 pts each, +72 in all" in picker_labels(loaded)["amphibious"]


def test_the_picker_follows_the_element_while_in_use(qtbot, loaded):
    loaded.select(0, 1)
    picker = loaded.form.attribute_editor.picker
    picker.setFocus()
    before = picker_labels(loaded)["agile"]
    ui, ei = 0, 1
    loaded.document.edit_element(ui, ei, ("die",), "d12", "die")  # a bigger die: dearer attributes
    after = picker_labels(loaded)["agile"]
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


def test_a_refused_edit_says_which_element(qtbot, loaded):
    loaded.select(0, 0)
    loaded.form._edit(("name",), "", "name")  # an empty name is refused
    message = loaded.form.message.text()
    assert message.startswith("Not applied: Assault Squad ▸ Assault Troop: name ")
    assert "— at units[0].elements[0].name" in message
