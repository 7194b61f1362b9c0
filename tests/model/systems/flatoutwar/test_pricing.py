"""Flat Out War's pricing (model/systems/flatoutwar/pricing.py): hand-computed costs, one rule or edition
difference per case.

DAC: d4 1, d6 2, d8 3, d10 4, d12 5, d20 9. Base: d4 2, d6 4, d8 6, d10 8, d12 10, d20 18.
Each expected value is worked out in the comment beside it, from the rules text.
"""

from __future__ import annotations

import pytest

from tests.helpers import cost_of, priced
from warbench.model.fileio import ArmyFileError

SO, V17 = "fow-special-ops", "fow-universal-1.7"
RBD2 = {"ranged_base_dac": 2}


def ranged(die, rng, name="Gun"):
    return {"name": name, "die": die, "range": rng}


def melee(die, name="Blade"):
    return {"name": name, "die": die}


CASES = [
    # id, system, options, element, expected
    ("base-only-d20", SO, None, dict(die="d20"), 18),
    ("melee-2dac-of-weapon-die", SO, None, dict(die="d6", melee=melee("d8")), 4 + 6),
    ("melee-and-ranged-both-priced", SO, None, dict(die="d6", melee=melee("d6"), ranged=ranged("d6", 6)), 4 + 4 + 4),
    # Special Ops ranged: 1 DAC + 1 DAC per 6" rounded up: d8, 13" -> (1 + 3) x 3 = 12
    ("so-ranged-1dac-per-6in-round-up", SO, None, dict(die="d6", ranged=ranged("d8", 13)), 4 + 12),
    ("so-ranged-base-dac-2-option", SO, RBD2, dict(die="d6", ranged=ranged("d8", 13)), 4 + 15),
    ("so-ranged-zero-range", SO, None, dict(die="d6", ranged=ranged("d8", 0)), 4 + 3),
    # v1.7 ranged: 2 DAC + 1 DAC per 2": d8, 13" -> (2 + 7) x 3 = 27
    ("v17-ranged-2dac-per-2in", V17, None, dict(die="d8", ranged=ranged("d8", 13)), 6 + 27),
    ("v17-ranged-ignores-base-dac-option", V17, RBD2, dict(die="d8", ranged=ranged("d8", 13)), 6 + 27),
    # MOVE: 1 DAC of the base die per 2"; odd values round up
    ("move-1dac-per-2in", SO, None, dict(die="d10", move=6), 8 + 12),
    ("move-odd-rounds-up", SO, None, dict(die="d6", move=5), 4 + 6),
    # Exhaustible: Special Ops /4, v1.7 /2, rounded up
    ("so-exhaustible-quarter", SO, None, dict(die="d6", ranged=ranged("d10", 12), attributes=["exhaustible"]), 4 + 3),
    ("so-exhaustible-rounds-up", SO, None, dict(die="d6", ranged=ranged("d8", 6), attributes=["exhaustible"]), 4 + 2),
    ("v17-exhaustible-half", V17, None, dict(die="d6", ranged=ranged("d10", 12), attributes=["exhaustible"]), 4 + 16),
    ("v17-exhaustible-rounds-up", V17, None, dict(die="d6", ranged=ranged("d6", 1), attributes=["exhaustible"]), 4 + 3),
    # sponson d8 8" = (1 + 2) x 3 = 9, exhaustible -> 3
    (
        "so-exhaustible-on-sponson",
        SO,
        None,
        dict(
            die="d20",
            type="vehicle",
            attributes=[{"id": "sponson", "die": "d8", "range": 8}, {"id": "exhaustible", "weapon": "sponson"}],
        ),
        18 + 3,
    ),
    # Lucky: Special Ops +1 DAC, v1.7 +2 DAC
    ("so-lucky-1dac", SO, None, dict(die="d8", attributes=["lucky"]), 6 + 3),
    ("v17-lucky-2dac", V17, None, dict(die="d8", attributes=["lucky"]), 6 + 6),
    # Walker: Special Ops +4 (anyone), v1.7 +1 DAC vehicle only
    ("so-walker-flat-4", SO, None, dict(die="d12", attributes=["walker"]), 10 + 4),
    ("v17-walker-1dac", V17, None, dict(die="d12", type="vehicle", attributes=["walker"]), 10 + 5),
    ("v17-torso-4", V17, None, dict(die="d12", type="vehicle", attributes=["torso"]), 10 + 4),
    ("v17-entrenched-2dac", V17, None, dict(die="d10", attributes=["entrenched"]), 8 + 8),
    ("v17-penetrator-1dac", V17, None, dict(die="d10", attributes=["penetrator"]), 8 + 4),
    # Reload: Special Ops -1 DAC of the weapon die per turn; v1.7 -1 DAC of the base die per turn
    (
        "so-reload-weapon-die",
        SO,
        None,
        dict(die="d4", ranged=ranged("d12", 2), attributes=[{"id": "reload", "turns": 2}]),
        2 + 10 - 10,
    ),
    (
        "v17-reload-base-die",
        V17,
        None,
        dict(die="d4", ranged=ranged("d12", 2), attributes=[{"id": "reload", "turns": 2}]),
        2 + 15 - 2,
    ),
    # Turret: Special Ops a weapon 1 DAC + 1 DAC per 6"; v1.7 +1 DAC of the base die
    (
        "so-turret-weapon",
        SO,
        None,
        dict(die="d20", type="vehicle", attributes=[{"id": "turret", "die": "d10", "range": 12}]),
        18 + 12,
    ),
    (
        "so-turret-base-dac-2",
        SO,
        RBD2,
        dict(die="d20", type="vehicle", attributes=[{"id": "turret", "die": "d10", "range": 12}]),
        18 + 16,
    ),
    (
        "v17-turret-1dac",
        V17,
        None,
        dict(die="d20", type="vehicle", ranged=ranged("d20", 0), attributes=["turret"]),
        18 + 18 + 9,
    ),
    ("so-extra-weapon", SO, None, dict(die="d6", attributes=[{"id": "extra-weapon", "die": "d8", "range": 7}]), 4 + 9),
    (
        "so-two-sponsons",
        SO,
        None,
        dict(
            die="d20",
            type="vehicle",
            attributes=[{"id": "sponson", "die": "d8", "range": 8}, {"id": "sponson", "die": "d8", "range": 8}],
        ),
        18 + 18,
    ),
    (
        "so-fire-linked-minus-1dac",
        SO,
        None,
        dict(die="d6", attributes=[{"id": "extra-weapon", "die": "d6", "range": 6}, "fire-linked"]),
        4 + 4 - 2,
    ),
    # Hit Points: 50% of the cost before hit points, rounded up, per hit point
    (
        "so-hit-points-even",
        SO,
        None,
        dict(die="d8", melee=melee("d8"), move=6, attributes=["tough", {"id": "hit-points", "count": 2}]),
        24 + 24,
    ),
    (
        "so-hit-points-rounds-up",
        SO,
        None,
        dict(die="d8", move=2, attributes=[{"id": "hit-points", "count": 3}]),
        9 + 15,
    ),
    # Activate halves the switched attribute, rounded up: Flying on d8 = 9 -> 5
    (
        "so-activate-halves",
        SO,
        None,
        dict(die="d8", attributes=["flying", {"id": "activate", "target": "flying"}]),
        6 + 9 - 4,
    ),
    (
        "so-activate-even",
        SO,
        None,
        dict(die="d6", attributes=[{"id": "activate", "target": "flying"}, "flying"]),
        4 + 6 - 3,
    ),
    # Transport: 1 DAC of each passenger's die; the costliest payload counts
    (
        "so-transport-costliest-payload",
        SO,
        None,
        dict(die="d10", type="vehicle", attributes=[{"id": "transport", "payloads": [["d6", "d6", "d6"], ["d12"]]}]),
        8 + 6,
    ),
    (
        "so-transport-single-big",
        SO,
        None,
        dict(die="d10", type="vehicle", attributes=[{"id": "transport", "payloads": [["d4"] * 4, ["d20"]]}]),
        8 + 9,
    ),
    # Multi-shot: each extra shot 1 DAC of the weapon die + 1 DAC per 6"
    (
        "so-multi-shot-3",
        SO,
        None,
        dict(die="d6", ranged=ranged("d8", 12), attributes=[{"id": "multi-shot", "shots": 3}]),
        4 + 9 + 18,
    ),
    (
        "so-multi-shot-base-dac-2",
        SO,
        RBD2,
        dict(die="d6", ranged=ranged("d8", 12), attributes=[{"id": "multi-shot", "shots": 3}]),
        4 + 12 + 24,
    ),
    (
        "v17-multi-shot-uses-6in-rule",
        V17,
        None,
        dict(die="d8", ranged=ranged("d8", 12), attributes=[{"id": "multi-shot", "shots": 3}]),
        6 + 24 + 18,
    ),
    # Jump and Loose Cohesion: 1 DAC per 4", rounded up
    ("so-jump-rounds-up", SO, None, dict(die="d6", attributes=[{"id": "jump", "range": 10}]), 4 + 6),
    ("so-jump-exact", SO, None, dict(die="d6", attributes=[{"id": "jump", "range": 8}]), 4 + 4),
    ("so-loose-cohesion-default-4in", SO, None, dict(die="d8", attributes=["loose-cohesion"]), 6 + 3),
    ("so-loose-cohesion-6in", SO, None, dict(die="d8", attributes=[{"id": "loose-cohesion", "range": 6}]), 6 + 6),
    (
        "so-loose-cohesion-free",
        SO,
        {"free_attributes": ["loose-cohesion"]},
        dict(die="d8", attributes=["loose-cohesion"]),
        6,
    ),
    ("v17-loose-cohesion-vehicle-default", V17, None, dict(die="d8", type="vehicle", attributes=["loose-cohesion"]), 6),
    ("v17-loose-cohesion-trooper", V17, None, dict(die="d8", attributes=["loose-cohesion"]), 6 + 3),
    # Capture / Ensnare: the ranged weapon costs 1 DAC of its die less
    ("so-capture", SO, None, dict(die="d6", ranged=ranged("d10", 6), attributes=["capture"]), 4 + 8 - 4),
    ("so-ensnare", SO, None, dict(die="d6", ranged=ranged("d10", 6), attributes=["ensnare"]), 4 + 8 - 4),
    # Inaccurate: Special Ops -1 DAC of the weapon die; v1.7 states no cost
    (
        "so-inaccurate",
        SO,
        None,
        dict(die="d8", ranged=ranged("d12", 24), attributes=["arcing-artillery", "inaccurate"]),
        6 + 25 + 6 - 5,
    ),
    (
        "v17-inaccurate-no-cost",
        V17,
        None,
        dict(die="d8", ranged=ranged("d12", 24), attributes=["arcing-artillery", "inaccurate"]),
        6 + 70 + 6,
    ),
    (
        "so-templates-price-base-die",
        SO,
        None,
        dict(die="d10", ranged=ranged("d12", 0), attributes=["template-6"]),
        8 + 5 + 12,
    ),
    (
        "so-flat-costs",
        SO,
        None,
        dict(die="d4", attributes=["magic", "amphibious", "submersible", "submersible-weapon", "waterborne"]),
        2 + 16 + 8 + 12 + 6 - 8,
    ),
    (
        "so-handicaps",
        SO,
        None,
        dict(die="d12", attributes=["cumbersome", "frail", "sailed", "reliant"]),
        10 - 5 - 5 - 5 - 10,
    ),
    (
        "so-dac-bonuses",
        SO,
        None,
        dict(die="d4", attributes=["agile", "resilient", "sticky", "trigger", "unfeeling", "glide", "skimmer"]),
        2 + 2 + 3 + 3 + 2 + 2 + 1 + 1,
    ),
]


@pytest.mark.parametrize("system,options,kw,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_cost(system, options, kw, expected):
    assert cost_of(system, options, **kw) == expected


def test_attribute_of_one_edition_is_refused_by_the_other():
    with pytest.raises(ArmyFileError, match=r"attributes\[0\]\.id: 'torso' is not an attribute"):
        cost_of(SO, die="d6", type="vehicle", attributes=["torso"])
    with pytest.raises(ArmyFileError, match=r"'sticky' is not an attribute"):
        cost_of(V17, die="d6", attributes=["sticky"])


def test_breakdown_names_every_source_and_adds_up():
    points, lines, _ = priced(
        SO, die="d6", move=4, ranged=ranged("d6", 24, "Pulse Rifle"), attributes=["agile", "brave"]
    )
    items = [(line.item, line.points) for line in lines]
    assert items == [
        ("base d6", 4),
        ('Pulse Rifle d6, 24"', 10),
        ('move 4"', 4),
        ("Agile (2 DAC of d6)", 4),
        ("Brave (1 DAC of d6)", 2),
    ]
    assert points == sum(p for _, p in items) == 24


def test_free_attribute_shows_as_zero_line():
    _, lines, _ = priced(SO, {"free_attributes": ["loose"]}, die="d6", attributes=["loose-cohesion"])
    assert lines[-1].points == 0 and "free" in lines[-1].item
