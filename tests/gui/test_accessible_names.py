"""Every control a player can reach has a name a screen reader says: walked under every panel and dialog."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QDialog,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTextEdit,
    QToolButton,
    QWidget,
)

from warbench.gui.dialogs import new_army as new_army_dialog  # the dialog itself: the tests' answers replace it
from warbench.model.resources import examples_dir

CONTROLS = (
    QAbstractButton,
    QLineEdit,
    QAbstractSpinBox,
    QComboBox,
    QAbstractItemView,
    QAbstractSlider,
    QTextEdit,
    QPlainTextEdit,
)
WORD = re.compile(r"[^\W\d_]{2}")  # two letters in a row: a word, not a symbol (✕ ▲ ▼ …)


def spoken_name(widget: QWidget) -> str:
    """The name a screen reader says for ``widget`` (its accessible name, label buddy or text). A combo
    box's: its accessible name (on Linux Qt gives its current choice as its name, and its label through a
    relation; elsewhere the accessible name)."""
    if isinstance(widget, QComboBox):
        return widget.accessibleName().strip()
    interface = QAccessible.queryAccessibleInterface(widget)
    return interface.text(QAccessible.Text.Name).strip() if interface is not None else ""


def controls(root: QWidget) -> list[QWidget]:
    """The controls of ``root`` a player can reach: shown, and taking the keyboard or a click."""
    found = [root] if isinstance(root, CONTROLS) else []
    found += [w for w in root.findChildren(QWidget) if isinstance(w, CONTROLS)]
    reachable = [w for w in found if isinstance(w, QAbstractButton) or w.focusPolicy() != Qt.FocusPolicy.NoFocus]
    return [w for w in reachable if w.isVisible() and not _inside_a_control(w)]


def _inside_a_control(widget: QWidget) -> bool:
    """A control's own parts (a spin box's line edit, a view's header, a combo box's list) are said with it."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, (QAbstractSpinBox, QComboBox, QAbstractItemView)):
            return True
        parent = parent.parentWidget()
    return False


def problems(root: QWidget) -> list[str]:
    """Each control without a name, and each symbol button without a spoken word or a tool tip."""
    out = []
    for widget in controls(root):
        what = f"{type(widget).__name__} {widget.objectName()!r}"
        name = spoken_name(widget)
        if not name:
            out.append(f"{what}: no name")
        elif not WORD.search(name):
            out.append(f"{what}: named {name!r}, a symbol")
        if isinstance(widget, (QPushButton, QToolButton)) and not WORD.search(widget.text()) and not widget.toolTip():
            out.append(f"{what}: an icon or symbol button without a tool tip")
    return out


def _every_panel(window) -> list[QWidget]:
    for key in window.reference.docks:
        window.reference.show_dock(key)
    for dock in window.reference.docks.values():
        dock.setFloating(True)  # each shown at once, none behind another's tab
        dock.show()
    return [window, *window.reference.docks.values()]


def test_every_control_of_the_window_and_its_panels_has_a_name(qtbot, loaded):
    found: list[str] = []
    texts: set[str] = set()
    for selected in ((0, None), (0, 0), (0, 1)):  # a unit's panel, elements' forms (attributes, weapons)
        loaded.select(*selected)
        for root in _every_panel(loaded):
            found += problems(root)
            texts |= {w.text() for w in controls(root) if isinstance(w, QAbstractButton)}
    assert {"✕", "▲", "▼"} <= texts  # the symbol buttons were among those walked
    assert sorted(set(found)) == []


def test_every_control_of_the_start_page_has_a_name(qtbot, window):
    window.start.show_start_page()
    assert problems(window.pages.currentWidget()) == []


@pytest.mark.parametrize("example", ["duke-it-out-brick-brigade", "2d6-dust-raiders"])
def test_other_systems_forms_have_names_too(qtbot, loaded, example):
    loaded.open_file(examples_dir() / f"{example}.army.json")
    found = []
    for ui, unit in enumerate(loaded.document.army.units[:2]):
        for ei in range(len(unit.elements[:2])):
            loaded.select(ui, ei)
            found += problems(loaded)
    assert sorted(set(found)) == []


def _dialogs(window, monkeypatch) -> list[QDialog]:
    from warbench.gui import homebrew, library
    from warbench.gui.reference import QuickLookup
    from warbench.gui.shortcuts import ShortcutsDialog

    made: list[QDialog] = [ShortcutsDialog(window), QuickLookup(window), window.files.print_preview()]
    system = window.document.system
    for kind in system.homebrew.homebrew_kinds():
        made.append(homebrew.HomebrewDialog(system, {}, kind, None, False, window))
    made.append(library.PickDialog("Insert from Library", [("Alpha Squad", "3 elements", 1)], multi=True))

    def keep(dialog) -> int:
        made.append(dialog)
        dialog.show()
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(QDialog, "exec", keep)
    new_army_dialog(window)
    return made


def test_every_control_of_the_dialogs_has_a_name(qtbot, loaded, monkeypatch):
    found = []
    for dialog in _dialogs(loaded, monkeypatch):
        qtbot.addWidget(dialog)
        dialog.show()
        found += [f"{type(dialog).__name__}: {p}" for p in problems(dialog)]
    assert sorted(set(found)) == []
