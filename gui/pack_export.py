"""File ▸ Export ▸ Table Pack (HTML)…: the army's table pack (``warbench pack``, ``model/pack/``), one offline
page for a phone at the table, in the window's language, its odds against the army itself. A part of
:class:`gui.main_window.MainWindow`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QLocale, QObject
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from warbench.gui import settings
from warbench.gui.exporting import write_export
from warbench.gui.parts import make_action

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    from PySide6.QtGui import QAction

    from warbench.gui.document import ArmyDocument


def ask_pack_path(parent: QWidget, suggested: str) -> str:
    """The .html file to write, ".html" added to a name without a suffix; "" when cancelled."""
    from warbench.gui import dialogs  # lazy: not loaded at start (tests/gui/test_start_up.py)

    types = ((QCoreApplication.translate("PackExportActions", "Web pages (*.html)"), "html", ".html"),)
    title = QCoreApplication.translate("PackExportActions", "Export table pack")
    return dialogs.typed_save_path(parent, title, suggested, types)[0]


def pack_language() -> str:
    """The pack's language: the window's (QLocale's default, which gui.i18n sets) where the pack has it."""
    from warbench.model.pack.words import LANGUAGES

    code = QLocale().name().split("_")[0]
    return code if code in LANGUAGES else "en"


def pack_in(army: Any, language: str) -> bytes:
    """The army's table pack in ``language``: its own words (``model/pack/words.py``) and the model's on it (cost
    lines, states, morale lines) in that language, as ``warbench pack --language`` makes it; the model's language
    is the window's again after."""
    from warbench.model import i18n as model_i18n
    from warbench.model.pack import build_pack  # lazy: not loaded at start (tests/gui/test_start_up.py)

    before = model_i18n.language()
    model_i18n.use(language)
    try:
        return build_pack(army, language=language)
    finally:
        model_i18n.use(before)


class PackExportActions(QObject):
    """File ▸ Export ▸ Table Pack (HTML)…: a part of the window, given the window (the dialogs' parent and its
    status bar), the army it exports (read when asked: File ▸ Open replaces it) and the menu it joins, after
    which action."""

    def __init__(self, window: QMainWindow, document: Callable[[], ArmyDocument], menu: QMenu, after: QAction) -> None:
        super().__init__(window)
        self._window = window
        self._document = document
        self.action = make_action(window, self.tr("Table &pack (HTML)…"), self.export_pack, None, "export_pack")
        self.action.setToolTip(
            self.tr("One page for a phone at the table: cards, rules, dice, odds and a tracker, offline")
        )
        actions = menu.actions()
        menu.insertAction(actions[actions.index(after) + 1], self.action)

    def export_pack(self) -> bool:
        """Write the army's table pack to a file the player picks; replaced atomically."""

        doc = self._document()
        stem = settings.file_stem(doc.path, doc.army.name)
        path = ask_pack_path(self._window, settings.suggested_path(settings.export_folder(), stem, ".html"))
        if not path:
            return False
        cannot = self.tr("Cannot export the table pack")
        return write_export(self._window, path, lambda: pack_in(doc.army, pack_language()), cannot)
