"""Flat Out War: its own army-file upgrade steps (model/systems/flatoutwar/schema.py): small, pure, one version each."""

from __future__ import annotations

import copy

from warbench.model.systems import get_system


def test_fow_v0_step_turns_names_into_ids_without_touching_its_input():
    step = get_system("fow-special-ops").schema.upgrades[0]
    v0 = {"units": [{"name": "U", "elements": [{"attributes": ["Heavy Armour", {"id": "x"}], "spells": ["Zap"]}]}]}
    before = copy.deepcopy(v0)
    out = step(v0)
    assert v0 == before
    element = out["units"][0]["elements"][0]
    assert element["attributes"] == [{"id": "heavy-armour"}, {"id": "x"}] and element["spells"] == ["zap"]
