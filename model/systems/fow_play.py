"""Flat Out War at the table (both editions): what the rules track per element and how it changes.

An element's state: ``figures`` left; ``hit_points`` left on the figure in front (Hit Points: removed after
count + 1 failed Recovery rolls); ``weapons_lost`` (an element with two or more ranged weapons recovers per
weapon and loses the weapons that fail; with all of them lost the figure goes); ``die`` (Resilient: each
failed Recovery lowers the base die a step, and later rolls use it); ``knocked_down`` (Reliant); ``snared``
(hit by an Ensnare weapon); ``prone`` (troopers: attacks on it read the 'prone' situation); ``spells`` on it
with the rounds left (Strengthen, Weaken and Shield read as their situations); ``lucky_spent`` (the
Lucky re-roll, once per game or per turn as the edition says); ``activated`` this round.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from model.attack_steps import SAVE
from model.play import PlayError, State
from model.systems.base import RuleSystem
from model.systems.fow_attack import DICE, RANGED_KINDS

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


class FowPlay(RuleSystem):
    """Mixed into ``FlatOutWar``: the element state of table play (see the module)."""

    def play_state(self, element: Any) -> State:
        ids = _ids(element)
        state: State = {"figures": element.count, "activated": False}
        if _hit_points(element):
            state["hit_points"] = _hit_points(element) + 1
        elif _ranged_weapons(element) >= 2:
            state["weapons_lost"] = 0
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

    def play_element(self, element: Any, state: State) -> Any:
        if state.get("die", element.die) != element.die:
            return element.model_copy(update={"die": state["die"]})
        return element

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
        for _ in range(rolled.damage):
            if not state["figures"]:
                break
            if "hit_points" in state:
                state["hit_points"] -= 1
                if state["hit_points"] <= 0:
                    state["figures"] -= 1
                    state["hit_points"] = _hit_points(element) + 1
            elif "weapons_lost" in state:
                state["weapons_lost"] += 1
                if state["weapons_lost"] >= _ranged_weapons(element):
                    state["figures"] -= 1
                    state["weapons_lost"] = 0
            elif "die" in state:
                if state["die"] == DICE[0]:
                    state["figures"] -= 1
                    state["die"] = element.die
                else:
                    state["die"] = DICE[DICE.index(state["die"]) - 1]
            elif "knocked_down" in state and not state["knocked_down"]:
                state["knocked_down"] = True  # it recovers again next turn (left to the table)
            else:
                state["figures"] -= 1
        return state

    def play_reroll(self, steps: list[Any], who: str) -> list[Any] | None:
        """Lucky: the attacker re-rolls a missed attack roll, the target a failed Recovery roll."""
        if who == "attacker":
            return [replace(steps[0], reroll="failure"), *steps[1:]]
        return [replace(step, reroll="failure") if step.role == SAVE else step for step in steps]

    def play_spend_reroll(self, state: State) -> State:
        if state.get("lucky_spent") is not False:
            once = self.data.get("matchup", {}).get("lucky_once_per", "game")
            raise PlayError(f"Lucky: already spent (once per {once})" if "lucky_spent" in state else "not Lucky")
        return {**state, "lucky_spent": True}

    def play_next_round(self, state: State, round_number: int) -> State:
        spells = [
            {**s, "rounds": s["rounds"] - 1} if isinstance(s.get("rounds"), int) else s for s in state.get("spells", ())
        ]
        state = {**state, "activated": False, "spells": [s for s in spells if s.get("rounds") != 0]}
        if "lucky_spent" in state and self.data.get("matchup", {}).get("lucky_once_per") == "turn":
            state["lucky_spent"] = False
        return state

    def play_set(self, element: Any, state: State, key: str, value: Any) -> State:
        """Besides the state's own fields, ``spell``: a spell id cast on the element, lasting its duration."""
        if key == "spell":
            spell = self.catalogue.spells.get(value) if isinstance(value, str) else None
            if spell is None:
                raise PlayError(f"spell {value!r}: not a spell of this system")
            turns = "".join(ch for ch in getattr(spell, "duration", "") if ch.isdigit())
            if not turns and "permanent" not in getattr(spell, "duration", ""):
                raise PlayError(f"spell {value!r} is instant: it leaves no effect to track")
            effect = {"spell": value, "rounds": int(turns) if turns else None}
            return {**state, "spells": [*state.get("spells", ()), effect]}
        return super().play_set(element, state, key, value)

    def play_check(self, element: Any, state: State) -> str:
        problem = super().play_check(element, state)
        if problem:
            return problem
        if "die" in state and state["die"] not in DICE:
            return f"'die' {state['die']!r}: one of {', '.join(DICE)}"
        for effect in state["spells"]:
            ok = isinstance(effect, dict) and isinstance(effect.get("spell"), str)
            rounds = effect.get("rounds") if isinstance(effect, dict) else None
            if not ok or not (rounds is None or (isinstance(rounds, int) and not isinstance(rounds, bool))):
                return f'\'spells\': each is {{"spell": id, "rounds": n or null}}, not {effect!r}'
        return ""
