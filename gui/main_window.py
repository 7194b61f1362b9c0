"""The army builder window: army tree, element designer, live cost panel.

The window owns the layout, the current document and the selection; its menus and edit slots live in
:mod:`gui.actions`, the reference docks in :mod:`gui.docks`, file handling and export in
:mod:`gui.file_controller`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QLabel,
    QMainWindow,
    QScrollArea,
    QSplitter,
    QToolBar,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from gui import settings
from gui.actions import WindowActions
from gui.docks import ReferenceDocks
from gui.file_controller import FileController
from gui.keys import DocumentUndoFilter, is_editor
from gui.library import LibraryActions
from gui.selection import Selection

if TYPE_CHECKING:  # pragma: no cover
    from gui.document import ArmyDocument


class MainWindow(WindowActions, ReferenceDocks, FileController, LibraryActions, QMainWindow):
    _pending: tuple | None = None  # contents still to build (deferred start); read by event() from the start
    documentReplaced = Signal()
    ready = Signal()  # the army and every panel are in place
    failed = Signal(str)  # a deferred start could not build the window's contents: what went wrong

    def __init__(
        self,
        document: ArmyDocument | None = None,
        autosave_ms: int | None = None,
        dice_rng=None,
        deferred: bool = False,
    ):
        """``deferred`` (what ``warbench`` uses): paint the window at once and build its contents,
        which need the rules model, on the next turn of the event loop."""
        super().__init__()
        self.setObjectName("mainWindow")
        self.setWindowTitle("Warbench")
        self.is_ready = False
        if deferred:
            self._restore_geometry()
            loading = QLabel("Loading Warbench…")
            loading.setAlignment(Qt.AlignCenter)
            self.setCentralWidget(loading)
            self._pending = (document, autosave_ms, dice_rng)
            QTimer.singleShot(1000, self._build_pending)  # in case the window is never painted
        else:
            self._build(document, autosave_ms, dice_rng)

    def event(self, event) -> bool:
        handled = super().event(event)
        if self._pending is not None and event.type() == QEvent.Paint:
            QTimer.singleShot(0, self._build_pending)  # the frame is on screen: now load the rest
        return handled

    def _build_pending(self) -> None:
        if self._pending is not None:
            pending, self._pending = self._pending, None
            try:
                self._build(*pending)
            except Exception as exc:  # shown, never an endless "Loading…" (the event loop would swallow it)
                message = f"Warbench could not start.\n\n{type(exc).__name__}: {exc}"
                self.setCentralWidget(QLabel(message))
                self.failed.emit(message)

    def _build(self, document, autosave_ms, dice_rng) -> None:
        from gui.autosave import Autosaver
        from gui.cost_panel import CostPanel
        from gui.document import ArmyDocument
        from gui.element_form import ElementForm
        from gui.header import ArmyHeader
        from model.systems import default_system

        self.document = document or ArmyDocument.new(default_system(), "New army", 1000, self)
        self.document.setParent(self)
        self.selection = Selection(self)
        self.selection.changed.connect(self._selection_changed)
        self.setAcceptDrops(True)

        self.header = ArmyHeader(self.document)
        self.tree = QTreeView()
        self.tree.setObjectName("armyTree")
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SingleSelection)
        # F2 opens the Attributes panel; rename is a double-click or Edit ▸ Rename (Ctrl+R)
        self.tree.setEditTriggers(QAbstractItemView.DoubleClicked)
        self.tree.installEventFilter(self)
        self.form = ElementForm(self.document, self.selection)
        self.cost_panel = CostPanel(self.document, self.selection)
        self.cost_panel.warningActivated.connect(self.select)
        self._undo_filter = DocumentUndoFilter(self)
        QApplication.instance().focusChanged.connect(self._focus_changed)

        form_scroll = QScrollArea()
        form_scroll.setWidgetResizable(True)
        form_scroll.setWidget(self.form)
        tree_box = QWidget()
        tree_layout = QVBoxLayout(tree_box)
        tree_layout.setContentsMargins(0, 0, 0, 0)
        self.tree_toolbar = QToolBar()
        tree_layout.addWidget(self.tree_toolbar)
        tree_layout.addWidget(self.tree)
        self.splitter = QSplitter(Qt.Horizontal)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.addWidget(tree_box)
        self.splitter.addWidget(form_scroll)
        self.splitter.addWidget(self.cost_panel)
        self.splitter.setSizes([340, 560, 360])
        for index, stretch in enumerate((1, 2, 1)):
            self.splitter.setStretchFactor(index, stretch)
        tree_box.setMinimumWidth(280)
        self.cost_panel.setMinimumWidth(240)
        self.splitter.setCollapsible(0, False)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addWidget(self.header)
        layout.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

        self._make_actions()
        self._make_reference_docks(dice_rng)
        self._install_document(self.document)
        self._restore_settings()
        interval = autosave_ms if autosave_ms is not None else settings.AUTOSAVE_SECONDS.read() * 1000
        self.autosaver = Autosaver(self, interval, self)
        self.statusBar().showMessage("Ready", 2000)
        self.is_ready = True
        self.ready.emit()

    # --- the document ----------------------------------------------------------
    def _install_document(self, document: ArmyDocument) -> None:
        """Show ``document``; the one it replaces is disconnected and freed with its undo stack."""
        from gui.army_tree import ArmyTreeModel

        old_model = getattr(self, "tree_model", None)
        old_document = self.document if old_model is not None else None
        if old_document is not None and old_document is not document:
            self._release(old_document)
        self.document = document
        document.setParent(self)
        self.selection.follow(document)  # first: the views then see the selection kept inside the army
        self.tree_model = ArmyTreeModel(document, self)
        self.tree.setModel(self.tree_model)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.Stretch)
        # fixed widths: sizing to contents would query every row of a large army on each edit
        metrics = self.tree.fontMetrics()
        for column, sample in ((1, "Count"), (2, "Cost each"), (3, "Subtotal")):
            header.setSectionResizeMode(column, QHeaderView.Fixed)
            header.resizeSection(column, metrics.horizontalAdvance(sample) + 18)
            header.setSectionHidden(column, column > 1 and not document.system.has_points)
        self.tree.selectionModel().currentChanged.connect(self._current_changed)
        self.tree_model.modelReset.connect(self.tree.expandAll)
        self.tree.expandAll()
        self.header.set_document(document)
        self.form.set_document(document)
        self.cost_panel.set_document(document)
        document.changed.connect(self._after_change)
        document.changed.connect(self._update_reference)
        document.undo_stack.cleanChanged.connect(self._update_title)
        document.pathChanged.connect(self._update_title)
        self._install_undo_actions()
        self._build_options_menu()
        if old_model is not None:
            old_model.deleteLater()
        if document.army.units:
            self.select(0, 0 if document.army.units[0].elements else None)
        else:
            self.selection.set(None)
        self._update_title()
        self._update_reference()
        self.documentReplaced.emit()

    def _release(self, document: ArmyDocument) -> None:
        """Let go of a replaced document: no signal of it reaches this window, and it is deleted."""
        for signal, slot in (
            (document.changed, self._after_change),
            (document.changed, self._update_reference),
            (document.undo_stack.cleanChanged, self._update_title),
            (document.pathChanged, self._update_title),
        ):
            signal.disconnect(slot)
        if getattr(self, "undo_group", None) is not None:
            self.undo_group.removeStack(document.undo_stack)
        document.setParent(None)
        document.deleteLater()

    def _update_title(self, *_args) -> None:
        doc = self.document
        name = doc.path.name if doc.path else f"{doc.army.name} (not saved)"
        self.setWindowTitle(f"{name}[*] — Warbench")
        self.setWindowModified(doc.modified)

    @property
    def selected(self) -> tuple[int, int | None] | None:
        """The selected (unit, element or None): read from the window's one :class:`Selection`."""
        return self.selection.position

    def _after_change(self) -> None:
        """After an edit, undo or redo: the selection has already followed the army; the tree's current row
        follows it (the form and panels refresh once, from the document's own signal)."""
        self._sync_options_menu()
        self._sync_tree()
        self._update_title()

    def _sync_tree(self) -> None:
        position = self.selection.position
        if position is None:
            return
        index = self.tree_model.element_index(*position)
        if index.isValid() and self.tree.currentIndex() != index:
            self.tree.setCurrentIndex(index)

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.selection.set(*self.tree_model.position(current))

    def _selection_changed(self) -> None:
        ei = None if self.selected is None else self.selected[1]
        if "attributes" in self._dock_widgets:
            self._dock_widgets["attributes"].set_can_add(ei is not None)
        if "matchup" in self._dock_widgets and self.docks["matchup"].isVisible():
            self._dock_widgets["matchup"].set_document(self.document, self.selected)

    def select(self, ui: int, ei: int | None) -> None:
        """Select a unit (``ei`` None) or an element: in the tree, and so in every panel."""
        if ei is not None and ei < 0:
            return
        self.selection.set(ui, ei)
        self._sync_tree()

    # --- keyboard -----------------------------------------------------------------
    def eventFilter(self, obj, event) -> bool:
        """Tab from the tree goes to the element form (not through the cost panel)."""
        if (
            obj is self.tree
            and event.type() == QEvent.KeyPress
            and event.key() == Qt.Key_Tab
            and not event.modifiers() & ~Qt.KeypadModifier
        ):
            target = self.form.first_field()
            if target is not None:
                target.setFocus(Qt.TabFocusReason)
                return True
        return super().eventFilter(obj, event)

    def _focus_changed(self, _old, new) -> None:
        """A field of the form or header taking focus lets Ctrl+Z reach the document's undo."""
        if is_editor(new) and (self.form.isAncestorOf(new) or self.header.isAncestorOf(new)):
            new.removeEventFilter(self._undo_filter)
            new.installEventFilter(self._undo_filter)

    # --- window state --------------------------------------------------------------
    def _restore_geometry(self) -> None:
        geometry = settings.GEOMETRY.read()
        if not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self.resize(1320, 820)

    def _restore_settings(self) -> None:
        self._restore_geometry()
        splitter = settings.SPLITTER.read()
        if not splitter.isEmpty():
            self.splitter.restoreState(splitter)
        state = settings.WINDOW_STATE.read()
        if not state.isEmpty():
            self.restoreState(state)

    def save_settings(self) -> None:
        settings.GEOMETRY.write(self.saveGeometry())
        settings.SPLITTER.write(self.splitter.saveState())
        settings.WINDOW_STATE.write(self.saveState())

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.is_ready:
            event.accept()
            return
        if not self.maybe_save():
            event.ignore()
            return
        self.save_settings()
        self.autosaver.clear()
        event.accept()
