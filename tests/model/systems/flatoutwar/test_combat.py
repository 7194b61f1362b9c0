"""Flat Out War: attack odds worked by hand, and brute force (model/systems/flatoutwar/combat.py)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tests.helpers import element, enumerate_chance
from warbench.model.attack_steps import chain_odds
from warbench.model.matchup import MatchupError
from warbench.model.systems import get_system

SO = "fow-special-ops"
V17 = "fow-universal-1.7"


_edition = [SO]  # the edition el() and odds() use unless told


def el(system=None, **kw):
    return get_system(system or _edition[0]).schema.element_model.model_validate(element(**kw))


def odds(attacker, kind, target, situation=(), system=None, **kw):
    return get_system(system or _edition[0]).combat.attack(attacker, kind, target, frozenset(situation), **kw)


@pytest.fixture(params=[SO, V17])
def both(request):
    """Run a test under both editions: the rules it checks read the same in both documents."""
    _edition[0] = request.param
    yield request.param
    _edition[0] = SO


D6 = {"name": "Sword", "die": "d6"}
RIFLE = {"name": "Rifle", "die": "d8", "range": 12}


def test_melee_d6_against_d6_is_a_half_then_a_half(both):
    # hit: d6 4+ = 3/6; recovery d6 fails on 1-3 = 3/6 → 1/2 × 1/2
    r = odds(el(melee=D6), "melee", el())
    assert (r.p_hit, r.p_damage, r.damage) == (F(3, 6), F(3, 6) * F(3, 6), "removed")
    assert r.modifiers == ["melee d6: 4+", "recovery d6: 4+"]


def test_contract_example_ranged_d8_against_d6(both):
    # d8 4+ = 5/8; d6 recovery fails 3/6 → 5/16 (the spec's example)
    r = odds(el(ranged=RIFLE), "ranged", el())
    assert (r.p_hit, r.p_damage) == (F(5, 8), F(5, 8) * F(1, 2)) == (F(5, 8), F(5, 16))
    assert r.modifiers[0] == "ranged d8: 4+"


def test_melee_without_melee_weapon_rolls_the_base_die(both):
    # a d10 element with only a rifle melees with its d10: 7/10; a d4 target fails recovery 3/4
    r = odds(el(die="d10", ranged={"name": "Pistol", "die": "d4", "range": 6}), "melee", el(die="d4"))
    assert (r.p_hit, r.p_damage) == (F(7, 10), F(7, 10) * F(3, 4))


def test_an_element_with_no_weapon_makes_no_attack_in_special_ops():
    # Special Ops: an element with no weapon takes part in combat only as a target: its melee is refused,
    # the rule named (p_hit 0, no dice); Universal 1.7 has no such rule: it attacks with its base die
    bare = odds(el(die="d8"), "melee", el())
    assert (bare.p_hit, bare.p_damage, bare.steps) == (0, 0, [])
    assert bare.forbidden_by == "Weapons: an element with no weapon takes no part in combat except as a target"
    assert odds(el(die="d8"), "melee", el(), system=V17).p_hit == F(5, 8)
    # an extra weapon is a weapon: its melee rolls the base die
    gunner = el(die="d8", attributes=[{"id": "extra-weapon", "name": "Gun", "die": "d6", "range": 12}])
    assert odds(gunner, "melee", el()).p_hit == F(5, 8)


def test_rear_and_aggressive_melee(both):
    # d4 +2 rear +1 aggressive: 1+3 = 4 → every face hits; d8 target fails on 1-3 = 3/8
    r = odds(
        el(die="d4", melee={"name": "Claw", "die": "d4"}, attributes=["aggressive"]), "melee", el(die="d8"), {"rear"}
    )
    assert (r.p_hit, r.p_damage) == (F(4, 4), F(3, 8))
    assert "rear +2" in r.modifiers and "aggressive +1" in r.modifiers


def test_flank_long_range_partial_cover(both):
    # d8 +1 flank -1 long -1 partial = -1: faces 5-8 → 4/8; d6 target: × 3/6
    r = odds(el(ranged=RIFLE), "ranged", el(), {"flank", "long-range", "partial-cover"})
    assert (r.p_hit, r.p_damage) == (F(4, 8), F(4, 8) * F(3, 6))


def test_prone_is_minus_one_ranged_plus_one_melee(both):
    target = el()
    ranged = odds(el(ranged={"name": "Bow", "die": "d6", "range": 12}), "ranged", target, {"prone"})
    melee = odds(el(melee=D6), "melee", target, {"prone"})
    assert ranged.p_hit == F(2, 6)  # 5, 6
    assert melee.p_hit == F(4, 6)  # 3..6


def test_sharpshooter_only_when_stationary_and_anti_flyer_against_flying():
    shooter = el(ranged={"name": "Long Rifle", "die": "d6", "range": 24}, attributes=["sharpshooter", "anti-flyer"])
    assert odds(shooter, "ranged", el()).p_hit == F(3, 6)
    assert odds(shooter, "ranged", el(), {"stationary"}).p_hit == F(4, 6)  # 3..6
    flyer = el(attributes=["flying"])
    assert odds(shooter, "ranged", flyer, {"stationary"}).p_hit == F(5, 6)  # +2: 2..6


def test_tough_frail_unfeeling_change_recovery(both):
    gun = el(ranged={"name": "Gun", "die": "d6", "range": 12})
    # tough d6: saves on 3..6 = 4/6, fails 2/6 → 1/2 × 1/3
    assert odds(gun, "ranged", el(attributes=["tough"])).p_damage == F(1, 2) * F(2, 6)
    # frail d6: saves on 5, 6 → fails 4/6
    assert odds(gun, "ranged", el(attributes=["frail"])).p_damage == F(1, 2) * F(4, 6)
    # tough + unfeeling d6: +2, saves 2..6 → fails 1/6
    assert odds(gun, "ranged", el(attributes=["tough", "unfeeling"])).p_damage == F(1, 2) * F(1, 6)


def test_adaptive_armor_only_against_a_smaller_die():
    target = el(die="d8", attributes=["adaptive-armor"])
    # d6 attack < d8 base: recovery on d10 fails 3/10
    small = odds(el(melee=D6), "melee", target)
    assert small.p_damage == F(3, 6) * F(3, 10)
    # d8 attack is not smaller: recovery d8 fails 3/8
    same = odds(el(melee={"name": "Axe", "die": "d8"}), "melee", target)
    assert same.p_damage == F(5, 8) * F(3, 8)


def test_heavy_armor_immunity_and_heavy_weapons():
    tank = el(die="d12", type="vehicle", attributes=["heavy-armor"])
    rifle = odds(el(ranged=RIFLE), "ranged", tank)
    # a d8 without a heavy ranged weapon may attack and hit but cannot harm it ("may not be damaged by"):
    # p_hit as rolled, no damage, the rule named as harmless (never as forbidding the attack)
    assert (rifle.p_hit, rifle.p_damage) == (F(5, 8), 0)
    assert rifle.harmless_by == "Heavy Armor: an attack die under d10 without a heavy weapon of its kind cannot harm it"
    assert rifle.forbidden_by == ""
    assert chain_odds(rifle.steps) == (F(5, 8), 0)  # the dice roll the hit and end it without damage
    at_gun = odds(el(ranged=RIFLE, attributes=["heavy-ranged-weapon"]), "ranged", tank)
    assert at_gun.p_damage == F(5, 8) * F(3, 12)  # d12 recovery fails on 1-3
    # a heavy ranged weapon does not help in melee
    assert odds(el(ranged=RIFLE, attributes=["heavy-ranged-weapon"]), "melee", tank).p_damage == 0
    # Special Operations reads the attack's die: a d10 weapon on a d6 element gets through
    cannon = {"name": "Cannon", "die": "d10", "range": 24}
    assert odds(el(ranged=cannon), "ranged", tank).p_damage == F(7, 10) * F(3, 12)


def test_hit_points_lose_one_per_failed_recovery():
    r = odds(el(melee=D6), "melee", el(die="d8", attributes=[{"id": "hit-points", "count": 2}]))
    assert (r.p_damage, r.damage, r.damage_to_remove) == (F(1, 2) * F(3, 8), "loses a hit point", 3)


def test_several_weapons_roll_recovery_per_weapon(both):
    # a vehicle with a d8 gun and a d6 sponson: a hit costs a weapon unless both roll 4+:
    # 1 - 5/8 × 3/6 = 11/16 of a hit
    tank = el(
        die="d10",
        type="vehicle",
        ranged={"name": "Gun", "die": "d8", "range": 24},
        attributes=[{"id": "sponson", "die": "d6", "range": 12}],
    )
    r = odds(el(melee=D6), "melee", tank)
    assert (r.p_damage, r.damage) == (F(1, 2) * (1 - F(5, 8) * F(3, 6)), "loses a weapon")
    assert r.p_damage == enumerate_chance([6, 8, 6], lambda f: f[0] >= 4 and (f[1] < 4 or f[2] < 4))


def test_lucky_shows_the_odds_with_the_re_roll(both):
    # attacker lucky d6: 1 - (1/2)^2 = 3/4 to hit; target lucky d6: fails both 1/4
    r = odds(el(melee=D6, attributes=["lucky"]), "melee", el(attributes=["lucky"]))
    assert r.reroll["attacker"] == (F(3, 4), F(3, 4) * F(1, 2))
    assert r.reroll["target"] == (F(1, 2), F(1, 2) * F(1, 4))
    assert (r.p_hit, r.p_damage) == (F(1, 2), F(1, 4))


def test_multi_shot_and_extra_weapons_are_attacks(both):
    shooter = el(
        ranged={"name": "MG", "die": "d6", "range": 12},
        attributes=[{"id": "multi-shot", "shots": 3}, {"id": "turret", "die": "d10", "range": 24}],
    )
    system = get_system(both)
    assert system.combat.attack_kinds(shooter) == [("melee", 0), ("ranged", 0), ("turret", 0)]
    assert odds(shooter, "ranged", el()).shots == 3
    turret = odds(shooter, "turret", el())
    assert (turret.weapon, turret.p_hit, turret.shots) == ("turret", F(7, 10), 1)


def test_template_is_per_element_and_says_what_it_leaves(both):
    r = odds(el(ranged=RIFLE, attributes=["template-4"]), "ranged", el())
    assert r.p_damage == F(5, 16)
    assert any("template covers" in note for note in r.left_to_table)


def test_distance_picks_the_band_and_refuses_beyond_double_range(both):
    shooter = el(ranged=RIFLE)
    assert odds(shooter, "ranged", el(), distance=12).p_hit == F(5, 8)
    assert odds(shooter, "ranged", el(), distance=13).p_hit == F(4, 8)
    with pytest.raises(MatchupError, match="out of range"):
        odds(shooter, "ranged", el(), distance=25)


def test_bad_requests_name_what_is_wrong(both):
    with pytest.raises(MatchupError, match="has no ranged attack"):
        odds(el(name="Brawler", melee=D6), "ranged", el())
    with pytest.raises(MatchupError, match="'uphill': not a situation"):
        odds(el(melee=D6), "melee", el(), {"uphill"})
    with pytest.raises(MatchupError, match="ranged attacks, not melee"):
        odds(el(melee=D6), "melee", el(), {"long-range"})
    with pytest.raises(MatchupError, match="cannot go prone"):
        odds(el(melee=D6), "melee", el(type="vehicle"), {"prone"})
    with pytest.raises(MatchupError, match="flank or the rear"):
        odds(el(melee=D6), "melee", el(), {"flank", "rear"})


# --- Universal Rules v1.7 -------------------------------------------------------------


def test_v17_penetrator_lowers_recovery():
    # d6 hit 1/2; d6 recovery at -1 saves on 5, 6: fails 4/6
    r = odds(el(V17, melee=D6, attributes=["penetrator"]), "melee", el(V17), system=V17)
    assert r.p_damage == F(1, 2) * F(4, 6)


def test_v17_heavy_armor_reads_the_base_die():
    tank = el(V17, die="d12", type="vehicle", attributes=["heavy-armor"])
    cannon = {"name": "Cannon", "die": "d10", "range": 24}
    r = odds(el(V17, ranged=cannon), "ranged", tank, system=V17)  # d6 base
    assert (r.p_hit, r.p_damage) == (F(7, 10), 0) and r.harmless_by.startswith("Heavy Armor: a base die under d10")
    big = el(V17, die="d10", ranged=cannon)
    assert odds(big, "ranged", tank, system=V17).p_damage == F(7, 10) * F(3, 12)


def test_v17_sharpshooter_not_with_heavy_ranged_weapon():
    gun = {"name": "Rifle", "die": "d6", "range": 24}
    plain = el(V17, ranged=gun, attributes=["sharpshooter"])
    heavy = el(V17, ranged=gun, attributes=["sharpshooter", "heavy-ranged-weapon"])
    assert odds(plain, "ranged", el(V17), {"stationary"}, system=V17).p_hit == F(4, 6)
    assert odds(heavy, "ranged", el(V17), {"stationary"}, system=V17).p_hit == F(3, 6)


def test_v17_torso_has_no_flank():
    with pytest.raises(MatchupError, match="cannot be attacked in the flank"):
        odds(el(V17, melee=D6), "melee", el(V17, type="vehicle", attributes=["torso"]), {"flank"}, system=V17)


def test_v17_lucky_is_per_turn():
    r = odds(el(V17, melee=D6, attributes=["lucky"]), "melee", el(V17), system=V17)
    assert r.reroll["attacker"][0] == F(3, 4)
    assert any("per turn" in n for n in r.left_to_table)


# --- the brute-force enumerator agrees with the model --------------------------------

SIDES = (4, 6, 8, 10, 12, 20)
SITUATIONS = ((), ("flank",), ("rear",), ("prone",), ("flank", "prone"))


@pytest.mark.parametrize("system", [SO, V17])
@pytest.mark.parametrize("situation", SITUATIONS)
def test_enumerator_agrees_on_melee(system, situation):
    bonus = {"flank": 1, "rear": 2, "prone": 1}
    for a in SIDES:
        for t in SIDES:
            for tough in (False, True):
                attacker = el(system, die="d6", melee={"name": "W", "die": f"d{a}"}, attributes=["aggressive"])
                target = el(system, die=f"d{t}", attributes=["tough"] if tough else [])
                mod = 1 + sum(bonus[s] for s in situation)
                r = odds(attacker, "melee", target, situation, system=system)
                assert r.p_hit == enumerate_chance([a], lambda f, m=mod: f[0] + m >= 4)
                assert r.p_damage == enumerate_chance(
                    [a, t], lambda f, m=mod, tm=int(tough): f[0] + m >= 4 and f[1] + tm < 4
                )


def test_spell_attacks_zap_and_fireball(both):
    caster = el(die="d8", attributes=["magic"], spells=["zap", "fireball"])
    system = get_system(both)
    assert system.combat.attack_kinds(caster)[-2:] == [("spell", 0), ("spell", 1)]
    # Zap, difficulty 0: d8 4+ = 5/8; the d6 target recovers at -2: only a 6 saves → fails 5/6
    zap = odds(caster, ("spell", 0), el())
    assert (zap.weapon, zap.p_hit, zap.p_damage) == ("Zap", F(5, 8), F(5, 8) * F(5, 6))
    # Fireball, difficulty -2: d8 needs 6+ = 3/8; d6 recovery fails 1/2; the 2" template is left to the table
    fireball = odds(caster, ("spell", 1), el())
    assert (fireball.p_hit, fireball.p_damage) == (F(3, 8), F(3, 16))
    assert any("template covers" in n for n in fireball.left_to_table)
    with pytest.raises(MatchupError, match="out of range"):
        odds(caster, ("spell", 0), el(), distance=9)  # Zap reaches 8", no long range


def test_strengthen_weaken_and_shield(both):
    attacker, target = el(melee=D6), el()
    assert odds(attacker, "melee", target, {"strengthened"}).p_hit == F(5, 6)  # 2..6
    assert odds(attacker, "melee", target, {"shielded"}).p_hit == F(1, 6)  # only a 6
    assert odds(attacker, "melee", target, {"strengthened", "shielded"}).p_hit == F(3, 6)
    assert odds(attacker, "melee", target, {"weakened"}).p_hit == F(1, 6)


def test_charging_gives_charge_its_plus_one_unless_the_target_denies_it(both):
    # Charge: +1 when charging another unit (our reading fow-charge-melee: on the melee attack roll).
    # d6 sword 4+ → 3+ with the bonus: 4/6; the d6 target fails recovery 3/6 → 4/6 × 3/6 = 1/3.
    charger, target = el(melee=D6, attributes=["charge"]), el()
    r = odds(charger, "melee", target, {"charging"})
    assert (r.p_hit, r.p_damage) == (F(4, 6), F(1, 3))
    assert "charge +1" in r.modifiers and any("fow-charge-melee" in x for x in r.readings)
    # without Charge, charging alone changes nothing: 3/6
    assert odds(el(melee=D6), "melee", target, {"charging"}).p_hit == F(3, 6)
    # Charge without the charging situation: no bonus, and the output says the bonus was not taken
    r = odds(charger, "melee", target)
    assert r.p_hit == F(3, 6) and any("Charge" in n and "charging" in n for n in r.left_to_table)
    # Deny Charge on the target: the charger does not get the bonus → 3/6
    r = odds(charger, "melee", el(attributes=["deny-charge"]), {"charging"})
    assert r.p_hit == F(3, 6) and any("Deny Charge" in m for m in r.modifiers)
    # Stand on the target: its free ranged attack at the charger is left to the table, named
    r = odds(charger, "melee", el(ranged=RIFLE, attributes=["stand"]), {"charging"})
    assert any("Stand" in n for n in r.left_to_table)
    # the charge bonus is a melee bonus: asked of a ranged attack, refused naming the reading
    with pytest.raises(MatchupError, match="charging"):
        odds(el(ranged=RIFLE, attributes=["charge"]), "ranged", target, {"charging"})


def test_running_costs_one_on_every_other_action(both):
    # Running: -1 on any Other Action (melee attack, ranged attack, casting a spell).
    # d8 rifle 4+ → 5+: 4/8; × d6 recovery fails 3/6 = 1/4
    r = odds(el(ranged=RIFLE), "ranged", el(), {"ran"})
    assert (r.p_hit, r.p_damage) == (F(4, 8), F(1, 4)) and "ran -1" in r.modifiers
    # d6 sword 4+ → 5+: 2/6
    assert odds(el(melee=D6), "melee", el(), {"ran"}).p_hit == F(2, 6)
    # Zap, difficulty 0, cast after running: d8 5+ = 4/8; the d6 target recovers at -2, fails 5/6
    zap = odds(el(die="d8", attributes=["magic"], spells=["zap"]), ("spell", 0), el(), {"ran"})
    assert (zap.p_hit, zap.p_damage) == (F(4, 8), F(4, 8) * F(5, 6))
    # ran into base contact with Charge: +1 -1 = 0 → 3/6
    assert odds(el(melee=D6, attributes=["charge"]), "melee", el(), {"ran", "charging"}).p_hit == F(3, 6)
    # Unfeeling elements cannot run
    with pytest.raises(MatchupError, match="cannot run"):
        odds(el(melee=D6, attributes=["unfeeling"]), "melee", el(), {"ran"})
    # v1.7 lets trooper units run, Special Operations any unit: a vehicle that ran, d8 gun 4+ → 5+ = 4/8
    tank = el(type="vehicle", ranged=RIFLE)
    if both == V17:
        with pytest.raises(MatchupError, match="only trooper units run"):
            odds(tank, "ranged", el(), {"ran"})
    else:
        assert odds(tank, "ranged", el(), {"ran"}).p_hit == F(4, 8)


def test_special_ops_capture_and_ensnare_do_no_damage():
    # Capture and Ensnare: the ranged weapon deals no damage; a hit drags or snares instead.
    # d8 rifle 4+: 5/8 hit, 0 damage; the hit's effect has the hit's chance
    r = odds(el(ranged=RIFLE, attributes=["ensnare"]), "ranged", el(), system=SO)
    assert (r.p_hit, r.p_damage, r.also) == (F(5, 8), 0, {"snared": F(5, 8)})
    r = odds(el(ranged=RIFLE, attributes=["capture"]), "ranged", el(), system=SO)
    assert (r.p_damage, r.also) == (0, {"dragged into base contact": F(5, 8)})
    # the melee attack of the same element is unchanged: d6 base die 3/6 × 3/6
    assert odds(el(ranged=RIFLE, attributes=["ensnare"]), "melee", el(), system=SO).p_damage == F(1, 4)


def test_rules_left_to_the_table_are_named(both):
    system = get_system(both)
    # Resilient / Reliant change what a failed recovery does, not its odds: d6 sword 3/6 × d6 recovery fails 3/6
    if "resilient" in system.catalogue.attributes:
        r = odds(el(melee=D6), "melee", el(attributes=["resilient"]))
        assert (r.p_damage, r.damage) == (F(1, 4), "base die reduced")
        assert any("Resilient" in n for n in r.left_to_table)
    if "reliant" in system.catalogue.attributes:
        r = odds(el(melee=D6), "melee", el(attributes=["reliant"]))
        assert (r.p_damage, r.damage) == (F(1, 4), "knocked down") and any("Reliant" in n for n in r.left_to_table)
    # Arcing Artillery ignores partial line of sight: d8 4+ stays 5/8
    arcing = el(ranged=RIFLE, attributes=["arcing-artillery"])
    assert odds(arcing, "ranged", el(), {"partial-cover"}).p_hit == F(5, 8)
    # every attribute the dice cannot settle is named beside the odds, with the reason
    params = {"activate": {"target": "stealth"}, "reload": {"turns": 1}, "exhaustible": {"weapon": "ranged"}}
    for row in system.combat.rules_coverage():
        if row.status != "left to the table" or row.kind != "attribute" or row.test.endswith("has_a_row"):
            continue
        attribute = {"id": row.rule, **params.get(row.rule, {})}
        attacker = el(ranged=RIFLE, attributes=[attribute]) if row.rule not in ("stand",) else el(ranged=RIFLE)
        target = el(ranged=RIFLE, attributes=[attribute]) if row.rule == "stand" else el()
        situation = {"charging"} if row.rule == "stand" else set()
        r = odds(attacker, "melee" if row.rule == "stand" else "ranged", target, situation)
        named = [n for n in r.left_to_table if row.rule.replace("-", " ").lower() in n.replace("-", " ").lower()]
        assert named, f"{row.rule} is not named beside the odds"
    # the casting misfire is named beside a spell's odds
    zap = odds(el(die="d8", attributes=["magic"], spells=["zap"]), ("spell", 0), el())
    assert any("misfire" in n for n in zap.left_to_table)
    # a target's Stealth is named with its reason
    r = odds(el(ranged=RIFLE), "ranged", el(attributes=["stealth"]))
    reason = 'it cannot be targeted from over 12" unless it fired: distance on the table'
    assert f"stealth (target): left to the table — {reason}" in r.left_to_table
