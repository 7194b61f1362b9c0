"""Balance lab speed (issue 40): 200 designs against a 200-element pool (goal <= 1 s), side by side with the
matchup of the same armies (``matchup_json``: every pair and the unit matrix), both with a new memo each run.

Two pools: the sample army repeated (its designs repeat, as a real army's do) and the same army with dice varied
element by element so that few designs repeat (the worst case of the odds' memo)."""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._armies import big_army  # noqa: E402
from benchmarks._timing import median_ms  # noqa: E402
from warbench.model.balance import Lab, PoolArmy, balance  # noqa: E402
from warbench.model.matchup import matchup_json  # noqa: E402
from warbench.model.systems import system_for  # noqa: E402

DICE = ("d4", "d6", "d8", "d10", "d12", "d20")


def two_hundred(vary: bool):
    units = next(n for n in range(1, 500) if sum(len(u.elements) for u in big_army(n).units) >= 200)
    army = big_army(units)
    if vary:
        for i, unit in enumerate(army.units):
            for j, element in enumerate(unit.elements):
                element.die = DICE[(i + j) % 6]
                if element.ranged is not None:
                    element.ranged.die = DICE[(i // 6 + j) % 6]
                if element.melee is not None:
                    element.melee.die = DICE[(i // 3 + j) % 6]
    return army


def main() -> None:
    for vary in (False, True):
        army, pool_army = two_hundred(vary), two_hundred(vary)
        system = system_for(army)
        n = sum(len(u.elements) for u in army.units)
        pool = [PoolArmy("pool", pool_army)]
        lab_ms = median_ms(partial(balance, army, system, pool), 3)
        matchup_ms = median_ms(partial(matchup_json, system, army, pool_army), 3)
        lab = Lab(system, pool)
        report = lab.report(army)
        designs = len(lab.seen)
        what = "dice varied element by element" if vary else "the sample army's designs repeating"
        print(
            f"balance, {n} designs against a {report.pool_elements}-element pool ({what}; {designs} distinct designs as the odds read them, "
            f"the pool's own curve included): median {lab_ms:.0f} ms over 3 runs "
            f"(goal <= 1 s: {'met' if lab_ms <= 1000 else 'NOT MET'}); "
            f"warbench matchup of the same armies (pairs and matrix): median {matchup_ms:.0f} ms"
        )


if __name__ == "__main__":
    main()
