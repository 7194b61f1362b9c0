"""Duke It Out: attack odds worked by hand, and brute force (model/systems/dukeitout/combat.py)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tests.helpers import enumerate_chance
from tests.model.systems.helpers import make, odds
from warbench.model.matchup import MatchupError
from warbench.model.systems import get_system

DUKE = "duke-it-out"


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
    # in an army's odds (and at the table) the rule forbids the attack: odds 0, no dice, the rule named
    r = get_system(DUKE).combat.attack_checked(duke(), "melee", duke(type="flyer"), frozenset(), strict=False)
    assert (r.p_hit, r.p_damage, r.steps) == (0, 0, [])
    assert r.forbidden_by == "Flyer: a ground unit's zero-range weapons cannot affect a flyer"


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
    # abilities (reading duke-stunned-specials: every SPECIAL rule off, its weapons' included).
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


def test_duke_stunned_riflemech_loses_twinfire():
    # Twinfire is a SPECIAL of the RifleMech: a stunned unit "may not use special abilities", so its Heavy Laser
    # Cannons re-roll no miss (Accuracy 2: 5/6), where unstunned they re-roll the first (1 - (1/6)^2 = 35/36)
    rifle = duke(2, template="riflemech", weapons=[gun(5, "20", name="Heavy Laser Cannons")])
    assert odds(DUKE, rifle, "ranged", duke()).p_hit == F(35, 36)
    stunned = odds(DUKE, rifle, "ranged", duke(), {"attacker-stunned"})
    assert stunned.p_hit == F(5, 6) and stunned.steps[0].reroll == ""
    assert any("Twinfire" in m for m in stunned.modifiers) and any(
        "duke-stunned-specials" in x for x in stunned.readings
    )


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
