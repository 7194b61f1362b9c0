"""The personal library in the window: homebrew entries and designs in the app-data folder.

The folder comes from Qt (``QStandardPaths.AppDataLocation``/library) and is handed to
``model.library.Library``; the files are plain JSON, one per design.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QStandardPaths, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from warbench.gui import plain
from warbench.gui.parts import make_action
from warbench.model.fileio import ArmyFileError, load_army
from warbench.model.homebrew import HomebrewError, homebrew_of
from warbench.model.homebrew_edits import homebrew_word
from warbench.model.i18n import noun
from warbench.model.library import Library, LibraryError, design_cost, importable_units, merge_sections
from warbench.model.systems.presentation import plural

if TYPE_CHECKING:  # pragma: no cover
    from warbench.gui.document import ArmyDocument
    from warbench.gui.selection import Selection


def library() -> Library:
    return Library(Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)) / "library")


#: a pick dialog's extra button: (label, object name, what it does to the current row's payload). The
#: callback returns None when nothing changed, else (the new rows, the label of the row to select or None)
PickAction = tuple[str, str, Callable[[Any], tuple[list, str | None] | None]]


class PickDialog(QDialog):
    """A searchable list of rows (label, detail, payload); checkboxes when several may be picked; optional
    buttons acting on the current row (rename, delete), after which the list is filled again."""

    def __init__(
        self,
        title: str,
        rows: Sequence[tuple[Any, str, Any]],
        multi: bool,
        note: str = "",
        parent=None,
        actions: tuple[PickAction, ...] = (),
    ):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setObjectName("pickDialog")
        self.multi = multi
        self.search = QLineEdit()
        self.search.setObjectName("search")
        self.search.setAccessibleName(self.tr("Search by name"))
        self.search.setClearButtonEnabled(True)
        self.search.setPlaceholderText(self.tr("Search by name…"))
        self.search.textChanged.connect(self._filter)
        self.list = QListWidget()
        self.list.setObjectName("rows")
        self.list.setAccessibleName(title)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        self.action_buttons: dict[str, QPushButton] = {}
        action_row = QHBoxLayout()
        for label, name, run in actions:
            button = QPushButton(label)
            button.setObjectName(name)
            button.clicked.connect(lambda _=False, run=run: self._run(run))
            action_row.addWidget(button)
            self.action_buttons[name] = button
        action_row.addStretch(1)
        self.list.currentRowChanged.connect(lambda _row: self._update_actions())
        self.fill(rows)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        if note:
            note_label = plain.label(note)
            note_label.setWordWrap(True)
            layout.addWidget(note_label)
        layout.addWidget(self.search)
        layout.addWidget(self.list, 1)
        if actions:
            layout.addLayout(action_row)
        layout.addWidget(buttons)
        self.resize(560, 440)

    def fill(self, rows: Sequence[tuple[Any, str, Any]], select: str | None = None) -> None:
        """Show ``rows`` (the search still applies); the current row is the one labelled ``select``, or the first."""
        from warbench.model.search import Entry  # the search when a list is shown, not at start

        self.list.clear()
        self._entries = [Entry("row", str(i), label, "") for i, (label, _detail, _payload) in enumerate(rows)]
        for i, (label, detail, payload) in enumerate(rows):
            item = QListWidgetItem(f"{label}    {detail}" if detail else label)
            item.setData(Qt.ItemDataRole.UserRole, payload)
            item.setData(Qt.ItemDataRole.UserRole + 1, label)
            item.setData(Qt.ItemDataRole.UserRole + 2, str(i))  # its place in ``rows`` (and search id)
            if self.multi:
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Unchecked)
            self.list.addItem(item)
        self._filter(self.search.text())
        shown = [self.list.item(i) for i in range(self.list.count())]
        for row, item in enumerate(shown):
            if select is not None and item.data(Qt.ItemDataRole.UserRole + 1) == select and not item.isHidden():
                self.list.setCurrentRow(row)
        self._update_actions()

    def _run(self, run) -> None:
        current = self.list.currentItem()
        if current is None or current.isHidden():
            return
        changed = run(current.data(Qt.ItemDataRole.UserRole))
        if changed is not None:
            self.fill(*changed)

    def _update_actions(self) -> None:
        current = self.list.currentItem()
        for button in self.action_buttons.values():
            button.setEnabled(current is not None and not current.isHidden())

    def _filter(self, text: str) -> None:
        """Show the rows whose label matches ``text`` as the browsers search (forgiving hyphens, British
        spellings and typos), best match first and current; with no text, every row in its own order."""
        from warbench.model.search import query_words, search  # lazy: not loaded at start (tests/gui/test_start_up.py)

        items = [self.list.takeItem(0) for _ in range(self.list.count())]
        items.sort(key=lambda item: item.data(Qt.ItemDataRole.UserRole + 2))  # back to the order filled
        if query_words(text):
            found = {entry.id: rank for rank, entry in enumerate(search(self._entries, text))}
            items.sort(key=lambda item: found.get(item.data(Qt.ItemDataRole.UserRole + 2), len(found)))
        else:
            found = None
        for item in items:
            self.list.addItem(item)
            item.setHidden(found is not None and item.data(Qt.ItemDataRole.UserRole + 2) not in found)
        if items and not items[0].isHidden():
            self.list.setCurrentRow(0)
        self._update_actions()

    def picked(self) -> list:
        items = [self.list.item(i) for i in range(self.list.count())]
        if self.multi:
            return [i.data(Qt.ItemDataRole.UserRole) for i in items if i.checkState() == Qt.CheckState.Checked]
        current = self.list.currentItem()
        return [current.data(Qt.ItemDataRole.UserRole)] if current is not None and not current.isHidden() else []


def pick(
    parent: QWidget | None,
    title: str,
    rows: Sequence[tuple[Any, str, Any]],
    multi: bool,
    note: str = "",
    actions: tuple[PickAction, ...] = (),
) -> list:
    """The payloads the user picked ([] when cancelled)."""
    dialog = PickDialog(title, rows, multi, note, parent, actions)
    return dialog.picked() if dialog.exec() == QDialog.DialogCode.Accepted else []


class LibraryActions(QObject):
    """Edit ▸ Save to Library / Insert from Library… / Import Units from Army File…, the homebrew
    library behind the browsers' buttons, and the offer to keep an opened army's homebrew entries.
    A part of :class:`gui.main_window.MainWindow`, given the window (dialogs' parent, status bar), the
    army (read when used: File ▸ Open replaces it), the selection and how the window runs an edit
    (``edit(fn, select=...)``: a refused edit is shown). Its ``edit_actions`` are for the Edit menu.
    (The class keeps its name: it is the context of its translated strings.)"""

    def __init__(
        self,
        window: QMainWindow,
        document: Callable[[], ArmyDocument],
        selection: Selection,
        edit: Callable[..., object],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._document = document
        self._selection = selection
        self._edit = edit
        self.save_design_action = make_action(
            window, self.tr("Save to &Library"), self.save_design, "Ctrl+Shift+L", "save_design"
        )
        self.insert_design_action = make_action(
            window, self.tr("&Insert from Library…"), self.insert_design, "Ctrl+Shift+I", "insert_design"
        )
        self.import_units_action = make_action(
            window, self.tr("Import Units from Army &File…"), self.import_units, None, "import_units"
        )
        self.edit_actions = [self.save_design_action, self.insert_design_action, self.import_units_action]

    def _library_problem(self, title: str, exc: Exception) -> None:
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

        problems = getattr(exc, "shown", None) or getattr(exc, "problems", None) or [str(exc)]
        dialogs.show_error(self._window, title, "\n".join(problems))

    # --- homebrew ----------------------------------------------------------------------------
    def keep_homebrew(self, section: dict) -> None:
        """Copy homebrew entries into the personal library (after the user made or accepted them)."""
        try:
            library().add_homebrew(self._document().system, section)
        except (LibraryError, HomebrewError) as exc:
            self._library_problem(self.tr("Library not updated"), exc)

    def offer_homebrew(self) -> None:
        """After opening an army: offer to add its homebrew entries the library lacks."""
        doc = self._document()
        try:
            fresh = library().new_homebrew(doc.army.system, homebrew_of(doc.army))
        except LibraryError as exc:
            self._library_problem(self.tr("Library not read"), exc)
            return
        names = [e.get("name", e.get("id")) for entries in fresh.values() for e in entries]
        if not names:
            return  # the usual open: nothing to offer, so no dialog code to load
        from warbench.gui import dialogs  # only with entries to offer: the dialogs are not needed to open an army

        if dialogs.ask_add_homebrew(self._window, doc.army.name, names):
            self.keep_homebrew(fresh)

    def homebrew_from_library(self, browser: str) -> None:
        """The browsers' “From library…”: add library entries the army lacks (of the kinds that browser lists)."""
        doc = self._document()
        try:
            mine = library().homebrew(doc.army.system)
        except LibraryError as exc:
            self._library_problem(self.tr("Library not read"), exc)
            return
        kinds = doc.system.homebrew.homebrew_kinds() if doc.system.homebrew else ()
        keys = [k.key for k in kinds if k.browser == browser]
        rows = _missing_rows(doc, keys, mine)
        what = self.tr(" or ").join(plural(2, f"{homebrew_word(doc.system, key)[0]}s") for key in keys) or self.tr(
            "entries"
        )
        if not rows:
            self._window.statusBar().showMessage(
                self.tr("Your library has no other homebrew {what} for {name}").format(what=what, name=doc.system.name),
                5000,
            )
            return
        chosen = pick(self._window, self.tr("Homebrew {what} from your library").format(what=what), rows, multi=True)
        if chosen:
            self._add_homebrew(chosen)

    def _add_homebrew(self, chosen: list[tuple[str, dict]]) -> None:
        """Add the (kind key, entry) pairs picked from the library to the army's homebrew, as one edit."""
        doc = self._document()
        extra: dict = {}
        for key, entry in chosen:
            extra.setdefault(key, []).append(entry)
        merged, _clashes = merge_sections(doc.homebrew, extra)
        n = len(chosen)
        word = homebrew_word(doc.system, next(iter(extra)))[0]  # the system's word (rule data)
        what = plural(n, f"{word}s") if len(extra) == 1 else self.tr("entries")  # the model's plural forms
        text = self.tr("Add {count} homebrew {what} from the library").format(count=n, what=what)
        self._edit(lambda: doc.set_homebrew(merged, text))

    # --- designs -------------------------------------------------------------------------------
    def save_design(self) -> None:
        if self._selection.position is None:
            self._window.statusBar().showMessage(self.tr("Select a unit or an element to save it to the library"), 5000)
            return
        ui, ei = self._selection.position
        doc = self._document()
        kind, obj = ("unit", doc.army.units[ui]) if ei is None else ("element", doc.element(ui, ei))
        try:
            path = library().save_design(doc.army, doc.system, kind, obj)
        except LibraryError as exc:
            self._library_problem(self.tr("Not saved to the library"), exc)
            return
        saved = (
            self.tr("Saved unit {name} to the library ({file})")
            if ei is None
            else self.tr("Saved element {name} to the library ({file})")
        )
        self._window.statusBar().showMessage(saved.format(name=obj.name, file=path.name), 5000)

    def _design_rows(self) -> tuple[list, list[str]]:
        """The library's designs of the army's system as pick rows (each priced under the army's options),
        and the files that could not be read."""

        doc = self._document()
        designs, problems = library().designs(doc.army.system)
        rows = []
        for design in designs:
            try:
                cost = design_cost(design, doc.army)
                shown = f"{cost} {doc.system.presentation.currency}" if cost is not None else ""
            except ArmyFileError as exc:
                shown = self.tr("does not fit: {problem}").format(problem=exc.problems[0])
            rows.append((design.name, f"{design.kind} · {shown}".rstrip(" ·"), design))
        return rows, problems

    def rename_design(self, design) -> tuple[list, str | None] | None:
        """Rename a library design (the Insert dialog's Rename…); the new rows, or None when nothing changed."""
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

        name = dialogs.ask_text(
            self._window,
            self.tr("Rename design"),
            self.tr("New name for “{name}”:").format(name=design.name),
            design.name,
        )
        if name is None or not name.strip() or name.strip() == design.name:
            return None
        try:
            library().rename_design(design, name)
        except LibraryError as exc:
            self._library_problem(self.tr("Design not renamed"), exc)
            return None
        return self._design_rows()[0], name.strip()

    def delete_design(self, design) -> tuple[list, str | None] | None:
        """Delete a library design after asking (the Insert dialog's Delete…); the new rows, or None."""
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

        if not dialogs.ask_delete(
            self._window,
            self.tr("Delete design"),
            self.tr("Delete “{name}” from your library?").format(name=design.name),
        ):
            return None
        try:
            library().delete_design(design)
        except LibraryError as exc:
            self._library_problem(self.tr("Design not deleted"), exc)
            return None
        self._window.statusBar().showMessage(self.tr("Deleted {name} from the library").format(name=design.name), 5000)
        return self._design_rows()[0], None

    def insert_design(self) -> None:
        doc = self._document()
        rows, problems = self._design_rows()
        note = self.tr("{system} designs, priced under this army's options.").format(system=doc.system.name)
        if problems:
            note += self.tr("\nNot readable: {problems}").format(problems="; ".join(problems))
        if not rows:
            self._window.statusBar().showMessage(
                self.tr("Your library has no {system} designs yet").format(system=doc.system.name), 5000
            )
            return
        actions = (
            (self.tr("Rename…"), "renameDesign", self.rename_design),
            (self.tr("Delete…"), "deleteDesign", self.delete_design),
        )
        chosen = pick(self._window, self.tr("Insert from library"), rows, multi=False, note=note, actions=actions)
        if not chosen:
            return
        design = chosen[0]
        text = self.tr("Insert {name}").format(name=design.name)
        ui = self._selection.position[0] if self._selection.position is not None else None
        if ui is not None and ui >= len(doc.army.units):
            ui = None
        if design.kind == "unit" or ui is None:
            unit = design.design if design.kind == "unit" else {"name": design.name, "elements": [design.design]}
            self._edit(
                lambda: doc.insert_with_homebrew(design.homebrew, text, [unit]), select=(len(doc.army.units), None)
            )
        else:
            self._edit(
                lambda: doc.insert_with_homebrew(design.homebrew, text, element=(ui, design.design)),
                select=(ui, len(doc.army.units[ui].elements)),
            )

    def import_units(self) -> None:
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

        doc = self._document()
        path = dialogs.open_path(self._window, str(doc.path.parent) if doc.path else "")
        if not path:
            return
        try:
            rows = importable_units(load_army(path), doc.army)
        except ArmyFileError as exc:
            dialogs.show_error(self._window, self.tr("Cannot import units"), f"{path}\n\n" + "\n".join(exc.shown))
            return
        cur = doc.system.presentation.currency
        chosen = pick(
            self._window,
            self.tr("Import units"),
            [(u.name, f"{cost} {cur}" if cost is not None else "", (u, hb)) for u, cost, hb in rows],
            multi=True,
            note=self.tr("Units of {file}, priced under this army's options.").format(file=Path(path).name),
        )
        if not chosen:
            return
        homebrew: dict = {}
        for _unit, hb in chosen:
            homebrew, _clashes = merge_sections(homebrew, hb)
        units = [u.model_dump(mode="json") for u, _hb in chosen]
        first = len(doc.army.units)
        self._edit(
            lambda: doc.insert_with_homebrew(
                homebrew,
                self.tr("Import %n unit(s)", "", len(units)),
                units,
            ),
            select=(first, None),
        )


def _missing_rows(doc, keys: list[str], mine: dict) -> list[tuple[Any, str, tuple[str, dict]]]:
    """Pick rows for the library's homebrew entries of the kinds ``keys`` that the army lacks (by id): name,
    its kind's word where the browser lists more than one kind, and (kind key, entry)."""
    have = {e.get("id") for key in keys for e in doc.homebrew.get(key) or [] if isinstance(e, dict)}
    return [
        (e.get("name", e.get("id")), noun(homebrew_word(doc.system, key)[0]) if len(keys) > 1 else "", (key, e))
        for key in keys
        for e in mine.get(key) or []
        if isinstance(e, dict) and e.get("id") not in have
    ]
