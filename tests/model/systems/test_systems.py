"""FUBAR, Duke It Out and the 2D6 skirmish game: data, numbers from the documents, checks, CLI."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from warbench.cli import main
from warbench.model.costing import price_army
from warbench.model.fileio import ArmyFileError, army_from_data, dump_army, load_army
from warbench.model.pdf.cards import build_cards, deck
from warbench.model.resources import examples_dir
from warbench.model.systems import get_system, system_ids

EXAMPLES = {
    "duke-it-out": "duke-it-out-brick-brigade",
    "fubar": "fubar-rifle-platoon",
    "2d6-skirmish": "2d6-dust-raiders",
}
PICKED = {"fow-special-ops": "human-force", "fow-universal-1.7": "universal-1.7-example-units", **EXAMPLES}


def _example_of(system_id: str) -> str:
    """The example army the per-system tests use: the one picked above, else the first of that system."""
    if system_id in PICKED:
        return PICKED[system_id]
    for path in sorted(examples_dir().glob("*.army.json")):
        if json.loads(path.read_text(encoding="utf-8")).get("system") == system_id:
            return path.name.removesuffix(".army.json")
    raise AssertionError(f"no example army in {examples_dir()} for the system {system_id!r}")


EVERY_SYSTEM = {sid: _example_of(sid) for sid in system_ids()}  # the registry's systems, not a list of ours

# Every Duke It Out template as printed:
# name | type | move | init | evade | acc | armor | body | points | weapons power@range
DUKE = """
Battle Turtle|tank|3|3|3|3|4|4|02|3@14/MT 4@0
WarTortoise|tank|3|1|2|3|4|5|03|3@12 7@Infinite 3@0
Wreckasaur|tank|5|3|4|3|3|4|03|5@13/MT 6@18 5@0 5@0
Strider|tank|3|3|2|4|4|4|03|8@11/ST 8@11/ST 0@22
MechaMantis|jump|6|5|3|4|3|3|03|5@14/ST 5@20/MT 6@2
Spitbull|jump|7|4|4|4|3|3|03|5@6 7@0 3@10
Cannonid|tank|3|3|2|3|4|4|03|7@16 4@0
Shroud Fighter|flyer|11|7|5|4|2|1|02|6@15 4@11
Silverspike Fighter|flyer|14|6|4|3|2|2|03|7@12 5@0/LT
BattleSpider|tank|5|4|3|4|4|3|03|4@15 6@12 5@0
SkyStrike Drone|flyer|16|7|4|4|1|1|01|3@18 5@0/LT
Starhawk Interceptor|flyer|15/20/25|5|5/4/3|3|1/2/3|3|03|4@14 6@18
Skyhammer|flyer|8/*|3|2|3|4|4|05|6@18 3@12
Thunderhead|flyer|12|3|3|4|3|3|03|5@17 5@4/MT
Viper Gun Drone|flyer|12|6|5|3|1|1|01|3@12 5@0/MT
PsychoMite|swarm|5|5|5|3|1|1|01.5|4@14 3@0
Fire Ant|swarm|5|5|5|3|1|1|01|3@6/ST 2@0
Bullet Ant|swarm|5|5|5|3|1|1|01|4@11 2@0
Earthshaker|infantry|4|2|1|3|5|6|04|6@12/MT 7@14/MT
Celestial Samurai|jump|8|6|5|2|3|3|04|4@14 6@0 5@special
The Beast|infantry|3|3|2|4|5|4|04|6@12/LT 8@8
DarkStar SkySniper|flyer|14|3|4|2|2|3|03|7@20
MAXIMBAR|flyer|10|4|4|4|3|2|03|6@10/LT 7@0
Blackstar Gunship|flyer|9|3|3|3|3|3|03|7@16 5@0/ST(6)
NinjaMech|jump|6|5|4|3|3|3|03|5@13 7@16 6@0
RifleMech|infantry|6|4|3|2|3|4|03|5@20 3@10/MT
Incinerator Drone|tank|9|4|3|3|2|2|02|4@12/LT 6@14/MT 6@14/MT
SalvoMech|tank|4|3|3|3|4|5|03|4@14/ST 6@0
Swarm Queen|tank|18|3|2|5|5|20|12-18|6@25 8@10 6@0 5@0 4@0
RazorBat Drone|flyer|10|6|5|3|1|1|01|4@14 4@0 5@0
The Dragon|infantry|4|3|1|3|4|4|05|7@25 8@10 5@8/MT
The Demon|infantry|7|4|3|3|4|4|05|8@0 4@0
White Knight|infantry|4|2|2|3|5|6|04|6@15/ST 7@4*
Lawkeeper|infantry|14|4|4|3|4|12|08|5@20 4@12/LT 6@0
Space Marines|infantry-squad|3|4|3|4|2|5-10|1-2|2@6 4@13/ST 3@0
Grim Knights|infantry-squad|3|4|3|4|2|5-10|2-4|2@6 5@14/MT 6@2
"""


def duke_rows():
    for line in DUKE.strip().splitlines():
        name, kind, move, init, evade, acc, armor, body, points, weapons = line.split("|")
        yield pytest.param(
            name,
            kind,
            move,
            int(init),
            evade,
            int(acc),
            armor,
            body,
            points,
            [tuple(w.split("@")) for w in weapons.split()],
            id=name,
        )


@pytest.mark.parametrize("name,kind,move,init,evade,acc,armor,body,points,weapons", list(duke_rows()))
def test_duke_template_numbers_are_exact(name, kind, move, init, evade, acc, armor, body, points, weapons):
    system = get_system("duke-it-out")
    [t] = [t for t in system.templates.values() if t["name"] == name]
    assert (
        t["type"],
        t["move"],
        t["initiative"],
        t["evade"],
        t["accuracy"],
        t["armor"],
        t["body"],
        t["points_text"],
    ) == (kind, move, init, evade, acc, armor, body, points)
    assert [(str(w["power"]), w["range"]) for w in t["weapons"]] == weapons
    element = system.schema.element_model.model_validate(system.element_from_template(t["id"]))
    assert system.pricing.check_element(element, None) == []  # library templates are within the design notes


def test_duke_library_is_complete_and_browsable():
    system = get_system("duke-it-out")
    assert len(system.templates) == 36 == len(list(duke_rows()))
    assert (
        system.catalogue.attributes["psychomite"].cost.text == "1.5 pts"
    )  # as a player reads it, not the printed "01.5"
    assert system.templates["psychomite"]["points_min"] == 1.5
    assert {"unit-types", "terrain", "templates", "combat-sequence", "damage-results", "damage-progression"} <= set(
        system.catalogue.tables
    )
    assert system.catalogue.tables["templates"].rows[:3] == (
        ("Small (ST)", '1.5"'),
        ("Medium (MT)", '2"'),
        ("Large (LT)", '2.5"'),
    )


def test_duke_points_are_fractional_and_checked():
    army = load_army(examples_dir() / "duke-it-out-brick-brigade.army.json")
    cost = price_army(army, get_system("duke-it-out"))
    assert cost.total == 17 and cost.units[2].cost == 1.5 and cost.units[6].cost == 2.5
    data = json.loads((examples_dir() / "duke-it-out-brick-brigade.army.json").read_text(encoding="utf-8"))
    strider = data["units"][0]["elements"][0]
    strider.update(armor="6", accuracy=7, points=5)
    warnings = [str(w) for w in price_army(army_from_data(data), get_system("duke-it-out")).warnings]
    assert any("Armor 6 is above 5" in w and "no ranged weapon can hurt it" in w for w in warnings)
    assert any("Accuracy 7 is outside 1–6" in w for w in warnings)
    assert any("5 points is outside the template's printed 3" in w for w in warnings)


def test_duke_bad_stat_is_refused():
    data = json.loads((examples_dir() / "duke-it-out-brick-brigade.army.json").read_text(encoding="utf-8"))
    data["units"][0]["elements"][0]["move"] = "fast"
    data["units"][1]["elements"][0]["template"] = "godzilla"
    with pytest.raises(ArmyFileError) as info:
        army_from_data(data)
    assert info.value.problems == [
        "units[0].elements[0].move: 'fast' is not a stat (a number, or values like 15/20/25, 5-10 or 8/*)",
        "units[1].elements[0].template: 'godzilla' is not a template of the library (use null for your own)",
    ]


def test_fubar_tables_as_printed():
    system = get_system("fubar")
    training = {k: (v["activation"], v["expertise"], v["max_suppressed"]) for k, v in system.data["training"].items()}
    assert training == {"green": (5, 6, 1), "seasoned": (4, 5, 2), "veteran": (3, 4, 3), "elite": (2, 4, 4)}
    weapons = {w["name"]: (w["range_in"], w["range_cm"], w["fp"]) for w in system.weapons.values()}
    assert weapons == {
        "Pistol/Revolver": (8, 20, 1),
        "Infantry Rifle": (24, 60, 1),
        "Assault Rifle": (24, 60, 1),
        "Sniper Rifle": (32, 80, 2),
        "Sub-Machine Gun": (16, 40, 3),
        "Light Machine Gun": (32, 80, 3),
        "Combat Shotgun": (8, 20, 3),
        "Heavy Machine Gun": (32, 80, 4),
        "Flamethrower": (8, 20, 4),
        "Grenades, thrown": (8, 20, 3),
        "RPG": (24, 60, 3),
        "Light Anti-Tank Gun": (32, 80, 3),
        "Light Mortars": (40, 100, 3),
        "Light Cannon": (32, 80, 4),
        "Hvy Cannon": (48, 120, 6),
    }
    assert {k: v["save"] for k, v in system.data["personal_armour"].items()} == {
        "none": None,
        "light": 6,
        "medium": 5,
        "heavy": 4,
        "power": 3,
        "battlesuit": 2,
    }
    assert {k: v["save"] for k, v in system.data["vehicle_armour"].items()} == {
        "none": 6,
        "light": 5,
        "medium": 4,
        "heavy": 3,
        "very-heavy": 2,
    }
    tables = system.catalogue.tables
    assert [r[0] for r in tables["vehicle-damage"].rows] == ["1-2", "3", "4-5", "6"]
    assert tables["cover"].rows[0][:2] == ("Soft", "+1") and tables["cover"].rows[2][:2] == ("Hard", "+3")
    assert [r[1] for r in tables["activation"].rows] == [
        '6"/15cm',
        '12"/30cm',
        '8"/20cm',
        "0",
        '3"/8cm',
        "0",
        '8"/20cm',
    ]


def test_fubar_figures_and_checks():
    army = load_army(examples_dir() / "fubar-rifle-platoon.army.json")
    system = get_system("fubar")
    cost = price_army(army, system)
    assert cost.total is None and cost.figures == {"units": 3, "figures": 14, "fire_points": 26}
    section = cost.units[0].elements[0].figures
    assert section == {
        "figures": 8,
        "fire_points": 12,
        "activation": "3+",
        "expertise": "5+",
        "max_suppressed": 2,
        "save": "6+",
    }
    data = json.loads((examples_dir() / "fubar-rifle-platoon.army.json").read_text(encoding="utf-8"))
    data["units"][1]["elements"][0].update(
        figures=1, weapons=[{"weapon": "heavy-machine-gun", "count": 1}, {"weapon": "light-cannon", "count": 1}]
    )
    data["units"][0]["elements"][0]["points"] = 45
    checked = price_army(army_from_data(data), system)
    warnings = [str(w) for w in checked.warnings]
    assert "Support / HMG Team: Light Cannon: only tanks or bunkers mount cannons" in warnings
    assert any("Heavy Machine Gun: infantry need 2 crew per gun" in w for w in warnings)
    assert checked.units[0].cost == 45 and checked.total is None  # entered points shown, never invented for the rest


def test_fubar_armour_must_fit_the_kind():
    data = json.loads((examples_dir() / "fubar-rifle-platoon.army.json").read_text(encoding="utf-8"))
    data["units"][2]["elements"][0]["armour"] = "battlesuit"
    with pytest.raises(ArmyFileError, match=r"units\[2\].elements\[0\]: armour 'battlesuit' is not a vehicle armour"):
        army_from_data(data)


def test_2d6_tables_as_printed():
    system = get_system("2d6-skirmish")
    assert {
        w["name"]: (w["range"], w["shots"], w["assault_attacks"], w["to_kill"]) for w in system.weapons.values()
    } == {
        "Pistol": (6, 1, "D3", 4),
        "Rifle": (24, 1, "1", 4),
        "Repeater": (12, 1, "3", 4),
        "Grenade": (6, 3, "D3", 4),
        "Medium Repeater": (24, 6, "D6", 5),
        "Heavy Repeater": (36, 6, "D3", 5),
        "Destroyer": (36, 3, "1", 5),
        "Vehicle Destroyer": (48, 3, "1", 5),
    }
    types = system.data["types"]
    assert {k: (v["move"], tuple(v["hits"]), tuple(v["melee"])) for k, v in types.items()} == {
        "infantry": (6, (1, 2, 3), (1, 0, -1)),
        "beasts": (12, (1, 2, 3), (2, 1, 0)),
        "light-vehicles": (12, (1, 2, 3), (1, 0, -1)),
        "monsters": (9, (2, 3, 4), (4, 3, 2)),
        "heavy-vehicles": (9, (2, 3, 4), (3, 2, 1)),
    }
    assert {k: v["activation"] for k, v in system.data["qualities"].items()} == {"elite": 4, "regular": 5, "basic": 6}
    assert [r[0] for r in system.catalogue.tables["vehicle-damage"].rows] == ["1", "2-3", "4-5", "6"]


def test_2d6_force_morale_and_checks():
    system = get_system("2d6-skirmish")
    army = load_army(examples_dir() / "2d6-dust-raiders.army.json")
    cost = price_army(army, system)
    assert cost.figures == {"units": 5, "figures": 18, "routs_after_losing": 3}
    assert cost.units[0].elements[0].figures["activation_chance"] == "5/6"  # 5+ on 2D6
    data = json.loads((examples_dir() / "2d6-dust-raiders.army.json").read_text(encoding="utf-8"))
    data["units"] = data["units"][:2]
    data["units"][0]["elements"][0]["weapons"] = [{"weapon": "rifle", "count": 9}]
    warnings = [str(w) for w in price_army(army_from_data(data), system).warnings]
    assert "Raider Squad / Raiders: carries 9 weapons but has only 6 figures" in warnings
    assert any("nothing in this force can harm vehicles or monsters" in w for w in warnings)


def test_2d6_card_lines_count_one_shot_as_one():
    system = get_system("2d6-skirmish")
    army = load_army(examples_dir() / "2d6-dust-raiders.army.json")
    lines = [
        line for unit in army.units for element in unit.elements for line in system.presentation.card_lines(element)
    ]
    assert '4× Rifle: 24", 1 shot; assault 1 at 4+' in lines  # a Rifle's card line said "1 shots"
    assert '1× Repeater: 12", 1 shot; assault 3 at 4+' in lines
    assert '1× Grenade: 6", 3 shots; assault D3 at 4+' in lines


@pytest.mark.parametrize("system_id", list(EVERY_SYSTEM))
def test_cli_cost_sheet_cards_per_system(system_id, tmp_path, capsys):
    path = examples_dir() / f"{EVERY_SYSTEM[system_id]}.army.json"
    assert main(["cost", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["system"] == system_id and out["units"]
    assert (out["total"] is None) == (not get_system(system_id).pricing.has_points)
    assert main(["cost", str(path)]) == 0
    table = capsys.readouterr().out
    assert get_system(system_id).presentation.sheet_columns[1] in table
    sheet, cards = tmp_path / "sheet.pdf", tmp_path / "cards.pdf"
    assert main(["sheet", str(path), "-o", str(sheet), "--date", "2026-11-23"]) == 0
    assert main(["cards", str(path), "-o", str(cards)]) == 0
    text = " ".join(p.extract_text() for p in PdfReader(sheet).pages)
    army = load_army(path)
    for unit in army.units:
        assert unit.elements[0].name.split()[0] in text
    if out["total"] is None:
        assert "Force:" in text and get_system(system_id).presentation.figures_text(out["figures"]).split(";")[
            0
        ] in " ".join(text.split())
    assert len(PdfReader(cards).pages) >= 1


def test_duke_cards_carry_the_stat_block():
    army = load_army(examples_dir() / "duke-it-out-brick-brigade.army.json")
    strider = deck(army)[0]
    assert strider.title == "Strider" and strider.table == (
        ("MOVE", "INIT", "EVADE", "ACC", "ARMOR", "BODY"),
        [("3", "3", "2", "4", "4", "4")],
    )
    assert "WEAPON: Doomhail P8 R11/ST" in strider.paragraphs[1]
    text = " ".join(
        " ".join(p.extract_text().split()) for p in PdfReader(__import__("io").BytesIO(build_cards(army))).pages
    )
    assert "MOVE INIT EVADE ACC ARMOR BODY" in text and "Got Hot" in text


@pytest.mark.parametrize("system_id", list(EXAMPLES))
def test_round_trip(system_id):
    path = examples_dir() / f"{EXAMPLES[system_id]}.army.json"
    army = load_army(path)
    assert json.loads(dump_army(army)) == json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("system_id", list(EVERY_SYSTEM))
def test_dice_presets_parse(system_id):
    from warbench.model.dice import distribution

    presets = get_system(system_id).reference.dice_presets()
    assert presets
    for _label, expression, _target in presets:
        distribution(expression)
