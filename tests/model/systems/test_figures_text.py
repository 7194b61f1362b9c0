"""Army-wide figures read as a player writes them: "1 unit", never "1 units"."""

from __future__ import annotations

import pytest

from warbench.model.systems import get_system
from warbench.model.systems.base import counted


@pytest.mark.parametrize(
    "system_id,figures,text",
    [
        (
            "2d6-skirmish",
            {"units": 1, "figures": 1, "routs_after_losing": 1},
            "1 unit, 1 figure; routs after losing 1 unit",
        ),
        (
            "2d6-skirmish",
            {"units": 5, "figures": 18, "routs_after_losing": 3},
            "5 units, 18 figures; routs after losing 3 units",
        ),
        ("fubar", {"units": 1, "figures": 1, "fire_points": 1}, "1 unit, 1 figure, 1 fire point"),
        ("fubar", {"units": 0, "figures": 2, "fire_points": 26}, "0 units, 2 figures, 26 fire points"),
    ],
)
def test_one_of_a_thing_is_singular(system_id, figures, text):
    assert get_system(system_id).presentation.figures_text(figures) == text


def test_counted():
    assert [counted(n, "units") for n in (0, 1, 2)] == ["0 units", "1 unit", "2 units"]


def test_one_figure_is_one_figure():
    from warbench.model.fileio import load_army
    from warbench.model.resources import examples_dir

    army = load_army(examples_dir() / "2d6-dust-raiders.army.json")
    element = next(e for u in army.units for e in u.elements if len(e.weapons) == 1 and e.weapons[0].count >= 1)
    one = element.model_copy(update={"figures": 1, "weapons": [element.weapons[0].model_copy(update={"count": 2})]})
    system = get_system(army.system)
    assert "carries 2 weapons but has only 1 figure" in [
        text for _key, text in system.pricing.check_element(one, army.options)
    ]


def test_a_spell_of_difficulty_minus_0_says_it_counts_as_1():
    spells = get_system("fow-special-ops").catalogue.spells
    zero = [s for s in spells.values() if s.stats[0] == "-0"]
    assert zero and all(s.budget_note == "counts as 1" and s.budget_cost == 1 for s in zero)
    assert all(s.budget_note == "" for s in spells.values() if s.stats[0] != "-0")  # -2 uses 2: nothing to add
