"""Help ▸ Keyboard Shortcuts (generated from the actions) and Help ▸ About (versions and licences)."""

from __future__ import annotations

from importlib import metadata

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence

from warbench.gui import dialogs
from warbench.gui.shortcuts import OTHER, ShortcutsDialog, shortcuts
from warbench.model import __version__


def _dialog(window) -> ShortcutsDialog:
    window.commands.shortcuts_action.trigger()
    found = [d for d in window.findChildren(ShortcutsDialog) if d.isVisible()]
    assert len(found) == 1
    return found[0]


def test_every_action_with_a_key_is_listed_with_that_key(window):
    listed = {(s.name, s.keys) for s in shortcuts(window)}
    expected = set()
    for action in window.findChildren(QAction):
        keys = ", ".join(k.toString(QKeySequence.NativeText) for k in action.shortcuts() if not k.isEmpty())
        if keys and action.text():
            expected.add((action.text().replace("&", "").replace("…", "").strip(), keys))
    assert expected and expected == listed
    dialog = _dialog(window)
    groups = [dialog.tree.topLevelItem(g) for g in range(dialog.tree.topLevelItemCount())]
    shown = {(group.child(i).text(0), group.child(i).text(1)) for group in groups for i in range(group.childCount())}
    assert shown == listed


def test_shortcuts_are_grouped_by_their_menu(window):
    groups = {}
    for s in shortcuts(window):
        groups.setdefault(s.group, []).append(s.name)
    assert "Undo" in groups["Edit"] and "Redo" in groups["Edit"]
    assert "Attributes" in groups["View"] and "Dice" in groups["View"]
    assert "Save Army" in groups["File"]
    assert "Army sheet (PDF)" in groups["File ▸ Export"]
    assert "Keyboard Shortcuts" in groups["Help"]
    keys = [s.keys for s in shortcuts(window)]
    assert len(keys) == len(set(keys))  # no key does two things


def test_the_list_is_searchable_by_name_or_key(window):
    dialog = _dialog(window)
    everything = dialog.visible_names()
    dialog.search.setText("undo")
    assert dialog.visible_names() == ["Undo"]
    dialog.search.setText("F4")
    assert dialog.visible_names() == ["Dice"]
    dialog.search.setText("export sheet")  # group words count too
    assert dialog.visible_names() == ["Army sheet (PDF)"]
    dialog.search.setText("no such action")
    assert dialog.visible_names() == [] and dialog.empty.isVisible()
    dialog.search.clear()
    assert dialog.visible_names() == everything


def test_a_new_action_shows_up_without_editing_the_list(window):
    extra = QAction("Roll initiative", window)
    extra.setShortcut(QKeySequence("Ctrl+Shift+I"))
    window.reference.view_menu.addAction(extra)
    hidden = QAction("Secret handshake", window)  # in no menu: listed under Other
    hidden.setShortcut(QKeySequence("Ctrl+Alt+H"))
    window.addAction(hidden)
    dialog = _dialog(window)
    rows = {(s.group, s.name) for s in shortcuts(window)}
    assert ("View", "Roll initiative") in rows and (OTHER, "Secret handshake") in rows
    dialog.search.setText("initiative")
    assert dialog.visible_names() == ["Roll initiative"]


def test_about_lists_the_version_and_every_bundled_library_and_font(window, monkeypatch):
    shown = []
    monkeypatch.setattr(dialogs, "show_about", lambda parent: shown.append(dialogs.about_text()))
    window.commands.about_action.trigger()
    text = shown[0]
    assert f"Warbench {__version__}" in text
    for name, _what, licence in dialogs.LIBRARIES:
        assert f"{name} {metadata.version(name)}" in text and licence in text
    for family, licence in dialogs.FONTS:
        assert family in text and licence in text
    assert QCoreApplication.applicationVersion() == __version__


def test_the_window_menus_stay_usable_after_the_shortcuts_list_and_play(loaded, monkeypatch):
    """On PySide6 6.9 (the oldest accepted) ``QAction.menu()`` left the window's own menu wrappers dead:
    after Help ▸ Keyboard Shortcuts (or entering table play), opening another army raised RuntimeError in
    ``army_menu.clear()`` and left it half-installed (minimum-versions CI run)."""
    from shiboken6 import isValid

    from warbench.model.resources import examples_dir

    monkeypatch.setattr(dialogs, "ask_opponent", lambda parent, name: "copy")
    ShortcutsDialog(loaded)
    loaded.play.play_action.trigger()
    loaded.play.play_action.trigger()  # and back to building
    menus = {
        "file": loaded.commands.file_menu,
        "edit": loaded.commands.edit_menu,
        "army": loaded.commands.army_menu,
        "game": loaded.play.game_menu,
        "view": loaded.reference.view_menu,
    }
    assert {name: isValid(menu) for name, menu in menus.items()} == dict.fromkeys(menus, True)
    assert loaded.open_file(examples_dir() / "fubar-rifle-platoon.army.json")
    assert loaded.document.army.name and isValid(loaded.commands.army_menu)
