"""The main window by composition (gui/main_window.py): its parts are objects it makes and holds, each
given what it uses, not mixins sharing the window's ``self``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from PySide6.QtCore import QObject

from warbench.gui.actions import WindowActions
from warbench.gui.code_import import CodeImportActions
from warbench.gui.docks import ReferenceDocks
from warbench.gui.file_controller import FileController
from warbench.gui.library import LibraryActions
from warbench.gui.list_check import ListCheckActions
from warbench.gui.main_window import MainWindow
from warbench.gui.pack_export import PackExportActions
from warbench.gui.panes import WindowPanes
from warbench.gui.play_actions import PlayActions
from warbench.gui.start_page import StartPageActions
from warbench.gui.text_export import TextExportActions

GUI = Path(__file__).resolve().parents[2] / "gui"

#: the window's attribute holding each part, and the part's class
PARTS = {
    "text_export": TextExportActions,
    "pack_export": PackExportActions,
    "code_import": CodeImportActions,
    "list_check": ListCheckActions,
    "start": StartPageActions,
    "library": LibraryActions,
    "panes": WindowPanes,
    "reference": ReferenceDocks,
    "play": PlayActions,
    "files": FileController,
    "commands": WindowActions,
}


@pytest.mark.parametrize(("name", "part"), PARTS.items())
def test_each_part_is_held_by_the_window_not_mixed_into_it(window, name, part):
    assert part not in MainWindow.__mro__
    held = getattr(window, name)
    assert isinstance(held, part) and isinstance(held, QObject) and held.parent() is window


def test_the_window_has_no_mixins_left():
    """The window's only base is QMainWindow: its menus, file handling, docks and table mode are held parts."""
    from PySide6.QtWidgets import QMainWindow

    assert MainWindow.__bases__ == (QMainWindow,)


@pytest.mark.parametrize("part", PARTS.values())
def test_a_part_reads_only_the_names_it_is_given(part):
    """A part's methods read its own attributes, never the window's document, selection or tree through
    ``self`` (as the mixins did): every ``self.<name>`` it reads is set in its class or its ``__init__``."""
    source = (GUI / f"{part.__module__.rsplit('.', 1)[1]}.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == part.__name__)
    own = {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}
    for node in ast.walk(cls):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
            if isinstance(node.ctx, ast.Store):
                own.add(node.attr)
    read = {
        node.attr
        for node in ast.walk(cls)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"
    }
    qobject = {"tr", "parent"}
    assert read - own - qobject == set()
