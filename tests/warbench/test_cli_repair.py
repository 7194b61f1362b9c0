"""`warbench cost FILE --repair`: the repairs listed on stderr, then the cost of the repaired army."""

from __future__ import annotations

import json

import pytest

from tests.helpers import damaged_example
from warbench.cli import main
from warbench.model.costing import price_army
from warbench.model.fileio import army_from_data
from warbench.model.resources import examples_dir
from warbench.model.systems import system_for

HUMAN_FORCE = examples_dir() / "human-force.army.json"


def _bad_file(tmp_path):
    return damaged_example(tmp_path, "\x1b[2Jnope")


def test_cost_still_refuses_a_bad_file_by_default(tmp_path, capsys):
    path, _data = _bad_file(tmp_path)
    assert main(["cost", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "units[1].elements[0].ranged.die" in err and "repaired" not in err


def test_cost_repair_lists_each_repair_then_prices_the_repaired_army(tmp_path, capsys):
    path, data = _bad_file(tmp_path)
    before = path.read_bytes()
    assert main(["cost", str(path), "--json", "--repair"]) == 0
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert lines[0].startswith(
        f"warbench: {path}: repaired: units[0].elements[0].attributes[2].id (Assault Squad ▸ Assault Troop):"
    )
    assert "\x1b" not in err and "\\x1b[2Jnope" in lines[0]
    assert lines[1].startswith(f"warbench: {path}: repaired: units[1].elements[0].ranged.die")
    assert "'d7' — units[1].elements[0].ranged set to its default, null — 'd7' is not a die" in lines[1]
    assert lines[2] == f"warbench: {path}: 2 repairs; the file itself is unchanged"
    del data["units"][0]["elements"][0]["attributes"][2]
    data["units"][1]["elements"][0]["ranged"] = None
    repaired = army_from_data(data)
    assert json.loads(out)["total"] == price_army(repaired, system_for(repaired)).total
    assert path.read_bytes() == before


def test_cost_repair_of_a_truncated_file_prices_the_complete_units(tmp_path, capsys):
    text = HUMAN_FORCE.read_text(encoding="utf-8")
    path = tmp_path / "cut.army.json"
    path.write_text(text[: text.index('"Tactical Squad"')], encoding="utf-8")
    assert main(["cost", str(path), "--repair"]) == 0
    out, err = capsys.readouterr()
    assert f"{path}: repaired: units[1]: " in err and "not valid JSON: " in err
    assert "Assault Squad" in out and "Tactical Squad" not in out


@pytest.mark.parametrize(
    ("content", "lines"),
    [
        ("[" * 10_000, ["(top level): nested more than 64 levels deep; the limit is 64"]),
        (
            "[[[",
            [
                "not valid JSON: Expecting value at line 1 column 4",
                "cannot repair: the file does not begin as an army file (a JSON object)",
            ],
        ),
    ],
)
def test_cost_repair_exits_2_when_nothing_can_be_salvaged(tmp_path, capsys, content, lines):
    path = tmp_path / "junk.army.json"
    path.write_text(content, encoding="utf-8")
    assert main(["cost", str(path), "--repair"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [f"warbench: {path}: {line}" for line in lines]


def test_cost_repair_of_an_intact_file_lists_nothing(capsys):
    assert main(["cost", str(HUMAN_FORCE), "--json", "--repair"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert main(["cost", str(HUMAN_FORCE), "--json"]) == 0
    assert capsys.readouterr().out == out
