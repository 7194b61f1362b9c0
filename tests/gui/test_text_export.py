"""File ▸ Export ▸ Army as Text… (gui/text_export.py): the text Copy Army as Text copies, saved to a file
in the format of the type picked, its army code giving the army back."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFileDialog

from warbench.gui import text_export
from warbench.model.army_code import army_from_code
from warbench.model.fileio import army_bytes
from warbench.model.textexport import army_text


@pytest.mark.parametrize(("chosen", "fmt", "name"), [(0, "plain", "list.txt"), (1, "markdown", "list.md")])
def test_army_as_text_writes_the_copied_text(loaded, tmp_path, monkeypatch, chosen, fmt, name):
    typed = str(tmp_path / "list")  # no suffix: the type's is added
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (typed, text_export.TEXT_TYPES[chosen][0]))
    assert loaded.text_export.action in loaded.commands.export_menu.actions()
    loaded.text_export.action.trigger()
    written = (tmp_path / name).read_text(encoding="utf-8")
    assert written == army_text(loaded.document.army, fmt=fmt)
    assert army_bytes(army_from_code(written)) == army_bytes(loaded.document.army)


def test_bbcode_is_picked_by_its_type_and_a_failed_write_is_said(loaded, tmp_path, monkeypatch, answers):
    target = tmp_path / "post.txt"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), text_export.TEXT_TYPES[2][0]))
    assert loaded.text_export.export_text()
    assert target.read_text(encoding="utf-8").splitlines()[-1].startswith("[code]WARBENCH1-")
    missing = tmp_path / "missing" / "post.txt"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(missing), text_export.TEXT_TYPES[0][0]))
    assert not loaded.text_export.export_text()
    assert [title for title, _text in answers.errors] == ["Export failed"] and not missing.parent.exists()


def test_cancelling_writes_nothing(loaded, tmp_path, monkeypatch):
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: ("", ""))
    assert not loaded.text_export.export_text()
