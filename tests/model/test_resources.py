"""The rules data in resources/ loads, is complete and keeps to its own conventions."""

from __future__ import annotations

import re

import pytest

from warbench.model.rules import slug
from warbench.model.systems import get_system, system_ids

FOW = ["fow-special-ops", "fow-universal-1.7"]
SPEC_IDS = [
    "exhaustible",
    "heavy-melee-weapon",
    "heavy-ranged-weapon",
    "template-2",
    "template-4",
    "template-6",
    "template-flame",
    "reload",
    "fire-linked",
    "submersible-weapon",
    "extra-weapon",
    "anti-flyer",
    "heavy-armor",
    "hit-points",
    "arcing-artillery",
    "jump",
    "loose-cohesion",
    "multi-shot",
    "transport",
    "activate",
    "sponson",
    "turret",
]
ONLY_SO = {
    "activate",
    "adaptive-armor",
    "anti-flyer",
    "capture",
    "ensnare",
    "glide",
    "hit-points",
    "reliant",
    "resilient",
    "skimmer",
    "sticky",
    "trigger",
}
ONLY_V17 = {"entrenched", "penetrator", "torso"}


@pytest.mark.parametrize("system_id", system_ids())
def test_system_loads(system_id):
    system = get_system(system_id)
    assert system.catalogue.attributes and system.catalogue.tables
    assert bool(system.catalogue.spells) == system_id.startswith("fow")


def test_attribute_sets_of_the_editions():
    so = set(get_system("fow-special-ops").catalogue.attributes)
    v17 = set(get_system("fow-universal-1.7").catalogue.attributes)
    assert len(so) == 58 and len(v17) == 49
    assert so - v17 == ONLY_SO and v17 - so == ONLY_V17
    assert set(SPEC_IDS) - {"activate", "anti-flyer", "hit-points"} <= v17
    assert set(SPEC_IDS) <= so


@pytest.mark.parametrize("system_id", FOW)
def test_entries_follow_conventions(system_id):
    cat = get_system(system_id).catalogue
    for entry in [*cat.attributes.values(), *cat.spells.values()]:
        assert entry.id == slug(entry.id), entry.id
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", entry.summary.strip()) if s]
        assert 1 <= len(sentences) <= 4 and len(entry.summary) <= 420, entry.id
    for attr in cat.attributes.values():
        assert attr.tags, attr.id
        for needed in [*attr.restrictions.requires_any, *attr.restrictions.excludes]:
            assert needed in cat.attributes, (attr.id, needed)


def test_spells_match_the_documents():
    spells = get_system("fow-special-ops").catalogue.spells
    assert {s: spells[s].difficulty for s in spells} == {
        "fast": -1,
        "fireball": -2,
        "fly": -4,
        "ironwill": -1,
        "shield": -2,
        "slow": -1,
        "strengthen": -3,
        "summon": -4,
        "teleport": -4,
        "terrify": -1,
        "weaken": -3,
        "zap": 0,
    }
    assert spells["zap"].budget_cost == 1 and spells["fly"].budget_cost == 4


@pytest.mark.parametrize("system_id", FOW)
def test_core_tables_for_the_cards(system_id):
    tables = get_system(system_id).catalogue.tables
    assert {
        "terrain",
        "morale-modifiers",
        "magical-misfires",
        "artillery-scatter",
        "inaccurate-scatter",
        "turn-sequence",
        "melee-modifiers",
        "ranged-modifiers",
    } <= set(tables)
    assert tables["morale-modifiers"].rows == (
        ("Each 25% of the unit already lost", "-1"),
        ("Frightened (rallying after a failed roll)", "-2"),
        ("Leader attached", "+2"),
    )
    assert [r[1] for r in tables["artillery-scatter"].rows] == ["Stops", '4"', '8"']


def test_cost_texts():
    attrs = get_system("fow-special-ops").catalogue.attributes
    assert attrs["flying"].cost.text == "+3 DAC" and attrs["command"].cost.text == "+8"
    assert attrs["waterborne"].cost.text == "-8" and attrs["frail"].cost.text == "-1 DAC"
    assert attrs["hit-points"].cost.text == "+Special" and attrs["exhaustible"].cost.text == "-Special"
    assert attrs["frail"].cost.category == "handicap" and attrs["jump"].cost.category == "special"


def test_dice_tables():
    dice = get_system("fow-special-ops").dice
    assert {d: (v["base"], v["dac"]) for d, v in dice.items()} == {
        "d4": (2, 1),
        "d6": (4, 2),
        "d8": (6, 3),
        "d10": (8, 4),
        "d12": (10, 5),
        "d20": (18, 9),
    }
    assert get_system("fow-universal-1.7").dice == dice


def test_catalogue_lookups_are_remembered_without_changing_answers():
    from warbench.model.rules import Catalogue
    from warbench.model.systems import get_system

    built = get_system("fow-special-ops").catalogue
    fresh = Catalogue(list(built.attributes.values()), list(built.spells.values()), [])
    spellings = ["flying", "Flying", "FLIERS", "flyer", "heavy armour", "no such thing", "", 42, None]
    first = [fresh.resolve_attribute(s) for s in spellings]
    assert first == [Catalogue._resolve(fresh._attribute_alias, s) for s in spellings]
    assert first[0] == "flying" and first[5] is None and first[-1] is None
    assert [fresh.resolve_attribute(s) for s in spellings] == first  # the remembered answers
    for i in range(10_050):  # a flood of odd spellings is forgotten, not kept forever
        fresh.resolve_attribute(f"odd {i}")
    assert len(fresh._attribute_memo) <= 10_001
    assert fresh.resolve_spell("Fireball") == Catalogue._resolve(fresh._spell_alias, "Fireball")
