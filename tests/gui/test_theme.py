"""Dark mode and the palette (gui/theme.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.gui.helpers import (
    builder_window,
)


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
    w = builder_window(qtbot)
    w.select(1, 0)
    table = w.cost_panel.table
    links = [
        table.item(r, 0).foreground().color() for r in range(table.rowCount()) if table.item(r, 0).data(Qt.UserRole)
    ]
    assert links
    base = app.palette().color(QPalette.Base)
    assert all(theme.contrast(link, base) >= theme.MIN_CONTRAST for link in links)
    w.document.undo_stack.setClean()
