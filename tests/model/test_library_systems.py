"""The personal library keeps the homebrew entries of every system (Duke It Out templates and weapons,
FUBAR and 2D6 weapons), and designs carry the entries they use."""

from __future__ import annotations

import copy

import pytest

from tests.model.test_homebrew_systems import DUKE_HOMEBREW, FUBAR_HOMEBREW, _duke, _fubar, _skirmish
from warbench.model.fileio import ArmyFileError, army_from_data
from warbench.model.homebrew import HomebrewError
from warbench.model.library import Library, design_cost, design_for_army, merge_sections, used_homebrew
from warbench.model.systems import get_system, system_for


@pytest.mark.parametrize("make", [_duke, _fubar, _skirmish], ids=["duke", "fubar", "2d6"])
def test_library_keeps_each_systems_homebrew(tmp_path, make):
    lib = Library(tmp_path)
    army = army_from_data(make())
    section = army.model_extra["homebrew"]
    system = system_for(army)
    assert lib.new_homebrew(army.system, section) == section  # nothing in the library yet
    names = lib.add_homebrew(system, section)
    assert names == [e["name"] for key in section for e in section[key]]
    assert lib.homebrew(army.system) == section
    assert lib.new_homebrew(army.system, section) == {}  # asked once: now the library has them
    # the next army of that system gets them from the library, and they validate there
    system.root.homebrew.homebrew_entries(lib.homebrew(army.system))


def test_library_replaces_an_entry_by_id_and_refuses_a_bad_one(tmp_path):
    lib = Library(tmp_path)
    fubar = get_system("fubar")
    lib.add_homebrew(fubar, FUBAR_HOMEBREW)
    better = dict(FUBAR_HOMEBREW["weapons"][0], fp=3)
    assert lib.new_homebrew("fubar", {"weapons": [better]}) == {"weapons": [better]}
    lib.add_homebrew(fubar, {"weapons": [better]})
    assert lib.homebrew("fubar")["weapons"] == [better]
    with pytest.raises(HomebrewError) as caught:
        lib.add_homebrew(fubar, {"weapons": [dict(better, id="shotgun-2", range_in=-1)]})
    assert "range_in" in str(caught.value)
    assert lib.homebrew("fubar")["weapons"] == [better]  # the file is untouched
    # another system's library is another file
    lib.add_homebrew(get_system("duke-it-out"), DUKE_HOMEBREW)
    assert lib.homebrew("fubar")["weapons"] == [better] and lib.homebrew("duke-it-out") == DUKE_HOMEBREW


def test_merge_sections_handles_every_list():
    base = {"weapons": [{"id": "a", "name": "A"}]}
    extra = {"weapons": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}], "templates": [{"id": "t"}]}
    merged, clashes = merge_sections(base, extra)
    assert merged == {"weapons": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}], "templates": [{"id": "t"}]}
    assert clashes == []
    assert merge_sections(base, {"weapons": [{"id": "a", "name": "Other"}]})[1] == ["a"]


@pytest.mark.parametrize(
    ("make", "used"),
    [(_duke, {"templates": DUKE_HOMEBREW["templates"]}), (_fubar, FUBAR_HOMEBREW)],
    ids=["duke", "fubar"],
)
def test_a_design_carries_the_homebrew_it_uses_into_an_army_without_it(tmp_path, make, used):
    lib = Library(tmp_path)
    source = army_from_data(make())
    system = system_for(source)
    unit = source.units[0]
    assert used_homebrew(source, system, [unit]) == used  # Duke's weapons are written in the unit, not used by id
    path = lib.save_design(source, system, "unit", unit)
    designs, problems = lib.designs(source.system)
    assert problems == [] and [d.path for d in designs] == [path] and designs[0].homebrew == used
    empty = make(homebrew=None)
    empty["units"] = []
    target = army_from_data(empty)
    merged, _system, obj = design_for_army(designs[0], target)
    assert merged == used and obj.name == unit.name
    if source.system == "duke-it-out":  # 2.5 points each × 2 (Duke prices points × count)
        assert design_cost(designs[0], target) == 5
    # an army defining the same id differently refuses the design, naming the id
    clash = copy.deepcopy(make())
    key = next(iter(used))
    clash["homebrew"][key][0]["name"] = "Something Else"
    clash["units"] = []
    with pytest.raises(ArmyFileError) as caught:
        design_for_army(designs[0], army_from_data(clash))
    assert used[key][0]["id"] in str(caught.value)
