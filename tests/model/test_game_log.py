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


def digit_named_game():
    """The example Human Force against itself, side b's first two units named "2" and "1", their first
    elements "2" and "1"."""
    from warbench.model.fileio import load_army
    from warbench.model.game import new_game
    from warbench.model.resources import examples_dir

    first = load_army(examples_dir() / "human-force.army.json")
    second = first.model_copy(deep=True)
    for unit, name in zip(second.units, ("2", "1"), strict=False):
        unit.name = unit.elements[0].name = name
    return new_game(first, second)


def test_a_ref_names_the_element_its_indexes_say_in_the_log_and_the_window():
    """Issue 35: a REF's digits are indexes wherever it is read (the log, the window's names, the attack),
    so the text of each element's Ref reads back to that element and names it."""
    from warbench.model.game import Ref
    from warbench.model.game_log import element_name, step_line

    game = digit_named_game()
    for u, unit in enumerate(game.armies[1].units):
        for e, element in enumerate(unit.elements):
            ref = Ref(1, u, e)
            assert game.ref(ref.text) == ref
            assert element_name(game, ref.text) == f"{ref.text} {unit.name} — {element.name}"
    assert element_name(game, "b:1/1") == "b:1/1 2 — 2" and element_name(game, "b:2/1") == "b:2/1 1 — 1"
    game.set_state("b:1/1", "prone", True)
    assert game.file.log[-1].changes[0].unit == 0 and game.state(Ref(1, 0, 0))["prone"] is True
    assert step_line(game, game.file.log[-1]) == "b:1/1 2 — 2: prone set by hand"


def test_a_roll_with_other_digits_in_its_need_is_read_as_one_sides_roll():
    """A game file's roll may hold anything: a need of "²+" (str.isdigit holds, int() refuses) is no
    opposed roll, not a crash of the log's export."""
    roll = {"step": "melee", "dice": "d6", "rolled": [3, 4], "total": 7, "need": "²+", "success": False}
    assert roll_line(roll) == "melee: d6 rolled 3 + 4 = 7, needs ²+: failure"
    roll["need"] = "--3+"
    assert roll_line(roll) == "melee: d6 rolled 3 + 4 = 7, needs --3+: failure"
    roll.update(total=3, need="5+")  # an opposed roll as the rules write it
    assert roll_line(roll) == "melee: attacker d6 3, target d6 4: target wins"


def test_the_log_export_writes_the_army_names_as_the_army_export_does():
    """Issue 35: the plain log's first line wrote the armies' names raw: a line break forged a line, a bidi
    override reordered it, ``@everyone`` pinged a channel and a live army code was imported from the post.
    Each name is made inert as the army's text export makes it (``model/usertext.py``)."""
    from warbench.model.army_code import army_code, find_code
    from warbench.model.fileio import load_army
    from warbench.model.game import new_game
    from warbench.model.game_log import log_text
    from warbench.model.resources import examples_dir

    first = load_army(examples_dir() / "human-force.army.json")
    second = first.model_copy(deep=True)
    code = army_code(second)
    first.name = "Evil\nforged line\u202e @everyone <@123> http://x.example"
    second.name = f"Code {code}"
    for fmt in ("plain", "markdown"):
        text = log_text(new_game(first, second), fmt)
        head = text.splitlines()[0]
        assert "forged line" in head and "\nforged" not in text and "\u202e" not in text, fmt
        assert "@everyone" not in text and "@\u200beveryone" in head and "http://" not in text
        assert find_code(text) is None and code[20:40] in head  # the code is named, not live
    assert log_text(new_game(first, second)).startswith("Evil⏎forged line\ufffd @\u200beveryone <\u200b@\u200b123>")
