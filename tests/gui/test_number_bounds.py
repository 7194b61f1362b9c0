"""A shared army file can never crash the window with a number (docs/limits.md): what the loader refuses is
a message naming the field and the bound; what it accepts, the tree, the header, the form and the panels
show, compactly and without clamping. The window runs in a subprocess where a crash is possible
(tests/gui/show_numbers.py): a SIGSEGV there fails one test, not the whole suite."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.big_numbers import largest_fow, largest_points
from warbench.model.fileio import load_army, save_army
from warbench.model.limits import MAX_WHOLE

ROOT = Path(__file__).resolve().parents[2]
BOUND = f"{MAX_WHOLE:,}"


def show(tmp_path: Path, data: dict) -> dict:
    """What the window shows of the army ``data`` (run in a subprocess; a crash fails the test)."""
    path = tmp_path / "army.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONWARNINGS="error::RuntimeWarning")
    run = subprocess.run(
        [sys.executable, "-m", "tests.gui.show_numbers", str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, f"the window died (status {run.returncode}):\n{run.stderr[-2000:]}"
    return json.loads(run.stdout.strip().splitlines()[-1])


def _set(data: dict, field: str, value: int) -> None:
    element = data["units"][0]["elements"][0]
    if field == "count":
        element["count"] = value
    elif field == "move":
        element["move"] = value
    elif field == "range":
        element["ranged"] = dict(element["ranged"], range=value)
    elif field == "percent":
        data["homebrew"]["attributes"][2]["cost"]["percent"] = value
    else:
        data[field] = value


@pytest.mark.parametrize(
    "field, value",
    [
        ("count", 10**19),  # crashed the window with SIGSEGV
        ("points_limit", 2**31),  # "Warbench could not start. OverflowError"
        ("points_limit", 10**29),
        ("move", int("9" * 20)),
        ("range", int("9" * 25)),
        ("percent", int("9" * 30)),
    ],
)
def test_a_number_out_of_bounds_is_refused_with_a_message_never_a_crash(tmp_path, field, value):
    data = largest_fow(1)
    _set(data, field, value)
    shown = show(tmp_path, data)
    assert shown["opened"] is False
    (message,) = shown["errors"]
    assert field in message and BOUND in message, message


@pytest.mark.parametrize("which", ["fow", "duke-it-out", "fubar"])
def test_the_largest_numbers_the_loader_accepts_show_in_the_window(tmp_path, which):
    shown = show(tmp_path, largest_fow() if which == "fow" else largest_points(which))
    assert shown["opened"] is True and shown["errors"] == []
    assert shown["limit"] == MAX_WHOLE  # the header's spin box holds the limit, not clamped to 1,000,000
    longest = max(len(cell) for row in shown["cells"] for cell in row[1:])
    assert longest <= 13, shown["cells"]  # "2.417e+25", never 35 digits
    assert len(shown["bar"]) <= 60, shown["bar"]
    assert shown["widest_column"] < 400


@pytest.mark.parametrize("limit", [1_000_001, MAX_WHOLE])
def test_a_points_limit_past_a_million_is_shown_as_it_is(loaded, limit):
    loaded.document.edit_army("Change points limit", points_limit=limit)
    assert loaded.header.limit.value() == limit
    assert f"/ {limit} " in loaded.header.bar.format()


def test_the_form_shows_numbers_past_its_usual_range_and_keeps_them(qtbot, make_window, tmp_path):
    data = largest_fow(1)
    element = data["units"][0]["elements"][0]
    element.update(count=5_000, move=123_456_788, ranged=dict(element["ranged"], range=MAX_WHOLE))
    path = tmp_path / "a.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    window = make_window()
    assert window.open_file(path, ask=False)
    window.tree.setCurrentIndex(window.tree_model.element_index(0, 0))
    form = window.form
    assert form.editors[("count",)].widget.value() == 5_000  # the form's range is 1-999
    assert form.editors[("move",)].widget.value() == 123_456_788
    assert form.editors[("ranged", "range")].widget.value() == MAX_WHOLE
    name = form.editors[("name",)].widget
    name.selectAll()
    qtbot.keyClicks(name, "Renamed")
    after = window.document.army.units[0].elements[0]
    assert (after.name, after.count, after.move, after.ranged.range) == ("Renamed", 5_000, 123_456_788, MAX_WHOLE)


_whole = st.integers(min_value=0, max_value=MAX_WHOLE)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(count=_whole, move=_whole, rng=_whole, limit=_whole, points=st.integers(-MAX_WHOLE, MAX_WHOLE))
def test_any_army_the_loader_accepts_shows_in_the_tree_and_header_and_saves(
    window, tmp_path, count, move, rng, limit, points
):
    """Whatever numbers a file holds within the bound, the window shows them (every tree cell, the header)
    and saves an army that opens again. (In process: only accepted values are tried, none of which crashed
    after the fix; the attack files run in a subprocess above.)"""
    data = largest_fow(1)
    element = data["units"][0]["elements"][0]
    element.update(count=max(1, count), move=move, ranged=dict(element["ranged"], range=rng))
    data["points_limit"] = limit
    data["homebrew"]["attributes"][0]["cost"]["points"] = points
    path = tmp_path / "p.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert window.open_file(path, ask=False)
    model = window.tree_model
    for row in range(model.rowCount()):
        if model.position(model.index(row, 0))[1] is not None:  # an element's row
            window.tree.setCurrentIndex(model.index(row, 0))
        for column in range(1, model.columnCount()):
            assert len(str(model.index(row, column).data())) <= 13
    assert window.header.limit.value() == limit and len(window.header.bar.format()) <= 60
    assert window.form.editors[("move",)].widget.value() == data["units"][1]["elements"][0]["move"]
    out = tmp_path / "saved.army.json"
    save_army(window.document.army, out)
    assert load_army(out).model_dump() == window.document.army.model_dump()
    window.document.undo_stack.setClean()


def test_a_points_limit_of_2_to_the_31_named_on_the_command_line_never_stops_the_start(qtbot, app, answers, tmp_path):
    """It once ended in "Warbench could not start. OverflowError" (the header's spin box): now the file is
    refused, as File ▸ Open refuses it, and the window starts."""
    from warbench.gui.app import create_window

    data = largest_fow(1)
    data["points_limit"] = 2**31
    path = tmp_path / "limit.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    failed: list[str] = []
    window = create_window([str(path)])
    qtbot.addWidget(window)
    window.failed.connect(failed.append)
    qtbot.waitUntil(lambda: window.is_ready or bool(failed))
    assert failed == [] and window.is_ready
    ((title, text),) = answers.errors
    assert "points_limit" in text and BOUND in text
