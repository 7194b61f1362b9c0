"""What the main window's remaining mixins (actions, docks, file controller, play actions) use of the window.

Those mixins reach the window's document, selection, tree and each other's methods through ``self``;
``WindowBase`` declares that shared surface once for the type checker. At run time it is ``object``. The
window's parts (:mod:`gui.text_export`, :mod:`gui.code_import`, :mod:`gui.start_page`, :mod:`gui.library`,
:mod:`gui.panes`) are not mixins: each is given what it uses when the window makes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from PySide6.QtCore import SignalInstance
    from PySide6.QtGui import QAction, QUndoGroup
    from PySide6.QtWidgets import (
        QDockWidget,
        QMainWindow,
        QMenu,
        QScrollArea,
        QSplitter,
        QStackedWidget,
        QToolBar,
        QTreeView,
        QWidget,
    )

    from warbench.gui.army_tree import ArmyTreeModel
    from warbench.gui.autosave import Autosaver
    from warbench.gui.code_import import CodeImportActions
    from warbench.gui.cost_panel import CostPanel
    from warbench.gui.document import ArmyDocument
    from warbench.gui.element_form import ElementForm
    from warbench.gui.library import LibraryActions
    from warbench.gui.selection import Selection

    class WindowBase(QMainWindow):
        document: ArmyDocument
        selection: Selection
        tree: QTreeView
        tree_toolbars: tuple[QToolBar, QToolBar]
        tree_model: ArmyTreeModel
        autosaver: Autosaver
        code_import: CodeImportActions
        recent_menu: QMenu
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
        pages: QStackedWidget
        form: ElementForm
        form_scroll: QScrollArea
        cost_panel: CostPanel
        splitter: QSplitter
        docks: dict[str, QDockWidget]
        _dock_widgets: dict[str, QWidget]
        view_menu: QMenu

        documentReplaced: SignalInstance

        @property
        def selected(self) -> tuple[int, int | None] | None: ...
        def select(self, ui: int, ei: int | None) -> None: ...
        def _action(self, text: str, slot: Callable[..., Any], shortcut: Any = None, name: str = "") -> QAction: ...
        def _edit(self, fn: Callable[..., Any], select: tuple[int, int | None] | None = None) -> object: ...
        def _install_document(self, document: ArmyDocument) -> None: ...
        def _default_splitter_sizes(self, width: int | None = None) -> list[int]: ...
        def share_builder(self) -> None: ...
        def _update_title(self, *_args: Any) -> None: ...
        def _refresh_recent(self) -> None: ...
        def new_army(self) -> None: ...
        def open_dialog(self) -> None: ...
        def open_file(self, path: str | Path, ask: bool = True) -> bool: ...
        def open_unsaved(self, army: Any, message: str) -> None: ...
        def maybe_save(self) -> bool: ...
        def save(self) -> bool: ...
        def save_as(self) -> bool: ...
        def export_sheet(self) -> bool: ...
        def export_cards(self) -> bool: ...
        def export_summary(self) -> bool: ...
        def export_tracker(self) -> bool: ...
        def print_preview(self) -> Any: ...
        def print_document(self) -> int: ...

else:
    WindowBase = object
