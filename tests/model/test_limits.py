"""Hostile army files: limits, odd numbers, odd paths; every one refused with the clean file error, fast."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import army_data, element
from warbench.cli import main
from warbench.model import limits
from warbench.model.fileio import ArmyFileError, load_army, parse_army


def _refused(raw, *fragments):
    with pytest.raises(ArmyFileError) as err:
        parse_army(raw, "x.army.json")
    text = "\n".join(err.value.problems)
    for fragment in fragments:
        assert fragment in text, text
    assert all(len(p) <= 400 for p in err.value.problems)
    return err.value.problems


def _army_text(**extra) -> str:
    data = army_data(elements=[element()])
    data.update(extra)
    return json.dumps(data)


@pytest.mark.parametrize("depth", [65, 1_000, 100_000])
def test_deep_nesting_is_refused_naming_the_limit(depth):
    deep = "[" * depth + "]" * depth
    raw = _army_text(extra=0).replace('"extra": 0', f'"extra": {deep}')
    _refused(raw.encode(), f"nested more than {limits.MAX_DEPTH} levels deep")


def test_nesting_within_the_limit_loads_and_saves(tmp_path):
    from warbench.model.fileio import save_army

    deep = "[" * 50 + "]" * 50
    raw = _army_text(extra=0).replace('"extra": 0', f'"extra": {deep}')
    army = parse_army(raw.encode())
    save_army(army, tmp_path / "a.army.json")
    assert load_army(tmp_path / "a.army.json").model_dump() == army.model_dump()


def test_huge_integers_are_refused():
    problems = _refused(
        _army_text(points_limit=0).replace('"points_limit": 0', '"points_limit": ' + "9" * 5000).encode(),
        "points_limit: number of 5,000 digits",
        f"at most {limits.MAX_INT_DIGITS}",
    )
    assert len(problems) == 1


@pytest.mark.parametrize("token", ["Infinity", "-Infinity", "NaN", "1e400", "-1e400"])
def test_non_finite_numbers_are_refused(token):
    _refused(_army_text(extra=0).replace('"extra": 0', f'"extra": {token}').encode(), "extra: ", token)


def test_every_refused_number_is_named_by_its_place():
    """A number hook cannot know where it is: the numbers it refuses are named by the walk that follows,
    each with its path, and for the player by unit and element."""
    from warbench.model.resources import examples_dir

    raw = (examples_dir() / "human-force.army.json").read_text(encoding="utf-8")
    bad = raw.replace('"count": 8', '"count": ' + "9" * 31, 1).replace('"count": 4', '"count": NaN', 1)
    with pytest.raises(ArmyFileError) as caught:
        parse_army(bad.encode())
    bound = "a number in an army file lies between -999,999,999 and 999,999,999"
    assert sorted(caught.value.problems) == [
        f"units[1].elements[0].count: number of 31 digits; at most 9 are allowed ({bound})",
        f"units[2].elements[0].count: NaN is not a JSON number; write a finite number ({bound})",
    ]
    named = f"Tactical Squad ▸ Tactical Troop: count number of 31 digits; at most 9 are allowed ({bound})"
    assert f"{named} — at units[1].elements[0].count" in caught.value.shown


def test_long_strings_are_refused_with_a_short_excerpt():
    problems = _refused(_army_text(name="x" * (limits.MAX_STRING + 1)).encode(), "name: text of 100,001 characters")
    assert len(problems[0]) < 200


def test_long_bad_value_is_quoted_as_a_short_excerpt():
    problems = _refused(_army_text(format="\x1b]0;pwned\x07" + "y" * 99_000).encode(), "format")
    assert len(problems[0]) < 200 and "\x1b" not in problems[0] and "\\x1b" in problems[0]


def test_too_many_units_is_refused_fast():
    data = army_data()
    data["units"] = [{"name": "u", "elements": []}] * (limits.MAX_UNITS + 1)
    started = time.perf_counter()
    _refused(json.dumps(data).encode(), f"the limit is {limits.MAX_UNITS:,}")
    assert time.perf_counter() - started < 10


def test_too_many_elements_is_refused():
    data = army_data()
    data["units"] = [{"name": "u", "elements": [{}] * 1_000}] * (limits.MAX_ELEMENTS // 1_000 + 1)
    _refused(json.dumps(data).encode(), f"the limit is {limits.MAX_ELEMENTS:,}")


def test_lone_surrogate_is_refused_at_load():
    _refused(_army_text().replace('"Test Army"', '"Bad \\ud800 name"').encode(), "name:", "lone surrogate")


def test_lone_surrogate_in_a_field_name_is_refused():
    _refused(_army_text(extra=1).replace('"extra"', '"\\udfff"').encode(), "field name holds a lone surrogate")


def test_only_regular_files_are_read(tmp_path):
    with pytest.raises(ArmyFileError, match="not a regular file"):
        load_army("/dev/zero")
    with pytest.raises(ArmyFileError, match="a folder"):
        load_army(tmp_path)


def test_fifo_without_writer_does_not_hang(tmp_path):
    fifo = tmp_path / "a.army.json"
    os.mkfifo(fifo)
    result = []
    thread = threading.Thread(target=lambda: result.append(pytest.raises(ArmyFileError, load_army, fifo)), daemon=True)
    thread.start()
    thread.join(5)
    assert result and "not a regular file" in str(result[0].value)


def test_size_is_checked_before_reading(tmp_path):
    sparse = tmp_path / "big.army.json"
    with open(sparse, "wb") as fh:
        fh.truncate(3 * 1024**3)
    started = time.perf_counter()
    with pytest.raises(ArmyFileError, match=f"the limit for an army file is {limits.MAX_FILE_BYTES:,} bytes"):
        load_army(sparse)
    assert time.perf_counter() - started < 1


def test_nul_in_path_is_a_file_error():
    with pytest.raises(ArmyFileError, match="NUL"):
        load_army("a\x00b.army.json")


def test_cli_deep_nesting_is_one_clean_line(tmp_path, capsys):
    path = tmp_path / "deep.army.json"
    path.write_text(_army_text(extra=0).replace('"extra": 0', '"extra": ' + "[" * 5000 + "]" * 5000))
    assert main(["cost", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "nested more than" in err[0]


def test_cli_nul_path_exits_2(capsys):
    assert main(["cost", "a\x00b"]) == 2
    assert "NUL" in capsys.readouterr().err


def test_cli_escapes_terminal_sequences(tmp_path, capsys):
    path = tmp_path / "a.army.json"
    data = army_data(elements=[element(name="\x1b[2J\x9bEvil")], name="\x1b]0;title\x07Army")
    path.write_text(json.dumps(data))
    assert main(["cost", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x9b" not in out and "\x07" not in out
    assert "\\x1b[2J" in out and "\\x1b]0;title" in out
    assert main(["cost", "--json", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x9b" not in out
    assert json.loads(out)  # still valid JSON with the same values


def test_cli_broken_pipe_exits_quietly(tmp_path):
    path = tmp_path / "a.army.json"
    data = army_data(elements=[element(name=f"E{i}") for i in range(3000)])
    path.write_text(json.dumps(data))
    proc = subprocess.run(
        f"{sys.executable} -m warbench.cli cost {path} | head -1",
        shell=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.stdout.count("\n") == 1
    assert proc.stderr == ""


# --- values counted before parsing (issue 35) -----------------------------------------------------------


@st.composite
def _json_values(draw):
    """JSON whose strings hold what the count must look past: commas, brackets, quotes and backslashes."""
    text = st.text(alphabet=',[]{}"\\ab\u00e9', max_size=6)
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), text)
    return draw(
        st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(text, inner, max_size=4))
    )


def _values_and_filled(value) -> tuple[int, int]:
    """(every value, the non-empty lists and objects) of parsed JSON."""
    items = list(value.values()) if isinstance(value, dict) else value if isinstance(value, list) else None
    if items is None:
        return 1, 0
    counts = [_values_and_filled(item) for item in items]
    return 1 + sum(c[0] for c in counts), bool(items) + sum(c[1] for c in counts)


@settings(max_examples=300, deadline=None)
@given(value=_json_values(), chunk=st.integers(1, 9), ascii_only=st.booleans())
def test_the_value_count_is_exact_however_the_text_is_cut(value, chunk, ascii_only):
    """ValueCount sees one value per comma outside strings, plus the first: every value but one per
    non-empty list or object, wherever the chunks cut a string or an escape."""
    data = json.dumps(value, ensure_ascii=ascii_only).encode()
    count = limits.ValueCount()
    for start in range(0, len(data), chunk):
        count.feed(data[start : start + chunk])
    values, filled = _values_and_filled(value)
    assert count.values == values - filled


def _zeros_army(count: int) -> bytes:
    """An army file with one unknown field holding ``count`` zeros (issue 35's 12 MB file at 6,000,000)."""
    return (_army_text()[:-1] + ', "x": [' + ",".join(["0"] * count) + "]}").encode()


def test_a_file_of_millions_of_values_is_refused_before_it_is_parsed():
    """6,000,000 zeros (12 MB) took 7 s and 1.1 GB to refuse, after parsing them; they are counted first,
    in C, and refused holding little more than the text (which the caller already holds)."""
    raw = _zeros_army(limits.MAX_VALUES + 1_000_000)
    tracemalloc.start()
    try:
        _refused(raw, f"more than {limits.MAX_VALUES:,} values")
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 16 * 1024 * 1024, peak
    assert parse_army(_zeros_army(1_000)).name  # far from the limit: read as ever


def test_a_file_of_too_many_values_is_refused_while_it_is_read(tmp_path, monkeypatch):
    """A file is counted as it is read and refused at the limit: no more of it is read (a 126 MB file took
    over 120 s and 10 GB)."""
    from warbench.model import fileio

    path = tmp_path / "big.army.json"
    path.write_bytes(_zeros_army(3 * limits.MAX_VALUES))
    read = []
    real_read = os.read
    monkeypatch.setattr(fileio.os, "read", lambda fd, n: read.append(real_read(fd, n)) or read[-1])
    with pytest.raises(ArmyFileError, match="values; the limit is"):
        load_army(path)
    assert sum(map(len, read)) < path.stat().st_size // 2


@pytest.mark.parametrize(
    "mark", ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]
)
def test_bidi_overrides_and_isolates_are_escaped_for_a_terminal(mark):
    """Issue 35: a name holding a right-to-left override shows other text than it holds (``exe.txt`` as
    ``txt.exe``); the terminal's writers show it as an escape, as they show a control character."""
    from warbench.model.limits import escape_control, escape_line

    shown = f"\\u{ord(mark):04x}"
    assert escape_control(f"a{mark}b\nc") == f"a{shown}b\nc"
    assert escape_line(f"a{mark}b\nc\td") == f"a{shown}b c d"
    assert escape_control("Ünïcödé ✓ 日本") == "Ünïcödé ✓ 日本"  # other text as it is
