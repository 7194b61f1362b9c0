"""The window's layout holds at every size: first-start geometry, tree columns, toolbar, form width,
docks, the header, long dice results and the warnings list."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QLineEdit, QToolButton

from warbench.gui import plain
from warbench.gui.dice_panel import DETAIL_CHARS
from warbench.gui.docks import DOCKS
from warbench.gui.main_window import MainWindow, first_start_geometry
from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"
SMALL = (1016, 664)  # a 1024×700 screen less the window frame


def _window(qtbot, size=None, path=HUMAN) -> MainWindow:
    w = MainWindow(autosave_ms=3_600_000, dice_rng=random.Random(7))
    qtbot.addWidget(w)
    if size:
        w.resize(*size)
    w.show()
    w.open_file(path)
    if size:
        w.splitter.setSizes(w._default_splitter_sizes())  # what a first start at this size gets
    qtbot.waitExposed(w)
    return w


@pytest.fixture
def small(qtbot, app, answers):
    w = _window(qtbot, SMALL)
    yield w
    w.document.undo_stack.setClean()


@pytest.mark.parametrize(
    "available",
    [QRect(0, 0, 1024, 700), QRect(0, 0, 1280, 800), QRect(0, 0, 1920, 1080), QRect(100, 40, 3840, 2120)],
    ids=["1024x700", "1920x1200@1.5", "1920x1080", "4k-with-panel"],
)
def test_first_start_geometry_follows_the_available_screen(available):
    frame = first_start_geometry(available)
    assert available.contains(frame)
    assert frame.center() == available.center() or abs(frame.center().x() - available.center().x()) <= 1
    assert frame.width() >= min(1600, available.width() - 8)  # uses the room it has, up to 1600×1000


def test_first_window_is_within_the_screen(qtbot, app, answers):
    w = MainWindow(autosave_ms=3_600_000)
    qtbot.addWidget(w)
    w.show()
    assert w.screen().availableGeometry().contains(w.frameGeometry())
    w.document.undo_stack.setClean()


def test_saved_geometry_from_a_bigger_screen_is_shrunk_to_this_one(qtbot, app, answers):
    big = MainWindow(autosave_ms=3_600_000)
    qtbot.addWidget(big)
    big.setGeometry(0, 0, 3000, 2000)  # the offscreen screen is smaller
    big.save_settings()
    again = MainWindow(autosave_ms=3_600_000)
    qtbot.addWidget(again)
    again.show()
    assert again.screen().availableGeometry().contains(again.geometry())
    for w in (big, again):
        w.document.undo_stack.setClean()


@pytest.mark.parametrize("dock", [d.key for d in DOCKS])
def test_a_dock_fits_beside_the_builder_on_a_1024x700_screen(small, dock):
    small.reference.show_dock(dock)
    hint = small.minimumSizeHint()
    assert hint.width() <= SMALL[0] and hint.height() <= SMALL[1], hint
    assert small.size().toTuple() == SMALL  # the window did not grow past the screen


@pytest.mark.parametrize("path", sorted(examples_dir().glob("*.army.json")), ids=lambda p: p.name.split(".")[0])
def test_every_systems_form_fits_beside_its_reference_dock_at_1024x700(qtbot, app, answers, path):
    """A Duke It Out element's weapon rows once pushed the window to 1081 px with its Templates panel open."""
    w = _window(qtbot, SMALL, path)
    w.tree.setCurrentIndex(w.tree_model.index(0, 0, w.tree_model.index(0, 0)))  # the first element in the form
    w.reference.show_dock("attributes")
    hint = w.minimumSizeHint()
    assert hint.width() <= SMALL[0], (path.name, hint)
    assert w.size().toTuple() == SMALL
    fields = [line for line in w.form.findChildren(QLineEdit) if not line.objectName().startswith("qt_")]
    assert fields  # (Qt's own line edits inside spin and combo boxes are not text fields)
    for line in fields:  # a squeezed field shows its text's start, not its end
        assert line.cursorPosition() == 0 or line.hasFocus(), (line.objectName(), line.text())
    w.document.undo_stack.setClean()


@pytest.mark.parametrize("dock", [d.key for d in DOCKS])
def test_every_panel_fits_its_dock_at_1024x700(small, dock):
    panel = small.reference.show_dock(dock)
    area = small.reference.docks[dock].widget()
    assert panel.minimumSizeHint().width() + area.verticalScrollBar().sizeHint().width() <= area.width()
    assert not area.horizontalScrollBar().isVisible()


def test_tree_names_are_not_cut_at_1024x700(small):
    tree, model = small.tree, small.tree_model
    bold = QFont(tree.font())
    bold.setBold(True)
    longest = 0
    for unit in small.document.army.units:
        longest = max(longest, QFontMetrics(bold).horizontalAdvance(unit.name) + tree.indentation())
        for element in unit.elements:
            longest = max(longest, tree.fontMetrics().horizontalAdvance(element.name) + 2 * tree.indentation())
    assert tree.columnWidth(0) >= longest + 8
    for column in (1, 2, 3):  # number columns fit their widest figure, and no more than their title needs
        header = tree.horizontalHeader()
        title = model.headerData(column, Qt.Horizontal)
        assert header.sectionSize(column) <= max(
            tree.fontMetrics().horizontalAdvance(title) + 22,
            QFontMetrics(bold).horizontalAdvance(str(small.document.cost.total)) + 14,
        )
    small.reference.show_dock("attributes")  # with a panel open too
    assert tree.columnWidth(0) >= longest + 8


def _toolbar_all_shown(w: MainWindow) -> bool:
    for bar in w.tree_toolbars:
        extension = bar.findChild(QToolButton, "qt_toolbar_ext_button")
        if not all(bar.widgetForAction(a).isVisible() for a in bar.actions() if not a.isSeparator()):
            return False
        if extension is not None and extension.isVisible():
            return False
    return True


def test_tree_toolbar_never_hides_its_actions(small):
    assert _toolbar_all_shown(small)
    small.reference.show_dock("dice")
    assert _toolbar_all_shown(small)
    small.splitter.setSizes([0, 2000, 0])  # the player drags the tree as narrow as it goes
    assert _toolbar_all_shown(small)


def test_the_form_has_a_readable_maximum_width(qtbot, app, answers):
    w = _window(qtbot, (1920, 1050))
    form = w.form
    assert form.width() <= form.fontMetrics().averageCharWidth() * 90 < 1920 // 2
    assert w.form_scroll.width() <= form.maximumWidth() + 40  # the rest went to the tree and cost panel
    w.document.undo_stack.setClean()


def _visible_in_form(w: MainWindow, widget) -> bool:
    viewport = w.form_scroll.viewport()
    rect = QRect(widget.mapTo(viewport, QPoint(0, 0)), widget.size())
    return 0 <= rect.left() and rect.right() < viewport.width()


def test_a_restored_wide_dock_does_not_crush_the_element_form(qtbot, app, answers):
    first = _window(qtbot, (1600, 1000))
    first.reference.show_dock("dice")
    first.resizeDocks([first.reference.docks["dice"]], [1400], Qt.Horizontal)  # a saved layout with a huge dock
    first.save_settings()
    first.document.undo_stack.setClean()
    w = _window(qtbot)
    w.resize(1600, 1000)
    assert w.reference.docks["dice"].isVisible()
    w.select(1, 0)  # an element with attributes: their remove buttons
    qtbot.wait(20)  # rows added to a shown form are shown on the next turn of the event loop
    form = w.form
    assert form.width() >= form.minimumSizeHint().width()
    assert form.width() <= w.form_scroll.viewport().width()  # no horizontal scrolling, nothing cut
    assert _visible_in_form(w, form.attribute_editor.add_button)
    remove = [b for b in form.findChildren(QToolButton) if b.objectName().startswith("remove_") and b.isVisible()]
    assert remove and all(_visible_in_form(w, b) for b in remove)
    w.document.undo_stack.setClean()


def test_a_dock_opening_leaves_the_cost_panel_readable_and_the_form_its_room(qtbot, app, answers):
    """At 1600×1000 the Attributes dock once took 459 of its 520 px from the cost panel (686 -> 227 px)
    and 67 from the form: the first sizes gave the form more than its maximum width."""
    w = _window(qtbot, (1600, 1000))
    w.select(1, 0)
    tree = w.splitter.sizes()[0]
    w.reference.show_dock("attributes")
    tree_after, form, cost = w.splitter.sizes()
    char = w.cost_panel.fontMetrics().averageCharWidth()
    assert tree_after == tree
    assert cost >= 45 * char, (form, cost)  # "Pulse Rifle d6, 24\"" and its points on one line
    assert form >= max(cost, 60 * char), (form, cost)  # the form, being edited, keeps the larger share
    assert w.form.width() >= w.form.minimumSizeHint().width()  # and its buttons
    w.document.undo_stack.setClean()


def test_a_dock_dragged_wide_stops_at_the_forms_buttons(small):
    small.reference.show_dock("dice")
    small.select(1, 0)
    small.resizeDocks([small.reference.docks["dice"]], [2000], Qt.Horizontal)  # the player drags the dock wide
    form = small.form
    assert form.width() >= form.minimumSizeHint().width()
    assert _visible_in_form(small, form.attribute_editor.add_button)


def test_docks_have_sensible_minimum_and_first_sizes(small):
    small.reference.show_dock("attributes")
    dock = small.reference.docks["attributes"]
    assert 200 <= dock.minimumSizeHint().width() <= 300
    assert dock.width() >= 240
    assert small.form.width() >= small.form.minimumSizeHint().width()


def test_header_keeps_the_army_name_readable(small):
    name = small.header.name
    text = small.document.army.name
    assert name.cursorPosition() == 0  # shows the start of the name, not its end ("orce")
    assert name.width() >= name.fontMetrics().horizontalAdvance(text) + 8
    assert small.header.system.width() > 0 and small.header.system.toolTip() == plain.tip(small.document.system.name)


def test_a_long_roll_is_summarised_not_overflowing(qtbot, small):
    panel = small.reference.show_dock("dice")
    before = panel.minimumSizeHint().width()
    assert panel.roll_expression("1000d100")
    qtbot.wait(10)  # the dock's layout in place
    field = panel.expression  # the expression is read whole (it once showed "00d100" at 1024×700)
    assert field.width() >= field.fontMetrics().horizontalAdvance("1000d100") + 8, field.width()
    detail = panel.detail.text()
    assert len(detail) <= DETAIL_CHARS + 60 and "1,000 dice" in detail
    assert panel.minimumSizeHint().width() <= before
    assert panel.detail.sizeHint().height() <= 8 * panel.detail.fontMetrics().lineSpacing()
    assert panel.history.item(0, 3).text().count(",") == 999  # every face is kept in the history
    assert panel.odds.wordWrap()


def test_each_warning_has_its_own_clickable_row(qtbot, small):
    doc = small.document
    doc.edit_element(0, 0, ("move",), 5, "move")  # odd moves: a warning each
    doc.edit_element(1, 1, ("move",), 7, "move")
    doc.edit_army("limit", points_limit=100)  # over the limit: an army warning
    small.select(2, 0)
    warnings = small.cost_panel.warnings
    expected = [str(w) for w in doc.cost.warnings]
    assert len(expected) >= 3
    assert [warnings.item(i).text() for i in range(warnings.count())] == expected
    rects = [warnings.visualItemRect(warnings.item(i)) for i in range(warnings.count())]
    for above, below in zip(rects, rects[1:]):
        assert below.top() > above.bottom()  # one per row, apart, never run together
    for i, warning in enumerate(doc.cost.warnings):
        if warning.path:
            qtbot.mouseClick(warnings.viewport(), Qt.LeftButton, pos=rects[i].center())
            assert small.selected == tuple(int(p.split("[")[1].rstrip("]")) for p in warning.path.split("."))
