"""What the tests of each system's facets share: an element of a system, its attack odds, a game of an
example army, a rolled attack, the matchup's odds of one pair of a game."""

from __future__ import annotations

from collections import Counter

from warbench.model.attack_steps import Rolled
from warbench.model.fileio import load_army
from warbench.model.game import new_game
from warbench.model.matchup import Memo
from warbench.model.resources import examples_dir
from warbench.model.systems import get_system


def make(system, **kw):
    return get_system(system).schema.element_model.model_validate({"name": "E", **kw})


def odds(system, attacker, kind, target, situation=(), **kw):
    return get_system(system).combat.attack(attacker, kind, target, frozenset(situation), **kw)


def game_of(name: str):
    return new_game(load_army(examples_dir() / f"{name}.army.json"))


def rolled(damage: int = 0, left_over: int = 0, **effects: int) -> Rolled:
    return Rolled(damage=damage, effects=Counter(effects), left_over=left_over)


def matchup(game, a, t, kind, situation):
    """The matchup's (p_hit, p_damage) text for one pair with ``situation``."""
    system = game.systems[0]
    result = Memo(system, situation).attack(game.element(game.ref(a)), (kind, 0), game.element(game.ref(t)))
    return str(result.p_hit), str(result.p_damage)
