"""Help ▸ Keyboard shortcuts: a searchable list generated from the window's own actions, grouped by
the menu they live in, so it can never drift from the keys that work."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from warbench.gui.menus import Submenus

OTHER = str(QT_TRANSLATE_NOOP("shortcuts", "Other"))


@dataclass(frozen=True)
class Shortcut:
    group: str  # the menu path, "Edit" or "File ▸ Export"
    name: str  # the action's text without its & accelerator
    keys: str  # every key of the action, in the platform's own spelling


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").replace("…", "").strip()


def _keys(action: QAction) -> str:
    return ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts() if not k.isEmpty())


def shortcuts(window: QMainWindow) -> list[Shortcut]:
    """Every action of ``window`` that has a key, under the menu it appears in (menus in menu-bar
    order); actions with a key that no menu shows are listed under "Other"."""
    found: list[Shortcut] = []
    seen: set[int] = set()
    submenus = Submenus(window)

    def walk(menu: QMenu, path: str) -> None:
        for action in menu.actions():
            sub = submenus.of(action)
            if isinstance(sub, QMenu):
                walk(sub, f"{path} ▸ {_plain(sub.title())}")
            elif not action.isSeparator() and id(action) not in seen and _keys(action):
                seen.add(id(action))
                found.append(Shortcut(path, _plain(action.text()), _keys(action)))

    for top in window.menuBar().actions():
        sub = submenus.of(top)
        if isinstance(sub, QMenu):
            walk(sub, _plain(sub.title()))
    for action in window.findChildren(QAction):
        if id(action) not in seen and _keys(action) and action.text():
            seen.add(id(action))
            found.append(Shortcut(QCoreApplication.translate("shortcuts", OTHER), _plain(action.text()), _keys(action)))
    return found


class ShortcutsDialog(QDialog):
    """The list, grouped by menu, with a search field that filters by action name or key."""

    def __init__(self, window: QMainWindow):
        super().__init__(window)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.search = QLineEdit()
        self.search.setObjectName("shortcutSearch")
        self.search.setAccessibleName(self.tr("Search actions or keys"))
        self.search.setPlaceholderText(self.tr("Search actions or keys…"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        self.tree = QTreeWidget()
        self.tree.setObjectName("shortcutList")
        self.tree.setAccessibleName(self.tr("Keyboard shortcuts"))
        self.tree.setColumnCount(2)
        self.tree.setHeaderLabels([self.tr("Action"), self.tr("Keys")])
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setStretchLastSection(False)
        self.groups: dict[str, QTreeWidgetItem] = {}
        for shortcut in shortcuts(window):
            group = self.groups.get(shortcut.group)
            if group is None:
                group = self.groups[shortcut.group] = QTreeWidgetItem(self.tree, [shortcut.group])
                font = group.font(0)
                font.setBold(True)
                group.setFont(0, font)
                group.setFirstColumnSpanned(True)
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            item = QTreeWidgetItem(group, [shortcut.name, shortcut.keys])
            item.setData(0, Qt.ItemDataRole.UserRole, shortcut)
        self.tree.expandAll()
        self.empty = QLabel(self.tr("No action matches"))
        self.empty.setObjectName("noShortcut")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.hide()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.empty)
        layout.addWidget(buttons)
        width = self.fontMetrics().averageCharWidth() * 60
        self.resize(width, min(640, window.height()))
        self.search.setFocus()

    def visible_names(self) -> list[str]:
        return [
            item.text(0)
            for group in self.groups.values()
            if not group.isHidden()
            for item in _children(group)
            if not item.isHidden()
        ]

    def _filter(self, text: str) -> None:
        words = text.casefold().split()
        shown = 0
        for group in self.groups.values():
            any_shown = False
            for item in _children(group):
                haystack = f"{group.text(0)} {item.text(0)} {item.text(1)}".casefold()
                match = all(word in haystack for word in words)
                item.setHidden(not match)
                any_shown |= match
                shown += match
            group.setHidden(not any_shown)
        self.empty.setVisible(shown == 0)


def show_shortcuts(window: QMainWindow) -> ShortcutsDialog:
    """Built afresh each time from the actions as they are now (menus change with the army's system)."""
    for old in window.findChildren(ShortcutsDialog):
        old.close()
        old.deleteLater()
    dialog = ShortcutsDialog(window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


def _children(item: QTreeWidgetItem) -> list[QTreeWidgetItem]:
    """The item's children, in order."""
    return [child for child in map(item.child, range(item.childCount())) if child is not None]
