"""The one-page roster summary (``warbench sheet --summary``): the whole army on one page for a
tournament organiser, with the validation stamp and the SHA-256 of the army file, so a printed
list can be matched to the file it came from (``sha256sum FILE`` prints the same digits).

One row per element (identical elements of a unit merged, "3×"), the unit's name and subtotal
beside its first row; above them the army code as a QR code and the list fingerprint (model/pdf/qr.py),
the fingerprint in the footer too. The text steps down from 9 pt to 7 pt until the page holds the army
(with its QR, else, when the army alone fills the page, with a line saying why there is none); an army
that does not fit at 7 pt raises :class:`SummaryTooLong`, which says how much room it needs.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from warbench.model import __version__
from warbench.model.cost_lines import points_text
from warbench.model.costing import ArmyCost, UnitCost, price_army
from warbench.model.i18n import N_, _, ngettext, number
from warbench.model.pdf.documents import PrintOptions, Refused
from warbench.model.pdf.fonts import BOLD, CONDENSED, CONDENSED_BOLD, REGULAR, markup, register
from warbench.model.pdf.qr import CodeBlock, fingerprint_line, printed_code
from warbench.model.pdf.sheet import HEAD_BG, INK, MARGIN, RULE, UNIT_BG, SheetOptions, document, page_size, stamp
from warbench.model.report import force_summary, points_against_limit
from warbench.model.systems import system_for

if TYPE_CHECKING:  # pragma: no cover
    from warbench.model.army import Army, Unit
    from warbench.model.systems.base import RuleSystem

#: text sizes tried, largest first; below the last the army is refused
SIZES = (9.0, 8.5, 8.0, 7.5, 7.0)
HEADER_H = 20 * mm
FOOTER_H = 16 * mm
FRAME_PAD = 6.0
STAMP_COLOURS = {"valid": "#2e7d32", "legal": "#ef6c00", "over": "#c62828"}
#: why a summary has no QR when the army alone fills the page
NO_ROOM = N_("the army fills the page; its army sheet carries the QR code")


class SummaryTooLong(Refused):
    """The army does not fit one page even in the smallest text."""


def checksum(data: bytes) -> str:
    """The army file's SHA-256 in hex, as ``sha256sum`` prints it."""
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class _Line:
    count: int
    name: str
    details: str
    total: Any  # the line's cost (each × count), None without points


def _lines(unit: Unit[Any], unit_cost: UnitCost, system: RuleSystem) -> list[_Line]:
    """The unit's elements, identical ones (same name, details and cost each) merged."""
    merged: dict[tuple[str, tuple[str, ...], Any], list[Any]] = {}
    for element, ec in zip(unit.elements, unit_cost.elements):
        key = (element.name, tuple(system.presentation.text_parts(element)), ec.cost_each)
        merged.setdefault(key, [0, None])
        merged[key][0] += ec.count
        if ec.total is not None:
            merged[key][1] = (merged[key][1] or 0) + ec.total
    return [_Line(count, name, ", ".join(parts), total) for (name, parts, _), (count, total) in merged.items()]


def _styles(size: float) -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("cell", fontName=CONDENSED, fontSize=size, leading=size * 1.18, textColor=INK)
    return {
        "cell": base,
        "name": ParagraphStyle("name", parent=base, fontName=CONDENSED_BOLD),
        "unit": ParagraphStyle("unit", parent=base, fontName=BOLD),
        "num": ParagraphStyle("num", parent=base, alignment=TA_RIGHT),
        "head": ParagraphStyle("head", parent=base, fontName=CONDENSED_BOLD, textColor=colors.white),
        "small": ParagraphStyle("small", parent=base, fontName=REGULAR, fontSize=min(size, 8), leading=10),
    }


def _table(army: Army[Any, Any], cost: ArmyCost, system: RuleSystem, width: float, size: float) -> Table:
    st = _styles(size)
    points = cost.total is not None
    titles = [_("Unit"), _("Qty"), _("Element"), _("Details")] + (
        [system.presentation.currency.capitalize()] if points else []
    )
    weights = [2.2, 0.8, 2.2, 7.0] + ([0.8] if points else [])
    widths = [width * w / sum(weights) for w in weights]
    data: list[list[Any]] = [[Paragraph(markup(t), st["head"]) for t in titles]]
    style: list[tuple[Any, ...]] = [
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("BOX", (0, 0), (-1, -1), 0.6, HEAD_BG),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]
    for unit, unit_cost in zip(army.units, cost.units):
        lines = _lines(unit, unit_cost, system) or [_Line(0, "", "(no elements)", None)]
        first = len(data)
        unit_text = f"<b>{markup(unit.name)}</b>"
        if unit_cost.cost is not None:
            unit_text += f"<br/>{markup(points_against_limit(unit_cost.cost, None, system.presentation.currency))}"
        for i, line in enumerate(lines):
            row = [
                Paragraph(unit_text, st["cell"]) if i == 0 else "",
                Paragraph(f"{points_text(line.count)}×", st["num"]) if line.count else "",
                Paragraph(markup(line.name), st["name"]),
                Paragraph(markup(line.details), st["cell"]),
            ]
            if points:
                row.append(Paragraph(markup(points_text(line.total, "")), st["num"]))
            data.append(row)
        style += [
            ("SPAN", (0, first), (0, len(data) - 1)),
            ("BACKGROUND", (0, first), (0, len(data) - 1), UNIT_BG),
            ("LINEABOVE", (0, first), (-1, first), 0.6, HEAD_BG),
            ("LINEBELOW", (1, first), (-1, len(data) - 1), 0.25, RULE),
        ]
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle(style))
    return table


def _stamp_colour(army: Army[Any, Any], cost: ArmyCost) -> str:
    over = cost.total is not None and army.points_limit is not None and cost.total > army.points_limit
    return STAMP_COLOURS["over" if over else "legal" if cost.warnings else "valid"]


def _story(army: Army[Any, Any], cost: ArmyCost, system: RuleSystem, width: float, size: float) -> list[Flowable]:
    st = _styles(size)
    story: list[Flowable] = [_table(army, cost, system, width, size)]
    if cost.figures or cost.total is None:
        story += [
            Spacer(1, 3),
            Paragraph(f"<b>{_('Force:')}</b> {markup(force_summary(army, cost, system))}", st["cell"]),
        ]
    if cost.warnings:
        story += [Spacer(1, 4), Paragraph("<b>" + _("Warnings") + "</b>", st["cell"])]
        story += [Paragraph("• " + markup(str(w)), st["cell"]) for w in cost.warnings]
    return story


def _height(story: list[Flowable], width: float) -> float:
    """The story's whole height (a Table's wrap stops counting at the height it is offered)."""
    return float(sum(f.wrap(width, 1e9)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in story))


def build_summary(
    army: Army[Any, Any],
    source: bytes,
    file_name: str,
    opts: SheetOptions = SheetOptions(),
    cost: ArmyCost | None = None,
) -> bytes:
    """The one-page summary PDF of ``army``, whose file holds the bytes ``source`` (named ``file_name``);
    ``cost``: the army's cost when the caller has it already.

    Raises SummaryTooLong when the army needs more than one page at the smallest text size."""
    register()
    system = system_for(army)
    cost = cost if cost is not None else price_army(army, system)
    page_w, page_h = page_size(opts)
    width = page_w - 2 * MARGIN
    # the frame inside the margins, less its padding (reportlab's Frame: 6 pt each side)
    inner_w, room = width - 2 * FRAME_PAD, page_h - 2 * MARGIN - HEADER_H - FOOTER_H - 2 * FRAME_PAD
    printed = printed_code(army)
    for block in (CodeBlock(printed), CodeBlock(replace(printed, version=None, why=_(NO_ROOM)))):
        for text_pt in SIZES:
            story = [block, *_story(army, cost, system, inner_w, text_pt)]
            needed = _height(story, inner_w)
            if needed <= room:
                break
        if needed <= room:
            break
    else:
        elements = sum(len(u.elements) for u in army.units)
        units = len(army.units)
        raise SummaryTooLong(
            _(
                "{name} does not fit on one page: at {size} pt its {units} and {elements} need {pages} pages of "
                "{paper}. Print the army sheet instead, or split the army."
            ).format(
                name=army.name,
                size=number(SIZES[-1], 0),
                units=ngettext("{n} unit", "{n} units", units).format(n=units),
                elements=ngettext("{n} element", "{n} elements", elements).format(n=elements),
                pages=number(needed / room, 1),
                paper=(_("{paper} landscape") if opts.landscape else "{paper}").format(paper=opts.paper.upper()),
            )
        )
    digest = checksum(source)
    date = (opts.date or dt.date.today()).isoformat()
    stamp_text = stamp(army, cost, system.presentation.currency)
    colour = colors.HexColor(_stamp_colour(army, cost))
    points = points_against_limit(cost.total, army.points_limit, system.presentation.currency) or force_summary(
        army, cost, system
    )

    def decorate(c: Canvas, _doc: object) -> None:
        top = page_h - MARGIN
        head = ParagraphStyle("h", fontName=BOLD, fontSize=15, leading=18, textColor=INK)
        for pt in (15, 13, 11, 9):  # long names shrink to stay in the header
            title = Paragraph(
                f"<b>{markup(army.name)}</b>", ParagraphStyle("t", parent=head, fontSize=pt, leading=pt * 1.2)
            )
            tw, th = title.wrap(width * 0.62, HEADER_H)
            if th <= HEADER_H - 10 * mm:
                break
        title.drawOn(c, MARGIN, top - th)
        small = ParagraphStyle("s", fontName=REGULAR, fontSize=8, leading=10, textColor=INK)
        sub = Paragraph(_("{system} · roster summary · {date}").format(system=markup(system.name), date=date), small)
        sub.wrap(width * 0.62, HEADER_H)
        sub.drawOn(c, MARGIN, top - th - sub.height - 1)
        # the stamp, boxed in its colour, top right
        box = Paragraph(
            # a force's measures one a line ("5 units, 18 figures; routs after losing 3"), not broken anywhere
            f"<b>{'<br/>'.join(map(markup, points.split('; ')))}</b><br/>{markup(stamp_text.split(' — ')[-1])}",
            ParagraphStyle(
                "b", parent=small, fontName=BOLD, fontSize=9, leading=11, alignment=TA_RIGHT, textColor=colour
            ),
        )
        bw, bh = box.wrap(width * 0.34, HEADER_H)
        c.setStrokeColor(colour)
        c.setLineWidth(1.2)
        c.roundRect(page_w - MARGIN - bw - 8, top - bh - 8, bw + 8, bh + 8, 3)
        box.drawOn(c, page_w - MARGIN - bw - 4, top - bh - 4)
        c.setStrokeColor(HEAD_BG)
        c.setLineWidth(0.8)
        c.line(MARGIN, top - HEADER_H + 3 * mm, page_w - MARGIN, top - HEADER_H + 3 * mm)
        base = MARGIN + FOOTER_H - 3 * mm
        c.line(MARGIN, base, page_w - MARGIN, base)
        foot = Paragraph(
            _("Army file <b>{name}</b>, SHA-256 (check it with sha256sum): ").format(name=markup(file_name)),
            small,
        )
        foot.wrap(width, FOOTER_H)
        foot.drawOn(c, MARGIN, base - 2 - foot.height)
        c.setFont("Courier-Bold", 8.5)
        c.setFillColor(INK)
        c.drawString(MARGIN, base - foot.height - 12, digest)
        c.setFont(REGULAR, 7)
        c.drawRightString(page_w - MARGIN, base - foot.height - 12, f"Warbench {__version__}")
        version_w = stringWidth(f"Warbench {__version__}", REGULAR, 7)
        c.drawRightString(page_w - MARGIN - version_w - 10, base - foot.height - 12, fingerprint_line(printed))
        c.setFont("Courier-Bold", 11)
        c.drawRightString(page_w - MARGIN, base - 2 - 9, digest[:8])

    buffer = io.BytesIO()
    doc = document(
        buffer,
        opts,
        HEADER_H,
        FOOTER_H,
        _("{name} — roster summary").format(name=army.name),
        _("{system}; army file SHA-256 {digest}").format(system=system.name, digest=digest),
    )
    doc.build(story, onFirstPage=decorate, onLaterPages=decorate)
    if doc.page != 1:  # the measure above is reportlab's own wrap: this would be a bug in it
        raise AssertionError(
            f"the summary of {army.name} measured {needed:.0f} pt of {room:.0f} but took {doc.page} pages"
        )
    return buffer.getvalue()


def build(army: Army[Any, Any], options: PrintOptions, progress: Callable[[int], None] | None = None) -> bytes:
    """The summary as the documents' registry makes it (model/pdf/documents.py): of the army file's bytes
    ``options.source`` (named ``options.source_name``); one page, so ``progress`` is not called."""
    if options.source is None:
        raise ValueError("the summary prints the army file's checksum: PrintOptions.source holds its bytes")
    return build_summary(army, options.source, options.source_name, options, options.cost)
