"""The main window's actions: File/Edit/Army menus, the tree toolbar, undo/redo, and the edit slots
they trigger. A mixin of :class:`gui.main_window.MainWindow`; it reads ``self.document`` and the
selection the window owns."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QMimeData, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QApplication, QLineEdit, QMenu
from shiboken6 import isValid

from warbench.gui import plain, settings
from warbench.gui.library import LibraryActions
from warbench.gui.parts import make_action
from warbench.gui.window_base import WindowBase
from warbench.model.edits import EditRefused
from warbench.model.fileio import ArmyFileError


class WindowActions(WindowBase):
    """Menus, toolbar actions and the edits behind them."""

    def _action(self, text: str, slot, shortcut=None, name: str = "") -> QAction:
        return make_action(self, text, slot, shortcut, name)

    def _make_actions(self) -> None:
        bar = self.menuBar()
        file = self.file_menu = bar.addMenu(self.tr("&File"))
        self.new_action = self._action(self.tr("&New…"), self.new_army, QKeySequence.StandardKey.New, "new")
        self.open_action = self._action(self.tr("&Open…"), self.open_dialog, QKeySequence.StandardKey.Open, "open")
        self.save_action = self._action(self.tr("&Save"), self.save, QKeySequence.StandardKey.Save, "save")
        self.save_as_action = self._action(
            self.tr("Save &As…"), self.save_as, QKeySequence.StandardKey.SaveAs, "save_as"
        )
        self.recent_menu = QMenu(self.tr("Open &Recent"), self)
        file.addActions([self.new_action, self.open_action])
        file.addMenu(self.recent_menu)
        file.addSeparator()
        file.addActions([self.save_action, self.save_as_action])
        self.print_preview_action = self._action(
            self.tr("Print Pre&view…"), self.print_preview, "Ctrl+P", "print_preview"
        )
        self.print_action = self._action(self.tr("&Print…"), self.print_document, "Ctrl+Shift+P", "print")
        file.addSeparator()
        file.addActions([self.print_preview_action, self.print_action])
        self.export_menu = file.addMenu(self.tr("&Export"))
        self.export_sheet_action = self._action(
            self.tr("Army &sheet (PDF)…"), self.export_sheet, "Ctrl+Shift+E", "export_sheet"
        )
        self.export_summary_action = self._action(
            self.tr("Roster s&ummary, one page (PDF)…"), self.export_summary, name="export_summary"
        )
        self.export_cards_action = self._action(
            self.tr("Reference &cards (PDF)…"), self.export_cards, name="export_cards"
        )
        self.export_tracker_action = self._action(
            self.tr("Game &tracker (PDF)…"), self.export_tracker, name="export_tracker"
        )
        self.export_menu.addActions(
            [self.export_sheet_action, self.export_summary_action, self.export_cards_action, self.export_tracker_action]
        )
        self._make_print_options(self.export_menu)
        file.addSeparator()
        file.addAction(self._action(self.tr("&Quit"), self.close, QKeySequence.StandardKey.Quit, "quit"))

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
            self.tree.addAction(action)
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
            self.tree_toolbars[row].addAction(action)
            # said by its name, not its text: "▲" is read as a symbol
            self.tree_toolbars[row].widgetForAction(action).setAccessibleName(action.text().replace("&", ""))
        self.copy_text_menu = QMenu(self.tr("Copy Army as &Text"), self)
        self.copy_text_menu.setObjectName("copy_text_menu")
        for fmt, label, shortcut in (
            ("plain", self.tr("&Plain Text"), "Ctrl+Shift+C"),
            ("markdown", self.tr("&Markdown"), None),
            ("bbcode", self.tr("&BBCode (forums)"), None),
        ):
            action = self._action(label, lambda _=False, f=fmt: self.copy_army_text(f), shortcut, f"copy_text_{fmt}")
            self.copy_text_menu.addAction(action)
        self.library = LibraryActions(self, document=lambda: self.document, selection=self.selection, edit=self._edit)
        self.army_menu = bar.addMenu(self.tr("&Army"))
        self.help_menu = bar.addMenu(self.tr("&Help"))
        self.shortcuts_action = self._action(self.tr("&Keyboard Shortcuts"), self.show_shortcuts, "Ctrl+/", "shortcuts")
        self.shortcuts_action.setToolTip(self.tr("Every key of every action, generated from the menus (Ctrl+/)"))
        self.help_menu.addAction(self.shortcuts_action)
        self.about_action = self._action(self.tr("&About Warbench"), self.show_about, name="about")
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.help_menu.addAction(self.about_action)
        self._refresh_recent()

    def show_about(self) -> None:
        from warbench.gui import dialogs  # only when asked: its dialogs are not needed to start

        dialogs.show_about(self)

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

        texts = {
            "sheet": self.tr("&Print army sheet…"),
            "summary": self.tr("&Print roster summary…"),
            "cards": self.tr("&Print reference cards…"),
            "tracker": self.tr("&Print game tracker…"),
        }
        self.print_action.setText(texts[printing.PRINTED])  # File ▸ Print… always prints this
        for option, value, action in self.print_option_actions:
            action.blockSignals(True)
            action.setChecked(option.value() == value if option.choices else bool(option.value()))
            action.blockSignals(False)

    def _install_undo_actions(self) -> None:
        """Undo/Redo follow the current document's stack through one QUndoGroup: one action per key,
        made once."""
        if getattr(self, "undo_group", None) is None:
            self.undo_group = QUndoGroup(self)
            self.undo_action = self.undo_group.createUndoAction(self, self.tr("Undo"))
            self.undo_action.setShortcuts(QKeySequence.StandardKey.Undo)
            self.undo_action.setObjectName("undo")
            self.redo_action = self.undo_group.createRedoAction(self, self.tr("Redo"))
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
            self.edit_menu.addActions(self.library.edit_actions)
            self.edit_menu.addSeparator()
            self.edit_menu.addMenu(self.copy_text_menu)
        stack = self.document.undo_stack
        for old in self.undo_group.stacks():
            if old is not stack:
                self.undo_group.removeStack(old)
        self.undo_group.addStack(stack)
        self.undo_group.setActiveStack(stack)

    def show_shortcuts(self):
        """Help ▸ Keyboard Shortcuts: the list generated from this window's actions."""
        from warbench.gui.shortcuts import show_shortcuts  # lazy: not loaded at start (tests/gui/test_start_up.py)

        return show_shortcuts(self)

    def _format_names(self) -> dict[str, str]:
        """The text formats as a player names them, by ``warbench text``'s key."""
        return {"plain": self.tr("plain"), "markdown": self.tr("Markdown"), "bbcode": self.tr("BBCode")}

    def copy_army_text(self, fmt: str) -> str:
        """Put the army on the clipboard as text (``warbench text``), merged as the sheet is."""
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)
        from warbench.model.textexport import army_text  # lazy: not loaded at start (tests/gui/test_start_up.py)

        doc = self.document
        try:
            text = army_text(doc.army, doc.system, fmt, merge=settings.MERGE_IDENTICAL.read())
        except ArmyFileError as exc:  # its code holds the army file: what cannot be saved cannot be copied
            dialogs.show_error(self, self.tr("Cannot copy the army as text"), "\n".join(exc.shown))
            return ""
        QApplication.clipboard().setText(text)
        self.statusBar().showMessage(
            (
                self.tr("Copied {name} as {format} text (1 line)")
                if len(text.splitlines()) == 1
                else self.tr("Copied {name} as {format} text ({count} lines)")
            ).format(name=doc.army.name, format=self._format_names()[fmt], count=len(text.splitlines())),
            5000,
        )
        return text

    def _build_options_menu(self) -> None:
        """Army ▸ options generated from the system's declared options (choices and picks)."""
        self.army_menu.clear()
        self._options_system = self.document.system
        self.option_actions: dict[tuple[str, object], QAction] = {}
        options = self.document.army.options.model_dump(mode="json")
        for spec in self.document.system.schema.options_form:
            menu = self.army_menu.addMenu(spec.label)
            group = QActionGroup(menu) if spec.kind == "choice" else None
            for choice in spec.choices:
                label = spec.choice_labels.get(choice, str(choice))  # a homebrew attribute's name, say
                action = menu.addAction(plain.action_text(label))
                action.setToolTip(plain.tip(label))
                action.setCheckable(True)
                action.setChecked(options.get(spec.key) == choice if group else choice in options.get(spec.key, []))
                if group:
                    group.addAction(action)
                action.triggered.connect(lambda checked, s=spec, c=choice: self._set_option(s, c, checked))
                self.option_actions[(spec.key, choice)] = action
        if not self.document.system.schema.options_form:  # said in the menu: a greyed-out "Army" read as broken
            self.army_menu.addAction(
                plain.action_text(self.tr("No army options in {system}").format(system=self.document.system.name))
            ).setEnabled(False)

    def _set_option(self, spec, choice, checked: bool) -> None:
        current = self.document.army.options.model_dump(mode="json")
        if spec.kind == "choice":
            value = choice
        else:
            value = [c for c in current.get(spec.key, []) if c != choice] + ([choice] if checked else [])
        self._edit(
            lambda: self.document.edit_options(
                self.tr("Change {option}").format(option=spec.label.lower()), **{spec.key: value}
            )
        )

    def _sync_options_menu(self) -> None:
        if self.document.system is not getattr(self, "_options_system", None):  # homebrew entries changed
            self._build_options_menu()
            return
        options = self.document.army.options.model_dump(mode="json")
        for (key, choice), action in getattr(self, "option_actions", {}).items():
            value = options.get(key)
            action.setChecked(value == choice if not isinstance(value, list) else choice in value)

    # --- edits -------------------------------------------------------------------
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

    def add_unit(self) -> None:
        units = self.document.army.units
        name = unused_name(self.tr("Unit"), [u.name for u in units], first=len(units) + 1)  # "Unit 3"
        if self._edit(lambda: self.document.add_unit(name), select=(len(units), 0)) is not None:
            self._type_the_name()  # its first element's, as Add Element does

    def add_element(self) -> None:
        if self.selected is None:
            return self.add_unit()
        ui = self.selected[0]
        elements = self.document.army.units[ui].elements
        name = unused_name(self.tr("New element"), [e.name for e in elements])
        if self._edit(lambda: self.document.add_element(ui, name), select=(ui, len(elements))) is not None:
            self._type_the_name()

    def _type_the_name(self) -> None:
        """After Add Unit or Add Element: the form's name field focused and selected, so typing names the element."""
        field = self.form.first_field()
        if isinstance(field, QLineEdit):
            field.setFocus(Qt.FocusReason.OtherFocusReason)
            field.selectAll()

    def duplicate(self) -> None:
        if self.selected is None:
            return
        ui, ei = self.selected
        if ei is None:
            self._edit(lambda: self.document.duplicate_unit(ui), select=(ui + 1, None))
        else:
            self._edit(lambda: self.document.duplicate_element(ui, ei), select=(ui, ei + 1))

    def delete(self) -> None:
        if self.selected is None:
            return
        ui, ei = self.selected
        if ei is None:
            self._edit(lambda: self.document.delete_unit(ui))
        else:
            self._edit(lambda: self.document.delete_element(ui, ei))

    def rename(self) -> None:
        if self.selected is not None:
            self.tree.setFocus()
            self.tree.edit(self.tree_model.element_index(*self.selected))

    def move_selected(self, delta: int) -> None:
        """Up/down among its siblings; an element at either end of its unit moves on to the
        neighbouring unit, and where there is none the status bar says why nothing moved."""
        if self.selected is None:
            return
        ui, ei = self.selected
        units = self.document.army.units
        if ei is None:
            if not 0 <= ui + delta < len(units):
                first, last = self.tr("{name} is already the first unit"), self.tr("{name} is already the last unit")
                self.statusBar().showMessage((first if delta < 0 else last).format(name=units[ui].name), 4000)
                return
            self._edit(lambda: self.document.move_unit(ui, delta), select=(ui + delta, None))
            return
        if 0 <= ei + delta < len(units[ui].elements):
            self._edit(lambda: self.document.move_element(ui, ei, delta), select=(ui, ei + delta))
            return
        to_ui = ui + delta
        if not 0 <= to_ui < len(units):
            name = units[ui].elements[ei].name
            first = self.tr("{name} is already the first element of the first unit")
            last = self.tr("{name} is already the last element of the last unit")
            self.statusBar().showMessage((first if delta < 0 else last).format(name=name), 4000)
            return
        to_ei = len(units[to_ui].elements) if delta < 0 else 0
        self._edit(lambda: self.document.transfer_element(ui, ei, to_ui, to_ei), select=(to_ui, to_ei))

    # --- clipboard and the tree's context menu -------------------------------------------
    def copy_selection(self) -> bool:
        """Put the selected unit or element on the clipboard as JSON (pasted into any army of this system)."""
        from warbench.model import clipboard  # lazy: not loaded at start (tests/gui/test_start_up.py)

        position = self._valid_selection()
        if position is None:
            self.statusBar().showMessage(self.tr("Select a unit or an element in the army tree to copy it"), 4000)
            return False
        clip = clipboard.copy(self.document.army, [position], self.document.system)
        text = clip.to_json()
        mime = QMimeData()
        mime.setText(text)
        mime.setData(clipboard.MIME, QByteArray(text.encode("utf-8")))
        QApplication.clipboard().setMimeData(mime)
        self.statusBar().showMessage(self.tr("Copied {what}").format(what=clip.label), 4000)
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
        doc = self.document
        try:
            clip = clipboard.parse(text)
            if clip is None and self.code_import.paste_army_code(text):  # a post with an army code: its army opens
                return
            if clip is None:
                self.statusBar().showMessage(
                    self.tr("Nothing to paste: copy a unit or an element first (Ctrl+C in the army tree)"), 5000
                )
                return
            after, where = clipboard.paste(doc.army, clip, self._valid_selection())
        except EditRefused as exc:
            dialogs.show_error(self, self.tr("Cannot paste"), "\n".join(exc.problems))
            return
        self._edit(
            lambda: doc.apply(lambda _army: after, self.tr("Paste {label}").format(label=clip.label)), select=where[0]
        )

    def _valid_selection(self) -> tuple[int, int | None] | None:
        position = self.selected
        units = self.document.army.units
        if position is None or position[0] >= len(units):
            return None
        if position[1] is not None and position[1] >= len(units[position[0]].elements):
            return None
        return position

    def tree_menu(self, pos=None) -> QMenu:
        """The army tree's context menu (right-click selects the row under the pointer first)."""
        if pos is not None:
            index = self.tree.indexAt(pos)
            if index.isValid():
                self.select(*self.tree_model.position(index))
        menu = QMenu(self)
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

    def _show_tree_menu(self, pos) -> None:
        menu = self.tree_menu(pos)
        menu.aboutToHide.connect(menu.deleteLater)  # after its action has run
        menu.popup(self.tree.viewport().mapToGlobal(pos))


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
