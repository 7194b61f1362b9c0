"""Which menu an action of a menu opens, found without ``QAction.menu()``.

On PySide6 6.9 that call on a menu bar's or a menu's action can leave the Python wrapper of the menu it
returns dead while the menu is still shown: the next call through the window's own reference to it (say
``army_menu.clear()`` when another army opens) raises RuntimeError. The menus are found as the window's
children instead, each by the action that opens it (``QMenu.menuAction``).
"""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget
from shiboken6 import getCppPointer


def _key(action: QAction) -> int:
    return getCppPointer(action)[0]


class Submenus:
    """The menus under ``root`` (its children at any depth), by the action that opens each."""

    def __init__(self, root: QWidget):
        self._menus = {_key(menu.menuAction()): menu for menu in root.findChildren(QMenu)}

    def of(self, action: QAction) -> QMenu | None:
        """The menu ``action`` opens, or None for a plain action."""
        return self._menus.get(_key(action))
