"""What the main window's remaining mixin (:mod:`gui.actions`: its menus and edit slots) uses of the window.

That mixin reaches the window's document, selection, tree and parts through ``self``; ``WindowBase`` declares
that surface for the type checker. At run time it is ``object``. The window's parts (:mod:`gui.text_export`,
:mod:`gui.code_import`, :mod:`gui.start_page`, :mod:`gui.library`, :mod:`gui.panes`, :mod:`gui.docks`,
:mod:`gui.play_actions`, :mod:`gui.file_controller`) are not mixins: each is given what it uses when the
window makes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtGui import QAction, QUndoGroup
    from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar, QTreeView

    from gui.army_tree import ArmyTreeModel
    from gui.code_import import CodeImportActions
    from gui.document import ArmyDocument
    from gui.element_form import ElementForm
    from gui.file_controller import FileController
    from gui.library import LibraryActions
    from gui.play_actions import PlayActions
    from gui.selection import Selection

    class WindowBase(QMainWindow):
        document: ArmyDocument
        selection: Selection
        tree: QTreeView
        tree_toolbars: tuple[QToolBar, QToolBar]
        tree_model: ArmyTreeModel
        code_import: CodeImportActions
        help_menu: QMenu
        library: LibraryActions
        file_menu: QMenu
        export_menu: QMenu
        export_cards_action: QAction
        new_action: QAction
        save_as_action: QAction
        undo_group: QUndoGroup
        undo_action: QAction
        redo_action: QAction
        edit_menu: QMenu
        army_menu: QMenu
        form: ElementForm
        play: PlayActions
        files: FileController

        @property
        def selected(self) -> tuple[int, int | None] | None: ...
        def select(self, ui: int, ei: int | None) -> None: ...
        def _action(self, text: str, slot: Callable[..., Any], shortcut: Any = None, name: str = "") -> QAction: ...
        def _edit(self, fn: Callable[..., Any], select: tuple[int, int | None] | None = None) -> object: ...

else:
    WindowBase = object
