"""A rule system is a core plus facets, each built with the system it serves: a homebrew copy builds its own,
so each of its facets reads the copy's catalogue (model/systems/base.py, docs/adding-a-system.md)."""

from __future__ import annotations

import pytest

from model.systems import get_system, system_ids
from tests.model.test_homebrew import HOMEBREW


@pytest.mark.parametrize("system_id", system_ids())
def test_each_facet_serves_its_own_system(system_id):
    system = get_system(system_id)
    facets = [system.presentation, system.reference, system.combat, system.homebrew, system.pricing, system.play]
    assert all(f.system is system for f in facets if f is not None)


def test_a_homebrew_copy_builds_its_own_facets_that_read_its_catalogue():
    system = get_system("fow-special-ops")
    copy = system.with_homebrew(HOMEBREW)
    assert copy is not system and copy.root is system
    for name in ("presentation", "reference", "combat", "homebrew", "pricing", "play"):
        facet, own = getattr(copy, name), getattr(system, name)
        assert facet is not own and facet.system is copy and type(facet) is type(own)
    assert "regenerate" in copy.catalogue.attributes and "regenerate" not in system.catalogue.attributes
    assert copy.homebrew.homebrew_ids() == {
        "regenerate",
        "rocket-pod",
        "searchlight",
        "long-legs",
        "banner",
        "clumsy",
        "heavy-pack",
        "mud",
    }
    assert system.homebrew.homebrew_ids() == set()
