"""The army code as a QR code on a printed list (the sheet's and the summary's first page), and the list
fingerprint printed on every page (docs/organiser.md).

A phone camera reads the QR as the code's text, which ``warbench import``, File ▸ Import from Text… and
Ctrl+V turn into the same army. The QR is reportlab's own (``reportlab.graphics.barcode.qr``): the code's
letters, digits and dashes are QR's alphanumeric mode, 4,296 characters at most in one QR (version 40, error
correction L: a printed page is not torn, and the lowest level keeps the modules large). A longer code, or
an army whose code cannot be made (over :data:`model.limits.MAX_CODE_UNITS` units), gets a line saying so
instead.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from reportlab.graphics.barcode import qrencoder
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph

from warbench.model.army_code import army_code, pack
from warbench.model.fileio import ArmyFileError
from warbench.model.fingerprint import data_fingerprint
from warbench.model.i18n import _, ngettext, whole
from warbench.model.limits import MAX_CODE_UNITS
from warbench.model.pdf.fonts import REGULAR, markup

if TYPE_CHECKING:
    from warbench.model.army import Army

#: the QR's error correction: L (7 %), the most characters in the largest modules
LEVEL = "L"
#: the largest QR version (177 modules a side)
MAX_VERSION = 40
#: a module's side on paper: a phone reads 0.4 mm modules from a printed page at arm's length
MODULE = 0.4 * mm
#: the QR's largest side: a larger version has smaller modules (version 40: 0.31 mm, read from closer by)
MAX_SIDE = 60 * mm
#: the quiet zone around the QR, in modules (the QR standard's four)
BORDER = 4
#: the caption's text size
CAPTION_PT = 7.5
#: room between the block and what follows it
SPACE_AFTER = 3 * mm


def qr_version(code: str) -> int | None:
    """The smallest QR version holding ``code`` at :data:`LEVEL`; None when none does (reportlab's own choice
    stops short of version 40)."""
    encoder: Any = qrencoder  # reportlab's encoder has no annotations
    data = encoder.QRAlphaNum(code) if encoder.QRAlphaNum.valid(code) else encoder.QR8bitByte(code)
    level = getattr(encoder.QRErrorCorrectLevel, LEVEL)
    for version in range(1, MAX_VERSION + 1):
        capacity = sum(block.dataCount for block in encoder.QRRSBlock.getRSBlocks(version, level)) * 8
        if 4 + data.getLengthBits(version) + data.bitlength <= capacity:
            return version
    return None


def qr_side(version: int) -> float:
    """The printed side of a QR of ``version``, its quiet zone included."""
    return min((17 + 4 * version + 2 * BORDER) * MODULE, MAX_SIDE)


@dataclass(frozen=True)
class PrintedCode:
    """What a printed list shows of its army: its fingerprint, its code and the QR version holding it
    (``version`` None: no QR, ``why`` says why)."""

    fingerprint: str
    code: str
    version: int | None
    why: str = ""


def printed_code(army: Army[Any, Any]) -> PrintedCode:
    """The army's fingerprint and its code, and whether one QR holds the code. The army is dumped once for
    both; its code is first packed from that dump, and made as ``warbench text`` makes it (checked as a file
    is) only when one QR would hold it: a large army costs no second dump."""
    data = army.model_dump(mode="json")
    found = data_fingerprint(data)
    if len(army.units) > MAX_CODE_UNITS:
        why = ngettext(
            "over {n} unit: it has no army code; share its file",
            "over {n} units: it has no army code; share its file",
            MAX_CODE_UNITS,
        ).format(n=whole(MAX_CODE_UNITS))
        return PrintedCode(found, "", None, why)
    try:
        code = pack(json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8"))
        if qr_version(code) is not None:
            code = army_code(army)
    except (ArmyFileError, ValueError):
        return PrintedCode(found, "", None, _("it cannot be written as an army code; share its file"))
    version = qr_version(code)
    if version is None:
        why = ngettext(
            "its army code of {n} character is too long for one QR code; share it as text (warbench text) or as "
            "its file",
            "its army code of {n} characters is too long for one QR code; share it as text (warbench text) or as "
            "its file",
            len(code),
        ).format(n=whole(len(code)))
        return PrintedCode(found, code, None, why)
    return PrintedCode(found, code, version)


def fingerprint_line(printed: PrintedCode) -> str:
    """The footer's line on every page."""
    return _("list fingerprint {fingerprint}").format(fingerprint=printed.fingerprint)


class CodeBlock(Flowable):
    """The first page's block: the QR of the army code at the right, what it is at the left (or, when no QR
    holds the code, one line saying why)."""

    def __init__(self, printed: PrintedCode) -> None:
        super().__init__()
        self.printed = printed
        self.side = qr_side(printed.version) if printed.version else 0.0
        style = ParagraphStyle("qr", fontName=REGULAR, fontSize=CAPTION_PT, leading=CAPTION_PT * 1.3)
        if printed.version is None:
            text = _("No QR code: {why}. List fingerprint <b>{fingerprint}</b>.").format(
                why=markup(printed.why), fingerprint=printed.fingerprint
            )
        else:
            text = ngettext(
                "<b>Army code</b> ({n} character) as a QR code: a phone camera reads it as text; paste that text "
                "into Warbench (File ▸ Import from Text…, or Ctrl+V) or give it to {import_command} to open this "
                "very list. List fingerprint <b>{fingerprint}</b>: {verify_command} prints it for a file or a code.",
                "<b>Army code</b> ({n} characters) as a QR code: a phone camera reads it as text; paste that text "
                "into Warbench (File ▸ Import from Text…, or Ctrl+V) or give it to {import_command} to open this "
                "very list. List fingerprint <b>{fingerprint}</b>: {verify_command} prints it for a file or a code.",
                len(printed.code),
            ).format(
                n=whole(len(printed.code)),
                fingerprint=printed.fingerprint,
                import_command="<font face='Courier'>warbench import</font>",
                verify_command="<font face='Courier'>warbench verify</font>",
            )
        self.caption = Paragraph(text, style)
        self.spaceAfter = SPACE_AFTER

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = availWidth
        gap = 4 * mm if self.side else 0.0
        _w, self.caption_h = self.caption.wrap(max(availWidth - self.side - gap, 40 * mm), availHeight)
        self.height = max(self.side, self.caption_h)
        return availWidth, self.height

    def draw(self) -> None:
        self.caption.drawOn(self.canv, 0, self.height - self.caption_h)
        if not self.side:
            return
        widget = QrCodeWidget(
            self.printed.code,
            barLevel=LEVEL,
            qrVersion=self.printed.version,
            barWidth=self.side,
            barHeight=self.side,
            barBorder=BORDER,
        )
        drawing = Drawing(self.side, self.side)
        drawing.add(widget)
        drawing.drawOn(self.canv, self.width - self.side, self.height - self.side)

    def block_height(self, width: float) -> float:
        """Its height in a frame ``width`` wide, with the room after it."""
        return self.wrap(width, 1e9)[1] + SPACE_AFTER
