"""u13's user trial: what a new player met at 1024x700, 1920x1080 and QT_SCALE_FACTOR=1.5, each fixed."""

from __future__ import annotations

from warbench.gui.docks import DOCKS
from warbench.model.resources import examples_dir


# --- the start page -------------------------------------------------------------------------------------------------
def test_the_start_page_offers_no_way_back_to_an_army_never_made(qtbot, app, answers):
    from warbench.gui.app import create_window

    w = create_window([])  # first start: the start page over the empty army made for the window
    qtbot.addWidget(w)
    w.show()
    assert w.start.on_start_page and not w.start.start_page.back.isVisible()
    w.start.new_army_of("fubar")  # the player makes one, goes to the start page: now there is an army to go back to
    w.start.show_start_page()
    assert w.start.start_page.back.isVisible()
    w.start.start_page.back.click()
    assert not w.start.on_start_page and w.document.army.system == "fubar"
    w.document.undo_stack.setClean()


def test_an_opened_army_can_be_gone_back_to_from_the_start_page(qtbot, window):
    window.open_file(examples_dir() / "human-force.army.json")
    window.start.show_start_page()
    assert window.start.start_page.back.isVisible()


# --- 1024x700 with a panel open -----------------------------------------------------------------------------------
SMALL = (1016, 664)  # a 1024x700 screen less the window frame


def _names_width(tree) -> int:
    """What the tree's name column needs for its longest unit (bold) and element name, with their indents."""
    from PySide6.QtGui import QFont, QFontMetrics

    bold = QFont(tree.font())
    bold.setBold(True)
    model = tree.model()
    longest = 0
    for row in range(model.rowCount()):
        unit = model.index(row, 0)
        longest = max(longest, QFontMetrics(bold).horizontalAdvance(unit.data()) + tree.indentation())
        for child in range(model.rowCount(unit)):
            name = model.index(child, 0, unit).data()
            longest = max(longest, tree.fontMetrics().horizontalAdvance(name) + 2 * tree.indentation())
    return longest


def test_a_panel_at_1024x700_leaves_the_cost_panel_more_than_its_minimum(qtbot, make_window):
    """The one-row tree toolbar held the tree at 332 px; a dock then took all it needed from the cost panel,
    which sat at its 144 px minimum. Two rows, and the tree keeps what its names need."""
    w = make_window()
    w.resize(*SMALL)
    w.start.show_start_page()  # as a first start: the army is opened after the window was laid out
    w.start.open_example(str(examples_dir() / "human-force.army.json"))
    assert w.tree.columnWidth(0) >= _names_width(w.tree) + 8  # names whole
    for dock in [d.key for d in DOCKS if w.reference.dock_actions[d.key].isEnabled()]:  # no Spells: no spells
        w.reference.show_dock(dock)
        tree, form, cost = w.splitter.sizes()
        assert cost >= w.cost_panel.minimumWidth() + 15, (dock, tree, form, cost)
        assert form >= w.form_scroll.minimumSizeHint().width()
        assert w.tree.columnWidth(0) >= _names_width(w.tree) + 8, dock
        assert len(w.tree_toolbars) == 2 and all(bar.isVisible() for bar in w.tree_toolbars)
        assert w.size().toTuple() == SMALL


# --- the dice chart -----------------------------------------------------------------------------------------------
def test_the_dice_charts_axis_labels_are_whole_and_apart(qtbot, app):
    """1000d6 at a 1024x700 dock's width drew its end labels half outside the chart (".000", "599")."""
    import random

    from PySide6.QtGui import QFontMetrics

    from warbench.gui.dice_panel import DicePanel

    panel = DicePanel(random.Random(3))
    qtbot.addWidget(panel)
    panel.resize(260, 600)
    panel.show()
    chart = panel.chart
    for expression in ("1000d6", "3d6", "2d20+5", "10d100"):
        panel.roll_expression(expression)
        boxes = chart.label_boxes()
        values = [value for value, _ in boxes]
        first, last = chart.bar_rects()[0][0], chart.bar_rects()[-1][0]
        assert {first, last, chart.rolled} <= set(values), (expression, values)
        metrics = QFontMetrics(chart.label_font())
        for value, box in boxes:
            assert 0 <= box.left() and box.right() <= chart.width(), (expression, value, box)
            assert box.width() >= metrics.horizontalAdvance(str(value)), (expression, value)
        for (_, a), (_, b) in zip(boxes, boxes[1:]):
            assert a.right() <= b.left(), (expression, values)


def test_a_big_pools_chart_draws_the_totals_that_come_up(qtbot, app):
    """1000d6 drew all 5,001 totals: the few hundred with any chance were a one-pixel sliver in the middle."""
    import random

    from warbench.gui.dice_panel import TAIL_FRACTION, DicePanel

    panel = DicePanel(random.Random(3))
    qtbot.addWidget(panel)
    panel.resize(260, 600)
    panel.show()
    panel.roll_expression("1000d6")
    chart = panel.chart
    shown = chart.shown_points()
    assert len(shown) < len(chart.points) / 5
    assert sum(p for _, p in shown) > 0.999  # what is left off is too rare to draw
    peak = max(p for _, p in chart.points)
    assert all(p < peak / TAIL_FRACTION for value, p in chart.points if (value, p) not in shown)
    assert chart.rolled in [value for value, _ in shown]
    panel.roll_expression("2d6")  # a small pool is drawn whole
    assert chart.shown_points() == chart.points and len(chart.points) == 11


# --- panels across systems ----------------------------------------------------------------------------------------
def test_the_spells_panel_comes_back_after_an_army_without_spells(qtbot, loaded):
    """Open, then a FUBAR army (no spells: the panel goes), then a Flat Out War army again: it was gone for good."""
    loaded.reference.show_dock("spells")
    loaded.reference.show_dock("attributes")  # in front; Spells behind its tab
    loaded.start.new_army_of("fubar")
    assert not loaded.reference.docks["spells"].toggleViewAction().isChecked()
    loaded.open_file(examples_dir() / "human-force.army.json")
    assert (
        loaded.reference.docks["spells"].toggleViewAction().isChecked()
        and loaded.reference.dock_actions["spells"].isEnabled()
    )
    assert loaded.reference.attribute_browser.isVisible()  # the panel in front stays in front


def test_a_spells_panel_the_player_never_opened_stays_closed(qtbot, loaded):
    loaded.start.new_army_of("fubar")
    loaded.open_file(examples_dir() / "human-force.army.json")
    assert not loaded.reference.docks["spells"].toggleViewAction().isChecked()


def test_a_panel_floats_where_the_screen_has_no_room_beside_the_builder(qtbot, make_window):
    """1024x700 at QT_SCALE_FACTOR=1.5 is 682 px wide: the first panel opened grew the window past the screen's
    edge, the panel itself off screen. Here the offscreen screen is 800 px and the window 700."""
    w = make_window()
    w.resize(700, 560)
    w.open_file(examples_dir() / "human-force.army.json")
    available = w.screen().availableGeometry()
    from warbench.gui.dice_panel import DicePanel

    panel = DicePanel()
    qtbot.addWidget(panel)
    assert w.centralWidget().minimumSizeHint().width() + panel.minimumSizeHint().width() > available.width()
    w.reference.show_dock("dice")
    dock = w.reference.docks["dice"]
    assert dock.isFloating() and dock.isVisible()
    assert available.contains(dock.frameGeometry()) or available.contains(dock.geometry())
    assert w.width() == 700  # the window did not grow
    w.reference.show_dock("attributes")
    assert w.width() == 700 and w.reference.docks["attributes"].isVisible()


# --- the Matchup panel --------------------------------------------------------------------------------------------
def test_the_matchup_panel_does_not_first_aim_the_attacker_at_itself(qtbot, loaded):
    loaded.select(0, 0)  # Assault Squad ▸ Assault Troop
    panel = loaded.reference.show_dock("matchup")
    ui, _ei = panel.target.currentData()
    assert ui != 0, panel.target.currentText()  # another unit's element, not the attacker's own
    panel.target.setCurrentIndex(0)  # the player's own choice is kept across edits
    loaded.select(1, 0)
    assert panel.target.currentIndex() == 0


# --- the Army menu ------------------------------------------------------------------------------------------------
def test_the_army_menu_says_when_a_system_has_no_army_options(qtbot, window):
    """FUBAR, Duke It Out and the 2D6 game have no army options: the Army menu was greyed out, as if broken."""
    window.start.new_army_of("fubar")
    menu = window.commands.army_menu
    assert menu.isEnabled()
    [note] = menu.actions()
    assert note.text() == "No army options in FUBAR" and not note.isEnabled()
    window.start.new_army_of("fow-special-ops")  # a system with options lists them, and no note
    assert menu.isEnabled() and menu.actions()
    assert all(action.menu() is not None for action in menu.actions())


def test_a_new_armys_tree_shows_the_names_warbench_gives(qtbot, make_window):
    """With the two-row toolbar the tree of a new army sat at 240 px and cut "New element 3" to "New …"."""
    for size in (SMALL, (1600, 1000)):
        w = make_window()
        w.resize(*size)
        w.start.show_start_page()  # as a first start: the army is made after the window was laid out
        w.start.new_army_of("fow-special-ops")
        w.commands.add_unit_action.trigger()
        for _ in range(3):
            w.commands.add_element_action.trigger()
        qtbot.wait(10)
        assert w.tree.columnWidth(0) >= _names_width(w.tree) + 8, size


def test_opening_an_army_keeps_the_splitter_layout_the_player_chose(make_window):
    """An army whose names the tree cuts widens the tree only: the width comes from the form and the
    cost panel, and the rest of the player's layout stays (it was reset to the first sizes)."""
    from PySide6.QtWidgets import QApplication

    w = make_window()
    w.resize(1600, 1000)
    w.open_file(examples_dir() / "human-force.army.json", ask=False)
    QApplication.processEvents()
    total = sum(w.splitter.sizes())
    w.splitter.setSizes([w.tree_box.minimumWidth(), 400, total - 400 - w.tree_box.minimumWidth()])
    mine = w.splitter.sizes()
    w.open_file(examples_dir() / "orc-and-ghoblin-force.army.json", ask=False)
    QApplication.processEvents()
    after = w.splitter.sizes()
    assert after[0] > mine[0] and after[1] <= mine[1] and after[2] <= mine[2]
    assert sum(after) == sum(mine)
    assert after[0] >= min(w._tree_wanted(), total // 3)  # the names fit now


def test_the_no_options_note_keeps_an_ampersand_in_the_systems_name(qtbot, window, monkeypatch):
    """A menu reads "&" as a mnemonic: "Guns & Glory" would show as "Guns  Glory"."""
    window.start.new_army_of("fubar")
    monkeypatch.setattr(window.document.system, "name", "Guns & Glory")
    window.commands.build_options_menu()
    [note] = window.commands.army_menu.actions()
    assert note.text() == "No army options in Guns && Glory"  # shown as "Guns & Glory"
