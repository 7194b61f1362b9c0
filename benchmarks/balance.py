"""Balance lab speed (issue 40): 200 designs against a 200-element pool (goal <= 1 s), side by side with the
matchup of the same armies (``matchup_json``: every pair and the unit matrix), both with a new memo each run.

Two pools: the sample army repeated (its designs repeat, as a real army's do) and the same army with dice varied
element by element so that few designs repeat (the worst case of the odds' memo)."""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._armies import big_army_data  # noqa: E402
from benchmarks._timing import median_ms  # noqa: E402
from warbench.model.balance import Lab, PoolArmy, balance  # noqa: E402
from warbench.model.fileio import army_from_data  # noqa: E402
from warbench.model.matchup import matchup_json  # noqa: E402
from warbench.model.systems import system_for  # noqa: E402

DICE = ("d4", "d6", "d8", "d10", "d12", "d20")


def two_hundred(vary: bool):
    """The sample units cycled to 200 elements; ``vary``: every element a design of its own as the odds read it
    (its die, a melee and a ranged weapon, each of its own die: 216 combinations)."""
    units = next(n for n in range(1, 500) if sum(len(u["elements"]) for u in big_army_data(n)["units"]) >= 200)
    data = big_army_data(units)
    if vary:
        k = 0
        for unit in data["units"]:
            for element in unit["elements"]:
                element["die"] = DICE[k % 6]
                element["melee"] = {"name": "Blade", "die": DICE[(k // 6) % 6]}
                element["ranged"] = {"name": "Gun", "die": DICE[(k // 36) % 6], "range": 12}
                k += 1
    return army_from_data(data)


def main() -> None:
    for vary in (False, True):  # copies of the sample designs; every element its own design
        army, pool_army = two_hundred(vary), two_hundred(vary)
        system = system_for(army)
        n = sum(len(u.elements) for u in army.units)
        pool = [PoolArmy("pool", pool_army)]
        lab_ms = median_ms(partial(balance, army, system, pool), 3)
        matchup_ms = median_ms(partial(matchup_json, system, army, pool_army), 3)
        lab = Lab(system, pool)
        report = lab.report(army)
        designs = len(lab.seen)
        what = "every element its own design" if vary else "the sample army's designs repeating"
        print(
            f"balance, {n} designs against a {report.pool_elements}-element pool ({what}; {designs} distinct designs "
            "as the odds read them, "
            f"the pool's own curve included): median {lab_ms:.0f} ms over 3 runs "
            f"(goal <= 1 s: {'met' if lab_ms <= 1000 else 'NOT MET'}); "
            f"warbench matchup of the same armies (pairs and matrix): median {matchup_ms:.0f} ms"
        )


if __name__ == "__main__":
    main()
