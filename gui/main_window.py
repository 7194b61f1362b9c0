"""The army builder window: army tree, element designer, live cost panel.

The window owns the layout, the current document and the selection. Its parts are objects it makes and
holds, each given what it uses: ``text_export`` (:mod:`gui.text_export`), ``pack_export``
(:mod:`gui.pack_export`), ``code_import`` (:mod:`gui.code_import`), ``list_check`` (File ▸ Check Lists…,
:mod:`gui.list_check`), ``start`` (:mod:`gui.start_page`), ``library`` (:mod:`gui.library`), ``panes``
(:mod:`gui.panes`), ``reference`` (the docked panels and the quick lookup, :mod:`gui.docks`), ``play`` (table
mode, :mod:`gui.play_actions`), ``files`` (file handling and export, :mod:`gui.file_controller`) and
``commands`` (the menus, the tree's toolbars and the edit slots, :mod:`gui.actions`). It runs the edits
(``_edit``, given to the parts that edit) and freezes the builder's edits while a game is shown."""

from __future__ import annotations

import linecache
from pathlib import Path
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QEvent, QModelIndex, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QLabel,
    QMainWindow,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QTabBar,
    QToolBar,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from warbench.gui import plain, settings
from warbench.gui.actions import WindowActions
from warbench.gui.army_view import ArmyView
from warbench.gui.code_import import CodeImportActions
from warbench.gui.docks import ReferenceDocks
from warbench.gui.file_controller import FileController
from warbench.gui.keys import DocumentUndoFilter, edits_the_document, is_editor
from warbench.gui.library import LibraryActions
from warbench.gui.list_check import ListCheckActions
from warbench.gui.menus import Submenus
from warbench.gui.pack_export import PackExportActions
from warbench.gui.panes import WindowPanes
from warbench.gui.play_actions import PlayActions
from warbench.gui.selection import Selection
from warbench.gui.start_page import StartPageActions
from warbench.gui.text_export import TextExportActions
from warbench.model.cost_lines import points_text
from warbench.model.fileio import ArmyFileError
from warbench.model.systems import default_system

if TYPE_CHECKING:  # pragma: no cover
    from warbench.gui.document import ArmyDocument


GAME_SUFFIX = ".game.json"  # a file the window plays (Game ▸ Open Game…) rather than builds

#: the window size Warbench prefers, in device-independent pixels, when the screen has room for it
PREFERRED_SIZE = (1600, 1000)


#: room left for the window manager's frame and title bar around the window
FRAME_ALLOWANCE = (8, 36)


def first_start_geometry(available: QRect) -> QRect:
    """The first window: the preferred size, shrunk to the screen's available area less a frame
    (never more than the screen, whatever the scale factor), centred in it."""
    width = min(PREFERRED_SIZE[0], available.width() - FRAME_ALLOWANCE[0])
    height = min(PREFERRED_SIZE[1], available.height() - FRAME_ALLOWANCE[1])
    frame = QRect(0, 0, width, height)
    frame.moveCenter(available.center())
    return frame


class FormScrollArea(QScrollArea):
    """The element form's scroll area: at least as wide as the form's narrowest layout (so no panel
    can push the form's buttons out of sight behind a horizontal scroll bar), and no wider than a
    readable line: extra width goes to the tree and the cost panel."""

    def __init__(self, form: QWidget):
        super().__init__()
        self.setObjectName("formScroll")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the form's fields, not to their frame
        self.setWidgetResizable(True)
        self.setWidget(form)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        form.setMaximumWidth(form.fontMetrics().averageCharWidth() * 90)
        self.setMaximumWidth(form.maximumWidth() + self._chrome())
        form.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        if obj is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # the form's narrowest layout changed: the splitter must hear of it
        return super().eventFilter(obj, event)

    def _chrome(self) -> int:
        return self.verticalScrollBar().sizeHint().width() + 2 * self.frameWidth()

    def minimumSizeHint(self):
        hint = super().minimumSizeHint()
        hint.setWidth(self.widget().minimumSizeHint().width() + self._chrome())
        return hint


class MainWindow(QMainWindow):
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
        opening: Path | None = None,
    ):
        """``deferred`` (what ``warbench`` uses): paint the window at once and build its contents,
        which need the rules model, on the next turn of the event loop. ``opening``: the army file the
        window starts with (``warbench FILE``), read while the contents are built, so that no empty
        army is made, validated and shown first (:meth:`_first_document`)."""
        super().__init__()
        self.setObjectName("mainWindow")
        self.setWindowTitle(self.tr("Warbench"))
        self.is_ready = False
        self._opening = opening
        self.opened_at_start: Path | None = None  # ``opening``, once it is the window's army
        if deferred:
            self._restore_geometry()
            loading = QLabel(self.tr("Loading Warbench…"))
            loading.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.setCentralWidget(loading)
            self._pending = (document, autosave_ms, dice_rng)
            QTimer.singleShot(1000, self._build_pending)  # in case the window is never painted
        else:
            self._build(document, autosave_ms, dice_rng)

    def event(self, event) -> bool:
        handled = super().event(event)
        if self._pending is not None and event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, self._build_pending)  # the frame is on screen: now load the rest
        return handled

    def _build_pending(self) -> None:
        if self._pending is not None:
            pending, self._pending = self._pending, None
            try:
                self._build(*pending)
            except Exception as exc:  # shown, never an endless "Loading…" (the event loop would swallow it)
                message = self.tr("Warbench could not start.\n\n{error}").format(error=f"{type(exc).__name__}: {exc}")
                self.setCentralWidget(plain.label(message))
                self.failed.emit(message)

    def _build(self, document, autosave_ms, dice_rng) -> None:
        from warbench.gui.autosave import Autosaver  # lazy: after the window's first paint (deferred start)
        from warbench.gui.cost_panel import CostPanel  # lazy: after the window's first paint (deferred start)
        from warbench.gui.document import ArmyDocument  # lazy: after the window's first paint (deferred start)
        from warbench.gui.element_form import ElementForm  # lazy: after the window's first paint (deferred start)
        from warbench.gui.header import ArmyHeader  # lazy: after the window's first paint (deferred start)
        from warbench.gui.unit_panel import UnitPanel  # lazy: after the window's first paint (deferred start)
        from warbench.model.collector import (
            no_cycle_collection,
        )  # lazy: after the window's first paint (deferred start)

        # PySide6 read the source of each module imported after it into linecache (to look for "PySide6"
        # in it); nothing else uses those lines, and freed now their memory serves what is built next
        # (a traceback reads a file again when it needs it)
        linecache.clearcache()

        document = document or self._first_document()
        self.document = document or ArmyDocument.new(default_system(), self.tr("New army"), 1000, self)
        self.placeholder = None if document else self.document  # made for the window, not by the player
        self.document.setParent(self)
        self.selection = Selection(self)
        self.selection.changed.connect(self._selection_changed)
        self.setAcceptDrops(True)

        self.header = ArmyHeader(self.document)
        self.tree = ArmyView()
        self.tree.setObjectName("armyTree")
        self.tree.setAccessibleName(self.tr("Army: units and elements"))
        # F2 opens the Attributes panel; rename is a double-click or Edit ▸ Rename (Ctrl+R)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked)
        # drag to reorder, or to move an element to another unit (each drop one undo step)
        self.tree.setDragEnabled(True)
        self.tree.setAcceptDrops(True)
        self.tree.setDropIndicatorShown(True)
        self.tree.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.tree.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.form = ElementForm(self.document, self.selection)
        self.unit_panel = UnitPanel(self.document, self.selection)
        self.cost_panel = CostPanel(self.document, self.selection)
        self.cost_panel.warningActivated.connect(self.select)
        self._undo_filter = DocumentUndoFilter(self)
        self._empty_field_undo = DocumentUndoFilter(self, always=False)
        cast(QApplication, QApplication.instance()).focusChanged.connect(self._focus_changed)

        editor = QWidget()  # the selected element's form, or the selected unit's panel
        editor_layout = QVBoxLayout(editor)
        editor_layout.setContentsMargins(0, 0, 0, 0)
        editor_layout.addWidget(self.unit_panel)
        editor_layout.addWidget(self.form)
        form_scroll = self.form_scroll = FormScrollArea(editor)
        self.form.setMaximumWidth(editor.maximumWidth())
        tree_box = QWidget()
        tree_layout = QVBoxLayout(tree_box)
        tree_layout.setContentsMargins(0, 0, 0, 0)
        # two rows (adding; changing): one row kept the tree 332 px wide at 1024x700, the cost panel at its minimum
        self.tree_toolbars = (QToolBar(), QToolBar())
        for bar in self.tree_toolbars:
            bar.setMovable(False)
            tree_layout.addWidget(bar)
        tree_layout.addWidget(self.tree)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.addWidget(tree_box)
        self.splitter.addWidget(form_scroll)
        self.splitter.addWidget(self.cost_panel)
        for index, stretch in enumerate((0, 1, 1)):  # the tree keeps the width its names need
            self.splitter.setStretchFactor(index, stretch)
        self.tree_box = tree_box
        self.cost_panel.setMinimumWidth(self.cost_panel.fontMetrics().averageCharWidth() * 24)
        for index in range(3):
            self.splitter.setCollapsible(index, False)  # the form never loses its buttons to a panel
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addWidget(self.header)
        layout.addWidget(self.splitter, 1)
        self.pages = QStackedWidget()  # the army (page 0) and, when shown, the start page
        self.pages.addWidget(central)
        self.setCentralWidget(self.pages)

        self._make_parts(dice_rng)
        with no_cycle_collection():  # as File ▸ Open shows an army: pricing and laying it out make no cycles
            self._install_document(self.document)
        self._restore_settings()
        interval = autosave_ms if autosave_ms is not None else settings.AUTOSAVE_SECONDS.read() * 1000
        self.autosaver = Autosaver(self, interval, self)
        self.statusBar().showMessage(self.tr("Ready"), 2000)
        self.is_ready = True
        self.ready.emit()

    def _make_parts(self, dice_rng) -> None:
        """The window's parts, each given what it uses of the window and of the parts made before it."""
        self.library = LibraryActions(self, document=lambda: self.document, selection=self.selection, edit=self._edit)
        self.files = FileController(
            self,
            document=lambda: self.document,
            install=self._install_document,
            update_title=self._update_title,
            clear_autosave=lambda: self.autosaver.clear(),  # made once the army is shown
            offer_homebrew=self.library.offer_homebrew,
            open_game=lambda path: self.play.open_game(path),  # (made after: a game is opened after start)
        )
        commands = self.commands = WindowActions(
            self,
            document=lambda: self.document,
            selection=self.selection,
            select=self.select,
            tree=self.tree,
            tree_model=lambda: self.tree_model,
            toolbars=self.tree_toolbars,
            form=self.form,
            files=self.files,
            edit=self._edit,
            library_actions=self.library.edit_actions,
            paste_army_code=lambda text: self.code_import.paste_army_code(text),  # made with the File menu below
        )
        self.play = PlayActions(
            self,
            document=lambda: self.document,
            pages=self.pages,
            docks=lambda: self.reference.docks.values(),
            help_menu=commands.help_menu,
            file_menu=commands.file_menu,
            save_as=commands.save_as_action,
            toolbar=self.tree_toolbars[0],
            freeze=self._freeze_builder,
            update_title=self._update_title,
            taken_down=lambda: not isValid(commands.edit_menu),
        )
        # every tree action stays on the toolbar (no "»") whatever the splitter does
        self._toolbar_width = max(240, *(bar.sizeHint().width() for bar in self.tree_toolbars))
        self.tree_box.setMinimumWidth(self._toolbar_width)
        self.code_import = CodeImportActions(
            self,
            menu=commands.file_menu,
            before=self.files.recent_menu.menuAction(),
            maybe_save=self.files.maybe_save,
            open_unsaved=self.files.open_unsaved,
        )
        self.list_check = ListCheckActions(
            self,
            menu=commands.file_menu,
            before=self.files.recent_menu.menuAction(),
            open_file=self.files.open_file,
            open_code=self.code_import.open_code,
        )
        self.text_export = TextExportActions(
            self, document=lambda: self.document, menu=commands.export_menu, after=commands.export_actions["cards"]
        )
        self.pack_export = PackExportActions(
            self, document=lambda: self.document, menu=commands.export_menu, after=self.text_export.action
        )
        self.reference = ReferenceDocks(
            self,
            document=lambda: self.document,
            selection=self.selection,
            help_menu=commands.help_menu,
            edit=self._edit,
            select=self.select,
            library=self.library,
            share_builder=self.share_builder,
            builder_width=self._readable_builder_width,
            replaced=self.documentReplaced,
            dice_rng=dice_rng,
        )
        self.form.ruleRequested.connect(self.reference.open_rule)
        self.cost_panel.ruleRequested.connect(self.reference.open_rule)
        self.start = StartPageActions(
            self,
            armies=self,
            pages=self.pages,
            docks=self.reference.docks,
            menu=commands.file_menu,
            before=commands.new_action,
            code_import=self.code_import,
        )
        # the start page shown or left: the title says the army's name, or none (the game's own title is
        # the play view's: play_actions sets it after a page change to or from the game)
        self.pages.currentChanged.connect(lambda _index: None if self.play.in_play else self._update_title())
        self.panes = WindowPanes(
            self,
            builder=[self.header, self.tree, self.form_scroll, self.cost_panel],
            keyed=[self.tree, self.form_scroll, self.cost_panel.table, self.cost_panel.warnings],
            docks=self.reference.docks,
            dock_widgets=self.reference.dock_widgets,
            menu=self.reference.view_menu,
        )

    def _first_document(self) -> ArmyDocument | None:
        """The file the window starts with, read now, or None: no file, or one that cannot be read (the
        start opens it as File ▸ Open does, which says why), or autosaved work to offer first (the
        player may rather recover it)."""
        from warbench.gui import autosave  # lazy: after the window's first paint (deferred start)
        from warbench.gui.document import ArmyDocument  # lazy: after the window's first paint (deferred start)
        from warbench.model.collector import (
            no_cycle_collection,
        )  # lazy: after the window's first paint (deferred start)

        if self._opening is None or autosave.any_left():
            return None
        try:
            with no_cycle_collection():
                document = ArmyDocument.open(self._opening, self)
        except ArmyFileError:
            return None
        self.opened_at_start = self._opening
        return document

    # --- the document ----------------------------------------------------------
    def _edit(self, fn, select: tuple[int, int | None] | None = None) -> object:
        """Run an edit; a refused one is shown. ``select``: what the edit selects, as part of the same change."""
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)
        from warbench.gui.document import EditRefused  # lazy: after the window's first paint (deferred start)

        before = self.document.army
        try:
            with self.selection.landing(select):
                result = fn()
        except EditRefused as exc:
            dialogs.show_error(self, self.tr("Edit not applied"), "\n".join(exc.shown))
            return None
        if select is not None and self.document.army is not before:
            self.select(*select)
        return result

    def _freeze_builder(self, frozen: bool) -> None:
        """While the game is shown, the army's edits (Edit and Army menus, the tree's toolbar and their keys)
        are off: no key edits the hidden army; Ctrl+Z undoes the game's steps (no active stack: the Edit menu's
        Undo is off, and Ctrl+Z reaches the play view's own)."""
        commands = self.commands
        commands.undo_group.setActiveStack(None if frozen else self.document.undo_stack)  # type: ignore[arg-type]
        submenus = Submenus(self)
        actions = [a for a in commands.edit_menu.actions() if not a.isSeparator() and submenus.of(a) is None]
        actions += [a for bar in self.tree_toolbars for a in bar.actions() if a is not self.play.play_action]
        for action in actions:
            if action not in (commands.undo_action, commands.redo_action):  # the undo group sets those
                action.setEnabled(not frozen)
        commands.army_menu.menuAction().setEnabled(not frozen)

    def _show_note(self, text: str) -> None:
        """What an edit changed besides its field ("A vehicle is one model: Figures 5 → 1…")."""
        self.statusBar().showMessage(text, 15_000)

    def _install_document(self, document: ArmyDocument) -> None:
        """Show ``document``; the one it replaces is disconnected and freed with its undo stack."""
        from warbench.gui.army_tree import ArmyTreeModel  # lazy: after the window's first paint (deferred start)

        self.start.hide_start_page()  # a new or opened army is what the user wants to see
        old_model = getattr(self, "tree_model", None)
        old_document = self.document if old_model is not None else None
        if old_document is not None and old_document is not document:
            self._release(old_document)
        self.document = document
        document.setParent(self)
        document.noted.connect(self._show_note)
        self.selection.follow(document)  # first: the views then see the selection kept inside the army
        self.tree_model = ArmyTreeModel(document, self, self.selection)
        self.tree.setModel(self.tree_model)
        header = self.tree.horizontalHeader()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            header.setSectionHidden(column, column > 1 and not document.system.pricing.has_points)
        self._size_number_columns()
        self.tree.selectionModel().currentChanged.connect(self._current_changed)
        self.header.set_document(document)
        self.form.set_document(document)
        self.unit_panel.set_document(document)
        self.cost_panel.set_document(document)
        document.changed.connect(self._size_number_columns)
        document.changed.connect(self._after_change)
        document.changed.connect(self.reference.update_reference)
        document.undo_stack.cleanChanged.connect(self._update_title)
        document.pathChanged.connect(self._update_title)
        self.commands.install_undo_actions()
        self.commands.build_options_menu()
        if old_model is not None:
            old_model.deleteLater()
        if document.army.units:
            self.select(0, 0 if document.army.units[0].elements else None)
        else:
            self.selection.set(None)
        self._show_editor()
        self._update_title()
        self.reference.update_reference()
        self.fit_tree()
        self.documentReplaced.emit()

    # --- files (gui.file_controller): what the start page, the app and drag and drop ask of the window -----------
    def open_file(self, path: str | Path, ask: bool = True) -> bool:
        """Show the army file at ``path`` (``ask``: first offer to save unsaved changes), or play the game file
        (``*.game.json``, Game ▸ Open Game…); False if it did not open."""
        if str(path).endswith(GAME_SUFFIX):
            return self.play.open_game(path)
        return self.files.open_file(path, ask)

    def open_dialog(self) -> None:
        return self.files.open_dialog()

    def maybe_save(self) -> bool:
        """True when it is fine to drop the army shown (saved, or the player says so)."""
        return self.files.maybe_save()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        files = getattr(self, "files", None)  # changeEvent comes while the window is being built
        if files is not None and event.type() == QEvent.Type.ActivationChange:
            files.note_changed_on_disk()

    def dragEnterEvent(self, event) -> None:
        if any(url.toLocalFile().endswith(".json") for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        for url in event.mimeData().urls():
            if url.toLocalFile().endswith(".json"):
                self.open_file(url.toLocalFile())
                event.acceptProposedAction()
                return

    def show_new_army(self, document: ArmyDocument) -> None:
        """A new army in place of the one shown; the autosaved copy of the old one is dropped."""
        self.autosaver.clear()
        self._install_document(document)

    def _release(self, document: ArmyDocument) -> None:
        """Let go of a replaced document: no signal of it reaches this window, and it is deleted."""
        for signal, slot in (
            (document.changed, self._size_number_columns),
            (document.changed, self._after_change),
            (document.changed, self.reference.update_reference),
            (document.undo_stack.cleanChanged, self._update_title),
            (document.pathChanged, self._update_title),
        ):
            signal.disconnect(slot)
        if getattr(self.commands, "undo_group", None) is not None:
            self.commands.undo_group.removeStack(document.undo_stack)
        document.setParent(None)
        document.deleteLater()

    def _size_number_columns(self) -> None:
        """Number columns as wide as their widest figure: no cost or subtotal exceeds the army total,
        so its digits size both (worked out in O(1): asking every row would cost a large army on each
        edit); the name column takes the rest."""
        total = points_text(self.document.cost.total or 0)
        samples = ("999", total, total)  # counts past 999 elements in one unit are rare; they elide
        header = self.tree.horizontalHeader()
        bold = self.tree.font()
        bold.setBold(True)  # unit rows are bold
        metrics, bold_metrics = self.tree.fontMetrics(), QFontMetrics(bold)
        for column, sample in zip((1, 2, 3), samples):
            title = self.tree_model.headerData(column, Qt.Orientation.Horizontal)
            width = max(metrics.horizontalAdvance(title) + 22, bold_metrics.horizontalAdvance(sample) + 14)
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)
        # the tree never narrower than the names Warbench gives ("New element 10"): a new army's tree once sat at
        # its toolbar's 240 px and cut them to "New …"
        names = metrics.horizontalAdvance(self.tr("New element") + " 10") + 2 * self.tree.indentation() + 8
        numbers = sum(header.sectionSize(c) for c in (1, 2, 3) if not header.isSectionHidden(c))
        room = max(self.width(), self.screen().availableGeometry().width()) // 3  # 1024x700 at 1.5x has 682 px
        floor = max(self._toolbar_width, min(room, names + numbers + 2 * self.tree.frameWidth()))
        if self.tree_box.minimumWidth() != floor:
            self.tree_box.setMinimumWidth(floor)

    def _tree_wanted(self, slack: int = 16) -> int:
        """The tree's width for its longest name (``slack`` px to spare) and its number columns."""
        tree = self.tree
        units = self.document.army.units[:200]  # a sample: a huge army must not slow the first start
        bold = tree.font()
        bold.setBold(True)  # unit rows are bold; element rows are indented once more
        unit_width, element_width = QFontMetrics(bold).horizontalAdvance, tree.fontMetrics().horizontalAdvance
        longest = max(
            [unit_width(u.name) + tree.indentation() for u in units]
            + [element_width(e.name) + 2 * tree.indentation() for u in units for e in u.elements[:50]],
            default=0,
        )
        header = tree.horizontalHeader()
        numbers = sum(header.sectionSize(c) for c in (1, 2, 3) if not header.isSectionHidden(c))
        frame = 2 * tree.frameWidth()
        return longest + slack + numbers + frame + tree.verticalScrollBar().sizeHint().width()

    def _default_splitter_sizes(self, width: int | None = None) -> list[int]:
        """Tree wide enough for its longest name (up to a third), cost panel a quarter, form the rest up
        to its readable maximum (the cost panel shows what is left over); ``width``: the splitter's."""
        total = max(self.width() - 24 if width is None else width, 600)
        tree_width = max(self.tree_box.minimumWidth(), min(self._tree_wanted(), total // 3))
        cost = max(self.cost_panel.minimumWidth(), total // 4)
        # The splitter shares a loss of width (a dock opening) between the form and the cost panel in
        # the ratio of these sizes, whatever it shows: a form size past the form's maximum width once
        # took nearly all of it from the cost panel.
        form = min(max(total - tree_width - cost, 200), self.form_scroll.maximumWidth())
        return [tree_width, form, cost]

    def fit_tree(self) -> None:
        """A newly shown army whose names the tree cuts: the tree widens to them (up to a third of the
        builder), taking the width from the form and the cost panel in proportion to what each has
        above its minimum, so the layout the player chose is otherwise kept."""
        sizes = self.splitter.sizes()
        total = sum(sizes)
        if not total:
            return  # not laid out yet: the first sizes will see this army
        wanted = min(self._tree_wanted(), max(self.tree_box.minimumWidth(), total // 3))
        room = [
            max(0, sizes[1] - self.form_scroll.minimumSizeHint().width()),
            max(0, sizes[2] - self.cost_panel.minimumWidth()),
        ]
        grow = min(wanted - sizes[0], sum(room))
        if grow <= 0:
            return
        from_form = grow * room[0] // sum(room)
        self.splitter.setSizes([sizes[0] + grow, sizes[1] - from_form, sizes[2] - (grow - from_form)])

    def share_builder(self) -> None:
        """After a dock took its width: if the cost panel is squeezed below its readable width, the tree
        keeps only what its names need and the form and the cost panel share the rest past their minimums
        equally (QSplitter took all of the dock's width from the cost panel, down to its 144 px, at 1024x700)."""
        sizes = self.splitter.sizes()
        width = sum(sizes)
        form_min, cost_min = self.form_scroll.minimumSizeHint().width(), self.cost_panel.minimumWidth()
        if sizes[2] >= self.cost_panel.readable_width():
            return  # the cost panel is readable: the sizes QSplitter gave are kept
        tree = max(self.tree_box.minimumWidth(), min(sizes[0], self._tree_wanted(slack=10)))
        extra = max(0, width - tree - form_min - cost_min)
        form = form_min + extra // 2
        if width - tree - form > sizes[2]:
            self.splitter.setSizes([tree, form, width - tree - form])

    def _readable_builder_width(self) -> int:
        """What the builder needs beside a dock: the tree its names, the form its narrowest layout, the cost
        panel a readable width, and the splitter's two handles."""
        builder = self._default_splitter_sizes()[0] + self.form_scroll.minimumSizeHint().width()
        return builder + self.cost_panel.readable_width() + self.splitter.handleWidth() * 2

    def _update_title(self, *_args) -> None:
        """The army's file and whether it has unsaved changes; on the start page, no army's: "Warbench"."""
        doc = self.document
        if self.start.on_start_page:
            self.setWindowTitle(self.tr("Warbench"))
            self.setWindowModified(False)
            return
        name = doc.path.name if doc.path else self.tr("{name} (not saved)").format(name=doc.army.name)
        title = self.tr("{name}[*] — Warbench").format(name=name)
        if self.windowTitle() != title:  # once per change, not again for the undo stack's clean state
            self.setWindowTitle(title)
        if self.isWindowModified() != doc.modified:
            self.setWindowModified(doc.modified)

    @property
    def selected(self) -> tuple[int, int | None] | None:
        """The selected (unit, element or None): read from the window's one :class:`Selection`."""
        return self.selection.position

    def _after_change(self) -> None:
        """After an edit, undo or redo: the selection has already followed the army; the tree's current row
        follows it (the form and panels refresh once, from the document's own signal)."""
        self.commands.sync_options_menu()
        self._sync_tree()
        self._show_editor()
        self._update_title()

    def _show_editor(self) -> None:
        """The unit panel when a unit is selected, else the element form (with its hint when empty)."""
        on_unit = self.unit_panel.unit_index is not None
        self.unit_panel.setVisible(on_unit)
        self.form.setVisible(not on_unit)

    def _sync_tree(self) -> None:
        position = self.selection.position
        if position is None:
            return
        self.tree.reveal(*position)  # an element of a closed unit: its unit opens
        index = self.tree_model.element_index(*position)
        current = self.tree.currentIndex()
        if index.isValid() and (not current.isValid() or self.tree_model.position(current) != position):
            self.tree.setCurrentIndex(index)

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        # rows moving for an edit carry the tree's current row along: the selection follows the edit itself
        if current.isValid() and not self.tree_model.applying:
            self.selection.set(*self.tree_model.position(current))

    def _selection_changed(self) -> None:
        """Something else picked (the unit panel's or the cost panel's list, the form): the tree's current row
        follows, so what is highlighted is what Delete or Copy acts on (an edit's rows are synced after it)."""
        self._show_editor()
        if not self.tree_model.applying:
            self._sync_tree()

    def select(self, ui: int, ei: int | None) -> None:
        """Select a unit (``ei`` None) or an element: in the tree, and so in every panel."""
        if ei is not None and ei < 0:
            return
        self.selection.set(ui, ei)
        self._sync_tree()

    # --- keyboard (Tab and F6 across the panes: gui.panes) --------------------------------
    def _focus_changed(self, _old, new) -> None:
        """A field of the form or header taking focus lets Ctrl+Z reach the document's undo; any other
        field of the window does when it has nothing of its own to undo."""
        if not is_editor(new) or not self.isAncestorOf(new):
            return
        always = (self.form.isAncestorOf(new) or self.header.isAncestorOf(new)) and edits_the_document(new)
        other = self._empty_field_undo if always else self._undo_filter
        new.removeEventFilter(other)
        used = self._undo_filter if always else self._empty_field_undo
        new.removeEventFilter(used)
        new.installEventFilter(used)

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002 - Qt's names
        """Tab and Shift+Tab in the builder: through its panes in reading order (:mod:`gui.panes`)."""
        if getattr(self, "is_ready", False) and not self.start.on_start_page and QApplication.focusWidget():
            if self.panes.tab(next):
                return True
        self._skip_empty_tab_bars()
        return super().focusNextPrevChild(next)

    def _skip_empty_tab_bars(self) -> None:
        """The tab bars Qt makes for tabbed panels stay, with no tab and out of sight, while the panels are
        hidden: out of the Tab order then (one invisible stop), in it again once they hold tabs."""
        for bar in self.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
            bar.setFocusPolicy(Qt.FocusPolicy.TabFocus if bar.count() else Qt.FocusPolicy.NoFocus)

    # --- window state --------------------------------------------------------------
    def _restore_geometry(self) -> None:
        geometry = settings.GEOMETRY.read()
        if geometry.isEmpty() or not self.restoreGeometry(geometry):
            self.setGeometry(first_start_geometry(self.screen().availableGeometry()))
        else:
            self._fit_on_screen()

    def _fit_on_screen(self) -> None:
        """A window saved on a larger screen (or at a lower scale factor) is shrunk to this one."""
        available = self.screen().availableGeometry()
        if self.isMaximized() or available.contains(self.frameGeometry()):
            return
        self.setGeometry(
            first_start_geometry(available)
            if not self.geometry().intersects(available)
            else self.geometry().intersected(available)
        )

    def _restore_settings(self) -> None:
        self._restore_geometry()
        splitter = settings.SPLITTER.read()
        if splitter.isEmpty() or not self.splitter.restoreState(splitter):
            self.splitter.setSizes(self._default_splitter_sizes())
        state = settings.WINDOW_STATE.read()
        if not state.isEmpty() and self.restoreState(state):
            self.reference.docks_sized = True  # the player's own dock sizes

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.is_ready:
            self.reference.fit_docks()  # a restored (or any) panel keeps to its third of the new size

    def save_settings(self) -> None:
        if self.start.on_start_page:
            self.start.hide_start_page()  # the panels the start page hid are saved as open
        settings.GEOMETRY.write(self.saveGeometry())
        settings.SPLITTER.write(self.splitter.saveState())
        settings.WINDOW_STATE.write(self.saveState())

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.is_ready:
            event.accept()
            return
        if not self.files.maybe_save() or not self.play.close_game():
            event.ignore()
            return
        self.save_settings()
        self.autosaver.clear()
        event.accept()
