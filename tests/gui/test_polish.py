"""u13's user trial: what a new player met at 1024x700, 1920x1080 and QT_SCALE_FACTOR=1.5, each fixed."""

from __future__ import annotations

from model.resources import examples_dir


# --- the start page -------------------------------------------------------------------------------------------------
def test_the_start_page_offers_no_way_back_to_an_army_never_made(qtbot, app, answers):
    from gui.app import create_window

    w = create_window([])  # first start: the start page over the empty army made for the window
    qtbot.addWidget(w)
    w.show()
    assert w.on_start_page and not w.start_page.back.isVisible()
    w.new_army_of("fubar")  # the player makes one, goes to the start page: now there is an army to go back to
    w.show_start_page()
    assert w.start_page.back.isVisible()
    w.start_page.back.click()
    assert not w.on_start_page and w.document.army.system == "fubar"
    w.document.undo_stack.setClean()


def test_an_opened_army_can_be_gone_back_to_from_the_start_page(qtbot, window):
    window.open_file(examples_dir() / "human-force.army.json")
    window.show_start_page()
    assert window.start_page.back.isVisible()


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
    w.show_start_page()  # as a first start: the army is opened after the window was laid out
    w.open_example(str(examples_dir() / "human-force.army.json"))
    assert w.tree.columnWidth(0) >= _names_width(w.tree) + 8  # names whole
    for dock in ("attributes", "dice", "matchup"):
        w.show_dock(dock)
        tree, form, cost = w.splitter.sizes()
        assert cost >= w.cost_panel.minimumWidth() + 15, (dock, tree, form, cost)
        assert form >= w.form_scroll.minimumSizeHint().width()
        assert w.tree.columnWidth(0) >= _names_width(w.tree) + 8, dock
        assert len(w.tree_toolbars) == 2 and all(bar.isVisible() for bar in w.tree_toolbars)
        assert w.size().toTuple() == SMALL
