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
from warbench.model.i18n import N_, NP_, _, ngettext
from warbench.model.limits import excerpt
from warbench.model.systems.flatoutwar.combat import DICE, RANGED_KINDS, WEAPON_RECOVERY
from warbench.model.systems.play import KEPT, LEFT, Boxes, Initiative, PlayError, PlayRule, State, TablePlay, TableTurn
from warbench.model.table_roll import FAILED, PASSED, TableRoll

if TYPE_CHECKING:
    from warbench.model.systems.flatoutwar import FlatOutWar  # noqa: F401 (the type argument of the facet's base)

#: the fields of the figure in front, which the next figure starts afresh
FIGURE_FIELDS = ("hit_points", "die", "weapons_lost")
#: the reading of a spell's Duration (``readings.json``), named on each spell it applies to
SPELL_DURATION_READING = "fow-spell-duration"
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


#: the Morale rule in one line
MORALE_RULE = (
    "Morale: a unit losing another 25% of its starting elements rolls its highest base die at once, 4+ to hold"
)
FLEEING_RULE = N_("Morale: a fleeing unit runs for cover and takes no Other Action (it may roll to rally)")
RALLY_RULE = "Morale: a fleeing unit may roll to rally after its move, as for Morale and Frightened -2"
#: what a Morale or rally roll does, in the rules' words
MORALE_EFFECTS = (
    (PASSED, N_("the unit carries on as normal")),
    (FAILED, N_("when next activated the unit runs for cover behind the nearest friendly unit (disordered); it flees")),
)
RALLY_EFFECTS = (
    (PASSED, N_("the unit rallies: when next activated it may regroup, then act normally")),
    (FAILED, N_("the unit keeps fleeing (off the table it is lost: set its figures to 0)")),
)


def _effects(effects: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """A roll's effects in the model's language."""
    return tuple((outcome, _(effect)) for outcome, effect in effects)


#: the optional state fields the Morale rolls add, as the play view names them (``i18n_data.state_name``): marked
#: for the catalogue, as a play state's own fields are (``model/i18n_data.py``)
MORALE_FIELDS = (N_("morale rolled"), N_("fleeing"))
#: spells on an element of the unit that modify its Morale rolls (spell id → modifier)
MORALE_SPELLS = {"ironwill": 2, "terrify": -2}
#: attributes of an element that never takes Morale rolls
NO_MORALE = ("unfeeling", "command")


def morale_steps(start: int) -> list[int]:
    """The losses (of ``start`` figures) at which each 25% increment is lost: the Morale rolls' triggers."""
    return sorted({max(1, ceil(start * quarter / 4)) for quarter in (1, 2, 3)} - {start})


_P = "tests/model/systems/flatoutwar/test_play.py::test_fow_"
_CLI = "tests/warbench/test_game_cli.py::test_"
#: the rules of play of both editions and what the game does with each
FOW_PLAY_RULES = (
    PlayRule(
        "Initiative: each player a D6, highest first, ties again",
        "initiative",
        KEPT,
        "`warbench game initiative` and the play view roll it, logged and undoable",
        _CLI + "initiative_is_rolled_logged_undoable_and_repeatable",
    ),
    PlayRule(
        "A Unit activates as one",
        "activation",
        KEPT,
        "an attack by one element activates every element of its unit, in the same step of the log",
        _P + "units_activate_together",
    ),
    PlayRule(
        "One Unit a turn: a Move and one Other Action, or pass",
        "activation",
        LEFT,
        "what a unit does with its turn (moving, turning, running) is on the table; the game marks who acted",
        _P + "units_activate_together",
    ),
    PlayRule(
        "Morale at each 25% of the Unit lost",
        "morale",
        KEPT,
        "due as the loss happens (`rolls_due`, `warbench game rolls`, the play view), the highest base die "
        "4+ with -1 for each 25% lost (reading fow-morale-penalty), Brave, Iron Will and Terrify; exact odds; "
        "rolled, applied and logged",
        _P + "morale_is_due_at_each_25_percent_lost_with_exact_odds",
    ),
    PlayRule(
        "Unfeeling and officers never roll Morale",
        "morale",
        KEPT,
        "their elements take no part in the unit's roll; a unit of them only has none",
        _P + "units_that_never_roll_morale",
    ),
    PlayRule(
        'Morale from fear: Fearsome, Terrify, a unit within 8" seen failing or fleeing',
        "morale",
        LEFT,
        "distances and sight are the table's: the players call that roll (the game offers the one due to losses)",
        _P + "morale_is_due_at_each_25_percent_lost_with_exact_odds",
    ),
    PlayRule(
        "Attached leader +2 on Morale",
        "morale",
        LEFT,
        "attaching an officer to a unit is not tracked: add it at the table",
        _P + "morale_is_due_at_each_25_percent_lost_with_exact_odds",
    ),
    PlayRule(
        "A failed Morale roll: the Unit runs for cover, disordered",
        "rout",
        KEPT,
        "the unit is marked fleeing (state `fleeing`); where it runs is the table's",
        _P + "morale_is_due_at_each_25_percent_lost_with_exact_odds",
    ),
    PlayRule(
        "A fleeing Unit takes no Other Action",
        "rout",
        KEPT,
        "an attack by an element of a fleeing unit is refused, the rule named, until the unit rallies",
        _P + "a_fleeing_unit_makes_no_attack_until_it_rallies",
    ),
    PlayRule(
        "A fleeing Unit that leaves the table is lost",
        "rout",
        LEFT,
        "where the unit is lies on the table: set its figures to 0 when it leaves",
        _P + "a_fleeing_unit_rolls_to_rally_frightened",
    ),
    PlayRule(
        "Rally: another Morale roll, Frightened -2",
        "rally",
        KEPT,
        "offered while the unit flees, with its exact odds; a pass ends the flight",
        _P + "a_fleeing_unit_rolls_to_rally_frightened",
    ),
    PlayRule(
        "Recovery: removed, a Hit Point, a die step (Resilient), knocked down (Reliant)",
        "recovery",
        KEPT,
        "each failed Recovery of an attack is applied to the element's state",
        _P + "hit_points_then_the_figure_goes",
    ),
    PlayRule(
        "Recovery per weapon of a multi-weapon element",
        "vehicle damage",
        KEPT,
        "each failed roll loses that weapon; with one left the element recovers on its base die",
        _P + "weapons_lost_one_by_one_then_the_base_die",
    ),
    PlayRule(
        "Lucky: one re-roll per game (Special Ops) or per turn (1.7)",
        "recovery",
        KEPT,
        "spent in the attack that uses it, tracked and undoable",
        _P + "lucky_is_spent_once_and_logged",
    ),
    PlayRule(
        "Spells: Duration in turns after the cast",
        "spells",
        KEPT,
        "counted in rounds from the one after the cast (reading fow-spell-duration); Strengthen, Weaken and "
        "Shield read as their situations while they last",
        _P + "spell_duration_counts_rounds_after_the_cast",
    ),
    PlayRule(
        "Spells: a casting roll of 1 misfires",
        "spells",
        LEFT,
        "the misfire table (cannot cast for 1 or 2 turns, the caster dies) is rolled at the table",
        _P + "spell_duration_counts_rounds_after_the_cast",
    ),
    PlayRule(
        "Melee in base contact (Charge +1 when charging)",
        "close assault",
        KEPT,
        "a melee attack is rolled and applied as the odds read it; the moves into contact are the table's",
        _P + "units_activate_together",
    ),
    PlayRule(
        "Victory: the scenario, or Victory Points (a unit worth 25% of its cost)",
        "end of game",
        LEFT,
        "objectives are the scenario's; the play view's VP counters hold the tally the players keep",
        _P + "units_activate_together",
    ),
)


class FowTurn(TableTurn["FlatOutWar"]):
    """Flat Out War's turn facet: initiative, attacks and rounds (``model.systems.play.TableTurn``); the unit
    activates as one, and Morale is rolled at each 25% of the unit lost (optional state fields ``morale_rolled``
    — the increments rolled for — and ``fleeing``)."""

    unit_activates_together = True

    def _losses(self, unit: Any, states: list[State]) -> tuple[int, int, int]:
        """(figures the unit started with, figures lost, 25% increments lost)."""
        start = sum(self.system.play.play_state(element)["figures"] for element in unit.elements)
        lost = start - sum(state.get("figures", 0) for state in states)
        # whole 25% increments lost (1 of 2 figures is two of them), short of the whole unit
        return start, lost, min(3, 4 * lost // start) if start else 0

    def play_unit_rolls(self, unit: Any, states: list[State], round_number: int) -> list[TableRoll]:
        """Morale (due at once when the unit has lost another 25% of its starting figures) and, while it
        flees, the rally roll: the highest base die among the elements left that take Morale rolls, 4+."""
        if "morale-modifiers" not in self.system.catalogue.tables:
            return []
        start, lost, reached = self._losses(unit, states)
        rolling = [
            (element, state)
            for element, state in zip(unit.elements, states, strict=True)
            if state.get("figures") and not _ids(element) & set(NO_MORALE)
        ]
        if not rolling:
            return []
        element, state = max(
            rolling, key=lambda pair: (DICE.index(pair[1].get("die", pair[0].die)), "brave" in _ids(pair[0]))
        )
        die = state.get("die", element.die)
        modifiers = [(_("{n} × 25% of the unit lost").format(n=reached), -reached)] if reached else []
        if "brave" in _ids(element):
            modifiers.append(("Brave", 1))
        spells = {effect.get("spell") for s in states for effect in s.get("spells", ())}
        modifiers += [(spell, value) for spell, value in MORALE_SPELLS.items() if spell in spells]
        rolls = []
        rolled = max(s.get("morale_rolled", 0) for s in states)
        readings = ("fow-morale-penalty",)
        if reached > rolled:
            due = ngettext(
                "the unit has lost {lost} of its {start} figure ({reached} × 25%): it rolls at once",
                "the unit has lost {lost} of its {start} figures ({reached} × 25%): it rolls at once",
                start,
            ).format(lost=lost, start=start, reached=reached)
            rolls.append(
                TableRoll(
                    NP_("table roll", "morale"),
                    MORALE_RULE,
                    1,
                    int(die[1:]),
                    4,
                    tuple(modifiers),
                    effects=_effects(MORALE_EFFECTS),
                    due=due,
                    readings=readings,
                )
            )
        if any(s.get("fleeing") for s in states):
            rally = (*modifiers, ("Frightened", -2))
            rolls.append(
                TableRoll(
                    NP_("table roll", "rally"),
                    RALLY_RULE,
                    1,
                    int(die[1:]),
                    4,
                    rally,
                    effects=_effects(RALLY_EFFECTS),
                    readings=readings,
                )
            )
        return rolls

    def play_roll_result(self, unit: Any, states: list[State], roll: TableRoll, outcome: str) -> list[State]:
        """Morale: the increments rolled for noted, a failure makes the unit flee; rally: a pass ends it."""
        if roll.kind == "morale":
            reached = self._losses(unit, states)[2]
            return [{**s, "morale_rolled": reached, **({"fleeing": True} if outcome == FAILED else {})} for s in states]
        if roll.kind == "rally" and outcome == PASSED:
            return [{**s, "fleeing": False} for s in states]
        return states

    def play_initiative(self, armies: list[Any], states: list[list[list[State]]]) -> Initiative:
        """The Round: each player rolls a D6, the highest roll has its turn first; ties are rolled again."""
        return Initiative(N_("each player rolls a D6: the highest has the first turn of the round; ties re-roll"))

    def play_refusal(self, attacker_state: State, target_state: State) -> str:
        """Besides figures left: a fleeing element makes no attack (its Other Action) until its unit rallies."""
        if attacker_state.get("fleeing") and attacker_state.get("figures", 1):
            return FLEEING_RULE
        return super().play_refusal(attacker_state, target_state)

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
        """Activations cleared; each spell's turns counted down (reading fow-spell-duration: a turn is a round,
        counted from the round after the cast; the spell ends at the end of the last one counted, so it is gone
        once a round begins with none left to count)."""
        spells = [
            {**s, "rounds": s["rounds"] - 1} if isinstance(s.get("rounds"), int) else s for s in state.get("spells", ())
        ]
        kept = [s for s in spells if not isinstance(s.get("rounds"), int) or s["rounds"] >= 0]
        state = {**state, "activated": False, "spells": kept}
        if "lucky_spent" in state and self.system.data.get("matchup", {}).get("lucky_once_per") == "turn":
            state["lucky_spent"] = False
        return state


class FowPlay(TablePlay["FlatOutWar"]):
    """Flat Out War\'s play facet: the element state of table play (see the module)."""

    play_rules = FOW_PLAY_RULES

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

    def play_tracker_rolls(self, unit: Any) -> str:
        """The Morale roll's chance to hold at each 25% lost (the figures taken from the largest element)."""
        fresh = [self.play_state(element) for element in unit.elements]
        start = sum(s["figures"] for s in fresh)
        held = []
        for step in morale_steps(start):
            states = [dict(s) for s in fresh]
            for _lost in range(step):
                max(states, key=lambda s: s["figures"])["figures"] -= 1
            roll = next((r for r in self.system.turn.play_unit_rolls(unit, states, 1) if r.kind == "morale"), None)
            if roll is not None:
                held.append(
                    ngettext("{n} lost {odds}", "{n} lost {odds}", step).format(n=step, odds=roll.odds()[PASSED])
                )
        return _("Morale holds: {odds}").format(odds=", ".join(held)) if held else ""

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
            # the turns still to count after this round (reading fow-spell-duration)
            effect = {"spell": value, "rounds": int(turns) if turns else None, "reading": SPELL_DURATION_READING}
            return {**state, "spells": [*state.get("spells", ()), effect]}
        return super().play_set(element, state, key, value)

    def play_choices(self, element: Any, key: str) -> tuple[str, ...]:
        """Resilient's ``die``: a step of the dice up to the element's own."""
        if key == "die" and element.die in DICE:
            return tuple(DICE[: DICE.index(element.die) + 1])
        return ()

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
