"""The army code as a QR code on the printed lists and the fingerprint on every page (model/pdf/qr.py;
shared/spec/organiser.md): each page rendered by PDFium and read by a QR reader (zxing-cpp), as a phone
camera reads paper; the text it reads imports to the same army."""

from __future__ import annotations

import datetime as dt
import hashlib
import json

import pypdfium2 as pdfium
import pytest
import zxingcpp
from reportlab.graphics.barcode import qrencoder

from warbench.model.army_code import army_code, army_from_code
from warbench.model.fileio import army_bytes, army_from_data, load_army
from warbench.model.fingerprint import fingerprint
from warbench.model.pdf.documents import PrintOptions, document
from warbench.model.pdf.qr import MAX_SIDE, MAX_VERSION, qr_side, qr_version
from warbench.model.pdf.sheet import build_sheet
from warbench.model.pdf.summary import build_summary
from warbench.model.resources import examples_dir

DAY = dt.date(2026, 11, 23)
EXAMPLES = sorted(examples_dir().glob("*.army.json"))
ORC = examples_dir() / "orc-and-ghoblin-force.army.json"
#: the rendering's resolution: a phone photographing a page sees about this many dots an inch
DPI = 200


def _pages(pdf: bytes) -> list[tuple[list[str], str]]:
    """Each page's QR texts (as a reader decodes them from the page drawn at :data:`DPI`) and its text."""
    doc = pdfium.PdfDocument(pdf)
    found = []
    for page in doc:
        image = page.render(scale=DPI / 72, grayscale=True).to_pil()
        codes = [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]
        found.append((codes, " ".join(page.get_textpage().get_text_range().split())))
    doc.close()
    return found


def _long_army(units: int):
    """The Orc & Ghoblin force with its units repeated, each renamed and given its own note (so its code
    does not shrink to a repetition): 50 units, a code of 2,699 characters (QR version 32); 95, version 39
    or 40; 100, a code too long for one QR."""
    data = json.loads(ORC.read_text(encoding="utf-8"))
    base = data["units"]
    data["units"] = [
        dict(
            base[i % len(base)],
            name=f"Warband {i:03} {base[i % len(base)]['name']}",
            notes=hashlib.sha256(b"%d" % i).hexdigest()[:20],
        )
        for i in range(units)
    ]
    return army_from_data(data)


def _same_army(code: str, army) -> None:
    assert army_bytes(army_from_code(code)) == army_bytes(army)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name.removesuffix(".army.json"))
def test_every_example_sheet_qr_imports_to_the_same_army(path):
    army = load_army(path)
    pages = _pages(build_sheet(army, PrintOptions(date=DAY)))
    codes, _text = pages[0]
    assert len(codes) == 1
    _same_army(codes[0], army)
    assert all(codes == [] for codes, _text in pages[1:])  # the first page only
    for _codes, text in pages:
        assert f"list fingerprint {fingerprint(army)}" in text


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name.removesuffix(".army.json"))
def test_every_example_summary_qr_imports_to_the_same_army(path):
    army = load_army(path)
    ((codes, text),) = _pages(build_summary(army, path.read_bytes(), path.name, PrintOptions(date=DAY)))
    assert len(codes) == 1
    _same_army(codes[0], army)
    assert f"list fingerprint {fingerprint(army)}" in text


@pytest.mark.parametrize("units", [50, 95])
def test_a_long_army_code_still_decodes(units):
    army = _long_army(units)
    code = army_code(army)
    version = qr_version(code)
    assert version is not None and version >= 30, (len(code), version)  # the large versions, small modules
    ((codes, _text), *_rest) = _pages(build_sheet(army, PrintOptions(date=DAY)))
    assert codes == [code]
    _same_army(codes[0], army)


def test_a_code_too_long_for_one_qr_is_said_on_the_page():
    army = _long_army(100)
    code = army_code(army)
    assert qr_version(code) is None
    pages = _pages(build_sheet(army, PrintOptions(date=DAY)))
    assert all(codes == [] for codes, _text in pages)
    assert f"army code of {len(code):,} characters is too long for one QR code" in pages[0][1]
    assert all(f"list fingerprint {fingerprint(army)}" in text for _codes, text in pages)


def test_a_summary_too_full_for_its_qr_says_so_and_keeps_one_page():
    data = json.loads(ORC.read_text(encoding="utf-8"))  # three times its units: the page holds the army alone
    data["units"] = [dict(u, name=f"{u['name']} {i + 1}") for i in range(3) for u in data["units"]]
    army = army_from_data(data)
    ((codes, text),) = _pages(build_summary(army, b"{}", "big.army.json", PrintOptions(date=DAY)))
    assert codes == [] and "the army fills the page; its army sheet carries the QR code" in text
    assert f"list fingerprint {fingerprint(army)}" in text


def test_qr_version_is_the_smallest_that_holds_the_code():
    level = qrencoder.QRErrorCorrectLevel.L
    for length, version in [(25, 1), (26, 2), (4296, 40), (4297, None)]:
        assert qr_version("A" * length) == version, length
    for version in (1, 17, MAX_VERSION):  # reportlab's encoder makes exactly what the version says it holds
        longest = max(n for n in range(1, 4300) if (qr_version("B" * n) or 99) <= version)
        made = qrencoder.QRCode(version, level)
        made.addData("B" * longest)
        made.make()
        assert made.getModuleCount() == 17 + 4 * version
    assert qr_side(MAX_VERSION) == MAX_SIDE and qr_side(1) < MAX_SIDE


def test_the_window_prints_the_same_qr_through_the_registry():
    """The documents' registry (model/pdf/documents.py), which the window and `warbench sheet` use, builds the
    sheet with its QR."""
    army = load_army(ORC)
    pdf = document("sheet").build(army, PrintOptions(date=DAY))
    assert _pages(pdf)[0][0] == [army_code(army)]
