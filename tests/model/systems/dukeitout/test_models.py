"""Duke It Out: its army file's shapes refuse what the rules do not allow (model/systems/dukeitout/models.py)."""

from __future__ import annotations

import json

import pytest

from warbench.model.fileio import ArmyFileError, army_from_data
from warbench.model.resources import examples_dir


def test_duke_bad_stat_is_refused():
    data = json.loads((examples_dir() / "duke-it-out-brick-brigade.army.json").read_text(encoding="utf-8"))
    data["units"][0]["elements"][0]["move"] = "fast"
    data["units"][1]["elements"][0]["template"] = "godzilla"
    with pytest.raises(ArmyFileError) as info:
        army_from_data(data)
    assert info.value.problems == [
        "units[0].elements[0].move: 'fast' is not a stat (a number, or values like 15/20/25, 5-10 or 8/*)",
        "units[1].elements[0].template: 'godzilla' is not a template of the library (use null for your own)",
    ]
