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

from warbench.model.i18n import N_, NP_, _, ngettext
from warbench.model.systems.play import (
    KEPT,
    LEFT,
    Boxes,
    Initiative,
    PlayRule,
    State,
    TablePlay,
    TableTurn,
    figures_left,
)
from warbench.model.table_roll import FAILED, PASSED, TableRoll

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


ACTIVATION_RULE = (
    "Activation: a unit activates on 1D6 of its training's Activation or more, -1 for each suppressed figure, "
    "-2 with its crew stunned; an unmodified 6 always succeeds, an unmodified 1 always fails"
)
#: what each outcome does (shown in the model's language: ``_()``)
ACTIVATION_EFFECTS = (
    (
        PASSED,
        N_("the unit activates: one action (walk, run, duck & weave, on guard, gone to ground, aimed fire, assault)"),
    ),
    (FAILED, N_("the unit does not activate: it is On Guard, and the initiative passes to the opponent")),
)
#: what a failed activation also does to a unit that has lost over half its figures
WITHDRAWS = N_('it has lost over half its figures: it withdraws 6"/15cm from the nearest visible enemy')


_P = "tests/model/systems/fubar/test_play.py::test_fubar_"
#: FUBAR's rules of play and what the game does with each
FUBAR_PLAY_RULES = (
    PlayRule(
        "Initiative: each player 1D6 + scenario modifiers, ties again",
        "initiative",
        KEPT,
        "`warbench game initiative --modifier`, logged and undoable",
        "tests/warbench/test_game_cli.py::test_fubar_initiative_takes_scenario_modifiers_others_refuse_them",
    ),
    PlayRule(
        "Activation: 1D6 against the training's Activation",
        "activation",
        KEPT,
        "offered to each unit that has not tried this turn, with the best level among its elements, -1 a "
        "suppressed figure, an unmodified 6 and 1; exact odds; rolled, applied, logged",
        _P + "activation_roll_less_suppressed_figures_then_they_stand_up",
    ),
    PlayRule(
        "Activation: +1 with no visible enemy, -1 a figure out of touch",
        "activation",
        LEFT,
        "sight and the 3\" of cohesion are the table's",
        _P + "activation_roll_less_suppressed_figures_then_they_stand_up",
    ),
    PlayRule(
        "The initiative passes on a failed activation",
        "activation",
        LEFT,
        "who activates next is the players' to follow; the roll's effect says it",
        _P + "activation_roll_less_suppressed_figures_then_they_stand_up",
    ),
    PlayRule(
        "Suppression: up to the training's limit; the suppressed stand up after the next activation roll",
        "recovery",
        KEPT,
        "unsaved hits suppress first (the owner may choose otherwise: set by hand); the activation roll stands them up",
        _P + "unsaved_hits_suppress_up_to_the_training_limit_then_kill",
    ),
    PlayRule(
        'A failed activation with over half the figures lost: withdraw 6"',
        "rout",
        KEPT,
        "named in the roll's effect when it applies; the move is the table's",
        _P + "a_failed_activation_over_half_lost_withdraws",
    ),
    PlayRule(
        "Vehicle damage table: crew stunned, immobilised, weapon destroyed, destroyed",
        "vehicle damage",
        KEPT,
        "each result is kept in the vehicle's state",
        _P + "vehicle_damage_table_results_are_kept",
    ),
    PlayRule(
        "Crew stunned: -2 to the next activation",
        "vehicle damage",
        KEPT,
        "read by the activation roll, which clears it",
        _P + "a_stunned_crew_activates_at_minus_two_and_recovers",
    ),
    PlayRule(
        "Close combat goes on at the start of each turn, both units activated",
        "close assault",
        LEFT,
        "each round of the bout is rolled as attacks; which units stay locked in it is the table's",
        _P + "unsaved_hits_suppress_up_to_the_training_limit_then_kill",
    ),
    PlayRule(
        "End of the game: the scenario's objectives",
        "end of game",
        LEFT,
        "the document gives no other end: the scenario's",
        _P + "vehicle_damage_table_results_are_kept",
    ),
)


class FubarTurn(TableTurn["Fubar"]):
    """FUBAR's turn facet: initiative, attacks and rounds (``model.systems.play.TableTurn``), and the activation
    roll (the suppressed figures stand up and the crew recovers after it, whatever it gives)."""

    def play_unit_rolls(self, unit: Any, states: list[State], round_number: int) -> list[TableRoll]:
        """The activation roll of a unit with figures left that has not tried this turn: its best training's
        Activation (a leader's better level counts), the suppressed figures and a stunned crew against it."""
        left = [(e, s) for e, s in zip(unit.elements, states, strict=True) if s.get("figures")]
        if not left or all(s.get("activated") for _e, s in left):
            return []
        training = self.system.data["training"]
        need = min(training[e.training]["activation"] for e, _s in left)
        suppressed = sum(s.get("suppressed", 0) for s in states)
        label = ngettext("{n} suppressed", "{n} suppressed", suppressed).format(n=suppressed)
        modifiers = [(label, -suppressed)] if suppressed else []
        if any(s.get("crew_stunned") for s in states):
            modifiers.append((_("crew stunned"), -2))
        effects = {outcome: _(effect) for outcome, effect in ACTIVATION_EFFECTS}
        start = sum(e.figures for e in unit.elements)
        if sum(s.get("figures", 0) for s in states) * 2 < start:
            effects[FAILED] += f"; {_(WITHDRAWS)}"
        return [
            TableRoll(
                NP_("table roll", "activation"),
                ACTIVATION_RULE,
                1,
                6,
                need,
                tuple(modifiers),
                natural=((6, PASSED), (1, FAILED)),
                effects=tuple(effects.items()),
                due="",
            )
        ]

    def play_roll_result(self, unit: Any, states: list[State], roll: TableRoll, outcome: str) -> list[State]:
        """After the roll (passed or not) the suppressed stand up and the crew recovers; the unit has had its
        activation this turn."""
        return [self.play_attacker(s, 0) for s in states]

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

    play_rules = FUBAR_PLAY_RULES

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
