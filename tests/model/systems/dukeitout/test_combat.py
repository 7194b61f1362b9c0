"""Duke It Out, FUBAR and the 2D6 skirmish game: attack odds worked by hand, and brute force."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest

from tests.helpers import enumerate_chance
from warbench.model.matchup import MatchupError, activation
from warbench.model.systems import get_system

DUKE, FUBAR, SK = "duke-it-out", "fubar", "2d6-skirmish"


def make(system, **kw):
    return get_system(system).schema.element_model.model_validate({"name": "E", **kw})


def odds(system, attacker, kind, target, situation=(), **kw):
    return get_system(system).combat.attack(attacker, kind, target, frozenset(situation), **kw)


# --- Duke It Out -----------------------------------------------------------------------


def duke(accuracy=4, evade="2", armor="4", body="4", weapons=(), type="tank", **kw):
    return make(DUKE, type=type, accuracy=accuracy, evade=evade, armor=armor, body=body, weapons=list(weapons), **kw)


def gun(power, range="12", count="1", name="Gun"):
    return {"name": name, "power": power, "range": range, "count": count}


def test_duke_power_equal_to_armor_rolls_one_die():
    # hit 4+ = 3/6; evade 2 or less → 4/6 through; 1 d6 over armor 4 = 2/6
    r = odds(DUKE, duke(weapons=[gun(4)]), "ranged", duke())
    assert r.p_hit == F(3, 6)
    assert r.p_damage == F(3, 6) * F(4, 6) * F(2, 6)
    assert r.also["stunned"] == F(3, 6) * F(4, 6) * F(1, 6)  # a 4 stuns


def test_duke_power_greater_rolls_difference_plus_one_dice():
    # power 6 vs armor 4: 3 dice, each over 4 with 2/6; P(at least one) = 1 - (4/6)^3 = 19/27
    r = odds(DUKE, duke(accuracy=3, weapons=[gun(6)]), "ranged", duke(evade="1"))
    through = F(4, 6) * F(5, 6)
    assert r.p_damage == through * (1 - F(4, 6) ** 3)
    assert r.outcomes[3] == through * F(2, 6) ** 3
    assert r.mean_damage == through * 3 * F(2, 6)


def test_duke_power_below_armor_only_stuns_on_a_six():
    r = odds(DUKE, duke(weapons=[gun(2)]), "ranged", duke())
    assert r.p_damage == 0
    assert r.also["stunned"] == F(3, 6) * F(4, 6) * F(1, 6)


def test_duke_cover_adds_evade_and_armor():
    # heavy cover: evade 3 → through 3/6; armor 6 → power 6 rolls 1 die, none over 6
    heavy = odds(DUKE, duke(weapons=[gun(6)]), "ranged", duke(evade="2", armor="4"), {"heavy-cover"})
    assert heavy.p_damage == 0
    # light cover: evade 3, armor 5: power 6 rolls 2 dice over 5 (1/6 each)
    light = odds(DUKE, duke(weapons=[gun(6)]), "ranged", duke(evade="2", armor="4"), {"light-cover"})
    assert light.p_damage == F(3, 6) * F(3, 6) * (1 - F(5, 6) ** 2)


def test_duke_template_weapons_take_two_from_evade():
    # evade 4 - 2 = 2: through 4/6
    r = odds(DUKE, duke(weapons=[gun(4, "10/MT")]), "ranged", duke(evade="4"))
    assert r.p_damage == F(3, 6) * F(4, 6) * F(2, 6)
    assert any("MT template" in n for n in r.left_to_table)


def test_duke_infantry_that_moved_shoots_one_worse():
    shooter = duke(type="infantry", accuracy=3, weapons=[gun(4)])
    assert odds(DUKE, shooter, "ranged", duke()).p_hit == F(4, 6)
    assert odds(DUKE, shooter, "ranged", duke(), {"moved"}).p_hit == F(3, 6)
    with pytest.raises(MatchupError, match="single infantry"):
        odds(DUKE, duke(weapons=[gun(4)]), "ranged", duke(), {"moved"})


def test_duke_stunned_target_cannot_evade():
    r = odds(DUKE, duke(weapons=[gun(4)]), "ranged", duke(evade="5"), {"target-stunned"})
    assert r.p_damage == F(3, 6) * 1 * F(2, 6)


def test_duke_close_range_weapons_take_a_point_on_a_six_ignoring_armor():
    r = odds(DUKE, duke(), "melee", duke(armor="6"))
    assert (r.weapon, r.p_damage) == ("close-range weapons", F(3, 6) * F(4, 6) * F(1, 6))


def test_duke_zero_range_weapon_replaces_close_range():
    ram = duke(weapons=[gun(5, "0", name="Ram")])
    r = odds(DUKE, ram, "melee", duke())
    # power 5 vs armor 4: 2 dice over 4: 1 - (4/6)^2 = 5/9
    assert (r.weapon, r.p_damage) == ("Ram", F(3, 6) * F(4, 6) * F(5, 9))
    assert get_system(DUKE).combat.attack_kinds(ram) == [("melee", 0)]


def test_duke_ground_units_cannot_reach_flyers_in_close_range():
    with pytest.raises(MatchupError, match="cannot reach a flyer"):
        odds(DUKE, duke(), "melee", duke(type="flyer"))


def test_duke_range_and_missing_attack():
    with pytest.raises(MatchupError, match="out of range"):
        odds(DUKE, duke(weapons=[gun(4, "12")]), "ranged", duke(), distance=13)
    with pytest.raises(MatchupError, match="has no ranged attack"):
        odds(DUKE, duke(), "ranged", duke())


def test_duke_enumerator_agrees():
    for armor in range(1, 6):
        for power in range(armor - 1, armor + 3):  # no damage, then 1 to 3 dice
            for evade in range(0, 5, 2):
                r = odds(
                    DUKE, duke(accuracy=4, weapons=[gun(power)]), "ranged", duke(evade=str(evade), armor=str(armor))
                )
                dice = max(0, power - armor + 1) if power >= armor else 0

                def damaged(f, dice=dice, armor=armor, evade=evade):
                    return f[0] >= 4 and f[1] > evade and any(d > armor for d in f[2 : 2 + dice])

                assert r.p_damage == enumerate_chance([6] * (2 + dice), damaged)


def test_duke_rerolls_of_misses_and_evades():
    # Twinfire (RifleMech): the Heavy Laser Cannons re-roll their first miss each turn; one barrel, so its one
    # miss: Accuracy 2 → 5/6, with the re-roll 1 - (1/6)^2 = 35/36 (reading duke-first-each-turn).
    rifle = duke(2, template="riflemech", weapons=[gun(5, "20", name="Heavy Laser Cannons"), gun(3, "10/MT")])
    r = odds(DUKE, rifle, ("ranged", 0), duke(evade="2", armor="4"))
    # through: evade 2 fails 4/6; power 5 vs armor 4: 2 dice, each over with 2/6 → 1 - (4/6)^2 = 5/9
    assert (r.p_hit, r.p_damage) == (F(35, 36), F(35, 36) * F(4, 6) * F(5, 9))
    assert any("duke-first-each-turn" in x for x in r.readings)
    assert odds(DUKE, rifle, ("ranged", 1), duke()).p_hit == F(5, 6)  # the Grenade Launchers do not re-roll
    # Parallax Laser Sight (DarkStar, Accuracy 2): its shot re-rolls a miss (35/36) and the target's successful
    # Evade is rolled again: evade 3 → (3/6)^2 = 1/4 evaded; power 7 vs armor 4: 4 dice, 1 - (4/6)^4 = 65/81
    star = duke(2, type="flyer", template="darkstar-skysniper", weapons=[gun(7, "20", name="Dual DarkNova Pulsars")])
    r = odds(DUKE, star, ("ranged", 0), duke(evade="3", armor="4"))
    assert (r.p_hit, r.p_damage) == (F(35, 36), F(35, 36) * F(3, 4) * F(65, 81))
    assert odds(DUKE, star, "melee", duke(type="flyer")).p_hit == F(5, 6)  # close range: no sight
    # HyperProp (MAXIMBAR, Accuracy 4), two barrels, each miss rolled once more: 1 - (3/6)^2 = 3/4 a barrel
    maxim = duke(4, type="flyer", template="maximbar", weapons=[gun(6, "10/LT", "2"), gun(7, "0", "2", "HyperProp")])
    r = odds(DUKE, maxim, ("melee", 0), duke(type="flyer"))
    assert (r.weapon, r.shots, r.p_hit) == ("HyperProp", 2, F(3, 4))
    assert any("duke-hyperprop" in x for x in r.readings)


def test_duke_cover_ignoring_weapons():
    # Quad Rocket Pods (SalvoMech, Accuracy 3 → 4/6), 14/ST: heavy cover ignored, the template takes 2 from
    # evade 3 → 1 (1/6 evaded); armor 3 stays: power 4 → 2 dice over 3 with 3/6 → 3/4
    salvo = duke(3, template="salvomech", weapons=[gun(4, "14/ST", name="Quad Rocket Pods")])
    r = odds(DUKE, salvo, "ranged", duke(evade="3", armor="3"), {"heavy-cover"})
    assert r.p_damage == F(4, 6) * F(5, 6) * F(3, 4)
    # the same weapon without the rule: evade 3 + 1 - 2 = 2, armor 3 + 2 = 5 > power 4: no damage
    plain = duke(3, weapons=[gun(4, "14/ST", name="Quad Rocket Pods")])
    assert odds(DUKE, plain, "ranged", duke(evade="3", armor="3"), {"heavy-cover"}).p_damage == 0
    # Fire Ant Flame Thrower (Accuracy 3), 6/ST, a target in light cover set alight (reading duke-on-fire):
    # evade 2 - 2 = 0, armor 2: power 3 → 2 dice over 2 with 4/6 → 1 - (2/6)^2 = 8/9
    ant = duke(3, type="swarm", template="fire-ant", weapons=[gun(3, "6/ST", name="Flame Thrower")])
    r = odds(DUKE, ant, "ranged", duke(evade="2", armor="2"), {"light-cover"})
    assert r.p_damage == F(4, 6) * F(8, 9) and any("duke-on-fire" in x for x in r.readings)


def test_duke_target_rules_camouflage_fortress_plasma_shield_freeze_heatshields_shadow_stalker():
    shooter = duke(4, weapons=[gun(6)])  # Accuracy 4: 3/6
    # Camouflage (MechaMantis evade 3, armor 3) in light cover: evade 3+1+1 = 5 (fails 1/6), armor 5:
    # power 6 → 2 dice, over 5 with 1/6 → 1 - (5/6)^2 = 11/36
    mantis = duke(evade="3", armor="3", type="jump", template="mechamantis")
    assert odds(DUKE, shooter, "ranged", mantis, {"light-cover"}).p_damage == F(3, 6) * F(1, 6) * F(11, 36)
    # Fortress (SalvoMech evade 3, armor 4) that did not move: armor 5 → 11/36; evade 3 fails 3/6
    salvo = duke(evade="3", armor="4", template="salvomech")
    assert odds(DUKE, shooter, "ranged", salvo, {"target-still"}).p_damage == F(3, 6) * F(3, 6) * F(11, 36)
    # ... and when it moved: armor 4 → 3 dice over 4 with 2/6 → 1 - (4/6)^3 = 19/27
    assert odds(DUKE, shooter, "ranged", salvo).p_damage == F(3, 6) * F(3, 6) * F(19, 27)
    # Plasma Shield (Swarm Queen evade 2, armor 5) without the Biobeam: evade 3 (fails 3/6); power 6 vs 5:
    # 2 dice over 5 with 1/6 → 11/36
    queen = duke(evade="2", armor="5", template="swarm-queen")
    assert odds(DUKE, shooter, "ranged", queen, {"no-biobeam"}).p_damage == F(3, 6) * F(3, 6) * F(11, 36)
    # Freeze (Bullet Ant evade 5, armor 1) still in terrain, hit by a 12/ST template of power 3:
    # evade 5+1-2 = 4 (fails 2/6), armor 2: 2 dice over 2 with 4/6 → 8/9
    ant = duke(evade="5", armor="1", type="swarm", template="bullet-ant")
    lobber = duke(4, weapons=[gun(3, "12/ST")])
    assert odds(DUKE, lobber, "ranged", ant, {"target-still", "target-in-terrain"}).p_damage == F(3, 6) * F(2, 6) * F(
        8, 9
    )
    # still in the open: no Freeze; evade 5-2 = 3 (fails 3/6), armor 1: 3 dice over 1 with 5/6 → 215/216
    assert odds(DUKE, lobber, "ranged", ant, {"target-still"}, strict=False).p_damage == F(3, 6) * F(3, 6) * F(215, 216)
    # Heatshields (Incinerator Drone): a hit on its left or rear is 1 worse (reading duke-heatshields): 5+ = 2/6
    drone = duke(evade="3", armor="2", template="incinerator-drone")
    r = odds(DUKE, shooter, "ranged", drone, {"left-or-rear"})
    assert r.p_hit == F(2, 6) and any("duke-heatshields" in x for x in r.readings)
    # Shadow Stalker (NinjaMech evade 4, armor 3) in the open: the light cover bonus, evade 5, armor 4:
    # 3 dice over 4 with 2/6 → 19/27
    ninja = duke(evade="4", armor="3", type="jump", template="ninjamech")
    assert odds(DUKE, shooter, "ranged", ninja).p_damage == F(3, 6) * F(1, 6) * F(19, 27)
    # a situation no rule of the pair reads is refused when one attack is asked
    with pytest.raises(MatchupError, match="'no-biobeam': no special rule"):
        odds(DUKE, shooter, "ranged", salvo, {"no-biobeam"})


def test_duke_swarm_support_and_attacker_rules():
    # Swarm: -1 Accuracy for each friendly swarm unit within 2", to Accuracy 2 at best
    swarm = duke(5, type="swarm", weapons=[gun(4)])
    assert odds(DUKE, swarm, "ranged", duke(), {"swarm-support-2"}).p_hit == F(4, 6)  # 5 → 3
    assert odds(DUKE, swarm, "ranged", duke(), {"swarm-support-4"}).p_hit == F(5, 6)  # 5 → 1, held at 2
    assert odds(DUKE, swarm, "melee", duke(), {"swarm-support-1"}).p_hit == F(3, 6)  # close range too: 4+
    with pytest.raises(MatchupError, match="only swarm units"):
        odds(DUKE, duke(weapons=[gun(4)]), "ranged", duke(), {"swarm-support-1"})
    with pytest.raises(MatchupError, match="one count"):
        odds(DUKE, swarm, "ranged", duke(), {"swarm-support-1", "swarm-support-2"})
    # Railgun (NinjaMech Accuracy 3) when it did not move: one better, 2+ = 5/6 (reading duke-railgun)
    ninja = duke(
        3,
        type="jump",
        template="ninjamech",
        weapons=[gun(5, "13", name="Plasma Blaster"), gun(7, "16", name="Railgun")],
    )
    assert odds(DUKE, ninja, ("ranged", 1), duke(), {"attacker-still"}).p_hit == F(5, 6)
    assert odds(DUKE, ninja, ("ranged", 0), duke(), {"attacker-still"}, strict=False).p_hit == F(4, 6)
    # EMP-web (Battlespider Accuracy 4): an unevaded Particle Cannon hit stuns: 3/6 × (evade 2 fails) 4/6
    spider = duke(4, template="battlespider", weapons=[gun(6, name="Particle Cannon")])
    assert odds(DUKE, spider, "ranged", duke(evade="2", armor="4")).also["stunned"] == F(1, 3)


def test_duke_stunned_units_use_no_special_rules():
    # Targeting and Stun: a stunned unit cannot evade, fights with no close-range weapon and uses no special
    # abilities (reading duke-stunned-specials: its own rules off, its weapons' rules stay).
    system = get_system(DUKE)
    shooter = duke(4, weapons=[gun(6)])  # 3/6 to hit
    # a stunned SalvoMech that did not move: no Evade, no Fortress: armor 4 → 3 dice over 4, 1 - (4/6)^3 = 19/27
    salvo = duke(evade="3", armor="4", template="salvomech")
    situation = frozenset({"target-stunned", "target-still"})
    r = system.combat.attack_checked(shooter, ("ranged", 0), salvo, situation, strict=False)
    assert r.p_damage == F(3, 6) * F(19, 27) and any("duke-stunned-specials" in x for x in r.readings)
    # a stunned attacker's close-range weapons: odds 0, the rule named (refused when asked alone)
    r = system.combat.attack_checked(shooter, "melee", duke(), frozenset({"attacker-stunned"}), strict=False)
    assert (r.p_hit, r.p_damage) == (0, 0) and r.forbidden_by.startswith("Targeting and Stun")
    with pytest.raises(MatchupError, match="Targeting and Stun"):
        odds(DUKE, shooter, "melee", duke(), {"attacker-stunned"})
    # it still fires: 3/6
    assert odds(DUKE, shooter, "ranged", duke(), {"attacker-stunned"}).p_hit == F(3, 6)
    # the DarkStar's Parallax Laser Sight (its own rule) is off: Accuracy 2 → 5/6, no re-roll
    star = duke(2, type="flyer", template="darkstar-skysniper", weapons=[gun(7, "20", name="Dual DarkNova Pulsars")])
    assert odds(DUKE, star, "ranged", duke(), {"attacker-stunned"}).p_hit == F(5, 6)
    # Twinfire's targeters are the Heavy Laser Cannons' own: they stay (1 - (1/6)^2 = 35/36)
    rifle = duke(2, template="riflemech", weapons=[gun(5, "20", name="Heavy Laser Cannons")])
    assert odds(DUKE, rifle, "ranged", duke(), {"attacker-stunned"}).p_hit == F(35, 36)


def test_duke_rules_left_to_the_table_are_named_with_their_reason():
    # every rule of a library template that the odds do not compute is listed, named, with its reason
    turtle = duke(template="battle-turtle", weapons=[gun(3, "14/MT", name="HVY Grenade Launcher")])
    r = odds(DUKE, duke(weapons=[gun(4)]), "ranged", turtle)
    assert any(n.startswith("Turtleport (target): left to the table — ") for n in r.left_to_table)
    samurai = duke(2, type="jump", template="celestial-samurai", weapons=[gun(5, "special", name="RazorWing")])
    r = odds(DUKE, samurai, "ranged", duke())
    assert any(n.startswith("RazorWing (attacker): left to the table") for n in r.left_to_table)
    assert any(n.startswith("Flight Mode (attacker)") for n in r.left_to_table)
    # every library template: each of its rules left to the table is named beside the odds of its attacks
    # (unit rules on every attack, weapon rules on that weapon's) and of attacks on it
    system = get_system(DUKE)
    for tid in system.templates:
        element = system.schema.element_model.model_validate(system.element_from_template(tid))
        table = [r for r in system.combat.template_rules(element) if "table" in r]
        seen: set[str] = set()
        for kind in system.combat.attack_kinds(element):
            target = duke(type="flyer") if element.type == "flyer" else duke()
            r = system.combat.attack_checked(element, kind, target, frozenset(), strict=False)
            seen |= {n.split(" (attacker)")[0] for n in r.left_to_table if "(attacker): left to the table" in n}
        assert {r["name"] for r in table} <= seen, tid
        hit = system.combat.attack_checked(duke(weapons=[gun(9)]), ("ranged", 0), element, frozenset(), strict=False)
        unit_rules = {r["name"] for r in table if "weapon" not in r}
        assert unit_rules <= {n.split(" (target)")[0] for n in hit.left_to_table}, tid
    # a swarm's second firing is named
    r = odds(DUKE, duke(3, type="swarm", weapons=[gun(4)]), "ranged", duke())
    assert any(n.startswith("Swarm fires twice") for n in r.left_to_table)


def test_duke_weapon_lines_print_a_word_range_as_a_word():
    # the document prints POWER 5, RANGE special: not "Rspecial"
    system = get_system(DUKE)
    samurai = duke(weapons=[gun(5, "special", name="RazorWing"), gun(4, "14", name="Beam Rifle")])
    cells = system.presentation.sheet_cells(samurai)
    assert "RazorWing P5 range special" in cells[7] and "Beam Rifle P4 R14" in cells[7]
    assert "Rspecial" not in " ".join(system.presentation.card_lines(samurai) + system.presentation.text_parts(samurai))


# --- FUBAR -----------------------------------------------------------------------------


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
    # the Vehicles rule forbids the harm: no odds at all, the rule named
    assert (r.p_hit, r.p_damage, r.also) == (0, 0, {})
    assert r.forbidden_by == "Vehicles: small arms and heavy machine guns cannot harm an armoured vehicle"
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


# --- the 2D6 skirmish game -------------------------------------------------------------


def unit(quality="regular", type="infantry", figures=5, weapons=(("rifle", 5),)):
    picks = [{"weapon": w, "count": n} for w, n in weapons]
    return make(SK, quality=quality, type=type, figures=figures, weapons=picks)


def test_2d6_shots_hit_on_six_one_hit_per_casualty_in_the_open():
    r = odds(SK, unit(), ("ranged", 0), unit())
    assert (r.p_hit, r.p_damage, r.shots, r.hits_per_damage) == (F(1, 6), F(1, 6), 5, 1)


def test_2d6_cover_needs_more_hits_and_they_add_up():
    r = odds(SK, unit(weapons=[("grenade", 1)]), ("ranged", 0), unit(), {"soft-cover"})
    assert (r.hits_per_damage, r.p_damage) == (2, 0)
    # 3 shots at 1/6, 2 hits per casualty: P(1 casualty) = P(2 or 3 hits) = 3×(1/6)²(5/6) + (1/6)³
    act = activation([(None, 1, r)])
    assert act.damage == [1 - (3 * F(1, 36) * F(5, 6) + F(1, 216)), 3 * F(1, 36) * F(5, 6) + F(1, 216)]
    assert any("carry over" in n for n in r.left_to_table)  # the spare hit passing on is named


def test_2d6_vehicles_only_harmed_by_grenades_and_destroyers():
    tank = unit(type="heavy-vehicles", weapons=())
    # rifles cannot harm a heavy vehicle: no odds at all, the rule named (shooting and close assault)
    r = odds(SK, unit(), ("ranged", 0), tank)
    assert (r.p_hit, r.p_damage) == (0, 0) and r.forbidden_by.startswith("Shooting: only Grenades")
    r = odds(SK, unit(), ("close-assault", 0), tank)
    assert (r.p_hit, r.p_damage, r.mean_damage) == (0, 0, 0) and r.forbidden_by.startswith("Close assault: only")
    r = odds(SK, unit(weapons=[("destroyer", 1)]), ("ranged", 0), unit(type="light-vehicles", weapons=()))
    # light vehicle in the open: 1 hit per casualty, then the damage roll kills on 4-6
    assert r.p_damage == F(1, 6) * F(3, 6)


def test_2d6_heavy_vehicle_needs_two_hits_then_the_damage_roll():
    r = odds(SK, unit(weapons=[("vehicle-destroyer", 1)]), ("ranged", 0), unit(type="heavy-vehicles", weapons=()))
    act = activation([(None, 1, r)])
    one_casualty = 3 * F(1, 36) * F(5, 6) + F(1, 216)
    assert act.damage[1] == one_casualty * F(1, 2)


def test_2d6_close_assault_attacks_and_to_kill():
    # rifle: 1 attack, 4+; elite 3+ = 4/6; basic 5+ = 2/6
    assert odds(SK, unit("elite"), ("close-assault", 0), unit()).p_damage == F(4, 6)
    assert odds(SK, unit("basic"), ("close-assault", 0), unit()).p_damage == F(2, 6)
    # hard cover makes it 1 worse; a natural 6 always kills: basic destroyer 5+ +1 +1 → 6
    hard = odds(SK, unit("basic", weapons=[("destroyer", 1)]), ("close-assault", 0), unit(), {"hard-cover"})
    assert hard.p_damage == F(1, 6)


def test_2d6_close_assault_d3_attacks_distribution():
    # a pistol: D3 attacks at 4+ (1/2): P(0 kills) = (1/2 + 1/4 + 1/8) / 3 = 7/24
    r = odds(SK, unit(weapons=[("pistol", 1)]), ("close-assault", 0), unit())
    assert r.outcomes[0] == (F(1, 2) + F(1, 4) + F(1, 8)) / 3
    assert r.mean_damage == F(2) * F(1, 2)  # mean of D3 × 1/2


def test_2d6_melee_roll_off():
    # beasts regular +1 against infantry regular +0: wins 21, loses 10 (ties re-rolled)
    r = odds(SK, unit(type="beasts"), "melee", unit())
    wins = sum(1 for a in range(1, 7) for b in range(1, 7) if a + 1 > b)
    losses = sum(1 for a in range(1, 7) for b in range(1, 7) if a + 1 < b)
    assert (wins, losses) == (21, 10)
    assert r.p_damage == F(21, 31)


def test_2d6_even_melee_is_a_half():
    assert odds(SK, unit(), "melee", unit()).p_damage == F(1, 2)


def test_2d6_bad_requests():
    with pytest.raises(MatchupError, match="out of range"):
        odds(SK, unit(weapons=[("pistol", 1)]), ("ranged", 0), unit(), distance=7)
    with pytest.raises(MatchupError, match="does not change a melee"):
        odds(SK, unit(), "melee", unit(), {"hard-cover"})
    with pytest.raises(MatchupError, match="has no ranged attack"):
        odds(SK, unit(weapons=()), "ranged", unit())


def test_2d6_enumerator_agrees_on_pooled_hits():
    # 4 rifle shots into hard cover (3 hits per casualty): casualties = hits // 3
    r = odds(SK, unit(weapons=[("rifle", 4)]), ("ranged", 0), unit(), {"hard-cover"})
    act = activation([(None, 1, r)])
    for k in range(len(act.damage)):
        assert act.damage[k] == enumerate_chance([6] * 4, lambda f, k=k: sum(x == 6 for x in f) // 3 == k)


def test_fubar_cli_json_names_the_rule_that_forbids_fire(capsys):
    # The example platoon with --situation suppressed: its infantry cannot fire (Suppression), so every ranged
    # pair of an infantry attacker is p_hit "0" naming the rule; the tank (vehicles cannot be suppressed) fires.
    from pathlib import Path

    from warbench.cli import main

    path = Path(__file__).resolve().parents[3] / "resources" / "examples" / "fubar-rifle-platoon.army.json"
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

    path = Path(__file__).resolve().parents[3] / "resources" / "examples" / "fubar-rifle-platoon.army.json"
    assert main(["matchup", str(path), "--situation", "suppressed", "--situation", "behind-vehicle-none"]) == 0
    out = capsys.readouterr().out
    assert "Forbidden (odds 0):\n  - Suppression: a suppressed figure cannot fire" in out
    assert "Left to the table:" in out and "casualties or suppressed figures" in out
    assert "Readings:\n  - reading fubar-vehicle-save:" in out
    # the JSON names them once each at the top level, beside the pairs
    assert main(["matchup", str(path), "--json", "--situation", "suppressed"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["forbidden_by"]) == {  # the tank's HMG cannot harm the other tank either
        "Suppression: a suppressed figure cannot fire",
        "Vehicles: small arms and heavy machine guns cannot harm an armoured vehicle",
    }
    assert len(data["left_to_table"]) == len(set(data["left_to_table"])) > 0
