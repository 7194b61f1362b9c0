"""model/reprice.py: an army priced under the other Flat Out War edition, what does not map listed."""

from __future__ import annotations

import pytest

from warbench.model.costing import price_army
from warbench.model.fileio import load_army
from warbench.model.reprice import RepriceError, format_repriced, reprice
from warbench.model.resources import examples_dir
from warbench.model.systems import system_for


def test_each_element_priced_under_the_other_edition():
    army = load_army(examples_dir() / "human-force.army.json")
    result = reprice(army, "fow-universal-1.7")
    assert result.army.system == "fow-universal-1.7"
    old = price_army(army, system_for(army))
    new = price_army(result.army, system_for(result.army))
    assert [(e.old, e.new) for e in result.elements] == [
        (a.cost_each, b.cost_each) for u, v in zip(old.units, new.units) for a, b in zip(u.elements, v.elements)
    ]
    assert result.total == (old.total, new.total) and new.total != old.total
    apc = next(e for e in result.elements if e.element == "Hover APC")
    assert apc.delta == apc.new - apc.old and any("skimmer" in text for text in apc.unmapped)
    text = format_repriced(result)
    assert "fow-special-ops → fow-universal-1.7" in text and "does not map: 'skimmer'" in text


def test_the_other_edition_back_again():
    army = load_army(examples_dir() / "universal-1.7-example-units.army.json")
    result = reprice(army, "fow-special-ops")
    assert len(result.elements) == sum(len(u.elements) for u in army.units)
    assert all(e.new is not None for e in result.elements)


@pytest.mark.parametrize(
    ("other", "message"),
    [("fubar", "not an edition of"), ("fow-special-ops", "already of"), ("chess", "not a rule system")],
)
def test_what_is_not_another_edition_is_refused(other, message):
    army = load_army(examples_dir() / "human-force.army.json")
    with pytest.raises(RepriceError, match=message):
        reprice(army, other)
