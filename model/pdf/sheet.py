"""The army sheet: the rulebook's blank army sheet filled in, then the rules the army uses.

Header (army, system, points, date) and footer (validation stamp, page X of Y, the list fingerprint)
are drawn on every page, the army code as a QR code at the top of the first (model/pdf/qr.py); the
table's header row repeats on every page, a row is never split between pages and a unit's heading row
never ends a page above its rows (it goes over with the unit's first rows). Output is deterministic
(reportlab invariant mode).
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import landscape as to_landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas as pdfcanvas
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tables import CellStyle

from warbench.model import __version__
from warbench.model.columns import SheetColumn
from warbench.model.cost_lines import points_text
from warbench.model.costing import ArmyCost, price_army
from warbench.model.i18n import _, label, ngettext, quoted
from warbench.model.pdf import PAPERS
from warbench.model.pdf.documents import PrintOptions
from warbench.model.pdf.fonts import (
    BOLD,
    CONDENSED,
    CONDENSED_BOLD,
    MISSING_COLOUR,
    REGULAR,
    collect_missing,
    fits_plain,
    markup,
    missing_note,
    printed_length,
    register,
)
from warbench.model.pdf.qr import CodeBlock, fingerprint_line, printed_code
from warbench.model.report import points_against_limit, sheet_rows, table_columns
from warbench.model.systems import system_for
from warbench.model.usage import used_by

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.systems.base import RuleSystem
MARGIN = 12 * mm  # comfortably inside what home printers can print (>= 10 mm)
HEADER_H = 20 * mm
FOOTER_H = 12 * mm
INK = colors.HexColor("#222222")
HEAD_BG = colors.HexColor("#37474f")
UNIT_BG = colors.HexColor("#e3e8ea")
RULE = colors.HexColor("#90a4ae")
TABLE_PT = 8.0  # table text, header row included (condensed face where columns are narrow)


#: the end of each glossary section's heading ("Attributes used by this army", "Spells used by this army")
GLOSSARY_HEADING = "used by this army"


#: the sheet's, the summary's and the tracker's options: the one record every document reads
SheetOptions = PrintOptions


def styles() -> dict[str, ParagraphStyle]:
    register()
    base = ParagraphStyle("cell", fontName=CONDENSED, fontSize=TABLE_PT, leading=9.6, textColor=INK)
    return {
        "cell": base,
        "num": ParagraphStyle("num", parent=base, alignment=TA_RIGHT),
        "head": ParagraphStyle("head", parent=base, fontName=CONDENSED_BOLD, textColor=colors.white, fontSize=TABLE_PT),
        "unit": ParagraphStyle("unit", parent=base, fontName=BOLD, fontSize=8.2),
        "total": ParagraphStyle("total", parent=base, fontName=BOLD, alignment=TA_RIGHT, fontSize=8.2),
        "h1": ParagraphStyle("h1", fontName=BOLD, fontSize=15, leading=18, textColor=INK),
        "h2": ParagraphStyle("h2", fontName=BOLD, fontSize=11, leading=14, spaceBefore=8, spaceAfter=4, textColor=INK),
        "small": ParagraphStyle("small", fontName=REGULAR, fontSize=8, leading=10, textColor=INK),
        "gloss": ParagraphStyle(
            "gloss",
            fontName=REGULAR,
            fontSize=8.2,
            leading=10.4,
            spaceAfter=3,
            textColor=INK,
            allowWidows=0,
            allowOrphans=0,
        ),
    }


def stamp(army: Army[Any, Any], cost: ArmyCost, currency: str) -> str:
    """The validation stamp: "1002 / 1000 pts — over by 2" or "996 / 1000 pts — valid, 0 warnings"."""
    total, limit = cost.total, army.points_limit
    points = points_against_limit(total, limit, currency) + " — " if total is not None else ""
    others = [w for w in cost.warnings if w.rule != "points-limit"]
    if total is not None and limit is not None and total > limit:
        text = points + _("over by {points}").format(points=points_text(total - limit))
        return text + (
            ngettext(", {n} other warning", ", {n} other warnings", len(others)).format(n=len(others)) if others else ""
        )
    n = len(cost.warnings)
    said = (
        ngettext("valid, {n} warning", "valid, {n} warnings", n)
        if n == 0
        else ngettext("legal, {n} warning", "legal, {n} warnings", n)
    )
    return points + said.format(n=n)


def _merged(rows: list[list[str]]) -> list[list[str]]:
    """Identical rows (same cells and cost each) become one row with their quantities added."""
    out: list[list[str]] = []
    for row in rows:
        for done in out:
            if done[:-2] == row[:-2]:
                qty, total = _plus(done[-2], row[-2]), _plus(done[-1], row[-1])
                if qty is None or total is None:
                    continue  # a cell that is not a number: keep the rows apart
                done[-2], done[-1] = qty, total
                break
        else:
            out.append(list(row))
    return out


def _plus(a: str, b: str) -> str | None:
    """The sum of two number cells ("2", "1.5"), written as the cells are; "-" stays "-"."""
    if a == "-" and b == "-":
        return "-"
    try:
        total = Decimal(a) + Decimal(b)
    except InvalidOperation:
        return None
    if total == total.to_integral_value():
        return points_text(int(total))
    return format(total.normalize(), "f") if abs(total) < 1_000_000 else points_text(total)


#: a table cell never holds more lines than this: a row must fit on a page
MAX_CELL_LINES = 20


def _clamp(text: str, style: ParagraphStyle, width: float) -> str:
    """``text`` cut with an ellipsis and a note when it needs more than MAX_CELL_LINES lines of ``width``
    (measured as reportlab wraps it; a text that would fit in half the lines even were every letter an
    em wide is not measured)."""
    most = MAX_CELL_LINES * style.leading
    if printed_length(text) * style.fontSize <= (width - 6) * MAX_CELL_LINES / 2:
        return text
    if printed_length(text) <= 20_000 and _height(text, style, width) <= most:
        return text
    note = f"… [cut: {len(text):,} characters]"
    lo, hi = 0, min(len(text), int((width - 6) * MAX_CELL_LINES / (style.fontSize * 0.25)))
    while lo < hi:  # the most characters that fit with the note, by bisection
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if _height(text[:mid] + note, style, width) <= most else (lo, mid - 1)
    return text[:lo] + note


def _height(text: str, style: ParagraphStyle, width: float) -> float:
    """The height ``text`` takes in a cell ``width`` wide (3 pt of padding each side)."""
    return _wrapped_height(text, style.fontName, style.fontSize, style.leading, width)


@lru_cache(maxsize=4096)
def _wrapped_height(text: str, font: str, size: float, leading: float, width: float) -> float:
    style = ParagraphStyle("h", fontName=font, fontSize=size, leading=leading)
    return float(Paragraph(markup(text), style).wrap(width - 6, 1e6)[1])


def _cell(text: str, style: ParagraphStyle, width: float) -> str | Paragraph:
    """A plain string when the text fits one line in the main font (fast, and never parsed
    as markup); otherwise a wrapping Paragraph of the escaped text, cut to fit a page."""
    if fits_plain(text, style.fontName, style.fontSize, width - 6):
        return text
    return Paragraph(markup(_clamp(text, style, width)), style)


def column_widths(columns: Sequence[SheetColumn], width: float) -> list[float]:
    """Widths by each column's ``weight``, each at least its title's longest word (so "Armor" never
    breaks), the difference taken from the columns with room to spare."""
    weights = [c.weight for c in columns]
    widths = [width * w / sum(weights) for w in weights]
    floor = [max(stringWidth(w, CONDENSED_BOLD, TABLE_PT) for w in label(c.title).split()) + 6.5 for c in columns]
    short = sum(max(0.0, f - w) for f, w in zip(floor, widths))
    spare = sum(max(0.0, w - f) for f, w in zip(floor, widths))
    if short and spare > short:
        widths = [f if w < f else w - (w - f) * short / spare for f, w in zip(floor, widths)]
    return widths


def sheet_columns(system: RuleSystem, cost: ArmyCost) -> tuple[SheetColumn, ...]:
    """The sheet's columns: :func:`model.report.table_columns`, less the Points column of a system
    without points when no element has points entered (it would be a column of dashes)."""
    columns = table_columns(system)
    if system.pricing.has_points or any(e.cost_each is not None for unit in cost.units for e in unit.elements):
        return columns
    return columns[: len(system.presentation.columns)]


def _label_row(blank: list[str], label_col: int, label: str, value: str) -> list[str | Paragraph]:
    row: list[str | Paragraph] = list(blank)
    row[label_col] = label + ":"
    row[-1] = value
    return row


@dataclass(frozen=True)
class _Rows:
    """The sheet's table: its cells (header row first), each row's cell styles (the rows of one kind
    share one list of them: reportlab otherwise makes a style a cell and sets it command by command),
    the drawing commands of every table (header band, rules, box), those of single rows by row
    index (without their cell range), the indexes of the units' heading rows and of the rows that never
    start a page."""

    widths: list[float]
    data: list[list[str | Paragraph]]
    cell_styles: list[list[CellStyle]]
    common: list[tuple[Any, ...]]
    rows: dict[int, list[tuple[Any, ...]]]
    heads: frozenset[int]
    tails: frozenset[int] = frozenset()  # rows that go with the row above (an element's tick boxes)


_Align = Literal["LEFT", "RIGHT"]


def _cell_styles(
    name: str, font: str, size: float, leading: float, colour: Any, align: Sequence[_Align]
) -> list[CellStyle]:
    """One row's cell styles: ``font`` in ``colour``, top-aligned, ``align`` column by column."""
    out = []
    for column, alignment in enumerate(align):
        style = CellStyle(f"{name}{column}")
        style.fontname, style.fontsize, style.leading, style.color = font, size, leading, colour
        style.alignment, style.valign = alignment, "TOP"
        style.topPadding = style.bottomPadding = 2
        style.leftPadding = style.rightPadding = 3
        out.append(style)
    return out


def _table_rows(
    army: Army[Any, Any],
    cost: ArmyCost,
    system: RuleSystem,
    opts: SheetOptions,
    layout: Sequence[SheetColumn],
    widths: list[float],
    st: dict[str, ParagraphStyle],
) -> _Rows:
    """The sheet's table, cells and styles (see :class:`_Rows`)."""
    columns = [label(column.title) for column in layout]  # in the model's language
    numeric = set(range(len(system.presentation.columns), len(columns)))  # the generic columns the sheet shows
    cell, unit_style, total_style = st["cell"], st["unit"], st["total"]
    align: list[_Align] = ["RIGHT" if i in numeric else "LEFT" for i in range(len(columns))]
    # a FONT of two values has a leading of 1.2 times the size, as reportlab's style command gives
    head_styles = _cell_styles(
        "head", CONDENSED_BOLD, st["head"].fontSize, st["head"].fontSize * 1.2, colors.white, ["LEFT"] * len(columns)
    )
    row_styles = _cell_styles("row", cell.fontName, cell.fontSize, cell.leading, INK, align)
    unit_styles = _cell_styles("unit", unit_style.fontName, unit_style.fontSize, unit_style.fontSize * 1.2, INK, align)
    total_styles = _cell_styles(
        "total", BOLD, total_style.fontSize, total_style.fontSize * 1.2, INK, ["RIGHT"] * len(columns)
    )
    data: list[list[str | Paragraph]] = [[_cell(c, st["head"], widths[i]) for i, c in enumerate(columns)]]
    cell_styles = [head_styles]
    common: list[tuple[Any, ...]] = [
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
        ("BOX", (0, 0), (-1, -1), 0.6, HEAD_BG),
    ]
    rows: dict[int, list[tuple[Any, ...]]] = {}
    # No SPANs: reportlab recomputes spans at every page split, which is slow on long armies.
    label_col = next((i for i, column in enumerate(layout) if column.labels), len(columns) - 4)
    blank = [""] * len(columns)
    has_points = cost.total is not None
    heads: set[int] = set()
    tails: set[int] = set()
    for (unit_name, unit_rows), unit_cost, unit_elements in zip(
        sheet_rows(army, cost, system), cost.units, (unit.elements for unit in army.units)
    ):
        heads.add(len(data))
        rows[len(data)] = [("BACKGROUND", UNIT_BG)]
        head = [_cell(_clamp(unit_name, unit_style, widths[0]), unit_style, sum(widths[:label_col]))] + blank[1:]
        if has_points:  # the unit's subtotal on its heading row, in the Total column
            head[-1] = points_text(unit_cost.cost)  # right-aligned and bold: the numeric columns and the row style
        data.append(head)
        cell_styles.append(unit_styles)
        merge = opts.merge_identical and not opts.tick_boxes  # an element's boxes are its own
        for n, row in enumerate(_merged(unit_rows) if merge else unit_rows):
            cells = row[: len(columns)]  # without the Points column when the sheet has none
            data.append([_cell(text, st["num"] if i in numeric else cell, widths[i]) for i, text in enumerate(cells)])
            cell_styles.append(row_styles)
            if opts.tick_boxes:
                rows[len(data) - 1] = [("LINEBELOW", 0.6, colors.white)]  # the boxes read as the row's
                tails.add(len(data))
                data.append(_tick_row(unit_elements[n], system, widths))
                cell_styles.append(row_styles)
    if has_points:
        rows[len(data)] = [("LINEABOVE", 0.8, HEAD_BG)]
        data.append(
            _label_row(
                blank,
                label_col,
                _("Army total"),
                points_against_limit(cost.total, army.points_limit, system.presentation.currency),
            )
        )
        cell_styles.append(total_styles)
    return _Rows(widths, data, cell_styles, common, rows, frozenset(heads), frozenset(tails))


#: tick boxes in one row of the sheet at most (a row must fit a page)
SHEET_BOXES = 120


def _tick_row(element: Any, system: RuleSystem, widths: list[float]) -> list[Any]:
    """The row under an element's with its tick boxes (``SheetOptions.tick_boxes``), laid out across the
    table's width from its first cell (the others are empty, and an empty cell draws nothing)."""
    from warbench.model.pdf.boxes import element_boxes

    return [element_boxes(system, element, SHEET_BOXES, sum(widths) - 6), *[""] * (len(widths) - 1)]


class _SheetTable(Table):
    """A Table that draws nothing for an empty cell (reportlab writes a text object for it all the
    same: a third of the sheet's cells are the blank cells of unit rows)."""

    def _drawCell(self, cellval: Any, cellstyle: CellStyle, pos: tuple[float, float], size: Any) -> None:
        if cellval != "":
            super()._drawCell(cellval, cellstyle, pos, size)  # type: ignore[misc]  # Table internals


#: rows measured at a time (reportlab measures a table's rows in time that grows with the square of its length)
MEASURE_ROWS = 200


def _styled(sheet: _Rows, first: int, end: int, heights: list[float] | None) -> Table:
    """A table of the header row and then the sheet's rows ``first`` to ``end`` (excluded), with the
    rows' heights when known (then never measured again)."""
    style = list(sheet.common)
    for r in range(first, end):
        style += [(name, (0, r - first + 1), (-1, r - first + 1), *args) for name, *args in sheet.rows.get(r, ())]
    table = _SheetTable(
        [sheet.data[0], *sheet.data[first:end]],
        colWidths=sheet.widths,
        rowHeights=heights,
        repeatRows=1,
        splitByRow=1,
        normalizedData=1,
        cellStyles=[sheet.cell_styles[0], *sheet.cell_styles[first:end]],
    )
    table.setStyle(TableStyle(style))
    return table


def _tables(
    army: Army[Any, Any],
    cost: ArmyCost,
    system: RuleSystem,
    opts: SheetOptions,
    width: float,
    height: float,
    st: dict[str, ParagraphStyle],
    first_height: float | None = None,
) -> list[Table]:
    """The sheet's table cut into one table a page (each with the header row), for frames ``height`` tall
    (the first page's ``first_height``, below what the page holds above the table).

    reportlab splits a long table at each page break by building a new table of all the rows left,
    which makes a sheet's time grow with the square of its length; here the rows are measured once,
    a block at a time, and each page gets its own table of the measured rows, so time grows linearly.
    (Measuring keeps each Paragraph as reportlab's list of it in the row, which drawing takes as is.)
    """
    layout = sheet_columns(system, cost)
    sheet = _table_rows(army, cost, system, opts, layout, column_widths(layout, width), st)
    heights: list[float] = []
    for first in range(1, max(len(sheet.data), 2), MEASURE_ROWS):
        block = _styled(sheet, first, first + MEASURE_ROWS, None)
        block.wrap(width, height)
        heights += block._rowHeights[1:]  # type: ignore[attr-defined]  # Table internals, not in the stubs
    heights.insert(0, block._rowHeights[0])  # type: ignore[attr-defined]
    tables, start, used = [], 1, heights[0]
    room = height if first_height is None else first_height
    for r in range(1, len(sheet.data)):
        if used + heights[r] > room and r > start:
            cut = r
            if cut in sheet.tails and cut - 1 > start:
                cut -= 1  # an element's tick boxes go over with it
            if cut - 1 in sheet.heads and cut not in sheet.heads and cut - 1 > start:
                cut -= 1  # a unit's heading goes over with its first rows (an empty unit's may end a page)
            tables.append(_styled(sheet, start, cut, [heights[0], *heights[start:cut]]))
            start, used, room = cut, heights[0] + sum(heights[cut:r]), height
        used += heights[r]
    tables.append(_styled(sheet, start, len(sheet.data), [heights[0], *heights[start:]]))
    return tables


def _glossary(army: Army[Any, Any], system: RuleSystem, st: dict[str, ParagraphStyle]) -> list[Any]:
    """The rules the army uses: a section for the attributes (the system's word: "Templates", "Weapons")
    and one for the spells, each sorted by name; a heading never ends a page (it goes with two entries)."""
    cat = system.catalogue
    attrs = [
        (a.name, _("homebrew, {cost}").format(cost=a.cost.text) if a.homebrew else a.cost.text, a.summary)
        for a in (cat.attributes[i] for i in used_by(army, system, "attribute"))
    ]
    spells = [
        (s.name, ", ".join(filter(None, [_("homebrew spell") if s.homebrew else "", s.described(3)])), s.summary)
        for s in (cat.spells[i] for i in used_by(army, system, "spell"))
    ]
    out: list[Any] = []
    for title, entries in zip(system.reference.reference_titles, (attrs, spells)):
        if not entries:
            continue
        items = [
            Paragraph(
                f"<b>{markup(name)}</b>" + (f" ({markup(detail)})" if detail else "") + f" — {quoted(markup(summary))}",
                st["gloss"],
            )
            for name, detail, summary in sorted(entries, key=lambda e: e[0].lower())
        ]
        heading = Paragraph(markup(_("{title} used by this army").format(title=label(title))), st["h2"])
        out += [KeepTogether([heading, *items[:2]]), *items[2:]]
    return out


def _canvas_class(
    army: Army[Any, Any],
    system: RuleSystem,
    cost: ArmyCost,
    opts: SheetOptions,
    progress: Callable[[int], None] | None,
    footer_line: str = "",
) -> type[pdfcanvas.Canvas]:
    date = (opts.date or dt.date.today()).isoformat()
    st = styles()
    header_left = f"<b>{markup(army.name)}</b>"
    header_sub = f"{markup(system.name)}"
    points_text = points_against_limit(cost.total, army.points_limit, system.presentation.currency)
    stamp_text = markup(stamp(army, cost, system.presentation.currency))

    class SheetCanvas(pdfcanvas.Canvas):
        """Defers page decorations to the end so each page can say 'page X of Y'."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict[str, Any]] = []

        def showPage(self) -> None:
            self._pages.append(dict(self.__dict__))
            if progress:
                progress(len(self._pages))
            self._startPage()  # type: ignore[attr-defined]  # Canvas internals, not in the stubs

        def save(self) -> None:
            total = len(self._pages)
            for number, state in enumerate(self._pages, 1):
                self.__dict__.update(state)
                self._decorate(number, total)
                super().showPage()
            super().save()

        def _decorate(self, number: int, total: int) -> None:
            w, h = self._pagesize  # type: ignore[attr-defined]  # Canvas internals, not in the stubs
            self.setFont(REGULAR, 8)
            self.setFillColor(INK)
            self.drawRightString(w - MARGIN, MARGIN + FOOTER_H - 4 * mm - 18, footer_line)  # under "page X of Y"
            top = h - MARGIN
            for size in (15, 13, 11, 9, 8):  # long names shrink to stay inside the header
                title = Paragraph(header_left, ParagraphStyle("t", parent=st["h1"], fontSize=size, leading=size * 1.2))
                tw, th = title.wrap(w * 0.6, HEADER_H)
                if th <= HEADER_H - 8 * mm:
                    break
            title.drawOn(self, MARGIN, top - th)
            sub = Paragraph(header_sub, st["small"])
            sw, sh = sub.wrap(w * 0.6, HEADER_H)
            sub.drawOn(self, MARGIN, top - th - sh - 1)
            right = Paragraph(
                f"{markup(points_text)}<br/>{date}", ParagraphStyle("r", parent=st["small"], alignment=TA_RIGHT)
            )
            rw, rh = right.wrap(w * 0.35, HEADER_H)
            right.drawOn(self, w - MARGIN - rw, top - rh)
            self.setStrokeColor(HEAD_BG)
            self.setLineWidth(0.8)
            self.line(MARGIN, h - MARGIN - HEADER_H + 3 * mm, w - MARGIN, h - MARGIN - HEADER_H + 3 * mm)
            self.line(MARGIN, MARGIN + FOOTER_H - 3 * mm, w - MARGIN, MARGIN + FOOTER_H - 3 * mm)
            foot = Paragraph(stamp_text, st["small"])
            fw, fh = foot.wrap(w * 0.7, FOOTER_H)
            foot.drawOn(self, MARGIN, MARGIN + FOOTER_H - 4 * mm - fh)
            self.setFont(REGULAR, 8)
            self.setFillColor(INK)
            self.drawRightString(
                w - MARGIN,
                MARGIN + FOOTER_H - 4 * mm - 8,
                _("page {number} of {total}").format(number=number, total=total),
            )

    return SheetCanvas


def page_size(opts: SheetOptions) -> tuple[float, float]:
    size = PAPERS[opts.paper]
    return to_landscape(size) if opts.landscape else size


def document(
    buffer: io.BytesIO, opts: SheetOptions, header_h: float, footer_h: float, title: str, subject: str
) -> SimpleDocTemplate:
    """A page template of ``opts``' paper with room for a header and a footer; reproducible output."""
    return SimpleDocTemplate(
        buffer,
        pagesize=page_size(opts),
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN + header_h,
        bottomMargin=MARGIN + footer_h,
        title=title,
        author="Warbench",
        subject=subject,
        creator=f"Warbench {__version__}",
        invariant=1,
    )


def build_sheet(
    army: Army[Any, Any],
    opts: SheetOptions = SheetOptions(),
    progress: Callable[[int], None] | None = None,
    cost: ArmyCost | None = None,
) -> bytes:
    """The army sheet PDF as bytes (``cost``: the army's cost when the caller has it already)."""
    system = system_for(army)
    cost = cost if cost is not None else price_army(army, system)
    st = styles()
    buffer = io.BytesIO()
    doc = document(buffer, opts, HEADER_H, FOOTER_H, _("{name} — army sheet").format(name=army.name), system.name)
    printed = printed_code(army)
    block = CodeBlock(printed)
    with collect_missing() as missing:  # every user string goes through markup() in this block
        canvasmaker = _canvas_class(army, system, cost, opts, progress, fingerprint_line(printed))
        # the frame's inner height and width (SimpleDocTemplate's frame has 6 pt padding on each side)
        room = doc.height - 12
        pages = _tables(army, cost, system, opts, doc.width, room, st, room - block.block_height(doc.width - 12))
        # each table fills at most one page: the next starts on a new page, never in the space a heading
        # moved over to it left (reportlab would split it there, header band and all)
        story: list[Any] = [block, *[flowable for table in pages for flowable in (PageBreak(), table)][1:]]
        after_tables = len(story)
        if cost.figures:
            force = markup(system.presentation.figures_text(cost.figures))
            story += [Spacer(1, 4), Paragraph("<b>" + _("Force:") + f"</b> {force}", st["gloss"])]
        if cost.warnings:
            items: list[Flowable] = [Paragraph(_("Warnings"), st["h2"])]
            items += [Paragraph("• " + markup(str(w)), st["gloss"]) for w in cost.warnings]
            story += [Spacer(1, 4), KeepTogether(items[:3])] + items[3:]
        story += _glossary(army, system, st)
    if missing:  # said right under the table, where the markers are
        note = ParagraphStyle("missing", parent=st["gloss"], textColor=colors.HexColor(MISSING_COLOUR))
        story[after_tables:after_tables] = [Spacer(1, 4), Paragraph(markup(missing_note(missing)), note)]
    doc.build(story, canvasmaker=canvasmaker)
    return buffer.getvalue()


def build(army: Army[Any, Any], options: PrintOptions, progress: Callable[[int], None] | None = None) -> bytes:
    """The army sheet as the documents' registry makes it (model/pdf/documents.py)."""
    return build_sheet(army, options, progress, options.cost)
