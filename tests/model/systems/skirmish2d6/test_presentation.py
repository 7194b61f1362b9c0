"""The 2D6 skirmish game: what its cards print (model/systems/skirmish2d6/presentation.py)."""

from __future__ import annotations

from warbench.model.fileio import load_army
from warbench.model.resources import examples_dir
from warbench.model.systems import get_system


def test_2d6_card_lines_count_one_shot_as_one():
    system = get_system("2d6-skirmish")
    army = load_army(examples_dir() / "2d6-dust-raiders.army.json")
    lines = [
        line for unit in army.units for element in unit.elements for line in system.presentation.card_lines(element)
    ]
    assert '4× Rifle: 24", 1 shot; assault 1 at 4+' in lines  # a Rifle's card line said "1 shots"
    assert '1× Repeater: 12", 1 shot; assault 3 at 4+' in lines
    assert '1× Grenade: 6", 3 shots; assault D3 at 4+' in lines
