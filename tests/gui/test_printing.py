"""File ▸ Print Preview / Print…, the PDF rasteriser and the remembered paper/layout options."""

from __future__ import annotations

import hashlib
import io
import math

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QKeySequence, QPageLayout, QPageSize
from PySide6.QtPrintSupport import QPrinter

from tests.gui.helpers import (
    HUMAN,
)
from warbench.cli import main
from warbench.gui import pdf_pages, print_preview, printing, settings
from warbench.gui.pdf_pages import PdfPages, paint
from warbench.model.fileio import army_bytes, load_army
from warbench.model.pdf.cards import Layout, deck
from warbench.model.pdf.documents import DOCUMENTS, sheet_date
from warbench.model.pdf.sheet import SheetOptions, build_sheet
from warbench.model.resources import examples_dir

ORC = examples_dir() / "orc-and-ghoblin-force.army.json"


class Printers:
    """Stands in for the system's print dialog: records each printer, answers, and sends the
    accepted ones to a PDF file so what was printed can be read back."""

    def __init__(self, tmp_path):
        self.accept = True
        self.folder = tmp_path
        self.asked: list[QPrinter] = []
        self.page_counts: list[int] = []
        self.range: tuple[int, int] | None = None  # the pages the user picks, if any

    def __call__(self, parent, printer: QPrinter, page_count: int) -> bool:
        self.asked.append(printer)
        self.page_counts.append(page_count)
        printer.setOutputFormat(QPrinter.PdfFormat)
        printer.setOutputFileName(str(self.folder / f"printed-{len(self.asked)}.pdf"))
        if self.range:
            printer.setFromTo(*self.range)
        return self.accept

    def output(self, n: int = 1) -> PdfReader:
        return PdfReader(self.folder / f"printed-{n}.pdf")


@pytest.fixture
def printers(monkeypatch, tmp_path):
    p = Printers(tmp_path)
    monkeypatch.setattr(print_preview, "ask_printer", p)
    return p


@pytest.fixture
def orc_window(window):
    assert window.open_file(ORC)
    return window


def _preview(window, qtbot):
    preview = window.files.print_preview()
    qtbot.waitUntil(lambda: preview.isVisible())
    return preview


def _difference(a, b) -> float:
    """Mean absolute difference of two pages' grey levels (0..255), each smoothed to 120 × 170."""

    def grey(image) -> bytes:
        small = image.convertToFormat(QImage.Format_Grayscale8).scaled(120, 170, mode=Qt.SmoothTransformation)
        return bytes(small.constBits())

    da, db = grey(a), grey(b)
    return sum(abs(x - y) for x, y in zip(da, db)) / len(da)


# --- the rasteriser -----------------------------------------------------------------------------
def test_pages_are_drawn_at_the_size_asked():
    pages = PdfPages(build_sheet(load_army(ORC), SheetOptions(landscape=True)))
    assert len(pages) == len(PdfReader(io.BytesIO(build_sheet(load_army(ORC), SheetOptions(landscape=True)))).pages)
    assert pages.size(0) == pytest.approx((841.89, 595.28), abs=0.01)
    image = pages.image(0, 72)
    assert (image.width(), image.height()) == (842, 596)  # PDFium rounds up
    assert image.pixelColor(5, 5).name() == "#ffffff"  # the margin is paper
    grey = image.convertToFormat(image.Format.Format_Grayscale8)
    assert min(bytes(grey.constBits())) < 80  # and there is ink on the page
    pages.close()


def test_printing_to_a_pdf_file_prints_every_page_at_actual_size(qapp, tmp_path):
    """What the printer gets is the exported PDF: same page count and paper, and each printed page,
    drawn again, looks like the exported one (the Orc sheet in landscape: two pages)."""
    data = build_sheet(load_army(ORC), SheetOptions(landscape=True))
    pages = PdfPages(data)
    printer = QPrinter(QPrinter.HighResolution)
    printer.setPageLayout(pdf_pages.page_layout(pages))
    printer.setOutputFormat(QPrinter.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "out.pdf"))
    assert paint(pages, printer, dpi=150) == len(pages) == 2
    printed = PdfReader(tmp_path / "out.pdf")
    assert len(printed.pages) == 2
    box = printed.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((841.89, 595.28), abs=1.0)
    again = PdfPages((tmp_path / "out.pdf").read_bytes())
    for i in range(2):
        assert _difference(pages.image(i, 50), again.image(i, 50)) < 7
    assert _difference(pages.image(0, 50), again.image(1, 50)) > 12  # the comparison tells pages apart


def test_a_page_range_prints_only_those_pages(qapp, tmp_path):
    pages = PdfPages(build_sheet(load_army(ORC), SheetOptions(landscape=True)))
    assert len(pages) == 2
    printer = QPrinter(QPrinter.HighResolution)
    printer.setOutputFormat(QPrinter.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "p2.pdf"))
    printer.setFromTo(2, 2)
    assert paint(pages, printer, dpi=72) == 1
    assert len(PdfReader(tmp_path / "p2.pdf").pages) == 1


# --- the window -----------------------------------------------------------------------------
def test_ctrl_p_is_print_preview_and_shows_the_exported_sheet(qtbot, orc_window, answers, tmp_path):
    window = orc_window
    assert window.commands.print_preview_action.shortcut() == QKeySequence("Ctrl+P")
    assert window.commands.print_action.shortcut() == QKeySequence("Ctrl+Shift+P")
    assert window.commands.print_action.text() == "&Print army sheet…"
    shortcuts = [
        a.shortcut().toString() for a in window.findChildren(type(window.commands.print_action)) if a.shortcut()
    ]
    assert shortcuts.count("Ctrl+P") == 1  # the sheet export no longer takes it
    window.commands.print_preview_action.trigger()
    preview = window.findChild(print_preview.PrintPreview, "printPreview")
    qtbot.waitUntil(lambda: preview.isVisible())
    answers.export_path = str(tmp_path / "sheet.pdf")
    assert window.files.export_document("sheet")
    assert preview.pdf == (tmp_path / "sheet.pdf").read_bytes()  # the preview is the export, byte for byte
    count = len(PdfReader(tmp_path / "sheet.pdf").pages)
    assert preview.preview.pageCount() == count and preview.page_label.text() == f"{count} page{'s' * (count != 1)}"
    preview.close()


@pytest.mark.parametrize("doc", DOCUMENTS, ids=lambda doc: doc.key)
def test_each_document_is_in_the_export_menu_and_the_preview_and_exports_what_its_command_prints(
    doc, qtbot, orc_window, answers, tmp_path
):
    """The window reads model/pdf/documents.py: an Export item and a preview entry per document, each PDF the
    bytes its ``warbench`` command writes (the default options)."""
    action = orc_window.commands.export_actions[doc.key]
    assert action.objectName() == f"export_{doc.key}" and action in orc_window.commands.export_menu.actions()
    assert action.text() == doc.export_text and action.shortcut().toString() == doc.shortcut
    preview = _preview(orc_window, qtbot)
    assert preview.kind_box.itemData(preview.kind_box.findText(doc.title)) == doc.key
    preview.close()
    answers.export_path = str(tmp_path / "window.pdf")
    action.trigger()
    flags = [a.flag for a in doc.arguments if not a.field and a.keywords.get("const") == doc.key]
    assert main([doc.command, str(ORC), "-o", str(tmp_path / "cli.pdf"), *flags]) == 0
    assert (tmp_path / "window.pdf").read_bytes() == (tmp_path / "cli.pdf").read_bytes()


def test_the_preview_switches_documents_and_remembers_the_options(qtbot, orc_window):
    preview = _preview(orc_window, qtbot)
    preview.kind_box.setCurrentIndex(preview.kind_box.findData("cards"))
    per_page = preview.findChild(type(preview.kind_box), "print_cards_per_page")
    assert per_page.isVisibleTo(preview) and not preview.findChild(object, "print_landscape").isVisibleTo(preview)
    per_page.setCurrentIndex(per_page.findData(4))
    cards = deck(load_army(ORC), layout=Layout(4))
    assert preview.preview.pageCount() == math.ceil(len(cards) / 4) == len(PdfReader(io.BytesIO(preview.pdf)).pages)
    assert settings.CARDS_PER_PAGE.read() == 4
    # the document picked is for this preview only; the menu follows the cards per page
    assert orc_window.commands.print_action.text() == "&Print army sheet…"
    assert orc_window.findChild(type(orc_window.commands.print_action), "cards_per_page_4").isChecked()
    preview.close()
    again = _preview(orc_window, qtbot)
    assert again.kind == "sheet"
    again.kind_box.setCurrentIndex(again.kind_box.findData("cards"))
    assert again.findChild(type(again.kind_box), "print_cards_per_page").currentData() == 4
    again.findChild(object, "print_paper").setCurrentIndex(1)  # Letter
    assert settings.PAPER.read() == "letter"
    assert float(PdfReader(io.BytesIO(again.pdf)).pages[0].mediabox.height) == pytest.approx(792)
    again.close()


def test_the_gui_card_export_uses_the_remembered_cards_per_page(qtbot, orc_window, answers, tmp_path):
    orc_window.findChild(type(orc_window.commands.print_action), "cards_per_page_4").trigger()
    assert settings.CARDS_PER_PAGE.read() == 4
    answers.export_path = str(tmp_path / "cards.pdf")
    assert orc_window.files.export_document("cards")
    assert len(PdfReader(tmp_path / "cards.pdf").pages) == math.ceil(len(deck(load_army(ORC), layout=Layout(4))) / 4)


def test_landscape_and_merge_shape_the_exported_sheet(qtbot, orc_window, answers, tmp_path):
    settings.LANDSCAPE.write(True)
    settings.MERGE_IDENTICAL.write(True)
    answers.export_path = str(tmp_path / "sheet.pdf")
    assert orc_window.files.export_document("sheet")
    army = load_army(ORC)
    expected = build_sheet(army, SheetOptions("a4", True, True, sheet_date(army)))
    assert (tmp_path / "sheet.pdf").read_bytes() == expected


def test_a_stored_value_that_is_not_a_choice_falls_back_to_the_default(qtbot, orc_window):
    settings.PAPER.write("a5")
    settings.CARDS_PER_PAGE.write(6)
    assert [o.value() for o in printing.OPTIONS][::3] == ["a4", 9]
    assert printing.build_pdf("cards", orc_window.document)  # builds instead of raising


def test_print_goes_through_the_system_dialog_and_prints_the_previewed_pdf(qtbot, orc_window, printers):
    settings.LANDSCAPE.write(True)  # the Orc sheet in landscape: two pages
    preview = _preview(orc_window, qtbot)
    printers.accept = False
    assert preview.print_() == 0 and len(printers.asked) == 1
    assert not (printers.folder / "printed-1.pdf").exists()  # cancelled: nothing printed
    printers.accept = True
    assert preview.print_() == 2
    printer = printers.asked[-1]
    assert printer.docName() == "orc-and-ghoblin-force-sheet" and printer.pageLayout().pageSize().id() == QPageSize.A4
    assert printer.pageLayout().orientation() == QPageLayout.Orientation.Landscape
    assert len(printers.output(2).pages) == 2 and printers.page_counts == [2, 2]
    assert "Sent 2 pages to the printer" in orc_window.statusBar().currentMessage()
    printers.range = (2, 2)  # the user asks for page 2 only
    assert preview.print_() == 1 and len(printers.output(3).pages) == 1
    preview.close()


@pytest.mark.qt_log_ignore(r"QPainter::begin\(\): Returned false")  # what the failure says, expected
def test_a_printer_that_cannot_start_is_reported(qtbot, orc_window, printers, answers, monkeypatch):
    real = printers.__call__

    def unwritable(parent, printer, count):
        accepted = real(parent, printer, count)
        printer.setOutputFileName("/proc/no-printing-here.pdf")
        return accepted

    monkeypatch.setattr(print_preview, "ask_printer", unwritable)
    assert orc_window.files.print_document() == 0
    assert answers.errors[-1][0] == "Print failed" and "no-printing-here.pdf" in answers.errors[-1][1]


def test_file_print_prints_the_sheet(qtbot, orc_window, printers):
    pages = len(PdfReader(io.BytesIO(printing.build_pdf("sheet", orc_window.document))).pages)
    assert orc_window.files.print_document() == pages
    assert len(printers.output().pages) == pages


def test_the_summary_checksum_is_the_saved_file_or_says_it_is_unsaved(qtbot, orc_window, answers):
    def text() -> str:
        return PdfReader(io.BytesIO(printing.build_pdf("summary", orc_window.document))).pages[0].extract_text()

    assert hashlib.sha256(ORC.read_bytes()).hexdigest() in text().replace("\n", "")
    doc = orc_window.document
    doc.rename_unit(0, "Renamed Mob")
    assert doc.modified
    flat = " ".join(text().split())
    assert "(unsaved changes: save to match)" in flat
    assert hashlib.sha256(army_bytes(doc.army)).hexdigest() in flat.replace(" ", "")


def test_a_summary_that_cannot_fit_is_explained_in_the_preview_and_on_export(qtbot, window, answers, tmp_path):
    import json

    data = json.loads(ORC.read_text(encoding="utf-8"))
    data["units"] = [dict(u, name=f"{u['name']} {i}") for i in range(10) for u in data["units"]]
    big = tmp_path / "big.army.json"
    big.write_text(json.dumps(data), encoding="utf-8")
    assert window.open_file(big)
    preview = _preview(window, qtbot)
    preview.kind_box.setCurrentIndex(preview.kind_box.findData("summary"))
    assert preview.stack.currentWidget() is preview.message
    assert "does not fit on one page" in preview.message.text()
    assert not preview.print_button.isEnabled() and not preview.export_button.isEnabled()
    assert not preview.fit_width.isEnabled() and "warbench" not in preview.message.text()  # no CLI talk here
    preview.kind_box.setCurrentIndex(preview.kind_box.findData("sheet"))  # the sheet still previews
    assert preview.stack.currentWidget() is preview.preview and preview.print_button.isEnabled()
    preview.close()
    answers.export_path = str(tmp_path / "summary.pdf")
    assert window.files.export_document("summary") is False
    assert answers.errors[-1][0] == "The army does not fit one page" and not (tmp_path / "summary.pdf").exists()
    assert not any(a.startswith("export:") for a in answers.asked)  # refused before asking where


def test_export_from_the_preview_writes_the_previewed_bytes(qtbot, orc_window, answers, tmp_path):
    preview = _preview(orc_window, qtbot)
    preview.kind_box.setCurrentIndex(preview.kind_box.findData("summary"))
    answers.export_path = str(tmp_path / "s.pdf")
    assert preview.export()
    assert (tmp_path / "s.pdf").read_bytes() == preview.pdf
    assert answers.asked[-1].endswith("orc-and-ghoblin-force-summary.pdf")
    preview.close()


def test_file_export_tracker_writes_the_tracker_with_the_remembered_paper(qtbot, orc_window, answers, tmp_path):
    from warbench.model.pdf.tracker import build_tracker

    settings.PAPER.write("letter")
    settings.LANDSCAPE.write(True)
    answers.export_path = str(tmp_path / "tracker.pdf")
    action = orc_window.findChild(type(orc_window.commands.print_action), "export_tracker")
    assert action in orc_window.commands.export_menu.actions()
    action.trigger()
    army = load_army(ORC)
    written = (tmp_path / "tracker.pdf").read_bytes()
    assert written == build_tracker(army, SheetOptions("letter", True))
    assert float(PdfReader(io.BytesIO(written)).pages[0].mediabox.width) == pytest.approx(792)
    assert answers.asked[-1].endswith("/orc-and-ghoblin-force-tracker.pdf")  # the default name


def test_the_tick_boxes_option_puts_the_trackers_boxes_on_the_exported_sheet_and_cards(
    qtbot, orc_window, answers, tmp_path
):
    action = orc_window.findChild(type(orc_window.commands.print_action), "tick_boxes")
    assert action in orc_window.commands.export_menu.actions() and not action.isChecked()
    action.trigger()
    assert settings.TICK_BOXES.read() is True
    army = load_army(ORC)
    elements = sum(len(unit.elements) for unit in army.units)
    for kind in ("sheet", "cards"):
        answers.export_path = str(tmp_path / f"{kind}.pdf")
        assert orc_window.files.export_document(kind)
        text = "".join(page.extract_text() for page in PdfReader(tmp_path / f"{kind}.pdf").pages)
        assert text.count("Activated") == elements, kind


def test_the_build_time_option_adds_the_costing_cards(qtbot, orc_window, answers, tmp_path):
    action = orc_window.findChild(type(orc_window.commands.print_action), "build_time_cards")
    assert action in orc_window.commands.export_menu.actions() and not action.isChecked()
    answers.export_path = str(tmp_path / "plain.pdf")
    assert orc_window.files.export_document("cards")
    action.trigger()
    assert settings.BUILD_TIME_CARDS.read() is True
    answers.export_path = str(tmp_path / "costing.pdf")
    assert orc_window.files.export_document("cards")
    texts = ["".join(p.extract_text() for p in PdfReader(tmp_path / f"{n}.pdf").pages) for n in ("plain", "costing")]
    assert "Costing an element" not in texts[0] and "Costing an element" in texts[1]


def test_a_summary_picked_in_the_preview_does_not_stick(qtbot, window, monkeypatch):
    from warbench.gui import print_preview, printing

    window.open_file(HUMAN)
    preview = window.files.print_preview()
    qtbot.waitUntil(preview.isVisible)
    preview.kind_box.setCurrentIndex(preview.kind_box.findData("summary"))
    assert preview.kind == "summary"
    preview.close()
    assert window.commands.print_action.text() == "&Print army sheet…"  # File names what it prints: still the sheet
    window.open_file(examples_dir() / "orc-and-ghoblin-force.army.json")  # another army
    window.commands.print_preview_action.trigger()  # Ctrl+P
    (again,) = [p for p in window.findChildren(print_preview.PrintPreview) if p.isVisible()]
    assert again.kind == "sheet"
    again.close()
    printed: list[bytes] = []
    monkeypatch.setattr(print_preview, "print_pdf", lambda parent, data, name: printed.append(data) or 1)
    assert window.files.print_document() == 1
    assert printed == [printing.build_pdf("sheet", window.document)]


def test_export_reuses_the_documents_cost(window, answers, tmp_path, monkeypatch):
    """Sheet, summary and cards are built from the cost the window already shows: nothing is priced again."""
    import warbench.model.pdf.cards
    import warbench.model.pdf.sheet
    import warbench.model.pdf.summary

    priced = []
    for module in (warbench.model.pdf.sheet, warbench.model.pdf.cards, warbench.model.pdf.summary):
        original = module.price_army
        monkeypatch.setattr(
            module, "price_army", lambda *a, _m=module, _o=original, **k: priced.append(_m.__name__) or _o(*a, **k)
        )
    window.open_file(HUMAN)
    for kind in ("sheet", "summary", "cards"):
        answers.export_path = str(tmp_path / f"{kind}.pdf")
        assert window.files.export_document(kind), kind
        assert (tmp_path / f"{kind}.pdf").read_bytes().startswith(b"%PDF")
    assert priced == []
    # the same builders still price for themselves when given no cost (the command line)
    from warbench.model.pdf.sheet import build_sheet

    build_sheet(window.document.army)
    assert priced == ["warbench.model.pdf.sheet"]
