"""Army sheet layout: table text size, unbroken column titles, the glossary heading kept with its entries."""

from __future__ import annotations

import datetime as dt
import io
import json
import re

import pytest
from pypdf import PdfReader
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Table, TableStyle

from benchmarks._armies import big_army
from warbench.model.costing import price_army
from warbench.model.fileio import army_from_data, load_army
from warbench.model.pdf.fonts import BOLD, CONDENSED, CONDENSED_BOLD
from warbench.model.pdf.sheet import (
    GLOSSARY_HEADING,
    INK,
    MEASURE_ROWS,
    TABLE_PT,
    SheetOptions,
    _table_rows,
    _tables,
    build_sheet,
    column_widths,
    styles,
)
from warbench.model.report import sheet_rows, table_columns
from warbench.model.resources import examples_dir
from warbench.model.systems import get_system, system_ids

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


def test_the_table_is_cut_into_one_table_a_page_with_every_row_once():
    """Rows are measured in blocks (not one table: reportlab's measuring is quadratic) and each page gets
    a table of the header and the rows that fit; the heights are those one whole table would give."""
    army, st, (width, height) = big_army(180), styles(), (500.0, 700.0)
    system = get_system(army.system)
    cost = price_army(army, system)
    tables = _tables(army, cost, system, SheetOptions(), width, height, st)
    layout = table_columns(system)
    columns = [column.title for column in layout]
    sheet = _table_rows(army, cost, system, SheetOptions(), layout, column_widths(layout, width), st)
    data = sheet.data
    assert len(data) > 2 * MEASURE_ROWS and len(tables) > 5
    whole = Table(data, colWidths=sheet.widths)
    whole.setStyle(TableStyle(_commands(sheet)))
    whole.wrap(width, height)
    flat_rows, flat_heights = [], []
    for table in tables:
        assert [_text(c) for c in table._cellvalues[0]] == columns  # the header row on every page
        assert sum(table._argH) <= height
        assert table.wrap(width, height)[1] == pytest.approx(sum(table._argH))
        flat_rows += table._cellvalues[1:]
        flat_heights += table._argH[1:]
    assert len(flat_rows) == len(data) - 1
    assert [[_text(c) for c in row] for row in flat_rows] == [[_text(c) for c in row] for row in data[1:]]
    assert flat_heights == pytest.approx(whole._rowHeights[1:])


#: a cell style's paddings, each set by the style command of its name in capitals
PADDINGS = ("topPadding", "bottomPadding", "leftPadding", "rightPadding")


def _commands(sheet) -> list[tuple]:
    """The sheet's styles written as the per-cell style commands reportlab documents (the way the sheet
    was styled before its rows shared their cell styles)."""
    commands = []
    for r, row in enumerate(sheet.cell_styles):
        for c, style in enumerate(row):
            at = ((c, r), (c, r))
            commands += [
                ("FONT", *at, style.fontname, style.fontsize, style.leading),
                ("TEXTCOLOR", *at, style.color),
                ("ALIGN", *at, style.alignment),
                ("VALIGN", *at, style.valign),
                *((name.upper(), *at, getattr(style, name)) for name in PADDINGS),
            ]
    return commands


def test_rows_of_a_kind_share_cell_styles_that_read_as_the_sheet_was_styled():
    """reportlab makes a cell style for every cell and sets it command by command, which was a quarter of
    a sheet's time; the sheet's rows of one kind (header, unit, element, total) share one list of them,
    and those say, cell by cell, what the sheet's style commands always said."""
    army, st = big_army(40), styles()
    system = get_system(army.system)
    cost = price_army(army, system)
    layout = table_columns(system)
    sheet = _table_rows(army, cost, system, SheetOptions(), layout, column_widths(layout, 500.0), st)
    assert len({id(row) for row in sheet.cell_styles}) == 4  # header, unit, element and total rows
    first_unit, first_element, total = 1, 2, len(sheet.data) - 1
    unit, element = (BOLD, 8.2, 8.2 * 1.2, INK), (CONDENSED, TABLE_PT, 9.6, INK)
    expected = {  # row -> font, size, leading, colour and alignment of its first and last cells
        0: [(CONDENSED_BOLD, TABLE_PT, TABLE_PT * 1.2, colors.white, "LEFT")] * 2,
        first_unit: [(*unit, "LEFT"), (*unit, "RIGHT")],  # numbers right-aligned
        first_element: [(*element, "LEFT"), (*element, "RIGHT")],
        total: [(*unit, "RIGHT")] * 2,
    }
    for r, ends in expected.items():
        row = sheet.cell_styles[r]
        assert [
            (s.fontname, s.fontsize, pytest.approx(s.leading), s.color, s.alignment) for s in (row[0], row[-1])
        ] == ends
        assert {(s.valign, s.topPadding, s.bottomPadding, s.leftPadding, s.rightPadding) for s in row} == {
            ("TOP", 2, 2, 3, 3)
        }


def _text(cell) -> str:
    cell = cell[0] if isinstance(cell, (list, tuple)) else cell  # a measured Paragraph is kept in a tuple
    return cell if isinstance(cell, str) else cell.getPlainText()


def test_the_orc_and_ghoblin_sheet_is_one_page_and_its_glossary():
    """Unit subtotals sit on their unit's heading row: the table is one row per unit shorter, and the
    largest example's table, warnings and most of its glossary fit the first A4 page below the army code's
    QR (issue 42: the QR takes the top of the first page); the glossary's last entries go to a second."""
    army = load_army(examples_dir() / "orc-and-ghoblin-force.army.json")
    reader = PdfReader(io.BytesIO(build_sheet(army, SheetOptions(date=DAY))))
    assert len(reader.pages) == 2
    text = " ".join(reader.pages[0].extract_text().split())
    assert "Ghoblin Mob 131" in text and "Rock Lobbers 195" in text and "Aggressive (" in text
    assert "Template Flame (" in " ".join(reader.pages[1].extract_text().split())


def test_empty_cells_write_nothing_into_the_page():
    """reportlab writes a text object (a position and no text) for each empty cell: a third of a sheet's
    cells, the blanks of unit rows. The sheet writes text objects only where there is text."""
    army = load_army(examples_dir() / "human-force.army.json")
    reader = PdfReader(io.BytesIO(build_sheet(army, SheetOptions(date=DAY))))
    content = b"".join(page.get_contents().get_data() for page in reader.pages)
    placed = [text for text in re.findall(rb"BT(.*?)ET", content, re.S) if b" Tm " in text]  # placed somewhere
    assert placed and all(b" Tj " in text for text in placed)  # and show something there
    assert "Assault Squad" in reader.pages[0].extract_text()


def _ends_with_a_heading(table, heads: set[str]) -> bool:
    """Whether a page's table ends with a unit's heading row (its name in the first cell)."""
    return _text(table._cellvalues[-1][0]) in heads


def test_a_units_heading_row_never_ends_a_page():
    """Cut at many page heights, each page's table ends with an element row (or the army total), never
    with a unit's heading row whose rows would start the next page; every row is still on a page once."""
    army, st = big_army(40), styles()
    system = get_system(army.system)
    cost = price_army(army, system)
    heads = {unit.name for unit in army.units}
    endings = 0
    for height in range(150, 700, 9):
        tables = _tables(army, cost, system, SheetOptions(), 500.0, float(height), st)
        assert not any(_ends_with_a_heading(table, heads) for table in tables[:-1]), height
        assert (
            sum(len(table._cellvalues) - 1 for table in tables)
            == sum(1 + len(rows) for _name, rows in sheet_rows(army, cost, system)) + 1
        )  # every unit's heading and rows, and the army total
        assert all(sum(table._argH) <= height for table in tables)
        endings += len(tables) - 1
    assert endings > 100  # many page ends were tried


@pytest.mark.parametrize("opts", [SheetOptions(date=DAY), SheetOptions(date=DAY, paper="letter", landscape=True)])
def test_no_page_of_the_printed_sheet_ends_with_a_units_heading(opts):
    """Read from the PDF: the last table line of each page (just before the page header's army name) is
    never a unit's subtotal after its name, the heading row of a unit whose rows start the next page."""
    army = big_army(60)
    heads = {unit.name for unit in army.units}
    pages = PdfReader(io.BytesIO(build_sheet(army, opts))).pages
    assert len(pages) > 2
    for number, page in enumerate(pages[:-1], 1):
        lines = page.extract_text().splitlines()
        table = lines[: lines.index(army.name)]  # the header and footer are drawn after the table
        assert table[-2] not in heads, f"page {number} ends with the heading {table[-2]!r}"


def _shuffled_army(seed: int):
    """A benchmark-style army with its units shuffled and some cut to one element (page cuts fall anywhere)."""
    import random

    from benchmarks._armies import big_army_data

    rng = random.Random(seed)
    data = big_army_data(rng.randint(20, 60))
    rng.shuffle(data["units"])
    for unit in data["units"]:
        if rng.random() < 0.3:
            unit["elements"] = unit["elements"][:1]
    return army_from_data(data)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_every_page_has_one_header_band_and_no_page_ends_with_a_heading(seed):
    """A heading moved over to the next page leaves its page short: the next page's table still starts
    on a new page (reportlab split it into the space left before, a second header band and the heading
    at the foot: seed 1 did)."""
    army = _shuffled_army(seed)
    heads = {unit.name for unit in army.units}
    pages = PdfReader(io.BytesIO(build_sheet(army, SheetOptions(date=DAY)))).pages
    texts = [page.extract_text().splitlines() for page in pages]
    tables = [lines[: lines.index(army.name)] for lines in texts]
    bands = [table.count("Name/Type") for table in tables]
    with_table = bands.index(0) if 0 in bands else len(bands)  # then the glossary's pages, if any
    assert bands == [1] * with_table + [0] * (len(bands) - with_table), f"header bands a page: {bands}"
    for number, table in enumerate(tables[: with_table - 1], 1):
        assert table[-2] not in heads, f"page {number} ends with the heading {table[-2]!r}"


def test_a_long_run_of_empty_units_prints_as_before():
    """Empty units have no rows to keep with their heading: 300 of them fill pages as they did, one header
    band a page (a walk back over every heading in a row made a table, and a band, for each unit)."""
    data = json.loads((examples_dir() / "human-force.army.json").read_text(encoding="utf-8"))
    data["units"] = [{"name": f"Squad {i}", "notes": "", "elements": []} for i in range(300)]
    army = army_from_data(data)
    pages = PdfReader(io.BytesIO(build_sheet(army, SheetOptions(date=DAY)))).pages
    assert len(pages) <= 7
    bands = [page.extract_text().count("Name/Type") for page in pages]
    assert bands == [1] * len(bands), f"header bands a page: {bands}"


def _table_lines(pdf: bytes, army_name: str) -> list[str]:
    """The first page's table as pypdf reads it (the page header, drawn after it, starts with the army's name)."""
    lines = PdfReader(io.BytesIO(pdf)).pages[0].extract_text().splitlines()
    return lines[: lines.index(army_name)]


def test_a_sheet_without_points_has_no_points_column_of_dashes():
    """FUBAR has no points: its sheet shows a Points column only when an element has points entered."""
    path = examples_dir() / "fubar-rifle-platoon.army.json"
    army = load_army(path)
    table = _table_lines(build_sheet(army, SheetOptions(date=DAY)), army.name)
    assert "Name/Type" in table and "Points" not in table and "-" not in table
    data = json.loads(path.read_text(encoding="utf-8"))
    data["units"][0]["elements"][0]["points"] = 37
    priced = army_from_data(data)
    table = _table_lines(build_sheet(priced, SheetOptions(date=DAY)), priced.name)
    assert "Points" in table and "37" in table and "-" in table  # the others have none entered


# --- tick boxes (SheetOptions.tick_boxes, warbench sheet --tick-boxes) -------------------------------------
def _is_tick_row(row) -> bool:
    from warbench.model.pdf.boxes import TickBoxes

    cell = row[0]
    return isinstance(cell[0] if isinstance(cell, (list, tuple)) and cell else cell, TickBoxes)


def test_tick_boxes_follow_each_element_row_and_never_start_a_page():
    """With tick boxes each element's row is followed by its boxes' row; cut at many page heights, no page's
    table starts with an element's boxes apart from its row, and every row is still on a page once."""
    army, st = big_army(30), styles()
    system = get_system(army.system)
    cost = price_army(army, system)
    opts = SheetOptions(tick_boxes=True, merge_identical=True)  # an element's boxes are its own: never merged
    elements = sum(len(unit.elements) for unit in army.units)
    cuts = 0
    for height in range(200, 700, 11):
        tables = _tables(army, cost, system, opts, 500.0, float(height), st)
        rows = [row for table in tables for row in table._cellvalues[1:]]
        assert len(rows) == len(army.units) + 2 * elements + 1
        assert sum(map(_is_tick_row, rows)) == elements
        assert not any(_is_tick_row(table._cellvalues[1]) for table in tables), height
        assert all(sum(table._argH) <= height for table in tables)
        cuts += len(tables) - 1
    assert cuts > 50


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_the_sheet_with_tick_boxes_gives_every_element_its_system_boxes(path):
    army = load_army(path)
    system = get_system(army.system)
    text = "".join(
        p.extract_text() for p in PdfReader(io.BytesIO(build_sheet(army, SheetOptions(tick_boxes=True)))).pages
    )
    elements = [e for unit in army.units for e in unit.elements]
    assert text.count("Activated") == len(elements)
    for label in {b.label for e in elements for b in system.play.play_boxes(e)}:
        assert label in text


def test_without_tick_boxes_the_sheet_has_none():
    army = load_army(EXAMPLES[0])
    assert "Activated" not in "".join(p.extract_text() for p in PdfReader(io.BytesIO(build_sheet(army))).pages)


def _sheet_text(army, opts=SheetOptions(date=DAY)) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(build_sheet(army, opts))).pages)


def test_melee_and_ranged_weapons_have_columns_of_their_own():
    army = load_army(examples_dir() / "orc-and-ghoblin-force.army.json")
    titles = [c.title for c in table_columns(get_system(army.system))]
    assert titles[:6] == ["Name/Type", "Die", "Melee", "Ranged", "Range", "Move"]
    text = _sheet_text(army)
    assert " / " not in text.split("Attributes used by this army")[0].replace("1537 / 1500", "")  # no "D8 / D6"
    assert 'Ghoblin Snitch D4 - Bow D6 24" 4"' in text
    assert 'Orc Hero D6 Sword D6 - - 4" Aggressive, Brave, Command' in text


def test_the_glossary_has_an_attributes_and_a_spells_section_each_sorted():
    army = load_army(examples_dir() / "orc-and-ghoblin-force.army.json")
    shaman = next(e for u in army.units for e in u.elements if e.name == "Orc Shaman")
    shaman.spells = ["shield", "fireball", "fly"]
    text = _sheet_text(army)
    attributes, spells = text.split("Attributes used by this army", 1)[1].split("Spells used by this army")
    system = get_system(army.system)
    names = [system.catalogue.spells[s].name for s in shaman.spells]
    assert not any(f"{n} (" in attributes for n in names)  # no spell among the attributes
    positions = [spells.index(f"{n} (") for n in sorted(names)]
    assert positions == sorted(positions) and "Magic (" not in spells
    assert attributes.index("Aggressive (") < attributes.index("Brave (") < attributes.index("Template Flame (")


@pytest.mark.parametrize("opts", [SheetOptions(date=DAY), SheetOptions(date=DAY, tick_boxes=True)])
def test_a_duke_weapon_note_of_70_characters_prints_whole(opts):
    army = load_army(examples_dir() / "duke-it-out-brick-brigade.army.json")
    note = "Fires twice if it did not move; ignores cover from woods, walls, ruins"
    assert len(note) == 70
    for unit in army.units:
        for element in unit.elements:
            for weapon in element.weapons:
                weapon.note = note
    text = _sheet_text(army, opts)
    assert "[cut:" not in text
    assert text.count(note) == sum(len(e.weapons) for u in army.units for e in u.elements)
