"""Reference cards: every card of every example fits at the one body size; crop marks; large print."""

from __future__ import annotations

import io
import math
import re

import pytest
from pypdf import PdfReader
from reportlab.platypus import Paragraph, Table

from benchmarks._armies import big_army
from tests import helpers
from warbench.model.fileio import army_from_data, load_army
from warbench.model.pdf import cards as cards_mod
from warbench.model.pdf.cards import Layout, _key, body_height, build_cards, crop_marks, deck, fit
from warbench.model.pdf.sheet import build_sheet
from warbench.model.resources import examples_dir
from warbench.model.rules import RuleTable
from warbench.model.systems import get_system

EXAMPLES = sorted(examples_dir().glob("*.army.json"))


def _sizes(flow: list) -> set[float]:
    """The font size of every piece of body text in ``flow`` (table cells included)."""
    sizes = set()
    for f in flow:
        if isinstance(f, Paragraph):
            sizes.add(f.style.fontSize)
        elif isinstance(f, Table):
            cells = [p for row in f._cellvalues for cell in row for p in (cell if isinstance(cell, tuple) else [cell])]
            assert all(isinstance(p, Paragraph) for p in cells)
            sizes |= {p.style.fontSize for p in cells}
    return sizes


@pytest.mark.parametrize("per_page", [9, 4])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name.split(".")[0])
def test_every_card_of_every_example_fits_at_one_size(path, per_page):
    layout = Layout(per_page)
    army = load_army(path)
    width, height = layout.body_area()
    for card in deck(army, layout=layout):
        flow = fit(card, layout)
        assert body_height(flow, layout) <= height, card.title  # measured with reportlab's wrap
        assert _sizes(flow) == {layout.body_size}, card.title
        assert not any(isinstance(f, Paragraph) and "[cut:" in f.text for f in flow), card.title  # nothing cut


def _pdf_text(data: bytes) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages)


def test_unit_cards_name_their_rules_and_each_rule_is_printed_once():
    army = load_army(examples_dir() / "orc-and-ghoblin-force.army.json")
    cards = {c.title: c for c in deck(army) if c.kind == "unit"}
    shaman = cards["Orc Shaman"]
    assert [r[0] for r in shaman.rules] == ["Aggressive", "Brave", "Magic"]
    text = _pdf_text(build_cards(army))
    assert "Brave (+1 DAC) — see its card" in text  # several elements are Brave: the rule on its own card
    assert text.count("+1 on every Morale roll.") == 1
    assert "Magic (+16) — Can cast spells" in text  # the shaman alone has Magic: on its card, and only there
    assert "Magic" not in [c.title for c in deck(army)]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name.split(".")[0])
def test_no_rule_is_printed_twice_and_none_is_left_out(path):
    army = load_army(path)
    system = get_system(army.system)
    cards = deck(army)
    printed: list[str] = []  # each rule's text wherever the deck prints it in full
    for card in cards:
        printed += [summary for _name, _detail, summary in card.rules if summary != cards_mod.SEE_CARD]
        if card.kind in ("attribute", "spell"):
            printed.append(card.paragraphs[0])
    assert len(printed) == len(set(printed))
    cat = system.catalogue
    used = {
        (cat.attributes[i] if k == "attribute" else cat.spells[i]).summary
        for unit in army.units
        for element in unit.elements
        for k, i in system.presentation.card_rule_ids(element)
    }
    assert used == set(printed)
    titles = [c.title for c in cards if c.kind != "unit"]
    assert len(titles) == len(set(titles))  # no rule's card twice either


def test_a_rule_is_printed_once_in_the_pdf():
    army = load_army(examples_dir() / "alien-force.army.json")
    text = _pdf_text(build_cards(army))
    for attr in get_system(army.system).catalogue.attributes.values():
        assert text.count(" ".join(attr.summary.split())) <= 1, attr.name
    assert text.count("see its card") >= 4


def test_duke_it_out_templates_are_not_printed_again():
    """A Duke It Out element's card is its template's whole entry: no template card, no entry on the card."""
    army = load_army(examples_dir() / "duke-it-out-brick-brigade.army.json")
    cards = deck(army)
    assert {c.kind for c in cards} == {"unit", "rules"}
    assert all(not c.rules for c in cards)


def test_build_time_cards_only_when_asked_for():
    army = load_army(examples_dir() / "special-ops-worked-examples.army.json")
    assert "Costing an element" not in [c.title for c in deck(army)]
    assert "Choosing a die" not in [c.title for c in deck(army)]
    assert "Costing an element" in [c.title for c in deck(army, build_time=True)]
    assert "Costing an element" in _pdf_text(build_cards(army, build_time=True))
    assert "Costing an element" not in _pdf_text(build_cards(army))


def test_core_cards_only_when_something_in_the_army_uses_them():
    army = load_army(examples_dir() / "alien-force.army.json")
    titles = [c.title for c in deck(army)]
    assert "Artillery scatter and bounce (d6)" not in titles and "Magical misfires" not in titles
    assert "Terrain" in titles  # a table that needs nothing is always there
    element = army.units[0].elements[0]
    element.attributes.append(type(element.attributes[0])(id="linear-artillery"))
    assert "Artillery scatter and bounce (d6)" in [c.title for c in deck(army)]
    army.units[0].elements[0].spells.append("fireball")
    assert "Magical misfires" in [c.title for c in deck(army)]


def test_duke_it_out_templates_table_only_with_a_template_weapon():
    army = load_army(examples_dir() / "duke-it-out-brick-brigade.army.json")
    assert "Templates" in [c.title for c in deck(army)]
    for unit in army.units:
        for element in unit.elements:
            for weapon in element.weapons:
                weapon.range = weapon.range.split("/")[0]
    assert "Templates" not in [c.title for c in deck(army)]


@pytest.mark.parametrize("per_page", [9, 4])
@pytest.mark.parametrize("length", [40, 80])
def test_a_long_unit_name_keeps_the_count_and_points(length, per_page):
    army = load_army(examples_dir() / "alien-force.army.json")
    army.units[0].name = ("Imperial Guard Heavy Weapons Support Squadron Detachment " * 3)[:length]
    layout = Layout(per_page)
    card = deck(army, layout=layout)[0]
    text, style = cards_mod.subtitle(card, layout.card_w - 2 * cards_mod.PAD * layout.scale, layout.scale)
    assert text.replace("\xa0", " ") == card.subtitle  # whole: nothing cut
    assert text.endswith(" · ×24\xa0·\xa010\xa0pts\xa0each")  # the count and points never broken apart
    lines = Paragraph(cards_mod.markup(text), style)
    assert lines.wrap(layout.card_w - 2 * cards_mod.PAD * layout.scale, 99)[1] <= cards_mod.SUBTITLE_H * layout.scale
    pdf = _pdf_text(build_cards(army, per_page=per_page))
    assert "[cut:" not in pdf and "×24 · 10 pts each" in pdf


def test_a_hostile_unit_name_is_cut_but_never_the_count_and_points():
    army = load_army(examples_dir() / "alien-force.army.json")
    army.units[0].name = "Rippers " * 40
    card = deck(army)[0]
    text, _style = cards_mod.subtitle(card, Layout().card_w - 2 * cards_mod.PAD)
    assert "[cut: 320 characters]" in text and text.replace("\xa0", " ").endswith(" · ×24 · 10 pts each")
    assert "×24 · 10 pts each" in _pdf_text(build_cards(army))


def test_a_full_card_refers_the_longest_rules_to_their_cards():
    system = get_system("fow-special-ops")
    many = [(a.name, a.cost.text, a.summary) for a in list(system.catalogue.attributes.values())[:12]]
    card = cards_mod.Card("unit", "Overloaded", "x", ["Melee: Sword D6"], rules=many)
    flow = fit(card)
    texts = [f.text for f in flow]
    assert any("see its card" in t for t in texts)
    assert all(any(f"<b>{name}</b>" in t for t in texts) for name, _c, _s in many)  # every rule still named
    assert body_height(flow) <= Layout().body_area()[1]


def test_a_long_rules_table_continues_on_a_second_card():
    system = get_system("fow-special-ops")
    table = RuleTable(id="t", name="Long", summary="Many rows.", columns=("A", "B"), rows=[("x", "y " * 20)] * 30)
    cards = cards_mod._rules_cards(table, system, Layout())
    assert len(cards) >= 2 and cards[0].title == f"Long (1/{len(cards)})"
    assert sum(len(c.table[1]) for c in cards) == 30
    assert all(body_height(fit(c)) <= Layout().body_area()[1] for c in cards)
    assert all("[cut:" not in f.text for c in cards for f in fit(c) if isinstance(f, Paragraph))


@pytest.mark.parametrize("per_page", [9, 4])
def test_crop_marks_only_around_cards(per_page):
    layout = Layout(per_page)
    w, h, cols = layout.card_w, layout.card_h, layout.cols
    top = layout.rows * h
    for count in range(1, per_page + 1):
        boxes = [
            ((i % cols) * w, top - (i // cols + 1) * h, (i % cols + 1) * w, top - (i // cols) * h) for i in range(count)
        ]
        marks = crop_marks(count, layout, 0, 0)
        assert len(marks) == 2 * (min(count, cols) + 1) + 2 * (math.ceil(count / cols) + 1)
        for x1, y1, x2, y2 in marks:
            for bx1, by1, bx2, by2 in boxes:  # never over a card
                assert not (max(x1, x2) > bx1 and min(x1, x2) < bx2 and max(y1, y2) > by1 and min(y1, y2) < by2)
            if x1 == x2:  # on the line of a card's left or right edge, just above or below a card
                assert any(
                    x1 in (b[0], b[2]) and (abs(min(y1, y2) - b[3]) < 5 or abs(max(y1, y2) - b[1]) < 5) for b in boxes
                )
            else:
                assert any(
                    y1 in (b[1], b[3]) and (abs(min(x1, x2) - b[2]) < 5 or abs(max(x1, x2) - b[0]) < 5) for b in boxes
                )


@pytest.mark.parametrize("per_page", [9, 4])
def test_pages_hold_per_page_cards_and_none_is_empty(per_page):
    army = load_army(examples_dir() / "human-force.army.json")
    pages = PdfReader(io.BytesIO(build_cards(army, per_page=per_page))).pages
    assert len(pages) == math.ceil(len(deck(army, layout=Layout(per_page))) / per_page)
    assert all(page.extract_text().strip() for page in pages)


def test_cli_cards_per_page(tmp_path):
    from warbench.cli import main

    out = tmp_path / "big.pdf"
    army = examples_dir() / "human-force.army.json"
    assert main(["cards", str(army), "-o", str(out), "--per-page", "4"]) == 0
    assert len(PdfReader(out).pages) == math.ceil(len(deck(load_army(army), layout=Layout(4))) / 4)


def test_cards_per_page_is_9_or_4():
    with pytest.raises(ValueError, match="9, 4"):
        Layout(6)
    assert Layout(4).body_size == 1.5 * cards_mod.BODY


def test_what_cards_share_is_drawn_once_and_placed_on_every_card_that_shows_it():
    """Card frames with their titles, bodies and footers are PDF forms, one per distinct one."""
    army = big_army(60)  # the sample units, repeated
    cards = deck(army)
    heads = {(card.kind, card.title) for card in cards}
    bodies = {_key(card) for card in cards}
    feet = {card.footer for card in cards}
    pdf = build_cards(army)
    assert len(bodies) < len(cards) and len(heads) < len(cards)
    assert pdf.count(b"/Subtype /Form") == len(heads) + len(bodies) + len(feet)
    assert pdf.count(b"/Type /Page\n") == -(-len(cards) // 9)


@pytest.mark.parametrize("rules", [100, 400])
def test_fitting_a_card_measures_each_rule_a_bounded_number_of_times(monkeypatch, rules):
    """Issue 26 item 11: a card of n homebrew rules built and measured every rule again for each rule it
    shortened (n² paragraphs: 1,000 attributes took 178 s). Counted, not timed: at most a few paragraphs a
    rule (its full and its short form, the fitted body, the cut's bisection), however many rules there are."""
    cards_mod.register()
    made = 0
    real = cards_mod.Paragraph

    def counting(*args, **kwargs):
        nonlocal made
        made += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(cards_mod, "Paragraph", counting)
    many = [(f"Homebrew {i}", "+1", f"Rule text of homebrew attribute number {i}. " * 3) for i in range(rules)]
    flow = cards_mod._fit_card(cards_mod.Card("unit", "Overloaded", "x", ["Melee: Sword D6"], rules=many), Layout())
    assert body_height(flow) <= Layout().body_area()[1]
    assert 2 <= len(flow) < rules  # too full even with every rule short: cut after the rules that fit
    assert made <= 4 * rules + 200


# --- tick boxes (build_cards(tick_boxes=True), warbench cards --tick-boxes) ------------------------------------
@pytest.mark.parametrize("per_page", [9, 4])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name.split(".")[0])
def test_unit_cards_with_tick_boxes_fit_and_hold_the_systems_boxes(path, per_page):
    from warbench.model.pdf.boxes import TickBoxes

    layout = Layout(per_page)
    army = load_army(path)
    system = get_system(army.system)
    elements = [e for unit in army.units for e in unit.elements]
    units = [card for card in deck(army, layout=layout, tick_boxes=True) if card.kind == "unit"]
    assert len(units) == len(elements)
    for card, element in zip(units, elements):
        assert card.ticks == (tuple(system.play.play_boxes(element)), system.play.play_state(element)["figures"])
        flow = fit(card, layout)
        assert body_height(flow, layout) <= layout.body_area()[1], card.title
        assert sum(isinstance(f, TickBoxes) for f in flow) == 1, card.title  # never the part cut off
    assert all(card.ticks is None for card in deck(army, layout=layout))  # only when asked


def test_cli_cards_tick_boxes(tmp_path):
    from warbench.cli import main

    out = tmp_path / "c.pdf"
    army = examples_dir() / "fubar-rifle-platoon.army.json"
    assert main(["cards", str(army), "-o", str(out), "--tick-boxes"]) == 0
    text = "".join(page.extract_text() for page in PdfReader(out).pages)
    assert text.count("Activated") == sum(len(u.elements) for u in load_army(army).units)
    assert "Suppressed" in text


def test_cli_build_time_cards(tmp_path):
    from warbench.cli import main

    army = examples_dir() / "special-ops-worked-examples.army.json"
    plain, costing = tmp_path / "plain.pdf", tmp_path / "costing.pdf"
    assert main(["cards", str(army), "-o", str(plain)]) == 0
    assert main(["cards", str(army), "-o", str(costing), "--build-time"]) == 0
    assert "Costing an element" not in _pdf_text(plain.read_bytes())
    assert "Costing an element" in _pdf_text(costing.read_bytes())


@pytest.mark.parametrize("char", ["\u2029", "\u2028", "\x1b", "\x07"], ids=["U+2029", "U+2028", "ESC", "BEL"])
def test_cards_print_separators_and_control_characters_as_the_sheet_does(char):
    """The sheet printed a paragraph separator in a name as a blank glyph ("AlphaBeta"), the cards as a space;
    now both print each such character as its marker, as they print a control character."""
    army = army_from_data(helpers.army_data(elements=[helpers.element(name=f"Alpha{char}Beta")], name="Army"))
    shown = []
    for pdf in (build_sheet(army), build_cards(army)):
        text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
        shown.append({found for found in re.findall(r"Alpha(.*?)Beta", text, re.DOTALL)})
    sheet, cards = shown
    assert sheet == cards == {f"[U+{ord(char):04X}]"}
