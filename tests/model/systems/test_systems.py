"""Every system: the command line's cost, sheet and cards, a round trip, the dice presets."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from warbench.cli import main
from warbench.model.fileio import dump_army, load_army
from warbench.model.resources import examples_dir
from warbench.model.systems import get_system, system_ids

EXAMPLES = {
    "duke-it-out": "duke-it-out-brick-brigade",
    "fubar": "fubar-rifle-platoon",
    "2d6-skirmish": "2d6-dust-raiders",
}


PICKED = {"fow-special-ops": "human-force", "fow-universal-1.7": "universal-1.7-example-units", **EXAMPLES}


def _example_of(system_id: str) -> str:
    """The example army the per-system tests use: the one picked above, else the first of that system."""
    if system_id in PICKED:
        return PICKED[system_id]
    for path in sorted(examples_dir().glob("*.army.json")):
        if json.loads(path.read_text(encoding="utf-8")).get("system") == system_id:
            return path.name.removesuffix(".army.json")
    raise AssertionError(f"no example army in {examples_dir()} for the system {system_id!r}")


EVERY_SYSTEM = {sid: _example_of(sid) for sid in system_ids()}  # the registry's systems, not a list of ours


@pytest.mark.parametrize("system_id", list(EVERY_SYSTEM))
def test_cli_cost_sheet_cards_per_system(system_id, tmp_path, capsys):
    path = examples_dir() / f"{EVERY_SYSTEM[system_id]}.army.json"
    assert main(["cost", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["system"] == system_id and out["units"]
    assert (out["total"] is None) == (not get_system(system_id).pricing.has_points)
    assert main(["cost", str(path)]) == 0
    table = capsys.readouterr().out
    assert get_system(system_id).presentation.sheet_columns[1] in table
    sheet, cards = tmp_path / "sheet.pdf", tmp_path / "cards.pdf"
    assert main(["sheet", str(path), "-o", str(sheet), "--date", "2026-11-23"]) == 0
    assert main(["cards", str(path), "-o", str(cards)]) == 0
    text = " ".join(p.extract_text() for p in PdfReader(sheet).pages)
    army = load_army(path)
    for unit in army.units:
        assert unit.elements[0].name.split()[0] in text
    if out["total"] is None:
        assert "Force:" in text and get_system(system_id).presentation.figures_text(out["figures"]).split(";")[
            0
        ] in " ".join(text.split())
    assert len(PdfReader(cards).pages) >= 1


@pytest.mark.parametrize("system_id", list(EXAMPLES))
def test_round_trip(system_id):
    path = examples_dir() / f"{EXAMPLES[system_id]}.army.json"
    army = load_army(path)
    assert json.loads(dump_army(army)) == json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("system_id", list(EVERY_SYSTEM))
def test_dice_presets_parse(system_id):
    from warbench.model.dice import distribution

    presets = get_system(system_id).reference.dice_presets()
    assert presets
    for _label, expression, _target in presets:
        distribution(expression)
