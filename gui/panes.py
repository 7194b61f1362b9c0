"""The main window's panes for the keyboard: Tab walks them in reading order (the army's header, the
tree, the element form, the cost lines, the warnings, each docked panel shown) and wraps; F6 and
Shift+F6 jump from pane to pane. A part of :class:`gui.main_window.MainWindow`."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QMenu, QWidget

from warbench.gui.parts import make_action


def takes_tab(widget: QWidget) -> bool:
    return (
        bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)
        and widget.isVisible()
        and widget.isEnabled()
        and widget.focusProxy() is None  # the proxy (a spin box's line edit's spin box) takes it
    )


def focus_chain(window: QWidget) -> list[QWidget]:
    """The widgets of ``window``'s focus chain, in its order (the order they were made and reparented)."""
    chain: list[QWidget] = []
    widget = window.nextInFocusChain()
    while widget is not None and widget is not window and len(chain) < 100_000:
        chain.append(widget)
        widget = widget.nextInFocusChain()
    return chain


def tab_stops(panes: list[QWidget]) -> list[list[QWidget]]:
    """Each pane's widgets that Tab stops at, in the focus chain's order."""
    if not panes:
        return []
    chain = [w for w in focus_chain(panes[0].window()) if takes_tab(w)]
    return [[w for w in chain if w is pane or pane.isAncestorOf(w)] for pane in panes]


class WindowPanes(QObject):
    """Tab across the panes in order, and F6 / Shift+F6 from pane to pane: a part of the window, given the
    window, the builder's panes in reading order (``builder``: what Tab walks) and the widgets F6 visits
    (``keyed``), the docked panels and their widgets (filled as panels are made) and the menu its actions
    join. The window's ``focusNextPrevChild`` asks :meth:`tab`. (The class keeps its name: it is the
    context of its translated strings.)"""

    def __init__(
        self,
        window: QWidget,
        builder: list[QWidget],
        keyed: list[QWidget],
        docks: dict[str, QDockWidget],
        dock_widgets: dict[str, QWidget],
        menu: QMenu,
    ) -> None:
        super().__init__(window)
        self._builder = builder
        self._keyed = keyed
        self._docks = docks
        self._dock_widgets = dock_widgets
        self.next_pane_action = make_action(
            window, self.tr("Next &Pane"), lambda: self.focus_pane(1), "F6", "next_pane"
        )
        self.previous_pane_action = make_action(
            window, self.tr("Pre&vious Pane"), lambda: self.focus_pane(-1), "Shift+F6", "previous_pane"
        )
        for action, tip in (
            (self.next_pane_action, self.tr("Put the keys in the next pane: tree, form, cost, warnings, panels (F6)")),
            (self.previous_pane_action, self.tr("Put the keys in the previous pane (Shift+F6)")),
        ):
            action.setToolTip(tip)
        menu.addSeparator()
        menu.addActions([self.next_pane_action, self.previous_pane_action])

    def panes(self) -> list[QWidget]:
        """The panes F6 visits, in order: those shown now."""
        return self._shown(self._keyed)

    def _shown(self, panes: list[QWidget]) -> list[QWidget]:
        """``panes`` then the docked panels, those shown now (a floating panel is a window of its own)."""
        panes = panes + [dock for dock in self._docks.values() if not dock.isFloating()]
        return [pane for pane in panes if pane.isVisible()]

    def _pane_of(self, widget: QWidget | None, panes: list[QWidget]) -> int | None:
        for index, pane in enumerate(panes):
            if widget is not None and (widget is pane or pane.isAncestorOf(widget)):
                return index
        return None

    def focus_pane(self, step: int) -> QWidget | None:
        """Focus the next (``step`` 1) or previous (-1) pane's first field, wrapping round; from outside
        the panes (the header), the first or the last pane."""
        panes = self.panes()
        if not panes:
            return None
        here = self._pane_of(QApplication.focusWidget(), panes)
        start = (-1 if step > 0 else len(panes)) if here is None else here
        for turn in range(1, len(panes) + 1):
            pane = panes[(start + step * turn) % len(panes)]
            target = self._pane_field(pane)
            if target is not None:
                target.setFocus(Qt.FocusReason.OtherFocusReason)
                return target
        return None

    def _pane_field(self, pane: QWidget) -> QWidget | None:
        """The widget F6 gives the keys in ``pane``: a panel's field to type into (as its own key, F2...,
        does), else the pane's first Tab stop."""
        for key, dock in self._docks.items():
            focus_input = getattr(self._dock_widgets.get(key), "focus_input", None)
            if dock is pane and focus_input is not None:
                focus_input()
                return QApplication.focusWidget()
        stops = tab_stops([pane])[0]
        return stops[0] if stops else None

    def tab(self, next: bool) -> bool:  # noqa: A002 - as Qt's focusNextPrevChild
        """Tab and Shift+Tab go through the panes in reading order (the focus chain, made as the widgets
        were, put the cost panel after the tree, which sent Tab to the form: Tab never reached it); False
        when the focus is outside the panes (Qt's own order then applies)."""
        focus = QApplication.focusWidget()
        stops = [stop for pane_stops in tab_stops(self._shown(self._builder)) for stop in pane_stops]
        while focus is not None and focus not in stops:
            focus = focus.parentWidget()
        if focus is None or not stops:
            return False
        target = stops[(stops.index(focus) + (1 if next else -1)) % len(stops)]
        target.setFocus(Qt.FocusReason.TabFocusReason if next else Qt.FocusReason.BacktabFocusReason)
        return True
