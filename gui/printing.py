"""What the window prints and exports, and the remembered choices it is made with.

The documents are declared in :mod:`warbench.model.pdf.documents` (titles, builders, the options each reads);
each paper/layout choice is declared once here (setting, label, choices, the PrintOptions field it sets); the
File ▸ Export menu and the print preview's bar are both made from :data:`OPTIONS`, and every PDF
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
from warbench.model.pdf.documents import DOCUMENTS, PrintOptions, sheet_date
from warbench.model.pdf.documents import document as print_document


@dataclass(frozen=True)
class Option:
    setting: settings.Setting
    label: str
    field: str  # the PrintOptions field it sets
    choices: tuple[tuple[object, str], ...] = ()  # (value, label); none: an on/off switch

    @property
    def applies(self) -> tuple[str, ...]:
        """The documents it changes: those reading its field (model/pdf/documents.py)."""
        return tuple(doc.key for doc in DOCUMENTS if self.field in doc.reads)

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
        "paper",
        tuple((p, PAPER_LABELS.get(p, p)) for p in PAPERS),
    ),
    Option(settings.LANDSCAPE, str(QT_TRANSLATE_NOOP("printing", "Landscape")), "landscape"),
    Option(settings.MERGE_IDENTICAL, str(QT_TRANSLATE_NOOP("printing", "Merge identical elements")), "merge_identical"),
    Option(
        settings.CARDS_PER_PAGE,
        str(QT_TRANSLATE_NOOP("printing", "Cards per page")),
        "per_page",
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
    Option(settings.TICK_BOXES, str(QT_TRANSLATE_NOOP("printing", "Tick boxes on the sheet and cards")), "tick_boxes"),
    Option(settings.BUILD_TIME_CARDS, str(QT_TRANSLATE_NOOP("printing", "Build-time cards")), "build_time"),
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


def print_options(document, kind: str) -> PrintOptions:
    """The remembered options, the army's date and cost, and the army file's bytes where ``kind`` reads them."""
    source, name = summary_source(document) if print_document(kind).reads_file else (None, "")
    chosen = {option.field: option.value() for option in OPTIONS}
    return PrintOptions(**chosen, date=sheet_date(document.army), source=source, source_name=name, cost=document.cost)


def build_pdf(kind: str, document, progress: Callable[[int], None] | None = None) -> bytes:
    """The ``kind`` PDF (a key of model/pdf/documents.py) of the document's army with the remembered options
    (its cost as priced already: not again). Raises model.pdf.documents.Refused for an army the document
    cannot hold (a summary that needs more than a page)."""
    return print_document(kind).build(document.army, print_options(document, kind), progress)


def file_stem(document) -> str:
    """The print job's name: the army's file name or name, made a plain file name (a printer may save it)."""
    return settings.file_name(
        settings.file_stem(document.path, document.army.name), QCoreApplication.translate("printing", "army")
    )
