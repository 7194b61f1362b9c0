"""The tracker: a sheet to tick during a game, one army at a time.

A round track at the top, the force's morale line (when its rules give one), then per unit a heading, its
morale line and per element a row: its name, the tick boxes its system tracks (``TablePlay.play_boxes``:
the same declaration as the game's starting state, so the paper and ``warbench game`` never disagree) and
one box per round for its activation. Boxes are drawn squares that wrap to more lines as the column needs;
names are escaped (``markup``) and wrap. Output is deterministic (reportlab invariant mode).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from warbench.model.i18n import N_, _
from warbench.model.pdf.boxes import BOX, GAP, LABEL_PT, ROUNDS, RoundBoxes, TickBoxes
from warbench.model.pdf.documents import PrintOptions
from warbench.model.pdf.fonts import BOLD, REGULAR, collect_missing, markup, missing_note
from warbench.model.pdf.sheet import HEAD_BG, INK, MARGIN, RULE, UNIT_BG, SheetOptions, _clamp, document, styles
from warbench.model.systems import system_for

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from warbench.model.army import Army
    from warbench.model.systems.base import RuleSystem

#: element rows in one table (reportlab splits a long table in time that grows with the square of its rows)
ROWS_PER_TABLE = 40
FOOTER_H = 8 * mm
FOOTER_CHARS = 80  # of the army's name in the footer
ACTIVATED = N_("Activated in round")
LEGEND = N_(
    "Tick a box for each figure lost and each point of damage or effect taken; tick the round when it begins, "
    "and an element's box for that round when it activates."
)
HEADER_H = 0.0


def _element_rows(
    unit: Any, system: RuleSystem, widths: list[float], st: dict[str, ParagraphStyle]
) -> Iterator[list[Any]]:
    for element in unit.elements:
        name = element.name or _("(unnamed)")
        figures = system.play.play_state(element).get("figures", 1)
        yield [
            Paragraph(markup(_clamp(name, st["cell"], widths[0])), st["cell"]),
            TickBoxes(system.play.play_boxes(element), figures),
            RoundBoxes(ROUNDS),
        ]


def _table(rows: list[list[Any]], widths: list[float], header: bool) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=1 if header else 0)
    style: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
        ("BOX", (0, 0), (-1, -1), 0.6, HEAD_BG),
    ]
    if header:
        style += [("BACKGROUND", (0, 0), (-1, 0), UNIT_BG), ("VALIGN", (0, 0), (-1, 0), "BOTTOM")]
    table.setStyle(TableStyle(style))
    return table


def _unit_story(
    unit: Any, system: RuleSystem, widths: list[float], st: dict[str, ParagraphStyle]
) -> Iterator[Flowable]:
    """A unit's heading (with its morale line) and its elements' rows, some tables of at most ROWS_PER_TABLE."""
    morale = system.play.play_unit_morale(unit)
    name = unit.name or _("(unnamed unit)")
    head_text = f"<b>{markup(_clamp(name, st['unit'], widths[0] + widths[1]))}</b>"
    for line in (morale, system.play.play_tracker_rolls(unit)):  # its morale, its table rolls with their odds
        if line:
            head_text += f'<br/><font name="{REGULAR}" size="{LABEL_PT + 0.4}">{markup(line)}</font>'
    header = [Paragraph(head_text, st["unit"]), "", RoundBoxes(ROUNDS, caption=_(ACTIVATED))]
    rows = list(_element_rows(unit, system, widths, st))
    if not rows:
        yield _table([header, [Paragraph(_("(no elements)"), st["cell"]), "", ""]], widths, header=True)
        return
    for first in range(0, len(rows), ROWS_PER_TABLE):
        block = rows[first : first + ROWS_PER_TABLE]
        table = _table([header, *block], widths, header=True)
        table.setStyle(TableStyle([("SPAN", (0, 0), (1, 0))]))
        yield table


def _widths(width: float) -> list[float]:
    activation = ROUNDS * (BOX + GAP) + 6 + 1
    name = max(32 * mm, width * 0.27)
    return [name, width - name - activation, activation]


def _title(army: Army[Any, Any], system: RuleSystem, st: dict[str, ParagraphStyle], width: float) -> list[Flowable]:
    out: list[Flowable] = [
        Paragraph(_("{name} — tracker").format(name=markup(_clamp(army.name, st["h1"], width))), st["h1"]),
        Paragraph(markup(system.name), st["small"]),
        Spacer(1, 3 * mm),
    ]
    rounds = Table(
        [[Paragraph("<b>" + _("Round") + "</b>", st["small"]), RoundBoxes(ROUNDS, size=6 * mm, numbers=True)]],
        colWidths=[18 * mm, None],
        hAlign="LEFT",
    )
    rounds.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    out += [rounds, Spacer(1, 2 * mm), Paragraph(_(LEGEND), st["small"])]
    morale = system.play.play_side_morale(army)
    if morale:
        out += [Spacer(1, 2 * mm), Paragraph(f"<b>{markup(morale)}</b>", st["small"])]
    out.append(Spacer(1, 3 * mm))
    return out


def _footer(army: Army[Any, Any], st: dict[str, ParagraphStyle]) -> Callable[[Canvas, Any], None]:
    name = army.name if len(army.name) <= FOOTER_CHARS else army.name[: FOOTER_CHARS - 1] + "…"
    text = _("{name} — tracker").format(name=markup(name))

    def draw(canvas: Canvas, doc: Any) -> None:
        canvas.saveState()
        w, _h = doc.pagesize
        foot = Paragraph(text, st["small"])
        _fw, fh = foot.wrap(w * 0.7, FOOTER_H)
        foot.drawOn(canvas, MARGIN, MARGIN + FOOTER_H - 3 * mm - min(fh, st["small"].leading * 2))
        canvas.setFont(REGULAR, 8)
        canvas.setFillColor(INK)
        canvas.drawRightString(w - MARGIN, MARGIN + FOOTER_H - 3 * mm - 8, _("page {number}").format(number=doc.page))
        canvas.restoreState()

    return draw


def build_tracker(
    army: Army[Any, Any], opts: SheetOptions = SheetOptions(), progress: Callable[[int], None] | None = None
) -> bytes:
    """The tracker PDF of ``army`` as bytes (``opts``: paper and landscape; ``progress`` gets each page laid out)."""
    system = system_for(army)
    st = styles()
    st["unit"] = ParagraphStyle("tunit", parent=st["unit"], fontName=BOLD, fontSize=8.6, leading=10.4)
    buffer = io.BytesIO()
    doc = document(buffer, opts, HEADER_H, FOOTER_H, _("{name} — tracker").format(name=army.name), system.name)
    widths = _widths(doc.width)
    with collect_missing() as missing:  # every user string goes through markup() in this block
        story: list[Flowable] = _title(army, system, st, doc.width)
        for unit in army.units:
            tables = list(_unit_story(unit, system, widths, st))
            story += [KeepTogether(tables[:1]), *tables[1:], Spacer(1, 2.5 * mm)]
        footer = _footer(army, st)
    if missing:
        story.insert(3, Paragraph(markup(missing_note(missing)), st["gloss"]))

    def page(canvas: Canvas, doc: Any) -> None:
        footer(canvas, doc)
        if progress:
            progress(doc.page)

    doc.build(story, onFirstPage=page, onLaterPages=page)
    return buffer.getvalue()


def build(army: Army[Any, Any], options: PrintOptions, progress: Callable[[int], None] | None = None) -> bytes:
    """The tracker as the documents' registry makes it (model/pdf/documents.py): paper and landscape."""
    return build_tracker(army, options, progress)
