"""A unit's table rolls (model/table_rolls.py) in the model's language: in German the window's words (the roll's
kind and outcomes shown through ``roll_name``/``outcome_name``, why it is due, the modifiers that are not rule
names, what each outcome does, the tracker's line) are German, while what the game file and the command line's
JSON hold stays the English identifiers ("morale", "failed")."""

from __future__ import annotations

import pytest

from tests.model.systems.helpers import game_of
from warbench.model import i18n
from warbench.model.table_roll import outcome_name, roll_name
from warbench.model.table_rolls import due_rolls, make_roll, offered_rolls


@pytest.fixture
def german():
    assert i18n.use("de") == "de"
    yield
    i18n.use("en")


def _lose(game, ref_text: str, n: int) -> None:
    ref = game.ref(ref_text)
    state = game.state(ref)
    game.file.sides[ref.side].state[ref.unit][ref.element] = {**state, "figures": state["figures"] - n}


def test_a_german_morale_roll_says_why_what_counts_and_what_it_does_in_german(german):
    game = game_of("human-force")  # b:1 Assault Squad: 10 figures, a Brave Sergeant
    _lose(game, "b:1/1", 3)
    (due,) = due_rolls(game)
    assert (due["roll"], set(due["odds"])) == ("morale", {"passed", "failed"})  # identifiers, as the file holds
    assert due["due"] == "die Einheit hat 3 ihrer 10 Figuren verloren (1 × 25 %): sie würfelt sofort"
    assert [m["label"] for m in due["modifiers"]] == ["1 × 25 % der Einheit verloren", "Brave"]  # Brave: a rule
    assert due["effects"]["failed"].endswith("(ungeordnet); sie flieht")
    assert (roll_name("morale"), outcome_name("passed"), outcome_name("failed")) == (
        "Moral",
        "bestanden",
        "nicht bestanden",
    )
    out = make_roll(game, "b:1", "morale", seed=3)
    assert out["outcome"] == "failed" and game.file.log[-1].model_extra["roll"] == "morale"
    assert game.file.log[-1].model_extra["outcome"] == "failed" and set(game.file.log[-1].model_extra["odds"]) == {
        "passed",
        "failed",
    }
    (rally,) = offered_rolls(game, 1, 0)
    assert roll_name(rally["roll"]) == "Sammeln" and "Frightened" in [m["label"] for m in rally["modifiers"]]
    assert rally["effects"]["passed"].startswith("die Einheit sammelt sich")


def test_german_activation_rolls_of_fubar_and_2d6(german):
    fubar = game_of("fubar-rifle-platoon")
    ref = fubar.ref("a:1/1")
    fubar.file.sides[0].state[0][0] = {**fubar.state(ref), "suppressed": 1}
    (roll,) = offered_rolls(fubar, 0, 0)
    assert roll_name(roll["roll"]) == "Aktivierung"
    assert [m["label"] for m in roll["modifiers"]] == ["1 niedergehaltene Figur"]
    assert roll["effects"]["failed"].startswith("die Einheit aktiviert nicht")
    skirmish = game_of("2d6-dust-raiders")
    skirmish.file.sides[0].state[1][0] = {**skirmish.state(skirmish.ref("a:2/1")), "casualties_taken": 2}
    (roll,) = offered_rolls(skirmish, 0, 1)
    assert [m["label"] for m in roll["modifiers"]] == ["2 Verluste im letzten Zug des Gegners"]
    assert set(roll["odds"]) == {"passed", "failed", "snake eyes", "broken"}
    assert [outcome_name(o) for o in roll["odds"]] == ["bestanden", "nicht bestanden", "Doppel-Eins", "aufgerieben"]
    assert roll["effects"]["broken"] == "die Einheit ist aufgerieben und wird aus dem Spiel genommen"


def test_the_tracker_line_of_the_rolls_is_german_in_german_and_english_in_english():
    game = game_of("human-force")
    system, unit = game.systems[1], game.armies[1].units[0]
    english = system.play.play_tracker_rolls(unit)
    assert english.startswith("Morale holds: 3 lost ") and " lost " in english
    i18n.use("de")
    try:
        german = system.play.play_tracker_rolls(unit)
        fubar = game_of("fubar-rifle-platoon")
        activation = fubar.systems[0].play.play_tracker_rolls(fubar.armies[0].units[0])
    finally:
        i18n.use("en")
    assert german.startswith("Moral hält: bei 3 Verlusten ") and "lost" not in german
    assert activation.startswith("Aktivierung: d6 braucht ") and "bestanden" in activation
    assert "needs" not in activation and "passed" not in activation


def test_a_singular_count_reads_singular_in_english():
    game = game_of("2d6-dust-raiders")
    game.file.sides[0].state[1][0] = {**game.state(game.ref("a:2/1")), "casualties_taken": 1}
    (roll,) = offered_rolls(game, 0, 1)
    assert [m["label"] for m in roll["modifiers"]] == ["1 casualty in the enemy's last turn"]


def test_a_roll_not_offered_is_refused_in_german_naming_the_rolls_offered(german):
    from warbench.model.game_file import GameFileError

    game = game_of("human-force")
    _lose(game, "b:1/1", 3)
    with pytest.raises(GameFileError) as refused:
        make_roll(game, "b:1", "rally")
    assert str(refused.value).endswith("kein Wurf, den diese Einheit jetzt machen darf (ihre Würfe jetzt: Moral)")
