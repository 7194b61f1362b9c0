"""Table mode in the main window: Game ▸ Play (F5, and the builder's toolbar) starts a game from the open
army (optionally against an opponent's army file) or goes back to the running one; Back to Building (Esc
or F5) keeps it. File ▸ Open Game… / Save Game… read and write ``*.game.json``; the game is autosaved
while it has unsaved changes and offered back after a crash. A part of :class:`gui.main_window.MainWindow`."""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QStackedWidget, QToolBar

from warbench.gui import settings
from warbench.gui.file_controller import ask_if_changed_on_disk
from warbench.gui.parts import make_action
from warbench.model.fileio import ArmyFileError, atomic_write, failure_text, load_army

if TYPE_CHECKING:
    from warbench.gui.document import ArmyDocument
    from warbench.gui.game_autosave import GameAutosaver
    from warbench.gui.game_document import GameDocument
    from warbench.gui.play_view import PlayView


class PlayActions(QObject):
    """The Game menu and the switch between building and playing: a part of the window, given the window (its
    menu bar, status bar and title; dialogs' and games' parent), a reader of its army, the stack of pages the
    play view joins, a reader of the docked panels it puts away while the game is shown, the Help menu the Game
    menu goes before, the File menu and its Save As… action (Open Game… and Save Game come after), the
    builder's toolbar (Play), the window's ``freeze`` of the builder's edits, ``update_title`` and
    ``taken_down`` (the window is being taken down). (The class keeps its name: it is the context of its
    translated strings.)"""

    def __init__(
        self,
        window: QMainWindow,
        *,
        document: Callable[[], ArmyDocument],
        pages: QStackedWidget,
        docks: Callable[[], Iterable[QDockWidget]],
        help_menu: QMenu,
        file_menu: QMenu,
        save_as: QAction,
        toolbar: QToolBar,
        freeze: Callable[[bool], None],
        update_title: Callable[[], None],
        taken_down: Callable[[], bool],
    ):
        super().__init__(window)
        self._window = window
        self._document = document
        self._pages = pages
        self._docks = docks
        self._freeze_builder = freeze
        self._update_title = update_title
        self._taken_down = taken_down
        self.game_document: GameDocument | None = None
        self.play_view: PlayView | None = None
        self.game_autosaver: GameAutosaver | None = None
        self.play_rng: Any = None  # the dice of the play view (tests seed them)
        self._docks_before_play: list[QDockWidget] = []  # the panels open when the game was shown
        self.play_action = self._action(self.tr("&Play"), self.toggle_play, "F5", "play")
        self.play_action.setIconText(self.tr("▶ Play"))
        self.play_action.setToolTip(self.tr("Play a game with this army (F5); F5 or Esc comes back to building"))
        self.new_game_action = self._action(self.tr("&New Game…"), self.new_game, None, "new_game")
        self.new_game_action.setToolTip(self.tr("A new game of this army against an opponent's army or a copy of it"))
        self.open_game_action = self._action(self.tr("Open &Game…"), lambda: self.open_game(), None, "open_game")
        self.save_game_action = self._action(self.tr("Save Ga&me"), self.save_game, None, "save_game")
        self.save_game_as_action = self._action(self.tr("Save Game &As…"), self.save_game_as, None, "save_game_as")
        self.export_log_action = self._action(self.tr("E&xport Game Log…"), self.export_log, None, "export_log")
        menu = self.game_menu = QMenu(self.tr("&Game"), self._window)
        self._window.menuBar().insertMenu(help_menu.menuAction(), menu)
        menu.addActions([self.play_action, self.new_game_action, self.open_game_action])
        menu.addSeparator()
        menu.addActions([self.save_game_action, self.save_game_as_action, self.export_log_action])
        file_actions = file_menu.actions()
        #: the army's Save: Ctrl+S is its while the builder is shown, Save Game's while the game is (_sync_game_actions)
        self._save_army = next((a for a in file_actions if a.objectName() == "save"), None)
        after_save_as = file_actions[file_actions.index(save_as) + 1]
        file_menu.insertActions(after_save_as, [self.open_game_action, self.save_game_action])
        toolbar.addAction(self.play_action)
        self._pages.currentChanged.connect(self._page_changed)
        self._sync_game_actions()

    def _action(self, text: str, slot: Callable[..., Any], shortcut: Any, name: str) -> QAction:
        return make_action(self._window, text, slot, shortcut, name)

    def _sync_game_actions(self) -> None:
        has_game = self.game_document is not None
        for action in (self.save_game_action, self.save_game_as_action, self.export_log_action):
            action.setEnabled(has_game)
        self.play_action.setText(self.tr("Back to &Building") if self.in_play else self.tr("&Play"))
        save = QKeySequence(QKeySequence.StandardKey.Save)  # Ctrl+S saves what is on screen
        if self._save_army is not None:
            self._save_army.setShortcut(QKeySequence() if self.in_play else save)
        self.save_game_action.setShortcut(save if self.in_play else QKeySequence())
        self.play_action.setIconText(self.tr("▶ Play"))

    @property
    def in_play(self) -> bool:
        return self.play_view is not None and self._pages.currentWidget() is self.play_view

    # --- switching ------------------------------------------------------------------------
    def toggle_play(self) -> None:
        """F5: from the builder into the game (a new one when there is none); from the game back."""
        if self.in_play:
            self.show_builder()
        elif self.game_document is None:
            self.new_game()
        else:
            self.show_play()

    def show_play(self) -> None:
        if self.play_view is None:
            return
        if not self.in_play:
            self._docks_before_play = [d for d in self._docks() if d.toggleViewAction().isChecked()]
            for dock in self._docks_before_play:
                dock.hide()
        self._pages.setCurrentWidget(self.play_view)
        self.play_view.focus_attacker()

    def show_builder(self) -> None:
        """Back to building: the game stays, F5 returns to it."""
        self._pages.setCurrentIndex(0)

    def _page_changed(self, _index: int) -> None:
        """Into the game or out of it (Back to Building, or an army opened or made while playing): Ctrl+Z
        undoes the game's steps or the army's edits, the army's edits are off or on, the panels come back."""
        if self._taken_down():  # (Qt 6.9 removes the pages after the menus)
            return
        playing = self.in_play
        self._freeze_builder(playing)
        if not playing and self._pages.currentIndex() == 0:
            for dock in self._docks_before_play:
                dock.show()
            self._docks_before_play = []
        self._sync_game_actions()
        if playing:
            self._update_game_title()
        else:
            self._update_title()

    def _update_game_title(self) -> None:
        """The game's file and whether it has unsaved changes, while the game is shown."""
        doc = self.game_document
        if doc is None or not self.in_play:
            return
        name = doc.path.name if doc.path else self.tr("game (not saved)")
        self._window.setWindowTitle(f"{name}[*] — Warbench")
        self._window.setWindowModified(doc.modified)

    # --- starting and ending a game -------------------------------------------------------
    def new_game(self) -> bool:
        """A game of the open army against an opponent's army file or a copy of itself."""
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)
        from warbench.model.game_file import GameFileError  # lazy: not loaded at start (tests/gui/test_start_up.py)

        if not self.close_game():
            return False
        answer = dialogs.ask_opponent(self._window, self._document().army.name)
        if answer == "cancel":
            return False
        opponent = None
        if answer == "file":
            path = dialogs.open_path(self._window, settings.army_folder())
            if not path:
                return False
            try:
                opponent = load_army(path)
            except ArmyFileError as exc:
                dialogs.show_error(self._window, self.tr("Cannot open the opponent"), "\n".join(exc.shown))
                return False
        from warbench.gui.game_document import GameDocument  # lazy: not loaded at start (tests/gui/test_start_up.py)

        try:
            document = GameDocument.new(self._document().army, opponent, self._window)
        except GameFileError as exc:
            dialogs.show_error(self._window, self.tr("Cannot start the game"), str(exc))
            return False
        self.install_game(document)
        return True

    def play_view_of(self, document: GameDocument) -> PlayView:
        """The play view of ``document``, made before anything in the window changes: a game the model read
        but the view cannot show raises here, and the window keeps what it had."""
        from warbench.gui.play_view import PlayView  # lazy: not loaded at start (tests/gui/test_start_up.py)

        return PlayView(document, self.play_rng)

    def install_game(self, document: GameDocument, view: PlayView | None = None) -> None:
        """Play ``document`` in ``view`` (:meth:`play_view_of`, made here when not given); the game before it,
        if any, is closed first by the caller."""
        from warbench.gui.game_autosave import GameAutosaver  # lazy: not loaded at start (tests/gui/test_start_up.py)

        if view is None:
            view = self.play_view_of(document)
        document.setParent(self._window)
        self.game_document = document
        view.backRequested.connect(self.show_builder)
        view.export_button.clicked.connect(self.export_log)
        self.play_view = view
        self._pages.addWidget(view)
        self.game_autosaver = GameAutosaver(document, self._window, self._window)
        document.changed.connect(lambda _change: self._update_game_title())
        document.pathChanged.connect(self._update_game_title)
        if document.modified:
            self.game_autosaver.timer.start()
        self.show_play()

    def close_game(self) -> bool:
        """End the game in the window (asking to save its unsaved changes); False when the player cancels."""
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

        doc = self.game_document
        if doc is None:
            return True
        if doc.modified:
            answer = dialogs.ask_unsaved(self._window, doc.path.name if doc.path else self.tr("the game"))
            if answer == "cancel" or (answer == "save" and not self.save_game()):
                return False
        if self.in_play:
            self.show_builder()
        if self.game_autosaver is not None:
            self.game_autosaver.clear()
            self.game_autosaver.deleteLater()
        if self.play_view is not None:
            self._pages.removeWidget(self.play_view)
            self.play_view.deleteLater()
        doc.deleteLater()
        self.game_document = self.play_view = self.game_autosaver = None
        self._sync_game_actions()
        return True

    # --- the game file ------------------------------------------------------------------------
    def open_game(self, path: str | Path | None = None) -> bool:
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)
        from warbench.gui.game_document import GameDocument  # lazy: not loaded at start (tests/gui/test_start_up.py)
        from warbench.model.game_file import GameFileError  # lazy: not loaded at start (tests/gui/test_start_up.py)

        if path is None:
            path = dialogs.open_game_path(self._window, settings.army_folder())
            if not path:
                return False
        try:
            document = GameDocument.open(path, self._window)
        except (GameFileError, OSError) as exc:  # a GameFileError names the file and the place in it
            problem = str(exc) if isinstance(exc, GameFileError) else f"{path}\n\n{failure_text(exc)}"
            dialogs.show_error(self._window, self.tr("Cannot open the game"), problem)
            return False
        view = self._view_or_say_why(document, str(path))
        if view is None:
            return False
        if not self.close_game():
            view.deleteLater()
            document.deleteLater()
            return False
        self.install_game(document, view)
        self._remember_folder(Path(path))
        return True

    @staticmethod
    def _remember_folder(path: Path) -> None:
        """A game the player opened or saved: listed in Open Recent and on the start page; its folder where Open
        and Save As start next (settings.army_folder)."""
        settings.add_recent(str(path.resolve()))
        settings.LAST_FOLDER.write(str(path.resolve().parent))

    def _view_or_say_why(self, document: GameDocument, source: str) -> PlayView | None:
        """The play view of a game read from ``source``; None, said, when the game cannot be shown (the
        document is let go, the window keeps what it had)."""
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

        try:
            return self.play_view_of(document)
        except Exception as exc:  # a stranger's file never takes the window down
            traceback.print_exc()
            document.deleteLater()
            dialogs.show_error(
                self._window,
                self.tr("Cannot open the game"),
                self.tr("{source}\n\nThe game cannot be shown: {problem}").format(
                    source=source, problem=failure_text(exc)
                ),
            )
            return None

    def recover_game(self, file: Any, armies: list[Any], original: Path | None) -> None:
        """A game autosaved by a session that crashed, as unsaved changes to its file (if it had one); a game
        the view cannot show raises, the window unchanged."""
        from warbench.gui.game_document import GameDocument  # lazy: not loaded at start (tests/gui/test_start_up.py)
        from warbench.model.game import Game  # lazy: not loaded at start (tests/gui/test_start_up.py)

        document = GameDocument(Game(file, armies), original, self._window)
        document.modified = True
        try:
            view = self.play_view_of(document)
        except Exception:
            document.deleteLater()
            raise
        self.install_game(document, view)

    def save_game(self) -> bool:
        doc = self.game_document
        if doc is None:
            return False
        if doc.path is None:
            return self.save_game_as()
        return self._write_game(doc.path)

    def save_game_as(self) -> bool:
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

        doc = self.game_document
        if doc is None:
            return False
        stem = settings.file_stem(doc.path, self._document().army.name)
        suggested = settings.suggested_path(settings.army_folder(), stem, ".game.json", self.tr("game"))
        path = dialogs.save_game_path(self._window, suggested)
        return bool(path) and self._write_game(Path(path))

    def _write_game(self, path: Path) -> bool:
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)
        from warbench.model.game_file import GameFileError  # lazy: not loaded at start (tests/gui/test_start_up.py)

        doc = self.game_document
        assert doc is not None
        answer = ask_if_changed_on_disk(self._window, path, doc.path, doc.stamp)
        if answer != "overwrite":  # another window or `warbench game next-round` wrote it since: never lost unasked
            return answer == "save_as" and self.save_game_as()
        try:
            doc.save(path)
        except (OSError, GameFileError) as exc:
            dialogs.show_error(self._window, self.tr("Cannot save the game"), f"{path}\n\n{failure_text(exc)}")
            return False
        if self.game_autosaver is not None:
            self.game_autosaver.clear()
        self._remember_folder(path)
        self._update_game_title()
        self._window.statusBar().showMessage(self.tr("Saved the game to {path}").format(path=path), 4000)
        return True

    def export_log(self) -> bool:
        """The log as plain text or Markdown (the file type picked), written atomically."""
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)
        from warbench.model.game_log import log_text  # lazy: not loaded at start (tests/gui/test_start_up.py)

        doc = self.game_document
        if doc is None:
            return False
        stem = settings.file_stem(doc.path, self.tr("game"))
        path, fmt = dialogs.log_path(
            self._window, settings.suggested_path(settings.export_folder(), f"{stem}-log", ".txt", self.tr("game"))
        )
        if not path:
            return False
        try:
            atomic_write(path, log_text(doc.game, fmt).encode("utf-8"))
        except OSError as exc:
            dialogs.show_error(self._window, self.tr("Cannot export the log"), f"{path}\n\n{failure_text(exc)}")
            return False
        self._window.statusBar().showMessage(self.tr("Exported the log to {path}").format(path=path), 4000)
        return True
