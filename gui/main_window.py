"""The army builder window: army tree, element designer, live cost panel."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMenu,
    QScrollArea,
    QSplitter,
    QToolBar,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from gui import settings

if TYPE_CHECKING:  # pragma: no cover
    from gui.dice_panel import DicePanel
    from gui.document import ArmyDocument
    from gui.reference import QuickLookup, ReferenceBrowser


class MainWindow(QMainWindow):
    _pending: tuple | None = None  # contents still to build (deferred start); read by event() from the start
    documentReplaced = Signal()
    ready = Signal()  # the army and every panel are in place

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
            self._build(*pending)

    def _build(self, document, autosave_ms, dice_rng) -> None:
        from gui.autosave import Autosaver
        from gui.cost_panel import CostPanel
        from gui.document import ArmyDocument
        from gui.element_form import ElementForm
        from gui.header import ArmyHeader
        from model.systems import DEFAULT_SYSTEM

        self.document = document or ArmyDocument.new(DEFAULT_SYSTEM, "New army", 1000, self)
        self.document.setParent(self)
        self.selected: tuple[int, int | None] | None = None
        self.setAcceptDrops(True)

        self.header = ArmyHeader(self.document)
        self.tree = QTreeView()
        self.tree.setObjectName("armyTree")
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SingleSelection)
        self.tree.setEditTriggers(QAbstractItemView.DoubleClicked | QAbstractItemView.EditKeyPressed)
        self.form = ElementForm(self.document)
        self.cost_panel = CostPanel(self.document)
        self.cost_panel.warningActivated.connect(self.select)

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

    # --- actions -----------------------------------------------------------------
    def _action(self, text: str, slot, shortcut=None, name: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        action.setObjectName(name or text.lower().replace(" ", "_").replace("…", "").replace("&", ""))
        return action

    def _make_actions(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        self.new_action = self._action("&New…", self.new_army, QKeySequence.New, "new")
        self.open_action = self._action("&Open…", self.open_dialog, QKeySequence.Open, "open")
        self.save_action = self._action("&Save", self.save, QKeySequence.Save, "save")
        self.save_as_action = self._action("Save &As…", self.save_as, QKeySequence.SaveAs, "save_as")
        self.recent_menu = QMenu("Open &Recent", self)
        file.addActions([self.new_action, self.open_action])
        file.addMenu(self.recent_menu)
        file.addSeparator()
        file.addActions([self.save_action, self.save_as_action])
        self.export_menu = file.addMenu("&Export")
        self.export_sheet_action = self._action("Army &sheet (PDF)…", self.export_sheet, "Ctrl+P", "export_sheet")
        self.export_cards_action = self._action(
            "Reference &cards (PDF)…", self.export_cards, "Ctrl+Shift+P", "export_cards"
        )
        self.export_menu.addActions([self.export_sheet_action, self.export_cards_action])
        self.export_menu.addSeparator()
        self.paper_group = QActionGroup(self)
        for paper, label in (("a4", "A4 paper"), ("letter", "Letter paper")):
            action = self.export_menu.addAction(label)
            action.setCheckable(True)
            action.setChecked(settings.PAPER.read() == paper)
            action.setObjectName(f"paper_{paper}")
            action.triggered.connect(lambda _=False, p=paper: settings.PAPER.write(p))
            self.paper_group.addAction(action)
        for setting, label, name in (
            (settings.LANDSCAPE, "Landscape sheet", "landscape"),
            (settings.MERGE_IDENTICAL, "Merge identical elements", "merge_identical"),
        ):
            action = self.export_menu.addAction(label)
            action.setCheckable(True)
            action.setChecked(setting.read())
            action.setObjectName(name)
            action.toggled.connect(lambda on, s=setting: s.write(on))
        file.addSeparator()
        file.addAction(self._action("&Quit", self.close, QKeySequence.Quit, "quit"))

        self.edit_menu = bar.addMenu("&Edit")
        self.add_unit_action = self._action("Add &Unit", self.add_unit, "Ctrl+Shift+N", "add_unit")
        self.add_element_action = self._action("Add &Element", self.add_element, "Ctrl+E", "add_element")
        self.duplicate_action = self._action("&Duplicate", self.duplicate, "Ctrl+D", "duplicate")
        self.delete_action = self._action("De&lete", self.delete, QKeySequence.Delete, "delete")
        self.move_up_action = self._action("Move &Up", lambda: self.move(-1), "Ctrl+Up", "move_up")
        self.move_down_action = self._action("Move Do&wn", lambda: self.move(1), "Ctrl+Down", "move_down")
        for action, short in (
            (self.add_unit_action, "+ Unit"),
            (self.add_element_action, "+ Element"),
            (self.duplicate_action, "Duplicate"),
            (self.delete_action, "Delete"),
            (self.move_up_action, "▲"),
            (self.move_down_action, "▼"),
        ):
            action.setIconText(short)
            action.setToolTip(f"{action.text().replace('&', '')} ({action.shortcut().toString()})")
            self.tree_toolbar.addAction(action)
        self.army_menu = bar.addMenu("&Army")
        self.help_menu = bar.addMenu("&Help")
        self._refresh_recent()

    def _make_reference_docks(self, dice_rng) -> None:
        """Attributes, Spells and Dice docks. Their widgets are built when first shown and
        refreshed only while visible, so neither start-up nor editing pays for hidden panels."""
        self._dice_rng = dice_rng
        self._dock_widgets: dict[str, QWidget] = {}
        self._stale: set[str] = set()
        self.docks: dict[str, QDockWidget] = {}
        view = self.menuBar().insertMenu(self.help_menu.menuAction(), QMenu("&View", self))
        self.view_menu = view.menu()
        for key, title, shortcut in (
            ("attributes", "Attributes", "F2"),
            ("spells", "Spells", "F3"),
            ("dice", "Dice", "F4"),
        ):
            dock = QDockWidget(title, self)
            dock.setObjectName(f"{key}Dock")
            dock.setWidget(QWidget())
            self.addDockWidget(Qt.RightDockWidgetArea, dock)
            toggle = dock.toggleViewAction()
            toggle.setShortcut(QKeySequence(shortcut))
            self.view_menu.addAction(toggle)
            dock.visibilityChanged.connect(lambda visible, k=key: visible and self._refresh_dock(k))
            self.docks[key] = dock
            dock.hide()
        self.tabifyDockWidget(self.docks["attributes"], self.docks["spells"])
        self.tabifyDockWidget(self.docks["spells"], self.docks["dice"])
        self.resizeDocks([self.docks["attributes"]], [440], Qt.Horizontal)
        self._lookup = None
        self.lookup_action = self._action("&Quick lookup…", self.quick_lookup, "Ctrl+K", "quick_lookup")
        self.help_menu.addAction(self.lookup_action)

    def _dock_widget(self, key: str) -> QWidget:
        widget = self._dock_widgets.get(key)
        if widget is None:
            from gui.dice_panel import DicePanel  # imported on first use: start-up does not pay for it
            from gui.reference import ReferenceBrowser

            if key == "dice":
                widget = DicePanel(self._dice_rng)
            else:
                widget = ReferenceBrowser("attribute" if key == "attributes" else "spell")
                if key == "attributes":
                    widget.addRequested.connect(self.add_attribute_from_browser)
            self._dock_widgets[key] = widget
            self.docks[key].setWidget(widget)
            self._stale.add(key)
        return widget

    @property
    def attribute_browser(self) -> ReferenceBrowser:
        return self._refresh_dock("attributes")

    @property
    def spell_browser(self) -> ReferenceBrowser:
        return self._refresh_dock("spells")

    @property
    def dice_panel(self) -> DicePanel:
        return self._refresh_dock("dice")

    @property
    def lookup(self) -> QuickLookup:
        if self._lookup is None:
            from gui.reference import QuickLookup

            self._lookup = QuickLookup(self)
        return self._lookup

    def _refresh_dock(self, key: str) -> QWidget:
        widget = self._dock_widget(key)
        if key in self._stale:
            self._stale.discard(key)
            if key == "dice":
                widget.set_presets(self.document.system)
            else:
                widget.set_army(self.document)
                self.docks[key].setWindowTitle(widget.title)
                if key == "attributes":
                    on_element = self.selected is not None and self.selected[1] is not None
                    widget.set_can_add(on_element)
        return widget

    def show_dock(self, key: str) -> None:
        dock = self.docks[key]
        dock.show()
        dock.raise_()

    def quick_lookup(self) -> None:
        self.lookup.open_for(self.document.system)

    def add_attribute_from_browser(self, entry_id: str) -> None:
        """The browser's button: add the entry to the selected element, or as a new unit."""
        if self.document.system.reference_use == "unit":
            ui = self._edit(lambda: self.document.add_unit_data(self.document.system.unit_from_reference(entry_id)))
            if ui is not None:
                self.select(ui, 0)
            return
        if self.selected is None or self.selected[1] is None:
            return
        ui, ei = self.selected
        self._edit(lambda: self.document.add_reference(ui, ei, entry_id))

    def _update_reference(self) -> None:
        """Mark the docks stale; visible ones refresh now, hidden ones when shown."""
        self._stale |= set(self._dock_widgets)
        for key in list(self._dock_widgets):
            if self.docks[key].isVisible():
                self._refresh_dock(key)
        titles = self.document.system.reference_titles
        self.docks["attributes"].setWindowTitle(titles[0])
        self.docks["spells"].setWindowTitle(titles[1])

    def _install_undo_actions(self) -> None:
        self.edit_menu.clear()
        stack = self.document.undo_stack
        self.undo_action = stack.createUndoAction(self, "Undo")
        self.undo_action.setShortcuts([QKeySequence.Undo])
        self.undo_action.setObjectName("undo")
        self.redo_action = stack.createRedoAction(self, "Redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.redo_action.setObjectName("redo")
        self.edit_menu.addActions([self.undo_action, self.redo_action])
        self.edit_menu.addSeparator()
        self.edit_menu.addActions(
            [
                self.add_unit_action,
                self.add_element_action,
                self.duplicate_action,
                self.delete_action,
                self.move_up_action,
                self.move_down_action,
            ]
        )

    # --- the document ----------------------------------------------------------
    def _install_document(self, document: ArmyDocument) -> None:
        from gui.army_tree import ArmyTreeModel

        old = getattr(self, "tree_model", None)
        self.document = document
        document.setParent(self)
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
        if old is not None:
            old.deleteLater()
        self.selected = None
        if document.army.units:
            self.select(0, 0 if document.army.units[0].elements else None)
        self._update_title()
        self._update_reference()
        self.documentReplaced.emit()

    def _build_options_menu(self) -> None:
        """Army ▸ options generated from the system's declared options (choices and picks)."""
        self.army_menu.clear()
        self.option_actions: dict[tuple[str, object], QAction] = {}
        options = self.document.army.options.model_dump(mode="json")
        for spec in self.document.system.options_form:
            menu = self.army_menu.addMenu(spec.label)
            group = QActionGroup(menu) if spec.kind == "choice" else None
            for choice in spec.choices:
                action = menu.addAction(spec.choice_labels.get(choice, str(choice)))
                action.setCheckable(True)
                action.setChecked(options.get(spec.key) == choice if group else choice in options.get(spec.key, []))
                if group:
                    group.addAction(action)
                action.triggered.connect(lambda checked, s=spec, c=choice: self._set_option(s, c, checked))
                self.option_actions[(spec.key, choice)] = action
        self.army_menu.setEnabled(bool(self.document.system.options_form))

    def _set_option(self, spec, choice, checked: bool) -> None:
        current = self.document.army.options.model_dump(mode="json")
        if spec.kind == "choice":
            value = choice
        else:
            value = [c for c in current.get(spec.key, []) if c != choice] + ([choice] if checked else [])
        self._edit(lambda: self.document.edit_options(f"Change {spec.label.lower()}", **{spec.key: value}))

    def _sync_options_menu(self) -> None:
        options = self.document.army.options.model_dump(mode="json")
        for (key, choice), action in getattr(self, "option_actions", {}).items():
            value = options.get(key)
            action.setChecked(value == choice if not isinstance(value, list) else choice in value)

    def _update_title(self, *_args) -> None:
        doc = self.document
        name = doc.path.name if doc.path else f"{doc.army.name} (not saved)"
        self.setWindowTitle(f"{name}[*] — Warbench")
        self.setWindowModified(doc.modified)

    def _after_change(self) -> None:
        self._sync_options_menu()
        if self.selected is not None:
            ui, ei = self.selected
            units = self.document.army.units
            if not units:
                self._show(None, None)  # keep the wish: redo brings the selection back
                return
            ui = min(ui, len(units) - 1)
            if ei is not None:
                ei = min(ei, len(units[ui].elements) - 1) if units[ui].elements else None
            self.select(ui, ei)
        self._update_title()

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid():
            return
        ui, ei = self.tree_model.position(current)
        self.selected = (ui, ei)
        self._show(ui, ei)

    def _show(self, ui, ei) -> None:
        self.form.show_element(ui, ei)
        self.cost_panel.show_element(ui, ei)
        if "attributes" in self._dock_widgets:
            self._dock_widgets["attributes"].set_can_add(ei is not None)

    def select(self, ui: int, ei: int | None) -> None:
        """Select a unit (``ei`` None) or an element in the tree, the form and the cost panel."""
        if ei is not None and ei < 0:
            return
        index = self.tree_model.element_index(ui, ei)
        self.selected = (ui, ei)
        if index.isValid():
            if self.tree.currentIndex() != index:
                self.tree.setCurrentIndex(index)
        self._show(ui, ei)

    # --- edits -------------------------------------------------------------------
    def _edit(self, fn) -> object:
        from gui import dialogs
        from gui.document import EditRefused

        try:
            return fn()
        except EditRefused as exc:
            dialogs.show_error(self, "Edit not applied", "\n".join(exc.problems))
            return None

    def add_unit(self) -> None:
        ui = self._edit(lambda: self.document.add_unit(f"Unit {len(self.document.army.units) + 1}"))
        if ui is not None:
            self.select(ui, 0)

    def add_element(self) -> None:
        if self.selected is None:
            return self.add_unit()
        ui = self.selected[0]
        ei = self._edit(lambda: self.document.add_element(ui))
        if ei is not None:
            self.select(ui, ei)

    def duplicate(self) -> None:
        if self.selected is None:
            return
        ui, ei = self.selected
        if ei is None:
            new = self._edit(lambda: self.document.duplicate_unit(ui))
            if new is not None:
                self.select(new, None)
        else:
            new = self._edit(lambda: self.document.duplicate_element(ui, ei))
            if new is not None:
                self.select(ui, new)

    def delete(self) -> None:
        if self.selected is None:
            return
        ui, ei = self.selected
        if ei is None:
            self._edit(lambda: self.document.delete_unit(ui))
        else:
            self._edit(lambda: self.document.delete_element(ui, ei))

    def move(self, delta: int) -> None:
        if self.selected is None:
            return
        ui, ei = self.selected
        if ei is None:
            self.select(self.document.move_unit(ui, delta), None)
        else:
            self.select(ui, self.document.move_element(ui, ei, delta))

    # --- files -------------------------------------------------------------------
    def maybe_save(self) -> bool:
        """True when it is fine to drop the current document."""
        from gui import dialogs

        if not self.document.modified:
            return True
        answer = dialogs.ask_unsaved(self, self.document.path.name if self.document.path else self.document.army.name)
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_army(self) -> None:
        from gui import dialogs
        from gui.document import ArmyDocument

        if not self.maybe_save():
            return
        choice = dialogs.new_army(self)
        if choice is None:
            return
        system_id, name, limit = choice
        self.autosaver.clear()
        self._install_document(ArmyDocument.new(system_id, name, limit, self))

    def open_dialog(self) -> None:
        from gui import dialogs

        if not self.maybe_save():
            return
        path = dialogs.open_path(self, settings.LAST_FOLDER.read())
        if path:
            self.open_file(path, ask=False)

    def open_file(self, path: str | Path, ask: bool = True) -> bool:
        from gui import dialogs
        from gui.document import ArmyDocument
        from model.fileio import ArmyFileError

        if ask and not self.maybe_save():
            return False
        try:
            document = ArmyDocument.open(path, self)
        except ArmyFileError as exc:
            dialogs.show_error(self, "Cannot open army", f"{path}\n\n" + "\n".join(exc.problems))
            return False
        self.autosaver.clear()
        self._install_document(document)
        self._remember(Path(path))
        self.statusBar().showMessage(f"Opened {path}", 4000)
        return True

    def recover(self, army, original: Path | None) -> None:
        """Open recovered work as unsaved changes on top of its original file (or a new army)."""
        from gui.document import ArmyDocument, ReplaceArmyCommand
        from model.fileio import ArmyFileError

        base = None
        if original is not None and original.exists():
            try:
                base = ArmyDocument.open(original, self)
            except ArmyFileError:
                base = None
        if base is None:
            base = ArmyDocument.new(army.system, army.name, army.points_limit, self)
            base.path = original
        if base.system.id != army.system:
            base = ArmyDocument(army, original, self)
            base.undo_stack.resetClean()
            base.undo_stack.setClean()
        self._install_document(base)
        base.undo_stack.push(ReplaceArmyCommand(base, base.army, army, "Recover autosaved work"))
        self._update_title()

    def save(self) -> bool:
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        from gui import dialogs

        folder = settings.LAST_FOLDER.read()
        name = self.document.path.name if self.document.path else f"{self.document.army.name}.army.json"
        path = dialogs.save_path(self, str(Path(folder) / name) if folder else name)
        return bool(path) and self._save_to(Path(path))

    def _save_to(self, path: Path) -> bool:
        from gui import dialogs

        try:
            self.document.save(path)
        except OSError as exc:
            dialogs.show_error(
                self,
                "Could not save",
                f"{path}\n\n{exc.strerror or exc}\n\nYour army is still open and unchanged; save it somewhere else.",
            )
            return False
        self.autosaver.clear()
        self._remember(path)
        self._update_title()
        self.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    # --- export ------------------------------------------------------------------
    def export_sheet(self) -> bool:
        from model.pdf.sheet import SheetOptions, build_sheet, sheet_date

        opts = SheetOptions(
            paper=settings.PAPER.read(),
            landscape=settings.LANDSCAPE.read(),
            merge_identical=settings.MERGE_IDENTICAL.read(),
            date=sheet_date(self.document.army),
        )
        return self._export(
            "Export army sheet", "sheet", lambda progress: build_sheet(self.document.army, opts, progress)
        )

    def export_cards(self) -> bool:
        from model.pdf.cards import build_cards

        paper = settings.PAPER.read()
        return self._export(
            "Export reference cards",
            "cards",
            lambda progress: build_cards(self.document.army, paper=paper, progress=progress),
        )

    def _export(self, title: str, suffix: str, build) -> bool:
        from PySide6.QtWidgets import QApplication, QProgressDialog

        from gui import dialogs
        from model.fileio import atomic_write

        folder = settings.EXPORT_FOLDER.read() or settings.LAST_FOLDER.read()
        stem = (
            self.document.path.name.removesuffix(".army.json").removesuffix(".json")
            if self.document.path
            else self.document.army.name
        )
        path = dialogs.export_path(
            self, title, str(Path(folder) / f"{stem}-{suffix}.pdf") if folder else f"{stem}-{suffix}.pdf"
        )
        if not path:
            return False
        dialog = QProgressDialog(f"{title}…", "", 0, 0, self)
        dialog.setObjectName("exportProgress")
        dialog.setCancelButton(None)
        dialog.setWindowModality(Qt.WindowModal)
        dialog.setMinimumDuration(300)

        def progress(pages: int) -> None:
            dialog.setLabelText(f"{title}: {pages} page{'s' * (pages != 1)} laid out…")
            QApplication.processEvents()

        try:
            data = build(progress)
            atomic_write(path, data)  # an existing PDF is only replaced once the new one is complete
        except OSError as exc:
            dialogs.show_error(self, "Export failed", f"{path}\n\n{exc.strerror or exc}")
            return False
        finally:
            dialog.close()
        settings.EXPORT_FOLDER.write(str(Path(path).resolve().parent))
        self.statusBar().showMessage(f"Exported {path}", 5000)
        if dialogs.ask_open_pdf(self, path):
            dialogs.open_externally(path)
        return True

    def _remember(self, path: Path) -> None:
        settings.add_recent(str(path.resolve()))
        settings.LAST_FOLDER.write(str(path.resolve().parent))
        self._refresh_recent()

    def _refresh_recent(self) -> None:
        self.recent_menu.clear()
        recent = settings.RECENT_FILES.read()
        for path in recent:
            action = self.recent_menu.addAction(Path(path).name)
            action.setToolTip(path)
            action.setData(path)
            action.triggered.connect(lambda _=False, p=path: self.open_file(p))
        self.recent_menu.setEnabled(bool(recent))

    # --- drag and drop -----------------------------------------------------------
    def dragEnterEvent(self, event) -> None:
        if any(url.toLocalFile().endswith(".json") for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        for url in event.mimeData().urls():
            if url.toLocalFile().endswith(".json"):
                self.open_file(url.toLocalFile())
                event.acceptProposedAction()
                return

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
