"""The sheet never fails on long text; merged rows add fractional costs."""

from __future__ import annotations

import copy
import json

import pytest

from model.cli import main
from model.resources import examples_dir

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
    ],
    ids=["special-words", "special-word", "element-name", "unit-name", "army-name"],
)
def test_long_text_is_cut_with_a_note_never_a_layout_error(tmp_path, change, capsys):
    out = tmp_path / "sheet.pdf"
    assert main(["sheet", _army(tmp_path, change), "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")


def test_cut_cell_says_so():
    from reportlab.lib.styles import ParagraphStyle

    from model.pdf.sheet import _clamp

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
    from model.pdf.sheet import _plus

    assert _plus("1.5", "1.5") == "3" and _plus("1.5", "1") == "2.5" and _plus("2", "3") == "5"
    assert _plus("-", "-") == "-" and _plus("x", "1") is None
