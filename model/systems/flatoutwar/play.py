"""Flat Out War at the table (both editions): what the rules track per element and how it changes.

An element's state: ``figures`` left; ``hit_points`` left on the figure in front (Hit Points: removed after
count + 1 failed Recovery rolls); ``weapons_lost`` (an element with two or more ranged weapons recovers per
weapon and loses the weapons that fail — their names; the odds then read the weapons left, and with one
left it recovers on its base die, the figure going when that fails); ``die`` (Resilient: each
failed Recovery lowers the base die a step, and later rolls use it); ``knocked_down`` (Reliant); ``snared``
(hit by an Ensnare weapon); ``prone`` (troopers: attacks on it read the 'prone' situation); ``spells`` on it
with the rounds left (Strengthen, Weaken and Shield read as their situations); ``lucky_spent`` (the
Lucky re-roll, once per game or per turn as the edition says); ``activated`` this round.
"""

from __future__ import annotations

from dataclasses import replace
from math import ceil
from typing import TYPE_CHECKING, Any

from warbench.model.attack_steps import SAVE
from warbench.model.i18n import N_, _
from warbench.model.limits import excerpt
from warbench.model.systems.flatoutwar.combat import DICE, RANGED_KINDS, WEAPON_RECOVERY
from warbench.model.systems.play import Boxes, Initiative, PlayError, State, TablePlay, TableTurn

if TYPE_CHECKING:
    from warbench.model.systems.flatoutwar import FlatOutWar  # noqa: F401 (the type argument of the facet's base)

#: the fields of the figure in front, which the next figure starts afresh
FIGURE_FIELDS = ("hit_points", "die", "weapons_lost")
#: spells on an element that the attack model reads as a situation: spell id → (whose, situation)
SPELL_SITUATIONS = {
    "strengthen": ("attacker", "strengthened"),
    "weaken": ("attacker", "weakened"),
    "shield": ("target", "shielded"),
}


def _ids(element: Any) -> set[str]:
    return {ref.id for ref in element.attributes}


def _hit_points(element: Any) -> int:
    return next((ref.param("count", 0) for ref in element.attributes if ref.id == "hit-points"), 0)


def _ranged_weapons(element: Any) -> int:
    extra = sum(1 for ref in element.attributes if ref.id in RANGED_KINDS[1:] and ref.param("die"))
    return extra + (element.ranged is not None)


def _without(element: Any, lost: list[str]) -> Any:
    """``element`` without the ranged weapons named in ``lost`` (one weapon per name, in the order the
    Recovery per weapon reads them: the ranged weapon, then the extra, sponson and turret weapons)."""
    lost = list(lost)
    ranged = element.ranged
    if ranged is not None and (ranged.name or "ranged weapon") in lost:
        lost.remove(ranged.name or "ranged weapon")
        ranged = None
    kept = []
    for ref in element.attributes:
        name = ref.param("name") or ref.id
        if ref.id in RANGED_KINDS[1:] and ref.param("die") and name in lost:
            lost.remove(name)
            continue
        kept.append(ref)
    return element.model_copy(update={"ranged": ranged, "attributes": kept})


def _lost_weapons(effects: Any) -> list[str]:
    before, after = WEAPON_RECOVERY.split("{}")
    return [
        effect[len(before) : len(effect) - len(after)]
        for effect, count in effects.items()
        for _ in range(count)
        if effect.startswith(before) and effect.endswith(after)
    ]


class FowTurn(TableTurn["FlatOutWar"]):
    """Flat Out War's turn facet: initiative, attacks and rounds (``model.systems.play.TableTurn``)."""

    def play_initiative(self, armies: list[Any], states: list[list[list[State]]]) -> Initiative:
        """The Round: each player rolls a D6, the highest roll has its turn first; ties are rolled again."""
        return Initiative(N_("each player rolls a D6: the highest has the first turn of the round; ties re-roll"))

    def play_situation(self, attacker_state: State, target_state: State) -> set[str]:
        chosen = {"prone"} if target_state.get("prone") else set()
        for whose, state in (("attacker", attacker_state), ("target", target_state)):
            for effect in state.get("spells", ()):
                read = SPELL_SITUATIONS.get(effect.get("spell"))
                if read and read[0] == whose:
                    chosen.add(read[1])
        return chosen

    def play_attacked(self, element: Any, state: State, result: Any, rolled: Any, round_number: int) -> State:
        state = {**state}
        if rolled.effects.get("snared"):
            state["snared"] = True
        lost = _lost_weapons(rolled.effects)
        if lost:  # recovery per weapon: each failed roll loses that weapon, the figure stays
            state["weapons_lost"] = [*state["weapons_lost"], *lost]
            return state
        for _hit in range(rolled.damage):
            if not state["figures"]:
                break
            if "hit_points" in state:
                state["hit_points"] -= 1
                removed = state["hit_points"] <= 0
            elif "die" in state:
                removed = state["die"] == DICE[0]
                if not removed:
                    state["die"] = DICE[DICE.index(state["die"]) - 1]
            elif "knocked_down" in state and not state["knocked_down"]:
                state["knocked_down"] = True  # it recovers again next turn (left to the table)
                removed = False
            else:
                removed = True
            if removed:  # the next figure comes as it began
                state = {
                    **state,
                    **{k: v for k, v in self.system.play.play_state(element).items() if k in FIGURE_FIELDS},
                }
                state["figures"] -= 1
        return state

    def play_reroll(self, steps: list[Any], who: str) -> list[Any] | None:
        """Lucky: the attacker re-rolls a missed attack roll, the target a failed Recovery roll."""
        if who == "attacker":
            return [replace(steps[0], reroll="failure"), *steps[1:]]
        return [replace(step, reroll="failure") if step.role == SAVE else step for step in steps]

    def play_spend_reroll(self, state: State) -> State:
        if state.get("lucky_spent") is not False:
            once = self.system.data.get("matchup", {}).get("lucky_once_per", "game")
            raise PlayError(f"Lucky: already spent (once per {once})" if "lucky_spent" in state else "not Lucky")
        return {**state, "lucky_spent": True}

    def play_next_round(self, state: State, round_number: int) -> State:
        spells = [
            {**s, "rounds": s["rounds"] - 1} if isinstance(s.get("rounds"), int) else s for s in state.get("spells", ())
        ]
        state = {**state, "activated": False, "spells": [s for s in spells if s.get("rounds") != 0]}
        if "lucky_spent" in state and self.system.data.get("matchup", {}).get("lucky_once_per") == "turn":
            state["lucky_spent"] = False
        return state


class FowPlay(TablePlay["FlatOutWar"]):
    """Flat Out War\'s play facet: the element state of table play (see the module)."""

    def play_state(self, element: Any) -> State:
        ids = _ids(element)
        state: State = {"figures": element.count, "activated": False}
        if _ranged_weapons(element) >= 2:  # recovery per weapon while two or more are left
            state["weapons_lost"] = []
        if _hit_points(element):  # then, as for an element with one weapon or none
            state["hit_points"] = _hit_points(element) + 1
        elif "resilient" in ids:
            state["die"] = element.die
        elif "reliant" in ids:
            state["knocked_down"] = False
        if element.type == "trooper" and "unfeeling" not in ids:
            state["prone"] = False
        if "lucky" in ids:
            state["lucky_spent"] = False
        state["snared"] = False
        state["spells"] = []
        return state

    def play_boxes(self, element: Any) -> list[Boxes]:
        """Figures; per figure its Hit Points (each failed Recovery ticks one), the die steps Resilient
        lowers it through, or Reliant's knock down; the ranged weapons Recovery per weapon can lose; one box
        each for lying prone, snared and Lucky spent."""
        state = self.play_state(element)
        boxes = [Boxes("Figures", state["figures"], "figures")]
        if "weapons_lost" in state:
            boxes.append(Boxes("Weapons lost", _ranged_weapons(element), "weapons_lost"))
        if "hit_points" in state:
            boxes.append(Boxes("HP", state["hit_points"], "hit_points", per_figure=True))
        elif "die" in state:
            steps = DICE[: DICE.index(state["die"]) + 1]
            boxes.append(Boxes(" ".join([_("Die"), *reversed(steps)]), len(steps), "die", per_figure=True))
        elif "knocked_down" in state:
            boxes.append(Boxes("Knocked down", 1, "knocked_down", per_figure=True))
        for key, label in (("prone", "Prone"), ("snared", "Snared"), ("lucky_spent", "Lucky spent")):
            if key in state:
                boxes.append(Boxes(label, 1, key))
        return boxes

    def play_unit_morale(self, unit: Any) -> str:
        """A Morale test each time the unit loses another 25% of its starting elements (its figures)."""
        if "morale-modifiers" not in self.system.catalogue.tables:
            return ""
        n = sum(self.play_state(element)["figures"] for element in unit.elements)
        losses = sorted({max(1, ceil(n * quarter / 4)) for quarter in (1, 2, 3)} - {n})
        if not losses:
            return ""
        return _("Morale test (4+ on its highest die) after losing {losses} of {n} figures").format(
            losses=", ".join(map(str, losses)), n=n
        )

    def play_element(self, element: Any, state: State) -> Any:
        if state.get("die", element.die) != element.die:
            element = element.model_copy(update={"die": state["die"]})
        if state.get("weapons_lost"):
            element = _without(element, state["weapons_lost"])
        return element

    def play_set(self, element: Any, state: State, key: str, value: Any) -> State:
        """Besides the state's own fields, ``spell``: a spell id cast on the element, lasting its duration."""
        if key == "spell":
            spell = self.system.catalogue.spells.get(value) if isinstance(value, str) else None
            if spell is None:
                raise PlayError(f"spell {excerpt(value)}: not a spell of this system")
            turns = "".join(ch for ch in getattr(spell, "duration", "") if ch.isdigit())
            if not turns and "permanent" not in getattr(spell, "duration", ""):
                raise PlayError(f"spell {excerpt(value)} is instant: it leaves no effect to track")
            effect = {"spell": value, "rounds": int(turns) if turns else None}
            return {**state, "spells": [*state.get("spells", ()), effect]}
        return super().play_set(element, state, key, value)

    def play_check(self, element: Any, state: State) -> str:
        problem = super().play_check(element, state)
        if problem:
            return problem
        if "die" in state and state["die"] not in DICE:
            return f"'die' {excerpt(state['die'])}: one of {', '.join(DICE)}"
        if not all(isinstance(name, str) for name in state.get("weapons_lost", ())):
            return "'weapons_lost': the names of the weapons lost"
        for effect in state["spells"]:
            ok = isinstance(effect, dict) and isinstance(effect.get("spell"), str)
            rounds = effect.get("rounds") if isinstance(effect, dict) else None
            if not ok or not (rounds is None or (isinstance(rounds, int) and not isinstance(rounds, bool))):
                return f'\'spells\': each is {{"spell": id, "rounds": n or null}}, not {excerpt(effect)}'
        return ""
