"""Tick boxes drawn as small squares (reportlab flowables), for the tracker, the army sheet and the cards.

:class:`TickBoxes` draws an element's tracked quantities (``RuleSystem.play_boxes``), each a label and its
boxes wrapping to more lines as the width needs (per figure in groups); :class:`RoundBoxes` a row of boxes
one per round. Labels come from the systems' code, never from a file.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from model.pdf.fonts import CONDENSED

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from model.play import Boxes

#: rounds on the round track, and activation boxes per element
ROUNDS = 10
BOX = 3.0 * mm  # a tick box's side
GAP = 1.0 * mm  # between boxes
GROUP_GAP = 2.2 * mm  # between the boxes of one figure and the next
LABEL_PT = 6.8
#: boxes drawn in one row at most: a file may claim a million figures (the rest are counted in words)
MAX_BOXES = 300
INK = colors.HexColor("#222222")


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
    """An element's tracked quantities: each on its own line(s), a label and its boxes, wrapping."""

    def __init__(self, boxes: Sequence[Boxes], figures: int, most: int = MAX_BOXES):
        super().__init__()
        self.rows = [(b.label, *_groups(b, figures, most)) for b in boxes]
        self.label_w = 0.0
        self._lines: list[tuple[float, list[tuple[str, float, int | str]]]] = []

    def _layout(self, width: float) -> None:
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
