"""Where Warbench starts: the last army again (File ▸ Reopen the last army at start, on by default) or,
with none, a start page: a new army of each system, Open…, the recent files with their folders and the
example armies. A part of :class:`gui.main_window.MainWindow`; the page is built only when shown."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDockWidget,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from warbench.gui import plain, settings
from warbench.gui.parts import make_action
from warbench.model.fileio import ArmyFileError, load_army
from warbench.model.i18n import label as data_label
from warbench.model.resources import examples_dir
from warbench.model.systems import system_names

if TYPE_CHECKING:  # pragma: no cover
    from PySide6.QtGui import QAction

    from warbench.gui.code_import import CodeImportActions
    from warbench.gui.document import ArmyDocument


def example_armies() -> list[tuple[Path, str, str]]:
    """(path, army name, system id) of every example army shipped in resources/examples."""
    out = []
    for path in sorted(examples_dir().glob("*.army.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            out.append((path, str(data["name"]), str(data["system"])))
        except (OSError, ValueError, KeyError, TypeError):
            continue  # a damaged example is left out, never a broken start
    return out


class StartPage(QWidget):
    """New army per system, Open…, recent files (with their folders) and example armies."""

    newRequested = Signal(str)  # system id
    openRequested = Signal()
    importRequested = Signal()  # File ▸ Import from Text…
    fileRequested = Signal(str)  # a recent file's path
    exampleRequested = Signal(str)  # an example army's path (opened as an unsaved copy)
    backRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("startPage")
        title = QLabel(self.tr("<h1>Warbench</h1>"))
        intro = QLabel(self.tr("Start a new army, or open one you have."))
        new_box = QGroupBox(self.tr("New army"))
        new_layout = QVBoxLayout(new_box)
        self.new_buttons: dict[str, QPushButton] = {}
        for sid, name in system_names().items():
            button = QPushButton(name)
            button.setObjectName(f"new_{sid}")
            button.setToolTip(self.tr("A new {system} army").format(system=name))
            button.clicked.connect(lambda _=False, s=sid: self.newRequested.emit(s))
            new_layout.addWidget(button)
            self.new_buttons[sid] = button
        new_layout.addStretch(1)
        self.open_button = QPushButton(self.tr("Open…"))
        self.open_button.setObjectName("openButton")
        self.open_button.clicked.connect(self.openRequested)
        new_layout.addWidget(self.open_button)
        self.import_button = QPushButton(self.tr("Import from Text…"))
        self.import_button.setObjectName("importTextButton")
        self.import_button.setToolTip(
            self.tr("Open the army of an army code pasted from a forum post or chat (or press Ctrl+V)")
        )
        self.import_button.clicked.connect(self.importRequested)
        new_layout.addWidget(self.import_button)
        recent_box = QGroupBox(self.tr("Recent armies and games"))
        self.recent = QListWidget()
        self.recent.setObjectName("recentList")
        self.recent.setAccessibleName(self.tr("Recent armies and games"))
        self.recent.setSpacing(3)  # each file's name and folder (two lines) apart from the next
        self.recent.itemActivated.connect(lambda item: self.fileRequested.emit(item.data(Qt.ItemDataRole.UserRole)))
        self.no_recent = QLabel(self.tr("None yet: armies and games you open or save are listed here."))
        self.no_recent.setWordWrap(True)
        recent_layout = QVBoxLayout(recent_box)
        recent_layout.addWidget(self.recent)
        recent_layout.addWidget(self.no_recent)
        recent_layout.addStretch(1)  # with no recent file, its note sits at the top, as the lists' first lines do
        example_box = QGroupBox(self.tr("Example armies"))
        self.examples = QListWidget()
        self.examples.setObjectName("exampleList")
        self.examples.setAccessibleName(self.tr("Example armies"))
        self.examples.setSpacing(3)  # each army's name and system (two lines) apart from the next
        self.examples.itemActivated.connect(
            lambda item: self.exampleRequested.emit(item.data(Qt.ItemDataRole.UserRole))
        )
        QVBoxLayout(example_box).addWidget(self.examples)
        names = system_names()
        for path, english, sid in example_armies():
            army = data_label(english)  # an example's name in the window's language (model/i18n.py)
            item = QListWidgetItem(f"{army}\n{names.get(sid, sid)}")
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            item.setToolTip(
                plain.tip(
                    self.tr("{army} ({system})\nOpens a copy of {file}: save it where you like").format(
                        army=army, system=names.get(sid, sid), file=path.name
                    )
                )
            )
            self.examples.addItem(item)
        for listing in (self.recent, self.examples):  # never sideways: a long line ends in … (its tooltip has it all)
            listing.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            listing.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.reopen = QCheckBox(self.tr("Reopen the last army when Warbench starts"))
        self.reopen.setObjectName("reopenLast")
        self.reopen.setChecked(settings.REOPEN_LAST.read())
        self.reopen.toggled.connect(settings.REOPEN_LAST.write)
        self.back = QPushButton(self.tr("Back to the army"))
        self.back.setObjectName("backToArmy")
        self.back.clicked.connect(self.backRequested)
        # the page's content: a readable block, centred on a big screen, the whole window on a small one
        self.content = QWidget()
        self.content.setObjectName("startContent")
        em = self.fontMetrics().averageCharWidth()
        self.content.setMaximumSize(em * 160, self.fontMetrics().height() * 40)
        across = QHBoxLayout()
        across.addStretch(1)
        across.addWidget(self.content, 100)  # grows to its maximum; what is left goes to the sides
        across.addStretch(1)
        outer = QVBoxLayout(self)
        outer.addStretch(1)
        outer.addLayout(across, 100)
        outer.addStretch(2)
        grid = QGridLayout(self.content)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(title, 0, 0, 1, 3)
        grid.addWidget(intro, 1, 0, 1, 3)
        grid.addWidget(new_box, 2, 0)
        grid.addWidget(recent_box, 2, 1)
        grid.addWidget(example_box, 2, 2)
        grid.addWidget(self.reopen, 3, 0, 1, 2)
        grid.addWidget(self.back, 3, 2, Qt.AlignmentFlag.AlignRight)
        grid.setColumnStretch(1, 2)
        grid.setColumnStretch(2, 2)
        grid.setRowStretch(2, 1)

    def refresh(self) -> None:
        """The recent files as they are now (missing ones said so and left disabled)."""
        self.recent.clear()
        for name in settings.RECENT_FILES.read():
            path = Path(name)
            missing = not path.is_file()
            shown = self.tr("{file}  (missing)").format(file=path.name) if missing else path.name
            item = QListWidgetItem(f"{shown}\n{path.parent}")
            item.setData(Qt.ItemDataRole.UserRole, name)
            item.setToolTip(plain.tip(name))
            if missing:
                item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.recent.addItem(item)
        self.recent.setVisible(self.recent.count() > 0)
        self.no_recent.setVisible(self.recent.count() == 0)
        self.reopen.setChecked(settings.REOPEN_LAST.read())
        first = next(
            (i for i in range(self.recent.count()) if self.recent.item(i).flags() & Qt.ItemFlag.ItemIsEnabled), None
        )
        if first is not None:
            self.recent.setCurrentRow(first)


class Armies(Protocol):
    """What the start page uses of the window's army: the one shown (and whether the window made it, not the
    player), keeping unsaved work, opening a file or the Open dialog, and showing a new army in its place."""

    document: ArmyDocument
    placeholder: ArmyDocument | None

    def maybe_save(self) -> bool: ...
    def open_file(self, path: str | Path, ask: bool = True) -> bool: ...
    def open_dialog(self) -> None: ...
    def show_new_army(self, document: ArmyDocument) -> None: ...


class StartPageActions(QObject):
    """File ▸ Start Page, and where the window starts: a part of the window, given the window (status bar,
    dialogs' parent), its army (``armies``), the stack of pages the start page joins, the panels it hides
    while shown, the menu it joins before which action, and Import from Text (``code_import``). (The class
    keeps its name: it is the context of its translated strings.)"""

    def __init__(
        self,
        window: QMainWindow,
        armies: Armies,
        pages: QStackedWidget,
        docks: dict[str, QDockWidget],
        menu: QMenu,
        before: QAction,
        code_import: CodeImportActions,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._armies = armies
        self._pages = pages
        self._docks = docks
        self._code_import = code_import
        self.start_page: StartPage | None = None
        self._panels_before_start: list[QDockWidget] = []  # the panels open when the start page was shown
        self._panel_in_front: QDockWidget | None = None
        self.action = make_action(window, self.tr("Start &Page"), self.show_start_page, None, "start_page")
        self.action.setToolTip(self.tr("New army per system, recent files and example armies"))
        menu.insertAction(before, self.action)

    def start_where_left_off(self) -> None:
        """At start: the last army again when the setting says so and it opens; else the start page."""
        recent = settings.RECENT_FILES.read()
        if settings.REOPEN_LAST.read() and recent and Path(recent[0]).is_file():
            if self._armies.open_file(recent[0], ask=False):
                return
        self.show_start_page()

    def show_start_page(self) -> None:
        if self.start_page is None:
            self.start_page = StartPage()
            self.start_page.newRequested.connect(self.new_army_of)
            self.start_page.openRequested.connect(self._armies.open_dialog)
            self.start_page.importRequested.connect(self._code_import.import_from_text)
            self._code_import.watch_paste(self.start_page)  # Ctrl+V of a post with an army code opens its army
            self.start_page.fileRequested.connect(lambda path: self._armies.open_file(path))
            self.start_page.exampleRequested.connect(self.open_example)
            self.start_page.backRequested.connect(self.hide_start_page)
            self._pages.addWidget(self.start_page)
        self.start_page.refresh()
        self.start_page.back.setVisible(self.has_army)
        if not self.on_start_page:  # the page gets the whole window; the open panels come back after it
            self._panels_before_start = [dock for dock in self._docks.values() if dock.toggleViewAction().isChecked()]
            self._panel_in_front = next((d for d in self._panels_before_start if d.widget().isVisible()), None)
            for dock in self._panels_before_start:
                dock.hide()
        self._pages.setCurrentWidget(self.start_page)
        self.start_page.new_buttons[next(iter(self.start_page.new_buttons))].setFocus(Qt.FocusReason.OtherFocusReason)

    def hide_start_page(self) -> None:
        self._pages.setCurrentIndex(0)
        panels, front = self._panels_before_start, self._panel_in_front
        self._panels_before_start, self._panel_in_front = [], None
        for dock in panels:
            dock.show()
        if front is not None:
            front.raise_()

    @property
    def has_army(self) -> bool:
        """An army the player made or opened is in the window (not the empty one made for the start page)."""
        doc = self._armies.document
        return doc is not self._armies.placeholder or doc.path is not None or doc.undo_stack.count() > 0

    @property
    def on_start_page(self) -> bool:
        return self.start_page is not None and self._pages.currentWidget() is self.start_page

    def new_army_of(self, system_id: str) -> None:
        """The start page's New army buttons: an army of that system, with the default limit."""
        from warbench.gui.document import (
            ArmyDocument,
        )  # lazy: loaded after the window's first paint (MainWindow._build)

        if not self._armies.maybe_save():
            return
        self._armies.show_new_army(ArmyDocument.new(system_id, self.tr("New army"), 1000, self._window))

    def open_example(self, path: str) -> None:
        """An example army as an unsaved copy: saving asks where (the shipped file is never written)."""
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)
        from warbench.gui.document import (
            ArmyDocument,
        )  # lazy: loaded after the window's first paint (MainWindow._build)

        if not self._armies.maybe_save():
            return
        try:
            army = load_army(path)
        except ArmyFileError as exc:
            dialogs.show_error(self._window, self.tr("Cannot open the example"), "\n".join(exc.shown))
            return
        army = army.model_copy(update={"name": data_label(army.name)})  # the copy's name, the player's to keep
        self._armies.show_new_army(ArmyDocument(army, None, self._window))
        self._window.statusBar().showMessage(
            self.tr("Opened a copy of the example {file}").format(file=Path(path).name), 4000
        )
