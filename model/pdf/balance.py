"""The balance page (``warbench sheet ARMY --balance``; the print preview's "Balance report"): is each element of
the army worth its points, against the example armies Warbench ships for its system (:mod:`model.balance`).

A scatter of value against points on logarithmic axes (the pool's designs as rings, the army's as dots, the
curve dashed), then a row per element: its points, deals, takes, value, value per point, its ratio to the curve
and its flags with the cost lines that drive them. Names are escaped (``markup``); output is deterministic.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, PolyLine, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from warbench.model.balance import (
    BalanceError,
    Design,
    Report,
    balance,
    driving_lines,
    example_pool,
    points_label,
)
from warbench.model.cost_lines import points_text
from warbench.model.i18n import N_, _, decimal, label, ngettext, number
from warbench.model.matchup import MatchupError
from warbench.model.pdf.documents import PrintOptions, Refused
from warbench.model.pdf.fonts import REGULAR, collect_missing, markup, missing_note
from warbench.model.pdf.sheet import HEAD_BG, INK, RULE, UNIT_BG, _clamp, document, styles
from warbench.model.systems import system_for

if TYPE_CHECKING:
    from warbench.model.army import Army

FOOTER_H = 8 * mm
CHART_H = 70 * mm
#: the table's headings (shown in the model's language)
HEADINGS = (
    N_("Unit / element"),
    N_("Points"),
    N_("Deals"),
    N_("Takes"),
    N_("Value"),
    N_("Value/pt"),
    N_("× curve"),
    N_("Flags and cost lines"),
)


def _num(value: Any, none: str = "–") -> str:
    return none if value is None else number(float(value), 3)


def _placed(design: Design) -> tuple[float, float] | None:
    value = design.value
    if design.points is None or design.points <= 0 or value is None or value <= 0:
        return None
    return math.log(float(design.points)), math.log(float(value))


def scatter(report: Report, width: float, height: float = CHART_H) -> Drawing:
    """Value against points, both logarithmic: the pool's designs as rings, the army's as dots, the curve dashed."""
    drawing = Drawing(width, height)
    left, bottom, right, top = 14 * mm, 9 * mm, width - 2 * mm, height - 2 * mm
    frame = Rect(left, bottom, right - left, top - bottom)
    frame.strokeColor, frame.fillColor, frame.strokeWidth = RULE, None, 0.5
    drawing.add(frame)
    drawing.add(
        String((left + right) / 2, 2 * mm, _("points (log scale)"), fontName=REGULAR, fontSize=7, textAnchor="middle")
    )
    axis = String(0, 0, _("value (log scale)"), fontName=REGULAR, fontSize=7, textAnchor="middle")
    pool = [p for p in map(_placed, report.pool) if p]
    own = [p for p in map(_placed, report.designs) if p]
    if not pool + own:
        drawing.add(
            String(
                (left + right) / 2,
                (bottom + top) / 2,
                _("nothing to plot: no element has points and value"),
                fontName=REGULAR,
                fontSize=8,
                textAnchor="middle",
            )
        )
        return drawing
    xs, ys = [x for x, _y in pool + own], [y for _x, y in pool + own]
    x0, x1, y0, y1 = min(xs) - 0.2, max(xs) + 0.2, min(ys) - 0.2, max(ys) + 0.2

    def at(x: float, y: float) -> tuple[float, float]:
        return left + (x - x0) / (x1 - x0) * (right - left), bottom + (y - y0) / (y1 - y0) * (top - bottom)

    drawing.add(String(left, bottom - 3.2 * mm, points_label(math.exp(min(xs))), fontName=REGULAR, fontSize=6))
    drawing.add(
        String(
            right,
            bottom - 3.2 * mm,
            points_label(math.exp(max(xs))),
            fontName=REGULAR,
            fontSize=6,
            textAnchor="end",
        )
    )
    drawing.add(
        String(
            left - 1 * mm, top - 2 * mm, number(math.exp(max(ys)), 2), fontName=REGULAR, fontSize=6, textAnchor="end"
        )
    )
    drawing.add(
        String(left - 1 * mm, bottom, number(math.exp(min(ys)), 2), fontName=REGULAR, fontSize=6, textAnchor="end")
    )
    turned = Group(axis)
    turned.translate(3 * mm, (bottom + top) / 2)
    turned.rotate(90)
    drawing.add(turned)
    curve = report.curves.get("value")
    if curve is not None:
        points: list[float] = []
        for i in range(33):
            x = x0 + (x1 - x0) * i / 32
            y = math.log(curve.c) + curve.b * x
            if y0 <= y <= y1:
                points += at(x, y)
        if len(points) >= 4:
            drawing.add(PolyLine(points, strokeColor=INK, strokeWidth=0.6, strokeDashArray=[2, 2]))
    for x, y in pool:
        drawing.add(Circle(*at(x, y), 1.6, strokeColor=colors.grey, fillColor=None, strokeWidth=0.5))
    for x, y in own:
        drawing.add(Circle(*at(x, y), 1.9, strokeColor=INK, fillColor=HEAD_BG, strokeWidth=0.4))
    drawing.add(Line(left, bottom, left, top, strokeColor=INK, strokeWidth=0.4))
    return drawing


def flag(code: str, values: dict[str, Any]) -> str:
    """A flag of :func:`model.balance.judge` in the model's language (``Design.flags`` keeps the command line's
    English): one whole sentence a code and measure."""
    ratio = decimal(f"{values.get('ratio', 0):.2g}")
    texts = {
        "no-attack": _("has no attack: it can attack nothing"),
        "harms-nothing": _("can harm nothing in the pool"),
        "unharmed": _("nothing in the pool can harm it"),
        "no-points": _("has no points: no value per point"),
        "zero-points": _("costs {points} points: no value per point"),
        ("cheap", "deals"): _("deals {ratio}× what its points predict: too cheap"),
        ("dear", "deals"): _("deals {ratio}× what its points predict: too dear"),
        ("cheap", "lasts"): _("lasts {ratio}× what its points predict: too cheap"),
        ("dear", "lasts"): _("lasts {ratio}× what its points predict: too dear"),
        ("cheap", "value"): _("value {ratio}× what its points predict: too cheap"),
        ("dear", "value"): _("value {ratio}× what its points predict: too dear"),
    }
    text = texts.get((code, values["measure"]) if "measure" in values else code, code)
    return text.format(points=values.get("points"), ratio=ratio)


def _row(design: Design, st: dict[str, Any], width: float) -> list[Any]:
    notes = [flag(code, values) for code, values in design.codes]
    if any(code in ("cheap", "dear") for code, _values in design.codes):
        notes += [f"{line.item}: {points_text(line.points)}" for line in driving_lines(design.lines)]
    ratio = design.ratios.get("value")
    return [
        Paragraph(markup(_clamp(f"{design.unit} / {design.element}", st["cell"], width)), st["cell"]),
        Paragraph(points_text(design.points), st["num"]),
        Paragraph(_num(design.deals), st["num"]),
        Paragraph(_num(design.takes), st["num"]),
        Paragraph(_num(design.value, "∞"), st["num"]),
        Paragraph(_num(design.per_point("value")), st["num"]),
        Paragraph("–" if ratio is None else f"{ratio:.2f}×", st["num"]),
        Paragraph("<br/>".join(markup(note) for note in notes), st["cell"]),
    ]


def _table(report: Report, st: dict[str, Any], width: float) -> Table:
    numbers = 14 * mm
    name = max(38 * mm, width * 0.24)
    widths = [name, *[numbers] * 6, width - name - 6 * numbers]
    rows: list[list[Any]] = [[Paragraph(f"<b>{_(h)}</b>", st["cell"]) for h in HEADINGS]]
    rows += [_row(design, st, name) for design in report.designs]
    table = Table(rows, colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BACKGROUND", (0, 0), (-1, 0), UNIT_BG),
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
                ("BOX", (0, 0), (-1, -1), 0.6, HEAD_BG),
                ("LEFTPADDING", (0, 0), (-1, -1), 2),
                ("RIGHTPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return table


def build(army: Army[Any, Any], options: PrintOptions, progress: Callable[[int], None] | None = None) -> bytes:
    """The balance page as the documents' registry makes it (model/pdf/documents.py): paper and landscape;
    Refused when the system has no example armies to judge against or no odds."""
    system = system_for(army)
    try:
        report = balance(army, system, example_pool(army.system))
    except (BalanceError, MatchupError) as exc:
        raise Refused(_("no balance report for {name}: {problem}").format(name=repr(army.name), problem=exc)) from None
    st = styles()
    buffer = io.BytesIO()
    doc = document(buffer, options, 0.0, FOOTER_H, _("{name} — balance").format(name=army.name), system.name)
    with collect_missing() as missing:
        story: list[Flowable] = [
            Paragraph(_("{name} — balance").format(name=markup(_clamp(army.name, st["h1"], doc.width))), st["h1"]),
            Paragraph(markup(system.name), st["small"]),
            Spacer(1, 2 * mm),
            Paragraph(
                markup(
                    _(
                        "Each element against the {elements} of Warbench's {armies} of this system: deals and takes "
                        "are the expected damage of one activation (counted as {measure}), value = deals × "
                        "activations it lasts; the curve is fitted over the examples (docs/balance.md)."
                    ).format(
                        elements=ngettext("{n} element", "{n} elements", report.pool_elements).format(
                            n=report.pool_elements
                        ),
                        armies=ngettext("{n} example army", "{n} example armies", len(report.files)).format(
                            n=len(report.files)
                        ),
                        measure="; ".join(label(unit) for unit in report.measure.split("; ")),
                    )
                ),
                st["small"],
            ),
            Spacer(1, 3 * mm),
            scatter(report, doc.width),
            Spacer(1, 3 * mm),
            _table(report, st, doc.width),
        ]
    if missing:
        story.insert(3, Paragraph(markup(missing_note(missing)), st["gloss"]))

    def page(canvas: Any, doc: Any) -> None:
        canvas.saveState()
        canvas.setFont(REGULAR, 8)
        canvas.setFillColor(INK)
        canvas.drawRightString(
            doc.pagesize[0] - doc.rightMargin,
            doc.bottomMargin - FOOTER_H + 2 * mm,
            _("page {number}").format(number=doc.page),
        )
        canvas.restoreState()
        if progress:
            progress(doc.page)

    doc.build(story, onFirstPage=page, onLaterPages=page)
    return buffer.getvalue()
