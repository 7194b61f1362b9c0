"""The window, the About box and the desktop entry share one identity: icon, id and version."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QGuiApplication

from gui import dialogs
from gui.app import APP_ID
from model import __version__

ROOT = Path(__file__).resolve().parents[2]


def test_desktop_file_name_and_icon(app, window):
    assert QGuiApplication.desktopFileName() == APP_ID
    assert (ROOT / "packaging" / "linux" / f"{APP_ID}.desktop").is_file()
    assert not app.windowIcon().isNull()
    assert not window.windowIcon().isNull()
    assert app.applicationVersion() == __version__


def test_about_box_names_version_and_licences(window, monkeypatch):
    shown = []
    monkeypatch.setattr(dialogs, "show_about", lambda parent: shown.append(dialogs.about_text()))
    window.about_action.trigger()
    assert len(shown) == 1
    assert f"Warbench {__version__}" in shown[0]
    assert "MIT" in shown[0] and "Apache" in shown[0] and "Bitstream Vera" in shown[0]
