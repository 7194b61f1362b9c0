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
