"""The tracker on paper (``model/pdf/tracker.py``, ``warbench tracker``): every example renders; the boxes each
element gets are the system's declaration and agree with the game's starting state; names print as written."""

from __future__ import annotations

import io
import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from pypdf import PdfReader

from benchmarks._armies import big_army
from warbench.cli import main
from warbench.model.fileio import army_from_data, load_army
from warbench.model.game import new_game
from warbench.model.pdf.boxes import MAX_BOXES, ROUNDS
from warbench.model.pdf.sheet import SheetOptions
from warbench.model.pdf.tracker import build_tracker
from warbench.model.resources import examples_dir
from warbench.model.systems import system_for

EXAMPLES = sorted(examples_dir().glob("*.army.json"))
HOSTILE = "<b>x</b>&"


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def squashed(text: str) -> str:
    return "".join(text.split())


def example_data(name: str) -> dict:
    return json.loads((examples_dir() / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_renders_with_every_name_and_morale_line(path: Path):
    army = load_army(path)
    system = system_for(army)
    data = build_tracker(army)
    text = squashed(pdf_text(data))
    assert squashed(f"{army.name} — tracker") in text
    for unit in army.units:
        assert squashed(unit.name) in text
        assert squashed(system.play.play_unit_morale(unit)) in text
        for element in unit.elements:
            assert squashed(element.name) in text
    assert squashed(system.play.play_side_morale(army)) in text
    assert 1 <= len(PdfReader(io.BytesIO(data)).pages) <= 3


def test_each_system_gives_its_own_boxes_and_morale_lines():
    labels = {}
    morale = {}
    for path in EXAMPLES:
        army = load_army(path)
        system = system_for(army)
        labels.setdefault(system.id, set()).update(
            b.label.split()[0] for unit in army.units for e in unit.elements for b in system.play.play_boxes(e)
        )
        morale.setdefault(system.id, set()).update(
            filter(None, [system.play.play_side_morale(army), *map(system.play.play_unit_morale, army.units)])
        )
    assert {"Figures", "Die", "Prone", "Snared"} <= labels["fow-special-ops"]
    assert {"Figures", "Suppressed"} <= labels["fubar"]
    assert {"Models", "Body", "Stunned"} <= labels["duke-it-out"]
    assert "Figures" in labels["2d6-skirmish"]
    assert any("routs after losing" in line for line in morale["2d6-skirmish"])
    assert any("Withdraws" in line for line in morale["fubar"])
    assert any("Morale test" in line for line in morale["fow-universal-1.7"])
    assert not morale.get("duke-it-out")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_the_boxes_are_the_games_starting_state(path: Path):
    """Every box row counts a field of the state ``warbench game new`` starts the element with: a count
    starts full (as many boxes as the state holds), a yes/no is one box, a count that fills up (suppressed,
    weapons lost) has room; the first row is the figures."""
    army = load_army(path)
    system = system_for(army)
    game = new_game(army)
    for u, unit in enumerate(army.units):
        for e, element in enumerate(unit.elements):
            state = game.file.sides[0].state[u][e]
            boxes = system.play.play_boxes(element)
            assert boxes[0].field == "figures" and boxes[0].count == state["figures"]
            for row in boxes:
                start = state[row.field]
                if isinstance(start, bool):
                    assert row.count == 1 and start is False, row
                elif isinstance(start, int) and start:
                    assert row.count == start, row
                elif row.field == "die":
                    assert row.label.split()[1] == start, row
                else:
                    assert not start and row.count >= 1, row


def _rolled(damage: int) -> SimpleNamespace:
    return SimpleNamespace(damage=damage, effects={}, left_over=0, trials=[])


def hits_to_take_a_figure(army) -> int:
    """Checks that the per-figure boxes (HP, die steps, Body) are the hits that take one figure, as the game
    applies them; the number of rows checked."""
    system = system_for(army)
    result = SimpleNamespace(attack="ranged", hits_per_damage=1)
    checked = 0
    for element in (e for unit in army.units for e in unit.elements):
        for row in system.play.play_boxes(element):
            if not (row.per_figure and row.field in ("hit_points", "die", "body")):
                continue
            state = system.play.play_state(element)
            hits = 0
            while state["figures"] == element.count:
                state = system.turn.play_attacked(element, state, result, _rolled(1), 1)
                hits += 1
            assert hits == row.count, (element.name, row)
            checked += 1
    return checked


@pytest.mark.parametrize(
    "name", ["orc-and-ghoblin-force.army.json", "demonic-force.army.json", "duke-it-out-brick-brigade.army.json"]
)
def test_a_figure_goes_after_as_many_hits_as_its_boxes(name: str):
    assert hits_to_take_a_figure(load_army(examples_dir() / name))


def test_hit_points_give_each_figure_its_boxes():
    data = example_data("human-force.army.json")
    element = data["units"][0]["elements"][0]
    element["attributes"].append({"id": "hit-points", "count": 2})
    army = army_from_data(data)
    system = system_for(army)
    (row,) = [b for b in system.play.play_boxes(army.units[0].elements[0]) if b.label == "HP"]
    assert (row.count, row.per_figure) == (3, True)
    assert hits_to_take_a_figure(army) == 1  # the one HP row: 3 failed Recovery rolls take a figure
    assert "HP" in pdf_text(build_tracker(army))


def test_suppression_boxes_are_what_fire_can_suppress():
    army = load_army(examples_dir() / "fubar-rifle-platoon.army.json")
    system = system_for(army)
    result = SimpleNamespace(attack="ranged", hits_per_damage=1)
    infantry = [e for u in army.units for e in u.elements if e.kind == "infantry"]
    assert infantry
    for element in infantry:
        (row,) = [b for b in system.play.play_boxes(element) if b.field == "suppressed"]
        state = system.turn.play_attacked(element, system.play.play_state(element), result, _rolled(row.count), 1)
        assert state["suppressed"] == row.count and state["figures"] == element.figures
        state = system.turn.play_attacked(element, state, result, _rolled(1), 1)  # no room left: a casualty
        assert state["suppressed"] == min(row.count, element.figures - 1) and state["figures"] == element.figures - 1


def test_force_morale_reads_the_game_side():
    army = load_army(examples_dir() / "2d6-dust-raiders.army.json")
    side = new_game(army).state_json()["sides"][0]["figures"]
    line = system_for(army).play.play_side_morale(army)
    assert f"losing {side['routs_after_losing']} of its {side['units']} units" in line


def test_a_hostile_name_prints_literally():
    data = example_data("duke-it-out-brick-brigade.army.json")
    data["name"] = HOSTILE + " army"
    data["units"][0]["name"] = HOSTILE + " unit"
    data["units"][0]["elements"][0]["name"] = HOSTILE
    text = pdf_text(build_tracker(army_from_data(data)))
    assert text.count(HOSTILE) >= 4  # title, footer, unit, element


def test_long_names_and_huge_counts_stay_on_the_page():
    data = example_data("fubar-rifle-platoon.army.json")
    data["name"] = "Army " * 20_000
    data["units"][0]["name"] = "Very long unit name " * 400
    data["units"][0]["elements"][0]["name"] = "Longname" * 3000
    data["units"][0]["elements"][0]["figures"] = 200
    data["units"][1]["elements"][0]["name"] = "Wrap me " * 30
    pdf = build_tracker(army_from_data(data), SheetOptions(paper="letter", landscape=True))
    reader = PdfReader(io.BytesIO(pdf))
    assert float(reader.pages[0].mediabox.width) == 792
    assert len(reader.pages) <= 4
    assert "cut:" in pdf_text(pdf)


def test_a_count_beyond_the_drawn_boxes_is_said_in_words():
    data = example_data("human-force.army.json")
    data["units"][0]["elements"][0]["count"] = 999_999
    text = pdf_text(build_tracker(army_from_data(data)))
    assert f"+{999_999 - MAX_BOXES:,} more" in text


def test_every_element_has_a_box_per_round():
    army = load_army(examples_dir() / "human-force.army.json")
    text = pdf_text(build_tracker(army))
    assert " ".join(str(n) for n in range(1, ROUNDS + 1)) in " ".join(text.split())


def test_a_200_unit_army_takes_a_sane_number_of_pages():
    army = big_army(200)
    pages = len(PdfReader(io.BytesIO(build_tracker(army))).pages)
    elements = sum(len(unit.elements) for unit in army.units)
    assert elements / 20 <= pages <= elements / 4


def test_cli_tracker_writes_the_pdf_and_exits_as_the_other_pdf_commands(tmp_path, capsys):
    army = examples_dir() / "fubar-rifle-platoon.army.json"
    out = tmp_path / "t.pdf"
    out.write_bytes(b"old")
    assert main(["tracker", str(army), "-o", str(out), "--paper", "letter"]) == 0
    assert float(PdfReader(out).pages[0].mediabox.width) == 612
    assert "wrote" in capsys.readouterr().out
    assert main(["tracker", str(tmp_path / "missing.army.json"), "-o", str(tmp_path / "m.pdf")]) == 2
    bad = tmp_path / "bad.army.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["tracker", str(bad), "-o", str(tmp_path / "b.pdf")]) == 2
    assert main(["tracker", str(army), "-o", str(tmp_path / "no-such-dir" / "t.pdf")]) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.army.json", "t.pdf"]
    with pytest.raises(SystemExit) as exc:
        main(["tracker", str(army)])
    assert exc.value.code == 2


def test_cli_sheet_tick_boxes(tmp_path):
    army = examples_dir() / "duke-it-out-brick-brigade.army.json"
    out = tmp_path / "s.pdf"
    assert main(["sheet", str(army), "-o", str(out), "--tick-boxes"]) == 0
    text = pdf_text(out.read_bytes())
    assert text.count("Activated") == sum(len(u.elements) for u in load_army(army).units)
    assert "Body" in text and "Stunned" in text


def test_the_unit_morale_lines_count_as_the_rules_say():
    """Flat Out War: a Morale test at each 25% of the unit's starting figures lost; FUBAR: a unit that has lost
    over half its figures withdraws on a failed activation."""
    orcs = load_army(examples_dir() / "orc-and-ghoblin-force.army.json")
    mob = next(unit for unit in orcs.units if unit.name == "Ghoblin Mob")  # 19 Ghoblins and a Hero
    assert system_for(orcs).play.play_unit_morale(mob).endswith("after losing 5, 10, 15 of 20 figures")
    platoon = load_army(examples_dir() / "fubar-rifle-platoon.army.json")
    section = platoon.units[0]  # 8 figures: 5 lost is over half, 3 left
    assert "at 3 of 8 figures or fewer" in system_for(platoon).play.play_unit_morale(section)
    lone = load_army(examples_dir() / "duke-it-out-brick-brigade.army.json")
    assert not any(system_for(lone).play.play_unit_morale(unit) for unit in lone.units)


def test_an_element_with_every_count_at_its_most_still_prints_on_any_paper():
    """999 figures, 401 ranged weapons to lose and 100 Hit Points each, under a 5,000-letter name: each row is
    bounded, so the element's row still fits a page of the tracker and of the sheet, and its card."""
    from warbench.model.pdf.cards import build_cards
    from warbench.model.pdf.sheet import build_sheet

    data = example_data("human-force.army.json")
    element = data["units"][0]["elements"][0]
    element.update(count=999, name="W" * 5000, ranged={"name": "Gun", "die": "d6", "range": 12})
    element["attributes"] += [{"id": "hit-points", "count": 99}]
    element["attributes"] += [{"id": "extra-weapon", "die": "d6", "name": f"g{i}", "range": 12} for i in range(400)]
    army = army_from_data(data)
    assert [b.count for b in system_for(army).play.play_boxes(army.units[0].elements[0])][:3] == [999, 401, 100]
    for paper, landscape in (("a4", False), ("letter", True)):
        opts = SheetOptions(paper=paper, landscape=landscape, tick_boxes=True)
        assert "more" in pdf_text(build_tracker(army, opts))
        assert "Activated" in pdf_text(build_sheet(army, opts))
    assert build_cards(army, tick_boxes=True).startswith(b"%PDF")


def test_the_tracker_carries_each_units_table_rolls_with_their_odds():
    # the rolls the game offers at the table, with the same exact odds: 2D6 and FUBAR activation, Flat Out War
    # Morale at each 25% lost
    for name, unit, line in (
        ("2d6-dust-raiders", 0, "activation: 2d6 needs 5+ — passed 5/6, failed 5/36, snake eyes 1/36"),
        ("fubar-rifle-platoon", 1, "activation: d6 needs 3+ — passed 2/3, failed 1/3"),
        ("human-force", 0, "Morale holds: 3 lost 1/2, 5 lost 1/3, 8 lost 1/6"),
    ):
        army = load_army(examples_dir() / f"{name}.army.json")
        system = system_for(army)
        assert system.play.play_tracker_rolls(army.units[unit]) == line
        assert squashed(line) in squashed(pdf_text(build_tracker(army)))
