"""Problems named by what the player sees ("Tactical Squad ▸ Sergeant: die 'd7' is not a die"), beside the
JSON path, in file-load errors, the CLI and refused edits."""

from __future__ import annotations

import json

import pytest

from warbench.cli import main
from warbench.model.edits import EditRefused, set_element_field
from warbench.model.fileio import ArmyFileError, load_army, parse_army
from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"


def _human_with(change) -> str:
    data = json.loads(HUMAN.read_text(encoding="utf-8"))
    change(data)
    return json.dumps(data)


def _where(data, unit: str, element: str) -> tuple[int, int]:
    ui = next(i for i, u in enumerate(data["units"]) if u["name"] == unit)
    ei = next(i for i, e in enumerate(data["units"][ui]["elements"]) if e["name"] == element)
    return ui, ei


def test_a_bad_die_is_named_by_unit_and_element_beside_its_path():
    data = json.loads(HUMAN.read_text(encoding="utf-8"))
    ui, ei = _where(data, "Tactical Squad", "Sergeant")
    data["units"][ui]["elements"][ei]["die"] = "d7"
    with pytest.raises(ArmyFileError) as exc:
        parse_army(json.dumps(data))
    path = f"units[{ui}].elements[{ei}].die"
    assert exc.value.shown == [
        f"Tactical Squad ▸ Sergeant: die 'd7' is not a die (use one of d4, d6, d8, d10, d12, d20) — at {path}"
    ]
    assert exc.value.problems == [f"{path}: 'd7' is not a die (use one of d4, d6, d8, d10, d12, d20)"]  # unchanged


def test_names_fall_back_to_positions_and_stay_short():
    def change(data):
        data["units"][1]["name"] = "   "
        data["units"][1]["elements"][0]["count"] = 0
        data["units"][2]["name"] = "X" * 500
        data["units"][2]["elements"][0]["die"] = "d9"

    with pytest.raises(ArmyFileError) as exc:
        parse_army(_human_with(change))
    first, second = sorted(exc.value.shown, key=len)
    assert first.startswith("unit 2 ▸ ") and first.endswith("— at units[1].elements[0].count")
    assert second.startswith("X" * 39 + "… ▸ ") and len(second) < 200


def test_top_level_problems_keep_their_path():
    with pytest.raises(ArmyFileError) as exc:
        parse_army(_human_with(lambda d: d.update(points_limit="lots")))
    assert exc.value.shown == exc.value.problems and exc.value.shown[0].startswith("points_limit:")


def test_the_cli_names_the_element(tmp_path, capsys):
    data = json.loads(HUMAN.read_text(encoding="utf-8"))
    ui, ei = _where(data, "Tactical Squad", "Sergeant")
    data["units"][ui]["elements"][ei]["die"] = "d7"
    path = tmp_path / "bad.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["cost", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: Tactical Squad ▸ Sergeant: die 'd7' is not a die" in err
    assert f"— at units[{ui}].elements[{ei}].die" in err


def test_a_refused_edit_names_the_element():
    army = load_army(HUMAN)
    ui = next(i for i, u in enumerate(army.units) if u.name == "Tactical Squad")
    ei = next(i for i, e in enumerate(army.units[ui].elements) if e.name == "Sergeant")
    with pytest.raises(EditRefused) as exc:
        set_element_field(army, ui, ei, ("die",), "d7")
    assert exc.value.shown[0].startswith("Tactical Squad ▸ Sergeant: die 'd7' is not a die")
    assert exc.value.shown[0].endswith(f"— at units[{ui}].elements[{ei}].die")


def _homebrew_attribute(**fields) -> dict:
    return {
        "id": "storm-shield",
        "name": "Storm Shield",
        "summary": "A shield",
        "cost": {"kind": "flat", "points": 3},
    } | fields


def test_homebrew_problems_are_named_by_the_entry_beside_their_path():
    def change(data):
        data["homebrew"] = {
            "attributes": [
                _homebrew_attribute(cost={"kind": "dac", "dac": 1, "per_inches": -1}),
                _homebrew_attribute(id="nameless", name="", cost=None),
            ]
        }

    with pytest.raises(ArmyFileError) as exc:
        parse_army(_human_with(change))
    assert exc.value.shown[0] == (
        "Homebrew attribute “Storm Shield”: cost.per_inches must be at least 1 (found -1)"
        " — at homebrew.attributes[0].cost.per_inches"
    )
    assert exc.value.shown[1] == "Homebrew attribute 2: name must not be empty — at homebrew.attributes[1].name"
    assert exc.value.problems[0].startswith("homebrew.attributes[0].cost.per_inches: ")  # unchanged


def test_a_homebrew_entry_shadowing_a_built_in_is_named():
    with pytest.raises(ArmyFileError) as exc:
        parse_army(_human_with(lambda d: d.update(homebrew={"attributes": [_homebrew_attribute(id="agile")]})))
    (shown,) = exc.value.shown
    assert shown.startswith("Homebrew attribute “Storm Shield”: id 'agile' shadows the built-in attribute Agile")
    assert shown.endswith("— at homebrew.attributes[0].id")


def test_limit_problems_are_named_by_unit_and_element():
    def change(data):
        data["units"][1]["elements"][0]["name"] = "y" * 200_000
        data["units"][2]["notes"] = "z" * 200_000

    data = json.loads(_human_with(lambda d: None))
    unit1, unit2 = data["units"][1]["name"], data["units"][2]["name"]
    with pytest.raises(ArmyFileError) as exc:
        parse_army(_human_with(change))
    shown = sorted(exc.value.shown)
    assert shown == sorted(
        [
            f"{unit1} ▸ {'y' * 39}…: name text of 200,000 characters; the limit is 100,000"
            " — at units[1].elements[0].name",
            f"{unit2}: notes text of 200,000 characters; the limit is 100,000 — at units[2].notes",
        ]
    )


def test_a_library_design_names_what_does_not_fit(tmp_path):
    from warbench.model.library import Design, design_for_army

    army = load_army(HUMAN)
    unit = army.units[0].model_dump(mode="json")
    unit["elements"][0]["die"] = "d7"
    design = Design(tmp_path / "d.json", army.system, "unit", "Drop Team", unit, {})
    with pytest.raises(ArmyFileError) as exc:
        design_for_army(design, army)
    element = unit["elements"][0]["name"]
    assert exc.value.shown[0].startswith(f"Drop Team ▸ {element}: die 'd7' is not a die")
    assert exc.value.shown[0].endswith("— at elements[0].die")
