"""FUBAR: attack odds worked by hand, and brute force (model/systems/fubar/combat.py)."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest

from tests.helpers import enumerate_chance
from tests.model.systems.helpers import make, odds
from warbench.model.attack_steps import chain_odds
from warbench.model.matchup import MatchupError
from warbench.model.systems import get_system

FUBAR = "fubar"


def squad(training="seasoned", figures=5, armour="none", weapons=(("infantry-rifle", 5),), kind="infantry"):
    picks = [{"weapon": w, "count": n} for w, n in weapons]
    return make(FUBAR, kind=kind, training=training, figures=figures, armour=armour, weapons=picks)


def test_fubar_rifles_hit_on_expertise():
    # seasoned 5+: 2/6 per die; 5 rifles × 1 FP
    r = odds(FUBAR, squad(), ("ranged", 0), squad())
    assert (r.p_hit, r.p_damage, r.shots) == (F(2, 6), F(2, 6), 5)


def test_fubar_cover_and_aimed_fire():
    # veteran 4+ in moderate cover → 6+; aimed fire → 5+
    vet = squad("veteran")
    assert odds(FUBAR, vet, ("ranged", 0), squad(), {"moderate-cover"}).p_hit == F(1, 6)
    assert odds(FUBAR, vet, ("ranged", 0), squad(), {"moderate-cover", "aimed-fire"}).p_hit == F(2, 6)
    # hard cover on green 6+ stays 6+ (never worse than 6+)
    assert odds(FUBAR, squad("green"), ("ranged", 0), squad(), {"hard-cover"}).p_hit == F(1, 6)


def test_fubar_personal_armour_saves():
    # elite 4+ = 3/6; power armour saves 3+ = 4/6 → unsaved 3/6 × 2/6
    r = odds(FUBAR, squad("elite"), ("ranged", 0), squad(armour="power"))
    assert r.p_damage == F(3, 6) * F(2, 6)
    # battlesuit 2+: a 1 always fails → 1/6 unsaved
    assert odds(FUBAR, squad("elite"), ("ranged", 0), squad(armour="battlesuit")).p_damage == F(3, 6) * F(1, 6)


def test_fubar_flamethrower_ignores_cover():
    r = odds(FUBAR, squad(weapons=[("flamethrower", 1)]), ("ranged", 0), squad(), {"hard-cover"})
    assert (r.p_hit, r.shots) == (F(2, 6), 4)


def test_fubar_small_arms_cannot_harm_armoured_vehicles():
    apc = squad(kind="vehicle", armour="light", figures=1, weapons=())
    r = odds(FUBAR, squad(), ("ranged", 0), apc)
    # the Vehicles rule forbids the harm, not the attack: it hits as rolled and does nothing, the rule named
    assert (r.p_hit, r.p_damage, r.also, r.forbidden_by) == (F(2, 6), 0, {}, "")
    assert r.harmless_by == "Vehicles: small arms and heavy machine guns cannot harm an armoured vehicle"
    assert chain_odds(r.steps) == (F(2, 6), 0)
    truck = squad(kind="vehicle", armour="none", figures=1, weapons=())
    # an unarmoured truck saves on 6+: unsaved 2/6 × 5/6
    assert odds(FUBAR, squad(), ("ranged", 0), truck).p_damage == F(2, 6) * F(5, 6)


def test_fubar_vehicle_damage_table():
    tank = squad(kind="tank", armour="heavy", figures=1, weapons=())
    at = squad("veteran", weapons=[("light-anti-tank-gun", 1)])
    r = odds(FUBAR, at, ("ranged", 0), tank)
    unsaved = F(3, 6) * F(2, 6)  # 4+ to hit, heavy saves 3+
    assert r.p_damage == unsaved
    assert r.also["destroyed"] == unsaved * F(1, 6)
    assert r.also["weapon destroyed"] == unsaved * F(2, 6)
    assert r.shots == 3


def test_fubar_close_combat_one_die_per_figure():
    r = odds(FUBAR, squad("veteran", figures=6), "melee", squad(armour="medium"))
    assert (r.shots, r.p_damage) == (6, F(3, 6) * F(4, 6))
    sup = odds(FUBAR, squad("veteran", figures=6), "melee", squad(), {"suppressed"})
    assert sup.p_hit == F(2, 6)


def test_fubar_assault_rifle_close_range():
    r = odds(FUBAR, squad(weapons=[("assault-rifle", 4)]), ("ranged", 0), squad(), {"within-12"})
    assert r.shots == 8
    with pytest.raises(MatchupError, match="only assault rifles"):
        odds(FUBAR, squad(), ("ranged", 0), squad(), {"within-12"})


def test_fubar_bad_requests():
    with pytest.raises(MatchupError, match="'uphill': not a situation"):
        odds(FUBAR, squad(), ("ranged", 0), squad(), {"uphill"})
    with pytest.raises(MatchupError, match="out of range"):
        odds(FUBAR, squad(weapons=[("pistol", 1)]), ("ranged", 0), squad(), distance=9)
    with pytest.raises(MatchupError, match="Suppression: a suppressed figure cannot fire"):
        odds(FUBAR, squad(), ("ranged", 0), squad(), {"suppressed"})
    with pytest.raises(MatchupError, match="one vehicle, not"):
        odds(FUBAR, squad(), ("ranged", 0), squad(), {"behind-vehicle-light", "behind-vehicle-heavy"})
    with pytest.raises(MatchupError, match="only troops"):
        tank = squad(kind="tank", armour="heavy", figures=1, weapons=())
        odds(FUBAR, squad(weapons=[("rpg", 1)]), ("ranged", 0), tank, {"behind-vehicle-light"})


def test_fubar_suppressed_figures_fire_nothing_in_an_army_matchup():
    # The Firing and Suppression rules: a suppressed figure cannot fire. Working out a whole army (not strict),
    # its fire is 0, not odds with a footnote: p_hit = p_damage = 0, the rule named.
    system = get_system(FUBAR)
    r = system.combat.attack_checked(squad(), ("ranged", 0), squad(), frozenset({"suppressed"}), strict=False)
    assert (r.p_hit, r.p_damage) == (0, 0)
    assert r.forbidden_by == "Suppression: a suppressed figure cannot fire"
    # close combat still fights, at -1 (seasoned 5+ → 6+: 1/6)
    assert system.combat.attack_checked(squad(), "melee", squad(), frozenset({"suppressed"}), strict=False).p_hit == F(
        1, 6
    )
    # vehicles cannot be suppressed: the situation does not apply to a vehicle's fire (seasoned 5+: 2/6)
    truck = squad(kind="vehicle", armour="none", figures=1, weapons=[("heavy-machine-gun", 1)])
    r = system.combat.attack_checked(truck, ("ranged", 0), squad(), frozenset({"suppressed"}), strict=False)
    assert (r.p_hit, r.forbidden_by) == (F(2, 6), "")


def test_fubar_troops_in_or_behind_a_vehicle_save_on_its_armour():
    # Vehicles: troops inside or directly behind a vehicle get its armour save; Firing: if the vehicle saves,
    # the passengers need not — our reading (fubar-vehicle-save): an unsaved hit then meets the figure's own
    # personal armour save. Seasoned rifles hit on 5+ (2/6).
    # Unarmoured troops behind a light (5+) vehicle: 2/6 × (1 - 2/6) = 2/9.
    r = odds(FUBAR, squad(), ("ranged", 0), squad(), {"behind-vehicle-light"})
    assert (r.p_hit, r.p_damage) == (F(2, 6), F(2, 9))
    assert "fubar-vehicle-save" in " ".join(r.readings)
    # Medium personal armour (5+) behind a heavy (3+) vehicle: 2/6 × (1 - 4/6) × (1 - 2/6) = 2/27.
    r = odds(FUBAR, squad(), ("ranged", 0), squad(armour="medium"), {"behind-vehicle-heavy"})
    assert r.p_damage == F(2, 27)
    # behind a truck (None: 6+; reading fubar-vehicle-save-unarmoured): 2/6 × 5/6 = 5/18
    r = odds(FUBAR, squad(), ("ranged", 0), squad(), {"behind-vehicle-none"})
    assert r.p_damage == F(5, 18) and "fubar-vehicle-save-unarmoured" in " ".join(r.readings)
    # cover has no effect in close combat, so neither does a vehicle in the way
    with pytest.raises(MatchupError, match="close combat"):
        odds(FUBAR, squad(), "melee", squad(), {"behind-vehicle-light"})


def test_fubar_enumerator_agrees():
    for training in ("green", "seasoned", "veteran", "elite"):
        for cover, mod in (((), 0), (("soft-cover",), 1), (("hard-cover",), 3)):
            for armour, save in (("none", 7), ("medium", 5), ("battlesuit", 2)):
                r = odds(FUBAR, squad(training), ("ranged", 0), squad(armour=armour), cover)
                need = get_system(FUBAR).data["training"][training]["expertise"] + mod

                def unsaved(f, need=need, save=save):
                    hit = f[0] == 6 or (f[0] != 1 and f[0] >= need)
                    saved = save <= 6 and (f[1] == 6 or (f[1] != 1 and f[1] >= save))
                    return hit and not saved

                assert r.p_damage == enumerate_chance([6, 6], unsaved)


def test_fubar_cli_json_names_the_rule_that_forbids_fire(capsys):
    # The example platoon with --situation suppressed: its infantry cannot fire (Suppression), so every ranged
    # pair of an infantry attacker is p_hit "0" naming the rule; the tank (vehicles cannot be suppressed) fires.
    from pathlib import Path

    from warbench.cli import main

    path = Path(__file__).resolve().parents[4] / "resources" / "examples" / "fubar-rifle-platoon.army.json"
    assert main(["matchup", str(path), "--json", "--situation", "suppressed", "--attack", "ranged"]) == 0
    pairs = json.loads(capsys.readouterr().out)["pairs"]
    infantry = [p for p in pairs if p["attacker"]["element"] == "Rifle Section"]
    assert infantry and all(p["p_hit"] == "0" and p["p_damage"] == "0" for p in infantry)
    assert {p["forbidden_by"] for p in infantry} == {"Suppression: a suppressed figure cannot fire"}
    tank = [p for p in pairs if p["attacker"]["element"] == "Light Tank" and p["target"]["element"] == "HMG Team"]
    assert tank and all(p["p_hit"] != "0" and "forbidden_by" not in p for p in tank)


def test_fubar_actions_that_forbid_fire_and_going_to_ground():
    system = get_system(FUBAR)
    # Activation table: Run, Duck & Weave and Gone to Ground cannot fire → 0, the rule named (or refused)
    r = system.combat.attack_checked(squad(), ("ranged", 0), squad(), frozenset({"ran-or-ducked"}), strict=False)
    assert (r.p_hit, r.p_damage) == (0, 0) and r.forbidden_by.startswith("Activation: a unit that runs")
    with pytest.raises(MatchupError, match="cannot fire"):
        odds(FUBAR, squad(), ("ranged", 0), squad(), {"ran-or-ducked"})
    # Walk: small arms fire and grenades are thrown on the move; a support weapon does not fire (0, named)
    walker = squad(weapons=[("infantry-rifle", 4), ("thrown-grenades", 1), ("rpg", 1)])
    assert odds(FUBAR, walker, ("ranged", 0), squad(), {"walked"}).p_hit == F(2, 6)  # seasoned 5+
    assert odds(FUBAR, walker, ("ranged", 1), squad(), {"walked"}).p_hit == F(2, 6)
    r = system.combat.attack_checked(walker, ("ranged", 2), squad(), frozenset({"walked"}), strict=False)
    assert (r.p_hit, r.forbidden_by) == (0, "Activation: a walking unit fires only small arms or throws grenades")
    # Gone to Ground: the cover the target dropped into counts one level higher.
    # veteran 4+: soft cover +1 → 5+ (2/6); gone to ground, moderate +2 → 6+ (1/6)
    vet = squad("veteran")
    assert odds(FUBAR, vet, ("ranged", 0), squad(), {"soft-cover"}).p_hit == F(2, 6)
    assert odds(FUBAR, vet, ("ranged", 0), squad(), {"soft-cover", "gone-to-ground"}).p_hit == F(1, 6)
    with pytest.raises(MatchupError, match="tick that cover"):
        odds(FUBAR, vet, ("ranged", 0), squad(), {"gone-to-ground"})
    # Cover caps the expertise at 6+, then Aimed Fire makes it 1 better (reading fubar-cover-cap):
    # veteran 4+ in hard cover: 4 + 3 = 7 → 6+ (1/6); with Aimed Fire 5+ (2/6)
    assert odds(FUBAR, vet, ("ranged", 0), squad(), {"hard-cover"}).p_hit == F(1, 6)
    r = odds(FUBAR, vet, ("ranged", 0), squad(), {"hard-cover", "aimed-fire"})
    assert r.p_hit == F(2, 6) and any("fubar-cover-cap" in x for x in r.readings)


def test_cli_plain_output_lists_the_rules_left_to_the_table_and_the_forbidding_ones(capsys):
    from pathlib import Path

    from warbench.cli import main

    path = Path(__file__).resolve().parents[4] / "resources" / "examples" / "fubar-rifle-platoon.army.json"
    assert main(["matchup", str(path), "--situation", "suppressed", "--situation", "behind-vehicle-none"]) == 0
    out = capsys.readouterr().out
    assert "Forbidden (odds 0):\n  - Suppression: a suppressed figure cannot fire" in out
    assert "Left to the table:" in out and "casualties or suppressed figures" in out
    assert "Readings:\n  - reading fubar-vehicle-save:" in out
    # the JSON names them once each at the top level, beside the pairs
    assert main(["matchup", str(path), "--json", "--situation", "suppressed"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["forbidden_by"]) == {"Suppression: a suppressed figure cannot fire"}
    # the tank's HMG may fire at the other tank and hit, but cannot harm it: named on the pair, not forbidden
    harmless = [p for p in data["pairs"] if p.get("harmless_by")]
    assert harmless and all(p["p_damage"] == "0" and p["p_hit"] != "0" for p in harmless)
    assert len(data["left_to_table"]) == len(set(data["left_to_table"])) > 0
