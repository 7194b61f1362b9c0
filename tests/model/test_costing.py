"""Costing's memory: a design is priced once per army, and a PriceCache re-prices only what an edit replaced."""

from __future__ import annotations

import warbench.model.costing as costing
from benchmarks._armies import big_army
from warbench.model import edits
from warbench.model.costing import PriceCache, design_key, price_army, price_element
from warbench.model.systems import system_for


def _counting(system, monkeypatch) -> list:
    """Record every element the system prices."""
    priced: list = []
    original = type(system.pricing).price_element

    def price(self, element, options):
        priced.append(element)
        return original(self, element, options)

    monkeypatch.setattr(type(system.pricing), "price_element", price)
    return priced


def test_copies_of_a_design_are_priced_once_and_price_as_each_alone(monkeypatch):
    army = big_army(60)  # the sample lists' units, each repeated
    system = system_for(army)
    elements = [e for u in army.units for e in u.elements]
    priced = _counting(system, monkeypatch)
    cost = price_army(army, system)
    designs = {design_key(e) for e in elements}
    assert len(priced) == len(designs) < len(elements)
    for element, ec in zip(elements, (ec for u in cost.units for ec in u.elements)):
        lines, points, _findings = price_element(element, army.options, system)
        assert (ec.name, ec.cost_each, ec.breakdown) == (element.name, points, lines)


def test_a_renamed_copy_is_another_design():
    army = big_army(2)
    element = army.units[0].elements[0]
    assert design_key(element) == design_key(element.model_copy())
    assert design_key(element) != design_key(element.model_copy(update={"name": "Other"}))


def test_the_cache_gives_fresh_prices_after_every_kind_of_edit_and_prices_only_replaced_units(monkeypatch):
    army = big_army(40)
    system = system_for(army)
    cache = PriceCache()
    priced = _counting(system, monkeypatch)
    price_army(army, system, cache)
    steps = [
        lambda a: edits.set_element_field(a, 3, 0, ("count",), 7),
        lambda a: edits.set_element_field(a, 3, 0, ("name",), "Renamed Squad Leader"),
        lambda a: edits.move_unit_to(a, 3, 30)[0],
        lambda a: edits.delete_units(a, [0, 5]),
        lambda a: edits.duplicate_unit(a, 2),
        lambda a: edits.set_unit_fields(a, 1, name="Renamed unit"),
        lambda a: edits.set_army_fields(a, points_limit=10),
        lambda a: edits.set_options(a, ranged_base_dac=1),
    ]
    for step in steps:
        army = step(army)
        priced.clear()
        cached = price_army(army, system, cache)
        again = len(priced)
        fresh = price_army(army, system)
        assert cached.as_json() == fresh.as_json()
        assert cached.warnings == fresh.warnings and cached.total == fresh.total
        if step is not steps[-1]:  # new options price everything again; an edit no more than one unit's designs
            assert again <= max(len(u.elements) for u in army.units)
    priced.clear()
    price_army(army, system, cache)
    assert priced == []


def _units_looked_at(monkeypatch) -> list[int]:
    """Record the position of every unit priced (looked at again) from now on."""
    looked_at: list[int] = []
    original = costing._price_unit

    def price_unit(unit, ui, *args):
        looked_at.append(ui)
        return original(unit, ui, *args)

    monkeypatch.setattr(costing, "_price_unit", price_unit)
    return looked_at


def test_an_edit_looks_again_at_the_one_unit_it_replaced(monkeypatch):
    army = big_army(300)
    system = system_for(army)
    cache = PriceCache()
    price_army(army, system, cache)
    looked_at = _units_looked_at(monkeypatch)
    for value in (3, 4, 5):
        army = edits.set_element_field(army, 250, 0, ("count",), value)
        cost = price_army(army, system, cache)
        assert looked_at == [250] and cost.as_json() == price_army(army, system).as_json()
        looked_at.clear()


def test_units_inserted_or_removed_look_again_only_at_them_and_at_warned_units_after(monkeypatch):
    """Adding, duplicating or deleting a unit prices the units it brought, and of the units after it only
    those whose warnings name their position (which moved); the rest keep their prices, and the cost is the
    one priced afresh, warnings and their positions included."""
    army = big_army(300)
    for ui in (5, 200, 280):  # three units with a warning (an element named for it, warned below)
        army = edits.set_element_field(army, ui, 0, ("name",), f"Warned {ui}")
    design = costing._price_design

    def warned(element, *args):
        element_cost, findings = design(element, *args)
        return element_cost, [*findings, ("test", "warned")] if element.name.startswith("Warned") else findings

    monkeypatch.setattr(costing, "_price_design", warned)
    system = system_for(army)
    cache = PriceCache()
    price_army(army, system, cache)
    looked_at = _units_looked_at(monkeypatch)
    steps = [  # (edit, the units it brought, the first unit whose position moved)
        lambda a: (edits.duplicate_unit(a, 150), {151}, 151),
        lambda a: (edits.delete_units(a, [10]), set(), 10),
        lambda a: (edits.delete_units(a, [len(a.units) - 1]), set(), None),
        lambda a: (edits.duplicate_unit(a, len(a.units) - 1), {len(a.units)}, None),
        lambda a: (edits.delete_units(a, [0, 1]), set(), 0),
    ]
    for step in steps:
        army, new, shifted_from = step(army)
        cost = price_army(army, system, cache)
        seen = set(looked_at)
        fresh = price_army(army, system)
        assert cost.as_json() == fresh.as_json() and cost.warnings == fresh.warnings
        warned_units = {w.at[0] for w in fresh.warnings if w.at is not None}
        assert len(warned_units) == 3
        moved = {ui for ui in warned_units if shifted_from is not None and ui >= shifted_from} - new
        assert seen == new | moved, (sorted(seen), new, sorted(moved))
        looked_at.clear()
