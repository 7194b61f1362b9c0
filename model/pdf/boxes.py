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

from model.pdf.fonts import CONDENSED

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

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
INK = colors.HexColor("#222222")
#: the label of the activation boxes on the sheet and the cards
ACTIVATED = "Activated"


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
        self.rows = [(b.label, *_groups(b, figures, most)) for b in boxes]
        self.fixed_width = width  # laid out to this width whatever the cell (a row of the sheet, across it)
        self.inline = inline
        self._items: list[tuple[str, float, float, str]] = []  # (box|text, x, y from the top, text)

    def _layout(self, width: float) -> None:
        step, line = BOX + GAP, BOX + GAP
        widest = max((stringWidth(r[0], CONDENSED, LABEL_PT) for r in self.rows), default=0)
        indent = 0.0 if self.inline else min(width * 0.4, widest) + 1.5 * mm
        items: list[tuple[str, float, float, str]] = []
        x = y = 0.0

        def newline() -> None:
            nonlocal x, y
            x, y = indent, y + line

        for label, groups, rest in self.rows:
            label_w = stringWidth(label, CONDENSED, LABEL_PT) + 1.2 * mm
            if self.inline:
                first = groups[0] * step if groups else 0
                if x > 0 and x + label_w + min(first, width - label_w) > width + 0.01:
                    x, y = 0.0, y + line
                items.append(("text", x, y, label))
                x += label_w
            else:
                items.append(("text", 0.0, y, label))
                x = indent
                if label_w > indent and groups:  # a label wider than the column: its boxes on the next line
                    newline()
            start = x
            for group in groups:
                if x > start and x + min(group * step, width - indent) > width + 0.01:
                    newline()  # the next figure's boxes start a new line
                    start = x
                for _ in range(group):
                    if x + BOX > width + 0.01:
                        newline()
                    items.append(("box", x, y, ""))
                    x += step
                x += GROUP_GAP - GAP
            if rest:
                note = f"+{rest:,} more"
                if x + stringWidth(note, CONDENSED, LABEL_PT) > width:
                    newline()
                items.append(("text", x, y, note))
                x += stringWidth(note, CONDENSED, LABEL_PT)
            if self.inline:
                x += 2 * GROUP_GAP
            else:
                x, y = 0.0, y + line
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
    from model.play import Boxes

    return TickBoxes([*boxes, Boxes(ACTIVATED, ROUNDS, "activated")], figures, most, width, inline=True)


def element_boxes(system: RuleSystem, element: Any, most: int, width: float | None = None) -> TickBoxes:
    """:func:`element_ticks` of ``element`` as its system declares them."""
    return element_ticks(
        system.play.play_boxes(element), system.play.play_state(element).get("figures", 1), most, width
    )
