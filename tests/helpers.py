"""Small builders shared by the tests."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from warbench.model.costing import price_army
from warbench.model.fileio import army_from_data
from warbench.model.systems import system_for


def army_data(system: str = "fow-special-ops", elements=(), options=None, limit=None, name="Test Army") -> dict:
    data = {
        "format": "warbench-army",
        "schema_version": 1,
        "system": system,
        "name": name,
        "points_limit": limit,
        "units": [{"name": "Unit", "elements": list(elements)}],
    }
    if options is not None:
        data["options"] = options
    return data


def element(name="E", die="d6", move=0, melee=None, ranged=None, attributes=(), type="trooper", count=1, spells=()):
    return {
        "name": name,
        "type": type,
        "count": count,
        "die": die,
        "move": move,
        "melee": melee,
        "ranged": ranged,
        "attributes": [a if isinstance(a, dict) else {"id": a} for a in attributes],
        "spells": list(spells),
    }


def priced(system="fow-special-ops", options=None, limit=None, **kw):
    """(cost of the one element, breakdown, warnings) for an element built from ``kw``."""
    army = army_from_data(army_data(system, [element(**kw)], options, limit))
    cost = price_army(army, system_for(army))
    ec = cost.units[0].elements[0]
    return ec.cost_each, ec.breakdown, [str(w) for w in cost.warnings]


def cost_of(system="fow-special-ops", options=None, **kw) -> int:
    return priced(system, options, **kw)[0]


def enumerate_chance(dice, succeeds) -> Fraction:
    """Brute force: roll every face combination of ``dice`` (a list of side counts) and count
    those ``succeeds(faces)`` accepts. The matchup tests check the exact models against it."""
    total = hits = 0
    for faces in product(*(range(1, n + 1) for n in dice)):
        total += 1
        hits += bool(succeeds(faces))
    return Fraction(hits, total)


def damaged_example(folder, attribute_id: str = "nope"):
    """(path, data): the human force example with two values the loader refuses (the Tactical Troop's
    ranged die 'd7', an attribute ``attribute_id`` added to the Assault Troop), written into ``folder``."""
    import json

    from warbench.model.resources import examples_dir

    data = json.loads((examples_dir() / "human-force.army.json").read_text(encoding="utf-8"))
    data["units"][1]["elements"][0]["ranged"]["die"] = "d7"
    data["units"][0]["elements"][0]["attributes"].append({"id": attribute_id})
    path = folder / "bad.army.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path, data


def played(game, attacker, target, kind, weapon=None, situation=(), seed=None, apply=False, reroll=None, whole=False):
    """The contract's attack object (``warbench game attack --json``) for an attack given as the command line
    gives it: REF texts, rolled once (``Game.attack``) and with ``apply`` applied (``Game.apply``)."""
    from warbench.game_cli import attack_json
    from warbench.model.game_attack import AttackOrder

    order = AttackOrder(game.ref(attacker), game.ref(target), kind, weapon, tuple(situation), reroll, whole)
    outcome = game.attack(order, seed)
    if apply and not outcome.refused:
        outcome = game.apply(outcome)
    return attack_json(outcome)
