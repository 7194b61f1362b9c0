"""The window's dialogs (gui/dialogs.py)."""

from __future__ import annotations


def test_new_army_dialog_disables_the_limit_without_points(qtbot, app, monkeypatch):
    from PySide6.QtWidgets import QComboBox, QDialog, QSpinBox

    from warbench.gui import dialogs

    seen = []

    def answer(dialog):
        combo, limit = dialog.findChild(QComboBox), dialog.findChild(QSpinBox)
        seen.append(limit.isEnabled())
        combo.setCurrentIndex(combo.findData("fubar"))
        seen.append(limit.isEnabled())
        return QDialog.Accepted

    monkeypatch.setattr(QDialog, "exec", answer)
    assert dialogs.new_army(None) == ("fubar", "New army", None)
    assert seen == [True, False]
