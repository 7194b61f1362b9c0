"""Duke It Out at the table: what the rules track per unit and how it changes.

A unit's state: ``figures`` (models) left; ``body`` points left on the model in front (each point of damage
takes one; at 0 the model is destroyed and the next takes the hits after); ``stunned`` (in effect this
round: the unit cannot evade, fight at close range nor use its special rules — read as the 'target-stunned'
and 'attacker-stunned' situations) and ``stun_pending`` (inflicted this round: Stun goes into effect at the
end of the turn it is inflicted and lasts until the model's next turn); ``activated`` this round.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from warbench.model.i18n import N_
from warbench.model.odds import first_number
from warbench.model.systems.play import KEPT, LEFT, Boxes, Initiative, PlayRule, State, TablePlay, TableTurn

if TYPE_CHECKING:
    from warbench.model.systems.dukeitout import DukeItOut  # noqa: F401 (the type argument of the facet's base)


#: a stat printed as a range over the template's range of points ("5-10" Body for 1-2 points)
STAT_RANGE = re.compile(r"\s*(\d{1,9})\s*-\s*(\d{1,9})\s*")


def body(system: Any, element: Any) -> int:
    """The Body/Structure of one model of ``element``: a Body printed as a range ("5-10") goes with the
    template's range of points (1 point 5 marines, 2 points 10: each marine one Body point), in step with
    the points paid (rounded down); any other Body is its first number."""
    found = STAT_RANGE.fullmatch(str(element.body))
    template = system.templates.get(element.template) if getattr(element, "template", None) else None
    if found and template:
        low, high = int(found[1]), int(found[2])
        p_low, p_high = template.get("points_min", 0), template.get("points_max", 0)
        if p_high > p_low:
            share = (min(max(element.points, p_low), p_high) - p_low) / (p_high - p_low)
            return max(1, low + int((high - low) * share))
    return max(1, first_number(element.body, 1))


_P = "tests/model/systems/dukeitout/test_play.py::test_duke_"
#: Duke It Out's rules of play and what the game does with each
DUKE_PLAY_RULES = (
    PlayRule(
        "Initiative: the best unit's Initiative + d6 each turn; a stunned unit loses it",
        "initiative",
        KEPT,
        "`warbench game initiative`, logged and undoable",
        "tests/warbench/test_game_cli.py::test_duke_it_out_initiative_adds_the_best_unit_and_a_stunned_unit_loses_it",
    ),
    PlayRule(
        "Move or shoot by unit type; every weapon fires every turn",
        "activation",
        LEFT,
        "movement and facing are the table's; each weapon's attack is rolled",
        _P + "stun_takes_effect_next_round_for_one_round",
    ),
    PlayRule(
        "Stun: in effect from the end of the turn it is inflicted until the unit's next turn",
        "recovery",
        KEPT,
        "kept in the state: no Evade, no close range, no special abilities while stunned",
        _P + "stun_takes_effect_next_round_for_one_round",
    ),
    PlayRule(
        "A stunned unit uses no special abilities (Twinfire's re-roll included)",
        "recovery",
        KEPT,
        "reading duke-stunned-specials: every SPECIAL of the unit is off",
        _P + "a_stunned_riflemech_gets_no_twinfire_reroll",
    ),
    PlayRule(
        "A stunned unit cannot move next turn (a Jump unit jumps at random)",
        "recovery",
        LEFT,
        "movement is the table's",
        _P + "stun_takes_effect_next_round_for_one_round",
    ),
    PlayRule(
        "Body/Structure: a point a damage, destroyed at 0",
        "vehicle damage",
        KEPT,
        "each point is taken off the model in front, the next takes the rest",
        _P + "body_points_run_out_then_the_next_model_takes_hits",
    ),
    PlayRule(
        "Infantry squad: a model a Body point, the Body of the points paid",
        "vehicle damage",
        KEPT,
        "a Body printed as a range goes with the template's points (2-point Space Marines: 10)",
        _P + "a_squad_starts_with_the_body_of_the_points_paid",
    ),
    PlayRule(
        "Ground units' zero-range weapons cannot affect flyers",
        "close assault",
        KEPT,
        "the attack is refused, the rule named (exit 0)",
        _P + "a_ground_unit_cannot_fight_a_flyer_at_close_range",
    ),
    PlayRule(
        "End of the game: everything blown up",
        "end of game",
        LEFT,
        "the document sets no other end: the players stop when one side is gone",
        _P + "body_points_run_out_then_the_next_model_takes_hits",
    ),
)


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
            state["body"] = body(self.system, element)
        return state

    def play_next_round(self, state: State, round_number: int) -> State:
        return {**state, "activated": False, "stunned": state.get("stun_pending", False), "stun_pending": False}


class DukePlay(TablePlay["DukeItOut"]):
    """Duke It Out\'s play facet: the unit state of table play (see the module)."""

    play_rules = DUKE_PLAY_RULES

    def play_state(self, element: Any) -> State:
        return {
            "figures": element.count,
            "body": body(self.system, element),
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
