"""What the window prints and exports, and the remembered choices it is made with.

Each paper/layout choice is declared once here (setting, label, choices, which documents it shapes);
the File ▸ Export menu and the print preview's bar are both made from :data:`OPTIONS`, and every PDF
the window makes — exported, previewed or printed — is built by :func:`build_pdf` from the same
remembered values, so what is previewed is what is exported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from warbench.gui import settings
from warbench.model.fileio import army_bytes, read_army_bytes
from warbench.model.pdf import CARDS_PER_PAGE, PAPERS

#: the PDFs the window makes: key → (title, file-name suffix); titles and labels are shown through :func:`shown`
DOCUMENTS = {
    "sheet": (str(QT_TRANSLATE_NOOP("printing", "Army sheet")), "sheet"),
    "summary": (str(QT_TRANSLATE_NOOP("printing", "Roster summary (one page)")), "summary"),
    "cards": (str(QT_TRANSLATE_NOOP("printing", "Reference cards")), "cards"),
    "tracker": (str(QT_TRANSLATE_NOOP("printing", "Game tracker")), "tracker"),
}
#: the title of each document's export dialog (a sentence: German keeps its nouns' capitals)
EXPORT_TITLES = {
    "sheet": str(QT_TRANSLATE_NOOP("printing", "Export army sheet")),
    "summary": str(QT_TRANSLATE_NOOP("printing", "Export roster summary (one page)")),
    "cards": str(QT_TRANSLATE_NOOP("printing", "Export reference cards")),
    "tracker": str(QT_TRANSLATE_NOOP("printing", "Export game tracker")),
}


@dataclass(frozen=True)
class Option:
    setting: settings.Setting
    label: str
    applies: tuple[str, ...]  # the DOCUMENTS it changes
    choices: tuple[tuple[object, str], ...] = ()  # (value, label); none: an on/off switch

    def value(self):
        """The remembered value; the default when what is stored is not one of the choices."""
        value = self.setting.read()
        if self.choices and value not in [v for v, _ in self.choices]:
            return self.setting.default
        return value


PAPER_LABELS = {"a4": "A4", "letter": str(QT_TRANSLATE_NOOP("printing", "Letter"))}
OPTIONS = (
    Option(
        settings.PAPER,
        str(QT_TRANSLATE_NOOP("printing", "Paper")),
        ("sheet", "summary", "cards", "tracker"),
        tuple((p, PAPER_LABELS.get(p, p)) for p in PAPERS),
    ),
    Option(settings.LANDSCAPE, str(QT_TRANSLATE_NOOP("printing", "Landscape")), ("sheet", "summary", "tracker")),
    Option(settings.MERGE_IDENTICAL, str(QT_TRANSLATE_NOOP("printing", "Merge identical elements")), ("sheet",)),
    Option(
        settings.CARDS_PER_PAGE,
        str(QT_TRANSLATE_NOOP("printing", "Cards per page")),
        ("cards",),
        tuple(
            (
                n,
                str(
                    QT_TRANSLATE_NOOP("printing", "{n} (poker size)")
                    if n == 9
                    else QT_TRANSLATE_NOOP("printing", "{n} (large print)")
                ),
            )
            for n in CARDS_PER_PAGE
        ),
    ),
    Option(
        settings.TICK_BOXES, str(QT_TRANSLATE_NOOP("printing", "Tick boxes on the sheet and cards")), ("sheet", "cards")
    ),
    Option(settings.BUILD_TIME_CARDS, str(QT_TRANSLATE_NOOP("printing", "Build-time cards")), ("cards",)),
)


#: what File ▸ Print… prints and Print Preview shows first, for every army: a document picked in a
#: preview is for that preview only (a summary picked once must not print for the next army)
PRINTED = "sheet"


def shown(text: str, n: object = None) -> str:
    """A title or label of this module in the window's language ("{n} (poker size)" with its ``n``)."""
    return QCoreApplication.translate("printing", text).format(n=n)


def summary_source(document) -> tuple[bytes, str]:
    """The army file's bytes and name for the summary's checksum: the saved file when the army is
    unchanged since, else the bytes Save will write (named "… (unsaved)", matching once saved)."""
    if document.path is not None and not document.modified:
        try:
            return read_army_bytes(document.path), document.path.name
        except Exception:  # gone or unreadable since: fall back to what Save would write
            pass
    name = document.path.name if document.path else f"{document.army.name}.army.json"
    return army_bytes(document.army), f"{name} (unsaved changes: save to match)"


def build_pdf(kind: str, document, progress: Callable[[int], None] | None = None) -> bytes:
    """The ``kind`` PDF (a DOCUMENTS key) of the document's army with the remembered options.
    Raises model.pdf.summary.SummaryTooLong for a summary that needs more than a page."""
    from warbench.model.pdf.sheet import (
        SheetOptions,
        sheet_date,
    )  # lazy: not loaded at start (tests/gui/test_start_up.py)

    army = document.army
    paper, landscape, merge, per_page, ticks, build_time = (option.value() for option in OPTIONS)
    opts = SheetOptions(
        paper=paper, landscape=landscape, merge_identical=merge, date=sheet_date(army), tick_boxes=ticks
    )
    if kind == "sheet":
        from warbench.model.pdf.sheet import build_sheet  # lazy: not loaded at start (tests/gui/test_start_up.py)

        return build_sheet(army, opts, progress, cost=document.cost)  # priced already: not again
    if kind == "summary":
        from warbench.model.pdf.summary import build_summary  # lazy: not loaded at start (tests/gui/test_start_up.py)

        source, name = summary_source(document)
        return build_summary(army, source, name, opts, cost=document.cost)
    if kind == "cards":
        from warbench.model.pdf.cards import build_cards  # lazy: not loaded at start (tests/gui/test_start_up.py)

        return build_cards(
            army,
            paper=paper,
            progress=progress,
            per_page=per_page,
            cost=document.cost,
            tick_boxes=ticks,
            build_time=build_time,
        )
    if kind == "tracker":
        from warbench.model.pdf.tracker import build_tracker  # lazy: not loaded at start (tests/gui/test_start_up.py)

        return build_tracker(army, opts, progress)
    raise ValueError(f"{kind!r} is not one of {', '.join(DOCUMENTS)}")


def file_stem(document) -> str:
    """The print job's name: the army's file name or name, made a plain file name (a printer may save it)."""
    return settings.file_name(
        settings.file_stem(document.path, document.army.name), QCoreApplication.translate("printing", "army")
    )
