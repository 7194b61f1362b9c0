"""Tick boxes drawn as small squares (reportlab flowables), for the tracker, the army sheet and the cards.

:class:`TickBoxes` draws an element's tracked quantities (``TablePlay.play_boxes``), each a label and its
boxes wrapping to more lines as the width needs (per figure in groups); :class:`RoundBoxes` a row of boxes
one per round. Labels come from the systems' code, never from a file.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from warbench.model import i18n
from warbench.model.pdf.fonts import CONDENSED

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from warbench.model.systems.base import RuleSystem
    from warbench.model.systems.play import Boxes

#: rounds on the round track, and activation boxes per element
ROUNDS = 10
BOX = 3.0 * mm  # a tick box's side
GAP = 1.0 * mm  # between boxes
GROUP_GAP = 2.2 * mm  # between the boxes of one figure and the next
_LINE = BOX + GAP  # a line of boxes, and the step from one box to the next
LABEL_PT = 6.8
#: boxes drawn in one row at most: a file may claim a million figures (the rest are counted in words)
MAX_BOXES = 300
INK = colors.HexColor("#222222")
#: the label of the activation boxes on the sheet and the cards
ACTIVATED = i18n.N_("Activated")


def _groups(boxes: Boxes, figures: int, most: int = MAX_BOXES) -> tuple[list[int], int]:
    """The groups of boxes a row draws (one group, or one per figure) and how many boxes are left undrawn."""
    groups = max(1, figures) if boxes.per_figure else 1
    count = max(0, boxes.count)
    total = count * groups
    if total <= most:
        return [count] * groups if count else [], 0
    if not boxes.per_figure or count > most:
        return [most], total - most
    drawn = most // count
    return [count] * drawn, total - drawn * count


def _square(canvas: Canvas, x: float, y: float, size: float = BOX) -> None:
    canvas.rect(x, y, size, size, stroke=1, fill=0)


class TickBoxes(Flowable):
    """An element's tracked quantities, each a label and its boxes, wrapping: each on lines of its own
    with the boxes in a column after the labels, or ``inline``, one after the other as words are."""

    def __init__(
        self,
        boxes: Sequence[Boxes],
        figures: int,
        most: int = MAX_BOXES,
        width: float | None = None,
        inline: bool = False,
    ):
        super().__init__()
        self.rows = [(i18n.label(b.label), *_groups(b, figures, most)) for b in boxes]  # in the model's language
        self.fixed_width = width  # laid out to this width whatever the cell (a row of the sheet, across it)
        self.inline = inline
        self._items: list[tuple[str, float, float, str]] = []  # (box|text, x, y from the top, text)

    def _layout(self, width: float) -> None:
        line = _LINE
        widest = max((stringWidth(r[0], CONDENSED, LABEL_PT) for r in self.rows), default=0)
        pen = _Pen(width, 0.0 if self.inline else min(width * 0.4, widest) + 1.5 * mm)
        for label, groups, rest in self.rows:
            label_w = stringWidth(label, CONDENSED, LABEL_PT) + 1.2 * mm
            if self.inline:
                pen.inline_label(label, label_w, groups)
            else:
                pen.column_label(label, label_w, groups)
            pen.boxes(groups)
            if rest:
                pen.more(rest)
            if self.inline:
                pen.x += 2 * GROUP_GAP
            else:
                pen.x, pen.y = 0.0, pen.y + line
        items, y = pen.items, pen.y
        self._items = items
        self.height = (y + line if self.inline and items else y) - GAP if items else 0.0

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = self.fixed_width or availWidth
        self._layout(self.width)
        return min(self.width, availWidth), self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.setLineWidth(0.5)
        canvas.setStrokeColor(INK)
        canvas.setFillColor(INK)
        canvas.setFont(CONDENSED, LABEL_PT)
        for kind, x, y, text in self._items:
            base = self.height - y - BOX
            if kind == "box":
                _square(canvas, x, base)
            else:
                canvas.drawString(x, base + 0.7, text)


class _Pen:
    """Where :meth:`TickBoxes._layout` is on its lines, and the items it has laid out: (box|text, x, y from the
    top, text)."""

    def __init__(self, width: float, indent: float) -> None:
        self.width, self.indent = width, indent
        self.x = self.y = 0.0
        self.items: list[tuple[str, float, float, str]] = []

    def newline(self) -> None:
        self.x, self.y = self.indent, self.y + _LINE

    def inline_label(self, label: str, label_w: float, groups: list[int]) -> None:
        """A label in the run of boxes: on a new line when it and its first figure's boxes do not fit."""
        first = groups[0] * _LINE if groups else 0
        if self.x > 0 and self.x + label_w + min(first, self.width - label_w) > self.width + 0.01:
            self.x, self.y = 0.0, self.y + _LINE
        self.items.append(("text", self.x, self.y, label))
        self.x += label_w

    def column_label(self, label: str, label_w: float, groups: list[int]) -> None:
        """A label in the left column, its boxes after the indent (on the next line when it is wider)."""
        self.items.append(("text", 0.0, self.y, label))
        self.x = self.indent
        if label_w > self.indent and groups:  # a label wider than the column: its boxes on the next line
            self.newline()

    def boxes(self, groups: list[int]) -> None:
        """Each figure's boxes, a figure's group on a new line when it does not fit (split only when it is
        wider than a line)."""
        step, width = _LINE, self.width
        start = self.x
        for group in groups:
            if self.x > start and self.x + min(group * step, width - self.indent) > width + 0.01:
                self.newline()  # the next figure's boxes start a new line
                start = self.x
            for _ in range(group):
                if self.x + BOX > width + 0.01:
                    self.newline()
                self.items.append(("box", self.x, self.y, ""))
                self.x += step
            self.x += GROUP_GAP - GAP

    def more(self, rest: int) -> None:
        """The note of the boxes left out."""
        note = f"+{rest:,} more"
        if self.x + stringWidth(note, CONDENSED, LABEL_PT) > self.width:
            self.newline()
        self.items.append(("text", self.x, self.y, note))
        self.x += stringWidth(note, CONDENSED, LABEL_PT)


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


def element_ticks(boxes: Sequence[Boxes], figures: int, most: int = 60, width: float | None = None) -> TickBoxes:
    """An element's tick boxes as the sheet and the cards show them, inline: what its system tracks
    (``boxes``, from ``play_boxes``), then one activation box per round (at most ``most`` boxes in a row;
    ``width``: see TickBoxes)."""
    from warbench.model.systems.play import Boxes

    return TickBoxes([*boxes, Boxes(i18n._(ACTIVATED), ROUNDS, "activated")], figures, most, width, inline=True)


def element_boxes(system: RuleSystem, element: Any, most: int, width: float | None = None) -> TickBoxes:
    """:func:`element_ticks` of ``element`` as its system declares them."""
    return element_ticks(
        system.play.play_boxes(element), system.play.play_state(element).get("figures", 1), most, width
    )
