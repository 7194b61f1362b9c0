"""The model's words in German (model/i18n.py, resources/i18n/model_de.po): every rule system's labels, states,
situations and the cost lines' own words have a German translation with the same placeholders, the committed
.mo is the one msgfmt builds from the .po, numbers take the language's decimal point, and English stays
exactly as it was (the command line's contract)."""

from __future__ import annotations

import gettext
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from warbench.model import i18n
from warbench.model.i18n_data import all_nouns, all_words
from warbench.model.systems import get_system

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "resources" / "i18n" / "model_de.po"
MO = ROOT / "resources" / "i18n" / "model_de.mo"
PLACEHOLDER = re.compile(r"\{\w*\}")


@pytest.fixture
def german():
    assert i18n.use("de_DE") == "de"
    yield
    i18n.use("en")


def _rule_names(system_ids: set[str]) -> set[str]:
    """Names the rule documents print (attributes, spells, weapons, the systems' tables): kept as printed."""
    names: set[str] = set()
    for system_id in system_ids:
        system = get_system(system_id)
        names |= {entry.name for entry in (*system.catalogue.attributes.values(), *system.catalogue.spells.values())}
        for spec in (*system.schema.element_form, *system.schema.options_form):
            for child in (spec, *spec.children):
                if child.kind in ("picks", "choice") and child.key not in ("type", "kind", "training", "quality"):
                    names |= {str(label) for label in child.choice_labels.values()}
    return names


def test_every_word_of_the_systems_data_has_its_german(german):
    """The element form's labels, tool tips and choices, panel titles, situations, states, boxes (rule names
    aside: "Sharpshooter" stays as the document prints it)."""
    words = all_words()
    assert {"Base die", "Flank", "Rear", "units lost", "figures", "Attributes", "Add weapon"} <= set(words)
    missing = sorted(
        word
        for word, systems in words.items()
        if i18n.label(word) == word and word.lower() not in {name.lower() for name in _rule_names(systems)}
    )
    same_in_german = {
        "Name",
        "Bonus",
        "Bunker",
        "DAC",
        "Elite",
        "FP",
        "Handicap",
        "INIT",
        "Init",
        "INITIATIVE",
        "Veteran",
    }
    assert [word for word in missing if word not in same_in_german] == []


def test_a_unit_cards_stat_words_have_german_short_forms(german):
    """The stat line's words are short (a card's column is narrow): "BEW" where the form says "BEWEGUNG"."""
    from warbench.model.i18n_data import stat_words

    words = stat_words()
    assert {"MOVE", "ARMOR", "Figs"} <= words
    assert [word for word in sorted(words) if i18n.stat(word) == word and word not in ("FP", "INIT")] == []
    assert all(len(i18n.stat(word)) <= max(len(word), 5) for word in words), {w: i18n.stat(w) for w in words}
    assert (i18n.stat("MOVE"), i18n.label("MOVE")) == ("BEW", "BEWEGUNG")


def test_the_attacks_kinds_are_german(german):
    """ "melee" (the play view's attack, the log) and "Melee" (the matchup's list): msgctxt attack; the kinds
    named after an attribute (Sponson, Turret) stay as printed."""
    from warbench.model.i18n_data import attack_words

    left = [word for word in sorted(attack_words()) if i18n.attack(word) == word]
    assert {"melee", "Melee", "spell"} <= attack_words() and left == ["Sponson", "Turret", "sponson", "turret"]
    assert (i18n.attack("melee"), i18n.noun("spell"), i18n.noun("weapon")) == ("Nahkampf", "Zauber", "Waffe")


def test_counted_nouns_have_both_german_forms(german):
    from warbench.model.systems.presentation import counted

    assert "units" in all_nouns()
    for noun in all_nouns():
        assert i18n.ngettext(noun[:-1], noun, 1) != noun[:-1] or noun[:-1] in ("Bunker",), noun
    assert (counted(1, "units"), counted(3, "units"), counted(1, "figures")) == ("1 Einheit", "3 Einheiten", "1 Figur")


def test_the_cost_lines_words_are_german(german):
    from warbench.model.cost_lines import points_text
    from warbench.model.costing import price_army
    from warbench.model.fileio import load_army
    from warbench.model.resources import examples_dir

    army = load_army(examples_dir() / "human-force.army.json")
    system = get_system(army.system)
    cost = price_army(army, system)
    lines = [line.item for unit in cost.units for e in unit.elements for line in e.breakdown]
    assert any(item.startswith("Basis d") for item in lines) and not any(item.startswith("base ") for item in lines)
    assert system.presentation.currency == "Pkt."
    assert points_text(1.5) == "1,5" and i18n.number(31.25, 1) == "31,2"


def test_warnings_are_german(german):
    """The model's warnings (a points limit passed, an odd build) in the window's language."""
    from warbench.model.costing import price_army
    from warbench.model.fileio import load_army
    from warbench.model.resources import examples_dir

    army = load_army(examples_dir() / "duke-it-out-brick-brigade.army.json")
    army = army.model_copy(update={"points_limit": 10})
    army.units[0].elements[0].armor = "7"
    warnings = [w.message for w in price_army(army, get_system(army.system)).warnings]
    assert "17 Pkt. liegen um 7 über dem Limit von 10 Pkt." in warnings
    assert any(w.startswith("Panzerung 7 liegt über 5: nahezu unzerstörbar") for w in warnings), warnings


def test_translations_keep_their_placeholders():
    catalogue = _catalogue()
    wrong = [
        (msgid, text)
        for msgid, text in catalogue.items()
        if set(PLACEHOLDER.findall(text)) != set(PLACEHOLDER.findall(msgid if isinstance(msgid, str) else msgid[0]))
    ]
    assert len(catalogue) > 200 and wrong == []


def _catalogue() -> dict:
    with MO.open("rb") as file:
        return {key: text for key, text in gettext.GNUTranslations(file)._catalog.items() if key}  # type: ignore[attr-defined]


def test_the_shipped_mo_is_built_from_the_po(tmp_path):
    """``make model-translations`` compiles the .po with GNU msgfmt (Debian's gettext package)."""
    msgfmt = shutil.which("msgfmt")
    assert msgfmt, "msgfmt not found: install GNU gettext (apt-get install gettext)"
    built = tmp_path / "model_de.mo"
    subprocess.run([msgfmt, "--check", "-o", str(built), str(PO)], check=True, capture_output=True)
    assert built.read_bytes() == MO.read_bytes()


#: as the Makefile's GETTEXT_KEYWORDS (make model-translations)
KEYWORDS = ["--keyword=_", "--keyword=N_", "--keyword=NP_:1c,2", "--keyword=ngettext:1,2", "--keyword=pgettext:1c,2"]


def _gettext_tool(name: str) -> str:
    found = shutil.which(name)
    assert found, f"{name} not found: install GNU gettext (apt-get install gettext)"
    return found


def test_the_po_holds_every_string_and_every_code_string_has_its_german(tmp_path):
    """xgettext over model/ (the code's marked strings) and model/i18n_data.py's template (the systems' words)
    find nothing the committed .po lacks, and every string of the code has a German translation (run ``make
    model-translations`` after marking a string, then translate it in the .po)."""
    from warbench.model.i18n_data import template

    code, data, both = tmp_path / "code.pot", tmp_path / "data.pot", tmp_path / "catalogue.pot"
    sources = sorted(str(path) for path in (ROOT / "model").rglob("*.py"))
    run = {"check": True, "capture_output": True}
    subprocess.run(
        [_gettext_tool("xgettext"), "--language=Python", "--from-code=UTF-8", *KEYWORDS, "-o", str(code), *sources],
        **run,
    )
    data.write_text(template(), encoding="utf-8")
    subprocess.run([_gettext_tool("msgcat"), "--use-first", "-o", str(both), str(code), str(data)], **run)
    subprocess.run([_gettext_tool("msgcmp"), str(PO), str(code)], **run)  # each code string translated
    subprocess.run([_gettext_tool("msgcmp"), "--use-untranslated", str(PO), str(both)], **run)  # each string there


def test_english_is_as_it_was():
    """No catalogue for English: every message is its msgid, every number keeps its point."""
    from warbench.model.cost_lines import points_text
    from warbench.model.systems.presentation import counted

    assert i18n.use("en_US") == "en" and i18n.use("C") == "en" and i18n.use("fr_FR") == "en"
    assert i18n.label("Base die") == "Base die" and points_text(1.5) == "1.5"
    assert (counted(1, "pts"), counted(2, "pts"), counted(1.5, "pts")) == ("1 pt", "2 pts", "1.5 pts")
    assert get_system("fow-universal-1.7").presentation.currency == "pts"


def test_an_erratum_is_explained_in_german(german):
    """User trial 3: the builder's errata banner was English in a German window (our own words, not a rule's)."""
    from warbench.model.errata import published_difference
    from warbench.model.fileio import load_army
    from warbench.model.resources import examples_dir

    army = load_army(examples_dir() / "human-force.army.json")
    published = published_difference(army, 0, 0, 20)  # the Assault Troop: printed 18, ours 20 (fow-so-1)
    assert published is not None and published.erratum is not None
    said = published.explanation(False)
    assert said.startswith("Die gedruckten 18 bepreisen die Power Claw") and "bleiben wir bei 20" in said
    i18n.use("en")
    assert published.explanation(False) == published.erratum["explanation"]  # the command line's English
