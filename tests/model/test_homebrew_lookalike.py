"""A summary an organiser trusts marks every homebrew entry and flags negative costs and look-alikes.

The issue's attack: a homebrew attribute "Flyіng" (a Cyrillic і, U+0456) priced -50 printed in the text
export and on the roster summary as "Flyіng", total -24 pts, "valid, 0 warnings", with no homebrew mark.
"""

from __future__ import annotations

import datetime as dt
import io

import pytest
from pypdf import PdfReader

from tests.helpers import army_data, element
from warbench.model.costing import price_army
from warbench.model.fileio import army_from_data
from warbench.model.lookalike import differences, mixed_scripts, skeleton
from warbench.model.pdf.sheet import SheetOptions
from warbench.model.pdf.summary import build_summary
from warbench.model.report import format_cost_table
from warbench.model.systems import system_for
from warbench.model.textexport import FORMATS, army_text

FAKE = "Fly\u0456ng"  # a Cyrillic і: prints as "Flying"


def _army(name=FAKE, points=-50, system="fow-special-ops", **kw):
    data = army_data(system, [element(attributes=["fake"], **kw)], limit=1000)
    data["homebrew"] = {"attributes": [{"id": "fake", "name": name, "cost": {"kind": "flat", "points": points}}]}
    return army_from_data(data)


def _rules(army):
    return [w.rule for w in price_army(army, system_for(army)).warnings]


def test_the_issues_army_is_marked_flagged_and_warned_in_every_text_format():
    army = _army()
    cost = price_army(army, system_for(army))
    assert cost.total == 4 - 50  # d6 base 4, the fake -50: what it claims is what it costs
    messages = [str(w) for w in cost.warnings]
    assert [w.rule for w in cost.warnings] == ["homebrew-look-alike", "homebrew-negative-cost"]
    assert "looks like the built-in Flying" in messages[0] and "U+0456 CYRILLIC" in messages[0]
    assert "takes points off (-50)" in messages[1]
    for fmt in FORMATS:
        text = army_text(army, fmt=fmt)
        assert "homebrew" in text.split("Total")[0]  # on the element's line, not only in the warnings
        assert "2 warnings:" in text and "looks like the built-in Flying" in text and "takes points off" in text
    assert f'1× E: D6, Move 0", [homebrew] {FAKE} — -46 pts' in army_text(army)
    table = format_cost_table(army, cost, system_for(army))
    assert "valid, 0 warnings" not in table and "Warnings (2)" in table


def test_the_roster_summary_shows_the_mark_and_the_warnings():
    army = _army()
    pdf = build_summary(army, b"{}", "fake.army.json", SheetOptions(date=dt.date(2026, 11, 25)))
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())
    assert "[homebrew]" in text
    assert "valid, 0 warnings" not in text and "legal, 2 warnings" in text
    assert "looks like the built-in Flying" in text and "takes points off" in text


def test_an_honest_homebrew_entry_is_marked_but_not_warned():
    army = _army(name="Rocket Pod", points=6)
    assert _rules(army) == []
    assert "[homebrew] Rocket Pod" in army_text(army)


@pytest.mark.parametrize(
    "name",
    [
        "FIying",  # a capital I for the l
        "F1ying",  # a one
        "Fly\u03b9ng",  # a Greek iota
        "Flyi\u0578g",  # an Armenian vo for the n
    ],
)
def test_other_look_alikes_of_a_built_in_name_are_warned(name):
    assert "homebrew-look-alike" in _rules(_army(name=name, points=1))


def test_a_name_mixing_scripts_in_one_word_is_warned():
    army = _army(name="Rоcket Boots", points=2)  # a Cyrillic о, no built-in name
    assert _rules(army) == ["homebrew-mixed-scripts"]
    assert "mixes Latin and Cyrillic letters" in str(price_army(army, system_for(army)).warnings[0])


@pytest.mark.parametrize(
    "name", ["Légion d'honneur", "Ørkø Boss", "第一 Panzer", "ロケット砲", "Ракетный ранец", "Donʼt Panic"]
)
def test_names_in_one_script_per_word_are_not_warned(name):
    assert _rules(_army(name=name, points=1)) == []


def test_look_alikes_are_found_in_every_system_through_its_built_in_entries():
    """A system that names its homebrew entries otherwise (weapons) is checked the same way."""
    data = army_data("fubar", [{"name": "Rifleman", "weapons": [{"weapon": "fake"}]}])
    data["homebrew"] = {"weapons": [{"id": "fake", "name": "Infantry Rifl\u0435", "range_in": 24, "fp": 1}]}
    army = army_from_data(data)
    assert "homebrew-look-alike" in _rules(army)
    assert "[homebrew] Infantry Rifl\u0435" in army_text(army)


def test_warnings_are_only_for_entries_the_army_uses():
    data = army_data(elements=[element()])
    data["homebrew"] = {"attributes": [{"id": "fake", "name": FAKE, "cost": {"kind": "flat", "points": -50}}]}
    assert _rules(army_from_data(data)) == []


def test_the_skeleton_folds_look_alikes_and_keeps_other_names_apart():
    assert skeleton(FAKE) == skeleton("Flying") == skeleton("FIying") == skeleton("F\uff4cying") == skeleton("flying")
    assert skeleton("Flýing") != skeleton("Flying") and skeleton("Burn") == skeleton("Bum")
    assert skeleton("Brave") != skeleton("Grave")
    assert differences("FIy\u200bing", "Flying") == [
        "I is U+0049 LATIN CAPITAL LETTER I",
        "an invisible character is U+200B ZERO WIDTH SPACE",
    ]
    assert mixed_scripts("Fly\u0456ng") == ("Latin", "Cyrillic") and mixed_scripts("Flying") == ()
    assert mixed_scripts("東京タワー") == () and mixed_scripts("Ракета Boots") == ()
