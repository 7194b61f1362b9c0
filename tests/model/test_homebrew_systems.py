"""Homebrew entries of the systems other than Flat Out War (docs/homebrew.md, "Other systems").

Duke It Out: ``homebrew.templates[]`` (units made from them, priced points × count) and
``homebrew.weapons[]``; FUBAR and the 2D6 skirmish game: ``homebrew.weapons[]`` that units pick.
Each goes through ``system_for(army)`` like Flat Out War's: same validation, costing and listing code.
"""

from __future__ import annotations

import json

import pytest

from warbench.cli import main
from warbench.model.costing import price_army
from warbench.model.fileio import ArmyFileError, army_from_data, dump_army, load_army, save_army
from warbench.model.systems import get_system, system_for

DUKE_HOMEBREW = {
    "templates": [
        {
            "id": "mud-crawler",
            "name": "Mud Crawler",
            "type": "tank",
            "move": "4",
            "initiative": 3,
            "evade": "3",
            "accuracy": 4,
            "armor": "4",
            "body": "5",
            "weapons": [{"name": "Slag Gun", "power": 5, "range": "12"}],
            "special": "Wades through mud.",
            "points": "2-3",
            "origin": "kept: a newer writer's field",
        }
    ],
    "weapons": [{"id": "arc-lance", "name": "Arc Lance", "power": 7, "range": "10", "note": "ignores cover"}],
}
FUBAR_HOMEBREW = {
    "weapons": [{"id": "gauss-rifle", "name": "Gauss Rifle", "range_in": 30, "fp": 2, "notes": ["pierces cover"]}]
}
SKIRMISH_HOMEBREW = {
    "weapons": [
        {"id": "arc-caster", "name": "Arc Caster", "range": 18, "shots": 3, "assault_attacks": "D3", "to_kill": 5}
    ]
}


def _army(system: str, homebrew, elements: list[dict], points_limit=None) -> dict:
    return {
        "format": "warbench-army",
        "schema_version": 1,
        "system": system,
        "name": "Homebrew test",
        "points_limit": points_limit,
        "options": {},
        "homebrew": homebrew,
        "units": [{"name": "Unit", "notes": "", "elements": elements}] if elements else [],
    }


def _duke(homebrew=DUKE_HOMEBREW, **element) -> dict:
    crawler = {
        "name": "Crawler",
        "type": "tank",
        "count": 2,
        "template": "mud-crawler",
        "move": "4",
        "armor": "4",
        "body": "5",
        "weapons": [{"name": "Slag Gun", "power": 5, "range": "12"}],
        "points": 2.5,
    }
    return _army("duke-it-out", homebrew, [crawler | element], points_limit=10)


def _fubar(homebrew=FUBAR_HOMEBREW) -> dict:
    section = {
        "name": "Gauss Section",
        "kind": "infantry",
        "training": "seasoned",
        "figures": 6,
        "armour": "light",
        "weapons": [{"weapon": "gauss-rifle", "count": 4}, {"weapon": "infantry-rifle", "count": 2}],
    }
    return _army("fubar", homebrew, [section])


def _skirmish(homebrew=SKIRMISH_HOMEBREW) -> dict:
    squad = {
        "name": "Arc Squad",
        "quality": "regular",
        "type": "infantry",
        "figures": 5,
        "weapons": [{"weapon": "arc-caster", "count": 2}, {"weapon": "rifle", "count": 3}],
    }
    return _army("2d6-skirmish", homebrew, [squad])


# --- Duke It Out ---------------------------------------------------------------------------------
def test_duke_homebrew_template_prices_points_times_count():
    army = army_from_data(_duke())
    system = system_for(army)
    assert system is not get_system("duke-it-out")
    cost = price_army(army, system)
    element = cost.units[0].elements[0]
    # 2.5 points each (inside the template's printed 2-3) × 2 = 5
    assert element.cost_each == 2.5
    assert [(line.item, line.points) for line in element.breakdown] == [("[homebrew] Mud Crawler points", 2.5)]
    assert cost.total == 5
    assert system.pricing.check_element(army.units[0].elements[0], army.options) == []


def test_duke_points_outside_the_homebrew_range_warn_like_a_library_template():
    army = army_from_data(_duke(points=4))
    system = system_for(army)
    assert ("points", "4 points is outside the template's printed 2-3") in system.pricing.check_element(
        army.units[0].elements[0], army.options
    )
    assert price_army(army, system).total == 8  # 4 × 2


def test_duke_homebrew_entries_are_in_the_catalogue_and_marked():
    system = system_for(army_from_data(_duke()))
    cat = system.catalogue
    assert cat.attributes["mud-crawler"].homebrew and cat.attributes["arc-lance"].homebrew
    assert not cat.attributes["strider"].homebrew
    assert "Move 4" in cat.attributes["mud-crawler"].summary
    assert cat.attributes["arc-lance"].summary == "Weapon: power 7, range 10. ignores cover"
    assert system.templates["mud-crawler"]["points_text"] == "2-3"
    # the browser's "Add to the army as a new unit"
    unit = system.reference.unit_from_reference("mud-crawler")
    assert unit["elements"][0]["template"] == "mud-crawler" and unit["elements"][0]["points"] == 2
    carrier = system.reference.unit_from_reference("arc-lance")["elements"][0]
    assert carrier["template"] is None
    assert carrier["weapons"] == [{"name": "Arc Lance", "power": 7, "range": "10", "note": "ignores cover"}]


def test_duke_template_id_must_be_defined():
    data = _duke(homebrew={"weapons": DUKE_HOMEBREW["weapons"]})
    with pytest.raises(ArmyFileError) as exc:
        army_from_data(data)
    assert "units[0].elements[0].template: 'mud-crawler' is not a template of the library" in str(exc.value)


@pytest.mark.parametrize(
    ("section", "problem"),
    [
        (
            {"templates": [{"id": "strider", "name": "My Strider", "points": 1}]},
            "homebrew.templates[0].id: 'strider' shadows the built-in template Strider of Duke It Out; "
            "choose another id",
        ),
        (
            {"weapons": [{"id": "turtle-gun", "name": "Battle Turtle", "power": 1}]},
            "homebrew.weapons[0].name: 'Battle Turtle' shadows the built-in template Battle Turtle",
        ),
        ({"weapons": [{"id": "x", "name": "X", "power": -1}]}, "homebrew.weapons[0].power: must be at least 0"),
        (
            {"templates": [{"id": "t", "name": "T", "points": "3-2"}]},
            "homebrew.templates[0].points: '3-2' is not points (a number of at least 0, or a range like '2-3')",
        ),
        ({"templates": [{"id": "t", "name": "T", "points": -1}]}, "homebrew.templates[0].points: -1 is not points"),
        ({"templates": [{"id": "t", "name": "T", "armor": "lots"}]}, "homebrew.templates[0].armor: 'lots' is not"),
        (
            {"templates": [{"id": "t", "name": "T"}], "weapons": [{"id": "t", "name": "U", "power": 1}]},
            "homebrew.weapons[0].id: 't' is defined twice",
        ),
        ({"weapons": [{"id": "Big Gun", "name": "Big Gun", "power": 1}]}, "homebrew.weapons[0].id: 'Big Gun' is not"),
    ],
)
def test_duke_bad_homebrew_is_refused_with_its_path(section, problem):
    data = _army("duke-it-out", section, [])
    with pytest.raises(ArmyFileError) as exc:
        army_from_data(data)
    assert problem in str(exc.value)


# --- FUBAR and 2D6 -----------------------------------------------------------------------------
def test_fubar_homebrew_weapon_is_listed_and_counted():
    army = army_from_data(_fubar())
    system = system_for(army)
    element = army.units[0].elements[0]
    weapon = system.weapons["gauss-rifle"]
    assert weapon["range_cm"] == 75  # 30" at the tables' 2.5 cm per inch
    assert system.catalogue.attributes["gauss-rifle"].homebrew
    assert system.catalogue.attributes["gauss-rifle"].summary == 'Range 30" (75 cm), 2 fire points. Pierces cover.'
    # fire points: 4 Gauss Rifles × 2 + 2 Infantry Rifles × 1 = 10
    assert system.pricing.figures(element)["fire_points"] == 10
    assert price_army(army, system).total is None  # FUBAR has no points
    assert system.presentation.card_lines(element)[1] == '4× [homebrew] Gauss Rifle: 30"/75cm, 2 FP (pierces cover)'
    assert system.presentation.sheet_cells(element)[5] == "4× [homebrew] Gauss Rifle, 2× Infantry Rifle"
    # the designer's weapon choice offers it
    weapons = next(f for f in system.schema.element_form if f.key == "weapons")
    assert "gauss-rifle" in weapons.children[0].choices


def test_skirmish_homebrew_weapon_is_listed_and_counted():
    army = army_from_data(_skirmish())
    system = system_for(army)
    element = army.units[0].elements[0]
    assert system.catalogue.attributes["arc-caster"].homebrew
    # shots: 2 Arc Casters × 3 + 3 Rifles × 1 = 9
    assert system.weapons["rifle"]["shots"] == 1
    assert system.pricing.figures(element)["shots"] == 9
    assert system.presentation.card_lines(element)[1] == '2× [homebrew] Arc Caster: 18", 3 shots; assault D3 at 5+'


@pytest.mark.parametrize(
    ("system_id", "section", "problem"),
    [
        (
            "fubar",
            {"weapons": [{"id": "pistol", "name": "Pocket Pistol", "range_in": 8, "fp": 1}]},
            "homebrew.weapons[0].id: 'pistol' shadows the built-in weapon Pistol/Revolver of FUBAR",
        ),
        (
            "fubar",
            {"weapons": [{"id": "x", "name": "X", "range_in": -8, "fp": 1}]},
            "homebrew.weapons[0].range_in: must be at least 0 (found -8)",
        ),
        ("fubar", {"weapons": [{"id": "x", "name": "X", "range_in": 8}]}, "homebrew.weapons[0].fp:"),
        (
            "fubar",
            {"weapons": [{"id": "x", "name": "X", "range_in": 8, "fp": 1, "mount": ["boat"]}]},
            "homebrew.weapons[0].mount[0]:",
        ),
        (
            "2d6-skirmish",
            {"weapons": [{"id": "my-rifle", "name": "Rifle", "range": 24, "shots": 1}]},
            "homebrew.weapons[0].name: 'Rifle' shadows the built-in weapon Rifle",
        ),
        (
            "2d6-skirmish",
            {"weapons": [{"id": "x", "name": "X", "range": 6, "shots": 1, "assault_attacks": "D0"}]},
            "homebrew.weapons[0].assault_attacks:",
        ),
        (
            "2d6-skirmish",
            {"weapons": [{"id": "x", "name": "X", "range": 6, "shots": -2}]},
            "homebrew.weapons[0].shots: must be at least 0",
        ),
        (
            "2d6-skirmish",
            {
                "weapons": [
                    {"id": "x", "name": "X", "range": 6, "shots": 1},
                    {"id": "x", "name": "Y", "range": 1, "shots": 1},
                ]
            },
            "homebrew.weapons[1].id: 'x' is defined twice",
        ),
    ],
)
def test_weapon_table_bad_homebrew_is_refused_with_its_path(system_id, section, problem):
    with pytest.raises(ArmyFileError) as exc:
        army_from_data(_army(system_id, section, []))
    assert problem in str(exc.value)


def test_an_undefined_homebrew_weapon_is_refused_naming_the_element():
    data = _fubar(homebrew={"weapons": []})
    with pytest.raises(ArmyFileError) as exc:
        army_from_data(data)
    assert "units[0].elements[0].weapons[0].weapon: 'gauss-rifle' is not a weapon" in str(exc.value)


# --- round trips ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("make", "shown"),
    [
        (
            _duke,
            "2× Crawler: MOVE 4, INIT 3, EVADE 3, ACC 4, ARMOR 4, BODY 5, Tank, [homebrew] Mud Crawler, "
            "Slag Gun P5 R12",
        ),
        (_fubar, "FP 10, Infantry, Seasoned, 4× [homebrew] Gauss Rifle, 2× Infantry Rifle"),
        (_skirmish, "Infantry, 2× [homebrew] Arc Caster, 3× Rifle"),
    ],
)
def test_save_load_and_cli_round_trip(make, shown, tmp_path, capsys):
    data = make()
    path = tmp_path / "hb.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["cost", str(path), "--json"]) == 0
    first = capsys.readouterr().out
    again = tmp_path / "again.army.json"
    save_army(load_army(path), again)
    assert json.loads(again.read_text(encoding="utf-8"))["homebrew"] == data["homebrew"]  # unknown fields kept
    assert main(["cost", str(again), "--json"]) == 0
    assert capsys.readouterr().out == first
    assert main(["text", str(again)]) == 0
    text = capsys.readouterr().out
    assert shown in text
    assert json.loads(dump_army(load_army(again)))["homebrew"] == data["homebrew"]


def test_duke_cli_cost_json_has_the_homebrew_line(tmp_path, capsys):
    path = tmp_path / "duke.army.json"
    path.write_text(json.dumps(_duke()), encoding="utf-8")
    assert main(["cost", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    element = out["units"][0]["elements"][0]
    assert element["cost_each"] == 2.5 and out["total"] == 5
    assert "[homebrew] Mud Crawler points" in json.dumps(element)


def test_cli_reports_bad_homebrew_of_another_system_without_a_traceback(tmp_path, capsys):
    path = tmp_path / "bad.army.json"
    path.write_text(json.dumps(_fubar({"weapons": [{"id": "x", "name": "X", "range_in": -1, "fp": 1}]})))
    assert main(["cost", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: Homebrew weapon “X”: range_in must be at least 0" in err
    assert err.endswith("— at homebrew.weapons[0].range_in\n")


def test_duke_sheet_cards_and_text_mark_a_homebrew_template():
    import datetime as dt
    import io

    from pypdf import PdfReader

    from warbench.model.pdf.cards import deck
    from warbench.model.pdf.sheet import SheetOptions, build_sheet
    from warbench.model.textexport import army_text

    data = _duke()
    strider = {"name": "Strider", "type": "tank", "template": "strider", "move": "6", "points": 3}
    data["units"][0]["elements"].append(strider)
    army = army_from_data(data)
    pdf = build_sheet(army, SheetOptions(date=dt.date(2026, 11, 23)))
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "Crawler (Tank, [homebrew] Mud Crawler)" in text and "Strider (Tank)" in text
    assert "Mud Crawler (homebrew, 2-3 pts)" in text and "Strider (3 pts)" in text  # the glossary
    cards = deck(army)
    # an element's card is its template's whole entry: the army's deck prints no template again
    assert not [c for c in cards if c.kind == "attribute"]
    subtitles = {c.title: c.subtitle for c in deck(army, everything=True) if c.kind == "attribute"}
    assert subtitles["Mud Crawler"] == "Homebrew template · 2-3 pts" and subtitles["Strider"] == "Template · 3 pts"
    units = {c.title: c for c in cards if c.kind == "unit"}
    assert units["Crawler"].paragraphs[0] == "Tank, [homebrew] Mud Crawler · 2.5 pts"
    assert units["Strider"].paragraphs[0] == "Tank · 3 pts"
    assert units["Crawler"].rules == units["Strider"].rules == []
    assert "Tank, [homebrew] Mud Crawler, Slag Gun P5 R12" in army_text(army)
