"""Issue 27, "Daily use, round 2" (items 6-13): what a new player met at 1366x768 and 1024x700, each fixed."""

from __future__ import annotations

import os
from pathlib import Path

from warbench.gui import dialogs, settings
from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"


# --- 12: the first Save As starts in the documents folder ------------------------------------------------------------
def _documents(tmp_path: Path) -> Path:
    """A documents folder of the test's own, named where Qt looks for it (XDG user-dirs)."""
    docs = tmp_path / "My Documents"
    docs.mkdir()
    config = Path(os.environ["XDG_CONFIG_HOME"])
    config.mkdir(parents=True, exist_ok=True)
    (config / "user-dirs.dirs").write_text(f'XDG_DOCUMENTS_DIR="{docs}"\n')
    return docs


def test_the_first_save_as_starts_in_the_documents_folder(qtbot, window, monkeypatch, tmp_path):
    docs = _documents(tmp_path)
    monkeypatch.chdir(tmp_path)  # started from a source tree (make run): never offered
    suggested: list[str] = []
    monkeypatch.setattr(dialogs, "save_path", lambda parent, path: suggested.append(path) or "")
    window.document.army.name = "Iron Legion"
    assert not window.files.save_as()
    assert suggested == [str(docs / "Iron Legion.army.json")]


def test_a_remembered_folder_still_wins_over_the_documents_folder(qtbot, window, monkeypatch, tmp_path):
    _documents(tmp_path)
    used = tmp_path / "armies"
    used.mkdir()
    settings.LAST_FOLDER.write(str(used))
    suggested: list[str] = []
    monkeypatch.setattr(dialogs, "save_path", lambda parent, path: suggested.append(path) or "")
    monkeypatch.setattr(dialogs, "open_path", lambda parent, folder: suggested.append(folder) or "")
    window.files.save_as()
    window.open_dialog()
    assert suggested == [str(used / f"{window.document.army.name}.army.json"), str(used)]


def test_the_first_export_starts_in_the_documents_folder(qtbot, loaded, answers, monkeypatch, tmp_path):
    docs = _documents(tmp_path)
    settings.LAST_FOLDER.write("")  # never saved anywhere (the example's folder was remembered on open)
    monkeypatch.chdir(tmp_path)
    assert not loaded.files.export_document("cards")
    assert answers.asked[-1] == f"export:{docs / 'human-force-cards.pdf'}"


# --- 11: the document picked in a print preview is for that preview only ----------------------------------------------
def test_a_summary_picked_in_the_preview_does_not_stick(qtbot, window, monkeypatch):
    from warbench.gui import print_preview, printing

    window.open_file(HUMAN)
    preview = window.files.print_preview()
    qtbot.waitUntil(preview.isVisible)
    preview.kind_box.setCurrentIndex(preview.kind_box.findData("summary"))
    assert preview.kind == "summary"
    preview.close()
    assert window.commands.print_action.text() == "&Print army sheet…"  # File names what it prints: still the sheet
    window.open_file(examples_dir() / "orc-and-ghoblin-force.army.json")  # another army
    window.commands.print_preview_action.trigger()  # Ctrl+P
    (again,) = [p for p in window.findChildren(print_preview.PrintPreview) if p.isVisible()]
    assert again.kind == "sheet"
    again.close()
    printed: list[bytes] = []
    monkeypatch.setattr(print_preview, "print_pdf", lambda parent, data, name: printed.append(data) or 1)
    assert window.files.print_document() == 1
    assert printed == [printing.build_pdf("sheet", window.document)]


# --- 13: words ---------------------------------------------------------------------------------------------------
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


# --- 10: a long name elides in views, its whole text in a tool tip, and never pushes the layout ----------------------
def test_a_pasted_10000_character_name_leaves_the_cost_table_its_rows(qtbot, window):
    from PySide6.QtCore import QEvent, QPoint
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    window.resize(1366, 740)
    window.open_file(HUMAN)
    long = ("Long name " * 1000).strip()  # 9,999 characters that wrap anywhere
    window.document.rename_unit(0, long)
    window.document.edit_element(0, 0, ("name",), long, "name")
    panel, line = window.cost_panel, window.cost_panel.fontMetrics().lineSpacing()
    for position in ((0, 0), (0, None)):  # the element's cost lines, then the unit's elements
        window.select(*position)
        QApplication.processEvents()
        assert panel.title.height() <= 4 * line, position  # was 329 px for the element, 383 for the unit
        assert panel.table.viewport().height() >= 8 * line  # was 50 px: three rows (the figure)
        assert all(panel.table.rowHeight(row) <= 3 * line + 6 for row in range(panel.table.rowCount()))
        assert long in panel.title.toolTip()  # the whole name, as text
    tree = window.tree
    cell = tree.visualRect(window.tree_model.element_index(0, None))
    QApplication.sendEvent(tree.viewport(), QHelpEvent(QEvent.Type.ToolTip, cell.center(), tree.mapToGlobal(QPoint())))
    assert long in QToolTip.text().replace("&nbsp;", " ")  # the tree's cut name, whole in its tool tip
    QToolTip.hideText()


# --- 8: figures counted in the system's words; a unit made a vehicle says what follows --------------------------------
FUBAR = examples_dir() / "fubar-rifle-platoon.army.json"


def test_a_fubar_unit_counts_its_figures(qtbot, window):
    from PySide6.QtCore import Qt

    window.open_file(FUBAR)  # 1st Section: one element of 8 figures
    model = window.tree_model
    assert model.data(model.element_index(0, 0, 1), Qt.DisplayRole) == 8  # was Qty 1
    assert model.data(model.element_index(0, None, 1), Qt.DisplayRole) == 8
    window.select(0, None)
    assert "1 element, 8 figures" in window.unit_panel.total.text()  # was "1 elements, 1 models"


def test_a_unit_made_a_vehicle_mounts_each_weapon_once_and_says_so(qtbot, window):
    window.open_file(FUBAR)
    doc = window.document
    window.select(0, 0)
    before = doc.element(0, 0)
    doc.edit_element(0, 0, ("kind",), "vehicle", "kind")
    after = doc.element(0, 0)
    assert after.kind == "vehicle" and [w.count for w in after.weapons] == [1, 1, 1]  # was 6 assault rifles
    assert after.figures == before.figures  # its crew and passengers
    message = window.statusBar().currentMessage()
    assert message.startswith("A vehicle is one model; Figures (8) are its crew and passengers")
    assert "Assault Rifle 6 → 1" in message
    doc.undo_stack.undo()  # one step puts back the kind and the weapons
    assert doc.element(0, 0) == before


# --- 6: the Duke It Out weapons table gives the names their room ------------------------------------------------------
def test_duke_weapon_names_and_headers_show_whole_at_1024(qtbot, window):
    from PySide6.QtWidgets import QApplication

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


# --- 9: the Matchup panel ---------------------------------------------------------------------------------------------
def test_the_matchup_target_never_starts_on_the_attacker(qtbot, window):
    window.open_file(HUMAN)
    window.reference.show_dock("matchup")
    panel = window.reference.matchup_panel
    window.select(1, 0)
    assert panel.target.currentData() == (0, 0)  # the first element of another unit
    window.select(0, 0)  # that target now attacks
    assert panel.target.currentData()[0] != 0  # was (0, 0): the attacker against itself
    window.select(2, None)  # a whole unit attacks: the target is outside it
    assert panel.target.currentData()[0] != 2


def test_the_matchup_panel_opens_at_its_top(qtbot, window):
    window.resize(1024, 480)
    window.open_file(HUMAN)
    window.reference.show_dock("matchup")
    window.select(0, 0)
    bar = window.reference.matchup_panel.odds_scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    bar.setValue(bar.maximum())  # scrolled to the notes, then the panel closed and opened again
    window.reference.docks["matchup"].hide()
    window.reference.show_dock("matchup")
    assert bar.value() == 0  # Target and Action in view


# --- 7: a panel restored in a larger window keeps to its third -------------------------------------------------------
def test_a_panel_saved_wide_comes_back_within_a_third_of_the_window(qtbot, make_window):
    from PySide6.QtCore import Qt

    first = make_window()
    first.open_file(HUMAN)
    first.reference.show_dock("matchup")
    first.resize(1358, 732)
    first.resizeDocks([first.reference.docks["matchup"]], [650], Qt.Orientation.Horizontal)  # as the issue found it
    first.layout().activate()
    assert first.reference.docks["matchup"].width() > 1358 // 3  # the state saved holds a wide panel
    first.save_settings()
    again = make_window()
    again.open_file(HUMAN)
    again.resize(1300, 700)
    again.restoreState(settings.WINDOW_STATE.read())  # the saved panel, then the window maximised (a WM's resize)
    again.resize(1358, 732)
    qtbot.wait(20)
    assert again.reference.docks["matchup"].isVisible()
    assert again.reference.docks["matchup"].width() <= 1358 // 3  # was ~650
    assert again.cost_panel.width() >= again.cost_panel.readable_width()  # was ~125


def test_the_wheel_over_the_spell_checklist_leaves_the_form_where_it_is(qtbot, window):
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

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


def test_the_dice_history_fits_the_panel_without_sideways_scrolling(qtbot, loaded):
    from PySide6.QtWidgets import QApplication

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


def test_the_matchup_chart_axis_is_in_view_at_1024(qtbot, window):
    from PySide6.QtWidgets import QApplication

    window.open_file(HUMAN)  # the 1024x700 window (conftest)
    window.reference.show_dock("matchup")
    window.select(0, 0)
    panel = window.reference.matchup_panel
    qtbot.waitUntil(lambda: panel.chart.values != [])
    QApplication.processEvents()
    viewport, chart = panel.odds_scroll.viewport(), panel.chart
    assert panel.table.rowCount() == 1 and panel.table.height() < 100  # was 144 px for one row
    assert chart.mapTo(viewport, chart.rect().bottomLeft()).y() <= viewport.height()  # the axis was below the fold


def test_an_opened_example_is_never_overwritten(qtbot, loaded, answers, monkeypatch, tmp_path):
    """Ctrl+S on the Human Force example wrote the shipped file (user trial): Save asks for a name in the
    player's folder, and a name among the examples is refused."""
    from warbench.model.resources import examples_dir

    docs = _documents(tmp_path)
    example = examples_dir() / "human-force.army.json"
    shipped = example.read_bytes()
    assert loaded.document.path == example
    loaded.document.edit_army("Rename army", name="My Humans")
    suggested: list[str] = []
    monkeypatch.setattr(dialogs, "save_path", lambda parent, path: suggested.append(path) or str(example))
    assert not loaded.files.save()
    assert suggested == [str(docs / "human-force.army.json")]  # the player's folder, not the examples'
    assert example.read_bytes() == shipped and answers.errors and loaded.document.modified
    mine = tmp_path / "mine.army.json"
    monkeypatch.setattr(dialogs, "save_path", lambda parent, path: str(mine))
    assert loaded.files.save() and mine.exists() and example.read_bytes() == shipped
