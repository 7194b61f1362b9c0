"""The window, the About box and the desktop entry share one identity: icon, id and version."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QGuiApplication

from warbench.gui import dialogs
from warbench.gui.app import APP_ID
from warbench.model import __version__

ROOT = Path(__file__).resolve().parents[2]


def test_desktop_file_name_and_icon(app, window):
    assert QGuiApplication.desktopFileName() == APP_ID
    assert (ROOT / "packaging" / "linux" / f"{APP_ID}.desktop").is_file()
    assert not app.windowIcon().isNull()
    assert not window.windowIcon().isNull()
    assert app.applicationVersion() == __version__


def test_desktop_entry_names_the_window_class_qt_gives_the_window(app):
    """X11 docks match a window to its menu entry by the WM_CLASS class, which Qt makes from the
    application name with its first letter in upper case ("Warbench"; the instance part is the
    program's name, warbench or warbench-gui): a different StartupWMClass shows a second, icon-less
    entry in the dock."""
    entry = (ROOT / "packaging" / "linux" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
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
