"""FUBAR at the table: what the rules track per unit and how it changes.

A unit's state: ``figures`` left; infantry: ``suppressed`` figures (at most its training's limit; they
stand up after the unit's next activation roll, so an activation clears them); vehicles, tanks and
bunkers: the results of the vehicle damage table (``crew_stunned``: -2 to the next activation,
``immobilised``, ``weapons_destroyed``, ``destroyed``); ``activated`` this round. Unsaved hits from fire
suppress figures up to the limit and the rest are casualties (the rules let the owner choose: set the
state by hand to choose otherwise); close combat takes only casualties.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warbench.model.i18n import N_, _
from warbench.model.systems.play import Boxes, Initiative, State, TablePlay, TableTurn, figures_left

if TYPE_CHECKING:
    from warbench.model.systems.fubar import Fubar

#: vehicle damage table effects (``fubar.combat.VEHICLE_DAMAGE_ROWS``) → the state field they set
DAMAGE_FIELDS = {
    "crew stunned (-2 to the next activation)": "crew_stunned",
    "immobilised": "immobilised",
    "destroyed": "destroyed",
}


def suppression_limit(system: Fubar, element: Any) -> int:
    """How many suppressed figures an infantry unit can hold: its training's limit, at most its figures."""
    limit: int = system.data["training"][element.training]["max_suppressed"]
    figures: int = element.figures
    return min(limit, figures)


class FubarTurn(TableTurn["Fubar"]):
    """FUBAR's turn facet: initiative, attacks and rounds (``model.systems.play.TableTurn``)."""

    def play_initiative(self, armies: list[Any], states: list[list[list[State]]]) -> Initiative:
        """At the beginning of a turn each player rolls 1D6 and adds any scenario modifiers; the highest may
        activate a unit first; ties are rolled again."""
        return Initiative(
            N_("each player rolls 1D6 + scenario modifiers: the highest activates first; ties re-roll"), modifiers=True
        )

    def play_attacker(self, state: State, round_number: int) -> State:
        state = {**state, "activated": True}  # its activation roll: the suppressed stand up, the crew recovers
        if "suppressed" in state:
            state["suppressed"] = 0
        if "crew_stunned" in state:
            state["crew_stunned"] = False
        return state

    def play_attacked(self, element: Any, state: State, result: Any, rolled: Any, round_number: int) -> State:
        state = {**state}
        if "suppressed" in state:
            hits = rolled.damage
            if result.attack != "melee":
                limit = suppression_limit(self.system, element)
                room = max(0, min(limit, state["figures"]) - state["suppressed"])
                state["suppressed"] += min(room, hits)
                hits -= min(room, hits)
            state["figures"] = max(0, state["figures"] - hits)
            state["suppressed"] = min(state["suppressed"], state["figures"])
            return state
        for effect, count in rolled.effects.items():
            if effect in DAMAGE_FIELDS:
                state[DAMAGE_FIELDS[effect]] = True
            elif effect == "weapon destroyed":
                state["weapons_destroyed"] += count
        if state["destroyed"]:
            state["figures"] = 0
        return state


class FubarPlay(TablePlay["Fubar"]):
    """FUBAR\'s play facet: the unit state of table play (see the module)."""

    def play_element(self, element: Any, state: State) -> Any:
        return figures_left(element, state)

    def play_state(self, element: Any) -> State:
        if element.kind == "infantry":
            return {"figures": element.figures, "suppressed": 0, "activated": False}
        return {
            "figures": element.figures,
            "crew_stunned": False,
            "immobilised": False,
            "weapons_destroyed": 0,
            "destroyed": False,
            "activated": False,
        }

    def play_boxes(self, element: Any) -> list[Boxes]:
        """Figures; infantry: the suppressed figures up to the training's limit; vehicles, tanks and bunkers:
        the damage table's results (one box for each weapon that can be destroyed)."""
        state = self.play_state(element)
        boxes = [Boxes("Figures", state["figures"], "figures")]
        if "suppressed" in state:
            return [*boxes, Boxes("Suppressed", suppression_limit(self.system, element), "suppressed")]
        weapons = max(1, sum(pick.count for pick in element.weapons))
        return [
            *boxes,
            Boxes("Crew stunned", 1, "crew_stunned"),
            Boxes("Immobilised", 1, "immobilised"),
            Boxes("Weapons destroyed", weapons, "weapons_destroyed"),
            Boxes("Destroyed", 1, "destroyed"),
        ]

    def play_unit_morale(self, unit: Any) -> str:
        """A unit that has lost over half its figures withdraws 6"/15cm when its activation fails."""
        total = sum(element.figures for element in unit.elements)
        if not total:
            return ""
        return _('Withdraws 6"/15cm on a failed activation at {left} of {total} figures or fewer').format(
            left=(total - 1) // 2, total=total
        )
