"""Duke It Out's attack model: accuracy die, the target's Evade roll, Power against Armor.

Each barrel (shooting) or close-range weapon rolls a d6: a hit on Accuracy or more
(an infantry model that moved first shoots at Accuracy +1). The target evades a hit
on a d6 of its Evade or less (cover +1, template weapons -2, stunned units cannot
evade). An unevaded hit compares Power with Armor (cover adds +1 light, +2 heavy):
lower, a 6 stuns; equal, one d6; greater, the difference + 1 dice. Each die over the
Armor takes a Body/Structure point, a die equal to it stuns. Without a zero-range
weapon a unit in contact fights with its close-range weapons: a 6 takes a point,
ignoring Armor.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from warbench.model.attack_steps import DAMAGE, HIT, SAVE, Step
from warbench.model.i18n import N_, NP_
from warbench.model.odds import AttackResult, MatchupError, Situation, binomial, drop_inapplicable, first_number
from warbench.model.systems.combat import COMPUTED, LEFT_TO_TABLE, AttackContext, Combat, RuleCoverage

if TYPE_CHECKING:
    from warbench.model.systems.dukeitout import DukeItOut  # noqa: F401 (the type argument of the facet's base)

TEMPLATE = re.compile(r"\b([SML]T)\b")
#: friendly swarm units within 2" (the Swarm type's Accuracy bonus): situation name → count
SWARM_SUPPORT = {f"swarm-support-{n}": n for n in range(1, 5)}
#: what a template's computed rule (``templates.json`` ``rules[].effect``) does, read in ``resolve``;
#: the situation that switches it on, if any
EFFECTS = {
    "reroll-first-miss": "the weapon re-rolls its first miss each turn",
    "reroll-misses": "the weapon re-rolls each miss once (reading duke-hyperprop)",
    "parallax": "its shooting re-rolls its first miss each turn; the target's first successful Evade is re-rolled",
    "ignore-cover": "the weapon's hits ignore cover and cover bonuses",
    "no-cover-on-hit": "a hit sets the target alight: no cover or cover bonuses against it (reading duke-on-fire)",
    "camouflage": "in cover: +1 Evade and +1 Armor more",
    "freeze": "stayed still ('target-still') in terrain or cover: +1 Evade and +1 Armor",
    "fortress": "did not move ('target-still'): +1 Armor",
    "plasma-shield": "did not use the Biobeam ('no-biobeam'): +1 Evade",
    "heatshields": "hits on its left or rear ('left-or-rear') are at -1 (reading duke-heatshields)",
    "shadow-stalker": "the light cover bonus in open terrain (no cover, not 'target-in-terrain')",
    "still-accuracy": "the weapon is one better on Accuracy when the unit did not move ('attacker-still')",
    "hits-stun": "every hit not evaded stuns (reading duke-hits-stun)",
}


FLYERS_OUT_OF_REACH = "Flyer: a ground unit's zero-range weapons cannot affect a flyer"
STUNNED_CLOSE_RANGE = "Targeting and Stun: a stunned unit cannot fight with close-range weapons"

#: the readings (``readings.json``) a computed rule follows
READINGS = {
    "reroll-misses": ("duke-hyperprop",),
    "parallax": ("duke-first-each-turn",),
    "reroll-first-miss": ("duke-first-each-turn",),
    "no-cover-on-hit": ("duke-on-fire", "duke-cover-bonuses"),
    "ignore-cover": ("duke-cover-bonuses",),
    "heatshields": ("duke-heatshields",),
    "still-accuracy": ("duke-railgun",),
    "hits-stun": ("duke-hits-stun",),
}


class DukeAttackModel(Combat["DukeItOut"]):
    situations: ClassVar[tuple[Situation, ...]] = (
        Situation("moved", "Attacker moved", "an infantry model that moved before shooting: Accuracy +1"),
        Situation("light-cover", "Light cover", "target half hidden by light cover: Evade +1, Armor +1"),
        Situation("heavy-cover", "Heavy cover", "target half hidden by heavy cover: Evade +1, Armor +2"),
        Situation("target-stunned", "Target stunned", "a stunned unit cannot evade nor use its special rules"),
        Situation(
            "attacker-stunned",
            "Attacker stunned",
            "a stunned unit fires but cannot fight at close range nor use its special rules",
        ),
        *(
            Situation(name, f"Swarm support {n}", f'{n} friendly swarm unit(s) within 2": Accuracy -{n}, not below 2')
            for name, n in SWARM_SUPPORT.items()
        ),
        Situation("attacker-still", "Attacker did not move", "a weapon steadier when still (Railgun)"),
        Situation("target-still", "Target did not move", "Fortress +1 Armor; Freeze in terrain or cover"),
        Situation("target-in-terrain", "Target in terrain", "the target stands in terrain (Freeze)"),
        Situation("no-biobeam", "Target held its Biobeam", "Plasma Shield: +1 Evade"),
        Situation("left-or-rear", "Left side or rear", "the attack strikes the target's left or rear (Heatshields)"),
    )

    def rules_coverage(self) -> list[RuleCoverage]:
        return duke_coverage(self.system)

    def template_rules(self, element: Any) -> list[dict[str, Any]]:
        """The special rules of the template ``element`` was made from (``templates.json`` ``rules``)."""
        templates: dict[str, Any] = self.system.templates
        template = templates.get(element.template) if element.template else None
        rules: list[dict[str, Any]] = template.get("rules", []) if template else []
        return rules

    def attack_kinds(self, element: Any) -> list[tuple[str, int]]:
        kinds = []
        melee = ranged = 0
        for weapon in element.weapons:
            if self._zero_range(weapon):
                kinds.append(("melee", melee))
                melee += 1
            else:
                kinds.append(("ranged", ranged))
                ranged += 1
        if not melee:
            kinds.insert(0, ("melee", 0))  # the close-range weapons every unit in contact has
        return kinds

    @staticmethod
    def _zero_range(weapon: Any) -> bool:
        return str(weapon.range).split("/")[0].strip() == "0"

    def _attack_weapon(self, element: Any, kind: str, index: int) -> Any:
        wanted = [w for w in element.weapons if self._zero_range(w) == (kind == "melee")]
        return wanted[index] if index < len(wanted) else None

    def resolve(self, context: AttackContext) -> AttackResult:
        attack = self._begin(context)
        self._drop_unread_situations(attack)
        self._check_reach(attack)
        hit_step, p_hit, shots = self._to_hit(attack)
        evade, armor, cover, template = self._target_defences(attack)
        p_evade, evade_step = self._evade_roll(attack, evade, cover, template, shots)
        steps = [hit_step, *evade_step]
        p_through = p_hit * (1 - p_evade)
        outcomes, stun, damage_step = self._power_against_armor(attack, armor, p_through)
        steps.append(damage_step)
        self._name_table_rules(attack, template)
        if attack.stunned_off:
            attack.applied.append(f"stunned: special rules off ({', '.join(attack.stunned_off)})")
            attack.readings.append(self.reading_text("duke-stunned-specials"))
        if attack.forbidden:
            p_hit, outcomes, stun = Fraction(0), [Fraction(1), Fraction(0)], Fraction(0)
        p_damage = 1 - outcomes[0]
        return AttackResult(
            attack=context.kind,
            weapon=attack.name,
            p_hit=p_hit,
            p_damage=p_damage,
            damage=N_("loses a Body/Structure point"),
            shots=shots,
            modifiers=attack.applied,
            left_to_table=attack.notes,
            damage_to_remove=max(1, first_number(context.target.body, 1)),
            situation=sorted(attack.chosen),
            outcomes=outcomes if len(outcomes) > 2 else None,
            also={"stunned": stun} if stun else {},
            readings=attack.readings,
            forbidden_by=attack.forbidden,
            steps=[] if attack.forbidden else steps,
        )

    def _begin(self, context: AttackContext) -> _DukeAttack:
        """The attack's weapon and the special rules that reach it, the situations checked against each other;
        Targeting and Stun: a stunned unit uses no special abilities (its weapons' SPECIAL rules included) and
        fights with no close-range weapon."""
        chosen = set(context.situation)
        weapon = self._attack_weapon(context.attacker, context.kind, context.index)
        if {"light-cover", "heavy-cover"} <= chosen:
            raise MatchupError("a target is in light or heavy cover, not both")
        supports = sorted(chosen & SWARM_SUPPORT.keys())
        if len(supports) > 1:
            raise MatchupError(f"pick one count of friendly swarm units, not {' and '.join(supports)}")
        name = weapon.name if weapon is not None else N_("close-range weapons")
        mine, theirs, stunned_off = self._special_rules(context, chosen, name)
        forbidden = STUNNED_CLOSE_RANGE if "attacker-stunned" in chosen and context.kind == "melee" else ""
        if forbidden and context.strict:
            raise MatchupError(forbidden)
        return _DukeAttack(
            context, weapon, name, chosen, supports, mine, theirs, stunned_off, forbidden, self.reading_text
        )

    def _special_rules(
        self, context: AttackContext, chosen: set[str], name: str
    ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]], list[str]]:
        """The attacker's computed rules that reach this attack (unit rules, and rules of weapon ``name``) and
        the target's, by effect; Targeting and Stun: a stunned unit uses no special abilities (every SPECIAL
        rule of its template, its weapons' included: reading duke-stunned-specials), and the names of those it
        loses."""
        mine = {
            r["effect"]: r
            for r in self.template_rules(context.attacker)
            if "effect" in r and r.get("weapon", name) == name
        }
        theirs = {r["effect"]: r for r in self.template_rules(context.target) if "effect" in r and "weapon" not in r}
        stunned_off = []
        if "attacker-stunned" in chosen:  # its weapons' special rules too (reading duke-stunned-specials)
            stunned_off += [r["name"] for r in mine.values()]
            mine = {}
        if "target-stunned" in chosen:
            stunned_off += [r["name"] for r in theirs.values()]
            theirs = {}
        return mine, theirs, stunned_off

    @staticmethod
    def _drop_unread_situations(attack: _DukeAttack) -> None:
        """Situations this attacker, weapon and target do not read: refused, or left out with a note."""
        attacker, kind = attack.context.attacker, attack.context.kind
        reasons = {}
        if attacker.type != "infantry":
            reasons["moved"] = "only a single infantry model shoots worse after moving"
        if kind == "melee":
            reasons["moved"] = "moving only matters to shooting"
        if attacker.type != "swarm":
            for support in SWARM_SUPPORT:
                reasons[support] = f"{support!r}: only swarm units get the swarm Accuracy bonus"
        readers = {
            "attacker-still": "still-accuracy" in attack.mine,
            "target-still": "fortress" in attack.theirs or "freeze" in attack.theirs,
            "target-in-terrain": "freeze" in attack.theirs or "shadow-stalker" in attack.theirs,
            "no-biobeam": "plasma-shield" in attack.theirs,
            "left-or-rear": "heatshields" in attack.theirs,
        }
        for situation, read in readers.items():
            if not read:
                reasons[situation] = f"{situation!r}: no special rule of this attacker, weapon or target reads it"
        attack.chosen = drop_inapplicable(attack.chosen, reasons, attack.context.strict, attack.notes)

    @staticmethod
    def _check_reach(attack: _DukeAttack) -> None:
        """Ground units cannot reach a flyer at close range (a jump unit only during a jump); a weapon
        cannot reach beyond its range."""
        attacker, kind, target, distance = (
            attack.context.attacker,
            attack.context.kind,
            attack.context.target,
            attack.context.distance,
        )
        weapon = attack.weapon
        if kind == "melee" and target.type == "flyer" and attacker.type != "flyer":
            if attacker.type != "jump":  # the rule forbids the attack: refused alone, odds 0 and named otherwise
                if attack.context.strict:
                    raise MatchupError(
                        f"{attacker.name!r} is a ground unit: its close-range weapons cannot reach a flyer"
                    )
                attack.forbidden = attack.forbidden or FLYERS_OUT_OF_REACH
                return
            attack.notes.append("a jump unit reaches a flyer in close range only during a jump")
        if weapon is not None and distance is not None and kind == "ranged":
            reach = str(weapon.range).split("/")[0]
            if reach.strip().isdigit() and distance > first_number(reach):
                raise MatchupError(f'{attacker.name!r}\'s {weapon.name} reaches {reach}": {distance}" is out of range')

    @staticmethod
    def _to_hit(attack: _DukeAttack) -> tuple[Step, Fraction, int]:
        """To hit: a d6 of Accuracy or more (lower Accuracy is better), each barrel one die; the hit step,
        the chance one die hits (its re-rolls counted) and the number of dice."""
        accuracy = DukeAttackModel._accuracy(attack)
        p_die = Fraction(max(0, min(6, 7 - accuracy)), 6)
        p_hit = p_die
        shots = 1
        weapon = attack.weapon
        if weapon is not None:
            shots = first_number(weapon.count, 1) or 1
            if not str(weapon.count).strip().isdigit():
                attack.notes.append(f"{weapon.name}: {weapon.count} barrels; {shots} used")
        mine = attack.mine
        first_miss = attack.rule("reroll-first-miss", mine) or (
            attack.context.kind == "ranged" and attack.rule("parallax", mine)
        )
        hit_step = Step(NP_("step", "hit"), HIT, 6, accuracy)
        if attack.rule("reroll-misses", mine) or (first_miss and shots == 1):
            p_hit = 1 - (1 - p_die) ** 2  # a miss is rolled again
            hit_step = Step(NP_("step", "hit"), HIT, 6, accuracy, reroll="failure")
        elif first_miss:
            attack.notes.append(f"{attack.name} rolls {shots} dice: the re-roll of its first miss is left to the table")
        return hit_step, p_hit, shots

    @staticmethod
    def _accuracy(attack: _DukeAttack) -> int:
        """The Accuracy the attack needs: +1 for an infantry model that moved, swarm support (not below 2),
        the attacker's and the target's rules."""
        chosen, supports = attack.chosen, attack.supports
        accuracy: int = attack.context.attacker.accuracy
        if "moved" in chosen:
            accuracy += 1
        attack.applied.append(f"accuracy {accuracy}+" + (" (moved +1)" if "moved" in chosen else ""))
        base = accuracy
        if supports and supports[0] in chosen and accuracy > 2:
            accuracy = max(2, accuracy - SWARM_SUPPORT[supports[0]])
            attack.applied.append(f"swarm support -{SWARM_SUPPORT[supports[0]]} (not below accuracy 2)")
        if "attacker-still" in chosen and attack.rule("still-accuracy", attack.mine):
            accuracy -= 1
        if "left-or-rear" in chosen and attack.rule("heatshields", attack.theirs):
            accuracy += 1
        if accuracy != base:
            attack.applied.append(f"→ accuracy {accuracy}+")
        return accuracy

    @staticmethod
    def _target_defences(attack: _DukeAttack) -> tuple[int, int, str | None, re.Match[str] | None]:
        """The target's Evade and Armor with cover and the rules of both sides; the cover that counts and the
        weapon's template (-2 Evade)."""
        target, chosen, theirs = attack.context.target, attack.chosen, attack.theirs
        evade = first_number(target.evade)
        armor = first_number(target.armor)
        if "/" in str(target.evade) or "/" in str(target.armor):
            attack.notes.append(
                f"{target.name!r} has stats by mode ({target.evade} / {target.armor}): the first is used"
            )
        cover = DukeAttackModel._cover(attack)
        template = TEMPLATE.search(str(attack.weapon.range)) if attack.weapon is not None else None
        if cover:
            evade += 1
            armor += {"light-cover": 1, "heavy-cover": 2}[cover]
            if attack.rule("camouflage", theirs):
                evade, armor = evade + 1, armor + 1
        in_place = cover is not None or "target-in-terrain" in chosen
        if "target-still" in chosen and in_place and attack.rule("freeze", theirs):
            evade, armor = evade + 1, armor + 1
        if "target-still" in chosen and attack.rule("fortress", theirs):
            armor += 1
        if "no-biobeam" in chosen and attack.rule("plasma-shield", theirs):
            evade += 1
        if template:
            evade -= 2
        return evade, armor, cover, template

    @staticmethod
    def _cover(attack: _DukeAttack) -> str | None:
        """The cover the target has: the situation's, Shadow Stalker's in the open; none against a weapon
        that ignores it."""
        chosen = attack.chosen
        cover = "heavy-cover" if "heavy-cover" in chosen else "light-cover" if "light-cover" in chosen else None
        no_cover = attack.rule("ignore-cover", attack.mine) or attack.rule("no-cover-on-hit", attack.mine)
        if (
            cover is None
            and "target-in-terrain" not in chosen
            and not no_cover
            and attack.rule("shadow-stalker", attack.theirs)
        ):
            cover = "light-cover"
        if cover and no_cover:
            attack.applied.append(f"{cover} ignored")
            cover = None
        return cover

    @staticmethod
    def _evade_roll(
        attack: _DukeAttack, evade: int, cover: str | None, template: re.Match[str] | None, shots: int
    ) -> tuple[Fraction, list[Step]]:
        """The Evade roll: a d6 of Evade or less (none for a stunned target); Parallax re-rolls the first
        successful Evade. The chance a hit is evaded, and the step (none when it cannot evade)."""
        if "target-stunned" in attack.chosen:
            attack.applied.append("target stunned: no evade")
            return Fraction(0), []
        p_evade = Fraction(max(0, min(6, evade)), 6)
        evade_step = Step(NP_("step", "evade"), SAVE, 6, evade, at_most=True)
        attack.applied.append(
            f"evade {evade} or less" + (" (cover +1)" if cover else "") + (" (template -2)" if template else "")
        )
        if attack.context.kind == "ranged" and "parallax" in attack.mine:
            if shots == 1:
                p_evade = p_evade**2  # a successful Evade must be rolled again
                evade_step = Step(NP_("step", "evade"), SAVE, 6, evade, at_most=True, reroll="success")
            else:
                attack.notes.append(
                    f"{attack.name} rolls {shots} dice: the re-roll of the first Evade is left to the table"
                )
        return p_evade, [evade_step]

    @staticmethod
    def _power_against_armor(
        attack: _DukeAttack, armor: int, p_through: Fraction
    ) -> tuple[list[Fraction], Fraction, Step]:
        """An unevaded hit: close-range weapons take a point on a 6 ignoring Armor; a weapon's Power lower than
        Armor stuns on a 6, otherwise rolls the difference + 1 dice, each over the Armor a point, each equal
        to it a stun. P(k points), P(stunned) and the damage step."""
        weapon = attack.weapon
        stun = Fraction(0)
        if weapon is None:
            dice = 1
            per_die = [Fraction(5, 6), Fraction(1, 6)]  # a 6 takes a point, ignoring Armor
            attack.applied.append("close range: a 6 takes a Body point, ignoring armor")
            outcomes = _per_attack(p_through, dice, per_die)
            damage_step = Step(NP_("step", "close range"), DAMAGE, 6, 6)
        elif weapon.power < armor:
            attack.applied.append(f"power {weapon.power} < armor {armor}: no damage, a 6 stuns")
            outcomes = [Fraction(1), Fraction(0)]
            stun = p_through * Fraction(1, 6)
            damage_step = Step(NP_("step", "power"), DAMAGE, 6, 7, effects=((6, 6, "stunned"),))
        else:
            dice = weapon.power - armor + 1
            attack.applied.append(
                f"power {weapon.power} vs armor {armor}: {dice} d6, each over {armor} takes a Body point"
            )
            over = Fraction(max(0, 6 - armor), 6)
            equal = Fraction(1, 6) if 1 <= armor <= 6 else Fraction(0)
            outcomes = _per_attack(p_through, dice, [1 - over, over])
            # stunned: no die over the armor, at least one equal to it
            stun = p_through * ((1 - over) ** dice - (1 - over - equal) ** dice)
            damage_step = Step(
                NP_("step", "power"), DAMAGE, 6, armor + 1, dice=dice, effects=((armor, armor, "stunned"),)
            )
        if attack.rule("hits-stun", attack.mine):
            stun = p_through
            damage_step = replace(damage_step, effects=((1, 6, "stunned"),), effects_always=True)
        return outcomes, stun, damage_step

    def _name_table_rules(self, attack: _DukeAttack, template: re.Match[str] | None) -> None:
        """What the odds leave to the table: templates, table rules, special rules without a template, weapon
        notes, Swarm firing twice, damage progression."""
        attacker, target, weapon, name, notes = (
            attack.context.attacker,
            attack.context.target,
            attack.weapon,
            attack.name,
            attack.notes,
        )
        if weapon is not None and template:
            notes.append(f"{weapon.name} places a {template.group(1)} template: what it covers is left to the table")
        for side, element, weapon_name in (("attacker", attacker, name), ("target", target, None)):
            for r in self.template_rules(element):  # the attacker's unit rules and this weapon's; the target's
                if "table" in r and r.get("weapon", weapon_name) == weapon_name:
                    notes.append(f"{r['name']} ({side}): left to the table — {r['table']}")
        for element in (attacker, target):
            if element.special and not self.template_rules(element):
                notes.append(f"{element.name}'s own special rules (no library template) are left to the table")
        own = {r.get("weapon") for r in self.template_rules(attacker)}
        if weapon is not None and weapon.note and name not in own:
            notes.append(f"{weapon.name}: {weapon.note} (left to the table)")
        if attacker.type == "swarm":
            notes.append("Swarm fires twice: a swarm may fire twice a turn — the odds are one firing")
        notes.append("the Body/Structure damage progression (optional rule) is left to the table")


@dataclass
class _DukeAttack:
    """One attack being worked out: what it reads, and the modifiers, notes and readings found so far."""

    context: AttackContext
    weapon: Any
    name: str  # the weapon's, or "close-range weapons"
    chosen: set[str]
    supports: list[str]  # the swarm support situation chosen, if any
    mine: dict[str, dict[str, Any]]  # the attacker's computed rules that reach this attack, by effect
    theirs: dict[str, dict[str, Any]]  # the target's
    stunned_off: list[str]  # special rules a stunned unit does not use
    forbidden: str
    reading_text: Callable[[str], str]
    applied: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)

    def rule(self, effect: str, rules: dict[str, dict[str, Any]]) -> bool:
        """Whether ``rules`` hold ``effect``; if so it is named among the modifiers, with its readings."""
        if effect not in rules:
            return False
        self.applied.append(f"{rules[effect]['name']}: {EFFECTS[effect]}")
        for reading in READINGS.get(effect, ()):
            self.readings.append(self.reading_text(reading))
        return True


def _per_attack(p_through: Fraction, dice: int, per_die: list[Fraction]) -> list[Fraction]:
    """P(k Body points) for one attack: it gets through with ``p_through``, then ``dice`` dice
    each take a point with chance ``per_die[1]``."""
    out = [p * p_through for p in binomial(dice, per_die[1])]
    out[0] += 1 - p_through
    return out


_T = "tests/model/systems/dukeitout/test_combat.py::test_duke_"
_EFFECT_TESTS = {
    "reroll-first-miss": "rerolls_of_misses_and_evades",
    "reroll-misses": "rerolls_of_misses_and_evades",
    "parallax": "rerolls_of_misses_and_evades",
    "ignore-cover": "cover_ignoring_weapons",
    "no-cover-on-hit": "cover_ignoring_weapons",
    "camouflage": "target_rules_camouflage_fortress_plasma_shield_freeze_heatshields_shadow_stalker",
    "freeze": "target_rules_camouflage_fortress_plasma_shield_freeze_heatshields_shadow_stalker",
    "fortress": "target_rules_camouflage_fortress_plasma_shield_freeze_heatshields_shadow_stalker",
    "plasma-shield": "target_rules_camouflage_fortress_plasma_shield_freeze_heatshields_shadow_stalker",
    "heatshields": "target_rules_camouflage_fortress_plasma_shield_freeze_heatshields_shadow_stalker",
    "shadow-stalker": "target_rules_camouflage_fortress_plasma_shield_freeze_heatshields_shadow_stalker",
    "still-accuracy": "swarm_support_and_attacker_rules",
    "hits-stun": "swarm_support_and_attacker_rules",
}
_SITUATION_TESTS = {
    "moved": "infantry_that_moved_shoots_one_worse",
    "light-cover": "cover_adds_evade_and_armor",
    "heavy-cover": "cover_adds_evade_and_armor",
    "target-stunned": "stunned_target_cannot_evade",
    "attacker-stunned": "stunned_units_use_no_special_rules",
    "attacker-still": "swarm_support_and_attacker_rules",
    **{name: "swarm_support_and_attacker_rules" for name in SWARM_SUPPORT},
    **dict.fromkeys(
        ("target-still", "target-in-terrain", "no-biobeam", "left-or-rear"),
        "target_rules_camouflage_fortress_plasma_shield_freeze_heatshields_shadow_stalker",
    ),
}
_CORE = (
    ("Template Evade -2", COMPUTED, "a template weapon takes 2 from Evade", "template_weapons_take_two_from_evade"),
    (
        "Power against Armor",
        COMPUTED,
        "lower: a 6 stuns; equal: 1 die; greater: the difference + 1 dice",
        "power_greater_rolls_difference_plus_one_dice",
    ),
    (
        "Close-range weapons",
        COMPUTED,
        "a 6 takes a point, ignoring Armor; a zero-range weapon replaces them",
        "close_range_weapons_take_a_point_on_a_six_ignoring_armor",
    ),
    (
        "Flyers and ground close range",
        COMPUTED,
        "forbidden: ground units' zero-range weapons cannot reach flyers (refused alone; odds 0 and the rule named)",
        "ground_units_cannot_reach_flyers_in_close_range",
    ),
    (
        "Swarm fires twice",
        LEFT_TO_TABLE,
        "a swarm may fire twice a turn: the odds are one firing (named beside)",
        "rules_left_to_the_table_are_named_with_their_reason",
    ),
    (
        "Missing into cover",
        LEFT_TO_TABLE,
        "a miss into cover hits the cover (Armor 3, structure 2): terrain",
        "rules_left_to_the_table_are_named_with_their_reason",
    ),
    (
        "Body/Structure damage progression",
        LEFT_TO_TABLE,
        "optional rule over several turns (named beside)",
        "rules_left_to_the_table_are_named_with_their_reason",
    ),
)


def duke_coverage(system: Any) -> list[RuleCoverage]:
    rows = []
    for template in system.templates.values():
        for rule in template.get("rules", ()):
            label = f"{template['name']}: {rule['name']}" + (f" ({rule['weapon']})" if "weapon" in rule else "")
            if "effect" in rule:
                rows.append(
                    RuleCoverage(
                        label, "template rule", COMPUTED, EFFECTS[rule["effect"]], _T + _EFFECT_TESTS[rule["effect"]]
                    )
                )
            else:
                rows.append(
                    RuleCoverage(
                        label,
                        "template rule",
                        LEFT_TO_TABLE,
                        rule["table"],
                        _T + "rules_left_to_the_table_are_named_with_their_reason",
                    )
                )
    for situation in system.combat.situations:
        rows.append(
            RuleCoverage(situation.name, "situation", COMPUTED, situation.help, _T + _SITUATION_TESTS[situation.name])
        )
    rows += [RuleCoverage(name, "core rule", status, how, _T + test) for name, status, how, test in _CORE]
    return rows
