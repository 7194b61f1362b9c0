"""The play view's table rolls (gui/table_rolls.py): the rolls due said, a unit's rolls offered with their exact
odds, one rolled, applied, logged and undone."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox

from tests.gui.test_play_view import playing
from warbench.model.game import Ref


def test_morale_is_said_due_offered_with_its_odds_rolled_and_undone(qtbot, make_window, game_answers):
    w = playing(make_window, "human-force")
    view, doc = w.play.play_view, w.play.game_document
    panel = view.table_rolls
    assert not panel.due.isVisibleTo(view)
    doc.set_state(Ref(1, 0, 0), "figures", 6)  # the Assault Squad loses 3 of its 10 figures: the first 25%
    assert panel.due.isVisibleTo(view)
    assert panel.due.text().startswith("Due: b:1 Assault Squad: morale (the unit has lost 3 of its 10 figures")
    panel.set_element(Ref(1, 0, 1))  # its Sergeant: the same unit's rolls
    assert [panel.rolls.itemText(i) for i in range(panel.rolls.count())] == ["morale (due)"]
    assert "d6 needs 4+ (1 × 25% of the unit lost -1, Brave +1): passed 1/2" in panel.odds.text()
    out = panel.make_roll(seed=3)
    assert out["outcome"] == "failed" and "failed" in panel.result.text() and "flees" in panel.result.text()
    assert all(doc.state(Ref(1, 0, e))["fleeing"] for e in (0, 1)) and doc.log[-1].action == "roll"
    assert "morale roll, failed" in view.log_model.data(view.log_model.index(1))
    assert not panel.due.isVisibleTo(view)
    assert [panel.rolls.itemText(i) for i in range(panel.rolls.count())] == ["rally"]
    view.undo()
    assert "fleeing" not in doc.state(Ref(1, 0, 0)) and panel.due.isVisibleTo(view)


def test_fubar_offers_the_activation_roll_of_the_selected_unit(qtbot, make_window, game_answers):
    w = playing(make_window, "fubar-rifle-platoon")
    view, doc = w.play.play_view, w.play.game_document
    panel = view.table_rolls
    assert panel.ref == view.attack.attacker == Ref(0, 0, 0)
    assert panel.rolls.currentText() == "activation" and "d6 needs 4+: passed 1/2" in panel.odds.text()
    assert panel.rolls.accessibleName() and panel.roll_button.accessibleName()
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    assert doc.log[-1].action == "roll" and doc.state(Ref(0, 0, 0))["activated"] is True
    assert panel.rolls.count() == 0 and panel.odds.text() == "No roll for this unit now"


def test_the_attack_panel_says_hits_no_damage_and_counts_carried_hits(qtbot, make_window, game_answers):
    w = playing(make_window, "2d6-dust-raiders")
    view, doc = w.play.play_view, w.play.game_document
    panel = view.attack
    panel.set_attacker(Ref(0, 0, 0))  # the Raiders' rifles
    assert panel.select_weapon("ranged", "Rifle")
    panel.select_target(Ref(1, 3, 0))  # the Gun Buggy: only grenades and destroyers harm it
    assert "hits, no damage: Shooting: only Grenades, Destroyers and Vehicle Destroyers harm light vehicles" in (
        panel.odds.text()
    )
    doc.set_state(Ref(1, 0, 0), "hits", 1)  # the enemy Raiders carry a hit
    panel.select_target(Ref(1, 0, 0))
    panel.findChild(QCheckBox, "play-situation-soft-cover").setChecked(True)  # 2 hits a casualty
    # 4 rifles: with the hit carried, any hit makes a casualty: 1 - (5/6)^4 = 671/1296
    assert "With the 1 hit it carries: P(damage) 671/1296" in panel.odds.text()
