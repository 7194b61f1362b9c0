"""The log's words for a roll, as the exported log and the command line print it."""

from warbench.model.game_log import roll_line


def test_a_roll_reads_as_the_play_view_says_it():
    """User trial 2: the exported log read "hit: d6 rolled [3] total 4 need 4+: success" where the play view
    said "hit: d6 rolled 3 (+1 = 4), needs 4+: success"."""
    roll = {"step": "hit", "dice": "d6", "rolled": [3], "total": 4, "need": "4+", "success": True}
    assert roll_line(roll) == "hit: d6 rolled 3 (+1 = 4), needs 4+: success"
    roll = {"step": "recovery", "dice": "d6", "rolled": [2], "total": 2, "need": "4+", "success": False}
    assert roll_line(roll) == "recovery: d6 rolled 2, needs 4+: failure"
    roll = {"step": "damage", "dice": "3d6", "rolled": [3, 5, 1], "total": 9, "need": "7+", "success": True}
    assert roll_line(roll) == "damage: 3d6 rolled 3 + 5 + 1 = 9, needs 7+: success"
    roll = {"step": "damage", "dice": "3d6", "rolled": [3, 5, 1], "total": 8, "need": "7+", "success": True}
    assert roll_line(roll) == "damage: 3d6 rolled 3 + 5 + 1 (-1 = 8), needs 7+: success"
