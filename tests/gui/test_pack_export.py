"""File ▸ Export ▸ Table Pack (HTML)… (gui/pack_export.py): the army's table pack, as `warbench pack` writes it,
in the window's language."""

from __future__ import annotations

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QFileDialog

from warbench.gui import pack_export
from warbench.model import i18n as model_i18n
from warbench.model.army_code import army_from_code
from warbench.model.fileio import army_bytes
from warbench.model.pack import build_pack


def test_table_pack_writes_the_page_beside_the_exports(loaded, tmp_path, monkeypatch):
    typed = str(tmp_path / "table")  # no suffix: .html is added
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (typed, args[3]))
    actions = loaded.commands.export_menu.actions()
    assert loaded.pack_export.action in actions
    assert actions.index(loaded.pack_export.action) == actions.index(loaded.text_export.action) + 1
    assert loaded.pack_export.action.text() == "Table &pack (HTML)…"
    loaded.pack_export.action.trigger()
    written = (tmp_path / "table.html").read_bytes()
    assert written == build_pack(loaded.document.army, language="en")
    assert army_bytes(army_from_code(written.decode("utf-8"))) == army_bytes(loaded.document.army)
    assert "table.html" in loaded.statusBar().currentMessage()


def test_the_pack_speaks_the_windows_language(loaded, tmp_path, monkeypatch):
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(tmp_path / "de.html"), args[3]))
    before = QLocale()
    QLocale.setDefault(QLocale("de_DE"))
    try:
        assert pack_export.pack_language() == "de"
        assert loaded.pack_export.export_pack()
    finally:
        QLocale.setDefault(before)
    page = (tmp_path / "de.html").read_text(encoding="utf-8")
    assert '<html lang="de"' in page
    # the model's words on it follow the pack's language (as warbench pack --language de), the window's after
    assert "Moraltest (4+ auf ihrem höchsten Würfel)" in page and "Morale test" not in page
    assert model_i18n.language() == "en"
    QLocale.setDefault(QLocale("fr_FR"))
    try:
        assert pack_export.pack_language() == "en"
    finally:
        QLocale.setDefault(before)


def test_a_failed_write_is_said_and_cancelling_writes_nothing(loaded, tmp_path, monkeypatch, answers):
    missing = tmp_path / "missing" / "pack.html"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(missing), args[3]))
    assert not loaded.pack_export.export_pack()
    assert [title for title, _text in answers.errors] == ["Export failed"] and not missing.parent.exists()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: ("", ""))
    assert not loaded.pack_export.export_pack()
    assert list(tmp_path.iterdir()) == []
