"""The documents Warbench prints, each declared once (no Qt, no reportlab).

A :class:`Document` is everything the command line, the window's File ▸ Export menu, its print preview and
the tests know of one PDF: its key, its titles in the window, its builder module, its ``warbench`` command
and that command's options. Every builder has one signature, ``build(army, options, progress=None) ->
bytes`` (:data:`Builder`), and reads what it needs from one :class:`PrintOptions`.

A new document: its builder module in ``model/pdf/`` (with that ``build``), its row in :data:`DOCUMENTS`,
its test; ``make translations`` picks up its titles (the German text in ``resources/i18n/warbench_de.ts``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol, cast

from warbench.model.pdf import CARDS_PER_PAGE, PAPERS

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.costing import ArmyCost


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (the name pyside6-lupdate reads)
    """Marks a text the window shows translated (``make translations`` reads this file); the model has no Qt,
    so the text is the English one here, translated where the window shows it (``gui.printing.shown``)."""
    return text


@dataclass(frozen=True)
class PrintOptions:
    """What a document is made with; each builder reads the fields it needs (:attr:`Document.reads`)."""

    paper: str = "a4"
    landscape: bool = False
    merge_identical: bool = False
    date: dt.date | None = None  # printed in the header; default today
    tick_boxes: bool = False  # each element's tracker boxes (rows are then never merged)
    per_page: int = 9  # cards on a page (CARDS_PER_PAGE)
    build_time: bool = False  # the cards for building an army (costing) too
    everything: bool = False  # the whole system's deck of cards, not only what the army uses
    source: bytes | None = None  # the army file's bytes (the summary prints their SHA-256)
    source_name: str = ""  # the army file's name
    cost: ArmyCost | None = field(default=None, compare=False)  # the army's cost when the caller has it already


def sheet_date(army: Army[Any, Any]) -> dt.date | None:
    """The army's own ``date`` field (YYYY-MM-DD), which makes its sheet reproducible."""
    value = (army.model_extra or {}).get("date")
    try:
        return dt.date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None


class Builder(Protocol):
    def __call__(
        self, army: Army[Any, Any], options: PrintOptions, progress: Callable[[int], None] | None = None
    ) -> bytes: ...


class Refused(ValueError):
    """A builder cannot make its document of this army; the message says why and what to do instead."""


def iso_date(text: str) -> dt.date:
    """``--date``'s value (YYYY-MM-DD)."""
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        import argparse  # only for a wrong date: argparse then says the message as it is

        raise argparse.ArgumentTypeError(f"{text!r} is not a date like 2026-11-23") from None


@dataclass(frozen=True)
class Argument:
    """An option of a document's ``warbench`` command: argparse's flag and keywords, setting the
    :class:`PrintOptions` ``field`` (none: a flag choosing the document, ``dest="document"``)."""

    field: str
    flag: str
    keywords: dict[str, Any]


def option(field: str, flag: str, help: str | None = None, **keywords: Any) -> Argument:  # noqa: A002 (argparse's)
    """An :class:`Argument`; an on/off switch unless ``keywords`` say otherwise."""
    keywords = keywords or {"action": "store_true"}
    return Argument(field, flag, {**keywords, "help": help} if help else keywords)


PAPER = option("paper", "--paper", choices=tuple(PAPERS), default="a4")
LANDSCAPE = option("landscape", "--landscape")
DATE = option(
    "date",
    "--date",
    "date printed in the header (YYYY-MM-DD; default: the army's 'date' field, else today)",
    type=iso_date,
)


@dataclass(frozen=True)
class Document:
    key: str  # its name in the code, the file-name suffix (army-sheet.pdf) and its menu item's (export_sheet)
    title: str  # the print preview's list
    export_title: str  # the export dialog's title (a sentence: German keeps its nouns' capitals)
    export_text: str  # File ▸ Export's item, with its accelerator
    help: str  # its ``warbench`` command's help (or, for a document chosen by a flag, the flag's)
    arguments: tuple[Argument, ...]  # the command's options for it, in the order --help lists them
    command: str = ""  # the ``warbench`` command that prints it; default: its key
    builder: str = ""  # its module in model/pdf, whose ``build`` makes it (a Builder); default: its key
    print_text: str = ""  # File ▸ Print…'s item while it prints this document (gui.printing.PRINTED)
    shortcut: str = ""  # File ▸ Export's key for it
    reads_file: bool = False  # reads the army file's bytes (PrintOptions.source)
    refused: str = ""  # when its builder may refuse an army (Refused): the message's title; built before asking where
    note: Callable[[PrintOptions], str] | None = None  # the command's line after writing the file

    def __post_init__(self) -> None:
        object.__setattr__(self, "command", self.command or self.key)
        object.__setattr__(self, "builder", self.builder or self.key)

    @property
    def reads(self) -> frozenset[str]:
        """The PrintOptions fields it reads (the window offers those options for it)."""
        return frozenset(a.field for a in self.arguments if a.field) | ({"source"} if self.reads_file else set())

    def build(
        self, army: Army[Any, Any], options: PrintOptions, progress: Callable[[int], None] | None = None
    ) -> bytes:
        """The PDF (its builder module is imported now: reportlab is not loaded before a document is made)."""
        builder = cast(Builder, import_module(f"warbench.model.pdf.{self.builder}").build)
        return builder(army, options, progress)


def _checksum_line(options: PrintOptions) -> str:
    import hashlib

    return f"army file SHA-256 {hashlib.sha256(options.source or b'').hexdigest()}"


#: every document, in the order the window lists them
DOCUMENTS = (
    Document(
        "sheet",
        QT_TRANSLATE_NOOP("printing", "Army sheet"),
        QT_TRANSLATE_NOOP("printing", "Export army sheet"),
        QT_TRANSLATE_NOOP("printing", "Army &sheet (PDF)…"),
        help="print the army sheet as PDF",
        print_text=QT_TRANSLATE_NOOP("printing", "&Print army sheet…"),
        arguments=(
            PAPER,
            LANDSCAPE,
            option("merge_identical", "--merge", "merge identical elements of a unit into one row"),
            option("tick_boxes", "--tick-boxes", "each element's tracker boxes under its name"),
            DATE,
        ),
        shortcut="Ctrl+Shift+E",
    ),
    Document(
        "summary",
        QT_TRANSLATE_NOOP("printing", "Roster summary (one page)"),
        QT_TRANSLATE_NOOP("printing", "Export roster summary (one page)"),
        QT_TRANSLATE_NOOP("printing", "Roster s&ummary, one page (PDF)…"),
        command="sheet",
        help="the one-page roster for a tournament organiser: validation stamp and the file's SHA-256",
        arguments=(
            PAPER,
            LANDSCAPE,
            option("", "--summary", action="store_const", dest="document", const="summary"),
            DATE,
        ),
        reads_file=True,
        refused=QT_TRANSLATE_NOOP("printing", "The army does not fit one page"),
        note=_checksum_line,
    ),
    Document(
        "cards",
        QT_TRANSLATE_NOOP("printing", "Reference cards"),
        QT_TRANSLATE_NOOP("printing", "Export reference cards"),
        QT_TRANSLATE_NOOP("printing", "Reference &cards (PDF)…"),
        help="print quick-reference cards as PDF (poker size, 9 per page, or 4 large)",
        arguments=(
            PAPER,
            option("everything", "--all", "the whole system's deck, not only what the army uses"),
            option(
                "per_page",
                "--per-page",
                "9 poker-size cards a page, or 4 in large print",
                type=int,
                choices=CARDS_PER_PAGE,
                default=9,
            ),
            option("tick_boxes", "--tick-boxes", "each unit card with its tracker boxes"),
            option("build_time", "--build-time", "with the cards for building an army (costing), not only playing it"),
        ),
    ),
    Document(
        "balance",
        QT_TRANSLATE_NOOP("printing", "Balance report"),
        QT_TRANSLATE_NOOP("printing", "Export balance report"),
        QT_TRANSLATE_NOOP("printing", "&Balance report (PDF)…"),
        command="sheet",
        help="is each element worth its points? value against points over the system's example armies",
        arguments=(
            PAPER,
            LANDSCAPE,
            option("", "--balance", action="store_const", dest="document", const="balance"),
        ),
        refused=QT_TRANSLATE_NOOP("printing", "No balance report for this army"),
    ),
    Document(
        "tracker",
        QT_TRANSLATE_NOOP("printing", "Game tracker"),
        QT_TRANSLATE_NOOP("printing", "Export game tracker"),
        QT_TRANSLATE_NOOP("printing", "Game &tracker (PDF)…"),
        help="print the game tracker as PDF: tick boxes per element, rounds, morale",
        arguments=(PAPER, LANDSCAPE),
    ),
)

BY_KEY = {document.key: document for document in DOCUMENTS}


def document(key: str) -> Document:
    """The document of ``key``; ValueError naming the keys for another."""
    try:
        return BY_KEY[key]
    except KeyError:
        raise ValueError(f"{key!r} is not one of {', '.join(BY_KEY)}") from None


def commands() -> dict[str, tuple[Document, ...]]:
    """Each ``warbench`` command that prints a document: its documents, the one it prints without a flag first."""
    found: dict[str, tuple[Document, ...]] = {}
    for doc in DOCUMENTS:
        found[doc.command] = (*found.get(doc.command, ()), doc)
    return found


def command_arguments(documents: tuple[Document, ...]) -> list[Argument]:
    """The options of a command printing ``documents``, each once, in the order each document lists them
    (one a later document adds comes before the next option it shares with the earlier ones)."""
    merged: list[Argument] = []
    for doc in documents:
        for i, argument in enumerate(doc.arguments):
            if argument in merged:
                continue
            shared_later = [merged.index(a) for a in doc.arguments[i + 1 :] if a in merged]
            merged.insert(shared_later[0] if shared_later else len(merged), argument)
    return merged
