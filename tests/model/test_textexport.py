"""``warbench text``: the army as plain text, Markdown and BBCode, checked against golden files.

Regenerate the golden files after an intended change with
``WARBENCH_UPDATE_GOLDEN=1 make test PYTEST_ARGS="tests/model/test_textexport.py"`` and read the diff.
The army code that ends each text is kept in the golden files as ``<army code>``: its letters depend on
the zlib build that packed it, so it is checked by reading the army back from it instead.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.helpers import army_data, element
from warbench.cli import main
from warbench.model.army_code import army_from_code, find_code
from warbench.model.fileio import army_bytes, army_from_data, load_army
from warbench.model.resources import examples_dir
from warbench.model.textexport import FORMATS, army_text

GOLDEN = Path(__file__).parent / "golden" / "text"
#: one sample army per system
SAMPLES = {
    "fow-special-ops": "human-force",
    "fow-universal-1.7": "universal-1.7-example-units",
    "fubar": "fubar-rifle-platoon",
    "duke-it-out": "duke-it-out-brick-brigade",
    "2d6-skirmish": "2d6-dust-raiders",
}


def _check_golden(name: str, text: str) -> None:
    code = find_code(text)
    assert code is not None and text.endswith(f"{code}{_CODE_END[name.split('.')[-2]]}\n")
    text = text.replace(code, "<army code>")
    path = GOLDEN / name
    if os.environ.get("WARBENCH_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("system_id", SAMPLES)
def test_golden_text_per_system_and_format(system_id, fmt, capsys):
    sample = SAMPLES[system_id]
    army = load_army(examples_dir() / f"{sample}.army.json")
    assert army.system == system_id
    assert main(["text", str(examples_dir() / f"{sample}.army.json"), "--format", fmt]) == 0
    out = capsys.readouterr().out
    assert out == army_text(army, fmt=fmt)
    assert army_bytes(army_from_code(out)) == army_bytes(army)
    _check_golden(f"{sample}.{fmt}.txt", out)


#: what closes the code's line in each format
_CODE_END = {"plain": "", "markdown": "`", "bbcode": "[/code]"}


def test_human_force_text_has_every_cost_and_the_total():
    text = army_text(load_army(examples_dir() / "human-force.army.json"))
    assert "Tactical Squad (248 pts)" in text
    assert '8× Tactical Troop: D6, Move 4", Pulse Rifle D6 24", Agile, Brave — 26 each = 208 pts' in text
    assert "\nTotal: 996 / 1000 pts (4 pts to spare)\n\nArmy code (" in text


def _two_identical():
    trooper = element(name="Trooper", die="d6", move=4, attributes=["brave"], count=3)
    # d6 base 4 + move 4" (2 DAC × 2 = 4) + Brave 2 = 10 each
    return army_from_data(army_data(elements=[trooper, dict(trooper, count=2)], limit=100))


def test_merge_joins_identical_elements_of_a_unit(capsys, tmp_path):
    army = _two_identical()
    assert army_text(army).count("Trooper:") == 2
    merged = army_text(army, merge=True)
    assert '5× Trooper: D6, Move 4", Brave — 10 each = 50 pts' in merged
    assert merged.count("Trooper:") == 1
    assert "Total: 50 / 100 pts (50 pts to spare)" in merged
    path = tmp_path / "a.army.json"
    path.write_text(json.dumps(army.model_dump(mode="json")), encoding="utf-8")
    assert main(["text", str(path), "--merge"]) == 0
    assert capsys.readouterr().out == merged


def test_unicode_names_are_kept_and_markup_is_escaped():
    data = army_data(elements=[element(name="Ørkø *Boss* [1]", die="d8")], name="Légion 第一")
    data["units"][0]["name"] = "Ünit_one"
    army = army_from_data(data)
    assert "Légion 第一" in army_text(army)
    assert "Ørkø *Boss* [1]" in army_text(army)
    md = army_text(army, fmt="markdown")
    assert md.startswith("# Légion 第一\n") and r"Ørkø \*Boss\* \[1\]" in md and r"## Ünit\_one" in md
    assert "[b]1× Ørkø *Boss* ［1］[/b]" in army_text(army, fmt="bbcode")  # fullwidth brackets open no tag


def test_warnings_are_listed():
    army = army_from_data(army_data(elements=[element(move=3)]))
    text = army_text(army)
    assert "1 warning:" in text and "not a multiple of 2" in text


def test_homebrew_attributes_appear_in_the_text():
    data = army_data(elements=[element(attributes=["rocket-pod"])])
    data["homebrew"] = {
        "attributes": [{"id": "rocket-pod", "name": "Rocket Pod", "cost": {"kind": "flat", "points": 6}}]
    }
    # d6 base 4 + Rocket Pod 6 = 10; every homebrew entry is marked (an organiser reads the post)
    assert '1× E: D6, Move 0", [homebrew] Rocket Pod — 10 pts' in army_text(army_from_data(data))


def test_unknown_format_is_refused():
    with pytest.raises(ValueError, match="'html' is not a text format"):
        army_text(_two_identical(), fmt="html")


def test_cli_bad_file_exits_2(tmp_path, capsys):
    path = tmp_path / "bad.army.json"
    path.write_text("{}", encoding="utf-8")
    assert main(["text", str(path)]) == 2
    assert "format: must be 'warbench-army'" in capsys.readouterr().err
