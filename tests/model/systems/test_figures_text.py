"""Army-wide figures read as a player writes them: "1 unit", never "1 units"."""

from __future__ import annotations

import pytest

from model.systems import get_system
from model.systems.base import counted


@pytest.mark.parametrize(
    "system_id,figures,text",
    [
        ("2d6-skirmish", {"units": 1, "figures": 1, "routs_after_losing": 1}, "1 unit, 1 figure; routs after losing 1"),
        (
            "2d6-skirmish",
            {"units": 5, "figures": 18, "routs_after_losing": 3},
            "5 units, 18 figures; routs after losing 3",
        ),
        ("fubar", {"units": 1, "figures": 1, "fire_points": 1}, "1 unit, 1 figure, 1 fire point"),
        ("fubar", {"units": 0, "figures": 2, "fire_points": 26}, "0 units, 2 figures, 26 fire points"),
    ],
)
def test_one_of_a_thing_is_singular(system_id, figures, text):
    assert get_system(system_id).figures_text(figures) == text


def test_counted():
    assert [counted(n, "units") for n in (0, 1, 2)] == ["0 units", "1 unit", "2 units"]
