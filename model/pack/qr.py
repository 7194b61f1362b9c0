"""The army code as a QR code in the table pack: an inline SVG path another phone's camera reads, drawn from
the module matrix of reportlab's QR encoder (``reportlab.graphics.barcode.qrencoder``, already a dependency
for the PDFs). Dark modules are merged into runs along each row, so the path stays small (the largest
example army's code, 1,021 characters, is a QR of 89 × 89 modules)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: the quiet zone around the code, in modules (the standard asks for 4)
QUIET = 4
#: the longest code reportlab's encoder fits in a QR (version 40, error correction L, alphanumeric: an army
#: code's characters; the standard's 4,296 less what the encoder spends on its segment's header)
MOST_CHARS = 4087


@dataclass(frozen=True)
class Qr:
    size: int  # modules across, the quiet zone included
    path: str  # an SVG path of the dark modules, one unit a module


def qr(text: str) -> Qr | None:
    """The QR code of ``text`` (an army code: A–Z, 2–7, digits and dashes), or None when it is too long."""
    if len(text) > MOST_CHARS:
        return None
    from reportlab.graphics.barcode import qrencoder

    code: Any = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.L)  # untyped in reportlab's stubs
    code.addData(text)
    try:
        code.make()
    except Exception:  # reportlab's "code length overflow" (a plain Exception): no QR holds it
        return None
    count = code.getModuleCount()
    runs = []
    for row in range(count):
        column = 0
        while column < count:
            if code.isDark(row, column):
                start = column
                while column < count and code.isDark(row, column):
                    column += 1
                runs.append(f"M{start + QUIET} {row + QUIET}h{column - start}v1h-{column - start}z")
            column += 1
    return Qr(count + 2 * QUIET, "".join(runs))
