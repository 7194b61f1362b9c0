"""Every number an army file may hold is one every consumer can hold (model/limits.py, docs/limits.md):
the loader, JSON pasted in, library designs and saving refuse what is out of bounds, naming the field
and the bound; the command line and the PDF show the largest accepted values."""

from __future__ import annotations

import io
import json
import math
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.big_numbers import largest_fow, largest_points
from tests.helpers import army_data, element
from warbench.cli import main
from warbench.model import clipboard
from warbench.model.costing import price_army
from warbench.model.edits import EditRefused
from warbench.model.fileio import ArmyFileError, army_bytes, army_from_data, parse_army, save_army
from warbench.model.library import Design, design_for_army
from warbench.model.limits import MAX_WHOLE, whole_number_problem
from warbench.model.systems import system_for

BOUND = f"{MAX_WHOLE:,}"


def refused(data_or_text) -> list[str]:
    text = data_or_text if isinstance(data_or_text, str) else json.dumps(data_or_text)
    with pytest.raises(ArmyFileError) as caught:
        parse_army(text.encode())
    return caught.value.problems


@pytest.mark.parametrize("number", [10**19, 2**31, 10**29, MAX_WHOLE + 1, -(MAX_WHOLE + 1)])
def test_a_whole_number_past_the_bound_is_refused_naming_the_field_and_the_bound(number):
    data = army_data(elements=[element(count=5)])
    data["units"][0]["elements"][0]["count"] = number
    (problem,) = refused(data)
    assert problem.startswith("units[0].elements[0].count: ") and BOUND in problem, problem


@pytest.mark.parametrize("field", ["move", "points_limit", "range", "percent"])
def test_twenty_to_thirty_digit_numbers_are_refused_in_every_field(field):
    data = largest_fow()
    where = {
        "move": (data["units"][0]["elements"][0], "move", "units[0].elements[0].move"),
        "points_limit": (data, "points_limit", "points_limit"),
        "range": (data["units"][0]["elements"][0]["ranged"], "range", "units[0].elements[0].ranged.range"),
        "percent": (data["homebrew"]["attributes"][2]["cost"], "percent", "homebrew.attributes[2].cost.percent"),
    }
    for digits in (20, 30):
        holder, key, path = where[field]
        holder[key] = int("9" * digits)
        problems = refused(data)  # the ranged weapon is one dict shared by the elements: each is named
        assert any(p.startswith(f"{path}: ") for p in problems) and all(BOUND in p for p in problems), problems


@pytest.mark.parametrize("text", ["1e400", "-1e400", "1e9", "123456789012.5", "NaN", "Infinity"])
def test_a_float_past_the_bound_or_not_finite_is_refused(text):
    data = json.dumps(largest_points("duke-it-out", 1.5)).replace('"points": 1.5', f'"points": {text}', 1)
    (problem,) = refused(data)
    assert problem.startswith("units[0].elements[0].points: "), problem


def test_the_largest_numbers_open_price_save_and_open_again(tmp_path):
    for data in [largest_fow()] + [largest_points(s) for s in ("duke-it-out", "fubar", "2d6-skirmish")]:
        army = army_from_data(data)
        cost = price_army(army, system_for(army))
        assert cost.total is None or cost.total > 0
        save_army(army, tmp_path / "a.army.json")
        again = parse_army((tmp_path / "a.army.json").read_bytes())
        assert again.model_dump() == army.model_dump()


def test_the_bound_is_what_a_32_bit_spin_box_holds():
    assert MAX_WHOLE < 2**31 and whole_number_problem(MAX_WHOLE) is None
    assert BOUND in str(whole_number_problem(MAX_WHOLE + 1))


# --- JSON pasted in, library designs ------------------------------------------------------------
def _clip_text(points: str) -> str:
    item = {"name": "Big", "count": 1, "points": 1}
    clip = {"format": clipboard.FORMAT, "version": 1, "system": "duke-it-out", "kind": "elements", "items": [item]}
    return json.dumps(clip).replace('"points": 1', f'"points": {points}')


@pytest.mark.parametrize("points", ["1e400", "NaN", "Infinity", "-Infinity", "1000000000", "10000000000000000000"])
def test_pasted_json_with_a_number_out_of_bounds_is_refused_naming_the_field(points):
    army = army_from_data(largest_points("duke-it-out", 2))
    with pytest.raises(EditRefused) as caught:
        clipboard.paste(army, clipboard.parse(_clip_text(points)), (0, 0))
    text = "\n".join(caught.value.problems)
    assert "points" in text and (BOUND in text or "finite" in text), text


def test_pasted_infinity_anywhere_never_reaches_the_army():
    army = army_from_data(largest_points("duke-it-out", 2))
    text = _clip_text("1").replace('"name": "Big"', '"name": "Big", "extra": 1e400')
    with pytest.raises(EditRefused) as caught:
        clipboard.paste(army, clipboard.parse(text), (0, 0))
    assert "extra" in "\n".join(caught.value.problems)


@pytest.mark.parametrize("value", [math.inf, math.nan, 1e300, 10**19])
def test_a_library_design_with_a_number_out_of_bounds_is_refused_naming_the_field(tmp_path, value):
    army = army_from_data(largest_points("duke-it-out", 2))
    design = Design(tmp_path / "d.json", "duke-it-out", "element", "Big", {"name": "Big", "points": value}, {})
    with pytest.raises(ArmyFileError) as caught:
        design_for_army(design, army)
    assert "points" in "\n".join(caught.value.problems)


def test_saving_never_writes_infinity_and_leaves_the_old_file(tmp_path):
    army = army_from_data(largest_points("duke-it-out", 2))
    path = tmp_path / "a.army.json"
    save_army(army, path)
    before = path.read_bytes()
    element_ = army.units[0].elements[0]
    broken = army.model_copy(
        update={
            "units": [army.units[0].model_copy(update={"elements": [element_.model_copy(update={"points": math.inf})]})]
        }
    )
    with pytest.raises(ArmyFileError, match="finite"):
        army_bytes(broken)
    with pytest.raises(ArmyFileError):
        save_army(broken, path)
    assert path.read_bytes() == before


# --- the command line and the PDF hold the largest accepted values ------------------------------
def test_cost_text_and_json_of_the_largest_army(tmp_path, capsys):
    path = tmp_path / "big.army.json"
    path.write_text(json.dumps(largest_fow()), encoding="utf-8")
    assert main(["cost", str(path)]) == 0
    out = capsys.readouterr().out
    widest = max(len(line) for line in out.splitlines())
    assert widest < 160, f"a line of {widest} characters"
    assert main(["cost", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    army = army_from_data(largest_fow())
    assert data["total"] == price_army(army, system_for(army)).total  # exact in the contract


@pytest.mark.parametrize("kind", ["sheet", "cards", "summary"])
@pytest.mark.parametrize("which", ["fow", "duke-it-out"])
def test_the_pdf_of_the_largest_army(kind, which):
    from pypdf import PdfReader

    from warbench.model.pdf.cards import build_cards
    from warbench.model.pdf.sheet import build_sheet
    from warbench.model.pdf.summary import build_summary

    army = army_from_data(largest_fow() if which == "fow" else largest_points(which))
    source = army_bytes(army)
    pdf = {
        "sheet": lambda: build_sheet(army),
        "cards": lambda: build_cards(army),
        "summary": lambda: build_summary(army, source, "big.army.json"),
    }[kind]()
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    longest = max(len(run) for run in re.findall(r"[0-9,.]+", text))
    assert longest <= 20, f"a number of {longest} characters on the {kind}"


# --- property: whatever the loader accepts opens, prices and saves ------------------------------
numbers = st.integers(min_value=0, max_value=10**30)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(count=numbers, move=numbers, rng=numbers, limit=numbers, points=numbers)
def test_any_number_the_loader_accepts_prices_and_saves(count, move, rng, limit, points):
    data = army_data(
        elements=[element(count=max(1, count), move=move, ranged={"name": "G", "die": "d6", "range": rng})],
        limit=limit,
    )
    data["homebrew"] = {"attributes": [{"id": "x", "name": "X", "cost": {"kind": "flat", "points": points}}]}
    data["units"][0]["elements"][0]["attributes"] = [{"id": "x"}]
    try:
        army = parse_army(json.dumps(data).encode())
    except ArmyFileError as exc:
        assert max(count, move, rng, limit, points) > MAX_WHOLE and BOUND in str(exc)
        return
    assert max(count, move, rng, limit, points) <= MAX_WHOLE
    price_army(army, system_for(army))
    assert parse_army(army_bytes(army)).model_dump() == army.model_dump()


# --- edits ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("value", [2**31, MAX_WHOLE + 1, 10**19])
def test_an_edit_never_puts_a_number_out_of_bounds_into_the_army(value):
    from warbench.model.edits import set_army_fields, set_element_field

    army = army_from_data(largest_fow(1))
    with pytest.raises(EditRefused) as caught:
        set_army_fields(army, points_limit=value)
    assert "points_limit" in caught.value.problems[0] and BOUND in caught.value.problems[0]
    with pytest.raises(EditRefused) as caught:
        set_element_field(army, 0, 0, ("count",), value)
    assert "count" in caught.value.problems[0] and BOUND in caught.value.problems[0]


@pytest.mark.parametrize("value", [math.inf, math.nan, 10**19])
def test_a_homebrew_section_with_a_number_out_of_bounds_is_refused(value):
    """The window's homebrew dialogs and the library's homebrew file put a section in through set_homebrew."""
    from warbench.model.edits import set_homebrew

    army = army_from_data(largest_fow(1))
    section = json.loads(json.dumps(army.model_dump(mode="json")["homebrew"]))
    section["attributes"][0]["weight"] = value
    with pytest.raises(EditRefused) as caught:
        set_homebrew(army, section)
    assert caught.value.problems[0].startswith("homebrew.attributes[0].weight: "), caught.value.problems
