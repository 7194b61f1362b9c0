"""The main window's reference docks (Attributes, Spells, Dice) and the quick lookup. A part of
:class:`gui.main_window.MainWindow`: the docks' widgets are built on first show and refreshed only
while visible."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFrame,
    QLayout,
    QMainWindow,
    QMenu,
    QScrollArea,
    QStyle,
    QWidget,
)

from warbench.gui import i18n
from warbench.gui.parts import make_action
from warbench.model.homebrew import kind_of, section_key
from warbench.model.i18n import label as data_label
from warbench.model.systems.reference import ReferenceUse

if TYPE_CHECKING:  # pragma: no cover
    from PySide6.QtCore import SignalInstance

    from warbench.gui.balance_panel import BalancePanel
    from warbench.gui.dice_panel import DicePanel
    from warbench.gui.document import ArmyDocument
    from warbench.gui.library import LibraryActions
    from warbench.gui.matchup_panel import MatchupPanel
    from warbench.gui.reference import QuickLookup, ReferenceBrowser
    from warbench.gui.selection import Selection


DOCK_MIN_WIDTH = 240  # a panel narrower than this scrolls; the window's other parts keep their room


def _scrolling(widget: QWidget) -> QScrollArea:
    """A panel inside a scroll area: a short or narrow dock scrolls instead of forcing the window (and
    the element form beside it) to make room for the panel's whole layout."""
    area = QScrollArea()
    area.setObjectName(f"{widget.objectName()}Scroll")
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the panel's fields, not to their frame
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(widget)
    area.setMinimumWidth(DOCK_MIN_WIDTH)
    return area


class ReferenceDocks(QObject):
    """Attributes, Spells, Dice and Matchup docks plus the quick lookup: a part of the window, given the window
    (its dock area, menu bar, status bar, geometry; dialogs' parent), a reader of its army, its selection, the
    Help menu it joins, the window's edit runner and ``select``, the personal library (homebrew kept there),
    the builder's ``share_builder`` and ``builder_width`` (what the builder needs to stay readable), the
    signal of a newly shown army and the dice's random source. (The class keeps its name: it is the context of
    its translated strings.)"""

    def __init__(
        self,
        window: QMainWindow,
        *,
        document: Callable[[], ArmyDocument],
        selection: Selection,
        help_menu: QMenu,
        edit: Callable[..., object],
        select: Callable[[int, int | None], None],
        library: LibraryActions,
        share_builder: Callable[[], None],
        builder_width: Callable[[], int],
        replaced: SignalInstance,
        dice_rng: Any = None,
    ):
        """The docks' widgets are built when first shown and refreshed only while visible, so neither
        start-up nor editing pays for hidden panels."""
        super().__init__(window)
        self._window = window
        self._document = document
        self._selection = selection
        self._help_menu = help_menu
        self._run_edit = edit
        self._select = select
        self._library = library
        self._share_builder = share_builder
        self._builder_width = builder_width
        self._dice_rng = dice_rng
        self.dock_widgets: dict[str, QWidget] = {}
        self._stale: set[str] = set()
        self.docks: dict[str, QDockWidget] = {}
        view = self._window.menuBar().insertMenu(self._help_menu.menuAction(), QMenu(self.tr("&View"), self._window))
        self.view_menu = cast(QMenu, view.menu())
        self.dock_actions: dict[str, QAction] = {}
        for row in DOCKS:
            key, shortcut, title = row.key, row.shortcut, self.tr(row.title)
            dock = QDockWidget(title, self._window)
            dock.setObjectName(f"{key}Dock")
            dock.setWidget(QWidget())
            self._window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            action = self._action(title, lambda _=False, k=key: self.toggle_dock(k), shortcut, f"view_{key}")
            action.setToolTip(
                self.tr("Show the {panel} panel in front, ready to type ({key}); again to close it").format(
                    panel=title, key=shortcut
                )
            )
            self.view_menu.addAction(action)
            self.dock_actions[key] = action
            dock.visibilityChanged.connect(lambda visible, k=key: visible and self._refresh_dock(k))
            self.docks[key] = dock
            dock.hide()
        self.view_menu.addSeparator()
        self.view_menu.addMenu(i18n.language_menu(self._window, self._window.statusBar()))
        for first, then in zip(DOCKS, DOCKS[1:]):  # one tabbed area, in the table's order
            self._window.tabifyDockWidget(self.docks[first.key], self.docks[then.key])
        self._window.resizeDocks([self.docks["attributes"]], [440], Qt.Orientation.Horizontal)
        self.docks_sized = False
        self._spells_put_away = False  # the Spells panel was open when an army without spells hid it
        self._lookup: QuickLookup | None = None
        self.lookup_action = self._action(self.tr("&Quick lookup…"), self.quick_lookup, "Ctrl+K", "quick_lookup")
        self._help_menu.addAction(self.lookup_action)
        self.rule_action = self._action(
            self.tr("Full &Rule of the Focused Line"), self.open_rule_here, "F1", "open_rule"
        )
        self.rule_action.setToolTip(
            self.tr(
                "The full rule of the attribute, spell or cost line that has the keyboard focus, in its browser (F1)"
            )
        )
        self._help_menu.addAction(self.rule_action)
        # at idle once an army is shown (never before "ready"): the first keystroke of a search builds nothing
        replaced.connect(lambda: QTimer.singleShot(0, self, self._prepare_search))
        selection.changed.connect(self._selection_changed)

    def _action(self, text: str, slot: Callable[..., Any], shortcut: Any, name: str) -> QAction:
        return make_action(self._window, text, slot, shortcut, name)

    def _selection_changed(self) -> None:
        """Add to Element in the attributes browser (once built) only while an element is selected."""
        if "attributes" in self.dock_widgets:
            position = self._selection.position
            self.attribute_browser.set_can_add(position is not None and position[1] is not None)

    def _prepare_search(self, kinds: tuple[str | None, ...] = (None, "attribute", "spell")) -> None:
        """Index the lists the quick lookup, the browsers and the attribute picker search
        (:func:`model.search.prepare`), one per turn of the event loop so that typing is never held up."""
        from warbench.model.search import entries_of, prepare  # lazy: not loaded at start (tests/gui/test_start_up.py)

        prepare(entries_of(self._document().system, kinds[0]))
        if kinds[1:]:
            QTimer.singleShot(0, self, partial(self._prepare_search, kinds[1:]))

    def _dock_widget(self, key: str) -> QWidget:
        widget = self.dock_widgets.get(key)
        if widget is None:
            widget = DOCK_BY_KEY[key].make(self)
            self.dock_widgets[key] = widget
            self.docks[key].setWidget(_scrolling(widget))
            self._stale.add(key)
        return widget

    def _make_browser(self, kind: str) -> QWidget:
        from warbench.gui.reference import ReferenceBrowser  # lazy: not loaded at start (tests/gui/test_start_up.py)

        widget = ReferenceBrowser(kind)
        if kind == "attribute":
            widget.addRequested.connect(self.add_attribute_from_browser)
        widget.homebrewRequested.connect(
            lambda action, entry_id, kind=widget.kind: self.homebrew_action(kind, action, entry_id)
        )
        return widget

    def _make_dice(self) -> QWidget:
        from warbench.gui.dice_panel import DicePanel  # lazy: not loaded at start (tests/gui/test_start_up.py)

        return DicePanel(self._dice_rng)

    def _make_matchup(self) -> QWidget:
        from warbench.gui.matchup_panel import MatchupPanel  # lazy: not loaded at start (tests/gui/test_start_up.py)

        return MatchupPanel(self._selection)

    def _make_balance(self) -> QWidget:
        from warbench.gui.balance_panel import BalancePanel  # lazy: not loaded at start (tests/gui/test_start_up.py)

        return BalancePanel(self._selection)

    def _refresh_browser(self, key: str, widget: Any) -> None:
        widget.set_army(self._document())
        self.docks[key].setWindowTitle(widget.title)
        if key == "attributes":
            on_element = self._selection.position is not None and self._selection.position[1] is not None
            widget.set_can_add(on_element)

    @property
    def attribute_browser(self) -> ReferenceBrowser:
        return cast("ReferenceBrowser", self._refresh_dock("attributes"))

    @property
    def spell_browser(self) -> ReferenceBrowser:
        return cast("ReferenceBrowser", self._refresh_dock("spells"))

    @property
    def dice_panel(self) -> DicePanel:
        return cast("DicePanel", self._refresh_dock("dice"))

    @property
    def matchup_panel(self) -> MatchupPanel:
        return cast("MatchupPanel", self._refresh_dock("matchup"))

    @property
    def balance_panel(self) -> BalancePanel:
        return cast("BalancePanel", self._refresh_dock("balance"))

    @property
    def lookup(self) -> QuickLookup:
        if self._lookup is None:
            from warbench.gui.reference import QuickLookup  # lazy: not loaded at start (tests/gui/test_start_up.py)

            self._lookup = QuickLookup(self._window)
        return self._lookup

    def _refresh_dock(self, key: str) -> QWidget:
        widget: Any = self._dock_widget(key)  # the panel of ``key``: each has its own refresh
        if key in self._stale:
            self._stale.discard(key)
            DOCK_BY_KEY[key].refresh(self, key, widget)
        return widget

    def show_dock(self, key: str) -> QWidget:
        """Bring a panel to the front (its tab too), visible, with its input field focused."""
        dock = self.docks[key]
        if not dock.isVisible():
            self._float_without_room(dock, self._dock_widget(key))
        dock.show()
        dock.raise_()
        widget = self._refresh_dock(key)
        if not self.docks_sized:
            self.docks_sized = True
            self._size_dock(dock, widget)
        focus = getattr(widget, "focus_input", None)  # the panel's field to type into, where it has one
        focus() if focus else widget.setFocus(Qt.FocusReason.ShortcutFocusReason)
        return widget

    def _float_without_room(self, dock: QDockWidget, widget: QWidget) -> None:
        """Where the builder and the panel cannot both fit the screen (1024x700 at 1.5x: 682 px), the panel floats
        over the window's right side instead of pushing the window past the screen's edge."""
        if dock.isFloating() or any(d.isVisible() and not d.isFloating() for d in self.docks.values()):
            return  # a panel already docked: this one joins its tabs and takes no more width
        available = self._window.screen().availableGeometry()
        separator = self._window.style().pixelMetric(QStyle.PixelMetric.PM_DockWidgetSeparatorExtent)
        scroll_bar = cast(QScrollArea, dock.widget()).verticalScrollBar().sizeHint().width()
        width = max(DOCK_MIN_WIDTH, widget.minimumSizeHint().width() + scroll_bar)
        central = self._window.centralWidget()
        needed = (central.minimumSizeHint().width() if central else 0) + width + 2 * separator
        if needed <= max(self._window.width(), available.width()):
            return
        dock.setFloating(True)
        width = min(width, available.width())
        frame = self._window.frameGeometry().intersected(available)
        dock.setGeometry(frame.right() - width + 1, frame.top(), width, frame.height())

    def fit_docks(self) -> None:
        """No docked panel wider than a third of the window (at least DOCK_MIN_WIDTH), the builder sharing
        what that gives back: a layout saved at 1024x700 and restored at 1366x768 brought the panel back
        ~650 px wide and the cost panel ~125 px."""
        most = max(DOCK_MIN_WIDTH, self._window.width() // 3)
        wide = [d for d in self.docks.values() if d.isVisible() and not d.isFloating() and d.width() > most]
        if not wide:
            return
        self._window.resizeDocks(wide, [most] * len(wide), Qt.Orientation.Horizontal)
        cast(QLayout, self._window.layout()).activate()
        self._share_builder()

    def _size_dock(self, dock: QDockWidget, widget: QWidget) -> None:
        """First shown with no saved layout: a third of the window (at most 520), or the panel's own
        narrowest layout if wider, never more than the builder can spare without growing the window. On a
        small window the builder comes first: the dock takes no more than leaves the tree its names and the
        cost panel a readable width (at 1024x700 the dock took a third and the cost panel sat at its minimum)."""
        separator = self._window.style().pixelMetric(QStyle.PixelMetric.PM_DockWidgetSeparatorExtent)
        central = self._window.centralWidget()
        room = self._window.width() - (central.minimumSizeHint().width() if central else 0) - 2 * separator
        scroll_bar = cast(QScrollArea, dock.widget()).verticalScrollBar().sizeHint().width()
        narrowest = widget.minimumSizeHint().width() + scroll_bar
        spare = self._window.width() - self._builder_width() - 2 * separator - 24
        wanted = max(min(520, self._window.width() // 3, spare), narrowest)
        self._window.resizeDocks([dock], [max(DOCK_MIN_WIDTH, min(wanted, room))], Qt.Orientation.Horizontal)
        cast(QLayout, self._window.layout()).activate()  # the dock's width taken now: the builder shares what is left
        self._share_builder()

    def toggle_dock(self, key: str) -> None:
        """The panel's key: to the front and focused; pressed again while it is in use, it closes."""
        dock = self.docks[key]
        focus = QApplication.focusWidget()
        if dock.isVisible() and focus is not None and dock.isAncestorOf(focus):
            dock.hide()
        else:
            self.show_dock(key)

    def open_rule(self, kind: str, entry_id: str) -> None:
        """Show an entry of the army's system in its browser, in front, whatever the browser's filters."""
        browser = cast("ReferenceBrowser", self.show_dock("attributes" if kind == "attribute" else "spells"))
        if browser.model.system is None or browser.model.system.id != self._document().army.system:
            browser.show_system(self._document().army.system)
        if browser.reveal(entry_id):
            browser.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def open_rule_here(self) -> None:
        """F1: the rule of what has the keyboard focus (an attribute row, a spell, a cost line)."""
        widget = QApplication.focusWidget()
        while widget is not None:
            key = widget.property("ruleKey")
            current = getattr(widget, "current_rule", None)
            rule = tuple(key.split(":", 1)) if key else current() if callable(current) else None
            if rule:
                self.open_rule(*rule)
                return
            widget = widget.parentWidget()
        self._window.statusBar().showMessage(
            self.tr("F1 opens the full rule of the attribute, spell or cost line that has the keyboard focus"), 5000
        )

    def quick_lookup(self) -> None:
        self.lookup.open_for(self._document().system)

    def add_attribute_from_browser(self, entry_id: str) -> None:
        """The browser's button: add the entry to the selected element, or as a new unit."""
        if self._document().system.reference.reference_use is ReferenceUse.UNIT:
            ui = self._run_edit(
                lambda: self._document().add_unit_data(self._document().system.reference.unit_from_reference(entry_id))
            )
            if isinstance(ui, int):
                self._select(ui, 0)
            return
        if self._selection.position is None:
            return
        ui, ei = self._selection.position
        if ei is None:
            return
        self._run_edit(lambda: self._document().add_reference(ui, ei, entry_id))

    def homebrew_action(self, browser: str, action: str, target: str) -> None:
        """The browsers' New / Edit / Duplicate / Delete of a homebrew entry (undoable edits): ``target`` is
        the section list for "new", else the entry's id."""
        from warbench.gui import homebrew  # lazy: not loaded at start (tests/gui/test_start_up.py)

        doc = self._document()
        if action == "library":
            self._library.homebrew_from_library(browser)
            return
        key = target if action == "new" else kind_of(doc.homebrew, target) or section_key(browser)
        entry_id = None if action == "new" else target
        if action == "delete":
            self._run_edit(lambda: doc.delete_homebrew(key, target))
            return
        entry = homebrew.edit_entry(self._window, doc.system, doc.homebrew, key, entry_id, action == "duplicate")
        if entry is None:
            return
        before = doc.army
        self._run_edit(lambda: doc.put_homebrew(key, entry, entry_id if action == "edit" else None))
        if doc.army is not before:  # also kept in the personal library, for the next army
            self._library.keep_homebrew({key: [entry]})
        browser_widget = self.attribute_browser if browser == "attribute" else self.spell_browser
        browser_widget.select(entry["id"])

    def update_reference(self) -> None:
        """Mark the docks stale; visible ones refresh now, hidden ones when shown."""
        self._stale |= set(self.dock_widgets)
        for key in list(self.dock_widgets):
            if self.docks[key].isVisible():
                self._refresh_dock(key)
        titles = self._document().system.reference.reference_titles
        for key, title in zip(("attributes", "spells"), map(data_label, titles)):  # the system's word, translated
            self.docks[key].setWindowTitle(title)
            self.dock_actions[key].setText(title)
        has_spells = bool(self._document().system.catalogue.spells)
        self.dock_actions["spells"].setEnabled(has_spells)  # no Spells panel for a system without spells
        spells = self.docks["spells"]
        if not has_spells:
            self._spells_put_away |= spells.toggleViewAction().isChecked()
            spells.hide()
        elif self._spells_put_away:  # the player had it open before an army without spells: back, behind its tab
            self._spells_put_away = False
            front = next((d for d in self.docks.values() if d.widget().isVisible()), None)  # the tab in front
            spells.show()
            if front is not None:
                front.raise_()


@dataclass(frozen=True)
class Dock:
    """A dock panel of the window: its View menu item, key and place are made from this row."""

    key: str  # the dock's objectName is f"{key}Dock", its View action's f"view_{key}"
    title: str  # shown through ReferenceDocks.tr (its translation context)
    shortcut: str  # shows it in front, focused; again: closes it
    make: Callable[[ReferenceDocks], QWidget]  # the panel, built when first shown
    refresh: Callable[[ReferenceDocks, str, Any], None]  # brings a stale panel up to the shown army


#: the docks, tabbed together in this order (F6 / Shift+F6 are the next / previous pane: gui.panes)
DOCKS = (
    Dock(
        "attributes",
        str(QT_TRANSLATE_NOOP("ReferenceDocks", "Attributes")),
        "F2",
        lambda docks: docks._make_browser("attribute"),
        ReferenceDocks._refresh_browser,
    ),
    Dock(
        "spells",
        str(QT_TRANSLATE_NOOP("ReferenceDocks", "Spells")),
        "F3",
        lambda docks: docks._make_browser("spell"),
        ReferenceDocks._refresh_browser,
    ),
    Dock(
        "dice",
        str(QT_TRANSLATE_NOOP("ReferenceDocks", "Dice")),
        "F4",
        ReferenceDocks._make_dice,
        lambda docks, _key, panel: panel.set_presets(docks._document().system),
    ),
    Dock(
        "matchup",
        str(QT_TRANSLATE_NOOP("ReferenceDocks", "Matchup")),
        "F7",
        ReferenceDocks._make_matchup,
        lambda docks, _key, panel: panel.set_document(docks._document()),
    ),
    Dock(
        "balance",
        str(QT_TRANSLATE_NOOP("ReferenceDocks", "Balance")),
        "F8",
        ReferenceDocks._make_balance,
        lambda docks, _key, panel: panel.set_document(docks._document()),
    ),
)
DOCK_BY_KEY = {dock.key: dock for dock in DOCKS}
