"""FUBAR: its army file's shapes refuse what the rules do not allow (model/systems/fubar/models.py)."""

from __future__ import annotations

import json

import pytest

from warbench.model.fileio import ArmyFileError, army_from_data
from warbench.model.resources import examples_dir


def test_fubar_armour_must_fit_the_kind():
    data = json.loads((examples_dir() / "fubar-rifle-platoon.army.json").read_text(encoding="utf-8"))
    data["units"][2]["elements"][0]["armour"] = "battlesuit"
    with pytest.raises(ArmyFileError, match=r"units\[2\].elements\[0\]: armour 'battlesuit' is not a vehicle armour"):
        army_from_data(data)
