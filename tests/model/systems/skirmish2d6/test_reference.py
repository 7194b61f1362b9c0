"""The 2D6 skirmish game: its tables and library as printed (model/systems/skirmish2d6/reference.py)."""

from __future__ import annotations

from warbench.model.systems import get_system


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
