"""Quick-reference cards, poker size (63 × 88 mm), nine to a page with crop marks.

A card is never split across pages; text that does not fit shrinks a step at a
time and, past the smallest step, is scaled to fit: it never leaves the card.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas as pdfcanvas
from reportlab.platypus import Frame, KeepInFrame, Paragraph, Table, TableStyle

from model.costing import price_army
from model.pdf.fonts import BOLD, CONDENSED, CONDENSED_BOLD, REGULAR, markup, register
from model.report import used_by
from model.systems import system_for

CARD_W, CARD_H = 63 * mm, 88 * mm
COLS, ROWS = 3, 3
PAD = 3.2 * mm
TITLE_H = 9 * mm
SIZES = (8.4, 7.8, 7.2, 6.6, 6.0, 5.5)  # body font steps, largest first
KIND_COLOURS = {"unit": "#37474f", "attribute": "#2e7d32", "spell": "#6a1b9a", "rules": "#b71c1c"}
PAPERS = {"a4": A4, "letter": LETTER}


@dataclass
class Card:
    kind: str  # unit | attribute | spell | rules
    title: str
    subtitle: str = ""
    paragraphs: list[str] = field(default_factory=list)  # plain text (escaped when drawn)
    table: tuple[tuple[str, ...], list[tuple[str, ...]]] | None = None  # (columns, rows)
    footer: str = ""
    table_first: bool = False  # unit cards lead with their stat line, like a datasheet


def _attribute_card(attr, system) -> Card:
    paragraphs = [attr.summary]
    needs = attr.restrictions.describe(system.catalogue.attribute_name)
    if needs:
        paragraphs.append("Requires: " + "; ".join(needs))
    if attr.tags:
        paragraphs.append("Tags: " + ", ".join(attr.tags))
    return Card(
        "attribute",
        attr.name,
        f"{'Homebrew attribute' if attr.homebrew else 'Attribute'} · {attr.cost.text}",
        paragraphs,
        footer=system.short_name,
    )


def _spell_card(spell, system) -> Card:
    difficulty = spell.difficulty if spell.difficulty else "-0"
    return Card(
        "spell",
        spell.name,
        f"{'Homebrew spell' if spell.homebrew else 'Spell'} · difficulty {difficulty}",
        [spell.summary],
        table=(("Range", "Duration", "Template"), [(spell.range, spell.duration, spell.template)]),
        footer=system.short_name,
    )


def _rules_card(table, system) -> Card:
    return Card(
        "rules",
        table.name,
        "Core rules",
        [table.summary],
        table=(table.columns, list(table.rows)),
        footer=system.short_name,
    )


def _unit_cards(army, system) -> list[Card]:
    cost = price_army(army, system)
    cards = []
    for unit, unit_cost in zip(army.units, cost.units):
        for element, ec in zip(unit.elements, unit_cost.elements):
            stats = system.card_stats(element)
            points = "" if ec.cost_each is None else f" · {ec.cost_each} {system.currency} each"
            paragraphs = list(system.card_lines(element))
            if ec.cost_each is not None:
                paragraphs.append(f"Cost: {ec.cost_each} × {ec.count} = {ec.total} {system.currency}")
            table = (tuple(s[0] for s in stats), [tuple(s[1] for s in stats)]) if stats else None
            cards.append(
                Card(
                    "unit",
                    element.name,
                    f"{unit.name} · ×{ec.count}{points}",
                    paragraphs,
                    table=table,
                    footer=army.name,
                    table_first=True,
                )
            )
    return cards


def deck(army, everything: bool = False) -> list[Card]:
    """The cards for ``army``: its units, the rules it uses, the core rules (or the whole system)."""
    system = system_for(army)
    cat = system.catalogue
    if everything:
        attr_ids, spell_ids = list(cat.attributes), list(cat.spells)
    else:
        attr_ids, spell_ids = list(used_by(army, system, "attribute")), list(used_by(army, system, "spell"))
    cards = _unit_cards(army, system)
    cards += [
        _attribute_card(cat.attributes[a], system) for a in sorted(attr_ids, key=lambda a: cat.attributes[a].name)
    ]
    cards += [_spell_card(cat.spells[s], system) for s in sorted(spell_ids, key=lambda s: cat.spells[s].name)]
    cards += [_rules_card(t, system) for t in cat.tables.values()]
    return cards


def _body(card: Card, size: float) -> list:
    body = ParagraphStyle("b", fontName=REGULAR, fontSize=size, leading=size * 1.22, spaceAfter=size * 0.45)
    flow: list = [Paragraph(markup(text), body) for text in card.paragraphs]
    if card.table:
        flow.insert(0 if card.table_first else len(flow), _table(card, size))
    return flow


def _table(card: Card, size: float) -> Table:
    columns, rows = card.table
    cell = ParagraphStyle("c", fontName=CONDENSED, fontSize=size * 0.95, leading=size * 1.12)
    head = ParagraphStyle("h", parent=cell, fontName=CONDENSED_BOLD)
    data = [[Paragraph(markup(c), head) for c in columns]] + [[Paragraph(markup(v), cell) for v in r] for r in rows]
    table = Table(data, colWidths=column_widths(columns, rows, CARD_W - 2 * PAD, cell.fontSize), spaceAfter=size * 0.6)
    table.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.HexColor("#777777")),
                ("LINEBELOW", (0, 1), (-1, -1), 0.2, colors.HexColor("#cccccc")),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                ("LEFTPADDING", (0, 0), (-1, -1), 1.5),
                ("RIGHTPADDING", (0, 0), (-1, -1), 1.5),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    return table


def column_widths(columns, rows, width: float, size: float) -> list[float]:
    """Each column at least as wide as its longest word; the rest shared by amount of text."""
    pad = 3.5
    texts = [[str(c), *(str(r[i]) for r in rows)] for i, c in enumerate(columns)]
    floor = [max(stringWidth(w, CONDENSED_BOLD, size) for t in col for w in (t.split() or [""])) + pad for col in texts]
    if sum(floor) >= width:
        return [width * f / sum(floor) for f in floor]
    share = [max(len(t) for t in col) for col in texts]
    spare = width - sum(floor)
    return [f + spare * s / sum(share) for f, s in zip(floor, share)]


def body_area() -> tuple[float, float]:
    """Width and height available to a card's body."""
    return CARD_W - 2 * PAD, CARD_H - TITLE_H - 2 * PAD - 4 * mm


def fit(card: Card) -> tuple[list, float]:
    """The card's body flowables at the largest size that fits, and that size.

    Below the smallest step the body is wrapped in a shrinking KeepInFrame, so
    nothing is ever drawn outside the card."""
    width, height = body_area()
    for size in SIZES:
        flow = _body(card, size)
        used = sum(f.wrap(width, height)[1] + f.getSpaceAfter() for f in flow)
        if used <= height:
            return flow, size
    return [KeepInFrame(width, height, _body(card, SIZES[-1]), mode="shrink")], SIZES[-1]


def _draw_card(c: pdfcanvas.Canvas, card: Card, x: float, y: float) -> None:
    colour = colors.HexColor(KIND_COLOURS.get(card.kind, "#37474f"))
    c.setStrokeColor(colors.HexColor("#bbbbbb"))
    c.setLineWidth(0.3)
    c.roundRect(x + 1.2 * mm, y + 1.2 * mm, CARD_W - 2.4 * mm, CARD_H - 2.4 * mm, 2.5 * mm)
    c.setFillColor(colour)
    c.roundRect(x + 1.2 * mm, y + CARD_H - 1.2 * mm - TITLE_H, CARD_W - 2.4 * mm, TITLE_H, 2.5 * mm, stroke=0, fill=1)
    for size in (11, 10, 9, 8, 7, 6):
        title = Paragraph(
            markup(card.title),
            ParagraphStyle("t", fontName=BOLD, fontSize=size, leading=size * 1.1, textColor=colors.white),
        )
        tw, th = title.wrap(CARD_W - 2 * PAD, TITLE_H)
        if th <= TITLE_H - 1.5 * mm:
            break
    title = KeepInFrame(CARD_W - 2 * PAD, TITLE_H - 1 * mm, [title], mode="shrink")
    Frame(x + PAD, y + CARD_H - 1.2 * mm - TITLE_H, CARD_W - 2 * PAD, TITLE_H, 0, 0, 0, 0).addFromList([title], c)
    sub = Paragraph(
        markup(card.subtitle), ParagraphStyle("s", fontName=CONDENSED_BOLD, fontSize=7, leading=8, textColor=colour)
    )
    sub = KeepInFrame(CARD_W - 2 * PAD, 4 * mm, [sub], mode="shrink")
    Frame(x + PAD, y + CARD_H - 1.2 * mm - TITLE_H - 4.2 * mm, CARD_W - 2 * PAD, 4 * mm, 0, 0, 0, 0).addFromList(
        [sub], c
    )
    flow, _size = fit(card)
    width, height = body_area()
    Frame(x + PAD, y + PAD + 2.5 * mm, width, height, 0, 0, 0, 0).addFromList(flow, c)
    footer = card.footer if len(card.footer) < 60 else card.footer[:57] + "…"
    foot = Paragraph(
        markup(footer),
        ParagraphStyle("f", fontName=REGULAR, fontSize=5.5, leading=6, textColor=colors.HexColor("#888888")),
    )
    Frame(x + PAD, y + 1.6 * mm, CARD_W - 2 * PAD, 3.5 * mm, 0, 0, 0, 0).addFromList(
        [KeepInFrame(CARD_W - 2 * PAD, 3.2 * mm, [foot], mode="shrink")], c
    )


def _crop_marks(c: pdfcanvas.Canvas, x0: float, y0: float) -> None:
    c.setStrokeColor(colors.black)
    c.setLineWidth(0.25)
    length, gap = 4 * mm, 1 * mm
    xs = [x0 + i * CARD_W for i in range(COLS + 1)]
    ys = [y0 + j * CARD_H for j in range(ROWS + 1)]
    for x in xs:
        c.line(x, y0 - gap, x, y0 - gap - length)
        c.line(x, ys[-1] + gap, x, ys[-1] + gap + length)
    for y in ys:
        c.line(x0 - gap, y, x0 - gap - length, y)
        c.line(xs[-1] + gap, y, xs[-1] + gap + length, y)


def build_cards(
    army, paper: str = "a4", everything: bool = False, progress: Callable[[int], None] | None = None
) -> bytes:
    register()
    cards = deck(army, everything)
    page_w, page_h = PAPERS[paper]
    x0 = (page_w - COLS * CARD_W) / 2
    y0 = (page_h - ROWS * CARD_H) / 2
    buffer = io.BytesIO()
    c = pdfcanvas.Canvas(buffer, pagesize=(page_w, page_h), invariant=1)
    c.setTitle(f"{army.name} — reference cards")
    c.setAuthor("Warbench")
    c.setCreator("Warbench")
    per_page = COLS * ROWS
    for start in range(0, len(cards), per_page):
        for i, card in enumerate(cards[start : start + per_page]):
            col, row = i % COLS, i // COLS
            _draw_card(c, card, x0 + col * CARD_W, y0 + (ROWS - 1 - row) * CARD_H)
        _crop_marks(c, x0, y0)
        c.showPage()
        if progress:
            progress(start // per_page + 1)
    c.save()
    return buffer.getvalue()
