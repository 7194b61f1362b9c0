"""The tracker: a sheet to tick during a game, one army at a time.

A round track at the top, the force's morale line (when its rules give one), then per unit a heading, its
morale line and per element a row: its name, the tick boxes its system tracks (``RuleSystem.play_boxes``:
the same declaration as the game's starting state, so the paper and ``warbench game`` never disagree) and
one box per round for its activation. Boxes are drawn squares that wrap to more lines as the column needs;
names are escaped (``markup``) and wrap. Output is deterministic (reportlab invariant mode).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from model.pdf.fonts import BOLD, CONDENSED, REGULAR, collect_missing, markup, missing_note
from model.pdf.sheet import HEAD_BG, INK, MARGIN, RULE, UNIT_BG, SheetOptions, _clamp, document, styles
from model.systems import system_for

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from model.army import Army
    from model.play import Boxes
    from model.systems.base import RuleSystem

#: rounds on the round track, and activation boxes per element
ROUNDS = 10
BOX = 3.0 * mm  # a tick box's side
GAP = 1.0 * mm  # between boxes
GROUP_GAP = 2.2 * mm  # between the boxes of one figure and the next
LABEL_PT = 6.8
#: boxes drawn in one row at most: a file may claim a million figures (the rest are counted in words)
MAX_BOXES = 300
#: element rows in one table (reportlab splits a long table in time that grows with the square of its rows)
ROWS_PER_TABLE = 40
FOOTER_H = 8 * mm
FOOTER_CHARS = 80  # of the army's name in the footer
ACTIVATED = "Activated in round"
LEGEND = (
    "Tick a box for each figure lost and each point of damage or effect taken; tick the round when it begins, "
    "and an element's box for that round when it activates."
)
HEADER_H = 0.0


def _groups(boxes: Boxes, figures: int) -> tuple[list[int], int]:
    """The groups of boxes a row draws (one group, or one per figure) and how many boxes are left undrawn."""
    groups = max(1, figures) if boxes.per_figure else 1
    count = max(0, boxes.count)
    total = count * groups
    if total <= MAX_BOXES:
        return [count] * groups if count else [], 0
    if not boxes.per_figure or count > MAX_BOXES:
        return [MAX_BOXES], total - MAX_BOXES
    drawn = MAX_BOXES // count
    return [count] * drawn, total - drawn * count


def _square(canvas: Canvas, x: float, y: float, size: float = BOX) -> None:
    canvas.rect(x, y, size, size, stroke=1, fill=0)


class TickBoxes(Flowable):
    """An element's tracked quantities: each on its own line(s), a label and its boxes, wrapping."""

    def __init__(self, boxes: Sequence[Boxes], figures: int):
        super().__init__()
        self.rows = [(b.label, *_groups(b, figures)) for b in boxes]
        self.label_w = 0.0
        self._lines: list[tuple[float, list[tuple[str, float, int | str]]]] = []

    def _layout(self, width: float) -> None:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        self.label_w = min(width * 0.4, max((stringWidth(r[0], CONDENSED, LABEL_PT) for r in self.rows), default=0))
        self.label_w += 1.5 * mm
        lines: list[tuple[float, list[tuple[str, float, int | str]]]] = []  # (y from top, items)
        y = 0.0
        for label, groups, rest in self.rows:
            items: list[tuple[str, float, int | str]] = [("label", 0.0, label)]
            x = self.label_w
            for group in groups:
                need = group * (BOX + GAP)
                if x > self.label_w and x + min(need, width - self.label_w) > width + 0.01:
                    lines.append((y, items))  # the next figure's boxes start a new line
                    items, x, y = [], self.label_w, y + BOX + GAP
                for _ in range(group):
                    if x + BOX > width + 0.01:
                        lines.append((y, items))
                        items, x, y = [], self.label_w, y + BOX + GAP
                    items.append(("box", x, 1))
                    x += BOX + GAP
                x += GROUP_GAP - GAP
            if rest:
                note = f"+{rest:,} more"
                if x + stringWidth(note, CONDENSED, LABEL_PT) > width:
                    lines.append((y, items))
                    items, x, y = [], self.label_w, y + BOX + GAP
                items.append(("note", x, note))
            lines.append((y, items))
            y += BOX + GAP
        self._lines = lines
        self.height = max(0.0, y - GAP)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = availWidth
        self._layout(availWidth)
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.setLineWidth(0.5)
        canvas.setStrokeColor(INK)
        canvas.setFillColor(INK)
        canvas.setFont(CONDENSED, LABEL_PT)
        for y, items in self._lines:
            base = self.height - y - BOX
            for kind, x, value in items:
                if kind == "box":
                    _square(canvas, x, base)
                else:
                    canvas.drawString(x, base + 0.7, str(value))


class RoundBoxes(Flowable):
    """``rounds`` boxes in a row; with ``numbers`` the round numbers above them; with ``caption`` only the
    caption and the numbers (the heading of the activation column)."""

    def __init__(self, rounds: int, size: float = BOX, numbers: bool = False, caption: str = ""):
        super().__init__()
        self.rounds, self.size, self.numbers, self.caption = rounds, size, numbers or bool(caption), caption

    @property
    def step(self) -> float:
        return self.size + GAP * (self.size / BOX)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = self.rounds * self.step
        boxes = 0.0 if self.caption else self.size + 1.5
        self.height = boxes + (LABEL_PT + 1 if self.numbers else 0) + (LABEL_PT + 2 if self.caption else 0)
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.setLineWidth(0.6 if self.size > BOX else 0.5)
        canvas.setStrokeColor(INK)
        canvas.setFillColor(INK)
        canvas.setFont(CONDENSED, LABEL_PT)
        numbers_y = 0.5 if self.caption else self.size + 1.5
        if self.caption:
            canvas.drawString(0, LABEL_PT + 2.5, self.caption)
        for i in range(self.rounds):
            x = i * self.step
            if not self.caption:
                _square(canvas, x, 0, self.size)
            if self.numbers:
                canvas.drawCentredString(x + self.size / 2, numbers_y, str(i + 1))


def _element_rows(
    unit: Any, system: RuleSystem, widths: list[float], st: dict[str, ParagraphStyle]
) -> Iterator[list[Any]]:
    for element in unit.elements:
        name = element.name or "(unnamed)"
        figures = system.play_state(element).get("figures", 1)
        yield [
            Paragraph(markup(_clamp(name, st["cell"], widths[0])), st["cell"]),
            TickBoxes(system.play_boxes(element), figures),
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
    morale = system.play_unit_morale(unit)
    head_text = f"<b>{markup(_clamp(unit.name or '(unnamed unit)', st['unit'], widths[0] + widths[1]))}</b>"
    if morale:
        head_text += f'<br/><font name="{REGULAR}" size="{LABEL_PT + 0.4}">{markup(morale)}</font>'
    header = [Paragraph(head_text, st["unit"]), "", RoundBoxes(ROUNDS, caption=ACTIVATED)]
    rows = list(_element_rows(unit, system, widths, st))
    if not rows:
        yield _table([header, [Paragraph("(no elements)", st["cell"]), "", ""]], widths, header=True)
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
        Paragraph(f"{markup(_clamp(army.name, st['h1'], width))} — tracker", st["h1"]),
        Paragraph(markup(system.name), st["small"]),
        Spacer(1, 3 * mm),
    ]
    rounds = Table(
        [[Paragraph("<b>Round</b>", st["small"]), RoundBoxes(ROUNDS, size=6 * mm, numbers=True)]],
        colWidths=[18 * mm, None],
        hAlign="LEFT",
    )
    rounds.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    out += [rounds, Spacer(1, 2 * mm), Paragraph(LEGEND, st["small"])]
    morale = system.play_side_morale(army)
    if morale:
        out += [Spacer(1, 2 * mm), Paragraph(f"<b>{markup(morale)}</b>", st["small"])]
    out.append(Spacer(1, 3 * mm))
    return out


def _footer(army: Army[Any, Any], st: dict[str, ParagraphStyle]) -> Callable[[Canvas, Any], None]:
    name = army.name if len(army.name) <= FOOTER_CHARS else army.name[: FOOTER_CHARS - 1] + "…"
    text = f"{markup(name)} — tracker"

    def draw(canvas: Canvas, doc: Any) -> None:
        canvas.saveState()
        w, _h = doc.pagesize
        foot = Paragraph(text, st["small"])
        _fw, fh = foot.wrap(w * 0.7, FOOTER_H)
        foot.drawOn(canvas, MARGIN, MARGIN + FOOTER_H - 3 * mm - min(fh, st["small"].leading * 2))
        canvas.setFont(REGULAR, 8)
        canvas.setFillColor(INK)
        canvas.drawRightString(w - MARGIN, MARGIN + FOOTER_H - 3 * mm - 8, f"page {doc.page}")
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
    doc = document(buffer, opts, HEADER_H, FOOTER_H, f"{army.name} — tracker", system.name)
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
