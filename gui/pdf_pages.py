"""Our PDFs as pages for Qt: rasterised by PDFium (pypdfium2) for the print preview and the printer.

PySide6-Essentials has no QtPdf, so PDFium (Chromium's PDF engine, in the pypdfium2 wheel: no system
library needed on Linux, Windows or macOS) draws the very PDF the export writes: what the preview
shows and the printer prints is the exported file, never a second layout.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pypdfium2 as pdfium  # type: ignore[import-untyped]  # no type hints shipped
from PySide6.QtCore import QCoreApplication, QMarginsF, QRectF, QSizeF
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPainter
from PySide6.QtPrintSupport import QPrinter

#: the most pixels per inch a printed page is rasterised at (a 300 dpi A4 page is 35 MB while drawn)
PRINT_DPI = 300
#: pixels per inch of the preview's pages (sharp up to about 150 % zoom)
PREVIEW_DPI = 110


class PdfPages:
    """The pages of one PDF (bytes), drawn on request."""

    def __init__(self, data: bytes) -> None:
        self._pdf = pdfium.PdfDocument(data)

    def __len__(self) -> int:
        return len(self._pdf)

    def size(self, index: int) -> tuple[float, float]:
        """Page ``index``'s width and height in points."""
        return tuple(self._pdf[index].get_size())

    def image(self, index: int, dpi: float) -> QImage:
        """Page ``index`` as an opaque image at ``dpi`` pixels per inch."""
        bitmap = self._pdf[index].render(scale=dpi / 72, prefer_bgrx=True, rev_byteorder=True, may_draw_forms=False)
        image = QImage(bitmap.buffer, bitmap.width, bitmap.height, bitmap.stride, QImage.Format.Format_RGBX8888)
        return image.copy()  # owns its pixels: the bitmap's buffer goes with the bitmap

    def close(self) -> None:
        self._pdf.close()


def page_layout(pages: PdfPages) -> QPageLayout:
    """The first page's size (A4, Letter...) and orientation, without margins: the PDF has its own."""
    w, h = pages.size(0) if len(pages) else (595.0, 842.0)
    portrait = QSizeF(min(w, h), max(w, h))
    size = QPageSize(portrait, QPageSize.Unit.Point, "", QPageSize.SizeMatchPolicy.FuzzyMatch)
    orientation = QPageLayout.Orientation.Landscape if w > h else QPageLayout.Orientation.Portrait
    return QPageLayout(size, orientation, QMarginsF(0, 0, 0, 0))


def _page_indices(printer: QPrinter, count: int) -> Iterator[int]:
    first, last = printer.fromPage(), printer.toPage()
    if first == 0 and last == 0:  # the whole document
        first, last = 1, count
    yield from range(max(first, 1) - 1, min(last, count))


@contextmanager
def _painting(printer: QPrinter) -> Iterator[QPainter]:
    painter = QPainter()
    if not painter.begin(printer):
        where = printer.printerName() or printer.outputFileName()
        raise OSError(
            QCoreApplication.translate("pdf_pages", "cannot print to {printer}").format(printer=where)
            if where
            else QCoreApplication.translate("pdf_pages", "cannot print to the printer")
        )
    try:
        yield painter
    finally:
        painter.end()


def paint(pages: PdfPages, printer: QPrinter, dpi: float = PRINT_DPI) -> int:
    """Draw the pages (the printer's page range, else all) on ``printer`` at actual size, each
    rasterised at ``dpi`` (at most the printer's own resolution); the number of pages drawn."""
    printer.setFullPage(True)  # the PDF's own margins, not the printer's added to them
    dpi = min(dpi, printer.resolution())
    drawn = 0
    with _painting(printer) as painter:
        for index in _page_indices(printer, len(pages)):
            if drawn:
                printer.newPage()
            paper = printer.paperRect(QPrinter.Unit.DevicePixel)
            w, h = pages.size(index)
            scale = min(paper.width() / w, paper.height() / h)  # points to device pixels, aspect kept
            target = QRectF(0, 0, w * scale, h * scale)
            painter.drawImage(target, pages.image(index, dpi))
            drawn += 1
    return drawn
