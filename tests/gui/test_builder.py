"""Driving the real builder window: build, undo/redo, save/reopen, guards, autosave, failures."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QStyle, QStyleOptionGroupBox

from warbench.gui import autosave, settings
from warbench.gui.army_tree import ArmyTreeModel
from warbench.gui.document import ArmyDocument
from warbench.gui.main_window import MainWindow
from warbench.model.costing import price_element
from warbench.model.fileio import dump_army, load_army
from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"


def panel_points(window) -> int:
    text = window.cost_panel.element_total.text()  # "<b>Element: 26 pts</b> × 8 = 208 pts"
    return int(text.split("Element: ")[1].split(" ")[0])


def model_points(window) -> int:
    ui, ei = window.selected
    doc = window.document
    return price_element(doc.element(ui, ei), doc.army.options, doc.system)[1]


def type_into(qtbot, widget, text: str) -> None:
    widget.setFocus()
    widget.selectAll() if hasattr(widget, "selectAll") else None
    qtbot.keyClicks(widget.lineEdit() if hasattr(widget, "lineEdit") and widget.lineEdit() else widget, text)


def choose(qtbot, combo, value: str) -> None:
    """Pick ``value`` in a closed combo box with the arrow keys, as a keyboard user does."""
    target = combo.findData(value)
    assert target >= 0, value
    key = Qt.Key_Down if target > combo.currentIndex() else Qt.Key_Up
    while combo.currentIndex() != target:
        qtbot.keyClick(combo, key)


def click_group_checkbox(qtbot, box) -> None:
    option = QStyleOptionGroupBox()
    box.initStyleOption(option)
    rect = box.style().subControlRect(QStyle.CC_GroupBox, option, QStyle.SC_GroupBoxCheckBox, box)
    qtbot.mouseClick(box, Qt.LeftButton, pos=rect.center())


def add_attribute(qtbot, window, name: str) -> None:
    picker = window.form.attribute_editor.picker
    picker.setFocus()
    picker.lineEdit().clear()
    qtbot.keyClicks(picker.lineEdit(), name)
    qtbot.mouseClick(window.form.attribute_editor.add_button, Qt.LeftButton)


def build_tactical_troop(qtbot, window, steps: list) -> None:
    """Build the Human Force's Tactical Troop from an empty army; record (step, panel, model) each time."""

    def check(step):
        steps.append((step, panel_points(window), model_points(window)))

    window.commands.add_unit_action.trigger()
    check("add unit")
    form = window.form
    name = form.editors[("name",)].widget
    name.selectAll()
    qtbot.keyClicks(name, "Tactical Troop")
    check("name")
    count = form.editors[("count",)].widget
    count.selectAll()
    qtbot.keyClicks(count, "8")
    check("count")
    choose(qtbot, form.editors[("die",)].widget, "d6")
    move = form.editors[("move",)].widget
    move.selectAll()
    qtbot.keyClicks(move, "4")
    check("move")
    click_group_checkbox(qtbot, form.groups["ranged"])
    check("ranged weapon")
    weapon = form.editors[("ranged", "name")].widget
    weapon.selectAll()
    qtbot.keyClicks(weapon, "Pulse Rifle")
    rng = form.editors[("ranged", "range")].widget
    rng.selectAll()
    qtbot.keyClicks(rng, "24")
    check("range")
    choose(qtbot, form.editors[("ranged", "die")].widget, "d8")
    check("weapon die d8")
    choose(qtbot, form.editors[("ranged", "die")].widget, "d6")
    check("weapon die d6")
    add_attribute(qtbot, window, "Agile")
    check("agile")
    add_attribute(qtbot, window, "Brave")
    check("brave")


def test_build_tactical_troop_by_typing_and_clicking(qtbot, window):
    window.commands.option_actions[("ranged_base_dac", 2)].trigger()  # the sample lists' costing
    steps: list = []
    build_tactical_troop(qtbot, window, steps)
    for step, shown, computed in steps:
        assert shown == computed, step
    assert [s[1] for s in steps] == [8, 8, 8, 8, 16, 20, 26, 20, 24, 26]
    el = window.document.element(0, 0)
    assert (el.name, el.count, el.die, el.move, el.ranged.name, el.ranged.die, el.ranged.range) == (
        "Tactical Troop",
        8,
        "d6",
        4,
        "Pulse Rifle",
        "d6",
        24,
    )
    assert [a.id for a in el.attributes] == ["agile", "brave"]
    assert window.tree_model.data(window.tree_model.element_index(0, 0, 3)) == "208"
    assert window.header.bar.format() == "208 / 1000 pts"


def test_undo_to_empty_and_redo_to_the_end(qtbot, window):
    build_tactical_troop(qtbot, window, [])
    final = dump_army(window.document.army)
    stack = window.document.undo_stack
    typed_steps = stack.count()
    assert typed_steps < 20  # typing in one field merged into one step
    assert window.commands.undo_action.text() == "Undo Add Brave to Tactical Troop"
    while window.commands.undo_action.isEnabled():
        window.commands.undo_action.trigger()
    assert window.document.army.units == []
    assert window.form.element is None
    while window.commands.redo_action.isEnabled():
        window.commands.redo_action.trigger()
    assert dump_army(window.document.army) == final
    assert panel_points(window) == 24


def test_undo_names_the_action(qtbot, window, answers):
    window.open_file(HUMAN)
    window.select(1, 0)
    choose(qtbot, window.form.editors[("die",)].widget, "d8")
    assert window.commands.undo_action.text() == "Undo Change base die of Tactical Troop"
    window.commands.undo_action.trigger()
    assert window.commands.redo_action.text() == "Redo Change base die of Tactical Troop"
    assert window.document.element(1, 0).die == "d6"


def test_typing_in_one_field_is_one_undo_step(qtbot, window):
    window.commands.add_unit_action.trigger()
    before = window.document.undo_stack.count()
    name = window.form.editors[("name",)].widget
    name.selectAll()
    qtbot.keyClicks(name, "Long name typed letter by letter")
    assert window.document.undo_stack.count() == before + 1
    window.commands.undo_action.trigger()
    assert window.document.element(0, 0).name == "New element"


def test_save_reopen_compare(qtbot, window, answers, tmp_path):
    build_tactical_troop(qtbot, window, [])
    answers.save_path = str(tmp_path / "squad.army.json")
    assert window.isWindowModified()
    window.commands.save_action.trigger()
    assert not window.isWindowModified()
    assert window.windowTitle() == "squad.army.json[*] — Warbench"
    saved = dump_army(window.document.army)
    other = MainWindow(autosave_ms=3_600_000)
    qtbot.addWidget(other)
    assert other.open_file(tmp_path / "squad.army.json")
    assert dump_army(other.document.army) == saved == (tmp_path / "squad.army.json").read_text(encoding="utf-8")
    assert str((tmp_path / "squad.army.json").resolve()) in [a.data() for a in other.files.recent_menu.actions()]


def test_title_shows_file_and_modified_marker(qtbot, window, answers):
    window.open_file(HUMAN)
    assert window.windowTitle() == "human-force.army.json[*] — Warbench" and not window.isWindowModified()
    window.document.edit_army("Rename army", name="Changed")
    assert window.isWindowModified()
    window.commands.undo_action.trigger()
    assert not window.isWindowModified()


@pytest.mark.parametrize(
    "answer,closes,saved", [("cancel", False, False), ("discard", True, False), ("save", True, True)]
)
def test_unsaved_changes_guard_on_close(qtbot, window, answers, tmp_path, answer, closes, saved):
    target = tmp_path / "guard.army.json"
    target.write_text(HUMAN.read_text(encoding="utf-8"), encoding="utf-8")
    window.open_file(target)
    window.document.edit_army("Rename army", name="Renamed")
    answers.unsaved = answer
    assert window.close() is closes
    assert answers.asked == ["unsaved:guard.army.json"]
    assert (load_army(target).name == "Renamed") is saved


def test_unsaved_guard_when_opening_another_file(qtbot, window, answers):
    window.document.add_unit("Precious")
    answers.unsaved = "cancel"
    assert window.open_file(HUMAN) is False
    assert window.document.army.units[0].name == "Precious"
    answers.unsaved = "discard"
    assert window.open_file(HUMAN) is True
    assert window.document.army.name == "Human Force"


def test_bad_file_is_reported_and_current_army_kept(qtbot, window, answers, tmp_path):
    bad = tmp_path / "bad.army.json"
    bad.write_text('{"format": "warbench-army", "schema_version": 9, "system": "fow-special-ops"}', encoding="utf-8")
    window.open_file(HUMAN)
    assert window.open_file(bad) is False
    assert window.document.army.name == "Human Force"
    title, text = answers.errors[-1]
    assert title == "Cannot open army" and "version 9" in text


def test_failed_save_keeps_document_modified_and_intact(qtbot, window, answers, tmp_path):
    window.open_file(HUMAN)
    window.document.edit_army("Rename army", name="Unsaveable")
    before = dump_army(window.document.army)
    if os.geteuid() == 0:
        folder = Path("/proc")  # root ignores permission bits; /proc refuses new files even for root
    else:
        folder = tmp_path / "readonly"
        folder.mkdir()
        folder.chmod(0o555)
    answers.save_path = str(folder / "army.army.json")
    assert window.files.save_as() is False
    assert answers.errors and answers.errors[-1][0] == "Could not save"
    assert window.isWindowModified() and window.document.modified
    assert dump_army(window.document.army) == before
    assert window.document.path == HUMAN
    assert load_army(HUMAN).name == "Human Force"


def test_autosave_writes_only_while_modified(qtbot, window, answers):
    saver = window.autosaver
    assert saver.tick() is False and not saver.copy.exists()
    window.document.add_unit("Unsaved")
    assert saver.tick() is True
    assert json.loads(saver.copy.read_text(encoding="utf-8"))["units"][0]["name"] == "Unsaved"
    window.commands.undo_action.trigger()
    assert saver.tick() is False and not saver.copy.exists()


def test_autosave_timer_fires(qtbot, app, answers):
    w = MainWindow(autosave_ms=50)
    qtbot.addWidget(w)
    w.document.add_unit("Timed")
    qtbot.waitUntil(w.autosaver.copy.exists, timeout=3000)
    w.document.undo_stack.setClean()


def test_recovery_after_a_crash(qtbot, app, answers, tmp_path):
    original = tmp_path / "campaign.army.json"
    original.write_text(HUMAN.read_text(encoding="utf-8"), encoding="utf-8")
    crash = textwrap.dedent(f"""
        import os
        from warbench.gui.app import application
        from warbench.gui.main_window import MainWindow
        app = application([])
        w = MainWindow(autosave_ms=3_600_000)
        w.open_file({str(original)!r}, ask=False)
        w.document.edit_army("Rename army", name="Work in progress")
        w.document.add_unit("Reinforcements")
        assert w.autosaver.tick()
        os._exit(3)  # crash: no clean-up, no save
    """)
    run = subprocess.run(
        [sys.executable, "-c", crash],
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 3, run.stderr
    assert len(autosave.pending()) == 1
    from warbench.gui.app import create_window

    answers.recover = "recover"
    w = create_window([])
    qtbot.addWidget(w)
    assert answers.asked and "campaign.army.json" in answers.asked[0]
    assert w.document.army.name == "Work in progress"
    assert w.document.army.units[-1].name == "Reinforcements"
    assert w.document.path == original and w.isWindowModified()
    assert load_army(original).name == "Human Force"  # the file itself was never touched
    assert autosave.pending() == []
    w.commands.undo_action.trigger()  # recovery is itself undoable, back to the file's contents
    assert w.document.army.name == "Human Force"
    w.document.undo_stack.setClean()


def test_tree_model_passes_the_model_tester(qtbot, qtmodeltester, window, answers):
    window.open_file(HUMAN)
    qtmodeltester.check(window.tree_model)  # fails the test on any breach of the model contract
    doc = window.document
    doc.add_unit("Extra")
    doc.add_element(0)
    doc.duplicate_unit(1)
    doc.move_unit(0, 1)
    doc.delete_element(2, 0)
    doc.rename_unit(0, "Renamed")
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert window.tree_model.rowCount() == 5 + sum(len(unit.elements) for unit in doc.army.units)  # every unit open
    window.tree.set_open(1, False)
    window.tree.set_all_open(False)
    assert window.tree_model.rowCount() == 5
    qtmodeltester.check(window.tree_model)


def test_opening_a_file_reads_and_shows_it_with_the_cycle_collector_paused(qtbot, window, answers, monkeypatch):
    """Reading, pricing and showing an army builds big trees without cycles: the collector, which would
    walk them again and again, is off meanwhile and back on after (also after a file that cannot open)."""
    import gc

    from warbench.gui.document import ArmyDocument

    seen = []
    opened, installed = ArmyDocument.open, window.files._install  # File ▸ Open's step that shows the army
    monkeypatch.setattr(ArmyDocument, "open", classmethod(lambda cls, *a: seen.append(gc.isenabled()) or opened(*a)))
    monkeypatch.setattr(window.files, "_install", lambda d: seen.append(gc.isenabled()) or installed(d))
    assert gc.isenabled()
    assert window.open_file(HUMAN)
    assert seen == [False, False] and gc.isenabled()
    assert not window.open_file(HUMAN.with_name("no-such.army.json"))
    assert gc.isenabled()


def test_tree_editing_and_structure_actions(qtbot, window, answers):
    window.open_file(HUMAN)
    model: ArmyTreeModel = window.tree_model
    assert model.setData(model.element_index(0, None), "Assault Team")
    assert window.document.army.units[0].name == "Assault Team"
    assert model.setData(model.element_index(0, 0, 1), 12)
    assert window.document.element(0, 0).count == 12
    window.select(0, 1)
    window.commands.duplicate_action.trigger()
    assert [e.name for e in window.document.army.units[0].elements] == ["Assault Troop", "Sergeant", "Sergeant (copy)"]
    assert window.selected == (0, 2)
    window.commands.move_up_action.trigger()
    assert window.document.army.units[0].elements[1].name == "Sergeant (copy)" and window.selected == (0, 1)
    window.commands.delete_action.trigger()
    assert [e.name for e in window.document.army.units[0].elements] == ["Assault Troop", "Sergeant"]
    window.select(4, None)
    window.commands.move_up_action.trigger()
    assert window.document.army.units[3].name == "Hover Tanks"


def test_widgets_only_offer_legal_values(qtbot, window):
    window.commands.add_unit_action.trigger()
    die = window.form.editors[("die",)].widget
    assert [die.itemData(i) for i in range(die.count())] == ["d4", "d6", "d8", "d10", "d12", "d20"]
    move = window.form.editors[("move",)].widget
    assert move.singleStep() == 2
    move.selectAll()
    qtbot.keyClicks(move, "5")
    qtbot.keyClick(move, Qt.Key_Return)
    move.interpretText()
    assert window.document.element(0, 0).move % 2 == 0


def test_unmet_requirements_are_shown_with_the_reason(qtbot, window):
    window.commands.add_unit_action.trigger()
    picker = window.form.attribute_editor.picker
    labels = [picker.itemText(i) for i in range(picker.count())]
    assert "Hover (+4) — needs Flying" in labels
    assert "Stand (+4) — needs a ranged weapon" in labels
    assert "Flying (+3 DAC)" in labels
    add_attribute(qtbot, window, "Hover")
    row_text = " ".join(w.text() for w in window.form.attribute_editor.findChildren(type(window.form.placeholder)))
    assert "needs Flying" in row_text
    add_attribute(qtbot, window, "Flying")
    labels = [picker.itemText(i) for i in range(picker.count())]
    assert "Hover (+4)" in labels


def test_attribute_parameters_edit_in_place(qtbot, window, answers):
    window.commands.add_unit_action.trigger()
    add_attribute(qtbot, window, "Hit Points")
    spin = window.form.findChild(type(window.form.editors[("count",)].widget), "param_hit-points_count")
    spin.selectAll()
    qtbot.keyClicks(spin, "2")
    assert window.document.element(0, 0).attributes[0].param("count") == 2
    assert panel_points(window) == model_points(window) == 8 + 2 * 4
    add_attribute(qtbot, window, "Transport")
    payload = window.form.findChild(type(window.header.name), "param_transport_payloads")
    payload.selectAll()
    qtbot.keyClicks(payload, "10x d6 | 1x d12")
    qtbot.keyClick(payload, Qt.Key_Return)
    assert window.document.element(0, 0).attributes[1].param("payloads") == [["d6"] * 10, ["d12"]]


def test_clicking_a_warning_selects_the_element(qtbot, window, answers):
    window.open_file(HUMAN)
    window.select(3, 0)
    window.document.edit_element(3, 0, ("move",), 11, "move")
    window.select(0, 0)
    item = window.cost_panel.warnings.item(0)
    assert "Hover APCs / Hover APC" in item.text()
    window.cost_panel.warnings.itemClicked.emit(item)
    assert window.selected == (3, 0)
    assert window.form.editors[("name",)].widget.text() == "Hover APC"


def test_points_bar_turns_to_warning_when_over(qtbot, window, answers):
    window.open_file(HUMAN)
    assert window.header.bar.property("over") is False
    limit = window.header.limit
    limit.selectAll()
    qtbot.keyClicks(limit, "900")
    assert window.document.army.points_limit == 900
    assert window.header.bar.property("over") is True
    assert window.header.bar.format() == "996 / 900 pts — over by 96"


def test_drop_and_command_line_open_files(qtbot, window, answers, app):
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(HUMAN))])
    event = QDropEvent(QPointF(10, 10), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    window.dropEvent(event)
    assert window.document.army.name == "Human Force"
    from warbench.gui.app import create_window

    w = create_window([str(examples_dir() / "alien-force.army.json")])
    qtbot.addWidget(w)
    assert w.document.army.name == "Alien Force"


def test_geometry_and_splitter_persist(qtbot, app, answers):
    first = MainWindow(autosave_ms=3_600_000)
    qtbot.addWidget(first)
    first.show()
    first.resize(781, 541)  # inside the offscreen platform's 800×600 screen, above the minimum size
    qtbot.waitExposed(first)
    first.splitter.setSizes([200, 600, 300])
    sizes = first.splitter.sizes()
    assert first.close()
    second = MainWindow(autosave_ms=3_600_000)
    qtbot.addWidget(second)
    assert (second.size().width(), second.size().height()) == (781, 541)
    second.show()
    qtbot.waitExposed(second)
    assert second.splitter.sizes() == sizes


def test_new_army_dialog_choice(qtbot, window, answers):
    answers.new_army = ("fow-universal-1.7", "Lancers", 500)
    window.commands.new_action.trigger()
    assert (window.document.army.system, window.document.army.name, window.document.army.points_limit) == (
        "fow-universal-1.7",
        "Lancers",
        500,
    )
    assert window.header.system.text() == "Flat Out War – Universal Rules v1.7"


def test_document_edits_reprice_only_what_changed(app):
    from benchmarks._armies import big_army

    doc = ArmyDocument(big_army(50))
    _ = doc.cost
    calls = []
    original = doc.system.pricing.price_element
    doc.system.pricing.price_element = lambda el, opt: calls.append(el.name) or original(el, opt)
    try:
        doc.edit_element(3, 0, ("move",), 8, "move")
        _ = doc.cost
    finally:
        del doc.system.pricing.price_element
    assert calls == [doc.element(3, 0).name]


def test_export_sheet_and_cards(qtbot, window, answers, tmp_path):
    window.open_file(HUMAN)
    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"previous export")
    answers.export_path = str(target)
    answers.open_pdf = True
    assert window.files.export_document("sheet") is True
    from pypdf import PdfReader

    assert "Tactical Troop" in PdfReader(target).pages[0].extract_text()
    assert answers.opened == [str(target)]
    answers.export_path = str(tmp_path / "cards.pdf")
    answers.open_pdf = False
    assert window.files.export_document("cards") is True
    assert len(PdfReader(tmp_path / "cards.pdf").pages) >= 2 and answers.opened == [str(target)]
    assert answers.asked[-1] == f"export:{tmp_path / 'human-force-cards.pdf'}"  # last folder remembered


def test_export_failure_is_reported(qtbot, window, answers):
    window.open_file(HUMAN)
    answers.export_path = "/proc/cannot-write-here.pdf"
    assert window.files.export_document("sheet") is False
    assert answers.errors[-1][0] == "Export failed"


def test_deferred_start_paints_first_then_loads_the_army(qtbot, app, answers):
    from warbench.gui.app import create_window

    w = create_window([str(HUMAN)], deferred=True)
    qtbot.addWidget(w)
    assert not w.is_ready and w.centralWidget().text() == "Loading Warbench…"
    with qtbot.waitSignal(w.ready, timeout=5000):
        w.show()
    assert w.is_ready and w.document.army.name == "Human Force"  # the file from the command line
    assert w.windowTitle() == "human-force.army.json[*] — Warbench"


def test_a_file_given_at_start_is_the_first_army_read_and_shown(qtbot, app, answers, monkeypatch):
    """`warbench FILE`: the window is built around the file's army; no empty army is made, validated and
    shown first (with a file of another system, that was a second rule system loaded for nothing)."""
    from warbench.gui.app import create_window
    from warbench.gui.document import ArmyDocument
    from warbench.model.resources import examples_dir

    made, opened, installed = [], [], []
    new, open_ = ArmyDocument.new, ArmyDocument.open
    monkeypatch.setattr(ArmyDocument, "new", classmethod(lambda cls, *a: made.append(a) or new(*a)))
    monkeypatch.setattr(ArmyDocument, "open", classmethod(lambda cls, *a: opened.append(a[0]) or open_(*a)))
    monkeypatch.setattr(
        MainWindow, "_install_document", lambda w, d, f=MainWindow._install_document: installed.append(d) or f(w, d)
    )
    fubar = examples_dir() / "fubar-rifle-platoon.army.json"
    w = create_window([str(fubar)], deferred=True)
    qtbot.addWidget(w)
    with qtbot.waitSignal(w.ready, timeout=5000):
        w.show()
    assert made == [] and opened == [fubar] and installed == [w.document]
    assert w.document.path == fubar and w.document.system.id == "fubar" and w.placeholder is None
    assert not w.start.on_start_page and not w.isWindowModified()
    assert settings.RECENT_FILES.read()[0] == str(fubar.resolve())  # File ▸ Open Recent, as an opened file
    assert w.statusBar().currentMessage() == f"Opened {fubar}"


def test_a_file_given_at_start_is_read_and_shown_with_the_cycle_collector_paused(qtbot, app, answers, monkeypatch):
    import gc

    from warbench.gui.app import create_window
    from warbench.gui.document import ArmyDocument

    seen = []
    open_, install = ArmyDocument.open, MainWindow._install_document
    monkeypatch.setattr(ArmyDocument, "open", classmethod(lambda cls, *a: seen.append(gc.isenabled()) or open_(*a)))
    monkeypatch.setattr(MainWindow, "_install_document", lambda w, d: seen.append(gc.isenabled()) or install(w, d))
    w = create_window([str(HUMAN)])
    qtbot.addWidget(w)
    assert w.document.path == HUMAN and seen == [False, False] and gc.isenabled()


def test_a_file_that_cannot_be_read_at_start_is_reported_over_an_empty_army(qtbot, app, answers, tmp_path):
    from warbench.gui.app import create_window

    bad = tmp_path / "broken.army.json"
    bad.write_text("{", encoding="utf-8")
    w = create_window([str(bad)])
    qtbot.addWidget(w)
    assert answers.errors and answers.errors[0][0] == "Cannot open army" and str(bad) in answers.errors[0][1]
    assert w.document is w.placeholder and w.document.path is None


def test_closing_before_ready_is_safe(qtbot, app, answers):
    w = MainWindow(deferred=True)
    qtbot.addWidget(w)
    assert w.close() and not w.is_ready
