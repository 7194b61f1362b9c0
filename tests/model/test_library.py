"""The personal library: homebrew entries and designs as plain JSON files, costs under an army's options."""

from __future__ import annotations

import json

import pytest

from tests.helpers import army_data, element
from warbench.model.fileio import ArmyFileError, army_from_data, load_army
from warbench.model.library import Library, LibraryError, default_dir, design_cost, importable_units, merge_sections
from warbench.model.resources import examples_dir
from warbench.model.systems import system_for

POD = {"id": "rocket-pod", "name": "Rocket Pod", "cost": {"kind": "flat", "points": 6}}
MUD = {"id": "mud", "name": "Mud", "difficulty": 2, "range": 12, "duration": 1, "text": "Sticky."}


def _army(options=None, homebrew=None, **kw):
    data = army_data(elements=[element(**kw)], options=options)
    if homebrew:
        data["homebrew"] = homebrew
    return army_from_data(data)


def test_default_dir_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("WARBENCH_LIBRARY", str(tmp_path / "lib"))
    assert default_dir() == tmp_path / "lib"
    monkeypatch.delenv("WARBENCH_LIBRARY")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_dir() == tmp_path / "data" / "warbench" / "library"


def test_homebrew_library_adds_replaces_and_reports_new_entries(tmp_path):
    lib = Library(tmp_path)
    army = _army(homebrew={"attributes": [POD], "spells": [MUD]}, attributes=["rocket-pod"])
    system = system_for(army)
    assert lib.new_homebrew(system.id, {"attributes": [POD], "spells": [MUD]}) == {"attributes": [POD], "spells": [MUD]}
    assert lib.add_homebrew(system, {"attributes": [POD], "spells": [MUD]}) == ["Rocket Pod", "Mud"]
    saved = json.loads(lib.homebrew_path("fow-special-ops").read_text(encoding="utf-8"))
    assert saved["format"] == "warbench-homebrew" and saved["homebrew"] == {"attributes": [POD], "spells": [MUD]}
    assert lib.new_homebrew(system.id, {"attributes": [POD]}) == {}
    better = dict(POD, cost={"kind": "flat", "points": 5})
    assert lib.new_homebrew(system.id, {"attributes": [better]}) == {"attributes": [better]}
    lib.add_homebrew(system, {"attributes": [better]})
    assert lib.homebrew("fow-special-ops")["attributes"] == [better]


def test_a_bad_homebrew_entry_never_reaches_the_library(tmp_path):
    from warbench.model.homebrew import HomebrewError

    lib = Library(tmp_path)
    system = system_for(_army())
    with pytest.raises(HomebrewError):
        lib.add_homebrew(system, {"attributes": [dict(POD, id="brave")]})
    assert not lib.homebrew_path("fow-special-ops").exists()


def test_unreadable_library_file_is_named(tmp_path):
    lib = Library(tmp_path)
    lib.homebrew_path("fow-special-ops").parent.mkdir(parents=True)
    lib.homebrew_path("fow-special-ops").write_text("{oops", encoding="utf-8")
    with pytest.raises(LibraryError, match="fow-special-ops.json: not a JSON file"):
        lib.homebrew("fow-special-ops")


def test_design_round_trip_with_its_homebrew_and_cost_under_the_armys_options(tmp_path):
    lib = Library(tmp_path)
    source = _army(
        homebrew={"attributes": [POD]},
        name="Gunner",
        ranged={"name": "Rifle", "die": "d6", "range": 12},
        attributes=["rocket-pod"],
        count=3,
    )
    system = system_for(source)
    path = lib.save_design(source, system, "unit", source.units[0])
    again = lib.save_design(source, system, "element", source.units[0].elements[0])
    assert path.name == "unit.json" and again.name == "gunner.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "warbench-design" and data["homebrew"] == {"attributes": [POD]}
    designs, problems = lib.designs("fow-special-ops")
    assert problems == [] and [d.name for d in designs] == ["Gunner", "Unit"]
    element_design = designs[0]
    # into a plain army: d6 base 4 + rifle 12" (1 + 2 DAC) × 2 = 6 + Rocket Pod 6 = 16
    plain = _army()
    assert design_cost(element_design, plain) == 16
    # under ranged_base_dac 2: rifle (2 + 2) DAC × 2 = 8 -> 18; the unit has 3 of them
    published = _army(options={"ranged_base_dac": 2})
    assert design_cost(element_design, published) == 18
    assert design_cost(designs[1], published) == 54


def test_design_of_another_system_or_clashing_homebrew_is_refused(tmp_path):
    lib = Library(tmp_path)
    source = _army(homebrew={"attributes": [POD]}, attributes=["rocket-pod"])
    lib.save_design(source, system_for(source), "element", source.units[0].elements[0])
    (design,), _ = lib.designs("fow-special-ops")
    other = _army(homebrew={"attributes": [dict(POD, cost={"kind": "flat", "points": 1})]})
    with pytest.raises(ArmyFileError, match="defines it differently"):
        design_cost(design, other)
    fubar = army_from_data(dict(army_data("fubar"), units=[]))
    design.system = "fow-special-ops"
    with pytest.raises(ArmyFileError, match="is a fow-special-ops design; this army is fubar"):
        design_cost(design, fubar)


def test_broken_design_files_are_listed_as_problems(tmp_path):
    lib = Library(tmp_path)
    folder = lib.designs_dir("fow-special-ops")
    folder.mkdir(parents=True)
    (folder / "bad.json").write_text("[]", encoding="utf-8")
    designs, problems = lib.designs("fow-special-ops")
    assert designs == [] and problems == [f"{folder / 'bad.json'}: not a warbench-design file"]


def test_importable_units_of_the_same_system_with_costs():
    human = load_army(examples_dir() / "human-force.army.json")
    assert human.options.ranged_base_dac == 2
    units = importable_units(human, _army(options={"ranged_base_dac": 2}))
    assert [(u.name, cost) for u, cost, _hb in units][:2] == [("Assault Squad", 220), ("Tactical Squad", 248)]
    # under the rules text's ranged base of 1 DAC every ranged weapon costs 1 DAC of its die less:
    # Assault Squad: the sergeant's d8 plasma rifle -3 = 217; Tactical Squad: 8 d6 rifles -2 each, sergeant -3 = 229
    units = importable_units(human, _army())
    assert [(u.name, cost) for u, cost, _hb in units][:2] == [("Assault Squad", 217), ("Tactical Squad", 229)]
    with pytest.raises(ArmyFileError, match="units cannot move between them"):
        importable_units(load_army(examples_dir() / "fubar-rifle-platoon.army.json"), _army())


def test_merge_sections_adds_missing_and_reports_clashes():
    merged, clashes = merge_sections({"attributes": [POD]}, {"attributes": [POD], "spells": [MUD]})
    assert merged == {"attributes": [POD], "spells": [MUD]} and clashes == []
    _merged, clashes = merge_sections({"attributes": [POD]}, {"attributes": [dict(POD, name="Pod")]})
    assert clashes == ["rocket-pod"]


def test_rename_design_moves_its_file_and_keeps_every_field(tmp_path):
    lib = Library(tmp_path)
    source = _army(homebrew={"attributes": [POD]}, name="Gunner", attributes=["rocket-pod"])
    system = system_for(source)
    first = lib.save_design(source, system, "element", source.units[0].elements[0])
    second = lib.save_design(source, system, "element", source.units[0].elements[0])
    assert (first.name, second.name) == ("gunner.json", "gunner-2.json")
    data = json.loads(first.read_text(encoding="utf-8"))
    data["note"] = "a newer writer's field"
    first.write_text(json.dumps(data), encoding="utf-8")
    (design,) = [d for d in lib.designs("fow-special-ops")[0] if d.path == first]
    renamed = lib.rename_design(design, "  Rocket Gunner ")
    assert renamed.name == "rocket-gunner.json" and not first.exists()
    again = json.loads(renamed.read_text(encoding="utf-8"))
    assert again["name"] == "Rocket Gunner" and again["design"]["name"] == "Rocket Gunner"  # inserted by that name
    assert again["note"] == "a newer writer's field" and again["homebrew"] == {"attributes": [POD]}
    assert [d.name for d in lib.designs("fow-special-ops")[0]] == ["Gunner", "Rocket Gunner"]
    # a name whose file is taken is numbered; the same name again keeps its own file
    (twin,) = [d for d in lib.designs("fow-special-ops")[0] if d.name == "Gunner"]
    assert lib.rename_design(twin, "Rocket Gunner").name == "rocket-gunner-2.json"
    mine = lib.designs("fow-special-ops")[0][0]
    assert lib.rename_design(mine, "Rocket Gunner") == mine.path
    with pytest.raises(LibraryError, match="a design needs a name"):
        lib.rename_design(mine, "   ")


def test_delete_design_removes_only_its_file(tmp_path, monkeypatch):
    from pathlib import Path

    lib = Library(tmp_path)
    source = _army(name="Gunner")
    system = system_for(source)
    lib.save_design(source, system, "element", source.units[0].elements[0])
    lib.save_design(source, system, "unit", source.units[0])
    gunner, unit = lib.designs("fow-special-ops")[0]
    lib.delete_design(gunner)
    assert not gunner.path.exists() and [d.name for d in lib.designs("fow-special-ops")[0]] == ["Unit"]
    lib.delete_design(gunner)  # already gone: nothing to do
    monkeypatch.setattr(Path, "unlink", lambda self, missing_ok=False: _refuse())
    with pytest.raises(LibraryError, match="unit.json: cannot delete: Permission denied"):
        lib.delete_design(unit)


def _refuse():
    raise PermissionError(13, "Permission denied")
