"""gui/exporting.py: an export written whole or not at all, its failure said, its folder remembered."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMainWindow

from warbench.gui import settings
from warbench.gui.exporting import write_export
from warbench.model.fileio import ArmyFileError


@pytest.fixture
def window(qtbot, answers):
    w = QMainWindow()
    qtbot.addWidget(w)
    return w


def test_an_export_is_written_and_its_folder_kept(window, tmp_path):
    path = tmp_path / "out" / "army.txt"
    path.parent.mkdir()
    assert write_export(window, str(path), lambda: b"text", "Cannot export")
    assert path.read_bytes() == b"text" and settings.export_folder() == str(path.parent)
    assert str(path) in window.statusBar().currentMessage()


def test_a_refusal_or_a_write_error_leaves_the_old_file_whole_and_is_said(window, tmp_path, answers):
    path = tmp_path / "army.txt"
    path.write_bytes(b"old")

    def refused() -> bytes:
        raise ArmyFileError(["name: too long"], shown=["a name is too long"])

    assert not write_export(window, str(path), refused, "Cannot export the army as text")
    assert answers.errors[-1] == ("Cannot export the army as text", "a name is too long")
    assert not write_export(window, str(tmp_path / "missing" / "army.txt"), lambda: b"new", "Cannot export")
    assert answers.errors[-1][0] == "Export failed" and "missing" in answers.errors[-1][1]
    assert path.read_bytes() == b"old"
