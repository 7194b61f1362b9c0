"""Table play every system shares (model/systems/play.py): only the figures left attack, a roll-off's log line."""

from __future__ import annotations

import pytest

from tests.helpers import played
from tests.model.systems.helpers import game_of


@pytest.mark.parametrize(("name", "ref"), [("2d6-dust-raiders", "a:1/1"), ("fubar-rifle-platoon", "a:1/1")])
def test_only_the_figures_left_attack(name, ref):
    """A unit down to some of its figures rolls for those only: melee one roll-off (or close combat die) a
    figure, a weapon at most as many times as figures are left (the trial's Raiders, 3 of 6 left, rolled 6)."""
    game = game_of(name)
    element = game.element(game.ref(ref))
    kinds = {kind for kind, _ in game.systems[0].combat.attack_kinds(element)}
    full = {kind: played(game, ref, "b:1/1", kind, seed=1)["shots"] for kind in kinds}
    game.set_state(ref, "figures", 1)
    left = {kind: played(game, ref, "b:1/1", kind, seed=1)["shots"] for kind in kinds}
    assert full["melee"] == element.figures > 1 and left["melee"] == 1
    assert all(left[kind] < full[kind] for kind in kinds if full[kind] > 1 and kind != "melee" and kind in left)


def test_a_roll_off_says_what_was_rolled_for_whom():
    """User trial: the 2D6 roll-off read "rolled [4, 1] total 5". Each side's die, its modifier, and who won."""
    from warbench.model.game_log import roll_line

    line = roll_line({"step": "roll-off", "dice": "d6", "rolled": [4, 1], "total": 5, "need": "3+", "success": True})
    assert line == "roll-off: attacker d6 4 (+1 = 5), target d6 1 (+1 = 2): attacker wins"
    assert roll_line({"step": "hit", "dice": "d6", "rolled": [4], "total": 4, "need": "4+", "success": True}) == (
        "hit: d6 rolled 4, needs 4+: success"  # (as the play view says it: tests/model/test_game_log.py)
    )
