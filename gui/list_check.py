"""File ▸ Check Lists…: ``warbench check`` in the window (model/organiser.py; docs/organiser.md). A folder of an
event's army files and texts holding army codes is checked against the event's rules, and the report shown
as a table, sortable by any column; a row opens its army (a file as File ▸ Open does, a code as File ▸
Import from Text… does). A part of :class:`gui.main_window.MainWindow`; the dialog is built only when asked
for, and the model's check is imported then."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QMainWindow,
    QMenu,
    QProgressDialog,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from warbench.gui import plain, settings
from warbench.gui.i18n import whole
from warbench.gui.parts import make_action

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    from PySide6.QtGui import QAction

    from warbench.model.organiser import Checked, EventRules, ListRow

# the table's columns: the report's (docs/organiser.md), in the order an organiser reads a row: the result, the
# army and why it fails first, the file last (a folder's path would push the problems out of sight)
COLUMNS = (
    str(QT_TRANSLATE_NOOP("ListCheckModel", "Result")),
    str(QT_TRANSLATE_NOOP("ListCheckModel", "Army")),
    str(QT_TRANSLATE_NOOP("ListCheckModel", "Problems")),
    str(QT_TRANSLATE_NOOP("ListCheckModel", "Total")),
    str(QT_TRANSLATE_NOOP("ListCheckModel", "System")),
    str(QT_TRANSLATE_NOOP("ListCheckModel", "Fingerprint")),
    str(QT_TRANSLATE_NOOP("ListCheckModel", "Duplicate of")),
    str(QT_TRANSLATE_NOOP("ListCheckModel", "Source")),
)
TOTAL = COLUMNS.index("Total")
# the role the table sorts by (a total by its number, not its text)
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
# characters of a cell shown (the tool tip holds it all)
CELL_CHARS = 200


class _Cancelled(Exception):
    """The player stopped the check."""


class ListCheckModel(QAbstractTableModel):
    """The check's rows as a table (plain text; each cell's whole text in its tool tip)."""

    def __init__(self, rows: list[ListRow], folder: str = "", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows = rows
        self.folder = folder  # the folder checked: a source is shown from there (the whole path its tool tip)
        from warbench.model.systems import system_names

        self.system_names = system_names()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.tr(COLUMNS[section])
        return None

    def text(self, row: ListRow, column: int) -> str:
        """The whole text of a cell."""
        values = [
            self.tr("passes") if row.passes else self.tr("fails"),
            row.name,
            "\n".join(row.problems),
            row.total if row.total is not None else "",
            self.system_names.get(row.system, row.system),
            row.fingerprint,
            self.shown_source(row.duplicate_of),
            self.shown_source(row.source),
        ]
        return values[column]

    def shown_source(self, source: str) -> str:
        """A file (or a file's code, "mail.txt:3") from the folder checked; a path outside it whole."""
        if self.folder and source.startswith(self.folder.rstrip(os.sep) + os.sep):
            return source[len(self.folder.rstrip(os.sep)) + 1 :]
        return source

    def tip(self, row: ListRow, column: int) -> str:
        """A cell's tool tip: its whole text, a file's whole path, a system's id under its name."""
        if column == COLUMNS.index("Source"):
            return row.source
        if column == COLUMNS.index("Duplicate of"):
            return row.duplicate_of
        if column == COLUMNS.index("System") and row.system:
            return f"{self.text(row, column)} ({row.system})"
        return self.text(row, column)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = self.rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return plain.short(self.text(row, column).replace("\n", "; "), CELL_CHARS)
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain.tip(self.tip(row, column))
        if role == Qt.ItemDataRole.TextAlignmentRole and column == TOTAL:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == SORT_ROLE:
            if column == TOTAL:
                return _number(row.total)
            return self.text(row, column).casefold()
        return None


def _number(total: str | None) -> float:
    """A total as a number to sort by (none: below every total)."""
    try:
        return float(total) if total is not None else float("-inf")
    except ValueError:
        return float("-inf")


class ListCheckDialog(QDialog):
    """The event's rules, the report of the last check as a sortable table, and Open for the chosen row.
    ``run(rules)`` checks the folder again; ``openRequested`` carries the row to open."""

    openRequested = Signal(object)  # a model.organiser.ListRow

    def __init__(self, folder: str, run: Callable[[EventRules], Checked | None], parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("listCheckDialog")
        self.setWindowTitle(self.tr("Check Lists"))
        self._run = run
        self._folder = folder
        self.checked: Checked | None = None
        self.folder = plain.label(self.tr("Folder: {folder}").format(folder=folder))
        self.folder.setWordWrap(True)
        self._make_rules()
        self.summary = plain.label()
        self.summary.setObjectName("listCheckSummary")
        self.summary.setWordWrap(True)
        self.table = QTableView()
        self.table.setObjectName("listCheckTable")
        self.table.setAccessibleName(self.tr("Lists checked"))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table
        self.table.setSortingEnabled(True)
        self.table.setWordWrap(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.activated.connect(self._open_index)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSortRole(SORT_ROLE)
        self.table.setModel(self.proxy)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.open_button = QPushButton(self.tr("&Open Army"))
        self.open_button.setObjectName("openListButton")
        self.open_button.setToolTip(self.tr("Open the chosen list's army (or double-click its row, or press Enter)"))
        self.open_button.setEnabled(False)
        self.open_button.clicked.connect(self._open_current)
        buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.save_button = QPushButton(self.tr("Save &Report…"))
        self.save_button.setObjectName("saveReportButton")
        self.save_button.setToolTip(self.tr("Save the report as a web page, a spreadsheet (CSV) or JSON"))
        self.save_button.clicked.connect(self.save_report)
        buttons.addButton(self.save_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.folder)
        layout.addLayout(self.rules_row)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        self.resize(960, 560)

    def _make_rules(self) -> None:
        from warbench.model.systems import system_names

        self.system = QComboBox()
        self.system.setObjectName("eventSystem")
        self.system.setAccessibleName(self.tr("The event's system"))
        self.system.addItem(self.tr("Any system"), None)
        for system_id, name in system_names().items():
            self.system.addItem(name, system_id)
        self.limit = QSpinBox()
        self.limit.setObjectName("eventLimit")
        self.limit.setAccessibleName(self.tr("The event's points limit"))
        self.limit.setRange(0, 999_999_999)
        self.limit.setSpecialValueText(self.tr("Each army's own limit"))
        self.limit.setSingleStep(50)
        self.no_homebrew = QCheckBox(self.tr("No &homebrew"))
        self.no_homebrew.setObjectName("eventNoHomebrew")
        self.strict = QCheckBox(self.tr("&Warnings fail a list"))
        self.strict.setObjectName("eventStrict")
        self.again = QPushButton(self.tr("&Check Again"))
        self.again.setObjectName("checkAgainButton")
        self.again.clicked.connect(self.check)
        row = self.rules_row = QHBoxLayout()
        for text, widget in ((self.tr("&System:"), self.system), (self.tr("Points &limit:"), self.limit)):
            label = plain.label(text)
            label.setBuddy(widget)
            row.addWidget(label)
            row.addWidget(widget)
        for box in (self.no_homebrew, self.strict):
            row.addWidget(box)
        row.addStretch(1)
        row.addWidget(self.again)

    def rules(self) -> EventRules:
        from warbench.model.organiser import EventRules

        limit = self.limit.value() or None
        return EventRules(self.system.currentData(), limit, not self.no_homebrew.isChecked(), self.strict.isChecked())

    def check(self) -> bool:
        """Check the folder with the rules shown; False when the check was stopped."""
        checked = self._run(self.rules())
        if checked is None:
            return False
        self.show_checked(checked)
        return True

    def summary_text(self, checked: Checked) -> str:
        """How many lists, passing, failing, sharing a fingerprint, and texts left out."""
        rows = checked.rows
        failed = sum(not row.passes for row in rows)
        parts = [
            self.tr("Lists: {lists}; passing: {passed}; failing: {failed}").format(
                lists=whole(len(rows)), passed=whole(len(rows) - failed), failed=whole(failed)
            )
        ]
        duplicates = sum(bool(row.duplicate_of) for row in rows)
        if duplicates:
            parts.append(self.tr("sharing a fingerprint with another: {count}").format(count=whole(duplicates)))
        if checked.skipped:
            parts.append(self.tr("texts without an army code left out: {count}").format(count=whole(checked.skipped)))
        return "; ".join(parts)

    def show_checked(self, checked: Checked) -> None:
        self.checked = checked
        self.model = ListCheckModel(checked.rows, self._folder, self)
        self.proxy.setSourceModel(self.model)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.proxy.sort(-1)  # the order the lists were found in until a column's header is clicked
        self.table.selectionModel().currentRowChanged.connect(
            lambda current, _previous: self.open_button.setEnabled(current.isValid())
        )
        self.open_button.setEnabled(False)
        self.summary.setText(self.summary_text(checked))
        self.table.resizeColumnsToContents()
        for column in range(len(COLUMNS)):
            self.table.setColumnWidth(column, min(self.table.columnWidth(column), 320))

    def save_report(self) -> bool:
        """Save the report of the last check where the player says, in the format its suffix names."""
        import os

        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)
        from warbench.model.check_report import report
        from warbench.model.fileio import atomic_write

        if self.checked is None:
            return False
        path = dialogs.report_path(self, os.path.join(self._folder, "list-check.html"))
        if not path:
            return False
        try:
            atomic_write(path, report(self.checked, path.rsplit(".", 1)[-1].lower()).encode("utf-8"))
        except OSError as exc:
            dialogs.show_error(self, self.tr("Cannot save the report"), f"{path}\n\n{exc.strerror or exc}")
            return False
        return True

    def row_at(self, index: QModelIndex | QPersistentModelIndex) -> ListRow:
        return self.model.rows[self.proxy.mapToSource(index).row()]

    def _open_index(self, index: QModelIndex) -> None:
        if index.isValid():
            self.openRequested.emit(self.row_at(index))

    def _open_current(self) -> None:
        self._open_index(self.table.currentIndex())


class ListCheckActions(QObject):
    """File ▸ Check Lists…: a part of the window, given the window (the dialog's parent), the menu it joins
    before which action, and how the window opens an army file (``open_file``) and the army of a code
    (``open_code``). (The class keeps its name: it is the context of its translated strings.)"""

    def __init__(
        self,
        window: QMainWindow,
        menu: QMenu,
        before: QAction,
        open_file: Callable[[str], bool],
        open_code: Callable[[str], bool],
    ) -> None:
        super().__init__(window)
        self._window = window
        self._open_file = open_file
        self._open_code = open_code
        self.dialog: ListCheckDialog | None = None
        self.action = make_action(window, self.tr("Check &Lists…"), self.check_lists, None, "check_lists")
        self.action.setToolTip(
            self.tr(
                "Check every army file and army code in a folder against an event's rules: system, points "
                "limit, homebrew; duplicates named"
            )
        )
        menu.insertAction(before, self.action)

    def check_lists(self) -> bool:
        """Ask for a folder, check it, and show the report; False when no folder was chosen or it was stopped."""
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

        folder = dialogs.choose_folder(self._window, self.tr("Check the lists in a folder"), settings.army_folder())
        if not folder:
            return False
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
        dialog = self.dialog = ListCheckDialog(folder, lambda rules: self.run_check(folder, rules), self._window)
        dialog.openRequested.connect(self.open_row)
        if not dialog.check():
            return False
        dialog.show()
        return True

    def run_check(self, folder: str, rules: EventRules) -> Checked | None:
        """The check of ``folder``, a progress dialog showing how far it has come; None when stopped."""
        from warbench.model.organiser import check

        progress = QProgressDialog(self.tr("Checking the lists…"), self.tr("Stop"), 0, 0, self._window)
        progress.setWindowTitle(self.tr("Check Lists"))
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(400)

        def step(_what: str, done: int, total: int) -> None:
            progress.setMaximum(total)
            progress.setValue(done)
            QApplication.processEvents()
            if progress.wasCanceled():
                raise _Cancelled

        try:
            return check([folder], rules, step)
        except _Cancelled:
            return None
        finally:
            progress.close()
            progress.deleteLater()

    def open_row(self, row: ListRow) -> bool:
        """Open a row's army: its file, or the army of its code."""
        if row.code is not None:
            return self._open_code(row.code)
        return self._open_file(row.path)
