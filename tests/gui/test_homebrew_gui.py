"""Homebrew entries, the library and text export, driven through the real window."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from model.resources import examples_dir
from model.textexport import army_text

HUMAN = examples_dir() / "human-force.army.json"


def test_copy_army_as_text_in_each_format(qtbot, window, answers):
    assert window.open_file(HUMAN, ask=False)
    menu = window.copy_text_menu
    assert menu in [a.menu() for a in window.edit_menu.actions() if a.menu()]
    for fmt in ("plain", "markdown", "bbcode"):
        action = next(a for a in menu.actions() if a.objectName() == f"copy_text_{fmt}")
        action.trigger()
        assert QApplication.clipboard().text() == army_text(window.document.army, fmt=fmt)
    assert "Total: 996 / 1000 pts" in QApplication.clipboard().text()
