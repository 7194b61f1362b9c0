"""Issue 11 leftovers: the library's Pick dialog searches as the browsers do, the cost panel explains a
selected unit, and the other small frictions of a new player's first ten minutes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics


def _shown(dialog) -> list[str]:
    rows = (dialog.list.item(i) for i in range(dialog.list.count()))
    return [item.data(Qt.UserRole + 1) for item in rows if not item.isHidden()]


def test_the_pick_dialog_forgives_as_the_browsers_do(qtbot):
    from warbench.gui.library import PickDialog

    rows = [("Heavy Armour Squad", "", 1), ("Re-roll Team", "", 2), ("Scouts", "", 3), ("Flying Wing", "", 4)]
    dialog = PickDialog("Insert from Library", rows, multi=False)
    qtbot.addWidget(dialog)
    for query, expected in (("armor", 1), ("reroll", 2), ("scuots", 3), ("flyng", 4), ("heavyarmour", 1)):
        dialog.search.clear()
        qtbot.keyClicks(dialog.search, query)
        assert dialog.picked() == [expected], query
        assert _shown(dialog)[0] == rows[expected - 1][0], query  # the best match is on top
    dialog.search.clear()
    assert _shown(dialog) == [label for label, _d, _p in rows]  # no search: every row, in its own order


def test_the_pick_dialog_keeps_check_marks_while_searching(qtbot):
    from warbench.gui.library import PickDialog

    dialog = PickDialog("Import", [("Alpha Squad", "", 1), ("Bravo Squad", "", 2), ("Charlie", "", 3)], multi=True)
    qtbot.addWidget(dialog)
    dialog.list.item(2).setCheckState(Qt.Checked)  # Charlie
    qtbot.keyClicks(dialog.search, "brvo")
    assert _shown(dialog)[0] == "Bravo Squad"
    dialog.list.item(0).setCheckState(Qt.Checked)
    dialog.search.clear()
    assert sorted(dialog.picked()) == [2, 3]


def test_a_selected_unit_shows_its_cost_lines_in_the_cost_panel(loaded):
    panel = loaded.cost_panel
    loaded.select(1, None)
    unit, cost = loaded.document.army.units[1], loaded.document.cost.units[1]
    assert "Select" not in panel.title.text() and unit.name in panel.title.text()
    assert panel.table.rowCount() == len(unit.elements)
    for row, ec in enumerate(cost.elements):
        assert panel.table.item(row, 0).text().startswith(ec.name)
        assert panel.table.item(row, 1).text() == str(ec.total)
    assert f"Unit total: {cost.cost} pts" in panel.element_total.text()
    panel.table.itemActivated.emit(panel.table.item(1, 0))  # a line opens its element
    assert loaded.selected == (1, 1)
    assert panel.title.text().startswith(f"<b>{cost.elements[1].name}</b>")


# --- item 3: the start page at 1024x700 and 1920x1080 ---------------------------------------------------------
SMALL, LARGE = (1016, 664), (1600, 1000)  # first-start windows on a 1024x700 and a 1920x1080 screen


def _start_page(qtbot, size):
    from warbench.gui.main_window import MainWindow

    w = MainWindow(autosave_ms=3_600_000)
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    w.start.show_start_page()
    qtbot.waitExposed(w)
    return w, w.start.start_page


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["1024x700", "1920x1080"])
def test_the_start_page_lists_never_scroll_sideways(qtbot, app, answers, size):
    _w, page = _start_page(qtbot, size)
    for listing in (page.examples, page.recent):
        assert listing.horizontalScrollBar().maximum() == 0 or not listing.horizontalScrollBar().isVisible()
    metrics, room = page.examples.fontMetrics(), page.examples.viewport().width() - 8
    for i in range(page.examples.count()):
        for line in page.examples.item(i).text().split("\n"):  # the army's name and its system, each whole
            assert metrics.horizontalAdvance(line) <= room, line


def test_the_start_page_is_a_centred_block_on_a_big_screen(qtbot, app, answers):
    w, page = _start_page(qtbot, LARGE)
    content = page.new_buttons[next(iter(page.new_buttons))].parentWidget().parentWidget()
    left = content.mapTo(page, content.rect().topLeft()).x()
    right = page.width() - content.mapTo(page, content.rect().topRight()).x()
    assert left > page.width() * 0.1 and abs(left - right) <= 24  # not stuck to the left edge, centred
    _w, small = _start_page(qtbot, SMALL)
    content = small.new_buttons[next(iter(small.new_buttons))].parentWidget().parentWidget()
    assert content.width() >= small.width() - 60  # a small window gives the page its whole width


def test_the_start_page_takes_the_window_and_the_panels_come_back(qtbot, app, answers):
    w = _builder(qtbot)
    w.reference.show_dock("attributes")
    w.reference.show_dock("dice")  # in front of the attributes, in the same tab group
    w.start.show_start_page()
    assert not any(dock.isVisible() for dock in w.reference.docks.values())
    qtbot.wait(10)
    page = w.start.start_page
    room = page.examples.viewport().width() - 8
    lines = [page.examples.item(i).text().split("\n")[1] for i in range(page.examples.count())]
    longest = max(lines, key=page.examples.fontMetrics().horizontalAdvance)
    assert page.examples.fontMetrics().horizontalAdvance(longest) <= room  # system names whole at 1024x700
    w.start.hide_start_page()  # Back to the army
    assert w.reference.docks["attributes"].toggleViewAction().isChecked() and w.reference.docks["dice"].isVisible()
    assert w.reference.dice_panel.isVisible()  # the panel in front is in front again
    w.start.show_start_page()
    w.save_settings()  # closing on the start page: the panels it hid are remembered as open
    assert w.reference.docks["dice"].toggleViewAction().isChecked()
    w.document.undo_stack.setClean()


# --- item 4: names readable at 1024x700 with a panel open ---------------------------------------------------------
def _builder(qtbot, size=SMALL):
    import random

    from warbench.gui.main_window import MainWindow
    from warbench.model.resources import examples_dir

    w = MainWindow(autosave_ms=3_600_000, dice_rng=random.Random(7))
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    w.open_file(examples_dir() / "human-force.army.json")
    w.splitter.setSizes(w._default_splitter_sizes())
    qtbot.waitExposed(w)
    return w


@pytest.mark.parametrize("dock", ["attributes", "spells"])
def test_reference_names_are_whole_and_nothing_scrolls_sideways_at_1024x700(qtbot, app, answers, dock):
    w = _builder(qtbot)
    w.reference.show_dock(dock)
    browser = w.reference.attribute_browser if dock == "attributes" else w.reference.spell_browser
    browser.search.setText("")
    qtbot.wait(10)
    table = browser.table
    assert table.horizontalScrollBar().maximum() == 0
    bold = QFont(table.font())
    bold.setBold(True)
    widest = max(QFontMetrics(bold).horizontalAdvance(name) for name in browser.visible_names())
    assert table.columnWidth(0) >= widest + 8  # "Heavy Melee Weapon", not "Heavy Melee We…"
    assert not table.isColumnHidden(1)  # the cost (or difficulty) stays beside the name
    w.resize(1900, 1000)
    w.resizeDocks([w.reference.docks[dock]], [1000], Qt.Horizontal)  # a wide panel
    qtbot.wait(10)
    assert table.viewport().width() > 800
    assert all(not table.isColumnHidden(c) for c in range(browser.model.columnCount()))  # room for every column
    w.document.undo_stack.setClean()


def test_cost_lines_wrap_instead_of_being_cut_at_1024x700(qtbot, app, answers):
    w = _builder(qtbot)
    w.reference.show_dock("attributes")
    w.select(1, 0)  # Tactical Troop: a Pulse Rifle line and attribute lines
    table = w.cost_panel.table
    qtbot.wait(10)
    metrics = table.fontMetrics()
    room = table.columnWidth(0) - 6
    for row in range(table.rowCount()):
        text = table.item(row, 0).text()
        needed = metrics.boundingRect(0, 0, room, 10_000, Qt.TextWordWrap, text).height()
        assert table.rowHeight(row) >= needed, (text, table.rowHeight(row), needed)
    assert any(table.rowHeight(row) > 22 for row in range(table.rowCount()))  # some line did need two
    w.document.undo_stack.setClean()


# --- item 5: dark mode follows the system's colour scheme -------------------------------------------------------
@pytest.fixture
def restore_palette(app):
    from PySide6.QtWidgets import QApplication

    before = QApplication.palette()
    yield
    app.setProperty("warbenchDarkPalette", False)
    app.setPalette(before)


def test_the_system_turning_dark_gives_a_dark_palette_and_back(qtbot, app, answers, restore_palette):
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QStyleFactory

    from warbench.gui import theme

    app.setPalette(QStyleFactory.create("Fusion").standardPalette())
    hints = app.styleHints()
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)  # what the desktop sends when it turns dark
    palette = app.palette()
    assert theme.is_dark(palette)
    for text, back in (
        (QPalette.WindowText, QPalette.Window),
        (QPalette.Text, QPalette.Base),
        (QPalette.ButtonText, QPalette.Button),
        (QPalette.HighlightedText, QPalette.Highlight),
        (QPalette.Link, QPalette.Base),
        (QPalette.ToolTipText, QPalette.ToolTipBase),
    ):
        assert theme.contrast(palette.color(text), palette.color(back)) >= theme.MIN_CONTRAST, text
    disabled = palette.color(QPalette.Disabled, QPalette.Text)
    assert disabled != palette.color(QPalette.Active, QPalette.Text)  # a real palette: disabled text looks so
    assert theme.contrast(disabled, palette.color(QPalette.Disabled, QPalette.Base)) >= 3.0
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
    assert not theme.is_dark(app.palette())


def test_a_dark_desktop_palette_without_link_colours_gets_readable_links(qtbot, app, answers, restore_palette):
    """A dark palette that keeps Qt's default blue links (1.9:1): the cost panel's rule lines were unreadable."""
    from PySide6.QtGui import QPalette

    from tests.gui.test_contrast import dark_palette
    from warbench.gui import theme

    app.setPalette(dark_palette())
    w = _builder(qtbot)
    w.select(1, 0)
    table = w.cost_panel.table
    links = [
        table.item(r, 0).foreground().color() for r in range(table.rowCount()) if table.item(r, 0).data(Qt.UserRole)
    ]
    assert links
    base = app.palette().color(QPalette.Base)
    assert all(theme.contrast(link, base) >= theme.MIN_CONTRAST for link in links)
    w.document.undo_stack.setClean()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_dice_bars_stand_out_in_both_schemes(app, restore_palette, scheme):
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QStyleFactory

    from warbench.gui import theme
    from warbench.gui.dice_panel import bar_colours

    palette = theme.dark_palette() if scheme == "dark" else QStyleFactory.create("Fusion").standardPalette()
    colours = bar_colours(palette)
    base = palette.color(QPalette.Base)
    assert all(theme.contrast(c, base) >= 3.0 for c in colours.values()), {k: c.name() for k, c in colours.items()}
    assert theme.contrast(colours["bar"], colours["at_least"]) >= 1.5  # told apart
    assert colours["rolled"].name() not in (colours["bar"].name(), colours["at_least"].name())


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


def test_the_army_line_of_the_cost_panel_wraps_in_a_narrow_panel(qtbot, app, answers):
    from warbench.model.resources import examples_dir

    w = _builder(qtbot)
    w.open_file(examples_dir() / "2d6-dust-raiders.army.json")  # "Army: 5 units, 18 figures; routs after losing 3"
    w.reference.show_dock("attributes")
    w.select(0, 0)
    qtbot.wait(10)
    line = w.cost_panel.army_total
    assert line.fontMetrics().horizontalAdvance(line.text()) > line.width()  # longer than the panel is wide…
    assert line.height() >= 2 * line.fontMetrics().height()  # … so it takes two lines instead of being cut
    w.document.undo_stack.setClean()


def test_added_elements_get_their_own_names_and_the_name_field_takes_the_typing(qtbot, app, answers):
    from PySide6.QtWidgets import QApplication, QLineEdit

    w = _builder(qtbot)
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


def test_a_filled_field_shows_the_start_of_its_text_once_shown(qtbot, app, answers):
    """A Duke It Out weapon note read 't 1D6" closer': the text limit set on the field before it was
    first shown (setMaxLength sets the text again) put the cursor back at the text's end."""
    from PySide6.QtWidgets import QLineEdit

    from warbench.model.resources import examples_dir

    w = _builder(qtbot)
    w.open_file(examples_dir() / "duke-it-out-brick-brigade.army.json")
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
