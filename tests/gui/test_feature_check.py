"""gui/feature_check.py records the window's modules for PySide6's import hook, also where the package has
no folder (the PyInstaller bundle keeps its modules in an archive)."""

from __future__ import annotations

import sys

import warbench.gui
from warbench.gui.feature_check import _HOOK, spare_loaded_modules


def _answers() -> dict:
    answers = getattr(sys.modules.get(_HOOK), "pyside_feature_dict", None)
    assert isinstance(answers, dict), "this PySide6 has no __feature__ answers to record"
    return answers


def test_the_window_modules_are_recorded_as_using_pyside6():
    answers = _answers()
    answers.pop("warbench.gui.cost_panel", None)
    assert spare_loaded_modules() > 0
    assert answers["warbench.gui.cost_panel"] == 0


def test_a_package_without_a_folder_does_not_stop_the_start(monkeypatch, tmp_path):
    """The bundle's window failed to start: the package's folder was listed, and it has none there."""
    monkeypatch.setattr(warbench.gui, "__path__", [str(tmp_path / "archive-only")])
    spare_loaded_modules()  # raised FileNotFoundError
