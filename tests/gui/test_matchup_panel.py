"""The Matchup dock: attacker from the selection, targets from this army or an opponent file,
situation toggles, odds as fractions, the activation chart, live update, the matrix."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction as F

import pytest

from tests.helpers import army_data, element
from warbench.gui.main_window import MainWindow
from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"


@pytest.fixture
def duel(qtbot, app, answers, tmp_path):
    data = army_data(
        "fow-special-ops",
        [
            element("Rifleman", ranged={"name": "Rifle", "die": "d8", "range": 12}, count=4),
            element("Trooper"),
        ],
    )
    path = tmp_path / "duel.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    w = MainWindow(autosave_ms=3_600_000)
    qtbot.addWidget(w)
    w.show()
    w.open_file(path)
    yield w
    w.document.undo_stack.setClean()


def matchup_window(qtbot, path) -> MainWindow:
    """A window with ``path`` open, the Matchup dock shown and the first element selected."""
    w = MainWindow(autosave_ms=3_600_000)
    qtbot.addWidget(w)
    w.show()
    w.open_file(path)
    w.reference.show_dock("matchup")
    w.select(0, 0)
    return w


def odds_cells(panel) -> list[list[str]]:
    t = panel.table
    return [[t.item(r, c).text() for c in range(t.columnCount())] for r in range(t.rowCount())]


def target(panel, name: str) -> None:
    index = next(i for i in range(panel.target.count()) if panel.target.itemText(i).endswith(name))
    panel.target.setCurrentIndex(index)


def test_view_menu_and_shortcut_show_the_dock(duel):
    toggle = duel.reference.dock_actions["matchup"]
    assert toggle in duel.reference.view_menu.actions()
    assert toggle.shortcut().toString() == "F7"
    toggle.trigger()
    assert duel.reference.docks["matchup"].isVisible()


def test_selected_element_against_a_target_shows_exact_fractions(duel):
    duel.reference.show_dock("matchup")
    duel.select(0, 0)
    panel = duel.reference.matchup_panel
    target(panel, "Trooper")
    rows = odds_cells(panel)
    ranged = next(r for r in rows if r[0].startswith("ranged"))
    # d8 4+ = 5/8; the d6 target fails recovery 1/2 → 5/16
    assert ranged[2] == "5/8  (62.5%)" and ranged[3] == "5/16  (31.2%)"
    panel.action.setCurrentIndex(1)  # ranged: 4 riflemen × 1 shot
    assert panel.chart.values[0] == (1 - F(5, 16)) ** 4
    assert "expected damage (removed) 1.25" in panel.summary.text()
    assert "points efficiency" in panel.summary.text()


def test_situation_toggles_change_the_odds(duel):
    duel.reference.show_dock("matchup")
    duel.select(0, 0)
    panel = duel.reference.matchup_panel
    target(panel, "Trooper")
    assert set(panel._situation_boxes) == {
        *("flank", "rear", "long-range", "partial-cover", "prone", "stationary"),
        *("strengthened", "weakened", "shielded"),
        *("charging", "ran"),  # the documents' charging and running, picked up from the system
    }
    panel._situation_boxes["rear"].setChecked(True)
    ranged = next(r for r in odds_cells(panel) if r[0].startswith("ranged"))
    assert ranged[2].startswith("7/8")  # d8 + 2: faces 2..8
    panel._situation_boxes["ran"].setChecked(True)
    ranged = next(r for r in odds_cells(panel) if r[0].startswith("ranged"))
    assert ranged[2].startswith("3/4")  # d8 + 2 - 1 (ran): faces 3..8


def test_live_update_when_the_element_is_edited(duel):
    duel.reference.show_dock("matchup")
    duel.select(0, 0)
    panel = duel.reference.matchup_panel
    target(panel, "Trooper")
    duel.document.edit_element(0, 0, ("ranged", "die"), "d12")
    ranged = next(r for r in odds_cells(panel) if r[0].startswith("ranged"))
    assert ranged[2].startswith("3/4")  # d12: 9 faces of 12


def test_opponent_file_is_kept_beside_not_merged(duel, answers):
    duel.reference.show_dock("matchup")
    duel.select(0, 0)
    panel = duel.reference.matchup_panel
    answers.open_path = str(HUMAN)
    units_before = len(duel.document.army.units)
    panel.open_button.click()
    assert panel.source.currentIndex() == 1 and "Human Force" in panel.source.currentText()
    assert any("Tactical" in panel.target.itemText(i) for i in range(panel.target.count()))
    assert len(duel.document.army.units) == units_before and not duel.document.modified
    answers.open_path = str(examples_dir() / "fubar-rifle-platoon.army.json")
    panel.open_button.click()
    assert answers.errors and "fubar" in answers.errors[-1][1]


def test_matrix_tab_colours_cells(duel):
    duel.reference.show_dock("matchup")
    duel.select(0, None)
    panel = duel.reference.matchup_panel
    panel.tabs.setCurrentIndex(1)
    m = panel.matrix
    assert (m.rowCount(), m.columnCount()) == (1, 1)
    # the chosen action (melee) against its own unit: the riflemen's base dice 4 × 1/4 = 1.00; the weaponless
    # Trooper makes no attack (Special Ops)
    assert m.item(0, 0).text() == "1.00"
    assert m.item(0, 0).background().color() != panel.palette().base().color()


def test_matrix_cells_keep_their_text_readable_on_a_dark_palette(duel):
    """The best cell mixed 85 % green under light text: 3.67:1 on a dark palette (4.5:1 is the floor)."""
    from PySide6.QtGui import QPalette

    from warbench.gui import theme

    duel.reference.show_dock("matchup")
    duel.select(0, None)
    panel = duel.reference.matchup_panel
    panel.tabs.setCurrentIndex(1)
    panel.setPalette(theme.dark_palette())  # the scheme turns dark while the matrix is shown
    m = panel.matrix
    best = m.item(0, 0).background().color()
    assert theme.contrast(m.palette().color(QPalette.ColorRole.Text), best) >= theme.MIN_CONTRAST, best.name()
    assert best != m.palette().color(QPalette.ColorRole.Base)  # still coloured


def test_target_list_is_refilled_only_when_a_name_changes(duel):
    duel.reference.show_dock("matchup")
    duel.select(0, 0)
    panel = duel.reference.matchup_panel
    target(panel, "Trooper")
    labels = [panel.target.itemText(i) for i in range(panel.target.count())]
    calls = []
    original = panel.target.clear
    panel.target.clear = lambda: (calls.append(1), original())[1]
    duel.document.edit_element(0, 0, ("move",), 6)  # no name changed: the list stays as it is
    assert calls == [] and [panel.target.itemText(i) for i in range(panel.target.count())] == labels
    duel.document.edit_element(0, 1, ("name",), "Veteran")
    assert calls == [1] and panel.target.itemText(1).endswith("Veteran") and panel.target.itemData(1) == (0, 1)


def test_a_short_dock_scrolls_instead_of_overlapping(duel, qtbot):
    duel.resize(1024, 480)
    duel.reference.show_dock("matchup")
    duel.select(0, 0)
    panel = duel.reference.matchup_panel
    target(panel, "Trooper")
    panel.action.setCurrentIndex(1)
    qtbot.wait(50)
    parts = [panel.table, panel.chart, panel.summary, panel.notes]
    for upper, lower in zip(parts, parts[1:]):
        top_of_lower = lower.mapTo(panel, lower.rect().topLeft()).y()
        bottom_of_upper = upper.mapTo(panel, upper.rect().bottomLeft()).y()
        assert bottom_of_upper < top_of_lower, f"{upper.objectName()} overlaps {lower.objectName()}"
    assert panel.chart.height() >= panel.chart.minimumHeight()


def test_reroll_odds_are_named_as_the_system_names_its_reroll(duel, monkeypatch):
    from dataclasses import replace

    duel.reference.show_dock("matchup")
    duel.select(0, 0)
    panel = duel.reference.matchup_panel
    target(panel, "Trooper")
    duel.document.edit_element(0, 1, ("attributes",), [{"id": "lucky"}])  # the target may re-roll its recovery
    rows = odds_cells(panel)
    at = next(i for i, r in enumerate(rows) if r[0].startswith("ranged"))
    # recovery 1/2, with a re-roll 3/4: 5/8 × 1/4 = 5/32, on a row of its own under the attack
    assert rows[at][3] == "5/16  (31.2%)"
    assert rows[at + 1] == ["    with Lucky (target)", "", "5/8  (62.5%)", "5/32  (15.6%)", ""]
    system = duel.document.system
    monkeypatch.setattr(system.reference, "dice_check", replace(system.reference.dice_check, reroll="Second Wind"))
    duel.document.edit_element(0, 0, ("count",), 3)
    rows = odds_cells(panel)
    assert rows[at + 1][0] == "    with Second Wind (target)" and rows[at + 1][3] == "5/32  (15.6%)"


def test_panel_names_the_rule_forbidding_fire_and_the_reading(qtbot, app, answers, tmp_path):
    # FUBAR: a suppressed figure cannot fire → the ranged rows are 0 and the notes name the rule; troops
    # behind a truck take its save first, and the notes name the reading picked
    path = tmp_path / "platoon.army.json"
    path.write_text((examples_dir() / "fubar-rifle-platoon.army.json").read_text(encoding="utf-8"), encoding="utf-8")
    w = matchup_window(qtbot, path)
    panel = w.reference.matchup_panel
    target(panel, "HMG Team")
    assert {"suppressed", "ran-or-ducked", "gone-to-ground", "behind-vehicle-none"} <= set(panel._situation_boxes)
    panel._situation_boxes["suppressed"].setChecked(True)
    ranged = [r for r in odds_cells(panel) if r[0].startswith("ranged")]
    assert ranged and all(r[2].startswith("0") for r in ranged)
    notes = [panel.notes.item(i).text() for i in range(panel.notes.count())]
    assert "ranged: forbidden (odds 0) by Suppression: a suppressed figure cannot fire" in notes
    panel._situation_boxes["suppressed"].setChecked(False)
    panel._situation_boxes["behind-vehicle-none"].setChecked(True)
    notes = [panel.notes.item(i).text() for i in range(panel.notes.count())]
    assert any(n.startswith("ranged: reading fubar-vehicle-save:") for n in notes)
    w.document.undo_stack.setClean()


def test_an_activation_over_the_bound_is_refused_in_the_panel_and_the_matrix(qtbot, app, answers, tmp_path):
    """400 riflemen: over MAX_ATTACKS (300). The old code worked such activations out in Fractions (10**6
    figures froze the window for minutes); the panel now names the element, weapon and bound instead."""
    from warbench.model.matchup import MAX_ATTACKS

    data = army_data(
        "fow-special-ops", [element("Horde", ranged={"name": "Rifle", "die": "d8", "range": 12}, count=400)]
    )
    path = tmp_path / "horde.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    panel = matchup_window(qtbot, path).reference.matchup_panel
    panel.action.setCurrentIndex(1)  # ranged: 400 × 1 shot
    first = panel.notes.item(0).text()
    assert "'Horde', Rifle (ranged): 400 × 1 attacks" in first and f"at most {MAX_ATTACKS}" in first
    assert panel.chart.values == [] and "Too many attacks" in panel.summary.text()
    panel.tabs.setCurrentIndex(1)
    assert panel.matrix.rowCount() == 0 and "'Horde'" in panel.matrix_note.text()


def test_a_large_matrix_shows_progress_can_be_cancelled_and_is_capped(qtbot, app, answers, tmp_path, monkeypatch):
    """A stranger's army may hold 100,000 units (10**10 cells): the matrix tab works out at most 100 × 100,
    with a progress dialog and a Cancel button; the window's events are handled between cells."""
    from PySide6.QtWidgets import QProgressDialog

    from warbench.gui import matchup_panel

    data = army_data("fow-special-ops", [])
    data["units"] = [
        {"name": f"U{i}", "elements": [element("E", melee={"name": "Axe", "die": "d6"})]} for i in range(301)
    ]
    path = tmp_path / "many.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    panel = matchup_window(qtbot, path).reference.matchup_panel
    shown = []
    monkeypatch.setattr(QProgressDialog, "wasCanceled", lambda self: shown.append(self.objectName()) or True)
    monkeypatch.setattr(matchup_panel, "monotonic", iter(range(0, 10**6)).__next__)  # 1 s a cell: check each
    panel.tabs.setCurrentIndex(1)
    assert shown == ["matrixProgress"] and panel.matrix.rowCount() == 0
    assert panel.matrix_note.text().startswith("Cancelled")
    monkeypatch.undo()
    panel.refresh()
    assert (panel.matrix.rowCount(), panel.matrix.columnCount()) == (100, 100)
    assert "the first 100 of 301 attacking units and the first 100 of 301 target units" in panel.matrix_note.text()


def test_a_unit_of_more_elements_than_the_bound_is_refused_before_any_work(qtbot, app, answers, tmp_path):
    from warbench.model.matchup import MAX_ATTACKS

    data = army_data("fow-special-ops", [element(f"E{i}") for i in range(MAX_ATTACKS + 1)])
    path = tmp_path / "wide.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    w = matchup_window(qtbot, path)
    w.select(0, None)
    panel = w.reference.matchup_panel
    assert panel.table.rowCount() == 0 and f"{MAX_ATTACKS + 1} elements" in panel.notes.item(0).text()
    assert "Select one element" in panel.notes.item(0).text()


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


def test_the_matchup_panel_does_not_first_aim_the_attacker_at_itself(qtbot, loaded):
    loaded.select(0, 0)  # Assault Squad ▸ Assault Troop
    panel = loaded.reference.show_dock("matchup")
    ui, _ei = panel.target.currentData()
    assert ui != 0, panel.target.currentText()  # another unit's element, not the attacker's own
    panel.target.setCurrentIndex(0)  # the player's own choice is kept across edits
    loaded.select(1, 0)
    assert panel.target.currentIndex() == 0


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_heat_colours_keep_their_text_readable(app, scheme):
    """For the matchup matrix (gui/matchup_panel.py's _heat mixed up to 3.67:1 under white text on dark)."""
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QStyleFactory

    from warbench.gui import theme

    palette = theme.dark_palette() if scheme == "dark" else QStyleFactory.create("Fusion").standardPalette()
    text, base = palette.color(QPalette.Text), palette.color(QPalette.Base)
    cells = [theme.heat(palette, share / 10) for share in range(11)]
    assert all(theme.contrast(text, cell) >= theme.MIN_CONTRAST for cell in cells)
    assert cells[0] == base and theme.contrast(cells[10], base) > 1.5  # the best cell still stands out


def test_the_matchup_dock_reads_the_one_selection_and_refreshes_once_per_change(window, monkeypatch):
    from warbench.gui.matchup_panel import MatchupPanel

    calls: Counter = Counter()
    original = MatchupPanel.refresh

    def refresh(self):
        calls["matchup"] += 1
        return original(self)

    monkeypatch.setattr(MatchupPanel, "refresh", refresh)
    window.open_file(HUMAN)
    window.reference.show_dock("matchup")
    panel = window.reference.matchup_panel
    assert panel.selection is window.selection and "selected" not in vars(panel)  # no copy of it

    def count(action) -> int:
        calls.clear()
        action()
        return calls["matchup"]

    def attacker() -> str:
        return panel.attacker_label.text()

    doc = window.document
    assert count(lambda: window.select(1, 0)) == 1
    assert doc.element(1, 0).name in attacker()
    assert count(lambda: window.select(1, 0)) == 0  # the same again: nothing to do
    assert count(lambda: window.tree.setCurrentIndex(window.tree_model.element_index(0, 1))) == 1
    assert doc.element(0, 1).name in attacker()
    assert count(lambda: doc.edit_element(0, 1, ("count",), 7)) == 1
    assert count(doc.undo_stack.undo) == 1
    assert count(window.commands.duplicate) == 1  # an edit that also selects what it made: still once
    assert panel.selected == window.selected == (0, 2)
    # hidden: nothing is worked out; shown again: once, for what is selected now
    window.reference.docks["matchup"].hide()
    assert count(lambda: window.select(2, None)) == 0
    assert count(lambda: window.reference.show_dock("matchup")) == 1
    assert doc.army.units[2].name in attacker()
    doc.undo_stack.setClean()


def test_an_attack_that_cannot_harm_shows_hits_no_damage_and_the_rule(qtbot, app, answers, tmp_path):
    # Heavy Armor: a d8 rifle may hit the tank (5/8) but cannot damage it: the table says so, naming the rule
    data = army_data(
        "fow-special-ops",
        [
            element("Rifleman", ranged={"name": "Rifle", "die": "d8", "range": 12}),
            element("Tank", die="d12", type="vehicle", attributes=["heavy-armor"]),
        ],
    )
    path = tmp_path / "armour.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    panel = matchup_window(qtbot, path).reference.matchup_panel
    target(panel, "Tank")
    ranged = next(r for r in odds_cells(panel) if r[0].startswith("ranged"))
    assert ranged[2].startswith("5/8") and ranged[3].startswith("0")
    assert (
        ranged[4]
        == "hits, no damage: Heavy Armor: an attack die under d10 without a heavy weapon of its kind cannot harm it"
    )
    assert any(
        panel.notes.item(i).text().startswith("ranged: hits, no damage: Heavy Armor")
        for i in range(panel.notes.count())
    )
