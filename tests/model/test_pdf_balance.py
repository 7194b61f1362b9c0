"""The balance page (model/pdf/balance.py): the report of model.balance in print, names escaped."""

from __future__ import annotations

import io
import json

from pypdf import PdfReader

from warbench.model.balance import balance, example_pool
from warbench.model.fileio import load_army, parse_army
from warbench.model.pdf.balance import build
from warbench.model.pdf.documents import PrintOptions
from warbench.model.resources import examples_dir
from warbench.model.systems import system_for


def _text(pdf: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split())


def test_the_page_prints_every_element_with_its_figures_and_flags():
    army = load_army(examples_dir() / "orc-and-ghoblin-force.army.json")
    report = balance(army, system_for(army), example_pool(army.system))
    text = _text(build(army, PrintOptions()))
    assert "Orc & Ghoblin Force — balance" in text
    assert f"the {report.pool_elements} elements of Warbench's {len(report.files)} example armies" in text
    troll = next(d for d in report.designs if d.element == "Troll")
    assert f"{float(troll.deals):.3f}" in text and f"{troll.ratios['value']:.2f}×" in text
    assert "too cheap" in text and "Resilient (3 DAC of d8): 9" in text


def test_names_are_text_not_markup():
    data = json.loads((examples_dir() / "duke-it-out-brick-brigade.army.json").read_text(encoding="utf-8"))
    data["name"] = "<b>Bold</b> & <font size=40>big"
    data["units"][0]["name"] = "A <i>unit</i>"
    army = parse_army(json.dumps(data))
    text = _text(build(army, PrintOptions()))
    assert "<b>Bold</b> & <font size=40>big — balance" in text and "A <i>unit</i> / Strider" in text
