"""Table play: the state the rules track per element, and how attacks and rounds change it.

Every rule system has a :class:`TablePlay` facet (``RuleSystem.play``: the states and the tracker) and a
:class:`TableTurn` facet (``RuleSystem.turn``: initiative, attacks and rounds); each overrides these hooks in its
own module with the state its rules track (hit points, suppression, stun, casualties...) and the transitions its
rules give. A state is a plain JSON object (a ``dict``) kept in the game file (``model/game.py``); the hooks never
change the one they get, they return a new one. The defaults here are what every system has: figures left, activation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from warbench.model.i18n import N_
from warbench.model.limits import excerpt
from warbench.model.systems.facet import Facet, S

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.attack_steps import Rolled
    from warbench.model.odds import AttackResult
    from warbench.model.table_roll import TableRoll

State = dict[str, Any]


class PlayError(ValueError):
    """A change of state the rules do not allow (an unknown field, a value of the wrong kind...)."""


def clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def figures_left(element: Any, state: State) -> Any:
    """``element`` with only the figures its state has left: no more figures, and no weapon carried by
    more figures than are left (for systems that roll a die a figure: roll-offs, close combat, fire)."""
    left = state.get("figures", element.figures)
    if left >= element.figures:
        return element
    weapons = [pick.model_copy(update={"count": min(pick.count, left)}) for pick in element.weapons]
    return element.model_copy(update={"figures": left, "weapons": weapons})


@dataclass(frozen=True)
class Boxes:
    """A row of tick boxes on the paper tracker: ``count`` boxes labelled ``label`` for the state field
    ``field`` (a count the game starts with, a limit it fills up to, a yes/no as one box); with
    ``per_figure`` the row is drawn once for each figure (hit points of each figure in turn)."""

    label: str
    count: int
    field: str
    per_figure: bool = False


#: a rule of play the game keeps (rolls it, applies it, tracks it), or one it leaves to the players
KEPT = "kept by the game"
LEFT = "left to the table"


@dataclass(frozen=True)
class PlayRule:
    """One rule of play of a system's document and what the game does with it (``docs/rules-coverage.md``,
    ``TablePlay.play_rules``): ``topic`` one of activation, morale, rout, rally, recovery, spells, vehicle
    damage, close assault, end of game, initiative...; ``status`` :data:`KEPT` or :data:`LEFT`; ``how`` how
    the game keeps it or why the table does; ``test`` the test that shows it ("tests/<path>.py::<name>")."""

    rule: str
    topic: str
    status: str
    how: str
    test: str


@dataclass(frozen=True)
class Initiative:
    """How the players of a system roll for initiative: each side rolls a d``sides`` plus its ``bonus``
    (``bonus_from`` says where it comes from) and, where ``modifiers``, the scenario's modifier the players
    give; the highest total goes first and ties are rolled again. ``loses``: why a side loses the
    initiative without rolling ('' for a side that rolls); when both would, both roll."""

    rule: str  # the rule in one line, as the rules give it
    bonus: tuple[int, int] = (0, 0)
    bonus_from: tuple[str, str] = ("", "")
    loses: tuple[str, str] = ("", "")
    modifiers: bool = False
    sides: int = 6


class TablePlay(Facet[S]):
    """The table-play facet of a rule system: each element's state, the tracker's boxes and morale lines, and
    what a player may set by hand (see the module); built with its system (``self.system``) like every facet
    (it is the one every system shares as it is). How attacks and rounds change the states is its
    :class:`TableTurn`."""

    #: every rule of play of the system's document: kept by the game, or left to the table with the reason
    play_rules: ClassVar[tuple[PlayRule, ...]] = ()

    def play_state(self, element: Any) -> State:
        """An element's state when the game begins."""
        return {"figures": getattr(element, "count", 1), "activated": False}

    def play_boxes(self, element: Any) -> list[Boxes]:
        """The tick boxes of the element on the paper tracker, from its state when the game begins: by
        default one box per figure."""
        return [Boxes("Figures", self.play_state(element)["figures"], "figures")]

    def play_unit_morale(self, unit: Any) -> str:
        """The line a unit's morale reads on the tracker (when it tests, breaks...); '' when the rules
        give none."""
        return ""

    def play_tracker_rolls(self, unit: Any) -> str:
        """The line of the unit's table rolls on the paper tracker, with their exact odds as the game begins
        ('' where the rules give none)."""
        fresh = [self.play_state(element) for element in unit.elements]
        return "; ".join(roll.summary() for roll in self.system.turn.play_unit_rolls(unit, fresh, 1))

    def play_side_morale(self, army: Army[Any, Any]) -> str:
        """The line the force's morale reads on the tracker (when it routs...); '' when the rules give none."""
        return ""

    def play_element(self, element: Any, state: State) -> Any:
        """The element as its state leaves it for the odds (a die reduced, a weapon lost...)."""
        return element

    def play_set(self, element: Any, state: State, key: str, value: Any) -> State:
        """``state`` with ``key`` set by hand (a player's ruling): only a field the state has, to a value of
        its kind."""
        if key not in self.play_state(element):
            fields = ", ".join(sorted(self.play_state(element)))
            raise PlayError(f"{excerpt(key)} is not a field of this element's state (fields: {fields})")
        after = {**state, key: value}
        problem = self.play_check(element, after)
        if problem:
            raise PlayError(problem)
        return after

    def play_choices(self, element: Any, key: str) -> tuple[str, ...]:
        """The values a text field of ``element``'s state may take, for a choice set by hand (() for any)."""
        return ()

    def play_check(self, element: Any, state: State) -> str:
        """What is wrong with ``state`` for ``element`` ('' when nothing): each field of a new element's state
        present and of its kind (a count never negative); fields it does not know are kept as they are."""
        for key, fresh in self.play_state(element).items():
            if key not in state:
                return f"{key!r} is missing"
            value = state[key]
            if fresh is None:
                continue
            if isinstance(fresh, bool) != isinstance(value, bool) or not isinstance(value, type(fresh)):
                return f"{key!r} holds {type(fresh).__name__} values, not {excerpt(value)}"
            if isinstance(value, int) and value < 0:
                return f"{key!r} cannot be negative (found {value})"
            if key == "figures" and value > fresh:
                return f"'figures' is {value}, more than the {fresh} its army gives it"
        return ""

    def play_side(self, army: Army[Any, Any], states: list[list[State]]) -> dict[str, Any]:
        """Side-wide figures the rules track (a force's morale...), worked out from the states."""
        lost = sum(1 for unit in states if unit and all(not s.get("figures", 1) for s in unit))
        return {"units": len(states), "units_lost": lost}


class TableTurn(Facet[S]):
    """The turn facet of a rule system: how the turn goes at the table, initiative, attacks (what the states
    allow, what an attack and a re-roll change) and rounds; built with its system (``self.system``) like
    :class:`TablePlay`, whose states it changes."""

    #: the rules activate a unit as one: when one of its elements acts (attacks), every element of it is activated
    unit_activates_together: ClassVar[bool] = False

    def play_unit_rolls(self, unit: Any, states: list[State], round_number: int) -> list[TableRoll]:
        """The rolls the rules offer ``unit`` now besides attacks (activation, morale, rally...), its elements'
        ``states`` as the game holds them; a roll the rules call for at once says why in its ``due``. None by
        default."""
        return []

    def play_roll_result(self, unit: Any, states: list[State], roll: TableRoll, outcome: str) -> list[State]:
        """The states of ``unit``'s elements once ``roll`` gave ``outcome`` (new dicts; unchanged by default)."""
        return states

    def play_initiative(self, armies: list[Any], states: list[list[list[State]]]) -> Initiative | None:
        """How the players roll for initiative now (``states``: each side's element states), or None where
        the rules give no initiative roll."""
        return None

    def play_situation(self, attacker_state: State, target_state: State) -> set[str]:
        """Situations the states imply (a target lying down, a stunned attacker...), added to the player's."""
        return set()

    def play_refusal(self, attacker_state: State, target_state: State) -> str:
        """Why the states forbid the attack ('' when they do not)."""
        if not attacker_state.get("figures", 1):
            return N_("the attacker has no figures left")
        if not target_state.get("figures", 1):
            return N_("the target has no figures left")
        return ""

    def play_carried(self, target_state: State) -> int:
        """Hits already on the target that add to this attack's (games that pool hits into damage)."""
        return 0

    def play_odds(self, result: AttackResult, target_state: State) -> dict[str, Any]:
        """What the target's state adds to the attack's odds (hits it already carries...), as fields of the
        attack's output; none by default."""
        return {}

    def play_reroll(self, steps: list[Any], who: str) -> list[Any] | None:
        """The attack's steps when ``who`` ("attacker" or "target") spends the system's re-roll
        (``AttackResult.reroll`` holds its odds); None where the system has none."""
        return None

    def play_spend_reroll(self, state: State) -> State:
        """``state`` with its re-roll spent (PlayError when it has none left)."""
        raise PlayError("this element has no re-roll to spend")

    def play_attacker(self, state: State, round_number: int) -> State:
        """The attacker's state once it has attacked (its activation spent)."""
        return {**state, "activated": True}

    def play_attacked(
        self, element: Any, state: State, result: AttackResult, rolled: Rolled, round_number: int
    ) -> State:
        """The target's state after the attack ``rolled`` (odds ``result``): each unit of damage takes a
        figure by default."""
        return {**state, "figures": max(0, state.get("figures", 1) - rolled.damage)}

    def play_attack_back(
        self, element: Any, state: State, result: AttackResult, rolled: Rolled, round_number: int
    ) -> State:
        """The attacker's state after its attack ``rolled`` (a roll-off it lost...): unchanged by default."""
        return state

    def play_next_round(self, state: State, round_number: int) -> State:
        """An element's state as round ``round_number`` begins: activations cleared, durations ticked down."""
        return {**state, "activated": False}
