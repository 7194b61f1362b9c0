"""A game in progress: attacks rolled and applied, rounds, undo and redo — one Qt-free model for the window
and for ``warbench game``.

The odds of an attack are the matchup's (``Combat.attack``, exactly as ``warbench matchup`` works them
out); its dice follow the steps the system's attack model declares with those odds (``model.attack_steps``);
the state each element carries and how an attack or a new round changes it are the system's
(``model.systems.play``). Every change is a step of the log holding each element's state before and after it.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from warbench.model.attack_steps import Rolled, roll_attack
from warbench.model.game_attack import AttackOrder, AttackOutcome, capped, figure_distribution, whole_distribution
from warbench.model.game_file import (
    GAME_FORMAT,
    GAME_SCHEMA_VERSION,
    Change,
    GameFile,
    GameFileError,
    GameSide,
    LogEntry,
)
from warbench.model.game_log import attack_name, ref_label, step_line
from warbench.model.limits import MAX_LOG_STEPS, LimitError, check_tree, excerpt
from warbench.model.matchup import MatchupError, check_situation, fraction_text, not_applied
from warbench.model.systems.base import counted
from warbench.model.systems.combat import combat_of
from warbench.model.systems.play import PlayError

if TYPE_CHECKING:
    from warbench.model.systems.base import RuleSystem

SIDES = ("a", "b")
REF = re.compile(r"(?P<side>[^:]*):(?P<unit>[^/]*)/(?P<element>.*)", re.DOTALL)


@dataclass(frozen=True)
class Ref:
    """An element of one side: indexes from 0 (the text a player writes, ``SIDE:UNIT/ELEMENT``, counts from 1)."""

    side: int
    unit: int
    element: int

    @property
    def text(self) -> str:
        return f"{SIDES[self.side]}:{self.unit + 1}/{self.element + 1}"


#: a UNIT or ELEMENT of a REF that is always a 1-based index, never a name: ASCII digits only (``str.isdigit``
#: also holds for "²", which ``int`` refuses)
INDEX = re.compile(r"[0-9]+")
#: the names a bad REF's message lists (an army of thousands of units would make it thousands of lines long)
NAMES_LISTED = 10


def _pick(items: list[Any], wanted: str, what: str, where: str = "") -> int:
    """The index of ``wanted``: a 1-based index when it is ASCII digits only (a unit named "2" is reached by its
    index, never by that name), else an exact name."""
    names = [item.name for item in items]
    if INDEX.fullmatch(wanted):
        digits = wanted.lstrip("0")  # a text of thousands of digits is past int()'s limit: past every index too
        if len(digits) <= len(str(len(items))) and 1 <= int(digits or "0") <= len(items):
            return int(digits) - 1
    elif wanted in names:
        return names.index(wanted)
    listed = ", ".join(map(excerpt, names[:NAMES_LISTED])) + (", …" if len(names) > NAMES_LISTED else "")
    raise GameFileError(f"{what} {excerpt(wanted)}: no such {what}{where} (1 to {len(items)}, or one of: {listed})")


def new_game(first: Any, second: Any | None = None) -> Game:
    """A game between ``first`` and ``second`` (a copy of ``first`` without one), at round 1."""
    from warbench.model.systems import system_for

    second = first if second is None else second
    if second.system != first.system:
        raise GameFileError(f"a {second.system} army cannot face a {first.system} army")
    sides = []
    for army in (first, second):
        system = system_for(army)
        state = [[system.play.play_state(e) for e in unit.elements] for unit in army.units]
        sides.append(GameSide(army=army.model_dump(mode="json"), state=state))
    file = GameFile(format=GAME_FORMAT, schema_version=GAME_SCHEMA_VERSION, system=first.system, sides=sides)
    return Game(file, [first, second])


class Game:
    """A game file's model with its armies read, and the steps that change it."""

    def __init__(self, file: GameFile, armies: list[Any]):
        from warbench.model.systems import system_for

        self.file = file
        self.armies = armies
        self.systems = [system_for(army) for army in armies]

    # --- reading -----------------------------------------------------------------
    def ref(self, text: str) -> Ref:
        """The element ``text`` (``SIDE:UNIT/ELEMENT``) names: every reader of a REF (the attack, the log, the
        window) goes through here, so a REF means one element everywhere. GameFileError naming ``text``."""
        match = REF.fullmatch(text)
        if not match or match["side"] not in SIDES:
            raise GameFileError(f"{excerpt(text)}: not an element reference SIDE:UNIT/ELEMENT (SIDE a or b, 1-based)")
        side = SIDES.index(match["side"])
        units = self.armies[side].units
        try:
            unit = _pick(units, match["unit"], "unit")
            where = f" in unit {excerpt(units[unit].name)}"
            element = _pick(units[unit].elements, match["element"], "element", where)
        except GameFileError as exc:
            raise GameFileError(f"{excerpt(text)}: {exc}") from None
        return Ref(side, unit, element)

    def names(self, ref: Ref) -> tuple[str, str]:
        """The names of ``ref``'s unit and element."""
        unit = self.armies[ref.side].units[ref.unit]
        return unit.name, unit.elements[ref.element].name

    def element(self, ref: Ref) -> Any:
        return self.armies[ref.side].units[ref.unit].elements[ref.element]

    def state(self, ref: Ref) -> dict[str, Any]:
        return self.file.sides[ref.side].state[ref.unit][ref.element]

    def state_json(self) -> dict[str, Any]:
        """The contract's ``state --json``."""
        sides = []
        for army, system, side in zip(self.armies, self.systems, self.file.sides, strict=True):
            units = [
                {
                    "name": unit.name,
                    "elements": [{"name": e.name, "state": s} for e, s in zip(unit.elements, states, strict=True)],
                }
                for unit, states in zip(army.units, side.state, strict=True)
            ]
            sides.append({"army": army.name, "units": units, "figures": system.play.play_side(army, side.state)})
        log = [entry.model_dump(mode="json", exclude_none=True) for entry in self.file.log]
        return {"round": self.file.round, "sides": sides, "log": log}

    # --- steps -----------------------------------------------------------------------
    def attack(self, order: AttackOrder, seed: int | None = None, dice: bool = True) -> AttackOutcome:
        """Roll ``order`` once: its odds (the matchup's), its dice, what it does to both elements and the step
        of the log that applies it (:meth:`apply`); nothing in the game changes here (without ``dice``: the
        odds and the distribution only, nothing rolled, no step). GameFileError for an attack, weapon,
        situation or re-roll the attacker does not have."""
        a_ref, t_ref = order.attacker, order.target
        for ref in (a_ref, t_ref):
            self._check_ref(ref)
        if a_ref == t_ref:
            raise GameFileError(f"target: {a_ref.text} cannot attack itself")
        system = self.systems[a_ref.side]
        a_state, t_state = self.state(a_ref), self.state(t_ref)
        attacker = system.play.play_element(self.element(a_ref), a_state)
        target = self.systems[t_ref.side].play.play_element(self.element(t_ref), t_state)
        try:
            chosen = set(check_situation(system.combat.situations if system.combat else (), order.situation))
        except MatchupError as exc:
            raise GameFileError(f"situation: {exc}") from None
        chosen |= system.turn.play_situation(a_state, t_state)
        index = self._weapon_index(system, attacker, order.kind, order.weapon, target)
        try:
            result = combat_of(system).attack_checked(
                attacker, (order.kind, index), target, frozenset(chosen), strict=False
            )
        except MatchupError as exc:
            raise GameFileError(f"attack: {exc}") from None
        outcome = AttackOutcome(
            order=order,
            names=(self.names(a_ref), self.names(t_ref)),
            weapon=result.weapon,
            situation=list(result.situation),
            p_hit=result.p_hit,
            p_damage=result.p_damage,
            damage_is=result.damage,
            shots=result.shots,
            figures=0,
            distribution=(Fraction(1),),
            not_applied=not_applied(result.left_to_table),
            harmless_by=result.harmless_by,
            state_odds=self.systems[t_ref.side].turn.play_odds(result, t_state),
            rerolls=tuple(result.reroll),
            attacker_before=a_state,
            attacker_after=a_state,
            target_before=t_state,
            target_after=t_state,
        )
        refused = result.forbidden_by or system.turn.play_refusal(a_state, t_state)
        if refused:
            return replace(outcome, p_hit=Fraction(0), p_damage=Fraction(0), refused=refused)
        if not result.steps:
            raise GameFileError(f"attack: {system.name} declares no dice for this attack (AttackResult.steps)")
        return self._rolled(outcome, result, seed, dice)

    def _rolled(self, outcome: AttackOutcome, result: Any, seed: int | None, dice: bool = True) -> AttackOutcome:
        """``outcome`` with its dice rolled (every figure's, for a whole-element attack), both states after
        them and the step that applies it."""
        order = outcome.order
        a_ref, t_ref = order.attacker, order.target
        a_turn, t_turn = self.systems[a_ref.side].turn, self.systems[t_ref.side].turn
        a_element, t_element = self.element(a_ref), self.element(t_ref)
        a_after = a_turn.play_attacker(outcome.attacker_before, self.file.round)
        t_state = outcome.target_before
        steps = first_steps = list(result.steps)
        p_hit, p_damage = result.p_hit, result.p_damage
        if order.reroll is not None:
            first_steps, a_after, t_state = self._reroll(result, order.reroll, a_ref, a_after, t_ref, t_state)
            p_hit, p_damage = result.reroll[order.reroll]
        figures = self._figures(a_ref, outcome.attacker_before) if order.whole else 1
        carried = t_turn.play_carried(outcome.target_before)
        try:
            first = figure_distribution(result, p_damage) if order.reroll is not None else None
            distribution = whole_distribution(result, figures, carried, first)
        except MatchupError as exc:
            raise GameFileError(f"attack: {exc}") from None
        reroll = f"{order.reroll}: {combat_of(self.systems[a_ref.side]).reroll_name}" if order.reroll else ""
        left = self._damage_left(t_ref, outcome.target_before, result, len(distribution))
        outcome = replace(
            outcome,
            p_hit=p_hit,
            p_damage=p_damage,
            reroll=reroll,
            figures=figures,
            distribution=capped(distribution, left),
        )
        if not dice:
            return outcome
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        rng = random.Random(seed)
        pooled = result.hits_per_damage > 1  # hits add up over the whole attack: one roll of every shot
        groups = [(first_steps, result.shots * (figures if pooled else 1))]
        groups += [(steps, result.shots)] * (0 if pooled else figures - 1)
        figure_rolls: list[tuple[dict[str, Any], ...]] = []
        hits, damage, effects = 0, 0, Counter[str]()
        for number, (chain, shots) in enumerate(groups, 1):
            rolled = roll_attack(chain, shots, rng, result.hits_per_damage, carried)
            t_state = t_turn.play_attacked(t_element, t_state, result, rolled, self.file.round)
            a_after = a_turn.play_attack_back(a_element, a_after, result, rolled, self.file.round)
            rolls = [{**roll, "figure": number} for roll in rolled.rolls] if len(groups) > 1 else rolled.rolls
            figure_rolls.append(tuple(rolls))
            hits, damage = hits + rolled.hits, damage + rolled.damage
            effects.update(rolled.effects)
        outcome = replace(
            outcome,
            seed=seed,
            figure_rolls=tuple(figure_rolls),
            hits=hits,
            damage=damage,
            effects=dict(effects),
            attacker_after=a_after,
            target_after=t_state,
        )
        return replace(outcome, step=self._attack_step(outcome))

    def _attack_step(self, outcome: AttackOutcome) -> LogEntry:
        """The step of the log that applies ``outcome`` (a whole-element attack says its ``figures``)."""
        order = outcome.order
        extra: dict[str, Any] = {"figures": outcome.figures} if order.whole else {}  # kept as a field of its own
        return LogEntry(
            action="attack",
            round=self.file.round,
            seed=outcome.seed,
            attacker=order.attacker.text,
            target=order.target.text,
            attack=order.kind,
            weapon=outcome.weapon,
            situation=outcome.situation,
            p_hit=fraction_text(outcome.p_hit),
            p_damage=fraction_text(outcome.p_damage),
            rolls=outcome.rolls,
            hits=outcome.hits,
            damage=outcome.damage,
            effects=outcome.effects,
            changes=[
                self._change(order.attacker, outcome.attacker_after, outcome.attacker_before),
                self._change(order.target, outcome.target_after, outcome.target_before),
                *self._unit_activated(order.attacker, order.target),
            ],
            **extra,
        )

    def apply(self, outcome: AttackOutcome) -> AttackOutcome:
        """Record the step ``outcome`` holds (the dice it showed, nothing rolled again), logged and undoable:
        one step for a whole-element attack. GameFileError for a refused attack, or one rolled on states the
        game no longer has (a step taken since: roll again)."""
        if outcome.step is None:
            raise GameFileError(f"attack refused: {outcome.refused}")
        for change in outcome.step.changes:
            ref = Ref(change.side, change.unit, change.element)
            if self.state(ref) != change.before:
                raise GameFileError(f"{ref.text}: its state changed since this attack was rolled: roll it again")
        self._record(outcome.step.model_copy(deep=True))
        return replace(outcome, applied=True)

    def _check_ref(self, ref: Ref) -> None:
        """GameFileError for a Ref naming no element of the game."""
        units = self.armies[ref.side].units if 0 <= ref.side < len(self.armies) else []
        if not (0 <= ref.unit < len(units) and 0 <= ref.element < len(units[ref.unit].elements)):
            raise GameFileError(f"{ref.text}: names no element of the game")

    def figures(self, ref: Ref) -> int:
        """The figures of ``ref``'s element that make a whole-element attack now: those its state has left (an
        element whose attack the odds read for all its figures at once, a unit firing together, counts one)."""
        return self._figures(ref, self.state(ref))

    def _figures(self, ref: Ref, state: dict[str, Any]) -> int:
        element = self.element(ref)
        count = self.systems[ref.side].schema.element_count(element)
        left = state.get("figures", count)
        return max(0, min(count, left if isinstance(left, int) else count))

    def _damage_left(self, ref: Ref, state: dict[str, Any], result: Any, most: int) -> int | None:
        """The least total damage that leaves ``ref``'s element no figures, as its rules apply one attack's
        damage (None: no total below ``most`` does)."""
        turn, element = self.systems[ref.side].turn, self.element(ref)

        def wiped(total: int) -> bool:
            after = turn.play_attacked(element, state, result, Rolled(damage=total), self.file.round)
            return not after.get("figures", 1)

        if not state.get("figures", 1) or most < 2 or not wiped(most - 1):
            return None
        low, high = 0, most - 1  # wiped(high), not wiped(low): it has figures
        while high - low > 1:
            middle = (low + high) // 2
            low, high = (low, middle) if wiped(middle) else (middle, high)
        return high

    def _reroll(
        self, result: Any, who: str, a_ref: Ref, a_state: dict[str, Any], t_ref: Ref, t_state: dict[str, Any]
    ) -> tuple[list[Any], dict[str, Any], dict[str, Any]]:
        """The steps with ``who``'s re-roll spent, and both states with it spent."""
        if who not in ("attacker", "target"):
            raise GameFileError(f"re-roll {who!r}: 'attacker' or 'target'")
        system = self.systems[a_ref.side if who == "attacker" else t_ref.side]
        name = combat_of(system).reroll_name
        steps = system.turn.play_reroll(list(result.steps), who) if who in result.reroll else None
        if steps is None:
            raise GameFileError(f"re-roll {who!r}: the {who} has no {name} in this attack")
        ref, state = (a_ref, a_state) if who == "attacker" else (t_ref, t_state)
        try:
            spent = system.turn.play_spend_reroll(state)
        except PlayError as exc:
            raise GameFileError(f"re-roll {who!r}: {ref.text}: {exc}") from None
        if who == "attacker":
            a_state = spent
        else:
            t_state = spent
        return steps, a_state, t_state

    @staticmethod
    def _weapon_index(system: RuleSystem, attacker: Any, kind: str, weapon: str | None, target: Any) -> int:
        """The index among the attacker's ``kind`` attacks of the one named ``weapon`` (the first without)."""
        kinds = system.combat.attack_kinds(attacker) if system.combat else []
        indexes = [i for k, i in kinds if k == kind]
        if not indexes:
            has = ", ".join(sorted({k for k, _i in kinds})) or "none"
            raise GameFileError(f"attack {kind!r}: {attacker.name!r} has no such attack (its attacks: {has})")
        if weapon is None:
            return indexes[0]
        names: dict[str, int] = {}
        for i in indexes:
            try:
                names.setdefault(
                    combat_of(system).attack_checked(attacker, (kind, i), target, frozenset(), strict=False).weapon, i
                )
            except MatchupError:
                continue
        if weapon not in names:
            raise GameFileError(f"weapon {weapon!r}: {attacker.name!r} has no such {kind} weapon ({', '.join(names)})")
        return names[weapon]

    def _unit_activated(self, a_ref: Ref, t_ref: Ref) -> list[Change]:
        """Where the rules activate a unit as one (``TableTurn.unit_activates_together``): the attacker's other
        elements activated with it (the target's own change is its attack's)."""
        if not self.systems[a_ref.side].turn.unit_activates_together:
            return []
        states = self.file.sides[a_ref.side].state[a_ref.unit]
        others = (Ref(a_ref.side, a_ref.unit, e) for e in range(len(states)))
        return [
            self._change(ref, {**self.state(ref), "activated": True})
            for ref in others
            if ref not in (a_ref, t_ref) and not self.state(ref).get("activated")
        ]

    def _change(self, ref: Ref, after: dict[str, Any], before: dict[str, Any] | None = None) -> Change:
        before = self.state(ref) if before is None else before
        return Change(side=ref.side, unit=ref.unit, element=ref.element, before=before, after=after)

    def _record(self, entry: LogEntry) -> None:
        if len(self.file.log) >= MAX_LOG_STEPS:  # never a game its own file would refuse
            raise GameFileError(f"the log is full: a game file holds at most {MAX_LOG_STEPS:,} steps; start a new game")
        self._put(entry, "after")
        self.file.log.append(entry)
        self.file.redo.clear()

    def _put(self, entry: LogEntry, which: str) -> None:
        changes = entry.changes if which == "after" else list(reversed(entry.changes))
        for change in changes:
            self.file.sides[change.side].state[change.unit][change.element] = getattr(change, which)
        if entry.round_before is not None:
            self.file.round = entry.round_before + 1 if which == "after" else entry.round_before

    def initiative(self, modifiers: tuple[int, int] = (0, 0), seed: int | None = None) -> dict[str, Any]:
        """Roll for initiative as the system's rules say (``play_initiative``), logged and undoable: each
        side's die with its bonus and the scenario's ``modifiers``, ties rolled again; who goes first.
        GameFileError where the rules give no initiative roll, or take no modifiers and one is given."""
        system = self.systems[0]
        rule = system.turn.play_initiative(self.armies, [side.state for side in self.file.sides])
        if rule is None:
            raise GameFileError(f"{system.name} has no initiative roll in its rules")
        if any(modifiers) and not rule.modifiers:
            raise GameFileError(f"modifier: {system.name}'s initiative roll takes no scenario modifiers")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        rng = random.Random(seed)
        rolls: list[dict[str, Any]] = []
        losers = [side for side in (0, 1) if rule.loses[side]]
        if len(losers) == 1:
            first = 1 - losers[0]
        else:
            while True:
                totals = []
                for side in (0, 1):
                    face = rng.randint(1, rule.sides)
                    totals.append(face + rule.bonus[side] + modifiers[side])
                    rolls.append(
                        {
                            "step": "initiative",
                            "side": SIDES[side],
                            "dice": f"d{rule.sides}",
                            "rolled": [face],
                            "bonus": rule.bonus[side],
                            "modifier": modifiers[side],
                            "total": totals[-1],
                        }
                    )
                if totals[0] != totals[1]:
                    break
                for throw in rolls[-2:]:
                    throw["tie"] = True
            first = 0 if totals[0] > totals[1] else 1
        entry = LogEntry(action="initiative", round=self.file.round, seed=seed, rolls=rolls, first=SIDES[first])
        self._record(entry)
        out: dict[str, Any] = {"round": self.file.round, "rule": rule.rule, "seed": seed, "rolls": rolls}
        bonus_from = {SIDES[side]: text for side, text in enumerate(rule.bonus_from) if text}
        lost = {SIDES[side]: rule.loses[side] for side in losers} if len(losers) == 1 else {}
        return {
            **out,
            **({"bonus_from": bonus_from} if bonus_from else {}),
            **({"lost": lost} if lost else {}),
            "first": SIDES[first],
        }

    def next_round(self) -> LogEntry:
        """Round + 1: every element's activation cleared and its durations ticked down (the system's rules)."""
        new = self.file.round + 1
        changes = []
        for side, (system, game_side) in enumerate(zip(self.systems, self.file.sides, strict=True)):
            for u, states in enumerate(game_side.state):
                for e, state in enumerate(states):
                    after = system.turn.play_next_round(state, new)
                    if after != state:
                        changes.append(self._change(Ref(side, u, e), after))
        entry = LogEntry(action="next-round", round=self.file.round, round_before=self.file.round, changes=changes)
        self._record(entry)
        return entry

    def set_state(self, ref_text: str, key: str, value: Any) -> LogEntry:
        """A field of an element's state set by hand (a ruling the dice do not make), logged and undoable."""
        ref = self.ref(ref_text)
        try:
            after = self.systems[ref.side].play.play_set(self.element(ref), self.state(ref), key, value)
            check_tree(after)  # what the game file holds in a state: never a game its own file would refuse
        except PlayError as exc:
            raise GameFileError(f"{ref.text}: {exc}") from None
        except LimitError as exc:
            raise GameFileError(f"{ref.text}: {exc.problems[0]}") from None
        entry = LogEntry(action="set", round=self.file.round, target=ref.text, changes=[self._change(ref, after)])
        self._record(entry)
        return entry

    def undo(self) -> LogEntry:
        """The last step taken back (its elements' states before it put back)."""
        return self._move(self.file.log, self.file.redo, "before", "nothing to undo: the log is empty")

    def redo(self) -> LogEntry:
        """The last step undone taken again."""
        return self._move(self.file.redo, self.file.log, "after", "nothing to redo")

    def _move(self, source: list[LogEntry], target: list[LogEntry], which: str, empty: str) -> LogEntry:
        """The last step of ``source`` put back (``which``: its states before or after) and moved to
        ``target``; GameFileError, both lists and every state as they were, for a step that names an
        element the game does not have (a game file's reader refuses such a step: a game built otherwise)."""
        if not source:
            raise GameFileError(empty)
        for change in source[-1].changes:
            states = self.file.sides[change.side].state
            if change.unit >= len(states) or change.element >= len(states[change.unit]):
                raise GameFileError(
                    f"the step names side {change.side} unit {change.unit} element {change.element} (0-based), "
                    "which the game does not have"
                )
        entry = source.pop()
        self._put(entry, which)
        target.append(entry)
        return entry


def describe(entry: LogEntry, game: Game) -> str:
    """One line for a step of the log, naming its elements by REF and name."""
    if entry.action == "next-round":
        return f"round {entry.round_before} → {(entry.round_before or 0) + 1}"
    if entry.action == "set":  # what was set, as `game state` shows a field: "prone false → true"
        said = [
            f"{key} {json.dumps(change.before.get(key), ensure_ascii=False)} → {json.dumps(value, ensure_ascii=False)}"
            for change in entry.changes
            for key, value in change.after.items()
            if change.before.get(key) != value
        ]
        return f"{ref_label(game, entry.target)}: {', '.join(said) or 'state'} set by hand"
    if entry.action == "initiative":
        return f"initiative: {entry.first} goes first"
    if entry.action == "roll":  # a unit's table roll (model.table_rolls)
        return step_line(game, entry)
    hits = counted(entry.hits, "hits")
    attack = attack_name(entry.attack, entry.weapon)
    return (
        f"{ref_label(game, entry.attacker)} {attack} → {ref_label(game, entry.target)}: {hits}, {entry.damage} damage"
    )
