"""The reference facet's one-die check: only the systems that declare one have it (model/systems/reference.py)."""

from __future__ import annotations

import pytest

from warbench.model.systems import get_system, system_ids

FOW = ["fow-special-ops", "fow-universal-1.7"]


@pytest.mark.parametrize("system_id", [sid for sid in system_ids() if sid not in FOW])
def test_other_systems_have_no_one_die_check(system_id):
    assert get_system(system_id).reference.dice_check is None
