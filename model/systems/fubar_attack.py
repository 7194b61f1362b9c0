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

from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from model.attack_steps import HIT, SAVE, TABLE, Step
from model.odds import AttackResult, MatchupError, Situation, drop_inapplicable
from model.systems.base import COMPUTED, LEFT_TO_TABLE, RuleCoverage
from model.systems.combat import AttackContext, Combat

if TYPE_CHECKING:
    from model.systems.fubar import Fubar  # noqa: F401 (the type argument of the facet's base)

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
        attacker, kind, index, target = context.attacker, context.kind, context.index, context.target
        chosen, distance, strict = set(context.situation), context.distance, context.strict
        said = {s.name: s.label for s in self.situations}  # the rules' words, not the ids
        covers = sorted(chosen & COVER.keys())
        if len(covers) > 1:
            raise MatchupError(f"a target is in one kind of cover, not {' and '.join(said[c] for c in covers)}")
        shelters = sorted(chosen & BEHIND_VEHICLE.keys())
        if len(shelters) > 1:
            raise MatchupError(f"troops are in or behind one vehicle, not {' and '.join(said[s] for s in shelters)}")
        notes: list[str] = []
        reasons = {}
        forbidden = ""
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
        elif chosen & {"suppressed", "ran-or-ducked"}:
            forbidden = SUPPRESSED_CANNOT_FIRE if "suppressed" in chosen else MOVED_CANNOT_FIRE
            if strict:
                raise MatchupError(forbidden)
        if not covers:
            reasons["gone-to-ground"] = (
                f"{said['gone-to-ground']} raises the cover the target dropped into: tick that cover too"
            )
        if target.kind != "infantry":
            for name in BEHIND_VEHICLE:
                reasons[name] = f"{said[name]}: only troops shelter in or behind a vehicle"
        weapon: Any = self.system.weapons[attacker.weapons[index].weapon] if kind == "ranged" else None
        light = weapon is not None and (weapon["group"] == "small arms" or weapon["id"] == "thrown-grenades")
        if kind == "ranged" and attacker.kind == "infantry" and "walked" in chosen and not light and not forbidden:
            forbidden = WALKED_FIRES_LIGHT
            if strict:
                raise MatchupError(forbidden)
        if weapon is not None and not weapon["id"].startswith("assault-rifle"):
            reasons["within-12"] = f'{said["within-12"]}: only assault rifles fire more at 12" or closer'
        chosen = drop_inapplicable(chosen, reasons, strict, notes)
        training = self.system.data["training"][attacker.training]
        expertise = training["expertise"]
        applied = [f"expertise {expertise}+"]
        need = expertise
        shots = 1
        readings: list[str] = []
        if kind == "melee":
            name = "close combat"
            shots = attacker.figures
            if "suppressed" in chosen:
                need += 1
                applied.append("suppressed -1")
        else:
            name = weapon["name"]
            if distance is not None and distance > weapon["range_in"]:
                raise MatchupError(
                    f'{attacker.name!r}\'s {name} reaches {weapon["range_in"]}": {distance}" is out of range'
                )
            fp = weapon["fp"]
            if "within-12" in chosen:
                fp = 2
                applied.append('within 12": 2 FP')
            shots = fp * attacker.weapons[index].count
            applied.append(f"{fp} FP × {attacker.weapons[index].count}")
            cover = covers[0] if covers and covers[0] in chosen else None
            if cover and weapon.get("ignores_cover"):
                applied.append(f"{said[cover]} ignored ({name} ignores cover)")
            elif cover:
                mod = COVER[cover]
                if "gone-to-ground" in chosen:
                    mod += 1  # one level up; over hard cover the 6+ cap below makes +4 the same as +3
                    applied.append("gone to ground: cover one level higher")
                need = min(6, need + mod)  # no cover modifier makes expertise worse than 6+ ...
                applied.append(f"{said[cover]} +{mod}" + (" (no worse than 6+)" if expertise + mod > 6 else ""))
                readings.append(self.reading_text("fubar-cover-cap"))
            if "aimed-fire" in chosen:  # ... and Aimed Fire then makes the firing 1 better
                need -= 1
                applied.append("aimed fire +1")
        p_hit = d6_at_least(need)
        steps = [Step("hit", HIT, 6, d6_need(need))]
        applied[0] = f"expertise {expertise}+ → {min(6, max(2, need))}+"

        also: dict[str, Fraction] = {}
        if target.kind == "infantry":
            save = self.system.data["personal_armour"][target.armour]["save"]
            p_save = d6_at_least(save) if save else Fraction(0)
            shelter = shelters[0] if shelters and shelters[0] in chosen else None
            if shelter:
                # the vehicle saves first; a hit it does not save meets the figure's own armour
                vehicle_save = self.system.data["vehicle_armour"][BEHIND_VEHICLE[shelter]]["save"]
                p_save = 1 - (1 - d6_at_least(vehicle_save)) * (1 - p_save)
                steps.append(Step("vehicle armour save", SAVE, 6, d6_need(vehicle_save)))
                applied.append(f"in/behind a vehicle: its armour save {vehicle_save}+")
                readings.append(self.reading_text("fubar-vehicle-save"))
                if BEHIND_VEHICLE[shelter] == "none":
                    readings.append(self.reading_text("fubar-vehicle-save-unarmoured"))
            if save:
                applied.append(f"personal armour save {save}+")
                steps.append(Step("personal armour save", SAVE, 6, d6_need(save)))
            damage = "casualty" if kind == "melee" else "unsaved hit (a casualty or a suppressed figure)"
            to_remove = 1
        else:
            save = self.system.data["vehicle_armour"][target.armour]["save"]
            armoured = target.armour != "none"
            if kind == "ranged" and armoured and not weapon.get("harms_armoured", True):
                applied.append(f"{name} cannot harm an armoured vehicle")
                p_save = Fraction(1)
                forbidden = forbidden or CANNOT_HARM_ARMOURED
            else:
                p_save = d6_at_least(save)
                applied.append(f"vehicle armour save {save}+")
                steps.append(Step("vehicle armour save", SAVE, 6, d6_need(save)))
                steps.append(Step("vehicle damage", TABLE, 6, effects=VEHICLE_DAMAGE_ROWS))
            damage = "unsaved hit (rolls on the vehicle damage table)"
            to_remove = 1
            unsaved = p_hit * (1 - p_save)
            also = {effect: unsaved * p for effect, p in VEHICLE_DAMAGE.items()}
            if target.kind == "bunker":
                notes.append("a bunker's damage beyond the save is left to the table")
            notes.append("a destroyed vehicle's crew bail out (5+ or personal armour) — left to the table")
        if kind == "ranged" and target.kind == "infantry":
            notes.append("the owner takes unsaved hits as casualties or suppressed figures (up to the unit's limit)")
        for note in weapon.get("notes", ()) if weapon else ():
            notes.append(f"{name}: {note}")
        if forbidden:
            p_hit, p_save, also = Fraction(0), Fraction(1), {}
            applied.append(f"forbidden: {forbidden}")
        return AttackResult(
            attack=kind,
            weapon=name,
            p_hit=p_hit,
            p_damage=p_hit * (1 - p_save),
            damage=damage,
            shots=shots,
            modifiers=applied,
            left_to_table=notes,
            damage_to_remove=to_remove,
            situation=sorted(chosen),
            also=also,
            forbidden_by=forbidden,
            readings=readings,
            steps=[] if forbidden else steps,
        )


_T = "tests/model/systems/test_matchup_others.py::test_fubar_"
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
            how += "; cannot harm armoured vehicles (p_hit 0, the rule named)"
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
