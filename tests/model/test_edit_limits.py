"""Edits and saves keep to the limits a file is opened with: what Warbench builds or writes it can open."""

from __future__ import annotations

import pytest

from warbench.model import edits, limits
from warbench.model.edits import EditRefused
from warbench.model.fileio import ArmyFileError, army_bytes, load_army, save_army
from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"


@pytest.fixture
def army():
    return load_army(HUMAN)


def test_a_unit_past_the_unit_limit_is_refused(army, monkeypatch):
    monkeypatch.setattr(limits, "MAX_UNITS", len(army.units))
    with pytest.raises(EditRefused, match=f"units: {len(army.units) + 1} units; the limit is {len(army.units)}"):
        edits.duplicate_unit(army, 0)
    monkeypatch.setattr(limits, "MAX_UNITS", len(army.units) + 1)
    assert len(edits.duplicate_unit(army, 0).units) == len(army.units) + 1


def test_an_element_past_the_element_limit_is_refused(army, monkeypatch):
    total = sum(len(u.elements) for u in army.units)
    monkeypatch.setattr(limits, "MAX_ELEMENTS", total)
    with pytest.raises(EditRefused, match=f"{total + 1} elements in all; the limit is {total}"):
        edits.duplicate_element(army, 0, 0)


def test_a_text_past_the_text_limit_is_refused(army):
    long = "n" * (limits.MAX_STRING + 1)
    with pytest.raises(EditRefused, match=f"units\\[0\\].notes: .*the limit is {limits.MAX_STRING:,}"):
        edits.set_unit_fields(army, 0, notes=long)
    with pytest.raises(EditRefused, match="the limit is"):
        edits.set_army_fields(army, name=long)
    unit = army.units[0].model_dump(mode="json")
    with pytest.raises(EditRefused, match="units\\[.*name: text of 100,001 characters"):
        edits.insert_units(army, [dict(unit, name=long)])  # pasted as JSON
    assert edits.set_unit_fields(army, 0, notes=long[:-1]).units[0].notes == long[:-1]


def test_a_save_too_big_to_open_again_is_refused_and_the_old_file_kept(army, tmp_path, monkeypatch):
    path = tmp_path / "a.army.json"
    save_army(army, path)
    old = path.read_bytes()
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", len(old) - 1)
    with pytest.raises(ArmyFileError, match="could not be opened again"):
        save_army(edits.set_army_fields(army, name=army.name + " grown"), path)
    assert path.read_bytes() == old


def test_a_save_with_too_many_values_to_open_again_is_refused(army, monkeypatch):
    monkeypatch.setattr(limits, "MAX_VALUES", 50)
    with pytest.raises(ArmyFileError, match="more than 50 values; the limit is 50"):
        army_bytes(army)
    monkeypatch.setattr(limits, "MAX_VALUES", 5_000_000)
    assert limits.written_problems(army_bytes(army)) == []
