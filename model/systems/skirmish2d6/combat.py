"""The 2D6 skirmish game's attack model: shots hit on a 6, hits per casualty by cover,
close assault attacks and to-kill, melee roll-offs, and the damage table of vehicles and
monsters.

Shooting: each shot is a hit on a 6; a casualty takes 1, 2 or 3 hits (infantry, beasts,
light vehicles in the open, soft, hard cover) or 2, 3, 4 (monsters, heavy vehicles).
Hits short of a casualty carry over to the next unit firing this turn (left to the
table). Vehicles and monsters are harmed only by grenades and destroyers, and a
casualty among them rolls a d6: 1 nothing, 2-3 immobilised, 4-5 killed, 6 explodes
(killed). Close assault: each figure makes its weapon's attacks, killing on its To
Kill (Elite 1 better, Basic 1 worse, hard cover 1 worse, a natural 6 always kills).
Melee in base contact: both roll a d6 plus the type and quality modifier, the higher
kills, ties re-rolled.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from warbench.model.attack_steps import HIT, TABLE, Step, harmless
from warbench.model.i18n import N_, NP_
from warbench.model.odds import AttackResult, MatchupError, Situation, binomial, drop_inapplicable, thin
from warbench.model.systems.combat import COMPUTED, LEFT_TO_TABLE, AttackContext, Combat, RuleCoverage

if TYPE_CHECKING:
    from warbench.model.systems.skirmish2d6 import Skirmish2D6  # noqa: F401 (the type argument of the facet's base)

COVERS = ("open", "soft-cover", "hard-cover")
QUALITY_INDEX = {"elite": 0, "regular": 1, "basic": 2}
#: a casualty among vehicles and monsters rolls a d6 on the damage table
DAMAGE_ROLL = Step(
    NP_("step", "damage roll"),
    TABLE,
    6,
    effects=((1, 1, "no effect"), (2, 3, "immobilised"), (4, 5, "killed"), (6, 6, "explodes")),
    damage_on=("killed", "explodes"),
)
#: the chance the damage roll kills (4-5 killed, 6 explodes)
KILLED_ON_DAMAGE_ROLL = DAMAGE_ROLL.p


def _dice_count(text: str) -> list[Fraction]:
    """P(n attacks) for "1", "3", "D3", "D6"."""
    text = str(text).strip().upper()
    if text.startswith("D"):
        sides = int(text[1:])
        return [Fraction(0)] + [Fraction(1, sides)] * sides
    n = int(text)
    return [Fraction(0)] * n + [Fraction(1)]


def carried_damage(result: AttackResult, carried: int) -> list[Fraction]:
    """P(k casualties) of one shooting attack (its ``shots`` dice) on a target already carrying ``carried`` hits
    short of a casualty: they add to this attack's hits once it scores one (none: they do nothing), every
    ``hits_per_damage`` hits make a casualty, and a casualty among vehicles and monsters is a kill on its damage
    roll (``damage_given_hits``)."""
    per = max(1, result.hits_per_damage)
    casualties: list[Fraction] = [Fraction(0)] * ((result.shots + carried) // per + 1)
    for hits, p in enumerate(binomial(result.shots, result.p_hit)):
        casualties[(hits + carried) // per if hits else 0] += p
    return thin(casualties, result.damage_given_hits)


class SkirmishAttackModel(Combat["Skirmish2D6"]):
    situations: ClassVar[tuple[Situation, ...]] = (
        Situation("soft-cover", "Soft cover", "target in soft cover: one more hit per casualty"),
        Situation("hard-cover", "Hard cover", "target in hard cover: two more hits per casualty; to kill -1"),
    )

    def rules_coverage(self) -> list[RuleCoverage]:
        return skirmish_coverage(self.system)

    def attack_kinds(self, element: Any) -> list[tuple[str, int]]:
        kinds = [("melee", 0)]
        kinds += [("ranged", i) for i in range(len(element.weapons))]
        kinds += [("close-assault", i) for i in range(len(element.weapons))]
        return kinds

    def actions(self, attack: str | None = None) -> list[frozenset[str]]:
        if attack:
            return [frozenset({attack})]
        return [frozenset({"ranged"}), frozenset({"close-assault"}), frozenset({"melee"})]

    def resolve(self, context: AttackContext) -> AttackResult:
        attacker, kind, target = context.attacker, context.kind, context.target
        notes: list[str] = []
        chosen = self._situations_read(context, notes)
        cover = next((c for c in COVERS if c in chosen), "open")
        ttype = self.system.data["types"][target.type]
        applied: list[str] = []
        q = Fraction(1)  # chance a casualty is a kill
        harmless_by = ""
        if kind == "melee":
            roll = self._roll_off(attacker, target, ttype, applied, notes)
            damage = N_("killed")
        else:
            pick = attacker.weapons[context.index]
            weapon = self.system.weapons[pick.weapon]
            if kind == "ranged":
                roll = self._shooting(context, weapon, pick.count, ttype, cover, applied, notes)
            else:
                roll = self._close_assault(attacker, weapon, pick.count, cover, applied)
            q, harmless_by = self._damage_roll(kind, weapon, target, ttype, roll, applied)
            damage = N_("casualty") if q == 1 else N_("killed (damage roll)")
        outcomes = thin(roll.outcomes, q) if roll.outcomes is not None else None
        if kind == "melee":
            p_damage = roll.p_hit
        else:
            p_damage = roll.p_hit * q if roll.hits_per == 1 else Fraction(0)
        return AttackResult(
            attack=kind,
            weapon=roll.name,
            p_hit=roll.p_hit,
            p_damage=p_damage,
            damage=damage,
            shots=roll.shots,
            modifiers=applied,
            left_to_table=notes,
            situation=sorted(chosen),
            outcomes=outcomes,
            hits_per_damage=roll.hits_per,
            damage_given_hits=q,
            harmless_by=harmless_by,
            steps=harmless(roll.steps) if harmless_by else roll.steps,
        )

    @staticmethod
    def _situations_read(context: AttackContext, notes: list[str]) -> set[str]:
        """The cover (one at most) the attack reads: none in melee, only hard cover in close assault."""
        chosen = set(context.situation)
        if len(chosen) > 1:
            raise MatchupError("a target is in soft or hard cover, not both")
        reasons = {}
        if context.kind == "melee":
            for name in COVERS[1:]:
                reasons[name] = f"{name!r} does not change a melee roll-off"
        elif context.kind == "close-assault":
            reasons["soft-cover"] = "soft cover does not change close assault"
        return drop_inapplicable(chosen, reasons, context.strict, notes)

    def _roll_off(self, attacker: Any, target: Any, ttype: Any, applied: list[str], notes: list[str]) -> _Roll:
        """Melee in base contact: both roll a d6 plus the type and quality modifier, the higher kills, ties
        re-rolled."""
        a = self.system.data["types"][attacker.type]["melee"][QUALITY_INDEX[attacker.quality]]
        b = ttype["melee"][QUALITY_INDEX[target.quality]]
        wins = sum(1 for x in range(1, 7) for y in range(1, 7) if x + a > y + b)
        losses = sum(1 for x in range(1, 7) for y in range(1, 7) if x + a < y + b)
        p_win = Fraction(wins, wins + losses) if wins + losses else Fraction(1, 2)
        applied.append(f"roll-off d6{a:+d} against d6{b:+d}, ties re-rolled")
        notes.append("the loser of a roll-off is killed: the attacker dies otherwise")
        return _Roll("melee", attacker.figures, p_win, [Step(NP_("step", "roll-off"), HIT, 6, modifier=a, opposed=b)])

    @staticmethod
    def _shooting(
        context: AttackContext, weapon: Any, count: int, ttype: Any, cover: str, applied: list[str], notes: list[str]
    ) -> _Roll:
        """Shooting: each shot hits on a 6; a casualty takes the target type's hits for its cover."""
        name, distance = weapon["name"], context.distance
        if distance is not None and distance > weapon["range"]:
            raise MatchupError(
                f'{context.attacker.name!r}\'s {name} reaches {weapon["range"]}": {distance}" is out of range'
            )
        hits_per = ttype["hits"][COVERS.index(cover)]
        applied.append(f"{weapon['shots']} shots × {count}: a hit on a 6")
        applied.append(f"{hits_per} hit(s) per casualty ({cover.replace('-', ' ')})")
        if hits_per > 1:
            notes.append("hits short of a casualty carry over to the next unit firing this turn")
        return _Roll(
            name, weapon["shots"] * count, Fraction(1, 6), [Step(NP_("step", "hit"), HIT, 6, 6)], hits_per=hits_per
        )

    @staticmethod
    def _close_assault(attacker: Any, weapon: Any, count: int, cover: str, applied: list[str]) -> _Roll:
        """Close assault: each figure makes its weapon's attacks, killing on its To Kill (Elite 1 better, Basic 1
        worse, hard cover 1 worse, a natural 6 always kills); P(k kills) over the number of attacks."""
        need = weapon["to_kill"] - {"elite": 1, "regular": 0, "basic": -1}[attacker.quality]
        if cover == "hard-cover":
            need += 1
        need = min(6, need)  # a natural 6 always kills
        p_kill = Fraction(7 - max(1, need), 6)
        steps = [Step(NP_("step", "to kill"), HIT, 6, max(1, need), dice_count=str(weapon["assault_attacks"]))]
        applied.append(f"{weapon['assault_attacks']} attacks, to kill {max(1, need)}+")
        outcomes: list[Fraction] = []
        for n, pn in enumerate(_dice_count(weapon["assault_attacks"])):
            if pn:
                kills = binomial(n, p_kill)
                outcomes += [Fraction(0)] * (len(kills) - len(outcomes))
                for k, pk in enumerate(kills):
                    outcomes[k] += pn * pk
        return _Roll(weapon["name"], count, p_kill, steps, outcomes)

    @staticmethod
    def _damage_roll(
        kind: str, weapon: Any, target: Any, ttype: Any, roll: _Roll, applied: list[str]
    ) -> tuple[Fraction, str]:
        """Vehicles and monsters are harmed only by grenades and destroyers, and a casualty among them rolls on
        the damage table (4-6 kills): the chance a casualty is a kill, and the rule by which the attack cannot
        harm the target ('' when it can)."""
        armoured = ttype["armoured"]
        heavy = target.type in ("monsters", "heavy-vehicles")
        harms = weapon["harms_armoured"] or not (armoured if kind == "ranged" else heavy)
        if not harms:
            applied.append(f"{roll.name} cannot harm {ttype['name'].lower()}")
            step = "Shooting" if kind == "ranged" else "Close assault"
            roll.outcomes = [Fraction(1)] if roll.outcomes is not None else None
            roll.hits_per = 1  # its hits are no casualty's: none carry over
            return Fraction(0), f"{step}: only Grenades, Destroyers and Vehicle Destroyers harm {ttype['name'].lower()}"
        if armoured and (kind == "ranged" or heavy):
            roll.steps.append(DAMAGE_ROLL)
            applied.append("damage roll: 4-6 kills (2-3 immobilises)")
            return KILLED_ON_DAMAGE_ROLL, ""
        return Fraction(1), ""


@dataclass
class _Roll:
    """An attack's rolls: its weapon's name, its dice, the chance one hits (or kills, or wins), the steps,
    P(k kills) where the number of attacks is rolled, hits per casualty."""

    name: str
    shots: int
    p_hit: Fraction
    steps: list[Step]
    outcomes: list[Fraction] | None = None
    hits_per: int = 1


_T = "tests/model/systems/skirmish2d6/test_combat.py::test_2d6_"
_ROW_TEST = "tests/model/test_rules_coverage.py::test_every_rule_of_every_system_has_a_row"


def skirmish_coverage(system: Any) -> list[RuleCoverage]:
    rows = []
    for weapon in system.weapons.values():
        how = (
            f"{weapon['shots']} shots hitting on a 6; close assault {weapon['assault_attacks']} at {weapon['to_kill']}+"
        )
        if not weapon["harms_armoured"]:
            how += "; cannot harm vehicles and monsters (hits as rolled, no damage, the rule named)"
        rows.append(
            RuleCoverage(weapon["id"], "weapon", COMPUTED, how, _T + "vehicles_only_harmed_by_grenades_and_destroyers")
        )
    for situation in system.combat.situations:
        rows.append(
            RuleCoverage(
                situation.name, "situation", COMPUTED, situation.help, _T + "cover_needs_more_hits_and_they_add_up"
            )
        )
    rows += [
        RuleCoverage(
            "Damage roll",
            "core rule",
            COMPUTED,
            "vehicles and monsters: 4-6 kills",
            _T + "heavy_vehicle_needs_two_hits_then_the_damage_roll",
        ),
        RuleCoverage(
            "Melee roll-off", "core rule", COMPUTED, "d6 + type and quality, ties re-rolled", _T + "melee_roll_off"
        ),
        RuleCoverage(
            "Hits carried over",
            "core rule",
            LEFT_TO_TABLE,
            "hits short of a casualty pass to the next unit firing: named beside",
            _T + "cover_needs_more_hits_and_they_add_up",
        ),
        RuleCoverage(
            "Melee follow-up",
            "core rule",
            LEFT_TO_TABLE,
            'a winner moves 3" and attacks again: a chain of attacks on the table',
            _ROW_TEST,
        ),
        RuleCoverage(
            "Immobilised",
            "status",
            LEFT_TO_TABLE,
            "a damage roll of 2-3 immobilises: not a kill, movement only",
            _ROW_TEST,
        ),
    ]
    return rows
