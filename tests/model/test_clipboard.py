"""warbench.model.clipboard: units and elements as JSON between armies of one system, refused across systems."""

from __future__ import annotations

import json

import pytest

from tests.helpers import army_data, element
from warbench.model import clipboard
from warbench.model.edits import EditRefused
from warbench.model.fileio import army_from_data, load_army
from warbench.model.resources import examples_dir


def army_of(*units: list[str], system: str = "fow-special-ops", homebrew=None):
    data = army_data(system, elements=[])
    data["units"] = [
        {"name": f"U{i}", "notes": f"note {i}", "elements": [element(name=n) for n in names]}
        for i, names in enumerate(units)
    ]
    if homebrew:
        data["homebrew"] = homebrew
    return army_from_data(data)


def names(army) -> list[list[str]]:
    return [[e.name for e in u.elements] for u in army.units]


def roundtrip(clip: clipboard.Clip) -> clipboard.Clip:
    return clipboard.parse(clip.to_json())


def test_an_element_pasted_after_the_selected_element_of_another_army():
    source, target = army_of(["a", "b"]), army_of(["x", "y"], ["z"])
    clip = roundtrip(clipboard.copy(source, [(0, 1)]))
    assert clip.kind == "elements" and clip.label == "b"
    after, where = clipboard.paste(target, clip, (0, 0))
    assert names(after) == [["x", "b", "y"], ["z"]] and where == [(0, 1)]
    after, where = clipboard.paste(target, clip, (1, None))  # a unit selected: at its end
    assert names(after) == [["x", "y"], ["z", "b"]] and where == [(1, 1)]
    after, where = clipboard.paste(target, clip, None)  # nothing selected: the last unit's end
    assert names(after)[1] == ["z", "b"] and where == [(1, 1)]


def test_a_unit_keeps_its_notes_and_lands_after_the_selected_unit():
    source, target = army_of(["a"], ["b", "c"]), army_of(["x"], ["y"])
    clip = roundtrip(clipboard.copy(source, [(1, None)]))
    assert clip.kind == "units" and clip.items[0]["notes"] == "note 1"
    after, where = clipboard.paste(target, clip, (0, 1 - 1))
    assert [u.name for u in after.units] == ["U0", "U1", "U1"] and names(after)[1] == ["b", "c"]
    assert after.units[1].notes == "note 1" and where == [(1, None)]


def test_into_an_empty_army_elements_get_a_unit():
    empty = army_from_data(dict(army_data(elements=[]), units=[]))
    after, where = clipboard.paste(empty, clipboard.copy(army_of(["a"]), [(0, 0)]), None)
    assert names(after) == [["a"]] and where == [(0, 0)]


def test_another_systems_clip_is_refused_naming_both_systems():
    fubar = load_army(examples_dir() / "fubar-rifle-platoon.army.json")
    clip = roundtrip(clipboard.copy(fubar, [(0, 0)]))
    with pytest.raises(EditRefused) as refused:
        clipboard.paste(army_of(["a"]), clip, (0, 0))
    message = refused.value.problems[0]
    assert "FUBAR" in message and "Flat Out War" in message and "same system" in message


def test_ordinary_text_is_not_a_clip_and_bad_clips_say_why():
    assert clipboard.parse("The Iron Legion") is None
    assert clipboard.parse('{"name": "x"}') is None
    future = {"format": clipboard.FORMAT, "version": 99, "system": "fow-special-ops", "kind": "units", "items": []}
    with pytest.raises(EditRefused, match="newer Warbench"):
        clipboard.parse(json.dumps(future))
    with pytest.raises(EditRefused, match="no units or elements"):
        clipboard.parse(json.dumps(dict(future, version=1)))
    broken = dict(future, version=1, kind="elements", items=[{"name": "bad", "die": "d7"}])
    with pytest.raises(EditRefused, match="die"):
        clipboard.paste(army_of(["a"]), clipboard.parse(json.dumps(broken)), (0, 0))


ROCKETS = {"attributes": [{"id": "rocket-pod", "name": "Rocket Pod", "cost": {"kind": "flat", "points": 6}}]}


def test_homebrew_entries_travel_with_what_uses_them():
    data = army_data(elements=[element(name="r", attributes=["rocket-pod"]), element(name="plain")])
    data["homebrew"] = ROCKETS
    source = army_from_data(data)
    assert roundtrip(clipboard.copy(source, [(0, 1)])).homebrew == {}
    clip = roundtrip(clipboard.copy(source, [(0, 0)]))
    assert clip.homebrew == ROCKETS
    after, _ = clipboard.paste(army_of(["a"]), clip, (0, 0))
    assert names(after) == [["a", "r"]] and after.homebrew == ROCKETS


def test_a_clips_label_counts_in_the_models_language():
    """ "3 elements" in English, "3 Elemente" in German (the status bar said "3 elements kopiert")."""
    from warbench.model import i18n

    clip = clipboard.copy(army_of(["a", "b", "c"]), [(0, 0), (0, 1), (0, 2)])
    assert clip.label == "3 elements"
    try:
        i18n.use("de")
        assert clip.label == "3 Elemente"
    finally:
        i18n.use("en")
