"""Open with repairs: what the loader refuses is dropped or set to its default, every change listed."""

from __future__ import annotations

import json

import pytest

from tests.helpers import army_data, element
from warbench.model.fileio import ArmyFileError, parse_army, save_army
from warbench.model.limits import MAX_DEPTH, MAX_WHOLE
from warbench.model.repair import repair_army
from warbench.model.resources import examples_dir

HUMAN_FORCE = (examples_dir() / "human-force.army.json").read_text(encoding="utf-8")


def _human_force() -> dict:
    return json.loads(HUMAN_FORCE)


def _repaired(data: dict):
    text = json.dumps(data, indent=2)
    with pytest.raises(ArmyFileError):  # the loader refuses it
        parse_army(text)
    return repair_army(text)


def _by_path(repairs):
    return {r.path: r for r in repairs}


def test_an_intact_file_opens_without_repairs():
    army, repairs = repair_army(HUMAN_FORCE)
    assert repairs == []
    assert army == parse_army(HUMAN_FORCE)


def test_a_bad_weapon_die_drops_the_weapon_and_names_the_path():
    data = _human_force()
    data["units"][1]["elements"][0]["ranged"]["die"] = "d7"
    army, repairs = _repaired(data)
    (repair,) = repairs
    assert repair.path == "units[1].elements[0].ranged.die"
    assert repair.value == "'d7'"
    assert repair.change == "units[1].elements[0].ranged set to its default, null"
    assert "'d7' is not a die" in repair.reason
    assert repair.place == "Tactical Squad ▸ Tactical Troop"
    assert army.units[1].elements[0].ranged is None
    assert army.units[1].elements[0].name == "Tactical Troop"  # the element itself is kept
    assert [u.name for u in army.units] == [u["name"] for u in data["units"]]


def test_a_bad_element_die_drops_only_that_element():
    data = _human_force()
    data["units"][0]["elements"][1]["die"] = "d7"
    army, repairs = _repaired(data)
    assert [(r.path, r.change) for r in repairs] == [("units[0].elements[1].die", "units[0].elements[1] dropped")]
    assert [e.name for e in army.units[0].elements] == ["Assault Troop"]


def test_an_unknown_attribute_id_drops_that_attribute():
    data = _human_force()
    attributes = data["units"][0]["elements"][0]["attributes"]
    attributes.insert(0, {"id": "no-such-thing"})
    army, repairs = _repaired(data)
    (repair,) = repairs
    assert repair.path == "units[0].elements[0].attributes[0].id"
    assert repair.change == "units[0].elements[0].attributes[0] dropped"
    assert "'no-such-thing' is not an attribute" in repair.reason
    assert [a.id for a in army.units[0].elements[0].attributes] == [a["id"] for a in attributes[1:]]


def test_a_field_with_a_default_gets_it_and_the_line_says_which():
    data = _human_force()
    data["units"][0]["elements"][0]["count"] = 0
    data["options"]["ranged_base_dac"] = 3
    data["points_limit"] = -5
    army, repairs = _repaired(data)
    changes = {path: r.change for path, r in _by_path(repairs).items()}
    assert changes == {
        "units[0].elements[0].count": "set to its default, 1",
        "options.ranged_base_dac": "set to its default, 1",
        "points_limit": "set to its default, null",
    }
    assert army.units[0].elements[0].count == 1 and army.options.ranged_base_dac == 1 and army.points_limit is None


def test_paths_are_the_files_own_after_earlier_items_are_dropped():
    data = army_data(elements=[element(name="A", die="d7"), element(name="B"), element(name="C", die="d3")])
    data["units"][0]["elements"][1]["attributes"] = [{"id": "bogus"}, {"id": "brave"}, {"id": "worse"}]
    army, repairs = _repaired(data)
    assert sorted(r.path for r in repairs) == [
        "units[0].elements[0].die",
        "units[0].elements[1].attributes[0].id",
        "units[0].elements[1].attributes[2].id",
        "units[0].elements[2].die",
    ]
    assert [(e.name, [a.id for a in e.attributes]) for e in army.units[0].elements] == [("B", ["brave"])]


def test_a_unit_without_a_name_is_dropped_and_an_army_without_one_is_refused():
    data = _human_force()
    data["units"][2]["name"] = ""
    army, repairs = _repaired(data)
    assert [(r.path, r.change) for r in repairs] == [("units[2].name", "units[2] dropped")]
    assert len(army.units) == len(data["units"]) - 1
    data["name"] = ""
    with pytest.raises(ArmyFileError) as caught:
        repair_army(json.dumps(data))
    assert caught.value.problems[-1].startswith("cannot repair: name: must not be empty")


def test_a_bad_homebrew_entry_is_dropped_and_so_are_its_uses():
    data = army_data(elements=[element(attributes=["banner", "brave"])])
    data["homebrew"] = {"attributes": [{"id": "banner", "name": "Banner", "cost": {"kind": "squared"}}]}
    army, repairs = _repaired(data)
    assert [(r.path, r.change) for r in repairs] == [
        ("homebrew.attributes[0].cost", "homebrew.attributes[0] dropped"),
        ("units[0].elements[0].attributes[0].id", "units[0].elements[0].attributes[0] dropped"),
    ]
    assert [a.id for a in army.units[0].elements[0].attributes] == ["brave"]


def test_a_repaired_army_saves_and_reopens_equal(tmp_path):
    data = _human_force()
    data["units"][1]["elements"][0]["ranged"]["die"] = "d7"
    data["units"][0]["elements"][0]["attributes"].append({"id": "nope"})
    army, repairs = _repaired(data)
    assert len(repairs) == 2
    path = tmp_path / "repaired.army.json"
    save_army(army, path)
    assert parse_army(path.read_bytes()) == army
    assert repair_army(path.read_bytes()) == (army, [])


def _unit_ends(text: str) -> list[int]:
    """Offsets just after each unit object of the example file (its units are at indent 4)."""
    ends, at = [], text.index('"units"')
    while (at := text.find("\n    }", at + 1)) != -1:
        ends.append(at + len("\n    }"))
    return ends


@pytest.mark.parametrize("fraction", [0.3, 0.45, 0.6, 0.75, 0.9, 0.99])
def test_a_truncated_file_keeps_every_complete_unit_before_the_cut(fraction):
    cut = int(len(HUMAN_FORCE) * fraction)
    text = HUMAN_FORCE[:cut]
    with pytest.raises(ArmyFileError):
        parse_army(text)
    army, repairs = repair_army(text)
    whole = parse_army(HUMAN_FORCE)
    complete = sum(end <= cut for end in _unit_ends(HUMAN_FORCE))
    assert army.units == whole.units[:complete]
    assert army.name == whole.name and army.options == whole.options
    (repair,) = repairs
    assert repair.reason.startswith("not valid JSON: ")
    if complete < len(whole.units):
        assert repair.path == f"units[{complete}]"
        assert repair.change.startswith("dropped, with the rest of the file")
        assert f"(unit '{whole.units[complete].name}')" in repair.value


def test_text_after_the_army_is_dropped_and_listed():
    army, repairs = repair_army(HUMAN_FORCE + '{"name": "more"}')
    assert army == parse_army(HUMAN_FORCE)
    assert [(r.path, r.change) for r in repairs] == [("(after the army)", "dropped, with the rest of the file")]


def test_a_truncated_file_that_is_then_invalid_lists_both():
    data = _human_force()
    data["units"][0]["elements"][0]["die"] = "d7"
    text = json.dumps(data, indent=2)
    army, repairs = repair_army(text[: text.index('"Tactical Squad"')])
    assert [r.path for r in repairs] == ["units[1]", "units[0].elements[0].die"]
    assert [[e.name for e in u.elements] for u in army.units] == [["Sergeant"]]


@pytest.mark.parametrize(
    "text",
    [
        "[" * (MAX_DEPTH + 10),  # truncated and deeply nested
        json.dumps(army_data(elements=[element(count=MAX_WHOLE + 1)])),
        json.dumps(army_data(elements=[element(count=MAX_WHOLE + 1)]))[:-2],
        '{"format": "warbench-army", "schema_version": 1, "system": "fow-special-ops", "name": "x", "units": ['
        + '{"name": "u", "notes": '
        + "[" * (MAX_DEPTH + 5)
        + "]" * (MAX_DEPTH + 5)
        + "}",
        '{"format": "warbench-army", "schema_version": 1, "system": "fow-special-ops", "name": "x", "deep": '
        + "[" * 100_000,
        json.dumps(army_data(system="no-such-system")),
        json.dumps({"format": "something-else", "units": []}),
        "not json at all",
        "",
    ],
    ids=[
        "brackets",
        "huge-number",
        "huge-number-truncated",
        "deep-unit",
        "deep-tail",
        "system",
        "format",
        "text",
        "empty",
    ],
)
def test_what_the_loader_refuses_for_safety_is_still_refused(text):
    with pytest.raises(ArmyFileError) as loader:
        parse_army(text)
    with pytest.raises(ArmyFileError) as repair:
        repair_army(text)
    assert repair.value.problems[: len(loader.value.problems)] == loader.value.problems


def test_repair_lines_are_one_safe_line():
    data = _human_force()
    data["units"][0]["name"] = ""
    data["units"][1]["elements"][0]["die"] = "\x1b[31m" + "x" * 500
    _army, repairs = _repaired(data)
    for repair in repairs:
        line = repair.line()
        assert "\x1b" not in line and "\n" not in line and len(line) <= 301


def test_the_callers_refusal_is_used_rather_than_reading_again():
    given = ArmyFileError(["the loader's words"], "a.army.json")
    with pytest.raises(ArmyFileError) as caught:
        repair_army("[[[", "a.army.json", given)
    assert caught.value.problems == [
        "the loader's words",
        "cannot repair: the file does not begin as an army file (a JSON object)",
    ]
    with pytest.raises(ArmyFileError) as limit:
        repair_army("[" * 1000, "a.army.json", given)
    assert limit.value is given


def test_a_bad_list_item_is_dropped_itself_and_the_line_says_only_dropped():
    data = _human_force()
    spells = data["units"][0]["elements"][0]["spells"] = ["no-such-spell"]
    army, repairs = _repaired(data)
    assert [(r.path, r.value, r.change) for r in repairs] == [
        ("units[0].elements[0].spells[0]", repr(spells[0]), "dropped")
    ]
    assert army.units[0].elements[0].spells == []
