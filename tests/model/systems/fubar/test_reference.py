"""FUBAR: its tables and library as printed (model/systems/fubar/reference.py)."""

from __future__ import annotations

from warbench.model.systems import get_system


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
