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
from typing import Any, ClassVar

from model.matchup import AttackResult, MatchupError, Situation, drop_inapplicable
from model.systems.base import RuleSystem

COVER = {"soft-cover": 1, "moderate-cover": 2, "hard-cover": 3}
#: troops inside or directly behind a vehicle of this armour (``vehicle_armour`` ids) get its save
BEHIND_VEHICLE = {f"behind-vehicle-{armour}": armour for armour in ("none", "light", "medium", "heavy", "very-heavy")}
SUPPRESSED_CANNOT_FIRE = "Suppression: a suppressed figure cannot fire"
CANNOT_HARM_ARMOURED = "Vehicles: small arms and heavy machine guns cannot harm an armoured vehicle"
#: the vehicle damage table: d6 → effect
VEHICLE_DAMAGE = {
    "crew stunned (-2 to the next activation)": Fraction(2, 6),
    "immobilised": Fraction(1, 6),
    "weapon destroyed": Fraction(2, 6),
    "destroyed": Fraction(1, 6),
}


def d6_at_least(target: int) -> Fraction:
    """A d6 of ``target`` or more, where an unmodified 6 always succeeds and a 1 always fails."""
    target = min(6, max(2, target))
    return Fraction(7 - target, 6)


class FubarAttackModel(RuleSystem):
    data: dict[str, Any]
    weapons: dict[str, Any]

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

    def attack_kinds(self, element: Any) -> list[tuple[str, int]]:
        kinds = [("ranged", i) for i in range(len(element.weapons))]
        if element.kind == "infantry":
            kinds.insert(0, ("melee", 0))
        return kinds

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
        covers = sorted(chosen & COVER.keys())
        if len(covers) > 1:
            raise MatchupError(f"a target is in one kind of cover, not {' and '.join(covers)}")
        shelters = sorted(chosen & BEHIND_VEHICLE.keys())
        if len(shelters) > 1:
            raise MatchupError(f"troops are in or behind one vehicle, not {' and '.join(shelters)}")
        notes: list[str] = []
        reasons = {}
        forbidden = ""
        if kind == "melee":
            for name in (*COVER, *BEHIND_VEHICLE, "aimed-fire", "within-12"):
                reasons[name] = f"{name!r} does not apply to close combat (cover has no effect there)"
            if target.kind != "infantry":
                raise MatchupError(f"close combat against {target.name!r}, a {target.kind}, is left to the table")
        elif attacker.kind != "infantry":
            reasons["suppressed"] = "vehicles cannot be suppressed"
        elif "suppressed" in chosen:
            if strict:
                raise MatchupError(SUPPRESSED_CANNOT_FIRE)
            forbidden = SUPPRESSED_CANNOT_FIRE
        if target.kind != "infantry":
            for name in BEHIND_VEHICLE:
                reasons[name] = f"{name!r}: only troops shelter in or behind a vehicle"
        weapon: Any = self.weapons[attacker.weapons[index].weapon] if kind == "ranged" else None
        if weapon is not None and not weapon["id"].startswith("assault-rifle"):
            reasons["within-12"] = 'only assault rifles fire more at 12" or closer'
        chosen = drop_inapplicable(chosen, reasons, strict, notes)
        training = self.data["training"][attacker.training]
        expertise = training["expertise"]
        applied = [f"expertise {expertise}+"]
        need = expertise
        shots = 1
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
                applied.append(f"{cover} ignored ({name} ignores cover)")
            elif cover:
                need += COVER[cover]
                applied.append(f"{cover} +{COVER[cover]}" + (" (no worse than 6+)" if need > 6 else ""))
            if "aimed-fire" in chosen:
                need -= 1
                applied.append("aimed fire +1")
        p_hit = d6_at_least(need)
        applied[0] = f"expertise {expertise}+ → {min(6, max(2, need))}+"

        also: dict[str, Fraction] = {}
        readings: list[str] = []
        if target.kind == "infantry":
            save = self.data["personal_armour"][target.armour]["save"]
            p_save = d6_at_least(save) if save else Fraction(0)
            shelter = shelters[0] if shelters and shelters[0] in chosen else None
            if shelter:
                # the vehicle saves first; a hit it does not save meets the figure's own armour
                vehicle_save = self.data["vehicle_armour"][BEHIND_VEHICLE[shelter]]["save"]
                p_save = 1 - (1 - d6_at_least(vehicle_save)) * (1 - p_save)
                applied.append(f"in/behind a vehicle: its armour save {vehicle_save}+")
                readings.append(self.reading_text("fubar-vehicle-save"))
                if BEHIND_VEHICLE[shelter] == "none":
                    readings.append(self.reading_text("fubar-vehicle-save-unarmoured"))
            if save:
                applied.append(f"personal armour save {save}+")
            damage = "casualty" if kind == "melee" else "unsaved hit (a casualty or a suppressed figure)"
            to_remove = 1
        else:
            save = self.data["vehicle_armour"][target.armour]["save"]
            armoured = target.armour != "none"
            if kind == "ranged" and armoured and not weapon.get("harms_armoured", True):
                applied.append(f"{name} cannot harm an armoured vehicle")
                p_save = Fraction(1)
                forbidden = forbidden or CANNOT_HARM_ARMOURED
            else:
                p_save = d6_at_least(save)
                applied.append(f"vehicle armour save {save}+")
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
        )
