"""The table pack's own words in each language it is written in (``warbench pack --language``).

Only the page's words are here (headings, buttons, labels); what the army and its rule system say (names,
rules, stats) is shown as the files and the system give it. Each language has every key of English
(``tests/model/pack/test_words.py``); placeholders are ``{name}``, filled by the page's code.
"""

from __future__ import annotations

import os

LANGUAGES = ("en", "de")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "{army}: table pack",
        "nav": "Sections",
        "cards": "Cards",
        "glossary": "Rules",
        "dice": "Dice",
        "odds": "Odds",
        "tracker": "Tracker",
        "share": "Share",
        "points": "{points} of {limit} {currency}",
        "rules_of": "Rules",
        "search": "Search the rules",
        "search_hint": "Type a word: spelling and accents are forgiven.",
        "found": "{n} found",
        "nothing_found": "Nothing found.",
        "core_rules": "Core rules",
        "attribute": "Attribute",
        "spell": "Spell",
        "no_js": "The dice, search and tracker need JavaScript; the cards and rules read without it.",
        "roll": "Roll",
        "dice_count": "Dice",
        "die": "Die",
        "target": "Each at least",
        "total": "Total",
        "presets": "The system's rolls",
        "rolled": "Rolled",
        "odds_of": "Exact odds of {expression}",
        "value": "Result",
        "exactly": "Exactly",
        "at_least": "At least",
        "mean": "Mean {mean}",
        "odds_intro": "Each attack of this army against {opponent}: the chance to hit and to damage per attack, "
        "and the expected damage per activation between units.",
        "attacker": "Attacker",
        "attack": "Attack",
        "against": "Target",
        "p_hit": "Hit",
        "p_damage": "Damage",
        "shots": "Attacks",
        "expected": "Expected damage per activation",
        "no_odds": "No attack odds for this army.",
        "too_many_odds": "{attackers} attacking elements against {targets} targets: too many to list here; "
        "warbench matchup lists them all.",
        "left_to_table": "Left to the table",
        "forbidden_by": "Forbidden (odds 0)",
        "round": "Round",
        "vp_mine": "Our VP",
        "vp_theirs": "Their VP",
        "activated": "Activated",
        "current_figure": "{label} (figure in front)",
        "left": "{n} of {count} left",
        "reset": "Reset the tracker",
        "reset_confirm": "Clear every box and counter of this army's tracker?",
        "export": "Export the state",
        "export_hint": "Copy this text to a computer: warbench game import-pack GAME.game.json FILE",
        "import": "Import a state",
        "import_hint": "Paste what warbench game export-pack printed, then Import.",
        "import_button": "Import",
        "imported": "Imported.",
        "import_wrong": "Not a state of this army's pack: nothing was changed.",
        "saved_here": "Taps are kept on this phone, for this army, until Reset.",
        "plus": "one more",
        "minus": "one less",
        "code": "Army code",
        "qr": "The army code as a QR code: another phone's camera reads it",
        "code_hint": "warbench import (or File ▸ Import from Text) reads the army from this code or from this file.",
        "made_by": "Made by Warbench {version} for {system}.",
    },
    "de": {
        "title": "{army}: Spieltisch-Paket",
        "nav": "Abschnitte",
        "cards": "Karten",
        "glossary": "Regeln",
        "dice": "Würfel",
        "odds": "Chancen",
        "tracker": "Tracker",
        "share": "Teilen",
        "points": "{points} von {limit} {currency}",
        "rules_of": "Regeln",
        "search": "Regeln durchsuchen",
        "search_hint": "Ein Wort eingeben: Schreibweise und Akzente werden verziehen.",
        "found": "{n} gefunden",
        "nothing_found": "Nichts gefunden.",
        "core_rules": "Grundregeln",
        "attribute": "Eigenschaft",
        "spell": "Zauber",
        "no_js": "Würfel, Suche und Tracker brauchen JavaScript; Karten und Regeln sind auch ohne lesbar.",
        "roll": "Würfeln",
        "dice_count": "Würfel",
        "die": "Würfelart",
        "target": "Jeder mindestens",
        "total": "Summe",
        "presets": "Würfe des Systems",
        "rolled": "Gewürfelt",
        "odds_of": "Genaue Chancen von {expression}",
        "value": "Ergebnis",
        "exactly": "Genau",
        "at_least": "Mindestens",
        "mean": "Mittel {mean}",
        "odds_intro": "Jeder Angriff dieser Armee gegen {opponent}: die Chance zu treffen und Schaden zu machen "
        "je Angriff, und der erwartete Schaden je Aktivierung zwischen Einheiten.",
        "attacker": "Angreifer",
        "attack": "Angriff",
        "against": "Ziel",
        "p_hit": "Treffer",
        "p_damage": "Schaden",
        "shots": "Angriffe",
        "expected": "Erwarteter Schaden je Aktivierung",
        "no_odds": "Keine Angriffschancen für diese Armee.",
        "too_many_odds": "{attackers} angreifende Elemente gegen {targets} Ziele: zu viele für diese Seite; "
        "warbench matchup listet sie alle.",
        "left_to_table": "Dem Spieltisch überlassen",
        "forbidden_by": "Verboten (Chance 0)",
        "round": "Runde",
        "vp_mine": "Unsere SP",
        "vp_theirs": "Deren SP",
        "activated": "Aktiviert",
        "current_figure": "{label} (vorderste Figur)",
        "left": "noch {n} von {count}",
        "reset": "Tracker zurücksetzen",
        "reset_confirm": "Alle Kästchen und Zähler des Trackers dieser Armee leeren?",
        "export": "Stand exportieren",
        "export_hint": "Diesen Text auf einen Computer kopieren: warbench game import-pack SPIEL.game.json DATEI",
        "import": "Stand importieren",
        "import_hint": "Einfügen, was warbench game export-pack ausgab, dann Importieren.",
        "import_button": "Importieren",
        "imported": "Importiert.",
        "import_wrong": "Kein Stand des Pakets dieser Armee: nichts wurde geändert.",
        "saved_here": "Die Eingaben bleiben auf diesem Telefon, für diese Armee, bis zum Zurücksetzen.",
        "plus": "eins mehr",
        "minus": "eins weniger",
        "code": "Armee-Code",
        "qr": "Der Armee-Code als QR-Code: die Kamera eines anderen Telefons liest ihn",
        "code_hint": "warbench import (oder Datei ▸ Aus Text importieren) liest die Armee aus diesem Code "
        "oder aus dieser Datei.",
        "made_by": "Erstellt von Warbench {version} für {system}.",
    },
}


def language_from_environment(environ: dict[str, str] | None = None) -> str:
    """The language the environment asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first
    set, as gettext reads them) if the pack is written in it, else English."""
    env = os.environ if environ is None else environ
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value:
            code = value.split(":")[0].split("_")[0].split(".")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def words(language: str) -> dict[str, str]:
    """The pack's words in ``language`` (ValueError naming the languages for another)."""
    if language not in WORDS:
        raise ValueError(f"language {language!r}: the pack is written in {', '.join(LANGUAGES)}")
    return WORDS[language]
