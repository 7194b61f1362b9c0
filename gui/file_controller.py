"""The main window's file handling: new/open/save/recover, PDF export, recent files (drag and drop and the
activation that notes a file changed on disk come through the window). A part of
:class:`gui.main_window.MainWindow`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu, QProgressDialog, QWidget

from warbench.gui import plain, settings
from warbench.gui.exporting import exported, say_failed
from warbench.gui.i18n import COUNTED
from warbench.model.fileio import (
    ArmyFileError,
    FileStamp,
    atomic_write,
    failure_text,
    file_stamp,
    read_army_bytes,
    remove_stale_temporaries,
)
from warbench.model.resources import examples_dir

if TYPE_CHECKING:  # pragma: no cover
    from warbench.gui.document import ArmyDocument


#: a game file: Open… and Open Recent play it (Game ▸ Open Game…)
GAME_SUFFIX = ".game.json"


class FileController(QObject):
    """Opening, saving, recovering and exporting the window's document: a part of the window, given the window
    (dialogs' and documents' parent, status bar), a reader of its army, ``install`` (show a document in the
    window), ``update_title``, ``clear_autosave`` (drop the autosaved copy of the army it replaces) and
    ``offer_homebrew`` (the library's offer of an opened army's homebrew entries). It holds File ▸ Open Recent.
    (The class keeps its name: it is the context of its translated strings.)"""

    def __init__(
        self,
        window: QMainWindow,
        *,
        document: Callable[[], ArmyDocument],
        install: Callable[[ArmyDocument], None],
        update_title: Callable[[], None],
        clear_autosave: Callable[[], None],
        offer_homebrew: Callable[[], None],
        open_game: Callable[[Path], bool] | None = None,
    ):
        super().__init__(window)
        self._window = window
        self._document = document
        self._install = install
        self._update_title = update_title
        self._clear_autosave = clear_autosave
        self._offer_homebrew = offer_homebrew
        self._open_game = open_game  # a game file (Open…, Open Recent, drag and drop) is played, not built
        self._noted_stamp: FileStamp | None = None  # the file's stamp the status bar last noted as changed on disk
        self.recent_menu = QMenu(self.tr("Open &Recent"), window)
        self.recent_menu.aboutToShow.connect(self.refresh_recent)  # games opened or saved in play are listed too

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current document."""
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

        document = self._document()
        if not document.modified:
            return True
        answer = dialogs.ask_unsaved(self._window, document.path.name if document.path else document.army.name)
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_army(self) -> None:
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)
        from warbench.gui.document import ArmyDocument  # lazy: after the window's first paint (deferred start)

        if not self.maybe_save():
            return
        choice = dialogs.new_army(self._window)
        if choice is None:
            return
        system_id, name, limit = choice
        self._clear_autosave()
        self._install(ArmyDocument.new(system_id, name, limit, self._window))

    def open_dialog(self) -> None:
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

        if not self.maybe_save():
            return
        path = dialogs.open_path(self._window, settings.army_folder(), games=self._open_game is not None)
        if path:
            self.open_file(path, ask=False)

    def open_file(self, path: str | Path, ask: bool = True) -> bool:
        from warbench.gui.document import ArmyDocument  # lazy: after the window's first paint (deferred start)
        from warbench.model.collector import (
            no_cycle_collection,
        )  # lazy: after the window's first paint (deferred start)

        if str(path).endswith(GAME_SUFFIX) and self._open_game is not None:
            return self._open_game(Path(path))
        if ask and not self.maybe_save():
            return False
        try:
            with no_cycle_collection():  # reading a big army builds big trees and no cycles
                document = ArmyDocument.open(path, self._window)
        except ArmyFileError as exc:
            return self._open_with_repairs(Path(path), exc)
        self._clear_autosave()
        with no_cycle_collection():  # nor does pricing and showing it
            self._install(document)
        self.opened(Path(path))
        return True

    def _open_with_repairs(self, path: Path, exc: ArmyFileError) -> bool:
        """The file at ``path`` cannot open as it is (``exc`` says why): say so, and where repairs can open
        it (model/repair.py), offer them; accepted, the repaired army opens as a new, unsaved army."""
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)
        from warbench.model.collector import (
            no_cycle_collection,
        )  # lazy: after the window's first paint (deferred start)
        from warbench.model.repair import repair_army  # lazy: not loaded at start (tests/gui/test_start_up.py)

        refused = f"{exc.source or path}\n\n" + "\n".join(exc.shown)
        try:
            with no_cycle_collection():
                army, repairs = repair_army(read_army_bytes(path), str(path), exc)
        except ArmyFileError:
            repairs = []
        if not repairs:  # nothing to salvage (or the file changed since it was refused: opening it again will do)
            dialogs.show_error(self._window, self.tr("Cannot open army"), refused)
            if not path.exists():  # a missing file leaves Open Recent
                settings.remove_recent(str(path.resolve()))
                self.refresh_recent()
            return False
        if not dialogs.ask_open_with_repairs(self._window, self.tr("Cannot open army"), refused):
            return False
        if not dialogs.accept_repairs(self._window, str(path), repairs):
            return False
        said = self.tr("Opened {file} with %n repair(s) as a new army: save it under a new name", "", len(repairs))
        self.open_unsaved(army, said.format(file=path.name))
        return True

    def open_unsaved(self, army, message: str) -> None:
        """Show ``army`` as a new army that was never saved (no file: Save asks where; closing asks)."""
        from warbench.gui.document import ArmyDocument  # lazy: after the window's first paint (deferred start)
        from warbench.model.collector import (
            no_cycle_collection,
        )  # lazy: after the window's first paint (deferred start)

        document = ArmyDocument(army, None, self._window)
        document.undo_stack.resetClean()  # never saved: closing asks
        self._clear_autosave()
        with no_cycle_collection():
            self._install(document)
        self._window.statusBar().showMessage(message, 8000)
        self._offer_homebrew()

    def opened(self, path: Path) -> None:
        """What follows showing an army read from ``path``: its save's leftovers cleared, Open Recent,
        the status bar, the offer of its homebrew entries."""
        remove_stale_temporaries(path)  # left by a save that was killed
        self._remember(path)
        self._window.statusBar().showMessage(self.tr("Opened {path}").format(path=path), 4000)
        self._offer_homebrew()

    def recover(self, army, original: Path | None) -> None:
        """Open recovered work as unsaved changes on top of its original file (or a new army)."""
        # lazy: after the window's first paint (deferred start)
        from warbench.gui.document import ArmyDocument, ReplaceArmyCommand

        base = None
        if original is not None and original.exists():
            try:
                base = ArmyDocument.open(original, self._window)
            except ArmyFileError:
                base = None
        if base is None:
            base = ArmyDocument.new(army.system, army.name, army.points_limit, self._window)
            base.path = original
        if base.system.id != army.system:
            base = ArmyDocument(army, original, self._window)
            base.undo_stack.resetClean()
            base.undo_stack.setClean()
        self._install(base)
        base.undo_stack.push(ReplaceArmyCommand(base, base.army, army, self.tr("Recover autosaved work")))
        self._update_title()

    def save(self) -> bool:
        path = self._document().path
        if path is None or _is_example(path):  # an example is never overwritten
            return self.save_as()
        return self._save_to(path)

    def save_as(self) -> bool:
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

        document = self._document()
        stem = settings.file_stem(document.path, document.army.name)
        path = dialogs.save_path(self._window, settings.suggested_path(settings.army_folder(), stem, ".army.json"))
        if path and _is_example(Path(path)):
            dialogs.show_error(
                self._window,
                self.tr("Cannot save army"),
                self.tr(
                    "{path}\n\nThe example armies ship with Warbench and are never overwritten: save your copy "
                    "in a folder of your own."
                ).format(path=path),
            )
            return False
        return bool(path) and self._save_to(Path(path))

    def _save_to(self, path: Path) -> bool:
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

        answer = self._changed_on_disk(path)
        if answer == "cancel":
            return False
        if answer == "save_as":
            return self.save_as()
        try:
            self._document().save(path)
        except Exception as exc:  # every failure is shown; the army stays open and unsaved
            dialogs.show_error(
                self._window,
                self.tr("Could not save"),
                self.tr("{path}\n\n{value}\n\nYour army is still open and unchanged; save it somewhere else.").format(
                    path=path, value=failure_text(exc)
                ),
            )
            return False
        self._clear_autosave()
        self._remember(path)
        self._update_title()
        self._window.statusBar().showMessage(self.tr("Saved {path}").format(path=path), 4000)
        return True

    def _changed_on_disk(self, path: Path) -> str:
        """What to do about saving to ``path``: "overwrite" when that loses nothing, else the player's
        answer ("overwrite", "save_as" or "cancel") — the document's file changed on disk since this
        window read or wrote it (another window or Warbench saved it, another program wrote it)."""
        document = self._document()
        return ask_if_changed_on_disk(self._window, path, document.path, document.stamp)

    def note_changed_on_disk(self) -> None:
        """A status-bar note (once for each change) when the document's file changed on disk."""
        document = self._document()
        if document.path is None or document.stamp is None:
            return
        now = file_stamp(document.path)
        if now is None or now == document.stamp or now == self._noted_stamp:
            return
        self._noted_stamp = now
        self._window.statusBar().showMessage(
            self.tr(
                "{file} changed on disk since this window opened or saved it; Save will ask before replacing it"
            ).format(file=document.path.name),
            20_000,
        )

    # --- export ------------------------------------------------------------------
    def export_document(self, kind: str) -> bool:
        """Export the ``kind`` PDF (model/pdf/documents.py) with the remembered paper/layout options."""
        from warbench.gui import printing  # lazy: after the window's first paint (deferred start)

        doc = printing.print_document(kind)
        title = printing.shown(doc.export_title)
        if doc.refused:  # it may refuse the army (one page, quick): said before asking where
            data = self._built_or_say_why(kind)
            return data is not None and self.export_pdf(title, doc.key, lambda _progress: data)
        return self.export_pdf(title, doc.key, lambda progress: printing.build_pdf(kind, self._document(), progress))

    def _built_or_say_why(self, kind: str) -> bytes | None:
        from warbench.gui import dialogs, printing  # lazy: not loaded at start (tests/gui/test_start_up.py)
        from warbench.model.pdf.documents import Refused

        try:
            return printing.build_pdf(kind, self._document())
        except Refused as exc:
            dialogs.show_error(self._window, printing.shown(printing.print_document(kind).refused), str(exc))
            return None

    def print_preview(self):
        """File ▸ Print Preview: the army sheet (the bar picks another) as it exports, page by page (non-blocking)."""
        from warbench.gui.print_preview import PrintPreview  # lazy: not loaded at start (tests/gui/test_start_up.py)

        preview = PrintPreview(self._window)
        preview.setAttribute(Qt.WA_DeleteOnClose)
        preview.open()
        return preview

    def print_document(self) -> int:
        """File ▸ Print…: the army sheet (printing.PRINTED) through the system's print dialog; pages printed."""
        from warbench.gui import printing  # lazy: after the window's first paint (deferred start)
        from warbench.gui.print_preview import print_pdf  # lazy: not loaded at start (tests/gui/test_start_up.py)

        kind = printing.PRINTED
        document = self._document()
        data = printing.build_pdf(kind, document)
        printed = print_pdf(self._window, data, f"{printing.file_stem(document)}-{kind}")
        if printed:
            self._window.statusBar().showMessage(self.tr("Sent %n page(s) to the printer", "", printed), 5000)
        return printed

    def export_pdf(self, title: str, suffix: str, build) -> bool:
        from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

        document = self._document()
        stem = settings.file_stem(document.path, document.army.name)
        path = dialogs.export_path(
            self._window, title, settings.suggested_path(settings.export_folder(), f"{stem}-{suffix}", ".pdf")
        )
        if not path:
            return False
        dialog = QProgressDialog(f"{title}…", "", 0, 0, self._window)
        dialog.setObjectName("exportProgress")
        dialog.setCancelButton(None)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(300)

        def progress(pages: int) -> None:
            dialog.setLabelText(COUNTED.pages_laid_out(title, pages))
            QApplication.processEvents()

        try:
            data = build(progress)
            atomic_write(path, data)  # an existing PDF is only replaced once the new one is complete
        except OSError as exc:
            say_failed(self._window, path, exc)
            return False
        finally:
            dialog.close()
        exported(self._window, path)
        if dialogs.ask_open_pdf(self._window, path) and not dialogs.open_externally(path):
            folder = str(Path(path).resolve().parent)
            if dialogs.ask_show_folder(self._window, path) and not dialogs.open_externally(folder):
                dialogs.show_error(
                    self._window,
                    self.tr("Cannot show the folder"),
                    self.tr("The PDF is in {folder}").format(folder=folder),
                )
        return True

    def _remember(self, path: Path) -> None:
        settings.add_recent(str(path.resolve()))
        if not _is_example(path):  # Save As and Open start in the player's folder, not among the examples
            settings.LAST_FOLDER.write(str(path.resolve().parent))
        self.refresh_recent()

    def refresh_recent(self) -> None:
        self.recent_menu.clear()
        recent = settings.RECENT_FILES.read()
        for path in recent:
            action = self.recent_menu.addAction(plain.action_text(Path(path).name))
            action.setToolTip(plain.tip(path))
            action.setData(path)
            action.triggered.connect(lambda _=False, p=path: self.open_file(p))
        self.recent_menu.setEnabled(bool(recent))


def ask_if_changed_on_disk(parent: QWidget, path: Path, own: Path | None, stamp: FileStamp | None) -> str:
    """What to do about saving to ``path`` a document read from or last written to ``own`` when its file
    had ``stamp``: "overwrite" when that loses nothing (another file, none on disk, or unchanged), else the
    player's answer ("overwrite", "save_as" or "cancel") — the file changed on disk since (another window or
    Warbench saved it, ``warbench game next-round`` or another program wrote it)."""
    from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

    if own is None or Path(path) != own or stamp is None:
        return "overwrite"
    now = file_stamp(path)
    if now is None or now == stamp:  # gone since (nothing to lose) or unchanged
        return "overwrite"
    return dialogs.ask_changed_on_disk(parent, str(path))


def _is_example(path: Path) -> bool:
    """Whether ``path`` is one of the example armies shipped with Warbench (a checkout's resources/examples
    or the installed package's)."""
    try:
        return path.resolve().parent == Path(examples_dir()).resolve()
    except OSError:
        return False
