"""The start page (gui/start_page.py): first start, the last army, examples, its layout at 1024x700 and 1920x1080."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.gui.conftest import SMALL
from tests.gui.helpers import (
    HUMAN,
    LARGE,
    builder_window,
    start_page_window,
)
from warbench.model.resources import examples_dir


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


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["1024x700", "1920x1080"])
def test_the_start_page_lists_never_scroll_sideways(qtbot, app, answers, size):
    _w, page = start_page_window(qtbot, size)
    for listing in (page.examples, page.recent):
        assert listing.horizontalScrollBar().maximum() == 0 or not listing.horizontalScrollBar().isVisible()
    metrics, room = page.examples.fontMetrics(), page.examples.viewport().width() - 8
    for i in range(page.examples.count()):
        for line in page.examples.item(i).text().split("\n"):  # the army's name and its system, each whole
            assert metrics.horizontalAdvance(line) <= room, line


def test_the_start_page_is_a_centred_block_on_a_big_screen(qtbot, app, answers):
    w, page = start_page_window(qtbot, LARGE)
    content = page.new_buttons[next(iter(page.new_buttons))].parentWidget().parentWidget()
    left = content.mapTo(page, content.rect().topLeft()).x()
    right = page.width() - content.mapTo(page, content.rect().topRight()).x()
    assert left > page.width() * 0.1 and abs(left - right) <= 24  # not stuck to the left edge, centred
    _w, small = start_page_window(qtbot, SMALL)
    content = small.new_buttons[next(iter(small.new_buttons))].parentWidget().parentWidget()
    assert content.width() >= small.width() - 60  # a small window gives the page its whole width


def test_the_start_page_takes_the_window_and_the_panels_come_back(qtbot, app, answers):
    w = builder_window(qtbot)
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


def test_first_start_shows_the_start_page(qtbot, app, answers):
    from warbench.gui import settings
    from warbench.gui.app import create_window

    assert settings.REOPEN_LAST.read() is True  # on by default
    w = create_window([])
    qtbot.addWidget(w)
    w.show()
    page = w.start.start_page
    assert w.start.on_start_page and page.isVisible()
    assert set(page.new_buttons) == {"fow-special-ops", "fow-universal-1.7", "fubar", "duke-it-out", "2d6-skirmish"}
    assert not page.recent.isVisible() and page.no_recent.isVisible()
    examples = [page.examples.item(i).text() for i in range(page.examples.count())]
    assert "Human Force\nFlat Out War – Special Operations" in examples and len(examples) >= 10
    page.new_buttons["fubar"].click()  # a new FUBAR army, and the builder in front
    assert not w.start.on_start_page and w.document.army.system == "fubar" and w.document.army.points_limit is None
    w.document.undo_stack.setClean()


def test_the_last_army_opens_again(qtbot, app, answers, tmp_path):
    import shutil

    from warbench.gui import settings
    from warbench.gui.app import create_window

    mine = tmp_path / "mine.army.json"
    shutil.copy(HUMAN, mine)
    settings.add_recent(str(mine))
    w = create_window([])
    qtbot.addWidget(w)
    assert w.document.path == mine and not w.start.on_start_page
    w.document.undo_stack.setClean()
    settings.REOPEN_LAST.write(False)  # the setting off: the start page, with the recent file and its folder
    w2 = create_window([])
    qtbot.addWidget(w2)
    assert w2.start.on_start_page
    item = w2.start.start_page.recent.item(0)
    assert item.text() == f"mine.army.json\n{tmp_path}"
    w2.start.start_page.recent.itemActivated.emit(item)
    assert w2.document.path == mine and not w2.start.on_start_page
    w2.document.undo_stack.setClean()


def test_a_missing_last_army_gives_the_start_page(qtbot, app, answers, tmp_path):
    from warbench.gui import settings
    from warbench.gui.app import create_window

    settings.add_recent(str(tmp_path / "gone.army.json"))
    w = create_window([])
    qtbot.addWidget(w)
    assert w.start.on_start_page and not answers.errors
    item = w.start.start_page.recent.item(0)
    assert "(missing)" in item.text() and not item.flags() & Qt.ItemIsEnabled


def test_an_example_opens_as_an_unsaved_copy(qtbot, app, answers, window):
    window.start.show_start_page()
    page = window.start.start_page
    item = next(
        page.examples.item(i) for i in range(page.examples.count()) if page.examples.item(i).text().startswith("Alien")
    )
    page.examples.itemActivated.emit(item)
    assert window.document.army.name == "Alien Force" and window.document.path is None
    assert not window.start.on_start_page
    window.start.action.trigger()  # File ▸ Start Page, and back
    assert window.start.on_start_page
    page.back.click()
    assert not window.start.on_start_page and window.document.army.name == "Alien Force"


def test_the_start_page_setting_is_remembered(qtbot, app, answers, window):
    from warbench.gui import settings

    window.start.show_start_page()
    window.start.start_page.reopen.setChecked(False)
    assert settings.REOPEN_LAST.read() is False
