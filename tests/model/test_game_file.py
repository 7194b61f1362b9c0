"""The game file's reader (``model/game_file.py``): a shared game file is validated as strictly as an army
file, every field typed and bounded, the log's steps included (issue 35); a valid game reads back as it was
written."""

from __future__ import annotations

import json
import tracemalloc

import pytest

from tests.helpers import played
from warbench.model import limits
from warbench.model.fileio import load_army
from warbench.model.game import Game, new_game
from warbench.model.game_file import MAX_VP, GameFileError, game_bytes, load_game, parse_game
from warbench.model.resources import examples_dir

HUMAN_FORCE = examples_dir() / "human-force.army.json"


def _played() -> Game:
    """A Human Force game with a step of every kind: an attack, an initiative roll, a new round, a state set."""
    game = new_game(load_army(HUMAN_FORCE))
    played(game, "a:1/1", "b:2/1", "melee", seed=1, apply=True)
    game.initiative(seed=3)
    game.next_round()
    game.set_state("a:1/1", "prone", True)
    return game


def _data() -> dict:
    return json.loads(game_bytes(_played().file))


def _refused(data: dict | bytes, *words: str) -> str:
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    with pytest.raises(GameFileError) as info:
        parse_game(raw, "g.game.json")
    message = str(info.value)
    assert message.startswith("g.game.json: ") and "\n" not in message
    for word in words:
        assert word in message, message
    return message


def test_a_played_game_reads_back_as_it_was_written():
    raw = game_bytes(_played().file)
    game, armies = parse_game(raw)
    assert game_bytes(game) == raw and [a.name for a in armies] == ["Human Force", "Human Force"]


@pytest.mark.parametrize(
    ("roll", "where"),
    [
        ({"rolled": ["x", "y"]}, "log[0].rolls[0].rolled[0]"),
        ({"total": "3"}, "log[0].rolls[0].total"),
        ({"success": 1}, "log[0].rolls[0].success"),
        ({"rolled": [2**63]}, "log[0].rolls[0].rolled[0]"),
        ({"rolled": list(range(1, 200))}, "log[0].rolls[0].rolled"),
        ({"side": "c"}, "log[0].rolls[0].side"),
    ],
)
def test_a_logged_roll_of_the_wrong_type_is_refused_naming_it(roll, where):
    """A roll holding ``"rolled":["x","y"]`` crashed the window on open (SIGSEGV)."""
    data = _data()
    data["log"][0]["rolls"][0].update(roll)
    _refused(data, where)


@pytest.mark.parametrize(
    ("place", "words"),
    [
        (lambda d: d["sides"][0]["state"][0][0].update(figures=2**63), ("sides[0].state[0][0].figures",)),
        (lambda d: d["sides"][1]["state"][0][0].update(mine=2**63), ("number",)),
        (lambda d: d["sides"][1]["state"][0][0].update(mine=2**40), ("sides[1].state[0][0].mine",)),
        (lambda d: d["log"][0].update(hits=2**63), ("number",)),
        (lambda d: d["log"][0].update(hits=2**40), ("log[0].hits",)),
        (lambda d: d["log"][0]["effects"].update(stunned=2**40), ("log[0].effects.stunned",)),
        (lambda d: d.update(round=2**63), ("number",)),
        (lambda d: d.update(round=2**31), ("round",)),
        (lambda d: d.update(mine=[10**19]), ("number of 20 digits",)),
        (lambda d: d.update(vp=[2**31, 0]), ("vp", f"0 to {MAX_VP:,}")),
        (lambda d: d.update(vp="many"), ("vp",)),
        (lambda d: d["sides"][0]["army"]["units"][0]["elements"][0].update(count=2**40), ("sides[0].army.units",)),
    ],
)
def test_a_number_the_window_cannot_hold_is_refused_naming_where(place, words):
    """Any number ≥ 2**63 (a state's figures, an unknown state field, a logged hit count) crashed the window
    under a real locale; a round ≥ 2**63 or a vp ≥ 2**31 left F5 dead (OverflowError)."""
    data = _data()
    place(data)
    _refused(data, *words)


def test_numbers_within_bounds_are_kept_exactly_in_unknown_fields():
    """A seed reaches 2**63 - 1; an unknown field's numbers up to that are kept as written."""
    data = _data()
    data.update(later=[2**63 - 1, -(2**63) + 1, 1.5, 0.1], vp=[3, MAX_VP])
    data["log"][0]["seed"] = 2**63 - 1
    raw = game_bytes(parse_game(json.dumps(data, indent=2).encode())[0])
    assert json.loads(raw)["later"] == [2**63 - 1, -(2**63) + 1, 1.5, 0.1]
    assert json.loads(raw)["vp"] == [3, MAX_VP]


@pytest.mark.parametrize("token", ["1e400", "-1e400", "NaN", "Infinity"])
def test_a_number_json_cannot_hold_is_refused_not_written_back_as_null(token):
    """``1e400`` in an unknown field was written back as ``null``."""
    raw = json.dumps(_data())[:-1] + f', "later": {token}}}'
    _refused(raw.encode(), "later")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"unit": 99}, ("log[0].changes[0]", "names no element")),
        ({"element": 50}, ("log[0].changes[0]", "names no element")),
        ({"side": 2}, ("log[0].changes[0].side",)),
        ({"unit": -1}, ("log[0].changes[0].unit",)),
        ({"before": {"figures": "nine"}}, ("log[0].changes[0].before",)),
        ({"after": {"figures": 1000, "activated": True, "prone": False, "snared": False, "spells": []}}, ("1000",)),
    ],
)
def test_a_step_undo_or_redo_could_not_put_back_is_refused_on_open(change, words):
    """``"changes":[{"side":0,"unit":99,...}]``: undo printed an IndexError traceback, and in the window the
    step vanished from both stacks and the next repaint crashed."""
    data = _data()
    data["log"][0]["changes"][0].update(change)
    _refused(data, *words)
    data = _data()
    data["redo"] = [data["log"].pop()]
    data["redo"][0]["changes"][0].update(change)
    _refused(data, *(w.replace("log", "redo") for w in words))


@pytest.mark.parametrize("ref", ["a:99/1", "b:1/99", "c:1/1", "a:Assault Squad/1", "a:1/1\n", "a:01/1"])
def test_a_logged_reference_naming_no_element_is_refused(ref):
    data = _data()
    data["log"][0]["target"] = ref
    _refused(data, "log")


def test_undo_and_redo_of_a_step_naming_what_does_not_exist_leave_the_game_as_it_was():
    """A game built in memory (not read from a file) with such a step: undo refuses it with a message, and
    neither stack nor any state changes."""
    game = _played()
    game.file.log[-1].changes[0].unit = 99
    before = json.dumps(game.file.model_dump(mode="json"))
    with pytest.raises(GameFileError, match="does not have"):
        game.undo()
    assert json.dumps(game.file.model_dump(mode="json")) == before


def test_an_element_with_more_figures_than_its_army_gives_it_is_refused():
    """``figures: 1000`` of 9 was accepted silently."""
    data = _data()
    data["sides"][0]["state"][0][0]["figures"] = 1000
    _refused(data, "sides[0].state[0][0]", "1000", "more than the 9")


def test_an_unknown_field_nested_too_deep_to_save_is_refused_on_open():
    """An unknown field nested 300 deep opened and played, then Save silently did nothing."""
    data = _data()
    deep: list = []
    for _ in range(300):
        deep = [deep]
    data["later"] = deep
    _refused(data, "nested more than")
    data["later"] = [[[[1]]]]
    assert game_bytes(parse_game(json.dumps(data).encode())[0])


def test_a_log_beyond_the_limit_is_refused_before_its_steps_are_read(monkeypatch):
    """400,000 steps took the CLI 8-12 s and 666 MB; the steps are counted before any is validated."""
    data = _data()
    step = data["log"][2]  # the new round
    data["log"] = [step] * (limits.MAX_LOG_STEPS + 1)
    _refused(data, f"at most {limits.MAX_LOG_STEPS:,}")


def test_a_game_of_millions_of_values_is_refused_before_parsing():
    raw = (json.dumps(_data())[:-1] + ', "x": [' + ",".join(["0"] * (limits.MAX_VALUES + 10)) + "]}").encode()
    tracemalloc.start()
    try:
        _refused(raw, "values")
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 16 * 1024 * 1024, peak


def test_load_game_names_the_file(tmp_path):
    path = tmp_path / "g.game.json"
    data = _data()
    data["log"][0]["rolls"][0]["rolled"] = ["x", "y"]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameFileError, match=f"^{path}: log"):
        load_game(path)


@pytest.mark.parametrize("version", ["1000000000000", "9" * 30, "9" * 5000])
def test_a_game_of_a_far_newer_version_names_both_versions(version):
    """A schema_version of 10**12 (or more digits than any number may have) is a newer game file."""
    raw = json.dumps(_data()).replace('"schema_version": 1', f'"schema_version": {version}').encode()
    message = _refused(raw, "schema_version: the game file is version", "newer than version 1")
    assert len(message) < 300


def test_a_full_log_takes_no_more_steps(monkeypatch):
    """Every step the game takes can be saved: once the log holds MAX_LOG_STEPS steps, a new one is refused."""
    from warbench.model import game as game_module

    game = _played()
    monkeypatch.setattr(game_module, "MAX_LOG_STEPS", len(game.file.log))
    with pytest.raises(GameFileError, match="the log is full"):
        game.next_round()
    assert len(game.file.log) == 4 and game.file.round == 2


@pytest.mark.parametrize("value", [2**40, 10**30])
def test_a_state_set_by_hand_is_one_the_game_file_holds(value):
    """What a player sets by hand (``game set``, the play view's By hand) is bounded as the file's states
    are, so the game can always be saved and opened again (a 2D6 unit's carried hits of 2**40 were set,
    and then no save could write the game)."""
    game = new_game(load_army(examples_dir() / "2d6-dust-raiders.army.json"))
    before = game_bytes(game.file)
    with pytest.raises(GameFileError, match="hits: number"):
        game.set_state("a:1/1", "hits", value)
    assert game_bytes(game.file) == before
