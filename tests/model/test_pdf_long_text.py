"""The sheet never fails on long text; merged rows add fractional costs."""

from __future__ import annotations

import copy
import io
import json

import pytest

from warbench.cli import main
from warbench.model.resources import examples_dir

DIO = json.loads((examples_dir() / "duke-it-out-brick-brigade.army.json").read_text(encoding="utf-8"))
WORD = "W" * 5000
WORDS = ("lorem ipsum dolor " * 120)[:2000]


def _army(tmp_path, change) -> str:
    data = copy.deepcopy(DIO)
    change(data)
    path = tmp_path / "a.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def _set(*path_value):
    *path, value = path_value

    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


@pytest.mark.parametrize(
    "change",
    [
        _set("units", 0, "elements", 0, "special", WORDS),
        _set("units", 0, "elements", 0, "special", WORD),
        _set("units", 0, "elements", 0, "name", WORD),
        _set("units", 0, "name", WORD),
        _set("name", WORD),
        _set("units", 0, "elements", 0, "special", "\U0001fae0" * 5000),  # each printed as "[U+1FAE0]"
        _set("units", 0, "name", "\x1b" * 5000),
    ],
    ids=["special-words", "special-word", "element-name", "unit-name", "army-name", "no-glyph", "control"],
)
def test_long_text_is_cut_with_a_note_never_a_layout_error(tmp_path, change, capsys):
    out = tmp_path / "sheet.pdf"
    assert main(["sheet", _army(tmp_path, change), "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")


def test_cut_cell_says_so():
    from reportlab.lib.styles import ParagraphStyle

    from warbench.model.pdf.sheet import _clamp

    text = _clamp(WORD, ParagraphStyle("x", fontSize=8), 100)
    assert text.endswith("… [cut: 5,000 characters]") and len(text) < 300


def test_merge_adds_fractional_costs(tmp_path):
    def two_at_one_and_a_half(data):
        el = data["units"][0]["elements"][0]
        el["points"] = 1.5
        data["units"][0]["elements"] = [el, copy.deepcopy(el)]

    out = tmp_path / "sheet.pdf"
    assert main(["sheet", _army(tmp_path, two_at_one_and_a_half), "-o", str(out), "--merge"]) == 0


def test_plus_of_cells():
    from warbench.model.pdf.sheet import _plus

    assert _plus("1.5", "1.5") == "3" and _plus("1.5", "1") == "2.5" and _plus("2", "3") == "5"
    assert _plus("-", "-") == "-" and _plus("x", "1") is None


HOSTILE = "<font size=500>big</font><img src='/etc/passwd'/> &amp; <b>"
CONTROL = "a\x1b]0;title\x07\x1b[2J\x00b\u202e"


@pytest.mark.parametrize("per_page", ["9", "4"])
@pytest.mark.parametrize(
    "change, expected",
    [
        (_set("units", 0, "elements", 0, "special", WORDS), "[cut: 2,009 characters]"),
        (_set("units", 0, "elements", 0, "special", WORD), "[cut: 5,009 characters]"),
        (_set("units", 0, "elements", 0, "name", WORD), "[cut: 5,000 characters]"),
        (_set("units", 0, "name", WORD), "[cut: 5,0"),  # unit name, count and cost in the subtitle
        (_set("name", WORD), "[cut: 5,000 characters]"),  # the army's name in each card's footer
        (_set("units", 0, "elements", 0, "special", HOSTILE), "SPECIAL: " + HOSTILE),
        (_set("units", 0, "elements", 0, "name", CONTROL), "a[U+001B]]0;title[U+0007][U+001B][2J[U+0000]b"),
        (_set("units", 0, "elements", 0, "weapons", 0, "name", WORD), "[cut: "),
        (_set("units", 0, "elements", 0, "weapons", 2, "note", WORDS), "[cut: "),
    ],
    ids=[
        "special-words",
        "special-word",
        "element-name",
        "unit-name",
        "army-name",
        "markup",
        "control",
        "weapon",
        "stat",
    ],
)
def test_cards_cut_long_text_with_a_note_never_a_layout_error(tmp_path, change, expected, per_page):
    from pypdf import PdfReader

    out = tmp_path / "cards.pdf"
    assert main(["cards", _army(tmp_path, change), "-o", str(out), "--per-page", per_page]) == 0
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(out.read_bytes())).pages).split())
    assert expected in text or expected.replace(" ", "") in text.replace(" ", "")  # a long word wraps anywhere
    assert "Fire Ant" in text and "Missing characters" in text if "U+" in expected else "Fire Ant" in text


def test_every_card_body_fits_its_frame_whatever_the_text():
    """The cut body always goes into the card's frame whole: nothing is left out silently."""
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Frame

    from warbench.model.pdf import cards as cards_mod

    width, height = cards_mod.body_area()
    for paragraphs in (["x"], [WORD], [WORDS], [WORDS, WORD, WORDS], ["\x1b" * 3000], ["🫠" * 3000]):
        card = cards_mod.Card("unit", "t", "s", paragraphs, table=(("A", "B"), [(WORD, "1")]))
        flow = cards_mod.fit(card)
        left = list(flow)
        Frame(0, 0, width, height, 0, 0, 0, 0).addFromList(left, Canvas(io.BytesIO()))
        assert left == []
        texts = [f.text for f in flow if hasattr(f, "text")]
        assert len(paragraphs[0]) < 5 or any("[cut:" in t for t in texts)
