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
from fractions import Fraction
from typing import Any, ClassVar

from model.matchup import AttackResult, MatchupError, Situation, binomial, drop_inapplicable
from model.systems.base import RuleSystem

TEMPLATE = re.compile(r"\b([SML]T)\b")
FIRST = re.compile(r"\d+")


def first_number(text: str, default: int = 0) -> int:
    found = FIRST.search(str(text))
    return int(found.group()) if found else default


class DukeAttackModel(RuleSystem):
    situations: ClassVar[tuple[Situation, ...]] = (
        Situation("moved", "Attacker moved", "an infantry model that moved before shooting: Accuracy +1"),
        Situation("light-cover", "Light cover", "target half hidden by light cover: Evade +1, Armor +1"),
        Situation("heavy-cover", "Heavy cover", "target half hidden by heavy cover: Evade +1, Armor +2"),
        Situation("target-stunned", "Target stunned", "a stunned unit cannot evade"),
    )

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

    def _attack(
        self,
        attacker: Any,
        kind: str,
        index: int,
        target: Any,
        chosen: set[str],
        distance: int | None,
        strict: bool,
    ) -> AttackResult:
        weapon = self._attack_weapon(attacker, kind, index)
        notes: list[str] = []
        if {"light-cover", "heavy-cover"} <= chosen:
            raise MatchupError("a target is in light or heavy cover, not both")
        reasons = {}
        if attacker.type != "infantry":
            reasons["moved"] = "only a single infantry model shoots worse after moving"
        if kind == "melee":
            reasons["moved"] = "moving only matters to shooting"
        chosen = drop_inapplicable(chosen, reasons, strict, notes)
        if kind == "melee" and target.type == "flyer" and attacker.type != "flyer":
            if attacker.type != "jump":
                raise MatchupError(f"{attacker.name!r} is a ground unit: its close-range weapons cannot reach a flyer")
            notes.append("a jump unit reaches a flyer in close range only during a jump")
        if weapon is not None and distance is not None and kind == "ranged":
            reach = str(weapon.range).split("/")[0]
            if reach.strip().isdigit() and distance > int(reach):
                raise MatchupError(f'{attacker.name!r}\'s {weapon.name} reaches {reach}": {distance}" is out of range')

        accuracy = attacker.accuracy
        applied = []
        if "moved" in chosen:
            accuracy += 1
        applied.append(f"accuracy {accuracy}+" + (" (moved +1)" if "moved" in chosen else ""))
        p_hit = Fraction(max(0, min(6, 7 - accuracy)), 6)

        evade = first_number(target.evade)
        if "/" in str(target.evade) or "/" in str(target.armor):
            notes.append(f"{target.name!r} has stats by mode ({target.evade} / {target.armor}): the first is used")
        cover = "heavy-cover" if "heavy-cover" in chosen else "light-cover" if "light-cover" in chosen else None
        template = TEMPLATE.search(str(weapon.range)) if weapon is not None else None
        if cover:
            evade += 1
        if template:
            evade -= 2
        if "target-stunned" in chosen:
            p_evade = Fraction(0)
            applied.append("target stunned: no evade")
        else:
            p_evade = Fraction(max(0, min(6, evade)), 6)
            applied.append(
                f"evade {evade} or less" + (" (cover +1)" if cover else "") + (" (template -2)" if template else "")
            )
        p_through = p_hit * (1 - p_evade)

        armor = first_number(target.armor) + {"light-cover": 1, "heavy-cover": 2, None: 0}[cover]
        stun = Fraction(0)
        if weapon is None:
            name = "close-range weapons"
            dice = 1
            per_die = [Fraction(5, 6), Fraction(1, 6)]  # a 6 takes a point, ignoring Armor
            applied.append("close range: a 6 takes a Body point, ignoring armor")
            outcomes = _per_attack(p_through, dice, per_die)
        else:
            name = weapon.name
            power = weapon.power
            if power < armor:
                applied.append(f"power {power} < armor {armor}: no damage, a 6 stuns")
                outcomes = [Fraction(1), Fraction(0)]
                stun = p_through * Fraction(1, 6)
            else:
                dice = power - armor + 1
                applied.append(f"power {power} vs armor {armor}: {dice} d6, each over {armor} takes a Body point")
                over = Fraction(max(0, 6 - armor), 6)
                equal = Fraction(1, 6) if 1 <= armor <= 6 else Fraction(0)
                outcomes = _per_attack(p_through, dice, [1 - over, over])
                # stunned: no die over the armor, at least one equal to it
                stun = p_through * ((1 - over) ** dice - (1 - over - equal) ** dice)
        shots = 1
        if weapon is not None:
            shots = first_number(weapon.count, 1) or 1
            if not str(weapon.count).strip().isdigit():
                notes.append(f"{weapon.name}: {weapon.count} barrels; {shots} used")
            if template:
                notes.append(
                    f"{weapon.name} places a {template.group(1)} template: what it covers is left to the table"
                )
            if weapon.note:
                notes.append(f"{weapon.name}: {weapon.note} (left to the table)")
        if attacker.special:
            notes.append(f"{attacker.name}'s special rules are left to the table")
        notes.append("the Body/Structure damage progression (optional rule) is left to the table")
        p_damage = 1 - outcomes[0]
        return AttackResult(
            attack=kind,
            weapon=name,
            p_hit=p_hit,
            p_damage=p_damage,
            damage="loses a Body/Structure point",
            shots=shots,
            modifiers=applied,
            left_to_table=notes,
            damage_to_remove=max(1, first_number(target.body, 1)),
            situation=sorted(chosen),
            outcomes=outcomes if len(outcomes) > 2 else None,
            also={"stunned": stun} if stun else {},
        )


def _per_attack(p_through: Fraction, dice: int, per_die: list[Fraction]) -> list[Fraction]:
    """P(k Body points) for one attack: it gets through with ``p_through``, then ``dice`` dice
    each take a point with chance ``per_die[1]``."""
    out = [p * p_through for p in binomial(dice, per_die[1])]
    out[0] += 1 - p_through
    return out
