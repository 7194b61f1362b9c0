"""Each system's own army-file upgrade steps (RuleSystem.upgrades): small, pure, one version each."""

from __future__ import annotations

import pytest

from warbench.model.army import SCHEMA_VERSION
from warbench.model.migrations import STEPS, migrate, steps_of
from warbench.model.systems import get_system, system_ids


@pytest.mark.parametrize("system_id", system_ids())
def test_system_steps_are_for_older_versions_only(system_id):
    own = get_system(system_id).schema.upgrades
    assert set(own) <= set(range(SCHEMA_VERSION))
    assert all(steps[0] is STEPS[v] for v, steps in steps_of(get_system(system_id)).items())


def test_the_shared_step_leaves_elements_to_the_system():
    v0 = {"schema_version": 0, "units": [{"elements": [{"attributes": ["Brave"]}]}]}
    out = STEPS[0](v0)
    assert out["units"][0]["elements"][0]["attributes"] == ["Brave"] and out["options"] == {}
    assert migrate(v0, 0, get_system("fubar"))["units"][0]["elements"][0]["attributes"] == ["Brave"]
