"""warbench.model.changes: each edit of model.edits is told as the change it made, and undoing it as the inverse."""

from __future__ import annotations

import pytest

from tests.model.test_edits import ROCKETS, army_of
from warbench.model import edits
from warbench.model.changes import (
    NOTHING,
    ArmyOptions,
    ElementsChanged,
    Homebrew,
    Inserted,
    Moved,
    Removed,
    Replaced,
    change_between,
)


@pytest.fixture
def army():
    """Made for each test, never at collection: a test run before may have loaded the rule systems afresh,
    and an element of the old classes is then no element of the army's new ones."""
    return army_of(["a", "b", "c"], ["d"], ["e", "f"], [])


def _moved_element(army, ui, ei, to_ui, to_ei):
    return edits.move_element_to(army, ui, ei, to_ui, to_ei)[0]


CASES = [
    # (edit, the change it makes, the change its undo makes)
    (
        lambda a: edits.set_element_field(a, 2, 1, ("name",), "eff"),
        ElementsChanged(((2, None), (2, 1))),
        ElementsChanged(((2, None), (2, 1))),
    ),
    (lambda a: edits.set_unit_fields(a, 1, name="Dee"), ElementsChanged(((1, None),)), ElementsChanged(((1, None),))),
    (lambda a: edits.add_element(a, 0, "x"), Inserted(0, 3, 3), Removed(0, 3, 3)),
    (lambda a: edits.duplicate_element(a, 2, 0), Inserted(2, 1, 1), Removed(2, 1, 1)),
    (lambda a: edits.delete_element(a, 0, 1), Removed(0, 1, 1), Inserted(0, 1, 1)),
    (lambda a: edits.insert_elements(a, 3, [a.units[0].elements[0]] * 2), Inserted(3, 0, 1), Removed(3, 0, 1)),
    (lambda a: edits.add_unit(a, "new"), Inserted(None, 4, 4), Removed(None, 4, 4)),
    (lambda a: edits.duplicate_unit(a, 1), Inserted(None, 2, 2), Removed(None, 2, 2)),
    (lambda a: edits.delete_units(a, [0]), Removed(None, 0, 0), Inserted(None, 0, 0)),
    (lambda a: edits.delete_units(a, [1, 2]), Removed(None, 1, 2), Inserted(None, 1, 2)),
    (lambda a: edits.move_unit_to(a, 0, 2)[0], Moved(None, 0, None, 2), Moved(None, 2, None, 0)),
    (lambda a: edits.move_unit_to(a, 3, 1)[0], Moved(None, 3, None, 1), Moved(None, 1, None, 3)),
    # two neighbours swapped: either moved past the other, the same rows in the end
    (lambda a: edits.move_unit_to(a, 1, 2)[0], Moved(None, 1, None, 2), Moved(None, 1, None, 2)),
    (lambda a: _moved_element(a, 0, 0, 0, 2), Moved(0, 0, 0, 2), Moved(0, 2, 0, 0)),
    (lambda a: _moved_element(a, 0, 2, 2, 1), Moved(0, 2, 2, 1), Moved(2, 1, 0, 2)),
    (lambda a: _moved_element(a, 2, 0, 0, 0), Moved(2, 0, 0, 0), Moved(0, 0, 2, 0)),
    (lambda a: _moved_element(a, 1, 0, 3, 0), Moved(1, 0, 3, 0), Moved(3, 0, 1, 0)),
    (
        lambda a: edits.set_army_fields(a, name="Renamed"),
        ArmyOptions(frozenset({"name"})),
        ArmyOptions(frozenset({"name"})),
    ),
    (
        lambda a: edits.set_army_fields(a, points_limit=1234),
        ArmyOptions(frozenset({"points_limit"})),
        ArmyOptions(frozenset({"points_limit"})),
    ),
]


@pytest.mark.parametrize(("edit", "forward", "backward"), CASES)
def test_each_edit_is_told_as_its_change_and_its_undo_as_the_inverse(army, edit, forward, backward):
    after = edit(army)
    assert change_between(army, after) == forward
    assert change_between(after, army) == backward


def test_an_unchanged_army_is_nothing_and_an_unrelated_one_is_replaced(army):
    assert change_between(army, army) == NOTHING
    other = army_of(["x"], ["y", "z"])  # every object new, shape different
    assert change_between(army, other) == Replaced()
    # the envelope and the units both changed: no single row change tells it
    assert change_between(army, edits.set_army_fields(edits.add_unit(army, "n"), name="N")) == Replaced()


def test_changed_elements_in_several_units_are_all_named(army):
    after = edits.set_element_field(army, 0, 2, ("name",), "C")
    after = edits.set_element_field(after, 2, 0, ("name",), "E")
    assert change_between(army, after) == ElementsChanged(((0, None), (0, 2), (2, None), (2, 0)))


def test_a_homebrew_section_is_a_homebrew_change(army):
    after = edits.set_homebrew(army, ROCKETS)
    assert change_between(army, after) == Homebrew() == change_between(after, army)
