"""Matchup speed: one attack (median of 2 000), a 50 × 50 unit matrix (median of 5) and the
live update after an edit (re-validate the edited element, its odds against one target and
the activation's distribution; median of 200). The bare baseline is one 4+ check of one die.
Table mode (issue 29): army against army of 200 elements each (goal <= 1 s) and one rolled attack
applied to a game (goal <= 16 ms)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._armies import big_army  # noqa: E402
from benchmarks._timing import median_ms  # noqa: E402
from warbench.model.dice import success_chance  # noqa: E402
from warbench.model.matchup import activation, matrix  # noqa: E402
from warbench.model.systems import get_system  # noqa: E402


def main() -> None:
    army = big_army(50)
    system = get_system(army.system)
    attacker = army.units[0].elements[1]  # Sergeant: melee and ranged weapons
    target = army.units[5].elements[0]
    situation = frozenset({"flank", "long-range"})
    base_ms = median_ms(lambda: success_chance(8, -1, 4), 2000)
    one_ms = median_ms(lambda: system.combat.attack(attacker, "ranged", target, situation), 2000)
    grid_ms = median_ms(lambda: matrix(system, army, army), 5)
    distinct = big_army(50)
    dice = ("d4", "d6", "d8", "d10", "d12", "d20")
    for i, unit in enumerate(distinct.units):  # dice varied so that no two units read the same
        for j, element in enumerate(unit.elements):
            element.die = dice[(i + j) % 6]
            if element.ranged is not None:
                element.ranged.die = dice[(i // 6 + j) % 6]
    distinct_ms = median_ms(lambda: matrix(system, distinct, distinct), 3)

    element_model = system.schema.element_model
    data = attacker.model_dump()

    def live_update():
        data["ranged"]["die"] = "d10" if data["ranged"]["die"] == "d8" else "d8"
        edited = element_model.model_validate(data)
        result = system.combat.attack(edited, "ranged", target, situation)
        activation([(edited, edited.count, result)])

    live_ms = median_ms(live_update, 200)
    units = next(n for n in range(1, 500) if sum(len(u.elements) for u in big_army(n).units) >= 200)
    two_hundred = big_army(units)
    elements = sum(len(u.elements) for u in two_hundred.units)
    elements_ms = median_ms(lambda: matrix(system, two_hundred, two_hundred), 3)
    apply_ms = median_ms(apply_a_roll(), 50)
    print(f"bare baseline (one 4+ check): median {base_ms * 1000:.1f} µs")
    print(
        f"one matchup ({attacker.name} ranged vs {target.name}, flank + long range): median {one_ms * 1000:.1f} µs"
        f" ({one_ms / base_ms:.0f}× baseline; goal ≤ 1 ms)"
    )
    print(f"50 × 50 unit matrix (sample units repeat): median {grid_ms:.1f} ms over 5 runs (goal ≤ 250 ms)")
    print(f"50 × 50 unit matrix, dice varied unit by unit: median {distinct_ms:.1f} ms over 3 runs (goal ≤ 250 ms)")
    print(f"live update after an edit (validate + odds + distribution): median {live_ms:.2f} ms (budget 16 ms)")
    print(
        f"army against army, {elements} × {elements} elements ({units} × {units} units, a new memo each run): "
        f"median {elements_ms:.0f} ms over 3 runs (goal <= 1 s: {'met' if elements_ms <= 1000 else 'NOT MET'})"
    )
    print(
        f"a rolled attack applied to a game and undone (Human Force vs Alien Force, state and log written): median "
        f"{apply_ms:.2f} ms over 50 (goal <= 16 ms: {'met' if apply_ms <= 16 else 'NOT MET'})"
    )


def apply_a_roll():
    """One ranged attack of the Human Force's first unit on the Alien Force's, rolled and applied (what
    table mode's Apply does), each time on the game as the last one left it."""
    from itertools import count

    from warbench.model.fileio import load_army
    from warbench.model.game import new_game
    from warbench.model.game_attack import AttackOrder
    from warbench.model.resources import examples_dir

    game = new_game(
        load_army(examples_dir() / "human-force.army.json"), load_army(examples_dir() / "alien-force.army.json")
    )
    seeds = count()
    order = AttackOrder(game.ref("a:2/1"), game.ref("b:2/1"), "ranged")

    def roll() -> None:
        game.apply(game.attack(order, seed=next(seeds)))
        game.undo()  # the target stays as it was: every run applies the same kind of roll

    return roll


if __name__ == "__main__":
    main()
