"""File ▸ Print Preview (Ctrl+P) and File ▸ Print…: the exported PDF, page by page, and printed.

The preview shows the PDF :func:`gui.printing.build_pdf` makes — the bytes File ▸ Export writes —
rasterised by PDFium (:mod:`gui.pdf_pages`); its bar holds the document choice and the remembered
paper/layout options (:data:`gui.printing.OPTIONS`), and Print… goes through the system's print dialog.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewWidget
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from warbench.gui import dialogs, plain, printing
from warbench.gui.pdf_pages import PREVIEW_DPI, PdfPages, page_layout, paint
from warbench.model.pdf.documents import Refused


def ask_printer(parent: QWidget, printer: QPrinter, page_count: int) -> bool:
    """The system's print dialog for ``printer`` (printer, copies, pages 1..page_count); True to print."""
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(QCoreApplication.translate("print_preview", "Print"))
    dialog.setMinMax(1, page_count)
    return dialog.exec() == QDialog.DialogCode.Accepted


def new_printer(pages: PdfPages, name: str) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setPageLayout(page_layout(pages))
    printer.setDocName(name)
    return printer


def print_pages(parent: QWidget, pages: PdfPages, name: str) -> int:
    """Ask the system's print dialog, then print the pages it chose; the number printed (0: cancelled
    or failed, the failure shown)."""
    printer = new_printer(pages, name)
    if not ask_printer(parent, printer, len(pages)):
        return 0
    try:
        return paint(pages, printer)
    except OSError as exc:
        dialogs.show_error(parent, QCoreApplication.translate("print_preview", "Print failed"), str(exc))
        return 0


def print_pdf(parent: QWidget, data: bytes, name: str) -> int:
    """:func:`print_pages` of the PDF ``data``."""
    pages = PdfPages(data)
    try:
        return print_pages(parent, pages, name)
    finally:
        pages.close()


class PrintPreview(QDialog):
    """The chosen document of ``window``'s army as it exports, with its options and Print…/Export…."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.setObjectName("printPreview")
        self.window_ = window
        self.document = window.document
        self.pdf = b""
        self.pages: PdfPages | None = None
        self.setWindowTitle(self.tr("Print Preview — {army}").format(army=self.document.army.name))
        self.kind_box = QComboBox()
        self.kind_box.setObjectName("printDocument")
        self.kind_box.setAccessibleName(self.tr("Document"))
        for doc in printing.DOCUMENTS:
            self.kind_box.addItem(printing.shown(doc.title), doc.key)
        self.kind_box.setCurrentIndex(max(0, self.kind_box.findData(printing.PRINTED)))
        bar = QHBoxLayout()
        bar.addWidget(self.kind_box)
        self.option_widgets: dict[str, QWidget] = {}
        for option in printing.OPTIONS:
            bar.addWidget(self._option_widget(option))
        bar.addStretch(1)
        self.page_label = QLabel()
        self.page_label.setObjectName("printPages")
        bar.addWidget(self.page_label)
        self.preview_printer = QPrinter(QPrinter.PrinterMode.ScreenResolution)
        self.preview = QPrintPreviewWidget(self.preview_printer, self)
        self.preview.setObjectName("printPreviewPages")
        self.preview.paintRequested.connect(self._paint_preview)
        self.message = plain.label()
        self.message.setObjectName("printMessage")
        self.message.setWordWrap(True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setMargin(24)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.preview)
        self.stack.addWidget(self.message)
        buttons = QHBoxLayout()
        self.fit_width = QPushButton(self.tr("Fit &Width"))
        self.fit_width.clicked.connect(self.preview.fitToWidth)
        self.fit_page = QPushButton(self.tr("Whole &Page"))
        self.fit_page.clicked.connect(self.preview.fitInView)
        self.print_button = QPushButton(self.tr("&Print…"))
        self.print_button.setObjectName("printButton")
        self.print_button.setDefault(True)
        self.print_button.clicked.connect(self.print_)
        self.export_button = QPushButton(self.tr("&Export PDF…"))
        self.export_button.setObjectName("printExport")
        self.export_button.clicked.connect(self.export)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.reject)
        buttons.addWidget(self.fit_width)
        buttons.addWidget(self.fit_page)
        buttons.addStretch(1)
        for button in (self.export_button, self.print_button, close):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.stack, 1)
        layout.addLayout(buttons)
        self.kind_box.currentIndexChanged.connect(self._kind_changed)
        screen = (window.screen() or QGuiApplication.primaryScreen()).availableGeometry()
        self.resize(min(900, screen.width() - 40), screen.height() - 60)
        self.refresh()

    # --- options --------------------------------------------------------------------
    def _option_widget(self, option: printing.Option) -> QWidget:
        name = option.setting.key.rsplit("/", 1)[-1]
        if option.choices:
            box = QWidget()
            row = QHBoxLayout(box)
            row.setContentsMargins(0, 0, 0, 0)
            label = QLabel(printing.shown(option.label) + ":")
            combo = QComboBox()
            combo.setObjectName(f"print_{name}")
            combo.setAccessibleName(printing.shown(option.label))
            for value, text in option.choices:
                combo.addItem(printing.shown(text, value), value)
            combo.setCurrentIndex(combo.findData(option.value()))
            combo.currentIndexChanged.connect(lambda _i, o=option, c=combo: self._set(o, c.currentData()))
            label.setBuddy(combo)
            row.addWidget(label)
            row.addWidget(combo)
            widget = box
        else:
            check = QCheckBox(printing.shown(option.label))
            check.setObjectName(f"print_{name}")
            check.setChecked(bool(option.value()))
            check.toggled.connect(lambda on, o=option: self._set(o, on))
            widget = check
        self.option_widgets[option.setting.key] = widget
        return widget

    def _set(self, option: printing.Option, value) -> None:
        option.setting.write(value)
        self.window_.commands.sync_print_options()
        self.refresh()

    def _kind_changed(self) -> None:  # this preview's choice only: File ▸ Print… still prints printing.PRINTED
        self.refresh()

    @property
    def kind(self) -> str:
        return self.kind_box.currentData()

    # --- pages ------------------------------------------------------------------------
    def refresh(self) -> None:
        """Build the chosen PDF with the current options and show its pages."""
        for option in printing.OPTIONS:
            self.option_widgets[option.setting.key].setVisible(self.kind in option.applies)
        if self.pages is not None:
            self.pages.close()
            self.pages = None
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            self.pdf = printing.build_pdf(self.kind, self.document)
        except Refused as exc:
            self.pdf = b""
            self.message.setText(f"{exc}")
        finally:
            QGuiApplication.restoreOverrideCursor()
        has_pages = bool(self.pdf)
        for button in (self.print_button, self.export_button, self.fit_width, self.fit_page):
            button.setEnabled(has_pages)
        if not has_pages:
            self.page_label.setText("")
            self.stack.setCurrentWidget(self.message)
            return
        self.pages = PdfPages(self.pdf)
        self.preview_printer.setPageLayout(page_layout(self.pages))
        count = len(self.pages)
        self.page_label.setText(self.tr("%n page(s)", "", count))
        self.stack.setCurrentWidget(self.preview)
        self.preview.updatePreview()

    def _paint_preview(self, printer: QPrinter) -> None:
        if self.pages is not None:
            paint(self.pages, printer, PREVIEW_DPI)

    # --- print and export -------------------------------------------------------------
    def print_(self) -> int:
        """The system's print dialog, then the previewed PDF's pages; the number printed."""
        if self.pages is None:
            return 0
        printed = print_pages(self, self.pages, self._doc_name())
        if printed:
            self.window_.statusBar().showMessage(self.tr("Sent %n page(s) to the printer", "", printed), 5000)
        return printed

    def export(self) -> bool:
        title = printing.shown(printing.print_document(self.kind).export_title)
        data = self.pdf
        return self.window_.files.export_pdf(title, self.kind, lambda _progress: data)

    def _doc_name(self) -> str:
        return f"{printing.file_stem(self.document)}-{self.kind}"

    def done(self, result: int) -> None:
        if self.pages is not None:
            self.pages.close()
            self.pages = None
        super().done(result)
