"""The table pack's odds (model/pack/content.py) in the page's language: the model's words on it (an attack's
kind, the damage it counts) and its numbers follow the model's language, as ``warbench pack --language`` and the
window's export set it; English stays as ``warbench pack`` wrote it."""

from __future__ import annotations

from warbench.model import i18n
from warbench.model.fileio import load_army
from warbench.model.pack.content import odds
from warbench.model.resources import examples_dir
from warbench.model.systems import system_for


def _odds(language: str) -> dict:
    army = load_army(examples_dir() / "fubar-rifle-platoon.army.json")
    i18n.use(language)
    try:
        return odds(system_for(army), army, army)
    finally:
        i18n.use("en")


def test_the_odds_words_and_numbers_follow_the_language():
    english, german = _odds("en"), _odds("de")
    first_en, first_de = english["attackers"][0]["pairs"][0], german["attackers"][0]["pairs"][0]
    assert first_en["attack"].startswith("melee") and first_de["attack"].startswith("Nahkampf")
    assert first_en["p_hit"] == "33.3%" and first_de["p_hit"] == "33,3%"
    assert first_en["damage"] == "casualty" and first_de["damage"] == "Verlust"
    assert "." in english["matrix"]["rows"][0][0] and "," in german["matrix"]["rows"][0][0]
