"""The tick-box flowables (model/pdf/boxes.py): boxes and labels stay inside the width they are given, never
on top of one another, and a row draws at most its bound, saying how many more."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from warbench.model.pdf.boxes import BOX, LABEL_PT, TickBoxes
from warbench.model.pdf.fonts import CONDENSED, register
from warbench.model.systems.play import Boxes

rows = st.lists(
    st.builds(
        Boxes,
        label=st.sampled_from(["Figures", "HP", "Die d20 d12 d10 d8 d6 d4", "Weapons destroyed", "Activated"]),
        count=st.integers(0, 40),
        field=st.just("f"),
        per_figure=st.booleans(),
    ),
    min_size=1,
    max_size=6,
)


def _extent(kind: str, x: float, text: str) -> float:
    return x + (BOX if kind == "box" else stringWidth(text, CONDENSED, LABEL_PT))


@settings(max_examples=150, deadline=None)
@given(rows, st.integers(1, 30), st.floats(25 * mm, 190 * mm), st.booleans(), st.integers(5, 300))
def test_boxes_stay_inside_their_width_and_apart(boxes, figures, width, inline, most):
    register()
    flow = TickBoxes(boxes, figures, most, inline=inline)
    w, h = flow.wrap(width, 10_000)
    boxes_drawn = [(x, y) for kind, x, y, _t in flow._items if kind == "box"]
    assert len(boxes_drawn) == len(set(boxes_drawn))  # none on top of another
    for kind, x, y, text in flow._items:
        assert x >= 0 and y >= 0 and y + BOX <= h + 0.01
        if kind == "box" or text.startswith("+"):
            assert _extent(kind, x, text) <= width + 0.01, (kind, x, text)
    # each box is clear of every label on its line
    labels = [(x, _extent("text", x, t), y) for kind, x, y, t in flow._items if kind == "text"]
    for bx, by in boxes_drawn:
        assert not any(by == ly and lx < bx + BOX and bx < lend for lx, lend, ly in labels), (bx, by)
    drawn = sum(min(b.count * (figures if b.per_figure else 1), most) for b in boxes)
    assert len(boxes_drawn) <= drawn


def test_a_row_past_its_bound_says_how_many_more():
    register()
    flow = TickBoxes([Boxes("Figures", 999_999, "figures")], 1, most=50)
    flow.wrap(100 * mm, 10_000)
    assert sum(kind == "box" for kind, *_ in flow._items) == 50
    assert ("+999,949 more") in [text for *_, text in flow._items]
