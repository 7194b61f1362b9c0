"""The table pack's tracker state (model/pack/state.py): its rows from the play facet's boxes, and its text
to and from a game file."""

from __future__ import annotations

import json

import pytest

from warbench.model.fileio import load_army
from warbench.model.game import new_game
from warbench.model.game_file import GameFileError
from warbench.model.pack.state import apply_state, army_key, game_state, parse_state, rows, state_text, tracked
from warbench.model.resources import examples_dir
from warbench.model.systems import system_for

EXAMPLES = sorted(examples_dir().glob("*.army.json"))


def _army(name: str):
    return load_army(examples_dir() / f"{name}.army.json")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_box_row_of_the_play_facet_is_a_row_and_fresh_values_read_as_no_ticks(path):
    army = load_army(path)
    system = system_for(army)
    for unit in army.units:
        for element in unit.elements:
            found = rows(system, element)
            assert [r.field for r in found][: len(system.play.play_boxes(element))] == [
                b.field for b in system.play.play_boxes(element)
            ]
            assert found[-1].field == "activated" or any(r.field == "activated" for r in found)
            for row in found:
                if row.kind == "down":
                    assert row.fresh == row.count  # untouched: no box ticked
                elif row.kind in ("up", "bool"):
                    assert not row.fresh


def test_fubar_rows_read_counts_down_and_up():
    army = _army("fubar-rifle-platoon")
    system = system_for(army)
    infantry = {r.field: r.kind for r in rows(system, army.units[0].elements[0])}
    assert {k: infantry[k] for k in ("figures", "suppressed", "activated")} == {
        "figures": "down",
        "suppressed": "up",
        "activated": "bool",
    }
    tank = {r.field: r.kind for r in rows(system, army.units[2].elements[0])}
    assert tank["weapons_destroyed"] == "up" and tank["crew_stunned"] == "bool"


def test_a_field_the_phone_cannot_word_is_kept_on_the_phone_only():
    army = _army("human-force")
    system = system_for(army)
    kinds = {r.field: r.kind for unit in army.units for e in unit.elements for r in rows(system, e)}
    if "weapons_lost" in kinds:
        assert kinds["weapons_lost"] == "local"
    for unit in army.units:
        for element in unit.elements:
            assert all(r.kind != "local" for r in tracked(system, element).values())


def test_the_key_is_the_armys_content():
    a, b = _army("fubar-rifle-platoon"), _army("fubar-rifle-platoon")
    assert army_key(a) == army_key(b)
    renamed = a.model_copy(update={"name": a.name + " "})
    assert army_key(renamed) != army_key(a)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_a_game_side_round_trips_through_the_text(path):
    army = load_army(path)
    game = new_game(army)
    system = system_for(army)
    data = json.loads(game_state(game, 0))
    for unit_values, unit in zip(data["units"], army.units):
        for values, element in zip(unit_values, unit.elements):
            for field, row in tracked(system, element).items():
                values[field] = (not row.fresh) if row.kind == "bool" else max(0, row.count - 1)
    data["round"], data["vp"] = 3, [4, 2]
    other = new_game(load_army(path))
    steps = apply_state(other, 1, parse_state("pasted: " + json.dumps(data) + " (end)"))
    assert steps >= 2
    assert other.file.round == 3
    assert (other.file.model_extra or {})["vp"] == [2, 4]  # side b's own VP first in its pack
    back = json.loads(game_state(other, 1))
    assert back == data
    assert json.loads(game_state(other, 0))["units"] != data["units"] or not steps


def test_refusals_leave_a_clear_line():
    army = _army("fubar-rifle-platoon")
    game = new_game(army)
    good = json.loads(game_state(game, 0))
    with pytest.raises(GameFileError, match="no table pack state"):
        parse_state("hello")
    with pytest.raises(GameFileError, match="cut short"):
        parse_state(game_state(game, 0)[:-10])
    with pytest.raises(GameFileError, match="round"):
        parse_state(json.dumps({**good, "round": 0}))
    with pytest.raises(GameFileError, match="version"):
        parse_state(json.dumps({**good, "version": 2}))
    with pytest.raises(GameFileError, match="another army"):
        apply_state(game, 0, {**good, "army": "0" * 16})
    game.next_round()
    with pytest.raises(GameFileError, match="round 2 already"):
        apply_state(game, 0, good)
    units = json.loads(json.dumps(good["units"]))
    units[0][0]["figures"] = 99
    with pytest.raises(GameFileError, match="a:1/1: figures"):
        apply_state(game, 0, {**good, "round": 2, "units": units})
    units[0][0]["figures"] = "3"
    with pytest.raises(GameFileError, match="a:1/1: figures"):
        apply_state(game, 0, {**good, "round": 2, "units": units})
    with pytest.raises(GameFileError, match="units and elements"):
        apply_state(game, 0, {**good, "round": 2, "units": units[:1]})


def test_state_text_is_one_line_of_json():
    text = state_text("k", 1, (0, 0), [[{"figures": 1}]])
    assert "\n" not in text and json.loads(text)["format"] == "warbench-pack-state"
