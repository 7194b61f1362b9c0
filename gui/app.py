"""Starting Warbench: ``warbench [FILE]``."""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, cast

from warbench.model.collector import lasting

with lasting():  # the modules last as long as the window: no cycle collection over them (model/collector.py)
    from PySide6.QtCore import QCoreApplication, QSize, Qt
    from PySide6.QtGui import QGuiApplication, QIcon
    from PySide6.QtWidgets import QApplication

    from warbench.gui import i18n, settings, text_limits, theme
    from warbench.model import __version__
    from warbench.model.resources import ResourcesError, resources_dir

APP_ID = "io.github.warbench.warbench"  # desktop entry, AppStream id and icon name

SMOKE_TEST = "--smoke-test"  # start, load everything, print the time taken and quit (packaging tests)


def application(argv: list[str] | None = None) -> QApplication:
    QCoreApplication.setOrganizationName(settings.ORGANIZATION)
    QCoreApplication.setApplicationName(settings.APPLICATION)
    app = cast(QApplication, QApplication.instance()) or QApplication([sys.argv[0], *(argv or [])])
    app.setApplicationDisplayName("Warbench")
    app.setApplicationVersion(__version__)
    i18n.install(app)  # before any window: Qt's and Warbench's translations, QLocale for numbers

    text_limits.install(app)  # every text field holds at most what an army file may (model/limits.py)
    theme.install(app)  # selected rows readable at 4.5:1, in light and dark schemes (after the style is set)
    QGuiApplication.setDesktopFileName(APP_ID)  # matches resources/desktop/<APP_ID>.desktop
    icon = app_icon()
    if icon is not None:
        app.setWindowIcon(icon)  # every window, the About box and the task bar
    return app


#: the sizes of the icon's renders, resources/icons/warbench-N.png (those the desktop entry installs)
ICON_SIZES = (16, 32, 48, 64, 128, 256)


def app_icon() -> QIcon | None:
    """Warbench's icon, rendered from resources/icons/warbench.svg at each of ``ICON_SIZES``; None if the data
    folder is broken (reported later). PNGs, not the SVG: Qt draws those itself, where the SVG would load Qt's
    SVG module and icon plug-in at each start (1.2 MB more at "ready", benchmarks/gui_latency.py)."""
    try:
        folder = resources_dir() / "icons"
    except ResourcesError:
        return None
    icon = QIcon()
    for size in ICON_SIZES:
        path = folder / f"warbench-{size}.png"
        if path.is_file():
            icon.addFile(str(path), QSize(size, size))
    return None if icon.isNull() else icon


def offer_recovery(window) -> bool:
    """Offer the newest autosaved army and game left by a crashed session; True if either is recovered."""
    army = offer_army_recovery(window)
    return offer_game_recovery(window) or army


def offer_army_recovery(window) -> bool:
    """Offer the newest autosaved army left by a crashed session; True if recovered."""
    from warbench.gui import autosave  # lazy: after the window's first paint (deferred start)

    recoverable, unreadable = autosave.scan()
    if not recoverable and not unreadable:
        return False  # the usual start: no question to ask, so no dialog code to load
    report_unreadable(window, unreadable)
    return _offer(window, recoverable, lambda item: window.files.recover(item.army, item.original))


def offer_game_recovery(window) -> bool:
    """Offer the newest game autosaved by a crashed session; True if it is back in the window (in play)."""
    from warbench.gui import autosave  # lazy: after the window's first paint (deferred start)

    if not autosave.games_left():
        return False  # the usual start: no game to offer
    from warbench.gui import game_autosave  # only with a game to offer: it loads the game-file code (model.game_file)

    games, unreadable = game_autosave.scan()
    report_unreadable(window, unreadable)
    return _offer(window, games, lambda item: window.play.recover_game(*item.loaded, item.original))


def _offer(window, items: list, show: Callable[[Any], object]) -> bool:
    """Offer each autosaved copy of ``items``, newest first, until one is recovered (``show`` shows it; True)
    or the player decides later; a copy discarded is removed."""
    from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

    for item in items:
        answer = dialogs.ask_recover(window, item.describe())
        if answer == "later":
            return False
        if answer == "discard":
            item.discard()
        elif show_recovered(window, item.copy, partial(show, item)):
            return True
    return False


def report_unreadable(window, unreadable: list) -> None:
    """Say which autosaved copies could not be read (``autosave.Unreadable``: moved aside, never deleted)."""
    if not unreadable:
        return
    from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

    dialogs.show_error(
        window,
        QCoreApplication.translate("app", "Unreadable autosaved work"),
        (
            QCoreApplication.translate(
                "app",
                "1 autosaved copy from an earlier session could not be read and cannot be recovered. "
                "Nothing was deleted:\n\n{list}",
            )
            if len(unreadable) == 1
            else QCoreApplication.translate(
                "app",
                "{count} autosaved copies from an earlier session could not be read and cannot be recovered. "
                "Nothing was deleted:\n\n{list}",
            )
        ).format(count=len(unreadable), list="\n".join(item.describe() for item in unreadable)),
    )


def show_recovered(window, copy: Path, show: Callable[[], object]) -> bool:
    """Show an autosaved copy the player chose to recover (``show``), then remove it; True if shown. A copy
    that fails to show is moved aside, never deleted, and the player is told where: never fatal."""
    from warbench.gui import autosave, dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)
    from warbench.model.fileio import failure_text

    try:
        show()
    except Exception as exc:  # a crash's leftovers never take the window down
        traceback.print_exc()
        kept = autosave.Unreadable(copy, failure_text(exc), autosave.keep_aside(copy))
        dialogs.show_error(
            window,
            QCoreApplication.translate("app", "Cannot recover autosaved work"),
            QCoreApplication.translate(
                "app", "The autosaved copy could not be shown. Nothing was deleted:\n\n{copy}"
            ).format(copy=kept.describe()),
        )
        return False
    autosave.Recovered(copy, None, 0).discard()
    return True


def arguments(argv: list[str] | None) -> argparse.Namespace:
    """The window's command line; ``--help`` and ``--version`` print and exit before any window exists.
    Options it does not know are left for Qt (``-style fusion``, ``-platform offscreen``)."""
    parser = argparse.ArgumentParser(
        description="Open the Warbench window: the army files named, each in its own window, or where you "
        "left off. Qt's own options (-style, -platform, -reverse) are passed on to Qt."
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="an .army.json file to open")
    parser.add_argument("--version", action="version", version=f"warbench {__version__}")
    parser.add_argument(SMOKE_TEST, action="store_true", help="start, load everything, print the time taken and quit")
    known, _for_qt = parser.parse_known_args(argv or [])
    return known


def file_arguments(argv: list[str] | None) -> list[str]:
    """The army files named on the command line (everything that is not an option)."""
    return list(arguments(argv).files)


def start(window, argv: list[str] | None) -> None:
    """Once the window is ready: offer crash recovery, else open the file named on the command line (an army,
    or a game to play), else start where the user left off (the last army, or the start page)."""
    files = file_arguments(argv)
    if offer_recovery(window):
        return
    if window.opened_at_start is not None:  # files[0], read while the window was built
        with settings.batched():  # Open Recent and the last folder: one write of the settings file
            window.files.opened(window.opened_at_start)
    elif files and files[0].endswith(".game.json"):  # a game: played, the last army (or the start page) behind
        window.start.start_where_left_off()
        window.play.open_game(Path(files[0]))
    elif files:
        window.open_file(Path(files[0]), ask=False)
    elif SMOKE_TEST not in (argv or []):  # the smoke test times the bare start
        window.start.start_where_left_off()
    if files[1:]:  # the others each in a window of its own, as a later launch's files open
        open_in_new_windows(files[1:])


def start_failed(window, message: str, ask: bool = True) -> None:
    """The rules data could not be loaded: say so (a dialog unless ``ask`` is False), then quit with status 1."""
    from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

    print(f"warbench: {message}", file=sys.stderr, flush=True)
    if ask:
        dialogs.show_error(window, QCoreApplication.translate("app", "Warbench cannot start"), message)
    QCoreApplication.exit(1)


def create_window(argv: list[str] | None = None, deferred: bool = False):
    """The main window; ``deferred`` paints it first and loads the rules model right after."""
    # lazy: a launch that hands its files to the running Warbench ends before the window's code loads
    with lasting():
        from warbench.gui.main_window import MainWindow

    files = file_arguments(argv)
    window = MainWindow(deferred=deferred, opening=Path(files[0]) if files else None)
    if window.is_ready:
        start(window, argv)
    else:
        window.ready.connect(lambda: start(window, argv))
        window.failed.connect(lambda message: start_failed(window, message, ask=SMOKE_TEST not in (argv or [])))
    return window


_more_windows: list = []


def open_in_new_windows(files: list[str]) -> None:
    """Files handed over by a later launch: each in a new window of this process (no recovery offer:
    this process's autosaves are live, not crashed)."""
    # lazy: a launch that hands its files to the running Warbench ends before the window's code loads
    from warbench.gui.main_window import MainWindow

    for name in files or [""]:
        window = MainWindow()
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        _more_windows.append(window)  # kept alive until closed
        window.destroyed.connect(lambda _=None, w=window: _more_windows.remove(w))
        window.show()
        if name:
            window.open_file(Path(name), ask=False)
        window.raise_()
        window.activateWindow()


def say(text: str) -> None:
    """A note for the player in the status bar of the window in front (what another launch handed over
    and was refused); it is on stderr too."""
    window = QApplication.activeWindow() or next(iter(_more_windows[-1:]), None)
    if window is not None and hasattr(window, "statusBar"):
        window.statusBar().showMessage(text, 15_000)


def no_display(argv: list[str], environ: dict[str, str] | None = None) -> str:
    """Why the window cannot open here ('' when it can): on Linux and the BSDs, no platform named (``-platform``,
    ``QT_QPA_PLATFORM``) and neither an X nor a Wayland display, where Qt would abort (exit 134) with a hint
    about libxcb-cursor0."""
    environ = dict(os.environ) if environ is None else environ
    if sys.platform in ("win32", "darwin") or "-platform" in argv or environ.get("QT_QPA_PLATFORM"):
        return ""
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return ""
    return (
        "warbench: no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set); "
        "every job also has a command that needs none: see warbench --help"
    )


def main(argv: list[str]) -> int:
    started = time.perf_counter()
    arguments(argv)  # --help and --version end here, before Qt starts
    if problem := no_display(argv):
        print(problem, file=sys.stderr)
        return 2
    app = application(argv)
    files = [str(Path(a).absolute()) for a in file_arguments(argv)]
    problem = ""  # why this process is not the single instance
    if SMOKE_TEST not in argv:
        # lazy: the smoke test (which times the bare start) does without it
        from warbench.gui.single_instance import InstanceServer, send_to_running

        if send_to_running(files):
            return 0  # the running Warbench opens them
        server = InstanceServer(open_in_new_windows, app, note=say)
        app._instance_server = server  # type: ignore[attr-defined]
        problem = server.problem
    window = create_window(argv, deferred=True)
    if problem:  # said on stderr, and once in the window's status bar
        window.ready.connect(lambda: window.statusBar().showMessage(problem, 30_000))
    if SMOKE_TEST in argv:
        window.ready.connect(lambda: _smoke_test_done(window, time.perf_counter() - started))
    window.show()
    return app.exec()


def _smoke_test_done(window, seconds: float) -> None:
    print(f"Warbench {__version__}: window ready in {seconds:.2f} s", flush=True)
    window.document.undo_stack.setClean()
    QCoreApplication.exit(0)


def run() -> int:
    """The ``warbench-gui`` entry point (no console window on Windows)."""
    return main(sys.argv[1:])
