"""The one selection of a window: which unit, or which element of which unit, is selected.

The window owns one :class:`Selection`; the army tree, the element form, the unit panel, the cost panel and
the docks read it, nobody keeps a copy. ``changed`` fires when the user picks something else. When the
document changes, the selection follows it silently (a deleted element gives way to its neighbour) before
the views refresh, so each view refreshes once per edit: from the document's ``changed``, not twice.
"""

from __future__ import annotations

from contextlib import contextmanager

from PySide6.QtCore import QObject, Signal

Position = tuple[int, int | None]


class Selection(QObject):
    changed = Signal()

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.position: Position | None = None
        self._document = None
        self._expected: Position | None = None

    def follow(self, document) -> None:
        """Track ``document`` (connect this before any view, so views see the clamped selection)."""
        if self._document is not None:
            self._document.changed.disconnect(self._clamp)
        self._document = document
        document.changed.connect(self._clamp)
        self.position = None

    def set(self, ui: int | None, ei: int | None = None) -> None:
        position = None if ui is None else (ui, ei)
        if position != self.position:
            self.position = position
            self.changed.emit()

    @contextmanager
    def landing(self, position: Position | None):
        """Within this block, an edit that changes the document selects ``position`` as part of that change
        (what was added, pasted or moved), so the views refresh once, not once for the edit and again for
        the selection."""
        self._expected = position
        try:
            yield
        finally:
            self._expected = None

    @property
    def unit(self) -> int | None:
        return None if self.position is None else self.position[0]

    @property
    def element(self) -> tuple[int, int] | None:
        """(unit, element) when an element is selected."""
        if self.position is None or self.position[1] is None:
            return None
        return self.position[0], self.position[1]

    def _clamp(self) -> None:
        """After an edit, undo or redo: keep the selection inside the army (no signal: the views are about
        to refresh for the change anyway). With no units left the wish is kept, so redo brings it back."""
        if self._expected is not None:
            self.position, self._expected = self._expected, None
        if self.position is None or self._document is None:
            return
        units = self._document.army.units
        if not units:
            return
        ui, ei = self.position
        ui = min(ui, len(units) - 1)
        if ei is not None:
            ei = min(ei, len(units[ui].elements) - 1) if units[ui].elements else None
        self.position = (ui, ei)
