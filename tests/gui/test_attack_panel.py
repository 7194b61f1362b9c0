"""Table mode round 2 (issue 38), each finding of the user trial as a test: the element picked last attacks,
situations reset for a new attacker, a shooter's attack is its ranged one, a roll is a fact (no second Roll
before Apply), a whole element attacks in one roll and one step with its distribution shown, Ctrl+S saves
what is on screen, a game opens from Open…, Open Recent and the start page, and FUBAR's initiative modifiers
come back with the game."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from tests.gui.test_play_view import GAMES, keys, playing
from warbench.gui import i18n, settings
from warbench.model.game import Ref
from warbench.model.resources import examples_dir


def click_row(qtbot, view, ref: Ref) -> None:
    """A mouse click on ``ref``'s row in its side's list."""
    pane = view.sides[ref.side]
    index = pane.model.element_index(ref)
    pane.tree.scrollTo(index)
    qtbot.mouseClick(pane.tree.viewport(), Qt.MouseButton.LeftButton, pos=pane.tree.visualRect(index).center())


def test_the_element_clicked_last_attacks_even_when_its_row_was_current(qtbot, make_window, game_answers):
    """User trial: click a:2/1, then b:3/1, then a:2/1 again → "Attacker: b:3/1"."""
    w = playing(make_window, "human-force")
    w.show()
    view = w.play.play_view
    first, other = Ref(0, 1, 0), Ref(1, 2, 0)
    click_row(qtbot, view, first)
    assert view.attack.attacker == first
    click_row(qtbot, view, other)
    assert view.attack.attacker == other
    click_row(qtbot, view, first)  # its list's current row already: no currentChanged
    assert view.attack.attacker == first and view.attack.attacker_label.text().startswith("Attacker: a:2/1")


def test_a_new_attacker_starts_with_no_situation_ticked_but_those_the_states_imply(qtbot, make_window, game_answers):
    w = playing(make_window, "human-force")
    view, doc = w.play.play_view, w.play.game_document
    panel = view.attack
    panel.set_attacker(Ref(0, 0, 0))
    ticked = next(name for name in panel._boxes if name != "prone")
    panel._boxes[ticked].setChecked(True)
    assert ticked in panel.situation()
    panel.set_attacker(Ref(0, 1, 0))
    assert panel.situation() == ()  # the last attacker's situations gave the next one wrong odds
    target = panel.target.currentData()
    doc.set_state(target, "prone", True)
    panel.set_attacker(Ref(0, 0, 0))
    assert panel.situation() == ("prone",)  # the target's state implies it
    standing = next(r for r in (Ref(1, u, 0) for u in range(1, 4)) if "prone" in doc.state(r))
    assert panel.select_target(standing)
    assert panel.situation() == ()  # the last target's state does not stay ticked for the next
    assert panel.select_target(target) and panel.situation() == ("prone",)


def test_a_shooter_attacks_with_its_ranged_weapon_by_default(qtbot, make_window, game_answers):
    """User trial: shooters defaulted to melee, so the keyboard path rolled melee from across the table."""
    for name in GAMES.values():
        w = playing(make_window, name)
        doc, panel = w.play.game_document, w.play.play_view.attack
        for u, unit in enumerate(doc.armies()[0].units):
            for e in range(len(unit.elements)):
                panel.set_attacker(Ref(0, u, e))
                kinds = [panel.weapon.itemData(i)[0] for i in range(panel.weapon.count())]
                if any(kind != "melee" for kind in kinds):
                    assert panel.weapon.currentData()[0] != "melee", (name, unit.name, kinds)
        w.play.game_document.modified = False
        w.close()


def test_a_roll_is_a_fact_no_second_roll_before_apply(qtbot, make_window, game_answers):
    """User trial: Roll could be pressed again before Apply and the first dice vanished without a trace."""
    w = playing(make_window, "human-force")
    view, doc = w.play.play_view, w.play.game_document
    panel = view.attack
    panel.set_attacker(Ref(0, 1, 0))
    doc.next_round()  # a step to take back: Undo would be offered but for the roll waiting
    first = panel.roll()
    assert first is not None and not panel.roll_button.isEnabled() and panel.roll() is None
    for widget in (panel.weapon, panel.target, panel.reroll, panel.whole, panel.situations):
        assert not widget.isEnabled()  # nothing that would roll again or change what was rolled
    for control in (view.undo_button, view.next_round_button, view.ruling, view.undo_action):
        assert not control.isEnabled()  # no other step before the roll is applied: no way round it
    keys(qtbot, view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert doc.round == 2 and panel.rolled is first
    panel.set_attacker(Ref(0, 0, 0))  # another attacker waits for the roll's Apply
    assert panel.attacker == Ref(0, 1, 0) and "Apply the dice rolled first" in panel.outcome.text()
    assert panel.rolled is first and panel.apply() is not None
    assert doc.log[-1].rolls == first.rolls and doc.log[-1].seed == first.seed
    assert panel.roll_button.isEnabled() and panel.weapon.isEnabled() and view.undo_button.isEnabled()


def test_a_whole_element_attacks_in_one_roll_and_one_step(qtbot, make_window, game_answers):
    """User trial: an 8-trooper element needed 8 Roll + Apply pairs and nothing counted the figures."""
    w = playing(make_window, "human-force")
    view, doc = w.play.play_view, w.play.game_document
    panel = view.attack
    attacker = Ref(0, 1, 0)  # Tactical Squad: 8 troopers
    panel.set_attacker(attacker)
    assert panel.select_target(Ref(1, 0, 0))
    assert panel.whole.isChecked() and panel.whole.text() == "All its figures attack (8)"
    text = panel.odds.text().replace("\n", " ")  # (a long distribution wraps)
    odds = doc.odds(panel.order())
    first = f"8 figures, total damage 0: {i18n.chance(odds.distribution[0])} · 1: {i18n.chance(odds.distribution[1])}"
    assert first in text and "each damage: removed" in text, text
    before = [side.state for side in doc.game.file.model_copy(deep=True).sides]
    rolled = panel.roll()
    shown = [panel.rolls.item(i).text() for i in range(panel.rolls.count())]
    assert len(shown) == len(rolled.rolls) and {s.split(":")[0] for s in shown} == {f"Figure {n}" for n in range(1, 9)}
    panel.apply()
    assert len(doc.log) == 1 and doc.state(attacker)["activated"]  # one step for the whole element
    view.undo()
    assert [side.state for side in doc.game.file.sides] == before  # undone in one step
    panel.whole.setChecked(False)  # one figure remains possible
    assert panel.roll().figures == 1 and len(panel.rolled.figure_rolls) == 1


def test_ctrl_s_saves_what_is_on_screen(qtbot, make_window, game_answers, tmp_path):
    """User trial: in play, Ctrl+S saved the army, not the game."""
    w = playing(make_window, "human-force")
    view = w.play.play_view
    save = QKeySequence(QKeySequence.StandardKey.Save)
    army_save = w.findChild(type(w.play.save_game_action), "save")
    assert w.play.save_game_action.shortcut() == save and army_save.shortcut().isEmpty()
    assert army_save.text() == "&Save Army" and w.play.save_game_action.text() == "Save Ga&me"  # the menus say which
    w.play.game_document.next_round()
    game_answers.game_path = str(tmp_path / "night.game.json")
    w.activateWindow()
    keys(qtbot, view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert (tmp_path / "night.game.json").is_file() and not w.play.game_document.modified
    w.play.show_builder()
    assert army_save.shortcut() == save and w.play.save_game_action.shortcut().isEmpty()


def test_a_game_opens_from_open_open_recent_and_the_start_page(qtbot, make_window, game_answers, tmp_path):
    """User trial: Open Recent listed only armies, and Ctrl+O on a game file showed ten lines about its seed."""
    w = playing(make_window, "human-force")
    w.play.game_document.next_round()
    path = tmp_path / "kept.game.json"
    game_answers.game_path = str(path)
    assert w.play.save_game()
    assert str(path.resolve()) in settings.RECENT_FILES.read()  # listed, for Open Recent and the start page
    w.play.game_document.next_round()
    game_answers.unsaved = "discard"
    assert w.play.close_game() and w.play.game_document is None
    game_answers.open_path = str(path)
    w.files.open_dialog()  # File ▸ Open… (Ctrl+O) on a game file: played
    assert w.play.in_play and w.play.game_document.path == path and w.play.game_document.round == 2
    assert not game_answers.errors
    assert w.play.close_game()
    w.files.recent_menu.aboutToShow.emit()
    action = next(a for a in w.files.recent_menu.actions() if a.data() == str(path.resolve()))
    action.trigger()  # File ▸ Open Recent
    assert w.play.in_play and w.play.game_document.path == path and not game_answers.errors


def test_fubars_initiative_modifiers_come_back_with_the_game(qtbot, make_window, game_answers, tmp_path):
    """User trial: FUBAR's initiative modifiers were back to 0 after reopening a saved game."""
    w = playing(make_window, "fubar-rifle-platoon")
    view = w.play.play_view
    view.modifiers[0].setValue(2)
    view.modifiers[1].setValue(-1)
    assert view.roll_initiative() is not None
    game_answers.game_path = str(tmp_path / "fubar.game.json")
    assert w.play.save_game()
    assert w.play.open_game(tmp_path / "fubar.game.json")
    reopened = w.play.play_view
    assert reopened is not view and [box.value() for box in reopened.modifiers] == [2, -1]


def test_open_game_from_the_menu_plays_it(qtbot, make_window, game_answers, tmp_path):
    """User trial: Game ▸ Open Game… passed its ``checked`` flag as the path (fixed before this issue: kept)."""
    w = playing(make_window, "human-force")
    w.play.game_document.next_round()
    game_answers.game_path = str(tmp_path / "menu.game.json")
    assert w.play.save_game()
    w.play.game_document.next_round()
    game_answers.unsaved = "discard"
    w.play.open_game_action.trigger()  # Game ▸ Open Game… (and File ▸ Open Game…)
    assert w.play.game_document.path == tmp_path / "menu.game.json" and w.play.game_document.round == 2
    assert not game_answers.errors


@pytest.mark.parametrize("system", sorted(GAMES))
def test_at_1024x700_the_odds_are_whole_and_a_long_message_moves_nothing(qtbot, make_window, game_answers, system):
    """User trial: at 1024x700 the layout jumped when a long message wrapped, and text was cut."""
    from tests.gui.conftest import SMALL

    w = playing(make_window, GAMES[system])
    w.show()
    view = w.play.play_view
    panel = view.attack
    qtbot.waitUntil(lambda: panel.bar.width() > 100)
    assert panel.roll() is not None
    qtbot.wait(20)
    assert (w.width(), w.height()) == SMALL
    assert panel.odds.height() >= panel.odds.heightForWidth(panel.odds.width())  # no line of the odds cut
    place = [panel.roll_button.mapTo(view, panel.roll_button.rect().topLeft()), panel.rolls.height()]
    panel._say("a message that goes on " * 30)
    qtbot.wait(20)
    assert [panel.roll_button.mapTo(view, panel.roll_button.rect().topLeft()), panel.rolls.height()] == place
    assert "goes on" in panel.outcome.toolTip()  # the whole of it, where two lines cannot hold it


@pytest.mark.parametrize("system", sorted(GAMES))
def test_a_scripted_game_per_system_from_the_menu(qtbot, make_window, game_answers, tmp_path, capsys, system):
    """A game started by the command line, opened from Game ▸ Open Game…, played by clicks (the shooter of
    the most figures, all of them in one roll), saved with Ctrl+S, reopened from the menu and continued; the
    command line reads the same game at every step."""
    import json

    from warbench.cli import main
    from warbench.model.resources import examples_dir

    path = tmp_path / "night.game.json"
    army = str(examples_dir() / f"{GAMES[system]}.army.json")
    assert main(["game", "new", army, "-o", str(path)]) == 0
    w = make_window()
    w.show()
    game_answers.game_path = str(path)
    w.play.open_game_action.trigger()
    view, doc = w.play.play_view, w.play.game_document
    assert w.play.in_play and doc.path == path
    panel = view.attack

    def attack_with(attacker: Ref) -> None:
        click_row(qtbot, view, attacker)
        assert panel.attacker == attacker
        target = next(r for r in (Ref(1, u, 0) for u in range(len(doc.armies()[1].units))) if doc.state(r)["figures"])
        assert panel.select_target(target)
        qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)  # pick, roll, apply: three actions
        rolled = panel.rolled
        assert rolled is not None and rolled.figures == (doc.game.figures(attacker) if panel.whole.isChecked() else 1)
        qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
        assert doc.log[-1].rolls == rolled.rolls and doc.state(target) == rolled.target_after

    shooters = sorted(
        (Ref(0, u, e) for u, unit in enumerate(doc.armies()[0].units) for e in range(len(unit.elements))),
        key=lambda ref: -doc.game.figures(ref),
    )
    attack_with(shooters[0])
    view.next_round()
    keys(qtbot, view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # Ctrl+S: the game
    assert not doc.modified
    capsys.readouterr()
    assert main(["game", "state", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(doc.game.state_json()))
    w.play.open_game_action.trigger()  # reopened from the menu: the same game, and it goes on
    view, doc = w.play.play_view, w.play.game_document
    panel = view.attack
    assert doc.round == 2 and len(doc.log) == 2
    attack_with(shooters[1])
    assert len(doc.log) == 3 and doc.log[-1].round == 2


def test_by_hand_offers_a_resilient_die_as_a_choice_of_the_rules(qtbot, make_window, game_answers):
    """User trial: By hand took raw JSON text for a state field; a die is one of the steps the rules give."""
    w = playing(make_window, "demonic-force")
    view, doc = w.play.play_view, w.play.game_document
    ref = next(
        Ref(0, u, e)
        for u, unit in enumerate(doc.armies()[0].units)
        for e in range(len(unit.elements))
        if "die" in doc.state(Ref(0, u, e))
    )
    view.attack.set_attacker(ref)
    ruling = view.ruling
    ruling.field.setCurrentIndex(ruling.field.findText("die"))
    die = doc.game.element(ref).die
    steps = [ruling.choice.itemText(i) for i in range(ruling.choice.count())]
    assert ruling.editors.currentWidget() is ruling.choice and steps[-1] == die and steps[0] == "d4"
    assert ruling.choice.currentText() == die
    ruling.choice.setCurrentIndex(0)
    assert ruling.apply() and doc.state(ref)["die"] == "d4"


def test_a_2d6_repeater_in_hard_cover_shows_its_chance_of_a_casualty(qtbot, make_window, game_answers):
    """User trial: a 6-shot Medium Repeater against hard cover showed "P(damage) 0 (0.0%)": the figure is per
    shot, and there 3 hits make one casualty. The distribution of the whole attack says the real chance."""
    w = playing(make_window, GAMES["2d6-skirmish"])
    doc, panel = w.play.game_document, w.play.play_view.attack
    veterans = Ref(0, 1, 0)
    panel.set_attacker(veterans)
    assert panel.weapon.currentData() == ("ranged", "Medium Repeater") and panel.select_target(Ref(1, 0, 0))
    panel._boxes["hard-cover"].setChecked(True)
    odds = doc.odds(panel.order())
    assert odds.shots == 6 and odds.p_damage == 0 and odds.distribution[1] > 0
    text = panel.odds.text().replace("\n", " ")
    assert "P(damage) 0 " in text and f"1+: {i18n.chance(1 - odds.distribution[0])}" in text, text


def test_the_start_page_lists_a_saved_game_and_opens_it_in_play(qtbot, answers, game_answers, tmp_path):
    """Goal: continue a game from anywhere, the start page's recent list included."""
    from tests.gui.conftest import SMALL
    from tests.gui.helpers import start_page_window
    from warbench.cli import main

    path = tmp_path / "start.game.json"
    assert main(["game", "new", str(examples_dir() / "fubar-rifle-platoon.army.json"), "-o", str(path)]) == 0
    settings.add_recent(str(path.resolve()))
    w, page = start_page_window(qtbot, SMALL)
    item = next(
        page.recent.item(i) for i in range(page.recent.count()) if "start.game.json" in page.recent.item(i).text()
    )
    page.recent.itemActivated.emit(item)
    assert w.play.in_play and w.play.game_document.path == path and not answers.errors
