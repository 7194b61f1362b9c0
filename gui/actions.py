"""The main window's actions: File/Edit/Army menus, the tree toolbar, undo/redo, and the edit slots
they trigger. A part of :class:`gui.main_window.MainWindow`, given the army, the selection and the tree the
window owns."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QCoreApplication, QMimeData, QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit, QMainWindow, QMenu, QToolBar
from shiboken6 import isValid

from warbench.gui import plain, settings
from warbench.gui.parts import make_action
from warbench.model.edits import EditRefused
from warbench.model.fileio import ArmyFileError
from warbench.model.i18n import in_sentence
from warbench.model.i18n import label as data_label
from warbench.model.pdf.documents import DOCUMENTS

if TYPE_CHECKING:  # pragma: no cover
    from warbench.gui.army_tree import ArmyTreeModel
    from warbench.gui.document import ArmyDocument
    from warbench.gui.element_form import ElementForm
    from warbench.gui.file_controller import FileController
    from warbench.gui.selection import Selection


class WindowActions(QObject):
    """Menus, toolbar actions and the edits behind them: a part of the window, given the window (its menu bar and
    status bar, Quit; dialogs' and actions' parent), a reader of its army, its selection and ``select``, the
    army tree with a reader of its model, the tree's toolbars, the element form (Add Element types the name),
    the file handling the File menu runs, the window's edit runner, the library's Edit actions and the army
    code's paste (Paste of a post with an army code). (The class keeps its name: it is the context of its
    translated strings.)"""

    def __init__(
        self,
        window: QMainWindow,
        *,
        document: Callable[[], ArmyDocument],
        selection: Selection,
        select: Callable[[int, int | None], None],
        tree: QAbstractItemView,
        tree_model: Callable[[], ArmyTreeModel],
        toolbars: tuple[QToolBar, QToolBar],
        form: ElementForm,
        files: FileController,
        edit: Callable[..., object],
        library_actions: list[QAction],
        paste_army_code: Callable[[str], bool],
    ):
        super().__init__(window)
        self._window = window
        self._document = document
        self._selection = selection
        self._select = select
        self._tree = tree
        self._tree_model = tree_model
        self._toolbars = toolbars
        self._form = form
        self._files = files
        self._run_edit = edit
        self._library_actions = library_actions
        self._paste_army_code = paste_army_code
        self._make_actions()
        tree.customContextMenuRequested.connect(self.show_tree_menu)

    def _action(self, text: str, slot, shortcut=None, name: str = "") -> QAction:
        return make_action(self._window, text, slot, shortcut, name)

    def _make_actions(self) -> None:
        bar = self._window.menuBar()
        file = self.file_menu = bar.addMenu(self.tr("&File"))
        self.new_action = self._action(self.tr("&New…"), self._files.new_army, QKeySequence.StandardKey.New, "new")
        self.open_action = self._action(
            self.tr("&Open…"), self._files.open_dialog, QKeySequence.StandardKey.Open, "open"
        )
        self.save_action = self._action(self.tr("&Save Army"), self._files.save, QKeySequence.StandardKey.Save, "save")
        self.save_as_action = self._action(
            self.tr("Save &As…"), self._files.save_as, QKeySequence.StandardKey.SaveAs, "save_as"
        )
        file.addActions([self.new_action, self.open_action])
        file.addMenu(self._files.recent_menu)
        file.addSeparator()
        file.addActions([self.save_action, self.save_as_action])
        self.print_preview_action = self._action(
            self.tr("Print Pre&view…"), self._files.print_preview, "Ctrl+P", "print_preview"
        )
        self.print_action = self._action(self.tr("&Print…"), self._files.print_document, "Ctrl+Shift+P", "print")
        file.addSeparator()
        file.addActions([self.print_preview_action, self.print_action])
        self.export_menu = file.addMenu(self.tr("&Export"))
        self.export_actions: dict[str, QAction] = {}  # a document's key (model/pdf/documents.py) → its item
        for doc in DOCUMENTS:
            action = self._action(
                QCoreApplication.translate("printing", doc.export_text),
                lambda _=False, k=doc.key: self._files.export_document(k),
                doc.shortcut or None,
                f"export_{doc.key}",
            )
            self.export_actions[doc.key] = action
            self.export_menu.addAction(action)
        self._make_print_options(self.export_menu)
        file.addSeparator()
        file.addAction(self._action(self.tr("&Quit"), self._window.close, QKeySequence.StandardKey.Quit, "quit"))

        self.edit_menu = bar.addMenu(self.tr("&Edit"))
        self.add_unit_action = self._action(self.tr("Add &Unit"), self.add_unit, "Ctrl+Shift+N", "add_unit")
        self.add_element_action = self._action(self.tr("Add &Element"), self.add_element, "Ctrl+E", "add_element")
        self.duplicate_action = self._action(self.tr("&Duplicate"), self.duplicate, "Ctrl+D", "duplicate")
        # Cut/Copy/Paste act on the army tree while it has the focus (or from a menu): in a text field,
        # the same keys edit the text
        self.cut_action = self._action(self.tr("Cu&t"), self.cut, "Ctrl+X", "cut")
        self.copy_action = self._action(self.tr("&Copy"), self.copy_selection, "Ctrl+C", "copy")
        self.paste_action = self._action(self.tr("&Paste"), self.paste, "Ctrl+V", "paste")
        for action, tip in (
            (self.cut_action, self.tr("Cut the selected unit or element (Ctrl+X in the army tree)")),
            (
                self.copy_action,
                self.tr("Copy the selected unit or element, to paste here or into another army (Ctrl+C)"),
            ),
            (self.paste_action, self.tr("Paste units or elements copied from an army of this system (Ctrl+V)")),
        ):
            action.setToolTip(tip)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self._tree.addAction(action)
        self.delete_action = self._action(self.tr("De&lete"), self.delete, QKeySequence.StandardKey.Delete, "delete")
        self.rename_action = self._action(self.tr("&Rename"), self.rename, "Ctrl+R", "rename")
        self.rename_action.setToolTip(self.tr("Rename the selected unit or element (Ctrl+R, or double-click it)"))
        self.move_up_action = self._action(self.tr("Move &Up"), lambda: self.move_selected(-1), "Ctrl+Up", "move_up")
        self.move_down_action = self._action(
            self.tr("Move Do&wn"), lambda: self.move_selected(1), "Ctrl+Down", "move_down"
        )
        for row, action, short in (
            (0, self.add_unit_action, self.tr("+ Unit")),
            (0, self.add_element_action, self.tr("+ Element")),
            (1, self.duplicate_action, self.tr("Duplicate")),
            (1, self.delete_action, self.tr("Delete")),
            (1, self.move_up_action, "▲"),
            (1, self.move_down_action, "▼"),
        ):
            action.setIconText(short)
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)  # "Strg+E" in German
            action.setToolTip(f"{action.text().replace('&', '')} ({keys})")
            self._toolbars[row].addAction(action)
            # said by its name, not its text: "▲" is read as a symbol
            self._toolbars[row].widgetForAction(action).setAccessibleName(action.text().replace("&", ""))
        self.copy_text_menu = QMenu(self.tr("Copy Army as &Text"), self._window)
        self.copy_text_menu.setObjectName("copy_text_menu")
        for fmt, label, shortcut in (
            ("plain", self.tr("&Plain Text"), "Ctrl+Shift+C"),
            ("markdown", self.tr("&Markdown"), None),
            ("bbcode", self.tr("&BBCode (forums)"), None),
        ):
            action = self._action(label, lambda _=False, f=fmt: self.copy_army_text(f), shortcut, f"copy_text_{fmt}")
            self.copy_text_menu.addAction(action)
        self.army_menu = bar.addMenu(self.tr("&Army"))
        self.help_menu = bar.addMenu(self.tr("&Help"))
        self.shortcuts_action = self._action(self.tr("&Keyboard Shortcuts"), self.show_shortcuts, "Ctrl+/", "shortcuts")
        self.shortcuts_action.setToolTip(self.tr("Every key of every action, generated from the menus (Ctrl+/)"))
        self.help_menu.addAction(self.shortcuts_action)
        self.about_action = self._action(self.tr("&About Warbench"), self.show_about, name="about")
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.help_menu.addAction(self.about_action)
        self._files.refresh_recent()

    def show_about(self) -> None:
        from warbench.gui import dialogs  # only when asked: its dialogs are not needed to start

        dialogs.show_about(self._window)

    def _make_print_options(self, menu: QMenu) -> None:
        """The remembered paper/layout choices (gui.printing.OPTIONS) as checkable menu items."""
        from warbench.gui import printing  # lazy: after the window's first paint (deferred start)

        self.print_option_actions: list[tuple[printing.Option, object, QAction]] = []
        for option in printing.OPTIONS:
            menu.addSeparator()
            name = option.setting.key.rsplit("/", 1)[-1]
            group = QActionGroup(menu) if option.choices else None
            for value, label in option.choices or ((True, option.label),):
                label = printing.shown(label, value)
                action = menu.addAction(f"{printing.shown(option.label)}: {label}" if group else label)
                action.setCheckable(True)
                action.setObjectName(f"{name}_{value}" if group else name)
                if group:
                    group.addAction(action)
                    action.triggered.connect(lambda _=False, o=option, v=value: o.setting.write(v))
                else:
                    action.toggled.connect(lambda on, o=option: o.setting.write(on))
                self.print_option_actions.append((option, value, action))
        self.sync_print_options()

    def sync_print_options(self) -> None:
        """Check the menu items that match the remembered options (after the preview changed one), and
        name what File ▸ Print… prints."""
        from warbench.gui import printing  # lazy: after the window's first paint (deferred start)

        # File ▸ Print… always prints printing.PRINTED
        self.print_action.setText(printing.shown(printing.print_document(printing.PRINTED).print_text))
        for option, value, action in self.print_option_actions:
            action.blockSignals(True)
            action.setChecked(option.value() == value if option.choices else bool(option.value()))
            action.blockSignals(False)

    def install_undo_actions(self) -> None:
        """Undo/Redo follow the current document's stack through one QUndoGroup: one action per key,
        made once."""
        if getattr(self, "undo_group", None) is None:
            self.undo_group = QUndoGroup(self._window)
            self.undo_action = self.undo_group.createUndoAction(self._window, self.tr("Undo"))
            self.undo_action.setShortcuts(QKeySequence.StandardKey.Undo)
            self.undo_action.setObjectName("undo")
            self.redo_action = self.undo_group.createRedoAction(self._window, self.tr("Redo"))
            self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
            self.redo_action.setObjectName("redo")
            for action in (self.undo_action, self.redo_action):  # "Undo Rename unit NAME": a tip of user text
                action.changed.connect(lambda action=action: _tip_as_text(action))
            self.edit_menu.addActions([self.undo_action, self.redo_action])
            self.edit_menu.addSeparator()
            self.edit_menu.addActions(
                [
                    self.cut_action,
                    self.copy_action,
                    self.paste_action,
                    self.duplicate_action,
                ]
            )
            self.edit_menu.addSeparator()
            self.edit_menu.addActions(
                [
                    self.add_unit_action,
                    self.add_element_action,
                    self.rename_action,
                    self.delete_action,
                    self.move_up_action,
                    self.move_down_action,
                ]
            )
            self.edit_menu.addSeparator()
            self.edit_menu.addActions(self._library_actions)
            self.edit_menu.addSeparator()
            self.edit_menu.addMenu(self.copy_text_menu)
        stack = self._document().undo_stack
        for old in self.undo_group.stacks():
            if old is not stack:
                self.undo_group.removeStack(old)
        self.undo_group.addStack(stack)
        self.undo_group.setActiveStack(stack)

    def show_shortcuts(self):
        """Help ▸ Keyboard Shortcuts: the list generated from this window's actions."""
        from warbench.gui.shortcuts import show_shortcuts  # lazy: not loaded at start (tests/gui/test_start_up.py)

        return show_shortcuts(self._window)

    def _format_names(self) -> dict[str, str]:
        """The text formats as a player names them, by ``warbench text``'s key."""
        return {"plain": self.tr("plain"), "markdown": self.tr("Markdown"), "bbcode": self.tr("BBCode")}

    def copy_army_text(self, fmt: str) -> str:
        """Put the army on the clipboard as text (``warbench text``), merged as the sheet is."""
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)
        from warbench.model.textexport import army_text  # lazy: not loaded at start (tests/gui/test_start_up.py)

        doc = self._document()
        try:
            text = army_text(doc.army, doc.system, fmt, merge=settings.MERGE_IDENTICAL.read())
        except ArmyFileError as exc:  # its code holds the army file: what cannot be saved cannot be copied
            dialogs.show_error(self._window, self.tr("Cannot copy the army as text"), "\n".join(exc.shown))
            return ""
        QApplication.clipboard().setText(text)
        self._window.statusBar().showMessage(
            (
                self.tr("Copied {name} as {format} text (1 line)")
                if len(text.splitlines()) == 1
                else self.tr("Copied {name} as {format} text ({count} lines)")
            ).format(name=doc.army.name, format=self._format_names()[fmt], count=len(text.splitlines())),
            5000,
        )
        return text

    def build_options_menu(self) -> None:
        """Army ▸ options generated from the system's declared options (choices and picks)."""
        self.army_menu.clear()
        self._options_system = self._document().system
        self.option_actions: dict[tuple[str, object], QAction] = {}
        options = self._document().army.options.model_dump(mode="json")
        for spec in self._document().system.schema.options_form:
            menu = self.army_menu.addMenu(data_label(spec.label))
            group = QActionGroup(menu) if spec.kind == "choice" else None
            for choice in spec.choices:
                label = data_label(spec.choice_labels.get(choice, str(choice)))  # a homebrew attribute's name, say
                action = menu.addAction(plain.action_text(label))
                action.setToolTip(plain.tip(label))
                action.setCheckable(True)
                action.setChecked(options.get(spec.key) == choice if group else choice in options.get(spec.key, []))
                if group:
                    group.addAction(action)
                action.triggered.connect(lambda checked, s=spec, c=choice: self._set_option(s, c, checked))
                self.option_actions[(spec.key, choice)] = action
        if not self._document().system.schema.options_form:  # said in the menu: a greyed-out "Army" read as broken
            self.army_menu.addAction(
                plain.action_text(self.tr("No army options in {system}").format(system=self._document().system.name))
            ).setEnabled(False)

    def _set_option(self, spec, choice, checked: bool) -> None:
        current = self._document().army.options.model_dump(mode="json")
        if spec.kind == "choice":
            value = choice
        else:
            value = [c for c in current.get(spec.key, []) if c != choice] + ([choice] if checked else [])
        self._run_edit(
            lambda: self._document().edit_options(
                self.tr("Change {option}").format(option=in_sentence(spec.label)), **{spec.key: value}
            )
        )

    def sync_options_menu(self) -> None:
        if self._document().system is not getattr(self, "_options_system", None):  # homebrew entries changed
            self.build_options_menu()
            return
        options = self._document().army.options.model_dump(mode="json")
        for (key, choice), action in getattr(self, "option_actions", {}).items():
            value = options.get(key)
            action.setChecked(value == choice if not isinstance(value, list) else choice in value)

    # --- edits -------------------------------------------------------------------
    def add_unit(self) -> None:
        units = self._document().army.units
        name = unused_name(self.tr("Unit"), [u.name for u in units], first=len(units) + 1)  # "Unit 3"
        if self._run_edit(lambda: self._document().add_unit(name), select=(len(units), 0)) is not None:
            self._type_the_name()  # its first element's, as Add Element does

    def add_element(self) -> None:
        if self._selection.position is None:
            return self.add_unit()
        ui = self._selection.position[0]
        elements = self._document().army.units[ui].elements
        name = unused_name(self.tr("New element"), [e.name for e in elements])
        if self._run_edit(lambda: self._document().add_element(ui, name), select=(ui, len(elements))) is not None:
            self._type_the_name()

    def _type_the_name(self) -> None:
        """After Add Unit or Add Element: the form's name field focused and selected, so typing names the element."""
        field = self._form.first_field()
        if isinstance(field, QLineEdit):
            field.setFocus(Qt.FocusReason.OtherFocusReason)
            field.selectAll()

    def duplicate(self) -> None:
        if self._selection.position is None:
            return
        ui, ei = self._selection.position
        if ei is None:
            self._run_edit(lambda: self._document().duplicate_unit(ui), select=(ui + 1, None))
        else:
            self._run_edit(lambda: self._document().duplicate_element(ui, ei), select=(ui, ei + 1))

    def delete(self) -> None:
        if self._selection.position is None:
            return
        ui, ei = self._selection.position
        if ei is None:
            self._run_edit(lambda: self._document().delete_unit(ui))
        else:
            self._run_edit(lambda: self._document().delete_element(ui, ei))

    def rename(self) -> None:
        if self._selection.position is not None:
            self._tree.setFocus()
            self._tree.edit(self._tree_model().element_index(*self._selection.position))

    def move_selected(self, delta: int) -> None:
        """Up/down among its siblings; an element at either end of its unit moves on to the
        neighbouring unit, and where there is none the status bar says why nothing moved."""
        if self._selection.position is None:
            return
        ui, ei = self._selection.position
        units = self._document().army.units
        if ei is None:
            if not 0 <= ui + delta < len(units):
                first, last = self.tr("{name} is already the first unit"), self.tr("{name} is already the last unit")
                self._window.statusBar().showMessage((first if delta < 0 else last).format(name=units[ui].name), 4000)
                return
            self._run_edit(lambda: self._document().move_unit(ui, delta), select=(ui + delta, None))
            return
        if 0 <= ei + delta < len(units[ui].elements):
            self._run_edit(lambda: self._document().move_element(ui, ei, delta), select=(ui, ei + delta))
            return
        to_ui = ui + delta
        if not 0 <= to_ui < len(units):
            name = units[ui].elements[ei].name
            first = self.tr("{name} is already the first element of the first unit")
            last = self.tr("{name} is already the last element of the last unit")
            self._window.statusBar().showMessage((first if delta < 0 else last).format(name=name), 4000)
            return
        to_ei = len(units[to_ui].elements) if delta < 0 else 0
        self._run_edit(lambda: self._document().transfer_element(ui, ei, to_ui, to_ei), select=(to_ui, to_ei))

    # --- clipboard and the tree's context menu -------------------------------------------
    def copy_selection(self) -> bool:
        """Put the selected unit or element on the clipboard as JSON (pasted into any army of this system)."""
        from warbench.model import clipboard  # lazy: not loaded at start (tests/gui/test_start_up.py)

        position = self._valid_selection()
        if position is None:
            message = self.tr("Select a unit or an element in the army tree to copy it")
            self._window.statusBar().showMessage(message, 4000)
            return False
        clip = clipboard.copy(self._document().army, [position], self._document().system)
        text = clip.to_json()
        mime = QMimeData()
        mime.setText(text)
        mime.setData(clipboard.MIME, QByteArray(text.encode("utf-8")))
        QApplication.clipboard().setMimeData(mime)
        self._window.statusBar().showMessage(self.tr("Copied {what}").format(what=clip.label), 4000)
        return True

    def cut(self) -> None:
        """Copy, then delete (one undo step: the delete)."""
        if self.copy_selection():
            self.delete()

    def paste(self) -> None:
        """Paste the clipboard's units or elements after the selection (one undo step); another system's are
        refused with a message."""
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)
        from warbench.model import clipboard  # lazy: not loaded at start (tests/gui/test_start_up.py)

        mime = QApplication.clipboard().mimeData()
        if mime is not None and mime.hasFormat(clipboard.MIME):
            text = bytes(mime.data(clipboard.MIME).data()).decode("utf-8", "replace")
        else:
            text = mime.text() if mime is not None else ""
        doc = self._document()
        try:
            clip = clipboard.parse(text)
            if clip is None and self._paste_army_code(text):  # a post with an army code: its army opens
                return
            if clip is None:
                self._window.statusBar().showMessage(
                    self.tr("Nothing to paste: copy a unit or an element first (Ctrl+C in the army tree)"), 5000
                )
                return
            after, where = clipboard.paste(doc.army, clip, self._valid_selection())
        except EditRefused as exc:
            dialogs.show_error(self._window, self.tr("Cannot paste"), "\n".join(exc.problems))
            return
        self._run_edit(
            lambda: doc.apply(lambda _army: after, self.tr("Paste {label}").format(label=clip.label)), select=where[0]
        )

    def _valid_selection(self) -> tuple[int, int | None] | None:
        position = self._selection.position
        units = self._document().army.units
        if position is None or position[0] >= len(units):
            return None
        if position[1] is not None and position[1] >= len(units[position[0]].elements):
            return None
        return position

    def tree_menu(self, pos=None) -> QMenu:
        """The army tree's context menu (right-click selects the row under the pointer first)."""
        if pos is not None:
            index = self._tree.indexAt(pos)
            if index.isValid():
                self._select(*self._tree_model().position(index))
        menu = QMenu(self._window)
        menu.setObjectName("treeMenu")
        groups = (
            (self.cut_action, self.copy_action, self.paste_action, self.duplicate_action),
            (self.rename_action, self.delete_action),
            (self.move_up_action, self.move_down_action),
            (self.add_element_action, self.add_unit_action),
        )
        for group in groups:
            if not menu.isEmpty():
                menu.addSeparator()
            menu.addActions(list(group))
        return menu

    def show_tree_menu(self, pos) -> None:
        menu = self.tree_menu(pos)
        menu.aboutToHide.connect(menu.deleteLater)  # after its action has run
        menu.popup(self._tree.viewport().mapToGlobal(pos))


def unused_name(stem: str, taken: list[str], first: int | None = None) -> str:
    """A name no other takes: ``stem`` ("New element"), else with the first free number from 2 ("New element
    2"); with ``first``, always numbered, from ``first`` on ("Unit 3")."""
    names = set(taken)
    if first is None and stem not in names:
        return stem
    number = 2 if first is None else first
    while f"{stem} {number}" in names:
        number += 1
    return f"{stem} {number}"


def _tip_as_text(action: QAction) -> None:
    """An action's tool tip is its text unless set: set it to the text, as text (once per change)."""
    if not isValid(action):  # a change told while the window is taken down
        return
    tip = plain.tip(action.text())
    if action.toolTip() != tip:
        action.setToolTip(tip)
