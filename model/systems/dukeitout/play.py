"""Duke It Out at the table: what the rules track per unit and how it changes.

A unit's state: ``figures`` (models) left; ``body`` points left on the model in front (each point of damage
takes one; at 0 the model is destroyed and the next takes the hits after); ``stunned`` (in effect this
round: the unit cannot evade, fight at close range nor use its special rules — read as the 'target-stunned'
and 'attacker-stunned' situations) and ``stun_pending`` (inflicted this round: Stun goes into effect at the
end of the turn it is inflicted and lasts until the model's next turn); ``activated`` this round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warbench.model.i18n import N_
from warbench.model.odds import first_number
from warbench.model.systems.play import Boxes, Initiative, State, TablePlay, TableTurn

if TYPE_CHECKING:
    from warbench.model.systems.dukeitout import DukeItOut  # noqa: F401 (the type argument of the facet's base)


class DukeTurn(TableTurn["DukeItOut"]):
    """Duke It Out's turn facet: initiative, attacks and rounds (``model.systems.play.TableTurn``)."""

    def play_initiative(self, armies: list[Any], states: list[list[list[State]]]) -> Initiative:
        """Each turn: the Initiative stat of the player's unit with the best Initiative + d6, highest first,
        ties re-rolled. A stunned unit automatically loses Initiative: its stat does not count, and a side
        whose every unit left is stunned loses the initiative without rolling."""
        bonus, source, loses = [], [], []
        for army, side in zip(armies, states, strict=True):
            left = [
                (element, state)
                for unit, unit_states in zip(army.units, side, strict=True)
                for element, state in zip(unit.elements, unit_states, strict=True)
                if state.get("figures", 1)
            ]
            ready = [element for element, state in left if not state.get("stunned")]
            best = max(ready, key=lambda element: element.initiative, default=None)
            bonus.append(best.initiative if best is not None else 0)
            source.append(f"Initiative {best.initiative} ({best.name})" if best is not None else "")
            loses.append("" if ready or not left else N_("every unit it has left is stunned"))
        return Initiative(
            N_(
                "best unit's Initiative + d6: the highest goes first this turn; ties re-roll; a stunned unit "
                "loses Initiative"
            ),
            bonus=(bonus[0], bonus[1]),
            bonus_from=(source[0], source[1]),
            loses=(loses[0], loses[1]),
        )

    def play_situation(self, attacker_state: State, target_state: State) -> set[str]:
        chosen = {"attacker-stunned"} if attacker_state.get("stunned") else set()
        return chosen | ({"target-stunned"} if target_state.get("stunned") else set())

    def play_attacked(self, element: Any, state: State, result: Any, rolled: Any, round_number: int) -> State:
        state = {**state}
        if rolled.effects.get("stunned"):
            state["stun_pending"] = True  # a unit is stunned once a turn however many results say so
        state["body"] -= rolled.damage
        if state["body"] <= 0 and state["figures"]:
            state["figures"] -= 1
            state["body"] = max(1, first_number(element.body, 1))
        return state

    def play_next_round(self, state: State, round_number: int) -> State:
        return {**state, "activated": False, "stunned": state.get("stun_pending", False), "stun_pending": False}


class DukePlay(TablePlay["DukeItOut"]):
    """Duke It Out\'s play facet: the unit state of table play (see the module)."""

    def play_state(self, element: Any) -> State:
        return {
            "figures": element.count,
            "body": max(1, first_number(element.body, 1)),
            "stunned": False,
            "stun_pending": False,
            "activated": False,
        }

    def play_boxes(self, element: Any) -> list[Boxes]:
        """Models; the Body of each model in turn (each point of damage ticks one); stunned."""
        state = self.play_state(element)
        return [
            Boxes("Models", state["figures"], "figures"),
            Boxes("Body", state["body"], "body", per_figure=True),
            Boxes("Stunned", 1, "stunned"),
        ]
