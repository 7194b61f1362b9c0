"""Legal-but-odd builds give warnings naming the element and the rule, never exceptions."""

from __future__ import annotations

import pytest

from tests.helpers import army_data, element, priced
from warbench.model.costing import price_army
from warbench.model.fileio import army_from_data
from warbench.model.systems import get_system

SO, V17 = "fow-special-ops", "fow-universal-1.7"
GUN = {"name": "Gun", "die": "d6", "range": 12}

WARNED = [
    ("odd-move", SO, dict(move=5), "move", 'MOVE 5" is not a multiple of 2'),
    ("hover-without-flying", SO, dict(attributes=["hover"]), "hover", "Hover requires Flying"),
    (
        "inaccurate-without-arcing",
        SO,
        dict(ranged=GUN, attributes=["inaccurate"]),
        "inaccurate",
        "Inaccurate requires Arcing Artillery",
    ),
    (
        "submersible-alone",
        SO,
        dict(attributes=["submersible"]),
        "submersible",
        "Submersible requires Amphibious or Waterborne",
    ),
    ("stand-without-ranged", SO, dict(attributes=["stand"]), "stand", "Stand requires a ranged weapon"),
    ("v17-walker-on-trooper", V17, dict(attributes=["walker"]), "walker", "Walker is for vehicles only"),
    ("v17-torso-on-trooper", V17, dict(attributes=["torso"]), "torso", "Torso is for vehicles only"),
    (
        "reload-3-turns",
        SO,
        dict(ranged=GUN, attributes=[{"id": "reload", "turns": 3}]),
        "reload",
        "turns 3 is over the maximum of 2",
    ),
    (
        "magic-over-budget",
        SO,
        dict(attributes=["magic"], spells=["fireball", "fly", "zap"]),
        "magic",
        "total difficulty -7, over the Magic budget of -6",
    ),
    ("spells-without-magic", SO, dict(spells=["zap"]), "magic", "has spells but not the Magic attribute"),
    (
        "v17-sharpshooter-with-heavy-ranged",
        V17,
        dict(ranged=GUN, attributes=["sharpshooter", "heavy-ranged-weapon"]),
        "sharpshooter",
        "does not work with Heavy Ranged Weapon",
    ),
    (
        "activate-missing-target",
        SO,
        dict(attributes=[{"id": "activate", "target": "stealth"}]),
        "activate",
        "switches Stealth, which the element does not have",
    ),
    ("duplicate-attribute", SO, dict(attributes=["brave", "brave"]), "brave", "listed more than once"),
    (
        "fire-linked-without-extra",
        SO,
        dict(ranged=GUN, attributes=["fire-linked"]),
        "fire-linked",
        "requires Extra Weapon",
    ),
]


@pytest.mark.parametrize("system,kw,rule,text", [w[1:] for w in WARNED], ids=[w[0] for w in WARNED])
def test_warning(system, kw, rule, text):
    army = army_from_data(army_data(system, [element(name="Odd One", **kw)]))
    warnings = price_army(army, get_system(system)).warnings
    matching = [w for w in warnings if w.rule == rule]
    assert matching, [str(w) for w in warnings]
    assert text in matching[0].message
    assert matching[0].subject == "Unit / Odd One"
    assert matching[0].path == "units[0].elements[0]" and matching[0].at == (0, 0)  # positions as integers


CLEAN = [
    ("hover-with-flying", SO, dict(attributes=["flying", "hover"])),
    ("submersible-amphibious", SO, dict(attributes=["amphibious", "submersible"])),
    ("inaccurate-with-arcing", SO, dict(ranged=GUN, attributes=["arcing-artillery", "inaccurate"])),
    ("magic-at-budget", SO, dict(attributes=["magic"], spells=["fly", "shield"])),
    ("magic-zero-counts-one", SO, dict(attributes=["magic"], spells=["zap", "weaken", "fireball"])),
    ("v17-walker-on-vehicle", V17, dict(type="vehicle", attributes=["walker"])),
    ("so-walker-on-trooper", SO, dict(attributes=["walker"])),
    ("two-sponsons", SO, dict(type="vehicle", attributes=[{"id": "sponson", "die": "d8", "range": 8}] * 2)),
]


@pytest.mark.parametrize("system,kw", [c[1:] for c in CLEAN], ids=[c[0] for c in CLEAN])
def test_no_warning(system, kw):
    assert priced(system, **kw)[2] == []


def test_over_points_limit_names_the_army_and_amount():
    army = army_from_data(army_data(SO, [element(die="d20", count=3)], limit=50, name="Big Army"))
    warnings = price_army(army, get_system(SO)).warnings
    assert [str(w) for w in warnings] == ["Big Army: 54 pts is over the 50 pts limit by 4"]
    assert warnings[0].rule == "points-limit"


def test_at_the_limit_is_fine():
    army = army_from_data(army_data(SO, [element(die="d20", count=3)], limit=54))
    assert price_army(army, get_system(SO)).warnings == ()
