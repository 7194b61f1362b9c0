"""FUBAR's attack model: fire points at Expertise, cover, armour saves, the vehicle damage table.

Every figure throws one d6 per Fire Point of its weapon, a hit on its unit's
Expertise or more: cover makes that +1 (soft), +2 (moderate), +3 (hard), never
worse than 6+; Aimed Fire makes it 1 better; flamethrowers and tank cannons ignore
cover. An unmodified 6 always succeeds and an unmodified 1 always fails. Armoured
infantry saves each hit on its personal armour; a vehicle saves on its vehicle armour
and rolls each unsaved hit on the damage table; small arms and heavy machine guns
cannot harm armoured vehicles. In close combat each figure rolls one die at its
Expertise (-1 when suppressed), cover has no effect, personal armour saves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from warbench.model.attack_steps import HIT, SAVE, TABLE, Step, harmless
from warbench.model.i18n import N_, NP_
from warbench.model.odds import AttackResult, MatchupError, Situation, drop_inapplicable
from warbench.model.systems.combat import COMPUTED, LEFT_TO_TABLE, AttackContext, Combat, RuleCoverage

if TYPE_CHECKING:
    from warbench.model.systems.fubar import Fubar  # noqa: F401 (the type argument of the facet's base)

COVER = {"soft-cover": 1, "moderate-cover": 2, "hard-cover": 3}
#: troops inside or directly behind a vehicle of this armour (``vehicle_armour`` ids) get its save
BEHIND_VEHICLE = {f"behind-vehicle-{armour}": armour for armour in ("none", "light", "medium", "heavy", "very-heavy")}
SUPPRESSED_CANNOT_FIRE = "Suppression: a suppressed figure cannot fire"
WALKED_FIRES_LIGHT = "Activation: a walking unit fires only small arms or throws grenades"
MOVED_CANNOT_FIRE = "Activation: a unit that runs, ducks and weaves or goes to ground cannot fire"
CANNOT_HARM_ARMOURED = "Vehicles: small arms and heavy machine guns cannot harm an armoured vehicle"
#: the vehicle damage table's rows: (lowest d6, highest d6, effect), read in this order
VEHICLE_DAMAGE_ROWS = (
    (1, 2, "crew stunned (-2 to the next activation)"),
    (3, 3, "immobilised"),
    (4, 5, "weapon destroyed"),
    (6, 6, "destroyed"),
)
#: the vehicle damage table: effect → its chance on the d6
VEHICLE_DAMAGE = {effect: Fraction(high - low + 1, 6) for low, high, effect in VEHICLE_DAMAGE_ROWS}


def d6_at_least(target: int) -> Fraction:
    """A d6 of ``target`` or more, where an unmodified 6 always succeeds and a 1 always fails."""
    return Fraction(7 - d6_need(target), 6)


def d6_need(target: int) -> int:
    """The d6 a roll of ``target`` needs: an unmodified 6 always succeeds, a 1 always fails."""
    return min(6, max(2, target))


class FubarAttackModel(Combat["Fubar"]):
    situations: ClassVar[tuple[Situation, ...]] = (
        Situation("soft-cover", "Soft cover", "target in soft cover (or ducking and weaving): to hit +1"),
        Situation("moderate-cover", "Moderate cover", "walls, rubble, trenches: to hit +2"),
        Situation("hard-cover", "Hard cover", "bunkers: to hit +3"),
        Situation("aimed-fire", "Aimed fire", "the unit's Aimed Fire action: +1 to firing"),
        Situation("within-12", 'Within 12"', 'assault rifles fire 2 FP at 12" or closer'),
        Situation(
            "suppressed",
            "Attacker suppressed",
            "suppressed figures cannot fire (their fire is 0) and fight close combat at -1",
        ),
        Situation("walked", "Attacker walked", "the unit walked: only small arms and thrown grenades fire"),
        Situation(
            "ran-or-ducked",
            "Attacker ran / ducked / went to ground",
            "the unit's action was Run, Duck & Weave or Gone to Ground: it cannot fire",
        ),
        Situation(
            "gone-to-ground",
            "Target gone to ground",
            "the target went to ground: its cover (tick it) counts one level higher",
        ),
        *(
            Situation(
                name,
                f"In/behind vehicle ({armour.replace('-', ' ')})",
                f"target troops inside or directly behind a vehicle of {armour.replace('-', ' ')} armour: its save, "
                "then their own armour",
            )
            for name, armour in BEHIND_VEHICLE.items()
        ),
    )

    def rules_coverage(self) -> list[RuleCoverage]:
        return fubar_coverage(self.system)

    def attack_kinds(self, element: Any) -> list[tuple[str, int]]:
        kinds = [("ranged", i) for i in range(len(element.weapons))]
        if element.kind == "infantry":
            kinds.insert(0, ("melee", 0))
        return kinds

    def resolve(self, context: AttackContext) -> AttackResult:
        kind, target = context.kind, context.target
        attack = _FubarAttack(context, {s.name: s.label for s in self.situations}, set(context.situation))
        covers = attack.one_of(COVER, "a target is in one kind of cover")
        shelters = attack.one_of(BEHIND_VEHICLE, "troops are in or behind one vehicle")
        reasons = self._unread_situations(attack, covers)
        weapon = self._weapon_fired(attack, reasons)
        attack.chosen = drop_inapplicable(attack.chosen, reasons, context.strict, attack.notes)
        training = self.system.data["training"][context.attacker.training]
        expertise = training["expertise"]
        attack.applied.append(f"expertise {expertise}+")
        if kind == "melee":
            name, need, shots = self._close_combat(attack, expertise)
        else:
            name, need, shots = self._fire(attack, weapon, expertise, covers)
        p_hit = d6_at_least(need)
        steps = [Step(NP_("step", "hit"), HIT, 6, d6_need(need))]
        attack.applied[0] = f"expertise {expertise}+ → {min(6, max(2, need))}+"

        also: dict[str, Fraction] = {}
        if target.kind == "infantry":
            p_save, damage = self._infantry_saves(attack, shelters, steps)
        else:
            p_save, damage = self._vehicle_save(attack, weapon, name, steps)
            unsaved = p_hit * (1 - p_save)
            also = {effect: unsaved * p for effect, p in VEHICLE_DAMAGE.items()}
        self._name_table_rules(attack, weapon, name)
        if attack.forbidden:
            p_hit, p_save, also = Fraction(0), Fraction(1), {}
            attack.applied.append(f"forbidden: {attack.forbidden}")
        elif attack.harmless:
            also, steps = {}, harmless(steps)
        return AttackResult(
            attack=kind,
            weapon=name,
            p_hit=p_hit,
            p_damage=p_hit * (1 - p_save),
            damage=damage,
            shots=shots,
            modifiers=attack.applied,
            left_to_table=attack.notes,
            damage_to_remove=1,
            situation=sorted(attack.chosen),
            also=also,
            forbidden_by=attack.forbidden,
            harmless_by="" if attack.forbidden else attack.harmless,
            readings=attack.readings,
            steps=[] if attack.forbidden else steps,
        )

    def _weapon_fired(self, attack: _FubarAttack, reasons: dict[str, str]) -> Any:
        """The weapon fired (None in close combat), and what the unit's action forbids: a suppressed figure, or a
        unit that ran, ducked and weaved or went to ground, fires nothing; a walking unit only small arms and
        thrown grenades. Only assault rifles read 'within 12"'."""
        attacker, kind, chosen = attack.context.attacker, attack.context.kind, attack.chosen
        if kind != "melee" and attacker.kind == "infantry" and chosen & {"suppressed", "ran-or-ducked"}:
            attack.forbid(SUPPRESSED_CANNOT_FIRE if "suppressed" in chosen else MOVED_CANNOT_FIRE)
        weapon: Any = self.system.weapons[attacker.weapons[attack.context.index].weapon] if kind == "ranged" else None
        light = weapon is not None and (weapon["group"] == "small arms" or weapon["id"] == "thrown-grenades")
        if kind == "ranged" and attacker.kind == "infantry" and "walked" in chosen and not light:
            if not attack.forbidden:
                attack.forbid(WALKED_FIRES_LIGHT)
        if weapon is not None and not weapon["id"].startswith("assault-rifle"):
            reasons["within-12"] = f'{attack.said["within-12"]}: only assault rifles fire more at 12" or closer'
        return weapon

    @staticmethod
    def _name_table_rules(attack: _FubarAttack, weapon: Any, name: str) -> None:
        """What the odds leave to the table: a bunker's damage, a destroyed vehicle's crew, how the owner
        takes unsaved hits, the weapon's notes."""
        target = attack.context.target
        if target.kind != "infantry":
            if target.kind == "bunker":
                attack.notes.append("a bunker's damage beyond the save is left to the table")
            attack.notes.append("a destroyed vehicle's crew bail out (5+ or personal armour) — left to the table")
        if attack.context.kind == "ranged" and target.kind == "infantry":
            attack.notes.append(
                "the owner takes unsaved hits as casualties or suppressed figures (up to the unit's limit)"
            )
        for note in weapon.get("notes", ()) if weapon else ():
            attack.notes.append(f"{name}: {note}")

    @staticmethod
    def _unread_situations(attack: _FubarAttack, covers: list[str]) -> dict[str, str]:
        """The situations that cannot apply to this attack, and why: cover and firing actions in close
        combat, infantry actions for a vehicle, going to ground without cover, shelter for a vehicle.
        Close combat against anything but infantry is refused."""
        attacker, kind, target, said = attack.context.attacker, attack.context.kind, attack.context.target, attack.said
        reasons = {}
        if kind == "melee":
            for name in (*COVER, *BEHIND_VEHICLE, "aimed-fire", "within-12", "gone-to-ground"):
                reasons[name] = f"{said[name]} does not apply to close combat (cover has no effect there)"
            for name in ("ran-or-ducked", "walked"):
                reasons[name] = f"{said[name]}: a unit moves into close combat with the Assault action"
            if target.kind != "infantry":
                raise MatchupError(f"close combat against {target.name!r}, a {target.kind}, is left to the table")
        elif attacker.kind != "infantry":
            reasons["suppressed"] = "vehicles cannot be suppressed"
            reasons["ran-or-ducked"] = (
                f"{said['ran-or-ducked']}: Run, Duck & Weave and Gone to Ground are actions of infantry"
            )
            reasons["walked"] = f"{said['walked']}: a moving vehicle fires one weapon (pick its row)"
        if not covers:
            reasons["gone-to-ground"] = (
                f"{said['gone-to-ground']} raises the cover the target dropped into: tick that cover too"
            )
        if target.kind != "infantry":
            for name in BEHIND_VEHICLE:
                reasons[name] = f"{said[name]}: only troops shelter in or behind a vehicle"
        return reasons

    @staticmethod
    def _close_combat(attack: _FubarAttack, expertise: int) -> tuple[str, int, int]:
        """Close combat: each figure rolls one die at its Expertise, -1 when suppressed (name, need, dice)."""
        need = expertise
        if "suppressed" in attack.chosen:
            need += 1
            attack.applied.append("suppressed -1")
        return "close combat", need, attack.context.attacker.figures

    def _fire(self, attack: _FubarAttack, weapon: Any, expertise: int, covers: list[str]) -> tuple[str, int, int]:
        """Firing: one die per Fire Point of each weapon (2 FP for an assault rifle within 12"), at Expertise with
        cover, then Aimed Fire (name, need, dice)."""
        attacker, index, distance = attack.context.attacker, attack.context.index, attack.context.distance
        name = weapon["name"]
        if distance is not None and distance > weapon["range_in"]:
            raise MatchupError(
                f'{attacker.name!r}\'s {name} reaches {weapon["range_in"]}": {distance}" is out of range'
            )
        fp = weapon["fp"]
        if "within-12" in attack.chosen:
            fp = 2
            attack.applied.append('within 12": 2 FP')
        shots = fp * attacker.weapons[index].count
        attack.applied.append(f"{fp} FP × {attacker.weapons[index].count}")
        need = self._cover(attack, weapon, expertise, covers)
        if "aimed-fire" in attack.chosen:  # ... and Aimed Fire then makes the firing 1 better
            need -= 1
            attack.applied.append("aimed fire +1")
        return name, need, shots

    def _cover(self, attack: _FubarAttack, weapon: Any, expertise: int, covers: list[str]) -> int:
        """The roll needed with the target's cover: +1 soft, +2 moderate, +3 hard, one level higher gone to
        ground, never worse than 6+; none against a weapon that ignores cover."""
        need = expertise
        cover = covers[0] if covers and covers[0] in attack.chosen else None
        if cover and weapon.get("ignores_cover"):
            attack.applied.append(f"{attack.said[cover]} ignored ({weapon['name']} ignores cover)")
        elif cover:
            mod = COVER[cover]
            if "gone-to-ground" in attack.chosen:
                mod += 1  # one level up; over hard cover the 6+ cap below makes +4 the same as +3
                attack.applied.append("gone to ground: cover one level higher")
            need = min(6, need + mod)  # no cover modifier makes expertise worse than 6+ ...
            attack.applied.append(
                f"{attack.said[cover]} +{mod}" + (" (no worse than 6+)" if expertise + mod > 6 else "")
            )
            attack.readings.append(self.reading_text("fubar-cover-cap"))
        return need

    def _infantry_saves(self, attack: _FubarAttack, shelters: list[str], steps: list[Step]) -> tuple[Fraction, str]:
        """Troops save on their personal armour; in or behind a vehicle its armour saves first (P(save), damage)."""
        target = attack.context.target
        save = self.system.data["personal_armour"][target.armour]["save"]
        p_save = d6_at_least(save) if save else Fraction(0)
        shelter = shelters[0] if shelters and shelters[0] in attack.chosen else None
        if shelter:
            # the vehicle saves first; a hit it does not save meets the figure's own armour
            vehicle_save = self.system.data["vehicle_armour"][BEHIND_VEHICLE[shelter]]["save"]
            p_save = 1 - (1 - d6_at_least(vehicle_save)) * (1 - p_save)
            steps.append(Step(NP_("step", "vehicle armour save"), SAVE, 6, d6_need(vehicle_save)))
            attack.applied.append(f"in/behind a vehicle: its armour save {vehicle_save}+")
            attack.readings.append(self.reading_text("fubar-vehicle-save"))
            if BEHIND_VEHICLE[shelter] == "none":
                attack.readings.append(self.reading_text("fubar-vehicle-save-unarmoured"))
        if save:
            attack.applied.append(f"personal armour save {save}+")
            steps.append(Step(NP_("step", "personal armour save"), SAVE, 6, d6_need(save)))
        damage = (
            N_("casualty") if attack.context.kind == "melee" else N_("unsaved hit (a casualty or a suppressed figure)")
        )
        return p_save, damage

    def _vehicle_save(self, attack: _FubarAttack, weapon: Any, name: str, steps: list[Step]) -> tuple[Fraction, str]:
        """A vehicle saves on its armour and rolls each unsaved hit on the damage table; small arms and heavy
        machine guns cannot harm an armoured one (P(save), damage)."""
        target = attack.context.target
        save = self.system.data["vehicle_armour"][target.armour]["save"]
        armoured = target.armour != "none"
        if attack.context.kind == "ranged" and armoured and not weapon.get("harms_armoured", True):
            attack.applied.append(f"{name} cannot harm an armoured vehicle")
            p_save = Fraction(1)
            attack.harmless = CANNOT_HARM_ARMOURED
        else:
            p_save = d6_at_least(save)
            attack.applied.append(f"vehicle armour save {save}+")
            steps.append(Step(NP_("step", "vehicle armour save"), SAVE, 6, d6_need(save)))
            steps.append(Step(NP_("step", "vehicle damage"), TABLE, 6, effects=VEHICLE_DAMAGE_ROWS))
        return p_save, N_("unsaved hit (rolls on the vehicle damage table)")


@dataclass
class _FubarAttack:
    """One attack being worked out: its situations, and the modifiers, notes and readings found so far."""

    context: AttackContext
    said: dict[str, str]  # the situations in the rules' words (their labels), by id
    chosen: set[str]
    forbidden: str = ""
    harmless: str = ""  # the rule by which its hits cannot harm the target
    applied: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)

    def one_of(self, names: dict[str, Any], what: str) -> list[str]:
        """The situations chosen among ``names``: more than one is refused."""
        found = sorted(self.chosen & names.keys())
        if len(found) > 1:
            raise MatchupError(f"{what}, not {' and '.join(self.said[name] for name in found)}")
        return found

    def forbid(self, rule: str) -> None:
        """The rules forbid this attack: refused when asked for alone, odds of nothing in an army's."""
        self.forbidden = rule
        if self.context.strict:
            raise MatchupError(rule)


_T = "tests/model/systems/fubar/test_combat.py::test_fubar_"
#: each situation's test
_SITUATION_TESTS = {
    "soft-cover": "cover_and_aimed_fire",
    "moderate-cover": "cover_and_aimed_fire",
    "hard-cover": "cover_and_aimed_fire",
    "aimed-fire": "cover_and_aimed_fire",
    "within-12": "assault_rifle_close_range",
    "suppressed": "suppressed_figures_fire_nothing_in_an_army_matchup",
    "ran-or-ducked": "actions_that_forbid_fire_and_going_to_ground",
    "walked": "actions_that_forbid_fire_and_going_to_ground",
    "gone-to-ground": "actions_that_forbid_fire_and_going_to_ground",
    **{name: "troops_in_or_behind_a_vehicle_save_on_its_armour" for name in BEHIND_VEHICLE},
}
#: the rules of the document the odds leave to the table, and why
_TABLE_RULES = (
    ("On Guard", "status", "reaction fire once a turn at moving enemies: when is the table's"),
    ("Withdraw", "status", "movement after a failed activation"),
    ("Casualty or suppressed", "core rule", "the owner splits unsaved hits between casualties and suppressed figures"),
    ("Cover edges", "core rule", "firing into or out of cover needs figures within 2\" of its edge: the table's"),
    ("Vehicle fire", "core rule", "a moving vehicle fires one weapon, a stationary one all: pick the rows fired"),
    ("Bail out", "status", "crew and passengers of a destroyed vehicle save 5+ or their armour: named beside"),
    ("Bunker damage", "core rule", "a bunker's damage beyond its save: named beside"),
    ("Close combat with vehicles", "core rule", "refused: the rules give no close combat against vehicles"),
    ("Cohesion", "core rule", "activation penalties only"),
    ("Integral grenade launcher", "weapon rule", 'a separate 3 FP 16" weapon: add it as a weapon'),
    ("HMG crew", "weapon rule", "crew needed to serve it: the army's, not the odds'"),
    ("Cannon mounts", "weapon rule", "only tanks and bunkers mount cannons: checked by the army"),
)


def fubar_coverage(system: Any) -> list[RuleCoverage]:
    rows = []
    for weapon in system.weapons.values():
        how = f"{weapon['fp']} FP a figure at expertise, out of range refused"
        if weapon.get("ignores_cover"):
            how += "; ignores cover"
        if not weapon.get("harms_armoured", True):
            how += "; cannot harm armoured vehicles (hits as rolled, no damage, the rule named)"
        test = (
            "flamethrower_ignores_cover" if weapon.get("ignores_cover") else "small_arms_cannot_harm_armoured_vehicles"
        )
        rows.append(RuleCoverage(weapon["id"], "weapon", COMPUTED, how, _T + test))
    for situation in system.combat.situations:
        rows.append(
            RuleCoverage(situation.name, "situation", COMPUTED, situation.help, _T + _SITUATION_TESTS[situation.name])
        )
    rows.append(
        RuleCoverage(
            "Vehicle damage",
            "core rule",
            COMPUTED,
            "each unsaved hit's table result (in 'also')",
            _T + "vehicle_damage_table",
        )
    )
    rows.append(RuleCoverage("Personal armour", "core rule", COMPUTED, "a save per hit", _T + "personal_armour_saves"))
    rows.append(
        RuleCoverage(
            "Close combat",
            "core rule",
            COMPUTED,
            "one die a figure at expertise, no cover",
            _T + "close_combat_one_die_per_figure",
        )
    )
    for name, kind, why in _TABLE_RULES:
        rows.append(
            RuleCoverage(
                name,
                kind,
                LEFT_TO_TABLE,
                why,
                "tests/model/test_rules_coverage.py::test_every_rule_of_every_system_has_a_row",
            )
        )
    return rows
