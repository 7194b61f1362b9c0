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
from warbench.model.systems.skirmish2d6.combat import carried_damage
from warbench.model.table_roll import FAILED, PASSED, TableRoll

if TYPE_CHECKING:
    from warbench.model.systems.skirmish2d6 import Skirmish2D6  # noqa: F401 (the type argument of the facet's base)


#: the activation roll: 2D6 against the unit's quality, less the casualties of the enemy's last turn
ACTIVATION_NEED = {"elite": 4, "regular": 5, "basic": 6}
ACTIVATION_RULE = (
    "Turn order: a unit activates on 2D6 of 4+ (Elite), 5+ (Regular) or 6+ (Basic), less 1 for each casualty it "
    "took in the enemy's last turn; snake eyes ends the turn; a modified roll of 0 or less breaks the unit"
)
SNAKE_EYES = NP_("table roll", "snake eyes")
BROKEN = NP_("table roll", "broken")
#: what each outcome does (shown in the model's language: ``_()``)
ACTIVATION_EFFECTS = (
    (PASSED, N_("the unit activates: it moves, then may shoot or fight a Close Assault")),
    (FAILED, N_("the unit does not activate this turn")),
    (SNAKE_EYES, N_("the unit does not activate and the player's turn is over at once")),
    (BROKEN, N_("the unit is broken and removed from play")),
)


_P = "tests/model/systems/skirmish2d6/test_play.py::test_2d6_"
#: the 2D6 game's rules of play and what the game does with each
SKIRMISH_PLAY_RULES = (
    PlayRule(
        "Deployment: the players roll off; the higher roller deploys first and takes the first turn",
        "initiative",
        KEPT,
        "`warbench game initiative`: a D6 each, ties again, logged and undoable",
        "tests/warbench/test_game_cli.py::test_initiative_is_rolled_logged_undoable_and_repeatable",
    ),
    PlayRule(
        "Activation: 2D6 of 4+/5+/6+ by quality, -1 a casualty of the enemy's last turn",
        "activation",
        KEPT,
        "offered to each unit that has not tried this turn; the casualties it took since its last roll "
        "count; exact odds; rolled, applied, logged",
        _P + "activation_roll_less_the_casualties_of_the_enemys_turn",
    ),
    PlayRule(
        "Activation: snake eyes ends the player's turn",
        "activation",
        KEPT,
        "an outcome of its own, with its odds",
        _P + "snake_eyes_ends_the_turn",
    ),
    PlayRule(
        "Activation: a modified roll of 0 or less breaks the unit",
        "rout",
        KEPT,
        "the unit is removed (its figures 0)",
        _P + "a_unit_whose_activation_comes_to_0_is_broken_and_removed",
    ),
    PlayRule(
        "Hits short of a casualty carry over to the next unit firing this turn",
        "recovery",
        KEPT,
        "kept on the target (state `hits`), added to the next attack that hits and counted in its odds "
        "(`p_damage_with_carried`); cleared at the round's end",
        _P + "hits_short_of_a_casualty_carry_over_until_the_end_of_the_turn",
    ),
    PlayRule(
        "The next unit firing uses the hits carried once it scores one",
        "recovery",
        KEPT,
        "the attack's exact chances of each number of casualties count them (`distribution_with_carried`)",
        _P + "damage_odds_count_the_hits_the_target_already_carries",
    ),
    PlayRule(
        "Damage table of vehicles and monsters: immobilised, killed, explodes",
        "vehicle damage",
        KEPT,
        "each casualty rolls it; immobilised is kept in the state",
        _P + "a_damage_roll_of_2_or_3_immobilises",
    ),
    PlayRule(
        'Explodes/Rampage: every unit within D6" takes D6 hits',
        "vehicle damage",
        LEFT,
        "which units are within D6\" is the table's: roll their hits as attacks",
        _P + "a_damage_roll_of_2_or_3_immobilises",
    ),
    PlayRule(
        'Close Assault: figure by figure, 3" moves, the closest enemy first',
        "close assault",
        LEFT,
        "each figure's attacks are rolled as close-assault or melee attacks; the moves and who is closest "
        "are the table's",
        _P + "a_lost_roll_off_kills_the_attacker",
    ),
    PlayRule(
        "Close Assault: the side with the most casualties is destroyed",
        "close assault",
        LEFT,
        "a bout is many attacks the game cannot tell apart from others: the players count each side's "
        "casualties in it and remove the loser's figures (set its figures to 0)",
        _P + "a_lost_roll_off_kills_the_attacker",
    ),
    PlayRule(
        "Melee: a roll-off, the loser killed, ties again",
        "close assault",
        KEPT,
        "a lost roll-off kills one of the attacker's figures",
        _P + "a_lost_roll_off_kills_the_attacker",
    ),
    PlayRule(
        "Force morale: losing half the units routs the force, which loses the game",
        "end of game",
        KEPT,
        "the side's units lost and units before the rout are counted in the state",
        _P + "force_morale_counts_down_to_the_rout",
    ),
)


class SkirmishTurn(TableTurn["Skirmish2D6"]):
    """The 2D6 skirmish game's turn facet: initiative, attacks and rounds (``model.systems.play.TableTurn``); the
    activation roll, its penalty the casualties a unit took since its last one (optional state field
    ``casualties_taken``, which the roll clears)."""

    def play_initiative(self, armies: list[Any], states: list[list[list[State]]]) -> Initiative:
        """Deployment: the players roll off; the higher roller chooses a table edge, deploys first and takes the
        first turn (ties re-roll)."""
        return Initiative(
            N_("the players roll off: the higher roller deploys first and takes the first turn; ties re-roll")
        )

    def play_unit_rolls(self, unit: Any, states: list[State], round_number: int) -> list[TableRoll]:
        """The activation roll of a unit with figures left that has not tried this round."""
        left = [(e, s) for e, s in zip(unit.elements, states, strict=True) if s.get("figures")]
        if not left or all(s.get("activated") for _e, s in left):
            return []
        need = min(ACTIVATION_NEED.get(e.quality, 5) for e, _s in left)
        taken = sum(s.get("casualties_taken", 0) for s in states)
        label = ngettext(
            "{n} casualty in the enemy's last turn", "{n} casualties in the enemy's last turn", taken
        ).format(n=taken)
        modifiers = ((label, -taken),) if taken else ()
        return [
            TableRoll(
                NP_("table roll", "activation"),
                ACTIVATION_RULE,
                2,
                6,
                need,
                modifiers,
                natural=((2, SNAKE_EYES),),
                floor=0,
                floor_outcome=BROKEN,
                effects=tuple((outcome, _(effect)) for outcome, effect in ACTIVATION_EFFECTS),
            )
        ]

    def play_roll_result(self, unit: Any, states: list[State], roll: TableRoll, outcome: str) -> list[State]:
        """Tried once a turn whatever the outcome (activated); the casualties' penalty spent; broken: removed."""
        after = [{**s, "activated": True, "casualties_taken": 0} for s in states]
        if outcome == BROKEN:
            after = [{**s, "figures": 0, "hits": 0} for s in after]
        return after

    def play_carried(self, target_state: State) -> int:
        hits: int = target_state.get("hits", 0)
        return hits

    def play_odds(self, result: Any, target_state: State) -> dict[str, Any]:
        """With hits already on the target, the attack's chances of each number of casualties count them (the
        matchup's ``p_damage`` is the odds of a fresh target)."""
        carried = self.play_carried(target_state)
        if not carried or result.hits_per_damage <= 1 or result.harmless_by:
            return {}
        odds = carried_damage(result, carried)
        return {
            "carried_hits": carried,
            "p_damage_with_carried": str(1 - odds[0]),
            "distribution_with_carried": {str(k): str(p) for k, p in enumerate(odds) if p},
        }

    def play_attacked(self, element: Any, state: State, result: Any, rolled: Any, round_number: int) -> State:
        lost = min(state["figures"], rolled.damage)
        state = {**state, "figures": state["figures"] - lost}
        if lost:  # the next activation roll's penalty
            state["casualties_taken"] = state.get("casualties_taken", 0) + lost
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

    play_rules = SKIRMISH_PLAY_RULES

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
