"""Flat Out War (both editions): what the attack odds do with each attribute, spell and situation
(``docs/rules-coverage.md``, ``Combat.rules_coverage``)."""

from __future__ import annotations

from typing import Any

from warbench.model.systems.combat import COMPUTED, LEFT_TO_TABLE, RuleCoverage

FOW_TESTS = "tests/model/systems/flatoutwar/test_combat.py"
COVERAGE_TEST = "tests/model/test_rules_coverage.py::test_every_rule_of_every_system_has_a_row"
TABLE_TEST = f"{FOW_TESTS}::test_rules_left_to_the_table_are_named"

#: attributes the attack odds compute: how, and the test that checks it by hand
COMPUTED_ATTRIBUTES: dict[str, tuple[str, str]] = {
    "flying": ("Anti-flyer's +1 against it; a natural 1 on recovery is named (crash)", "anti_flyer"),
    "hover": ("Anti-flyer's +1 against it", "anti_flyer"),
    "jump": ("Anti-flyer's +1 against it", "anti_flyer"),
    "lucky": ("the odds with its re-roll are shown beside (attacker or target)", "lucky"),
    "tough": ("+1 on recovery", "tough"),
    "unfeeling": ("+1 on recovery; it cannot go prone or run (those situations are refused)", "tough"),
    "frail": ("-1 on recovery", "tough"),
    "adaptive-armor": ("recovers one die larger against a smaller attack die", "adaptive"),
    "heavy-armor": ("a die under d10 without the heavy weapon cannot harm it: odds 0, the rule named", "heavy"),
    "heavy-melee-weapon": ("lets a melee attack harm Heavy Armor", "heavy"),
    "heavy-ranged-weapon": ("lets a ranged attack harm Heavy Armor", "heavy"),
    "hit-points": ("a failed recovery takes a hit point; removed after hit points + 1", "hit_points"),
    "resilient": ("a failed recovery lowers the base die; later rolls use it (named)", "table"),
    "reliant": ("a failed recovery knocks it down (named); its removal with what it relies on is the table's", "table"),
    "extra-weapon": ("an attack of its own, fired with the ranged action", "multi_shot"),
    "sponson": ("an attack of its own, fired with the ranged action", "multi_shot"),
    "turret": ("an attack of its own, fired with the ranged action", "multi_shot"),
    "multi-shot": ("shots per ranged attack", "multi_shot"),
    "template-2": ("every element under it is attacked; how many is named as the table's", "template"),
    "template-4": ("every element under it is attacked; how many is named as the table's", "template"),
    "template-6": ("every element under it is attacked; how many is named as the table's", "template"),
    "template-flame": ("every element under it is attacked; how many is named as the table's", "template"),
    "aggressive": ("+1 in melee", "rear_and_aggressive"),
    "sharpshooter": ("+1 to ranged attacks when 'stationary'", "anti_flyer"),
    "anti-flyer": ("+1 against Flying, Hovering or Jumping targets", "anti_flyer"),
    "arcing-artillery": ("partial line of sight costs it nothing", "table"),
    "penetrator": ("-1 on the target's recovery", "penetrator"),
    "charge": ("+1 on the melee roll when 'charging' (reading fow-charge-melee)", "charging"),
    "deny-charge": ("a charger gets no Charge bonus against it", "charging"),
    "capture": ("the ranged weapon does no damage; a hit drags the target (in 'also')", "capture"),
    "ensnare": ("the ranged weapon does no damage; a hit snares the target (in 'also')", "capture"),
}
#: the test of each short name above
TESTS = {
    "anti_flyer": "test_sharpshooter_only_when_stationary_and_anti_flyer_against_flying",
    "lucky": "test_lucky_shows_the_odds_with_the_re_roll",
    "tough": "test_tough_frail_unfeeling_change_recovery",
    "adaptive": "test_adaptive_armor_only_against_a_smaller_die",
    "heavy": "test_heavy_armor_immunity_and_heavy_weapons",
    "hit_points": "test_hit_points_lose_one_per_failed_recovery",
    "multi_shot": "test_multi_shot_and_extra_weapons_are_attacks",
    "template": "test_template_is_per_element_and_says_what_it_leaves",
    "rear_and_aggressive": "test_rear_and_aggressive_melee",
    "penetrator": "test_v17_penetrator_lowers_recovery",
    "charging": "test_charging_gives_charge_its_plus_one_unless_the_target_denies_it",
    "running": "test_running_costs_one_on_every_other_action",
    "capture": "test_special_ops_capture_and_ensnare_do_no_damage",
    "table": "test_rules_left_to_the_table_are_named",
    "spells": "test_spell_attacks_zap_and_fireball",
    "spell_situations": "test_strengthen_weaken_and_shield",
    "facings": "test_flank_long_range_partial_cover",
    "torso": "test_v17_torso_has_no_flank",
    "prone": "test_prone_is_minus_one_ranged_plus_one_melee",
}

#: attributes no attack roll reads, and why the table settles them; those marked True are named beside
#: the odds of a pair that has them (they decide whether or when an attack can be made at all)
TABLE_ATTRIBUTES: dict[str, tuple[str, bool]] = {
    "activate": ("switching another attribute on or off takes the Other Action: the table's choice", True),
    "agile": ("movement only", False),
    "amphibious": ("movement only", False),
    "brave": ("morale only", False),
    "command": ("an attached officer takes no Other Action; morale only otherwise", True),
    "cumbersome": ("turning only", False),
    "entrenched": ("hidden set-up: whether the target can be seen is the table's", True),
    "fearsome": ("morale only", False),
    "glide": ("movement only", False),
    "loose-cohesion": ("cohesion only", False),
    "magic": ("lets it cast; the spells that attack are their own attacks", False),
    "sailed": ("movement only", False),
    "skimmer": ("movement only", False),
    "stand": ("its free ranged attack at a charger is a separate attack (named when 'charging')", True),
    "stealth": ('it cannot be targeted from over 12" unless it fired: distance on the table', True),
    "submersible": ("submerged it cannot attack or be attacked: the table knows when it dives", True),
    "submersible-weapon": ("may attack while submerged, and submerged elements", True),
    "tracked": ("turning and terrain only", False),
    "transport": ("carrying only", False),
    "trigger": ("an Other Action in the opponent's turn on an agreed condition: when is the table's", True),
    "turn": ("turning only", False),
    "walker": ("terrain only in this edition", False),
    "waterborne": ("movement only", False),
}

SITUATION_TESTS = {
    "flank": "facings",
    "rear": "rear_and_aggressive",
    "long-range": "facings",
    "partial-cover": "facings",
    "prone": "prone",
    "stationary": "anti_flyer",
    "strengthened": "spell_situations",
    "weakened": "spell_situations",
    "shielded": "spell_situations",
    "charging": "charging",
    "ran": "running",
}

SPELLS_TABLE = {
    "fast": "movement only",
    "fly": "movement only",
    "ironwill": "morale only",
    "slow": "movement only",
    "summon": "brings new elements: the table's",
    "teleport": "movement only",
    "terrify": "morale only",
}
#: spells whose effect is a situation of the attack
SPELL_SITUATIONS = {"strengthen": "strengthened", "weaken": "weakened", "shield": "shielded"}


def fow_coverage(system: Any, table_notes: dict[str, str]) -> list[RuleCoverage]:
    rules = system.data.get("matchup", {})
    two_facings = set(rules.get("two_facings", ()))
    rows = []
    for attr in system.catalogue.attributes:
        if attr in two_facings:
            rows.append(
                RuleCoverage(
                    attr,
                    "attribute",
                    COMPUTED,
                    "two facings: a flank attack is refused",
                    f"{FOW_TESTS}::{TESTS['torso']}",
                )
            )
        elif attr in COMPUTED_ATTRIBUTES:
            how, test = COMPUTED_ATTRIBUTES[attr]
            rows.append(RuleCoverage(attr, "attribute", COMPUTED, how, f"{FOW_TESTS}::{TESTS[test]}"))
        elif attr in table_notes:
            rows.append(RuleCoverage(attr, "attribute", LEFT_TO_TABLE, table_notes[attr], TABLE_TEST))
        else:
            reason = TABLE_ATTRIBUTES[attr][0] if attr in TABLE_ATTRIBUTES else ""
            rows.append(
                RuleCoverage(
                    attr,
                    "attribute",
                    LEFT_TO_TABLE,
                    reason or "no attack roll reads it",
                    TABLE_TEST if TABLE_ATTRIBUTES.get(attr, ("", False))[1] else COVERAGE_TEST,
                )
            )
    attacks = rules.get("spell_attacks", {})
    for spell in system.catalogue.spells:
        if spell in attacks:
            how = "an attack of its own (casting roll, then recovery)"
            rows.append(RuleCoverage(spell, "spell", COMPUTED, how, f"{FOW_TESTS}::{TESTS['spells']}"))
        elif spell in SPELL_SITUATIONS:
            how = f"the '{SPELL_SITUATIONS[spell]}' situation"
            rows.append(RuleCoverage(spell, "spell", COMPUTED, how, f"{FOW_TESTS}::{TESTS['spell_situations']}"))
        else:
            rows.append(
                RuleCoverage(
                    spell, "spell", LEFT_TO_TABLE, SPELLS_TABLE.get(spell, "no attack roll reads it"), COVERAGE_TEST
                )
            )
    for situation in system.combat.situations:
        rows.append(
            RuleCoverage(
                situation.name,
                "situation",
                COMPUTED,
                situation.help,
                f"{FOW_TESTS}::{TESTS[SITUATION_TESTS[situation.name]]}",
            )
        )
    core = [
        ("casting misfire", "a casting roll of 1: named beside a spell's odds", TABLE_TEST),
        (
            "allocating hits",
            "which element of a unit takes a hit is the owner's: the odds are per element",
            COVERAGE_TEST,
        ),
        ("morale", "morale rolls follow casualties: not part of one attack", COVERAGE_TEST),
    ]
    rows += [RuleCoverage(name, "core rule", LEFT_TO_TABLE, why, test) for name, why, test in core]
    return rows


#: the attributes named beside a pair's odds (read from attacker and target: part of the matchup keys)
PAIR_ATTRIBUTES = frozenset(attr for attr, (_why, pair) in TABLE_ATTRIBUTES.items() if pair and attr != "stand")


def table_attribute_notes(side: str, ids: set[str]) -> list[str]:
    """The rules an element of a pair has that decide whether or when it attacks, named with their reason."""
    return [
        f"{attr} ({side}): left to the table — {TABLE_ATTRIBUTES[attr][0]}" for attr in sorted(ids & PAIR_ATTRIBUTES)
    ]
