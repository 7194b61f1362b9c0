"""Duke It Out: its tables and library as printed (model/systems/dukeitout/reference.py)."""

from __future__ import annotations

import pytest

from warbench.model.systems import get_system

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
