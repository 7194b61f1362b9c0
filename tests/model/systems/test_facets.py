"""A rule system is a core plus facets, each built with the system it serves: a homebrew copy builds its own,
so each of its facets reads the copy's catalogue (model/systems/base.py, docs/adding-a-system.md)."""

from __future__ import annotations

import ast
from dataclasses import fields
from pathlib import Path

import pytest

from tests.model.test_homebrew import HOMEBREW
from warbench.model.systems import get_system, system_ids
from warbench.model.systems.base import Facets

ROOT = Path(__file__).resolve().parents[3]

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


def _own_members(path: str, name: str) -> list[str]:
    """The members class ``name`` of ``path`` defines itself: its methods, properties and class attributes, and
    the attributes its methods set on ``self`` (inherited ones are its base's)."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    cls = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == name)
    found: list[str] = []
    for item in cls.body:
        if isinstance(item, ast.FunctionDef):
            if item.name != "__init__":
                found.append(item.name)
            targets = [t for n in ast.walk(item) if isinstance(n, (ast.Assign, ast.AnnAssign)) for t in _targets(n)]
            found += [t.attr for t in targets if isinstance(t, ast.Attribute) and ast.unparse(t.value) == "self"]
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            found.append(item.target.id)
        elif isinstance(item, ast.Assign):
            found += [t.id for t in item.targets if isinstance(t, ast.Name)]
    return list(dict.fromkeys(found))


def _targets(node: ast.Assign | ast.AnnAssign) -> list[ast.expr]:
    return node.targets if isinstance(node, ast.Assign) else [node.target]


@pytest.mark.parametrize(
    ("path", "name"),
    [
        ("model/systems/base.py", "RuleSystem"),
        ("model/systems/schema.py", "Schema"),
        ("model/systems/presentation.py", "Presentation"),
        ("model/systems/pricing.py", "Pricing"),
        ("model/systems/reference.py", "Reference"),
        ("model/systems/combat.py", "Combat"),
        ("model/systems/homebrew.py", "Homebrew"),
        ("model/systems/play.py", "TablePlay"),
        ("model/systems/play.py", "TableTurn"),
    ],
)
def test_the_core_and_each_facet_stay_small(path, name):
    """Issue 23: a core of at most 15 members (id, name, data, catalogue, its facets, the homebrew copy) and
    facets of at most 15 each; a new concern is a new facet, not more members on one."""
    members = _own_members(str(ROOT / path), name)
    assert len(members) <= 15, f"{name} has {len(members)} members: {', '.join(members)}"
