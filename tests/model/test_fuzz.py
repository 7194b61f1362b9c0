"""Property-based tests of the loader, the CLI and save→load; hostile game files and army codes; SIGKILLs during
saves (see tests/fuzz.py)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import fuzz
from tests.helpers import army_data, element
from warbench.cli import main
from warbench.model.army_code import wrap
from warbench.model.fileio import ArmyFileError, army_from_data, dump_army, load_army, parse_army, save_army

FAST = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


@FAST
@given(st.binary(max_size=200))
def test_any_bytes_load_or_give_the_file_error(raw):
    assert fuzz.loader_case(raw) in ("ok", "clean")


@FAST
@given(st.dictionaries(st.sampled_from(["format", "schema_version", "system", "name", "units", "x"]), json_values))
def test_any_json_object_loads_or_gives_the_file_error(data):
    raw = json.dumps(data, allow_nan=True).encode("utf-8", "surrogatepass")
    assert fuzz.loader_case(raw) in ("ok", "clean")


@FAST
@given(name=st.text(min_size=1, max_size=60), extra=json_values)
def test_save_then_load_gives_the_same_army(tmp_path, name, extra):
    data = army_data(elements=[element(name=name)], name=name)
    data["extra"] = extra
    raw = json.dumps(data, allow_nan=True).encode("utf-8", "surrogatepass")
    try:
        army = parse_army(raw)
    except ArmyFileError:
        return  # refused at load (lone surrogate, NaN, …): never accepted, so never unsavable
    path = tmp_path / "a.army.json"
    save_army(army, path)
    assert load_army(path).model_dump() == army.model_dump()
    assert dump_army(load_army(path)) == dump_army(army)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(min_size=1, max_size=40))
def test_cli_prints_any_name_without_raw_control_characters(tmp_path, capsys, name):
    data = army_data(elements=[element(name=name)], name=name)
    path = tmp_path / "a.army.json"
    try:
        save_army(army_from_data(data), path)
    except ArmyFileError:
        return
    status = main(["cost", str(path)])
    out, err = capsys.readouterr()
    assert status in (0, 2)
    assert not any(ch in out + err for ch in "\x1b\x07\x00\x9b\x7f")


def test_mutated_example_files_never_raise_anything_else():
    counts = fuzz.run_loader(300, seed=16)
    assert counts["other"] == 0 and counts["cases"] == 300 and counts["clean"] > 0


def test_sigkill_during_saves_leaves_old_or_new_and_no_temporary(tmp_path):
    counts = fuzz.run_kills(50, tmp_path, seed=16)
    assert counts["kills"] == counts["complete"] == 50 and counts["temporaries_left"] == 0


def test_hostile_game_files_are_read_and_used_or_refused_cleanly():
    counts = fuzz.run_games(200, seed=16)
    assert counts["cases"] == 200 and counts["ok"] > 0 and counts["clean"] > 0
    assert counts["other"] == counts["hangs"] == 0, list(counts["crashes"])


def test_hostile_army_codes_are_read_or_refused_cleanly():
    counts = fuzz.run_codes(200, seed=16)
    assert counts["cases"] == 200 and counts["ok"] > 0 and counts["clean"] > 0
    assert counts["other"] == counts["hangs"] == 0, list(counts["crashes"])


def test_decompression_bombs_in_army_codes_are_refused_quickly():
    counts = fuzz.run_target((wrap(fuzz.bomb(kind)) for kind in range(3)), fuzz.code_case)
    assert counts["clean"] == 3, list(counts["crashes"])


def test_the_harness_counts_a_crash_and_a_hang_and_names_each(monkeypatch):
    monkeypatch.setenv("FUZZ_HANG_SECONDS", "0.2")

    def case(value: str) -> str:
        if value == "crash":
            raise KeyError("boom")
        if value == "hang":
            while True:
                pass
        return value

    counts = fuzz.run_target(iter(["ok", "clean", "crash", "hang", "crash"]), case)
    assert {k: counts[k] for k in ("cases", "ok", "clean", "other", "hangs")} == {
        "cases": 5,
        "ok": 1,
        "clean": 1,
        "other": 2,
        "hangs": 1,
    }
    crashes = counts["crashes"]
    assert [c.count for c in crashes.values()] == [2, 1] and crashes["hang"].first == b"hang"
    assert next(iter(crashes)).startswith("KeyError at test_fuzz.py:")
