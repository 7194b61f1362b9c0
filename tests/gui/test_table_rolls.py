"""The play view's table rolls (gui/table_rolls.py): the rolls due said, a unit's rolls offered with their exact
odds, one rolled, applied, logged and undone."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox

from tests.gui.test_play_view import playing
from warbench.gui import play_text
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


def test_a_german_window_says_the_morale_roll_in_german_and_the_file_keeps_its_identifiers(
    qtbot, german, make_window, game_answers
):
    w = playing(make_window, "human-force")
    view, doc = w.play.play_view, w.play.game_document
    panel = view.table_rolls
    doc.set_state(Ref(1, 0, 0), "figures", 6)  # 3 of 10 figures lost: the first 25%
    assert panel.due.text() == (
        "Fällig: b:1 Assault Squad: Moral (die Einheit hat 3 ihrer 10 Figuren verloren (1 × 25 %): sie würfelt sofort)"
    )
    panel.set_element(Ref(1, 0, 1))
    assert [panel.rolls.itemText(i) for i in range(panel.rolls.count())] == ["Moral (fällig)"]
    assert panel.odds.text() == (
        "d6 braucht 4+ (1 × 25 % der Einheit verloren -1, Brave +1): bestanden 1/2 (50,0\xa0%), "
        "nicht bestanden 1/2 (50,0\xa0%)"
    )
    out = panel.make_roll(seed=3)
    assert out["outcome"] == "failed" and out["roll"] == "morale"  # identifiers: only shown in German
    assert panel.result.text().startswith(
        "Moral: gewürfelt 2, Summe 2: nicht bestanden. Bei ihrer nächsten Aktivierung "
    )
    assert panel.result.text().endswith("(ungeordnet); sie flieht")
    assert "Assault Troop: Figuren " in view.log_model.data(view.log_model.index(0))  # the field by its name
    assert view.log_model.data(view.log_model.index(1)) == (
        "2. R1: b:1/1 Assault Squad — Assault Troop: Wurf auf Moral, nicht bestanden\n"
        "    Moral: d6 würfelt 2, braucht 4+: Fehlschlag"
    )
    shown = play_text.state({"figures": 9}, doc.state(Ref(1, 0, 0)))  # the fields the roll added, by their names
    assert "Moraltests 1" in shown and "flieht" in shown and "fleeing" not in shown
    entry = doc.log[-1].model_dump(mode="json")
    assert (entry["roll"], entry["outcome"], set(entry["odds"])) == ("morale", "failed", {"passed", "failed"})
    assert [panel.rolls.itemText(i) for i in range(panel.rolls.count())] == ["Sammeln"]


def test_a_rolls_result_says_the_modifier_that_made_its_total(qtbot, make_window, game_answers):
    """User trial 3: "rolled 1 + 5, total 5" read as bad arithmetic; the modifier is said with the dice."""
    w = playing(make_window, "fubar-rifle-platoon")
    view, doc = w.play.play_view, w.play.game_document
    panel = view.table_rolls
    doc.set_state(Ref(0, 0, 0), "suppressed", 2)  # FUBAR: -1 for each suppressed figure
    panel.set_element(Ref(0, 0, 0))
    out = panel.make_roll(seed=1)
    assert out is not None
    die = out["rolls"][0]
    assert die["modifier"] == -2 and die["total"] == die["rolled"][0] - 2
    assert f"rolled {die['rolled'][0]}, modified -2, total {die['total']}:" in panel.result.text()


def test_the_rolls_due_are_read_again_only_for_the_units_a_step_changed_and_listed_in_army_order(
    qtbot, make_window, game_answers, monkeypatch
):
    """Each step read every unit's rolls again (a third of an Apply's time with 400 elements); now only the
    changed units' (all of them when the round changes), the list kept in army order."""
    from warbench.gui import table_rolls

    w = playing(make_window, "human-force")
    view, doc = w.play.play_view, w.play.game_document
    panel = view.table_rolls
    read: list[tuple[int, int]] = []
    unit_due = table_rolls.unit_due
    monkeypatch.setattr(
        table_rolls, "unit_due", lambda game, side, unit: read.append((side, unit)) or unit_due(game, side, unit)
    )
    doc.set_state(Ref(1, 1, 0), "figures", 5)  # the Tactical Squad loses 3 of its 9: its morale is due
    assert read == [(1, 1)]
    doc.set_state(Ref(1, 0, 0), "figures", 6)  # then the Assault Squad: listed first, as in the army
    lines = panel.due.text().splitlines()
    assert [line.split()[1] for line in lines] == ["b:1", "b:2"]
    read.clear()
    doc.next_round()
    units = sum(len(army.units) for army in doc.game.armies)
    assert len(read) == units  # a new round: every unit read again


def test_a_due_roll_is_one_line_whatever_the_units_name(qtbot):
    """A unit named with a line break took two lines of the "Due:" list; it reads "A⏎B" on its own line."""
    from warbench.gui.game_document import GameDocument
    from warbench.gui.table_rolls import TableRollsPanel
    from warbench.model.fileio import load_army
    from warbench.model.resources import examples_dir

    army = load_army(examples_dir() / "human-force.army.json")
    army.units[0].name = "<b>A</b>\nB"
    doc = GameDocument.new(army)
    panel = TableRollsPanel(doc)
    qtbot.addWidget(panel)
    doc.set_state(Ref(1, 0, 0), "figures", 6)  # its morale is due
    assert panel.due.text().splitlines() == [panel.due.text()] and "<b>A</b>⏎B: " in panel.due.text()
