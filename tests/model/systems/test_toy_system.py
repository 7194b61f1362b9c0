"""A toy sixth system, defined only in tests/toy_system (a data folder and a module), driven through
the command line, the army sheet and the cards: the proof that a system needs no other file."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from warbench.cli import main
from warbench.model.fileio import load_army
from warbench.model.systems import get_system, system_ids

TOY_FOLDER = Path(__file__).resolve().parents[2] / "toy_system"


@pytest.fixture
def army_file(toy_system):
    return TOY_FOLDER / "tin-column.army.json"


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def test_the_toy_is_found_on_the_system_path_only(toy_system):
    assert system_ids()[-1] == toy_system  # "order": 6, after the five of resources/
    system = get_system(toy_system)
    # its module is the file beside its data, not one of model/systems
    assert type(system).__module__ == "warbench_system_toy_tanks" and system.presentation.currency == "bolts"


def test_the_toy_is_not_there_without_the_system_path():
    assert "toy-tanks" not in system_ids()


def test_warbench_systems_lists_the_toy(toy_system, capsys):
    assert main(["systems"]) == 0
    out = capsys.readouterr().out
    assert "toy-tanks" in out and "Toy Tanks" in out


def test_warbench_cost_prices_the_toy(army_file, capsys):
    assert main(["cost", str(army_file)]) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if line.startswith("Name/Type"))
    assert header.split() == ["Name/Type", "Hull", "Guns", "Kit", "Cost", "Qty", "Total"]
    # heavy hull 18 + 2 guns at 4 + smoke launcher 3 = 29, two of them; light hull 10 + spare track 1
    assert "Bruiser    Heavy hull  2     Smoke Launcher    29    2     58" in out
    assert "Scout      Light hull  0     Spare Track       11    1     11" in out
    assert "Total: 69 / 100 bolts (31 bolts to spare)" in out
    assert "a tank without guns can only get in the way" in out
    assert main(["cost", str(army_file), "--json"]) == 0
    cost = json.loads(capsys.readouterr().out)
    assert cost["total"] == 69 and cost["units"][0]["cost"] == 69


def test_warbench_sheet_prints_the_toy(army_file, tmp_path, capsys):
    out = tmp_path / "tin-sheet.pdf"
    assert main(["sheet", str(army_file), "-o", str(out), "--date", "2026-11-23"]) == 0
    text = pdf_text(out)
    for expected in ("Tin Column", "Toy Tanks", "Hull", "Guns", "Kit", "Heavy hull", "Smoke Launcher"):
        assert expected in text, expected
    assert re.search(r"First Troop\n\s*69\n", text)  # the unit's subtotal on its heading row
    assert "Army total" in text and "69 / 100 bolts" in text
    # the glossary explains the kit the army uses, in the toy's own words
    assert "enemy shots at it need one more" in text and "keeps moving instead" in text


def test_warbench_cards_print_the_toy(army_file, tmp_path):
    out = tmp_path / "tin-cards.pdf"
    assert main(["cards", str(army_file), "-o", str(out)]) == 0
    text = pdf_text(out)
    assert "Bruiser" in text and "Scout" in text and "Move" in text and '8"' in text
    assert "enemy shots at it need one more" in text


def test_the_toy_round_trips_and_its_schema_prints(army_file, capsys):
    army = load_army(army_file)
    assert army.units[0].elements[0].kit == ["smoke-launcher"]
    assert main(["schema", "--system", "toy-tanks"]) == 0
    assert "ToyTankElement" in capsys.readouterr().out


def test_the_warbench_command_finds_the_toy_in_a_fresh_process(army_file, tmp_path):
    env = dict(os.environ, WARBENCH_SYSTEM_PATH=str(TOY_FOLDER))
    done = subprocess.run(
        [sys.executable, "-m", "warbench", "cost", str(army_file)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,  # nothing of the test tree on the import path: the module comes from the data folder
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Total: 69 / 100 bolts" in done.stdout


def test_the_toy_spells_show_the_stats_its_spell_model_declares(army_file):
    """Search and cards show what the toy's own spell model (crew drills: fuel and reach) words, not the
    fields of another system's spells."""
    from warbench.model.pdf.cards import deck
    from warbench.model.search import reference_entries

    system = get_system("toy-tanks")
    assert {s.id: s.stats for s in system.catalogue.spells.values()} == {
        "smoke-drill": ("2", '6"'),
        "tow-drill": ("1", "touch"),
    }
    details = {e.name: e.detail for e in reference_entries(system) if e.kind == "spell"}
    assert details == {"Smoke Drill": "fuel 2", "Tow Drill": "fuel 1"}
    cards = {c.title: c for c in deck(load_army(army_file), everything=True) if c.kind == "spell"}
    assert cards["Smoke Drill"].subtitle == "Spell · fuel 2"
    assert cards["Tow Drill"].table == (("Reach",), [("touch",)])


def test_the_toy_is_a_core_and_its_own_facets(army_file, capsys):
    """The toy brings its presentation and reference facets from its own module and has no attack model nor
    homebrew facet; the capability is the facet's presence: the odds give no pairs, a section stays untouched."""
    system = get_system("toy-tanks")
    for facet in (system.presentation, system.reference):
        assert type(facet).__module__ == type(system).__module__ and facet.system is system
    assert system.combat is None and system.homebrew is None
    assert system.with_homebrew({"attributes": [{"id": "x", "name": "X"}]}) is system
    assert main(["matchup", str(army_file), "--json"]) == 0
    odds = json.loads(capsys.readouterr().out)
    assert odds["pairs"] == [] and odds["matrix"]["expected_damage"] == [["0"]]
    assert main(["matchup", str(army_file), "--situation", "flank"]) == 2
    assert "'flank': not a situation of this system (known: none)" in capsys.readouterr().err
    assert main(["text", str(army_file)]) == 0
    text = capsys.readouterr().out
    assert '2× Bruiser: Hull Heavy hull, Move 5", Guns 2 — 29' in text  # the toy's card stats, its price
