"""The play view's item models: checked by pytest-qt's model tester, each step refreshing only the rows it
changed, and an element's state worded from its fields at a glance."""

from __future__ import annotations

import pytest

from warbench.gui.game_document import GameChange, GameDocument
from warbench.gui.play_models import LogModel, SideModel
from warbench.gui.play_text import state as state_text
from warbench.model.fileio import load_army
from warbench.model.game import Ref
from warbench.model.game_attack import AttackOrder, AttackOutcome
from warbench.model.resources import examples_dir


@pytest.fixture
def document(qapp):
    human = load_army(examples_dir() / "human-force.army.json")
    alien = load_army(examples_dir() / "alien-force.army.json")
    return GameDocument.new(human, alien)


def a_damaging_attack(document: GameDocument) -> AttackOutcome:
    for seed in range(300):
        out = document.roll(AttackOrder(Ref(0, 1, 0), Ref(1, 1, 0), "ranged"), seed=seed)
        if out.damage:
            return out
    raise AssertionError("no damage in 300 seeds")


class Spy:
    """Every refresh a model signals: resets, rows changed (first, last), rows inserted."""

    def __init__(self, model):
        self.resets = 0
        self.changed: list[tuple] = []
        self.inserted = 0
        model.modelReset.connect(self._reset)
        model.dataChanged.connect(lambda first, last, _roles=(): self.changed.append((first, last)))
        model.rowsInserted.connect(self._insert)

    def _reset(self):
        self.resets += 1

    def _insert(self, *_args):
        self.inserted += 1


def test_the_models_pass_the_model_tester(qtmodeltester, document):
    for side in (0, 1):
        qtmodeltester.check(SideModel(document, side))
    log = LogModel(document)
    document.apply(a_damaging_attack(document))
    document.next_round()
    document.undo()
    qtmodeltester.check(log)


def test_an_attack_refreshes_its_two_rows_and_their_units_only(document):
    sides = [SideModel(document, 0), SideModel(document, 1)]
    log = LogModel(document)
    spies = [Spy(sides[0]), Spy(sides[1])]
    log_spy = Spy(log)
    document.apply(a_damaging_attack(document))
    assert [s.resets for s in spies] == [0, 0] and log_spy.resets == 0
    # side a: the attacker's row (activated), its unit's other element (activated with it: a Flat Out War unit
    # activates as one) and its unit's; side b: the target's row and its unit's
    for model, spy, ref, rows in ((sides[0], spies[0], Ref(0, 1, 0), 2), (sides[1], spies[1], Ref(1, 1, 0), 1)):
        assert [(first.row(), first.column(), last.column()) for first, last in spy.changed] == [
            *((ref.element + i, 0, 1) for i in range(rows)),
            (ref.unit, 1, 1),
        ]
        assert model.parent(spy.changed[0][0]).row() == ref.unit
    assert log_spy.inserted == 1 and log.rowCount() == 1
    document.undo()  # the step stays listed, as undone: one row changed, none inserted
    assert log_spy.inserted == 1 and len(log_spy.changed) == 1 and log.rowCount() == 1
    assert log.data(log.index(0)).startswith("(undone) 1. R1: a:2/1")


def test_a_new_round_refreshes_only_what_it_changed(document):
    model = SideModel(document, 0)
    document.apply(a_damaging_attack(document))
    spy = Spy(model)
    document.next_round()  # only the attacker's unit was activated (its two elements)
    assert spy.resets == 0 and [(f.row(), f.column()) for f, _l in spy.changed] == [(0, 0), (1, 0), (1, 1)]


def test_a_reset_resets(document):
    model = SideModel(document, 0)
    spy = Spy(model)
    document.changed.emit(GameChange(reset=True))
    assert spy.resets == 1


def test_state_at_a_glance():
    fresh = {"figures": 9, "activated": False, "hits": 0, "body": 4, "spells": [], "die": None}
    assert state_text(fresh, fresh) == "figures 9/9 · body 4/4"
    later = {**fresh, "figures": 7, "activated": True, "hits": 1, "spells": [{"spell": "shield", "rounds": 2}]}
    assert state_text(fresh, later) == "figures 7/9 · activated · hits 1 · body 4/4 · spells: shield 2"
    assert state_text(fresh, {**fresh, "figures": 0}) == "removed"
    assert state_text({"activated": False}, {"activated": False}) == "ready"
    assert state_text({**fresh, "die": None}, {**fresh, "die": "d6"}) == "figures 9/9 · body 4/4 · die d6"


def test_the_target_is_marked_in_its_row_alone(document):
    model = SideModel(document, 1)
    spy = Spy(model)
    model.set_target(Ref(1, 2, 0))
    model.set_target(Ref(1, 1, 0))
    model.set_target(Ref(0, 1, 0))  # the other side's: nothing marked here
    assert [first.row() for first, _last in spy.changed] == [0, 0, 0, 0]  # each unit's first element
    assert [model.parent(first).row() for first, _last in spy.changed] == [2, 2, 1, 1]
    assert model.target is None and spy.resets == 0
    model.set_target(Ref(1, 1, 0))
    assert model.data(model.element_index(Ref(1, 1, 0))) == "◎ Alien Ravager"
    assert model.data(model.element_index(Ref(1, 2, 0))) == "Alien Puker"
