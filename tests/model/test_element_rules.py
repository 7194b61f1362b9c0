"""Which entry a cost line is about, and what adding an entry would cost an element."""

from __future__ import annotations

from warbench.model.costing import price_element
from warbench.model.element_rules import AddedCost, added_cost, line_rule
from warbench.model.fileio import load_army
from warbench.model.resources import examples_dir
from warbench.model.systems import get_system


def _first(example: str):
    army = load_army(examples_dir() / f"{example}.army.json")
    system = get_system(army.system)
    return army, system, army.units[0].elements[0]


def test_a_line_names_the_attribute_that_begins_it():
    army, system, element = _first("human-force")  # Assault Troop: Power Claw, Agile, Brave
    lines = {
        line.item: line_rule(system, element, line.item) for line in price_element(element, army.options, system)[0]
    }
    assert lines["Agile (2 DAC of d6)"] == ("attribute", "agile")
    assert lines["Brave (1 DAC of d6)"] == ("attribute", "brave")
    assert lines["base d6"] is None and lines['move 4"'] is None
    assert line_rule(system, element, "Agilest") is None  # a name must end at a word boundary
    assert line_rule(system, element, "Ag") is None  # shorter than any name


def test_a_duke_line_names_its_template():
    army, system, element = _first("duke-it-out-brick-brigade")
    (line,) = price_element(element, army.options, system)[0]
    assert line_rule(system, element, line.item) == ("attribute", element.template)


def test_added_cost_is_the_real_price_difference():
    army, system, element = _first("human-force")
    now = price_element(element, army.options, system)[1]
    data = element.model_dump(mode="json")
    data["attributes"].append({"id": "amphibious"})
    then = price_element(system.schema.element_model.model_validate(data), army.options, system)[1]
    added = added_cost(system, element, army.options, "amphibious")
    assert added == AddedCost(then - now, 9) and then - now > 0
    assert added.label("pts") == f"+{then - now} pts each, +{(then - now) * 9} in all"
    assert AddedCost(4, 1).label("pts") == "+4 pts"
    assert AddedCost(-2, 1).label("pts") == "−2 pts"
    assert AddedCost(1.5, 1).label("pts") == "+1.5 pts"
    assert [AddedCost(1, 1).label("pts"), AddedCost(-1, 1).label("pts")] == ["+1 pt", "−1 pt"]  # never "+1 pts"
    assert AddedCost(1, 3).label("pts") == "+1 pt each, +3 in all"


def test_no_price_without_points():
    army, system, element = _first("fubar-rifle-platoon")
    assert added_cost(system, element, army.options, next(iter(system.catalogue.attributes))).label("pts") == ""


def test_published_difference_explains_itself():
    from warbench.model.errata import published_difference

    army, system, element = _first("human-force")
    ours = price_element(element, army.options, system)[1]
    difference = published_difference(army, 0, 0, ours)
    assert difference.summary("pts") == "Published 18 pts, ours 20 pts (errata fow-so-1)"
    assert difference.explanation().startswith("The printed 18 prices the Power Claw")
    assert "Our arithmetic: base d6 4" in difference.explanation()
    assert published_difference(army, 0, 0, 18) is None  # agrees: nothing to say
    edited = published_difference(army, 0, 0, 24)  # changed since: the errata were about 20
    assert "has been changed since" in edited.explanation()
    assert published_difference(army, 0, 1, 40) is None or published_difference(army, 0, 1, 40).printed != 40
