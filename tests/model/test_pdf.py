"""Army sheets and reference cards: content, pagination, safety, determinism, fit."""

from __future__ import annotations

import datetime as dt
import io
import json
import math

import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame

from benchmarks._armies import big_army
from warbench.cli import main
from warbench.model import __version__
from warbench.model.costing import price_army
from warbench.model.fileio import army_from_data, load_army
from warbench.model.pdf import cards as cards_mod
from warbench.model.pdf.cards import build_cards, deck, fit
from warbench.model.pdf.sheet import MARGIN, SheetOptions, build_sheet, stamp
from warbench.model.resources import examples_dir
from warbench.model.systems import get_system, system_ids

DAY = dt.date(2026, 11, 23)
HUMAN = examples_dir() / "human-force.army.json"


def pages_text(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def flat(text: str) -> str:
    return " ".join(text.split())


def test_sheet_has_every_element_cost_and_total():
    army = load_army(HUMAN)
    text = flat(" ".join(pages_text(build_sheet(army, SheetOptions(date=DAY)))))
    cost = price_army(army, get_system(army.system))
    for unit, uc in zip(army.units, cost.units):
        assert unit.name in text
        for element, ec in zip(unit.elements, uc.elements):
            assert f"{element.name}" in text and f" {ec.cost_each} {ec.count} {ec.total}" in text
        assert f"{unit.name} {uc.cost}" in text  # the subtotal on the unit's heading row
    assert "Army total: 996 / 1000 pts" in text
    assert "996 / 1000 pts — valid, 0 warnings" in text and "2026-11-23" in text


def test_glossary_lists_each_rule_once_alphabetically():
    text = " ".join(
        pages_text(build_sheet(load_army(examples_dir() / "orc-and-ghoblin-force.army.json"), SheetOptions(date=DAY)))
    )
    glossary = text[text.index("Attributes used by this army") :]
    names = [
        "Aggressive",
        "Arcing Artillery",
        "Brave",
        "Command",
        "Cumbersome",
        "Fearsome",
        "Flying",
        "Loose Cohesion",
        "Magic",
        "Resilient",
        "Stealth",
        "Template Flame",
    ]
    positions = [glossary.index(f"{n} (") for n in names]
    assert positions == sorted(positions)
    assert all(glossary.count(f"{n} (") == 1 for n in names)


def test_long_army_paginates_with_header_on_every_page():
    army = big_army(500)
    data = build_sheet(army, SheetOptions(date=DAY))
    texts = pages_text(data)
    assert len(texts) >= 20
    for number, text in enumerate(texts, 1):
        assert f"page {number} of {len(texts)}" in text
        assert army.name in text
    table_pages = [t for t in texts if "Name/Type" in t]
    assert len(table_pages) >= 20
    for text in table_pages:
        assert flat(text).count("Name/Type Die Melee Ranged Range Move Attributes Cost Qty Total") == 1


@pytest.mark.parametrize(
    "paper,landscape,size",
    [
        ("a4", False, (595.28, 841.89)),
        ("a4", True, (841.89, 595.28)),
        ("letter", False, (612, 792)),
        ("letter", True, (792, 612)),
    ],
)
def test_paper_sizes_and_margins(paper, landscape, size):
    data = build_sheet(big_army(40), SheetOptions(paper=paper, landscape=landscape, date=DAY))
    reader = PdfReader(io.BytesIO(data))
    for page in reader.pages:
        box = page.mediabox
        assert (round(float(box.width), 2), round(float(box.height), 2)) == size
        positions = []

        def seen(text, cm, tm, _font, _size, positions=positions):
            if text.strip():  # the text's origin on the page: text matrix × current transformation
                positions.append((tm[4] * cm[0] + tm[5] * cm[2] + cm[4], tm[4] * cm[1] + tm[5] * cm[3] + cm[5]))

        page.extract_text(visitor_text=seen)
        assert positions
        for x, y in positions:
            assert 10 * mm <= x <= size[0] - 10 * mm and 10 * mm <= y <= size[1] - 10 * mm
    assert MARGIN >= 10 * mm


INJECTIONS = ['<img src="/etc/passwd"/>', "<font size=500>huge</font>", "<b>bold</b> & <i>more</i>"]


@pytest.mark.parametrize("hostile", INJECTIONS)
def test_markup_in_user_strings_prints_as_text(hostile):
    data = json.loads(HUMAN.read_text(encoding="utf-8"))
    data["name"] = hostile
    data["units"][0]["name"] = hostile
    data["units"][0]["elements"][0]["name"] = hostile
    data["units"][0]["elements"][0]["melee"]["name"] = hostile
    army = army_from_data(data)

    def squeezed(text: str) -> str:  # narrow cells may wrap the name anywhere
        return "".join(text.split())

    sheet_text = squeezed(" ".join(pages_text(build_sheet(army, SheetOptions(date=DAY)))))
    assert sheet_text.count(squeezed(hostile)) >= 4  # header, unit row, element row, weapon cell
    card_text = squeezed(" ".join(pages_text(build_cards(army))))
    assert squeezed(hostile) in card_text


def test_unicode_names_round_trip():
    data = json.loads(HUMAN.read_text(encoding="utf-8"))
    data["name"] = "Zoë's Ørkz — 装甲"
    data["units"][1]["elements"][0]["name"] = "Ελληνικά Трупер 突撃兵"
    army = army_from_data(data)
    for pdf in (build_sheet(army, SheetOptions(date=DAY)), build_cards(army)):
        text = flat(" ".join(pages_text(pdf)))
        assert "Zoë's Ørkz — 装甲" in text
        assert "Ελληνικά Трупер 突撃兵" in text


def test_output_is_deterministic():
    army = load_army(HUMAN)
    assert build_sheet(army, SheetOptions(date=DAY)) == build_sheet(army, SheetOptions(date=DAY))
    assert build_cards(army) == build_cards(army)


def test_stamp_texts():
    alien = load_army(examples_dir() / "alien-force.army.json")
    assert stamp(alien, price_army(alien, get_system(alien.system)), "pts") == "1002 / 1000 pts — over by 2"
    human = load_army(HUMAN)
    assert stamp(human, price_army(human, get_system(human.system)), "pts") == "996 / 1000 pts — valid, 0 warnings"
    text = pages_text(build_sheet(alien, SheetOptions(date=DAY)))[0]
    assert "1002 / 1000 pts — over by 2" in text
    assert "Warnings" in text and "Alien Force: 1002 pts is over the 1000 pts limit by 2" in flat(text)


def test_merge_identical_rows():
    data = json.loads(HUMAN.read_text(encoding="utf-8"))
    troop = data["units"][1]["elements"][0]
    data["units"][1]["elements"] = [dict(troop, count=3), dict(troop, count=5)]
    army = army_from_data(data)
    merged = flat(" ".join(pages_text(build_sheet(army, SheetOptions(date=DAY, merge_identical=True)))))
    separate = flat(" ".join(pages_text(build_sheet(army, SheetOptions(date=DAY)))))
    assert "26 8 208" in merged and "26 3 78" not in merged
    assert "26 3 78" in separate and "26 5 130" in separate


def test_cards_deck_and_pages():
    army = load_army(examples_dir() / "demonic-force.army.json")
    cards = deck(army)
    kinds = [c.kind for c in cards]
    assert kinds.count("unit") == 8
    # a rule several elements use has its own card; one only one element uses is printed on its card
    assert {c.title for c in cards if c.kind == "attribute"} == {
        "Aggressive",
        "Agile",
        "Command",
        "Fearsome",
        "Flying",
        "Loose Cohesion",
    }
    whole_on_units = {r[0] for c in cards for r in c.rules if r[2] != cards_mod.SEE_CARD}
    assert whole_on_units == {"Cumbersome", "Frail", "Glide", "Linear Artillery", "Resilient"}
    core = {c.title for c in cards if c.kind == "rules"}
    assert {
        "The 4+ roll",
        "Round and turn",
        "Terrain",
        "Morale modifiers",
        "Artillery scatter and bounce (d6)",  # the force has linear artillery
    } <= core
    assert not {"Magical misfires", "Inaccurate scatter (d4)", "Costing an element"} & core  # no spell, no Inaccurate
    reader = PdfReader(io.BytesIO(build_cards(army)))
    assert len(reader.pages) == math.ceil(len(cards) / 9)
    whole = deck(army, everything=True)
    assert len([c for c in whole if c.kind == "attribute"]) == 58 and len([c for c in whole if c.kind == "spell"]) == 12


@pytest.mark.parametrize("system_id", system_ids())
def test_longest_summary_fits_its_card(system_id):
    system = get_system(system_id)
    layout = cards_mod.Layout()
    cards = [cards_mod._attribute_card(a, system) for a in system.catalogue.attributes.values()]
    for t in system.catalogue.tables.values():
        cards += cards_mod._rules_cards(t, system, layout)
    longest = max(cards, key=lambda c: sum(len(p) for p in c.paragraphs) + len(str(c.table)))
    # whole: nothing cut, at the one body size
    assert fit(longest) and cards_mod.body_height(fit(longest)) <= cards_mod.body_height(
        cards_mod._body(longest, layout)
    )
    assert cards_mod.body_height(fit(longest)) <= layout.body_area()[1]


def test_text_that_cannot_fit_is_cut_inside_the_card():
    card = cards_mod.Card("attribute", "Wordy", "Attribute", ["A very long rule text. " * 120])
    width, height = cards_mod.body_area()
    flow = fit(card)
    assert flow[-1].text.endswith(f"… [cut: {len(card.paragraphs[0]):,} characters]")
    assert flow[-1].style.fontSize == cards_mod.BODY
    canvas = Canvas(io.BytesIO())
    frame = Frame(0, 0, width, height, 0, 0, 0, 0)
    left = list(flow)
    frame.addFromList(left, canvas)
    assert left == []  # everything went into the card's body frame
    build_cards(
        army_from_data(
            {
                "format": "warbench-army",
                "schema_version": 1,
                "system": "fow-special-ops",
                "name": "W" * 300,
                "units": [],
            }
        )
    )  # a huge title must not break layout


def test_cli_sheet_and_cards(tmp_path, capsys):
    out = tmp_path / "army.pdf"
    out.write_bytes(b"old")
    assert main(["sheet", str(HUMAN), "-o", str(out), "--paper", "letter", "--landscape", "--date", "2026-11-23"]) == 0
    reader = PdfReader(out)
    assert float(reader.pages[0].mediabox.width) == 792 and "Tactical Troop" in reader.pages[0].extract_text()
    cards = tmp_path / "cards.pdf"
    assert main(["cards", str(HUMAN), "-o", str(cards), "--all"]) == 0
    assert len(PdfReader(cards).pages) >= 9
    assert sorted(p.name for p in tmp_path.iterdir()) == ["army.pdf", "cards.pdf"]


def test_pdf_metadata_names_the_warbench_version():
    army = load_army(HUMAN)
    for data in (build_sheet(army, SheetOptions(date=DAY)), build_cards(army)):
        info = PdfReader(io.BytesIO(data)).metadata
        assert info["/Creator"] == f"Warbench {__version__}"
        assert __version__ and __version__[0].isdigit()
