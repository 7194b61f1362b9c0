"""The matchup's worst case at its bound (``MAX_ATTACKS`` attacks in one activation): the exact
distribution the window's matchup panel draws, for the shapes of activation that cost most: one
weapon, two weapons that must be convolved, hits pooled into casualties (a 2D6 skirmish target in
hard cover, thinned by a damage roll), an attack of several damage (D6 close assault) and the
largest assault die a file may hold (D100). Median of 3 runs each, in milliseconds."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._timing import median_ms  # noqa: E402
from warbench.model.matchup import MAX_ATTACKS, AttackResult, activation, binomial  # noqa: E402


def result(
    shots: int, per: int = 1, outcomes: list[Fraction] | None = None, p: Fraction = Fraction(1, 6)
) -> AttackResult:
    return AttackResult(
        "ranged",
        "w",
        p,
        p if per == 1 else Fraction(0),
        "casualty",
        shots=shots,
        hits_per_damage=per,
        damage_given_hits=Fraction(1, 2),
        outcomes=outcomes,
    )


def assault(sides: int) -> list[Fraction]:
    """Kills of one figure's D``sides`` attacks at 4+ (as the 2D6 skirmish model works them out)."""
    out = [Fraction(0)] * (sides + 1)
    for n in range(1, sides + 1):
        for k, pk in enumerate(binomial(n, Fraction(1, 2))):
            out[k] += pk / sides
    return out


def main() -> None:
    half = MAX_ATTACKS // 2
    cases = {
        f"one weapon, {MAX_ATTACKS} attacks": [(None, 1, result(MAX_ATTACKS))],
        f"two weapons, {half} attacks each": [(None, 1, result(half)), (None, 1, result(half))],
        f"six weapons, {MAX_ATTACKS // 6} attacks each, six chances": [
            (None, 1, result(MAX_ATTACKS // 6, p=Fraction(k, 7))) for k in range(1, 7)
        ],
        f"{MAX_ATTACKS} hits, 3 per casualty, damage roll": [(None, 1, result(MAX_ATTACKS, per=3))],
        f"D6 assault, {MAX_ATTACKS // 6} figures": [(None, MAX_ATTACKS // 6, result(1, outcomes=assault(6)))],
        f"D100 assault, {MAX_ATTACKS // 100} figures": [(None, MAX_ATTACKS // 100, result(1, outcomes=assault(100)))],
    }
    worst = 0.0
    for name, fired in cases.items():
        ms = median_ms(lambda fired=fired: activation(fired), 3)
        worst = max(worst, ms)
        print(f"{name:<45} {ms:8.1f} ms")
    print(f"{'worst case':<45} {worst:8.1f} ms")


if __name__ == "__main__":
    main()
