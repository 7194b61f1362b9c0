"""The 2D6 skirmish game at the table: what the rules track per unit and for the force.

A unit's state: ``figures`` left (each casualty takes one); ``hits`` short of a casualty, carried over to
the next unit firing at it this turn (that unit must score a hit to use them; they go at the end of the
turn); vehicles and monsters: ``immobilised`` (a damage roll of 2-3); ``activated`` this round. The force:
units lost, and how many more it can lose before it routs (Force Morale: losing half of the units it
started with). A melee roll-off the attacker loses kills one of its figures.
"""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING, Any

from warbench.model.i18n import _
from warbench.model.systems.play import Boxes, State, TablePlay, TableTurn, figures_left

if TYPE_CHECKING:
    from warbench.model.systems.skirmish2d6 import Skirmish2D6  # noqa: F401 (the type argument of the facet's base)


class SkirmishTurn(TableTurn["Skirmish2D6"]):
    """The 2D6 skirmish game's turn facet: initiative, attacks and rounds (``model.systems.play.TableTurn``)."""

    def play_carried(self, target_state: State) -> int:
        hits: int = target_state.get("hits", 0)
        return hits

    def play_attacked(self, element: Any, state: State, result: Any, rolled: Any, round_number: int) -> State:
        state = {**state, "figures": max(0, state["figures"] - rolled.damage)}
        if result.hits_per_damage > 1:
            state["hits"] = rolled.left_over if state["figures"] else 0
        if rolled.effects.get("immobilised") and "immobilised" in state:
            state["immobilised"] = True
        return state

    def play_attack_back(self, element: Any, state: State, result: Any, rolled: Any, round_number: int) -> State:
        """Melee: the higher roller kills their target — each roll-off the attacker loses kills one of its
        figures."""
        if result.attack != "melee":
            return state
        lost = sum(1 for hit, _damage in rolled.trials if not hit)
        return {**state, "figures": max(0, state["figures"] - lost)}

    def play_next_round(self, state: State, round_number: int) -> State:
        return {**state, "activated": False, "hits": 0}


class SkirmishPlay(TablePlay["Skirmish2D6"]):
    """The 2D6 skirmish game\'s play facet: the unit state of table play (see the module)."""

    def play_element(self, element: Any, state: State) -> Any:
        return figures_left(element, state)

    def play_state(self, element: Any) -> State:
        state: State = {"figures": element.figures, "hits": 0, "activated": False}
        if self.system.data["types"][element.type]["armoured"]:
            state["immobilised"] = False
        return state

    def play_boxes(self, element: Any) -> list[Boxes]:
        """Figures (each casualty ticks one); vehicles and monsters: immobilised."""
        state = self.play_state(element)
        boxes = [Boxes("Figures", state["figures"], "figures")]
        return [*boxes, Boxes("Immobilised", 1, "immobilised")] if "immobilised" in state else boxes

    def play_side_morale(self, army: Any) -> str:
        """Force Morale: the force routs once it has lost half of the units it started with."""
        side = self.play_side(army, [[self.play_state(e) for e in unit.elements] for unit in army.units])
        if not side["units"]:
            return ""
        return _("Force morale: the force routs after losing {losses} of its {n} units").format(
            losses=side["routs_after_losing"], n=side["units"]
        )

    def play_side(self, army: Any, states: list[list[State]]) -> dict[str, Any]:
        figures = super().play_side(army, states)
        routs = ceil(len(states) / 2) if states else 0
        return {**figures, "routs_after_losing": routs, "units_before_rout": max(0, routs - figures["units_lost"])}
