"""Duke It Out: what its cards print (model/systems/dukeitout/presentation.py)."""

from __future__ import annotations

from pypdf import PdfReader

from warbench.model.fileio import load_army
from warbench.model.pdf.cards import build_cards, deck
from warbench.model.resources import examples_dir


def test_duke_cards_carry_the_stat_block():
    army = load_army(examples_dir() / "duke-it-out-brick-brigade.army.json")
    strider = deck(army)[0]
    assert strider.title == "Strider" and strider.table == (
        ("MOVE", "INIT", "EVADE", "ACC", "ARMOR", "BODY"),
        [("3", "3", "2", "4", "4", "4")],
    )
    assert "WEAPON: Doomhail P8 R11/ST" in strider.paragraphs[1]
    text = " ".join(
        " ".join(p.extract_text().split()) for p in PdfReader(__import__("io").BytesIO(build_cards(army))).pages
    )
    assert "MOVE INIT EVADE ACC ARMOR BODY" in text and "Got Hot" in text
