"""warbench.model.edits: every army edit is a plain function army -> army, checked here without Qt."""

from __future__ import annotations

import pytest

from tests.helpers import army_data, element
from warbench.model import edits
from warbench.model.edits import EditRefused
from warbench.model.fileio import army_from_data, dump_army
from warbench.model.homebrew import homebrew_of


def army_of(*units: list[str]):
    """An army whose units hold elements with the given names (unit i is named U<i>)."""
    data = army_data(elements=[])
    data["units"] = [
        {"name": f"U{i}", "notes": "", "elements": [element(name=n) for n in names]} for i, names in enumerate(units)
    ]
    return army_from_data(data)


def names(army) -> list[list[str]]:
    return [[e.name for e in u.elements] for u in army.units]


def test_edits_return_a_new_army_and_leave_the_old_one_alone():
    army = army_of(["a", "b"])
    before = dump_army(army)
    after = edits.set_element_field(army, 0, 1, ("name",), "bee")
    assert names(after) == [["a", "bee"]] and names(army) == [["a", "b"]]
    assert dump_army(army) == before
    # untouched parts are the same validated objects (an edit re-checks only what it changed)
    assert after.units[0].elements[0] is army.units[0].elements[0]


def test_setting_a_field_to_its_value_is_the_same_army():
    army = army_of(["a"])
    assert edits.set_element_field(army, 0, 0, ("name",), "a") is army


def test_a_refused_edit_names_the_field_and_changes_nothing():
    army = army_of(["a"])
    with pytest.raises(EditRefused) as refused:
        edits.set_element_field(army, 0, 0, ("die",), "d7")
    assert refused.value.problems and refused.value.problems[0].startswith("units[0].elements[0].die")
    with pytest.raises(EditRefused, match="name"):
        edits.set_unit_fields(army, 0, name="")
    assert names(army) == [["a"]]


def test_unit_name_and_notes():
    army = edits.set_unit_fields(army_of(["a"]), 0, name="Scouts", notes="left flank\nhold the ford")
    assert army.units[0].name == "Scouts" and army.units[0].notes == "left flank\nhold the ford"


def test_add_duplicate_and_delete():
    army = army_of(["a"], ["b"])
    army = edits.add_unit(army, "New")
    assert [u.name for u in army.units] == ["U0", "U1", "New"] and names(army)[2] == ["New element"]
    army = edits.add_element(army, 0, "c")
    assert names(army)[0] == ["a", "c"]
    army = edits.duplicate_element(army, 0, 0)
    assert names(army)[0] == ["a", "a (copy)", "c"]
    army = edits.duplicate_unit(army, 1)
    assert [u.name for u in army.units] == ["U0", "U1", "U1 (copy)", "New"]
    army = edits.delete_units(army, [1, 3])
    assert [u.name for u in army.units] == ["U0", "U1 (copy)"]
    army = edits.delete_element(army, 0, 1)
    assert names(army) == [["a", "c"], ["b"]]


def test_insert_units_and_elements_at_a_position():
    army = army_of(["a", "b"], ["c"])
    army = edits.insert_elements(army, 0, [element(name="x"), element(name="y")], at=1)
    assert names(army)[0] == ["a", "x", "y", "b"]
    army = edits.insert_units(army, [{"name": "Z", "elements": [element(name="z")]}], at=0)
    assert [u.name for u in army.units] == ["Z", "U0", "U1"]
    with pytest.raises(EditRefused, match=r"units\[1\]\.elements\[0\]\.die"):
        edits.insert_elements(army, 1, [element(name="bad", die="d7")], at=0)


def test_moves_report_where_the_item_landed():
    army = army_of(["a", "b", "c"], ["d"])
    moved, landed = edits.move_element_to(army, 0, 0, 0, 2)
    assert names(moved)[0] == ["b", "c", "a"] and landed == 2
    moved, landed = edits.move_element_to(army, 0, 1, 1, 0)
    assert names(moved) == [["a", "c"], ["b", "d"]] and landed == 0
    moved, landed = edits.move_element_to(army, 0, 1, 1, 99)  # past the end: last
    assert names(moved)[1] == ["d", "b"] and landed == 1
    assert edits.move_element_to(army, 0, 1, 0, 1) == (army, 1)  # onto itself: nothing changes
    moved, landed = edits.move_unit_to(army, 0, 1)
    assert [u.name for u in moved.units] == ["U1", "U0"] and landed == 1


def test_a_unit_left_without_elements_is_still_valid():
    army, _ = edits.move_element_to(army_of(["a"], []), 0, 0, 1, 0)
    assert names(army) == [[], ["a"]]


def test_options_and_envelope():
    army = army_of(["a"])
    assert edits.set_army_fields(army, name="Iron Legion", points_limit=500).points_limit == 500
    with pytest.raises(EditRefused):
        edits.set_army_fields(army, points_limit=-1)


ROCKETS = {"attributes": [{"id": "rocket-pod", "name": "Rocket Pod", "cost": {"kind": "flat", "points": 6}}]}


def test_insert_with_homebrew_brings_the_entries_and_refuses_a_clash():
    army = army_of(["a"])
    pasted = [element(name="r", attributes=["rocket-pod"])]
    with pytest.raises(EditRefused):  # without its homebrew entry the element is not valid here
        edits.insert_elements(army, 0, pasted)
    army = edits.insert_with_homebrew(army, ROCKETS, elements=pasted, element_at=(0, 0))
    assert names(army) == [["r", "a"]] and army.homebrew == ROCKETS
    clash = {"attributes": [{"id": "rocket-pod", "name": "Rockets", "cost": {"kind": "flat", "points": 2}}]}
    with pytest.raises(EditRefused, match="rocket-pod"):
        edits.insert_with_homebrew(army, clash, units=[{"name": "X", "elements": []}])


def test_a_used_homebrew_entry_keeps_its_id_and_cannot_be_deleted():
    army = army_of(["a"])
    army = edits.insert_with_homebrew(
        army, ROCKETS, elements=[element(name="r", attributes=["rocket-pod"])], element_at=(0, None)
    )
    with pytest.raises(EditRefused, match="Rocket Pod is used by U0 / r"):
        edits.delete_homebrew(army, "attribute", "rocket-pod")
    with pytest.raises(EditRefused, match="its id cannot change"):
        edits.put_homebrew(army, "attribute", dict(ROCKETS["attributes"][0], id="rockets"), "rocket-pod")
    cheaper = dict(ROCKETS["attributes"][0], cost={"kind": "flat", "points": 3})
    army = edits.put_homebrew(army, "attribute", cheaper, "rocket-pod")
    assert homebrew_of(army)["attributes"] == [cheaper]
    army = edits.delete_homebrew(edits.delete_element(army, 0, 1), "attribute", "rocket-pod")
    assert not (homebrew_of(army) or {}).get("attributes")
