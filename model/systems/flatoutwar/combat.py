"""Flat Out War's attack model (both editions): one die against 4+, then the target's Recovery.

The attack: melee rolls the melee weapon's die (the base die when the element has
no melee weapon); ranged, extra weapon, sponson and turret roll that weapon's die.
A hit is a roll of 4 or more after modifiers: flank +1, rear +2, long range -1,
partial line of sight -1, prone target (ranged -1, melee +1), Aggressive +1 in
melee, Sharpshooter +1 when stationary, Anti-flyer +1 against a Flying, Hovering
or Jumping target. The target then rolls Recovery with its base die, 4+ to survive:
Tough +1, Unfeeling +1, Frail -1, Penetrator -1 (the attacker's), Adaptive Armor
(one die larger against a smaller attack die), Heavy Armor immunity. An element
with several ranged weapons rolls each weapon's die instead and loses the weapons
that fail. Where the editions differ, ``system.json``'s ``matchup`` block says how.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from warbench.model.attack_steps import HIT, LOSS, SAVE, Step, harmless
from warbench.model.attack_steps import NO_DAMAGE as ENDS_WITHOUT_DAMAGE
from warbench.model.i18n import N_, NP_
from warbench.model.odds import AttackResult, MatchupError, Situation, at_least, drop_inapplicable, first_number
from warbench.model.systems.combat import AttackContext, Combat, RuleCoverage
from warbench.model.systems.flatoutwar.coverage import PAIR_ATTRIBUTES, fow_coverage, table_attribute_notes
from warbench.model.systems.flatoutwar.entries import fow_spell

if TYPE_CHECKING:
    from warbench.model.systems.flatoutwar import FlatOutWar  # noqa: F401 (the type argument of the facet's base)

DICE = ("d4", "d6", "d8", "d10", "d12", "d20")
RANGED_KINDS = ("ranged", "extra-weapon", "sponson", "turret")
TEMPLATES = ("template-2", "template-4", "template-6", "template-flame")
FLYING = ("flying", "hover", "jump")
#: attributes whose effect the dice here cannot settle, and what is left to the table
TABLE_NOTES = {
    "inaccurate": "a miss scatters (Inaccurate): where it lands is left to the table",
    "linear-artillery": "Linear Artillery bounces and overshoots: further hits are left to the table",
    "sticky": "Sticky: the next turns' attacks with the smaller marker die are left to the table",
    "reload": "Reload: the turns spent reloading between shots are left to the table",
    "exhaustible": "Exhaustible: the limited uses are left to the table",
    "fire-linked": "Fire-linked weapons fire as one at one target: pick one weapon's row",
}

#: every attribute the attack model reads from the *target* (``matchup_target_key``; the
#: system's two-facing attributes are added from its data)
TARGET_ATTRIBUTES = frozenset(
    {
        *FLYING,
        "lucky",
        "tough",
        "unfeeling",
        "frail",
        "adaptive-armor",
        "heavy-armor",
        "hit-points",
        "resilient",
        "reliant",
        "deny-charge",
        "stand",
        *PAIR_ATTRIBUTES,
    }
)

#: every attribute the attack model reads (``matchup_key`` ignores the others)
MATCHUP_ATTRIBUTES = TARGET_ATTRIBUTES | {
    *RANGED_KINDS[1:],
    *TEMPLATES,
    *TABLE_NOTES,
    "aggressive",
    "sharpshooter",
    "anti-flyer",
    "arcing-artillery",
    "heavy-melee-weapon",
    "heavy-ranged-weapon",
    "penetrator",
    "walker",
    "torso",
    "multi-shot",
    "charge",
    *("capture", "ensnare"),
}
#: the rule of an element with no weapon (``system.json`` matchup.weaponless_cannot_attack)
WEAPONLESS = "Weapons: an element with no weapon takes no part in combat except as a target"
#: the step of a Recovery roll per weapon (a failure loses that weapon)
WEAPON_RECOVERY = "recovery ({})"
#: attributes whose ranged weapon does no damage: what a hit does instead
NO_DAMAGE = {"capture": "dragged into base contact", "ensnare": "snared"}


def sides(die: str) -> int:
    return int(die[1:])


def larger(die: str) -> str:
    return DICE[min(DICE.index(die) + 1, len(DICE) - 1)]


class FowAttackModel(Combat["FlatOutWar"]):
    """Flat Out War's combat facet (``model.systems.combat``): ``attack_kinds``, the odds and the situations."""

    #: `warbench matchup --json` wrote the re-roll odds under "lucky" before the generic "reroll"; kept for readers
    matchup_reroll_key = "lucky"
    situations: ClassVar[tuple[Situation, ...]] = (
        Situation("flank", "Flank", "attack into the target's flank: +1"),
        Situation("rear", "Rear", "attack into the target's rear: +2"),
        Situation("long-range", "Long range", "ranged: over the weapon's range, up to double: -1"),
        Situation("partial-cover", "Partial LoS", "ranged: target partly seen: -1"),
        Situation("prone", "Target prone", "ranged -1, melee +1"),
        Situation("stationary", "Stationary", "Sharpshooter: +1 to ranged attacks"),
        Situation("strengthened", "Strengthened", "the Strengthen spell on the attacker: +2"),
        Situation("weakened", "Weakened", "the Weaken spell on the attacker: -2"),
        Situation("shielded", "Target shielded", "the Shield spell on the target: -2 to attack it"),
        Situation(
            "charging",
            "Charging",
            "the attacker moved into base contact this activation: Charge +1 in melee (none against Deny Charge)",
        ),
        Situation("ran", "Ran", "the attacker ran this activation: -1 on its Other Action (attack or spell)"),
    )

    def rules_coverage(self) -> list[RuleCoverage]:
        return fow_coverage(self.system, TABLE_NOTES)

    @property
    def _rules(self) -> dict[str, Any]:
        rules: dict[str, Any] = self.system.data.get("matchup", {})
        return rules

    def attack_kinds(self, element: Any) -> list[tuple[str, int]]:
        kinds = [("melee", 0)]
        if element.ranged is not None:
            kinds.append(("ranged", 0))
        seen: dict[str, int] = {}
        for ref in element.attributes:
            if ref.id in RANGED_KINDS[1:] and ref.param("die"):
                kinds.append((ref.id, seen.get(ref.id, 0)))
                seen[ref.id] = seen.get(ref.id, 0) + 1
        kinds += [("spell", i) for i in range(len(self._spell_attacks(element)))]
        return kinds

    def _spell_attacks(self, element: Any) -> list[str]:
        """The element's spells that make an attack (``system.json``: matchup.spell_attacks)."""
        table = self._rules.get("spell_attacks", {})
        return [spell for spell in element.spells if spell in table]

    @staticmethod
    def _matchup_attributes(element: Any) -> tuple[Any, ...]:
        return tuple(
            (ref.id, ref.param("die"), ref.param("name"), ref.param("count"), ref.param("shots"))
            for ref in element.attributes
            if ref.id in MATCHUP_ATTRIBUTES
        )

    def matchup_key(self, element: Any) -> tuple[Any, ...]:
        """What the odds read from an element (names, moves, ranges and the attributes no roll
        uses aside): army runs work out elements with the same key once."""
        melee = (element.melee.name, element.melee.die) if element.melee is not None else None
        ranged = (element.ranged.name, element.ranged.die) if element.ranged is not None else None
        attrs = self._matchup_attributes(element)
        return (element.die, element.type, melee, ranged, attrs, tuple(self._spell_attacks(element)))

    def matchup_attack_key(self, element: Any, kind: tuple[str, int]) -> tuple[Any, ...]:
        """What one attack reads from its attacker: the weapon, the attributes, whether it has a
        ranged weapon (templates), the spell, and the base die where Heavy Armor reads it."""
        attrs = self._matchup_attributes(element)
        spells = self._spell_attacks(element)
        base = element.die if self._rules.get("heavy_armor_die") == "base" else None
        return (
            kind,
            self._attack_weapon(element, *kind),
            base,
            element.ranged is not None,
            attrs,
            spells[kind[1]] if kind[0] == "spell" else None,
        )

    def matchup_target_key(self, element: Any) -> tuple[Any, ...]:
        """What an attack reads from its target: base die, type, the weapons' dice when it
        recovers per weapon, and the defensive attributes (see ``attack`` and ``_recovery``)."""
        weapons = self._weapons_for_recovery(element)
        facings = self._rules.get("two_facings", ())
        attrs = tuple(
            (ref.id, ref.param("count"))
            for ref in element.attributes
            if ref.id in TARGET_ATTRIBUTES or ref.id in facings
        )
        return (element.die, element.type, tuple(weapons) if len(weapons) >= 2 else None, attrs)

    def actions(self, attack: str | None = None) -> list[frozenset[str]]:
        if attack:
            return [frozenset({attack})]
        # a ranged action fires the main weapon and every extra, sponson and turret weapon with it
        return [frozenset({"melee"}), frozenset(RANGED_KINDS), frozenset({"spell"})]

    def _attack_weapon(self, element: Any, kind: str, index: int) -> tuple[str, str, int | None]:
        """(name, die, range) of the attack."""
        if kind == "melee":
            if element.melee is not None:
                return element.melee.name or "melee weapon", element.melee.die, None
            return "base die", element.die, None
        if kind == "ranged":
            return element.ranged.name or "ranged weapon", element.ranged.die, element.ranged.range
        if kind == "spell":
            spell = fow_spell(self.system.catalogue.spells[self._spell_attacks(element)[index]])
            reach = first_number(spell.range, -1)  # MatchupTooLarge past 9 digits (int of 5,000 raised ValueError)
            return spell.name, element.die, None if reach < 0 else reach
        refs = [ref for ref in element.attributes if ref.id == kind]
        ref = refs[index]
        return ref.param("name") or kind, ref.param("die"), ref.param("range")

    @staticmethod
    def _weapons_for_recovery(element: Any) -> list[tuple[str, str]]:
        """(name, die) of each ranged weapon an element carries (recovery per weapon when ≥ 2)."""
        weapons = []
        if element.ranged is not None:
            weapons.append((element.ranged.name or "ranged weapon", element.ranged.die))
        for ref in element.attributes:
            if ref.id in RANGED_KINDS[1:] and ref.param("die"):
                weapons.append((ref.param("name") or ref.id, ref.param("die")))
        return weapons

    def resolve(self, context: AttackContext) -> AttackResult:
        kind = context.kind
        name, die, reach = self._attack_weapon(context.attacker, kind, context.index)
        attack = _FowAttack(
            context,
            {ref.id for ref in context.attacker.attributes},
            {ref.id for ref in context.target.attributes},
            name,
            die,
            reach,
            set(context.situation),
        )
        self._situations_by_distance(attack)
        self._drop_unread_situations(attack)
        spell = self._attack_roll(attack)
        p_hit = at_least(sides(die), 4, attack.modifier)

        # --- the target's recovery
        extra = spell.get("recovery", 0) if spell else 0
        steps = [Step(NP_("step", "hit"), HIT, sides(die), 4, attack.modifier)]
        p_save, p_save_lucky, damage, to_remove = self._recovery(
            context.attacker, kind, die, context.target, attack.applied, attack.notes, extra, steps
        )
        harmless_by = ""
        if self._heavy_armor_immune(context.attacker, kind, die, context.target):
            which = "a base die" if self._rules.get("heavy_armor_die") == "base" else "an attack die"
            harmless_by = f"Heavy Armor: {which} under d10 without a heavy weapon of its kind cannot harm it"
            p_save, p_save_lucky = Fraction(1), None
            steps = harmless(steps)
        forbidden = self._weaponless(context.attacker, kind)
        if forbidden:
            p_hit, p_save, p_save_lucky = Fraction(0), Fraction(1), None
            attack.applied.append(f"forbidden: {forbidden}")
        p_damage = p_hit * (1 - p_save)
        also: dict[str, Fraction] = {}
        for attr, effect in NO_DAMAGE.items():
            if kind == "ranged" and attr in attack.a_ids:
                p_damage, p_save = Fraction(0), Fraction(1)
                also[effect] = p_hit
                steps[1:] = [Step(effect, ENDS_WITHOUT_DAMAGE)]
                attack.applied.append(f"{attr}: the ranged weapon does no damage; a hit means {effect}")
        lucky = self._lucky(attack, p_hit, p_save, p_save_lucky)
        shots = self._shots(attack)
        self._template(attack, spell)
        for attr, note in TABLE_NOTES.items():
            if attr in attack.a_ids:
                attack.notes.append(note)
        attack.notes += table_attribute_notes("attacker", attack.a_ids) + table_attribute_notes("target", attack.t_ids)
        return AttackResult(
            attack=kind,
            weapon=name,
            p_hit=p_hit,
            p_damage=p_damage,
            damage=damage,
            shots=shots,
            modifiers=attack.applied,
            left_to_table=attack.notes,
            reroll=lucky,
            damage_to_remove=to_remove,
            situation=sorted(attack.chosen),
            readings=attack.readings,
            also=also,
            forbidden_by=forbidden,
            harmless_by=harmless_by,
            steps=[] if forbidden else steps,
        )

    @staticmethod
    def _situations_by_distance(attack: _FowAttack) -> None:
        """A distance given: melee needs base contact, a weapon reaches up to double its range (long range
        beyond its range), a spell its range."""
        distance, reach, name, kind = attack.context.distance, attack.reach, attack.name, attack.context.kind
        if distance is None:
            return
        if not attack.ranged:
            if distance > 0:
                raise MatchupError(f'melee needs base contact: the target is {distance}" away')
        elif kind == "spell" and reach is not None and distance > reach:
            raise MatchupError(f'{name} reaches {reach}" (no long range for spells): {distance}" is out of range')
        elif reach is None or distance > 2 * reach:
            raise MatchupError(
                f'{attack.context.attacker.name!r}\'s {name} reaches {reach}" (long range to {2 * (reach or 0)}"): '
                f'a target {distance}" away is out of range'
            )
        elif distance > reach and kind != "spell":
            attack.chosen.add("long-range")
        else:
            attack.chosen.discard("long-range")

    def _drop_unread_situations(self, attack: _FowAttack) -> None:
        """Situations that cannot apply to this attack: refused, or left out with a note."""
        chosen, kind, ranged, a_ids, t_ids = (
            attack.chosen,
            attack.context.kind,
            attack.ranged,
            attack.a_ids,
            attack.t_ids,
        )
        if {"flank", "rear"} <= chosen:
            raise MatchupError("an attack comes from the flank or the rear, not both")
        two_facings = [a for a in self._rules.get("two_facings", ()) if (a in t_ids)]
        reasons = {}
        if not ranged:
            for only in ("long-range", "partial-cover", "stationary"):
                reasons[only] = f"{only!r} applies to ranged attacks, not melee"
        if kind == "spell":
            reasons["long-range"] = "a spell's range is its reach: no long range"
        if two_facings:
            reasons["flank"] = f"the target has two facings ({two_facings[0]}): it cannot be attacked in the flank"
        if attack.context.target.type == "vehicle" or ("unfeeling" in t_ids):
            reasons["prone"] = "the target cannot go prone (vehicles and Unfeeling elements cannot)"
        if ranged:
            reading = self.reading_text("fow-charge-melee")
            reasons["charging"] = f"'charging' is read as a melee bonus ({reading}): not for a {kind} attack"
        if "unfeeling" in a_ids:
            reasons["ran"] = "Unfeeling elements cannot run"
        elif attack.context.attacker.type == "vehicle" and self._rules.get("run_troopers_only"):
            reasons["ran"] = "only trooper units run in this edition: a vehicle cannot have run"
        attack.chosen = drop_inapplicable(chosen, reasons, attack.context.strict, attack.notes)

    def _attack_roll(self, attack: _FowAttack) -> dict[str, Any] | None:
        """The attack roll's modifiers (a hit is 4+ after them), in the order the rules give them; the spell
        attack's row (``system.json`` matchup.spell_attacks), if it is one."""
        attack.applied.append(f"{attack.context.kind} {attack.die}: 4+")
        self._position_modifiers(attack)
        self._attacker_modifiers(attack)
        # the spells: Strengthen and Weaken on the attacker, Shield on the target
        for situation, value, label in (
            ("strengthened", 2, "strengthen"),
            ("weakened", -2, "weaken"),
            ("shielded", -2, "shield"),
        ):
            if situation in attack.chosen:
                attack.add(value, label)
        self._charge(attack)
        if "ran" in attack.chosen:
            attack.add(-1, "ran")
        return self._spell_difficulty(attack)

    @staticmethod
    def _position_modifiers(attack: _FowAttack) -> None:
        """Flank +1, rear +2, long range -1, partial line of sight -1 (not for Arcing Artillery), prone target
        (ranged -1, melee +1)."""
        chosen, ranged = attack.chosen, attack.ranged
        if "flank" in chosen:
            attack.add(1, "flank")
        if "rear" in chosen:
            attack.add(2, "rear")
        if ranged and "long-range" in chosen:
            attack.add(-1, "long range")
        if ranged and "partial-cover" in chosen:
            if "arcing-artillery" in attack.a_ids:
                attack.applied.append("partial line of sight ignored (Arcing Artillery)")
            else:
                attack.add(-1, "partial line of sight")
        if "prone" in chosen:
            attack.add(-1 if ranged else 1, "prone target")

    def _attacker_modifiers(self, attack: _FowAttack) -> None:
        """Aggressive +1 in melee, Sharpshooter +1 when stationary (not with a heavy ranged weapon where the
        edition says so), Anti-flyer +1 against a Flying, Hovering or Jumping target."""
        ranged, a_ids = attack.ranged, attack.a_ids
        if not ranged and ("aggressive" in a_ids):
            attack.add(1, "aggressive")
        if ranged and "stationary" in attack.chosen and ("sharpshooter" in a_ids):
            if ("heavy-ranged-weapon" in a_ids) and not self._rules.get("sharpshooter_with_heavy_ranged", True):
                attack.applied.append("sharpshooter does not work with a heavy ranged weapon")
            else:
                attack.add(1, "sharpshooter")
        if ranged and ("anti-flyer" in a_ids) and any((f in attack.t_ids) for f in FLYING):
            attack.add(1, "anti-flyer")

    def _charge(self, attack: _FowAttack) -> None:
        """Charge +1 in melee when charging (none against Deny Charge); the target's Stand is left to the
        table."""
        if not attack.ranged and "charge" in attack.a_ids:
            if "charging" not in attack.chosen:
                attack.notes.append("Charge: +1 only when charging (the 'charging' situation): not applied")
            elif "deny-charge" in attack.t_ids:
                attack.applied.append("Deny Charge (target): no charge bonus")
            else:
                attack.add(1, "charge")
                attack.readings.append(self.reading_text("fow-charge-melee"))
        if "charging" in attack.chosen and "stand" in attack.t_ids:
            attack.notes.append("Stand (target): its free ranged attack at the charger is left to the table")

    def _spell_difficulty(self, attack: _FowAttack) -> dict[str, Any] | None:
        """A spell attack adds its casting difficulty; its misfire is left to the table."""
        if attack.context.kind != "spell":
            return None
        attacker, index = attack.context.attacker, attack.context.index
        spell: dict[str, Any] | None = self._rules.get("spell_attacks", {}).get(self._spell_attacks(attacker)[index])
        if spell is not None:
            difficulty = fow_spell(self.system.catalogue.spells[self._spell_attacks(attacker)[index]]).difficulty
            attack.add(difficulty, "casting difficulty")
            attack.notes.append("a casting roll of 1 misfires (the caster rolls as for recovery): left to the table")
        return spell

    def _lucky(
        self, attack: _FowAttack, p_hit: Fraction, p_save: Fraction, p_save_lucky: Fraction | None
    ) -> dict[str, tuple[Fraction, Fraction]]:
        """Lucky: one re-roll per game (or turn, as the edition says) of the attacker's hit or the target's
        recovery; (P(hit), P(damage)) with it, by side."""
        lucky: dict[str, tuple[Fraction, Fraction]] = {}
        per = self._rules.get("lucky_once_per", "game")
        if "lucky" in attack.a_ids:
            p_hit_lucky = 1 - (1 - p_hit) ** 2
            lucky["attacker"] = (p_hit_lucky, p_hit_lucky * (1 - p_save))
            attack.notes.append(f"Lucky (attacker): one re-roll per {per}; the odds with it are shown beside")
        if ("lucky" in attack.t_ids) and p_save_lucky is not None:
            lucky["target"] = (p_hit, p_hit * (1 - p_save_lucky))
            attack.notes.append(f"Lucky (target): one re-roll per {per}; the odds with it are shown beside")
        return lucky

    @staticmethod
    def _shots(attack: _FowAttack) -> int:
        """Multi-shot: the ranged weapon's shots."""
        shots = 1
        if attack.context.kind == "ranged":
            for ref in attack.context.attacker.attributes:
                if ref.id == "multi-shot":
                    shots = ref.param("shots", 1)
                    attack.applied.append(f"multi-shot ×{shots}")
        return shots

    def _template(self, attack: _FowAttack, spell: dict[str, Any] | None) -> None:
        """A template (the spell's, or the attacker's on its main attack) attacks every element under it; how
        many it covers is left to the table."""
        attacker, kind = attack.context.attacker, attack.context.kind
        template = next((t for t in TEMPLATES if (t in attack.a_ids)), None)
        if spell and spell.get("template"):
            template = spell["template"]
            attack.applied.append(f"{template.replace('-', ' ')}: every unit under it takes a hit")
            attack.notes.append("how many elements the template covers is left to the table")
        elif template and kind == ("ranged" if attacker.ranged is not None else "melee"):
            attack.applied.append(f"{template.replace('-', ' ')}: every element under it is attacked")
            if template != "template-flame" and self._rules.get("ranged_template") == "one-roll":
                attack.notes.append("template: one roll hits every element under it (the figures are per element)")
            else:
                attack.notes.append("template: one roll per element under it (the figures are per element)")
            attack.notes.append("how many elements the template covers is left to the table")

    def _weaponless(self, attacker: Any, kind: str) -> str:
        """The rule that forbids the attack of an element with no weapon (where the edition has it: its melee
        attack would roll the base die); '' when none does."""
        if kind != "melee" or not self._rules.get("weaponless_cannot_attack") or attacker.melee is not None:
            return ""
        if self._weapons_for_recovery(attacker):
            return ""
        return WEAPONLESS

    def _heavy_armor_immune(self, attacker: Any, kind: str, die: str, target: Any) -> bool:
        """Heavy Armor: the attack's die (or base die, as the edition reads it) under d10 without the
        heavy weapon of its kind cannot harm the target."""
        heavy = "heavy-melee-weapon" if kind == "melee" else "heavy-ranged-weapon"
        armour_die = attacker.die if self._rules.get("heavy_armor_die") == "base" else die
        return (
            any(ref.id == "heavy-armor" for ref in target.attributes)
            and sides(armour_die) < 10
            and not any(ref.id == heavy for ref in attacker.attributes)
        )

    def _recovery(
        self,
        attacker: Any,
        kind: str,
        die: str,
        target: Any,
        applied: list[str],
        notes: list[str],
        extra: int = 0,
        steps: list[Step] | None = None,
    ) -> tuple[Fraction, Fraction | None, str, int]:
        """(P(save), P(save) with a Lucky re-roll or None, damage name, damage units to remove); the
        recovery's rolls are added to ``steps``."""
        steps = [] if steps is None else steps
        t_ids = {ref.id for ref in target.attributes}
        heavy = "heavy-melee-weapon" if kind == "melee" else "heavy-ranged-weapon"
        armour_die = attacker.die if self._rules.get("heavy_armor_die") == "base" else die
        if self._heavy_armor_immune(attacker, kind, die, target):
            which = "base die" if self._rules.get("heavy_armor_die") == "base" else "die"
            applied.append(f"heavy armor: no damage from a {which} {armour_die} without {heavy.replace('-', ' ')}")
            return Fraction(1), None, "removed", 1

        modifier, labels = _recovery_modifier({ref.id for ref in attacker.attributes}, t_ids, extra)

        def recovery_die(base: str) -> str:
            if ("adaptive-armor" in t_ids) and sides(die) < sides(target.die) and base != larger(base):
                labels.append(f"adaptive armor: {base} → {larger(base)}")
                return larger(base)
            return base

        weapons = self._weapons_for_recovery(target)
        if len(weapons) >= 2:
            p_keep_all = Fraction(1)
            rolled = []
            for wname, wdie in weapons:
                rdie = recovery_die(wdie)
                p_keep_all *= at_least(sides(rdie), 4, modifier)
                steps.append(Step(WEAPON_RECOVERY.format(wname), LOSS, sides(rdie), 4, modifier))
                rolled.append(f"{wname} {rdie}")
            applied.append(f"recovery per weapon ({', '.join(rolled)}): 4+")
            applied.extend(labels)
            notes.append(
                "each failed weapon roll destroys that weapon; with one weapon left it recovers on its base die"
            )
            return p_keep_all, None, "loses a weapon", len(weapons)

        rdie = recovery_die(target.die)
        applied.append(f"recovery {rdie}: 4+")
        applied.extend(labels)
        p_save = at_least(sides(rdie), 4, modifier)
        steps.append(Step(NP_("step", "recovery"), SAVE, sides(rdie), 4, modifier))
        p_save_lucky = 1 - (1 - p_save) ** 2 if "lucky" in t_ids else None
        damage, to_remove = _failed_recovery(target, t_ids, applied, notes)
        return p_save, p_save_lucky, damage, to_remove


def _recovery_modifier(a_ids: set[str], t_ids: set[str], extra: int) -> tuple[int, list[str]]:
    """The recovery roll's modifier and its labels: Tough +1, Unfeeling +1, Frail -1, the attacker's Penetrator
    -1, the spell's."""
    modifier = 0
    labels = []
    for attr, value in (("tough", 1), ("unfeeling", 1), ("frail", -1)):
        if attr in t_ids:
            modifier += value
            labels.append(f"{attr} {value:+d}")
    if "penetrator" in a_ids:
        modifier -= 1
        labels.append("penetrator -1")
    if extra:
        modifier += extra
        labels.append(f"spell {extra:+d}")
    return modifier, labels


def _failed_recovery(target: Any, t_ids: set[str], applied: list[str], notes: list[str]) -> tuple[str, int]:
    """What a failed recovery does, and how many of them remove the target: removed; Hit Points, a point each;
    Resilient, the base die one step lower; Reliant, knocked down. Flying crashes on a natural 1."""
    damage, to_remove = N_("removed"), 1
    hit_points = next((ref.param("count", 0) for ref in target.attributes if ref.id == "hit-points"), 0)
    if hit_points:
        damage, to_remove = "loses a hit point", hit_points + 1
        applied.append(f"hit points: removed after {to_remove} failed recoveries")
    elif "resilient" in t_ids:
        damage = N_("base die reduced")
        to_remove = DICE.index(target.die) + 1
        notes.append("Resilient: each failed recovery lowers the base die one step; later rolls use it")
    elif "reliant" in t_ids:
        damage = N_("knocked down")
        notes.append("Reliant: it recovers again next turn and goes only when what it relies on goes")
    if ("flying" in t_ids) and damage != "removed":
        notes.append("Flying: a natural 1 on recovery crashes it (a second recovery, 4+, or it is removed)")
    return damage, to_remove


@dataclass
class _FowAttack:
    """One attack being worked out: what it reads, and the modifiers, notes and readings found so far."""

    context: AttackContext
    a_ids: set[str]  # the attacker's attributes
    t_ids: set[str]  # the target's
    name: str  # the weapon's (or spell's)
    die: str  # the attack die
    reach: int | None
    chosen: set[str]
    modifier: int = 0  # the attack roll's
    applied: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)

    @property
    def ranged(self) -> bool:
        return self.context.kind != "melee"

    def add(self, value: int, label: str) -> None:
        """A modifier to the attack roll, named among the modifiers."""
        self.modifier += value
        self.applied.append(f"{label} {value:+d}")
