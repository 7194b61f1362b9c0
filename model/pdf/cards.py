"""Quick-reference cards: poker size (63 × 88 mm) nine to a page, or large print four to a page.

Every card's body is set in one size (``BODY``, scaled for large print). A unit
card is a datasheet: stats, weapons, cost and each attribute's and spell's rule in
compact form, the longest giving way to "see its card" when the card is full; a core
rules table too long for one card continues on the next. Nothing is drawn outside
a card, and crop marks are drawn only around the cards a page holds.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas as pdfcanvas
from reportlab.platypus import Frame, KeepInFrame, Paragraph, Spacer, Table, TableStyle

from warbench.model import __version__, i18n
from warbench.model.cost_lines import points_text
from warbench.model.costing import ArmyCost, price_army
from warbench.model.i18n import N_, _, label
from warbench.model.pdf import CARDS_PER_PAGE, PAPERS
from warbench.model.pdf.boxes import element_ticks
from warbench.model.pdf.documents import PrintOptions
from warbench.model.pdf.fonts import (
    BOLD,
    CONDENSED,
    CONDENSED_BOLD,
    REGULAR,
    markup,
    missing_in,
    missing_note,
    printed_length,
    register,
)
from warbench.model.systems import system_for

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.rules import Attribute, RuleTable, Spell
    from warbench.model.systems.base import RuleSystem
    from warbench.model.systems.play import Boxes

CARD_W, CARD_H = 63 * mm, 88 * mm  # poker size, nine to a page
PAD = 3.2 * mm
TITLE_H = 9 * mm
SUB_H = 5 * mm  # under the title: the subtitle (two lines of its smallest step) and the gaps around it
BODY = 7.0  # the one body text size of a poker card, in points (large print scales it)
PER_PAGE = CARDS_PER_PAGE  # poker cards, or large print at 1.5× (four to a page)
KIND_COLOURS = {"unit": "#37474f", "attribute": "#2e7d32", "spell": "#6a1b9a", "rules": "#b71c1c"}


@dataclass(frozen=True)
class Layout:
    """Cards per page and what follows from it: card size, grid and body text size."""

    per_page: int = 9

    def __post_init__(self) -> None:
        if self.per_page not in PER_PAGE:
            raise ValueError(f"cards per page must be one of {PER_PAGE}, not {self.per_page}")

    @property
    def scale(self) -> float:
        return 1.0 if self.per_page == 9 else 1.5

    @property
    def cols(self) -> int:
        return 3 if self.per_page == 9 else 2

    rows = cols

    @property
    def card_w(self) -> float:
        return CARD_W * self.scale

    @property
    def card_h(self) -> float:
        return CARD_H * self.scale

    @property
    def body_size(self) -> float:
        return BODY * self.scale

    def body_area(self) -> tuple[float, float]:
        """Width and height available to a card's body."""
        s = self.scale
        return self.card_w - 2 * PAD * s, self.card_h - (TITLE_H + 2 * PAD + SUB_H) * s


@dataclass
class Card:
    kind: str  # unit | attribute | spell | rules
    title: str
    subtitle: str = ""
    paragraphs: list[str] = field(default_factory=list)  # plain text (escaped when drawn)
    table: tuple[tuple[str, ...], list[tuple[str, ...]]] | None = None  # (columns, rows)
    footer: str = ""
    table_first: bool = False  # unit cards lead with their stat line, like a datasheet
    #: (name, cost or kind, rule) of each attribute and spell a unit card explains in compact form
    rules: list[tuple[str, str, str]] = field(default_factory=list)
    #: a unit card's tick boxes (``build_cards(tick_boxes=True)``): the element's ``play_boxes`` and figures
    ticks: tuple[tuple[Boxes, ...], int] | None = None
    #: the end of a unit card's subtitle that is never cut ("×3 · 12 pts each"): the unit's name gives way
    tail: str = ""


def _attribute_card(attr: Attribute, system: RuleSystem) -> Card:
    word = system.reference.reference_word
    paragraphs = [attr.summary]
    needs = attr.restrictions.describe(system.catalogue.attribute_name)
    if needs:
        paragraphs.append(_("Requires: {needs}").format(needs="; ".join(needs)))
    if attr.tags:
        paragraphs.append(_("Tags: {tags}").format(tags=", ".join(attr.tags)))
    return Card(
        "attribute",
        attr.name,
        f"{_('Homebrew {word}').format(word=word) if attr.homebrew else word.capitalize()} · {attr.cost.text}",
        paragraphs,
        footer=system.presentation.short_name,
    )


def _spell_card(spell: Spell, system: RuleSystem) -> Card:
    """The first of the spell's stats beside its kind, the others in the table."""
    word = _("Homebrew spell") if spell.homebrew else _("Spell")
    return Card(
        "spell",
        spell.name,
        " · ".join(filter(None, [word, spell.described(1)])),
        [spell.summary],
        table=(tuple(map(label, spell.stat_titles[1:])), [spell.stats[1:]]) if spell.stat_titles[1:] else None,
        footer=system.presentation.short_name,
    )


def _rules_cards(table: RuleTable, system: RuleSystem, layout: Layout) -> list[Card]:
    """The table's card, or as many as its rows need ("Terrain (1/2)", "Terrain (2/2)")."""
    card = Card(
        "rules",
        table.name,
        _("Core rules"),
        [table.summary],
        (table.columns, list(table.rows)),
        system.presentation.short_name,
    )
    if _fits(_body(card, layout), layout):
        return [card]
    chunks: list[list[tuple[str, ...]]] = [[]]
    for row in table.rows:
        trial = Card(card.kind, card.title, card.subtitle, card.paragraphs if len(chunks) == 1 else [])
        trial.table = (table.columns, [*chunks[-1], row])
        if chunks[-1] and not _fits(_body(trial, layout), layout):
            chunks.append([])
        chunks[-1].append(row)
    return [
        Card(
            "rules",
            f"{table.name} ({i}/{len(chunks)})",
            _("Core rules") if i == 1 else _("Core rules, continued"),
            [table.summary] if i == 1 else [],
            (table.columns, rows),
            system.presentation.short_name,
        )
        for i, rows in enumerate(chunks, 1)
    ]


def _rule_entry(system: RuleSystem, kind: str, entry_id: str) -> tuple[str, str, str]:
    cat = system.catalogue
    if kind == "spell":
        spell = cat.spells[entry_id]
        kind_word = _("homebrew spell") if spell.homebrew else i18n.ngettext("spell", "spells", 1)
        return spell.name, ", ".join(filter(None, [kind_word, spell.described(2)])), spell.summary
    attr = cat.attributes[entry_id]
    return (
        attr.name,
        _("homebrew, {cost}").format(cost=attr.cost.text) if attr.homebrew else attr.cost.text,
        attr.summary,
    )


#: what a unit card prints for a rule that has a card of its own
SEE_CARD = N_("see its card")


def _unit_cards(
    army: Army[Any, Any], system: RuleSystem, cost: ArmyCost | None = None, tick_boxes: bool = False
) -> list[tuple[Card, list[tuple[str, str]]]]:
    """Each element's card, with the ("attribute" | "spell", id) of each rule in its ``rules``."""
    cost = cost if cost is not None else price_army(army, system)
    cards = []
    for unit, unit_cost in zip(army.units, cost.units):
        for element, ec in zip(unit.elements, unit_cost.elements):
            stats = system.presentation.card_stats(element)
            currency = system.presentation.currency
            points = (
                ""
                if ec.cost_each is None
                else _("{points} {currency} each").format(points=points_text(ec.cost_each), currency=currency)
            )
            paragraphs = list(system.presentation.card_lines(element))
            if ec.cost_each is not None:
                each, total = points_text(ec.cost_each), points_text(ec.total)
                paragraphs.append(
                    _("Cost: {each} × {count} = {total} {currency}").format(
                        each=each, count=ec.count, total=total, currency=system.presentation.currency
                    )
                )
            table = (tuple(i18n.stat(s[0]) for s in stats), [tuple(s[1] for s in stats)]) if stats else None
            ids = list(dict.fromkeys(system.presentation.card_rule_ids(element)))
            ticks = (tuple(system.play.play_boxes(element)), system.play.play_state(element).get("figures", 1))
            card = Card(
                "unit",
                element.name,
                " · ".join(filter(None, [unit.name, f"×{ec.count}", points])),
                paragraphs,
                table=table,
                footer=army.name,
                table_first=True,
                rules=[_rule_entry(system, k, i) for k, i in ids],
                ticks=ticks if tick_boxes else None,
                tail=" · ".join(filter(None, [f"×{ec.count}", points])),
            )
            cards.append((card, ids))
    return cards


def _share_rules(
    units: list[tuple[Card, list[tuple[str, str]]]], layout: Layout, everything: bool
) -> list[tuple[str, str]]:
    """Where each rule's text is printed, once: on the one unit card that uses it while that card has
    room for it, else on a card of its own (a rule two unit cards use, or one a full card gives way).
    A unit card names a rule printed on its own card ("see its card"). Returns the rules needing a card."""
    uses: dict[tuple[str, str], int] = {}
    for _card, ids in units:
        for rule in ids:
            uses[rule] = uses.get(rule, 0) + 1
    own: dict[tuple[str, str], None] = {}
    for card, ids in units:
        for n, rule in enumerate(ids):
            if everything or uses[rule] > 1:
                name, detail, _summary = card.rules[n]
                card.rules[n] = (name, detail, SEE_CARD)
        whole = _whole_rules(card, layout)
        for n, rule in enumerate(ids):
            if not whole[n] or card.rules[n][2] == SEE_CARD:
                name, detail, _summary = card.rules[n]
                card.rules[n] = (name, detail, SEE_CARD)
                own[rule] = None
    return list(own)


def _tables_needed(army: Army[Any, Any], system: RuleSystem, build_time: bool) -> list[RuleTable]:
    """The system's rules tables the army needs at the game: those it has a term for (``RuleTable.needs``),
    and the build-time ones (costing) only when asked for."""
    terms: set[str] = set()
    for unit in army.units:
        for element in unit.elements:
            terms |= system.presentation.table_terms(element)
    return [
        t
        for t in system.catalogue.tables.values()
        if (build_time or not t.build_time) and (not t.needs or terms.intersection(t.needs))
    ]


def deck(
    army: Army[Any, Any],
    everything: bool = False,
    layout: Layout = Layout(),
    cost: ArmyCost | None = None,
    tick_boxes: bool = False,
    build_time: bool = False,
) -> list[Card]:
    """The cards for ``army``: its units, the rules it uses, the core rules it needs at the game (or the
    whole system), each rule's text printed once (:func:`_share_rules`); ``cost``: the army's cost when the
    caller has it already; ``tick_boxes``: unit cards with their tracker boxes; ``build_time``: with the
    tables for building an army (costing)."""
    register()
    system = system_for(army)
    cat = system.catalogue
    units = _unit_cards(army, system, cost, tick_boxes)
    own = _share_rules(units, layout, everything)
    if everything:
        attr_ids, spell_ids = list(cat.attributes), list(cat.spells)
        tables = list(cat.tables.values())
    else:
        attr_ids = [i for k, i in own if k == "attribute"]
        spell_ids = [i for k, i in own if k == "spell"]
        tables = _tables_needed(army, system, build_time)
    cards = [card for card, _ids in units]
    cards += [
        _attribute_card(cat.attributes[a], system) for a in sorted(attr_ids, key=lambda a: cat.attributes[a].name)
    ]
    cards += [_spell_card(cat.spells[s], system) for s in sorted(spell_ids, key=lambda s: cat.spells[s].name)]
    for t in tables:
        cards += _rules_cards(t, system, layout)
    missing = missing_in(_texts(cards))
    if missing:  # the cards print such characters as "[U+1FAE0]"; this card says why
        cards.append(
            Card(
                "rules", _("Missing characters"), _("Printed as code points"), [missing_note(missing)], footer=army.name
            )
        )
    return cards


def _texts(cards: list[Card]) -> Iterator[str]:
    for card in cards:
        yield from (card.title, card.subtitle, card.footer, *card.paragraphs)
        if card.table:
            yield from card.table[0]
            yield from (v for row in card.table[1] for v in row)
        yield from (t for rule in card.rules for t in rule)


# A body is a list of blocks: ("p", bold lead, plain text, detail) paragraphs or ("t", table) tables,
# so that a paragraph can be cut at a word when nothing else is left to shorten.
def _blocks(card: Card, full: list[bool]) -> list[tuple[Any, ...]]:
    blocks: list[tuple[Any, ...]] = [("p", "", text, "") for text in card.paragraphs]
    if card.table:
        blocks.insert(0 if card.table_first else len(blocks), ("t", card.table))
    if card.ticks:  # after the stat line
        blocks.insert(1 if card.table and card.table_first else 0, ("x", *card.ticks))
    for (name, detail, summary), whole in zip(card.rules, full):
        blocks.append(("p", name, summary if whole else SEE_CARD, detail))
    return blocks


def _flowables(blocks: list[tuple[Any, ...]], layout: Layout) -> list[Any]:
    size = layout.body_size
    body = ParagraphStyle("b", fontName=REGULAR, fontSize=size, leading=size * 1.2, spaceAfter=size * 0.4)
    out: list[Any] = []
    for block in blocks:
        if block[0] == "t":
            out.append(_table(block[1], layout))
            continue
        if block[0] == "x":
            out += [element_ticks(block[1], block[2]), Spacer(1, size * 0.6)]
            continue
        _p, lead, text, detail = block
        head = f"<b>{markup(lead)}</b> " if lead else ""
        head += f'<font color="#666666">({markup(detail)})</font> ' if detail else ""
        if text == SEE_CARD:
            said = markup(_(SEE_CARD))  # the marker, said in the model's language
        else:  # a rule's entry (a lead: its name) is the rules' text: quoted where it is not in that language
            said = i18n.quoted(markup(text)) if lead else markup(text)
        out.append(Paragraph(head + ("— " if lead else "") + said, body))
    return out


def _body(card: Card, layout: Layout, full: list[bool] | None = None) -> list[Any]:
    return _flowables(_blocks(card, [True] * len(card.rules) if full is None else full), layout)


def _table(table: tuple[Any, ...], layout: Layout) -> Table:
    columns, rows = table
    size = layout.body_size
    cell = ParagraphStyle("c", fontName=CONDENSED, fontSize=size, leading=size * 1.15)
    head = ParagraphStyle("h", parent=cell, fontName=CONDENSED_BOLD)
    data = [[Paragraph(markup(_clamp(c)), head) for c in columns]]
    data += [[Paragraph(markup(_clamp(v)), cell) for v in r] for r in rows]
    width = layout.body_area()[0]
    flow = Table(data, colWidths=column_widths(columns, rows, width, size), spaceAfter=size * 0.6)
    flow.setStyle(
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
    return flow


#: characters a card's table cell prints at most (the longest core rules cell has 142)
MAX_CELL = 300


def cut_note(text: str) -> str:
    """What ends a text cut to fit: an ellipsis and how long the whole text was."""
    return f"… [cut: {len(text):,} characters]"


def _clamp(text: object, most: int = MAX_CELL) -> str:
    """``text`` cut with an ellipsis and a note when it prints as more than ``most`` characters."""
    text = str(text)
    if printed_length(text) <= most:
        return text
    kept = text[:most]
    while len(kept) > 1 and printed_length(kept) > most:
        kept = kept[: max(1, len(kept) - (printed_length(kept) - most))]
    return kept + cut_note(text)


def cut_to_fit(text: str, style: ParagraphStyle, width: float, height: float, tail: str = "") -> str:
    """``text`` + ``tail``, or the longest start of ``text`` that fits ``width`` × ``height`` followed by
    ``cut_note`` and then ``tail`` whole (a unit's count and points are never cut)."""
    return _cut_to_fit(text, style.fontName, style.fontSize, style.leading, width, height, tail)


@lru_cache(maxsize=4096)
def _cut_to_fit(text: str, font: str, size: float, leading: float, width: float, height: float, tail: str) -> str:
    style = ParagraphStyle("fit", fontName=font, fontSize=size, leading=leading)
    if Paragraph(markup(text + tail), style).wrap(width, height)[1] <= height:
        return text + tail
    lo, hi = 0, min(len(text), 2000)  # the most characters that fit, by bisection
    while lo < hi:
        mid = (lo + hi + 1) // 2
        fits = Paragraph(markup(text[:mid] + cut_note(text) + tail), style).wrap(width, height)[1] <= height
        lo, hi = (mid, hi) if fits else (lo, mid - 1)
    return text[:lo] + cut_note(text) + tail


#: a card's subtitle in points, (size, leading, lines) in turn until it fits: one line, then smaller,
#: then two lines; only a name that does not fit two lines of the smallest is cut (with a note)
SUBTITLE_STEPS = ((7.0, 8.0, 1), (6.0, 7.0, 1), (5.5, 5.8, 2), (5.0, 5.8, 2))
SUBTITLE_H = 4.2 * mm  # the subtitle's frame: two lines of the smallest step


def subtitle(card: Card, width: float, scale: float = 1.0) -> tuple[str, ParagraphStyle]:
    """The subtitle as printed (cut only beyond two lines of the smallest step, and never its ``tail``,
    which is never broken across lines either) and its style."""
    text, size, leading = _subtitle(card.subtitle, card.tail, width, scale)
    style = ParagraphStyle("s", fontName=CONDENSED_BOLD, fontSize=size, leading=leading, textColor=_colour(card))
    return text, style


@lru_cache(maxsize=4096)
def _subtitle(text: str, tail: str, width: float, scale: float) -> tuple[str, float, float]:
    head = text.removesuffix(tail).removesuffix(" · ") if tail else text
    tail = text[len(head) :]
    tail = tail[:3] + tail[3:].replace(" ", "\u00a0") if tail.startswith(" · ") else tail.replace(" ", "\u00a0")
    for size, leading, lines in SUBTITLE_STEPS:
        style = ParagraphStyle("s", fontName=CONDENSED_BOLD, fontSize=size * scale, leading=leading * scale)
        height = lines * style.leading
        if Paragraph(markup(head + tail), style).wrap(width, height)[1] <= height:
            return head + tail, style.fontSize, style.leading
    return cut_to_fit(head, style, width, height, tail), style.fontSize, style.leading


def column_widths(columns: Sequence[str], rows: Sequence[Sequence[Any]], width: float, size: float) -> list[float]:
    """Each column at least as wide as its longest word; the rest shared by amount of text."""
    pad = 3.5
    texts = [[str(c), *(str(r[i]) for r in rows)] for i, c in enumerate(columns)]
    floor = [max(stringWidth(w, CONDENSED_BOLD, size) for t in col for w in (t.split() or [""])) + pad for col in texts]
    if sum(floor) >= width:  # a word too long for the card (it wraps inside its cell) gets no more than a fair share
        floor = [min(f, width / len(floor)) for f in floor]
        if sum(floor) >= width:
            return [width * f / sum(floor) for f in floor]
    share = [max(len(t) for t in col) for col in texts]
    spare = width - sum(floor)
    return [f + spare * s / sum(share) for f, s in zip(floor, share)]


def body_area(layout: Layout = Layout()) -> tuple[float, float]:
    """Width and height available to a card's body."""
    return layout.body_area()


def body_height(flow: list[Any], layout: Layout = Layout()) -> float:
    """The height ``flow`` takes in a card's body, measured with reportlab's wrap."""
    width, height = layout.body_area()
    return float(sum(f.wrap(width, height)[1] + f.getSpaceAfter() for f in flow))


def _fits(flow: list[Any], layout: Layout) -> bool:
    return body_height(flow, layout) <= layout.body_area()[1]


def _height(block: tuple[Any, ...], layout: Layout) -> float:
    """The height one block takes in a card's body. A body's height is the sum of its blocks' (each is
    wrapped alone), so fitting measures each block once, not the whole body again for every change:
    1,000 homebrew attributes on one element took 178 s to fit (issue 26 item 11)."""
    return body_height(_flowables([block], layout), layout)


def _fits_heights(heights: list[float], layout: Layout) -> bool:
    """:func:`_fits` for blocks measured with :func:`_height` (summed in the same order: the same float)."""
    return float(sum(heights)) <= layout.body_area()[1]


def _key(card: Card) -> tuple[Any, ...]:
    table = card.table and (card.table[0], tuple(card.table[1]))
    return (card.kind, tuple(card.paragraphs), table, card.table_first, tuple(card.rules), card.ticks)


def fit(card: Card, layout: Layout = Layout()) -> list[Any]:
    """The card's body at the layout's one body size, fitted to the card (see ``_fit``)."""
    return list(_fit(_key(card), layout))


@lru_cache(maxsize=4096)
def _fit(key: tuple[Any, ...], layout: Layout) -> tuple[Any, ...]:
    """Fitted bodies are kept by content: a deck of many alike elements measures each kind once,
    and reportlab flowables can be drawn any number of times."""
    kind, paragraphs, table, table_first, rules, ticks = key
    card = Card(kind, "", "", list(paragraphs), table, "", table_first, list(rules), ticks)
    return tuple(_fit_card(card, layout))


def _fit_card(card: Card, layout: Layout) -> list[Any]:
    """The card's body at the layout's one body size, fitted to the card (:func:`_fitted_blocks`)."""
    blocks, fits = _fitted_blocks(card, layout)
    return _flowables(blocks, layout) if fits else _cut(blocks, layout)


def _whole_rules(card: Card, layout: Layout) -> list[bool]:
    """Which of the card's rules it prints whole (the others: "see its card")."""
    return list(_whole(_key(card), layout))


@lru_cache(maxsize=4096)
def _whole(key: tuple[Any, ...], layout: Layout) -> tuple[bool, ...]:
    """:func:`_whole_rules` kept by content, as :func:`_fit` is."""
    kind, paragraphs, table, table_first, rules, ticks = key
    card = Card(kind, "", "", list(paragraphs), table, "", table_first, list(rules), ticks)
    blocks, _fits = _fitted_blocks(card, layout)
    return tuple(block[2] != SEE_CARD for block in blocks[len(blocks) - len(card.rules) :])


def _fitted_blocks(card: Card, layout: Layout) -> tuple[list[tuple[Any, ...]], bool]:
    """The card's blocks and whether they fit. Each attribute's and spell's rule is printed whole while
    the card has room; the longest give way to "see its card" first. Should the card still be too full,
    the text is cut at a word with "…" by :func:`_cut` (never drawn outside the card, never smaller)."""
    blocks = _blocks(card, [True] * len(card.rules))
    heights = [_height(block, layout) for block in blocks]
    first_rule = len(blocks) - len(card.rules)  # the rules' blocks come last
    by_length = sorted(range(len(card.rules)), key=lambda i: -len(card.rules[i][2]))
    for i in [None, *by_length]:
        if i is not None:
            name, detail, _summary = card.rules[i]
            blocks[first_rule + i] = ("p", name, SEE_CARD, detail)
            heights[first_rule + i] = _height(blocks[first_rule + i], layout)
        if _fits_heights(heights, layout):
            return blocks, True
    return blocks, False


def _cut(blocks: list[tuple[Any, ...]], layout: Layout) -> list[Any]:
    """The longest run of ``blocks`` that fits, the first that does not cut at a word (or inside a
    word too long for a line) with "…" and a note of how long it was and what else is left out."""
    kept: list[tuple[Any, ...]] = []
    heights: list[float] = []  # of the kept blocks
    for n, block in enumerate(blocks):
        height = _height(block, layout)
        if _fits_heights([*heights, height], layout):
            kept.append(block)
            heights.append(height)
            continue
        rest = len(blocks) - n - 1
        text = block[2] if block[0] == "p" else ""
        note = (cut_note(text) if text else "[cut: a table too large for the card]") + (
            f" ({rest:,} more not shown)" if rest else ""
        )

        def trial(start: str, block: tuple[Any, ...] = block, note: str = note) -> tuple[Any, ...]:
            return (*block[:2], start + note, block[3]) if block[0] == "p" else ("p", "", note, "")

        def fits(start: str) -> bool:
            return _fits_heights([*heights, _height(trial(start), layout)], layout)

        words = text.split()
        lo, hi = 0, len(words)  # the most words that fit, by bisection
        while lo < hi:
            mid = (lo + hi + 1) // 2
            lo, hi = (mid, hi) if fits(" ".join(words[:mid])) else (lo, mid - 1)
        start = " ".join(words[:lo])
        if lo < len(words):  # then as much of the next word as fits (a 5,000-letter word)
            word = words[lo]
            a, b = 0, min(len(word), 2000)
            while a < b:
                mid = (a + b + 1) // 2
                a, b = (mid, b) if fits((start + " " + word[:mid]).strip()) else (a, mid - 1)
            start = (start + " " + word[:a]).strip()
        if fits(start):
            kept.append(trial(start))
        break
    return _flowables(kept, layout)


def _draw_card(c: pdfcanvas.Canvas, card: Card, x: float, y: float, layout: Layout) -> None:
    """One card at (x, y). What many cards share (the frame with its title, the body, the footer) is a
    PDF form drawn once and placed on each; only the subtitle (the unit) is drawn card by card."""
    s = layout.scale
    w, h, pad, title_h, inset = layout.card_w, layout.card_h, PAD * s, TITLE_H * s, 1.2 * mm * s
    c.saveState()
    c.translate(x, y)
    c.doForm(_form(c, ("head", card.kind, card.title), (0, 0, w, h), lambda: _draw_head(c, card, layout)))
    text, sub_style = subtitle(card, w - 2 * pad, s)
    sub = Paragraph(markup(text), sub_style)
    sub_h = SUBTITLE_H * s
    sub_box = KeepInFrame(w - 2 * pad, sub_h, [sub], mode="shrink")
    Frame(pad, h - inset - title_h - 0.1 * mm * s - sub_h, w - 2 * pad, sub_h, 0, 0, 0, 0).addFromList([sub_box], c)
    width, height = layout.body_area()
    c.translate(pad, pad + 2.5 * mm * s)
    # a little room around the body for the rules' line widths
    c.doForm(_form(c, ("body", _key(card)), (-2, -2, width + 2, height + 2), lambda: _draw_body(c, card, layout)))
    c.translate(-pad, -pad - 2.5 * mm * s)
    c.doForm(_form(c, ("foot", card.footer), (0, 0, w, h), lambda: _draw_foot(c, card, layout)))
    c.restoreState()


def _colour(card: Card) -> colors.Color:
    return colors.HexColor(KIND_COLOURS.get(card.kind, "#37474f"))


def _draw_head(c: pdfcanvas.Canvas, card: Card, layout: Layout) -> None:
    """The card's border, its title bar and title, at the origin."""
    s = layout.scale
    w, h, pad, title_h, inset = layout.card_w, layout.card_h, PAD * s, TITLE_H * s, 1.2 * mm * s
    c.setStrokeColor(colors.HexColor("#bbbbbb"))
    c.setLineWidth(0.3)
    c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, 2.5 * mm * s)
    c.setFillColor(_colour(card))
    c.roundRect(inset, h - inset - title_h, w - 2 * inset, title_h, 2.5 * mm * s, stroke=0, fill=1)
    for size in (11, 10, 9, 8, 7, 6):
        style = ParagraphStyle("t", fontName=BOLD, fontSize=size * s, leading=size * s * 1.1, textColor=colors.white)
        if size == 6:  # the smallest size: a title that still does not fit is cut with a note
            title = Paragraph(markup(cut_to_fit(card.title, style, w - 2 * pad, 2 * style.leading)), style)
            break
        title = Paragraph(markup(card.title), style)
        tw, th = title.wrap(w - 2 * pad, title_h)
        if th <= title_h - 1.5 * mm * s:
            break
    title_box = KeepInFrame(w - 2 * pad, title_h - 1 * mm * s, [title], mode="shrink")
    Frame(pad, h - inset - title_h, w - 2 * pad, title_h, 0, 0, 0, 0).addFromList([title_box], c)


def _draw_body(c: pdfcanvas.Canvas, card: Card, layout: Layout) -> None:
    width, height = layout.body_area()
    Frame(0, 0, width, height, 0, 0, 0, 0).addFromList(fit(card, layout), c)


def _draw_foot(c: pdfcanvas.Canvas, card: Card, layout: Layout) -> None:
    s = layout.scale
    w, pad = layout.card_w, PAD * s
    foot_style = ParagraphStyle(
        "f", fontName=REGULAR, fontSize=5.5 * s, leading=6 * s, textColor=colors.HexColor("#888888")
    )
    foot = Paragraph(markup(cut_to_fit(card.footer, foot_style, w - 2 * pad, 6 * s)), foot_style)
    Frame(pad, 1.6 * mm * s, w - 2 * pad, 3.5 * mm * s, 0, 0, 0, 0).addFromList(
        [KeepInFrame(w - 2 * pad, 3.2 * mm * s, [foot], mode="shrink")], c
    )


def _form(
    c: pdfcanvas.Canvas, key: tuple[Any, ...], box: tuple[float, float, float, float], draw: Callable[[], None]
) -> str:
    """The name of the PDF form for ``key`` in this PDF, drawn by ``draw`` the first time: drawn once,
    placed on every card that shows it (a deck of many alike elements draws each thing once)."""
    forms: dict[tuple[Any, ...], str] = c.__dict__.setdefault("_warbench_forms", {})
    name = forms.get(key)
    if name is None:
        name = forms[key] = f"{key[0]}{len(forms)}"
        c.beginForm(name, *box)  # type: ignore[arg-type]  # the stubs say int; reportlab takes any number
        draw()
        c.endForm()
    return name


def crop_marks(count: int, layout: Layout, x0: float, y0: float) -> list[tuple[float, float, float, float]]:
    """Crop marks (x1, y1, x2, y2) for a page holding ``count`` cards, filled row by row.

    Marks sit outside the cards that are there, on the lines of their edges: a page
    with one card has the marks of one card, none around empty slots."""
    length, gap = 4 * mm, 1 * mm
    w, h, cols = layout.card_w, layout.card_h, layout.cols
    rows = -(-count // cols)
    top = y0 + layout.rows * h  # cards fill from the top row down
    marks = []
    for i in range(min(count, cols) + 1):  # vertical lines: above the top row, below the lowest card
        x = x0 + i * w
        lowest = max(r for r in range(rows) for col in (i - 1, i) if 0 <= col < cols and r * cols + col < count)
        bottom = top - (lowest + 1) * h
        marks += [(x, top + gap, x, top + gap + length), (x, bottom - gap, x, bottom - gap - length)]
    for j in range(rows + 1):  # horizontal lines: left of the first column, right of the last card
        y = top - j * h
        widest = max(col for r in (j - 1, j) if 0 <= r < rows for col in range(cols) if r * cols + col < count)
        right = x0 + (widest + 1) * w
        marks += [(x0 - gap, y, x0 - gap - length, y), (right + gap, y, right + gap + length, y)]
    return marks


def build_cards(
    army: Army[Any, Any],
    paper: str = "a4",
    everything: bool = False,
    progress: Callable[[int], None] | None = None,
    per_page: int = 9,
    cost: ArmyCost | None = None,
    tick_boxes: bool = False,
    build_time: bool = False,
) -> bytes:
    register()
    layout = Layout(per_page)
    cards = deck(army, everything, layout, cost, tick_boxes, build_time)
    page_w, page_h = PAPERS[paper]
    x0 = (page_w - layout.cols * layout.card_w) / 2
    y0 = (page_h - layout.rows * layout.card_h) / 2
    buffer = io.BytesIO()
    c = pdfcanvas.Canvas(buffer, pagesize=(page_w, page_h), invariant=1)
    c.setTitle(_("{name} — reference cards").format(name=army.name))
    c.setAuthor("Warbench")
    c.setCreator(f"Warbench {__version__}")
    for start in range(0, len(cards), per_page):
        page = cards[start : start + per_page]
        for i, card in enumerate(page):
            col, row = i % layout.cols, i // layout.cols
            _draw_card(c, card, x0 + col * layout.card_w, y0 + (layout.rows - 1 - row) * layout.card_h, layout)
        c.setStrokeColor(colors.black)
        c.setLineWidth(0.25)
        for mark in crop_marks(len(page), layout, x0, y0):
            c.line(*mark)
        c.showPage()
        if progress:
            progress(start // per_page + 1)
    c.save()
    return buffer.getvalue()


def build(army: Army[Any, Any], options: PrintOptions, progress: Callable[[int], None] | None = None) -> bytes:
    """The cards as the documents' registry makes them (model/pdf/documents.py)."""
    return build_cards(
        army,
        paper=options.paper,
        everything=options.everything,
        progress=progress,
        per_page=options.per_page,
        cost=options.cost,
        tick_boxes=options.tick_boxes,
        build_time=options.build_time,
    )
