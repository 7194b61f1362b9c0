"""Army sheet layout: table text size, unbroken column titles, the glossary heading kept with its entries."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from model.fileio import load_army
from model.pdf.fonts import CONDENSED_BOLD
from model.pdf.sheet import GLOSSARY_HEADING, TABLE_PT, SheetOptions, build_sheet, column_widths, styles
from model.report import table_columns
from model.resources import examples_dir
from model.systems import get_system, system_ids

DAY = dt.date(2026, 11, 23)
EXAMPLES = sorted(examples_dir().glob("*.army.json"))


def test_table_text_is_at_least_8_pt():
    st = styles()
    assert TABLE_PT >= 8 and all(st[k].fontSize >= 8 for k in ("cell", "num", "head", "unit", "total"))


@pytest.mark.parametrize("system_id", system_ids())
def test_no_column_title_breaks_inside_a_word(system_id):
    system = get_system(system_id)
    columns = table_columns(system)
    for width in (186 * 72 / 25.4, 273 * 72 / 25.4):  # A4 portrait and landscape
        for title, w in zip([c.title for c in columns], column_widths(columns, width)):
            assert max(stringWidth(word, CONDENSED_BOLD, TABLE_PT) for word in title.split()) + 6 <= w, title
        assert sum(column_widths(columns, width)) == pytest.approx(width)


def test_duke_it_out_header_reads_armor():
    army = load_army(examples_dir() / "duke-it-out-brick-brigade.army.json")
    first = PdfReader(io.BytesIO(build_sheet(army, SheetOptions(date=DAY)))).pages[0].extract_text()
    assert "Armor" in first and "Armo\n" not in first


@pytest.mark.parametrize("opts", [SheetOptions(date=DAY), SheetOptions(date=DAY, paper="letter", landscape=True)])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name.split(".")[0])
def test_glossary_heading_never_ends_a_page(path, opts):
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(build_sheet(load_army(path), opts))).pages]
    for text in pages:
        if GLOSSARY_HEADING in text:
            after = text.split(GLOSSARY_HEADING, 1)[1]
            assert after.count(") — ") >= min(2, "".join(pages).count(") — ")), path.name  # entries follow it
