"""The window, the About box and the desktop entry share one identity: icon, id and version."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QGuiApplication, QImage

from warbench.gui import dialogs
from warbench.gui.app import APP_ID, ICON_SIZES, app_icon
from warbench.model import __version__

ROOT = Path(__file__).resolve().parents[2]


def test_desktop_file_name_and_icon(app, window):
    assert QGuiApplication.desktopFileName() == APP_ID
    assert (ROOT / "resources" / "desktop" / f"{APP_ID}.desktop").is_file()
    assert not app.windowIcon().isNull()
    assert not window.windowIcon().isNull()
    assert app.applicationVersion() == __version__


def test_the_icon_has_each_size_the_desktop_entry_installs(app):
    """The window's icon is the renders of resources/icons/warbench.svg (no SVG module loaded at start), each
    as large as its name says."""
    icon = app_icon()
    assert icon is not None
    assert [size.width() for size in icon.availableSizes()] == list(ICON_SIZES)
    for size in ICON_SIZES:
        image = QImage(str(ROOT / "resources" / "icons" / f"warbench-{size}.png"))
        assert (image.width(), image.height()) == (size, size)
    assert app.windowIcon().availableSizes() == icon.availableSizes()


def test_desktop_entry_names_the_window_class_qt_gives_the_window(app):
    """X11 docks match a window to its menu entry by the WM_CLASS class, which Qt makes from the
    application name with its first letter in upper case ("Warbench"; the instance part is the
    program's name, warbench or warbench-gui): a different StartupWMClass shows a second, icon-less
    entry in the dock."""
    entry = (ROOT / "resources" / "desktop" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    (line,) = [line for line in entry.splitlines() if line.startswith("StartupWMClass=")]
    name = app.applicationName()
    assert line.removeprefix("StartupWMClass=") == name[:1].upper() + name[1:]


def test_about_box_names_version_and_licences(window, monkeypatch):
    shown = []
    monkeypatch.setattr(dialogs, "show_about", lambda parent: shown.append(dialogs.about_text()))
    window.commands.about_action.trigger()
    assert len(shown) == 1
    assert f"Warbench {__version__}" in shown[0]
    assert "MIT" in shown[0] and "Apache" in shown[0] and "Bitstream Vera" in shown[0]
