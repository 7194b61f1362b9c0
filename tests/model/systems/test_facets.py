"""A rule system is a core plus facets, each built with the system it serves: a homebrew copy builds its own,
so each of its facets reads the copy's catalogue (model/systems/base.py, docs/adding-a-system.md)."""

from __future__ import annotations

from dataclasses import fields

import pytest

from model.systems import get_system, system_ids
from model.systems.base import Facets
from tests.model.test_homebrew import HOMEBREW

#: every facet a system declares (model.systems.base.Facets), so a new facet is covered here
FACETS = tuple(f.name for f in fields(Facets))


@pytest.mark.parametrize("system_id", system_ids())
def test_each_facet_serves_its_own_system(system_id):
    system = get_system(system_id)
    facets = [getattr(system, name) for name in FACETS]
    assert all(f.system is system for f in facets if f is not None)


def test_a_homebrew_copy_builds_its_own_facets_that_read_its_catalogue():
    system = get_system("fow-special-ops")
    copy = system.with_homebrew(HOMEBREW)
    assert copy is not system and copy.root is system
    for name in FACETS:
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


def test_a_homebrew_copy_checks_elements_against_its_own_entries():
    """The schema facet's models are the copy's: an element with a homebrew attribute is valid in the copy's army
    file and refused by the system's own."""
    system = get_system("fow-special-ops")
    copy = system.with_homebrew(HOMEBREW)
    element = {"name": "E", "die": "d6", "attributes": [{"id": "regenerate"}]}
    assert copy.schema.element_model.model_validate(element).attributes[0].id == "regenerate"
    with pytest.raises(ValueError, match="regenerate"):
        system.schema.element_model.model_validate(element)
    assert copy.schema.army_model is not system.schema.army_model
