"""The combat facet of a rule system: the exact odds of one attack (see model/odds.py).

A system with an attack model has one (``RuleSystem.combat``; None where it has none: that is how a caller knows);
its module defines the subclass and names it in its ``facets`` (``model.systems.base.Facets``). The facet is built
with its system (``Combat(system)``) and reads the system's data and catalogue through ``self.system``: a homebrew
copy of the system builds its own. One attack is one :class:`AttackContext` in, one ``AttackResult`` out
(:meth:`Combat.resolve`); :meth:`Combat.attack` checks the attack and the situation first."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from warbench.model.odds import AttackResult, MatchupError, MatchupTooLarge, Situation, check_situation
from warbench.model.resources import load_entries
from warbench.model.systems.facet import Facet, S

if TYPE_CHECKING:
    from warbench.model.systems.base import RuleSystem

COMPUTED = "computed"
LEFT_TO_TABLE = "left to the table"


@dataclass(frozen=True)
class RuleCoverage:
    """One rule of a system and what the odds do with it (``docs/rules-coverage.md``; ``Combat.rules_coverage``)."""

    rule: str  # the rule as the system's data names it (an id, or a name)
    kind: str  # attribute, spell, template rule, weapon, situation, status, core rule...
    status: str  # COMPUTED or LEFT_TO_TABLE
    how: str  # how the odds compute it, or why the table settles it
    test: str  # the test covering it: "tests/<path>.py::<name>"


@dataclass(frozen=True)
class AttackContext:
    """One attack, checked: ``kind``/``index`` one of the attacker's ``attack_kinds``, ``situation`` names
    known situations; ``distance`` in inches where the player gave one; ``strict``: refuse what the rules
    leave to the table rather than guess."""

    attacker: Any
    kind: str
    index: int
    target: Any
    situation: frozenset[str] = frozenset()
    distance: int | None = None
    strict: bool = True


def combat_of(system: RuleSystem) -> Combat[Any]:
    """``system.combat``, where a caller knows it is there (it has odds to ask for): MatchupError otherwise."""
    if system.combat is None:
        raise MatchupError(f"{system.name} has no attack model")
    return system.combat


class Combat(Facet[S], ABC):
    """A system's attack model: its attacks, situations and actions, and the odds of one attack."""

    #: the situational modifiers the attack model takes, named as the rules name them
    situations: ClassVar[tuple[Situation, ...]] = ()
    #: where an attack result has re-roll odds (``AttackResult.reroll``), ``warbench matchup --json`` writes
    #: them under ``reroll`` and, when this is set, under this key too: the key older versions wrote
    matchup_reroll_key: ClassVar[str] = ""

    @cached_property
    def readings(self) -> dict[str, dict[str, Any]]:
        """Where the system's document reads two ways, the reading picked, by id
        (``resources/<system>/readings.json``: ``rule``, ``question``, ``reading``, ``other``)."""
        return {r["id"]: r for r in load_entries(self.system.root.id, "readings.json", "readings")}

    def reading_text(self, reading_id: str) -> str:
        """The reading as the odds name it: ``"reading <id>: <the pick>"``."""
        return f"reading {reading_id}: {self.readings[reading_id]['reading']}"

    @property
    def reroll_name(self) -> str:
        """What the rules call the re-roll of the system's ``dice_check`` ("re-roll" when they give it no name)."""
        check = self.system.reference.dice_check
        return (check.reroll if check else "") or "re-roll"

    def rules_coverage(self) -> list[RuleCoverage]:
        """Every special rule of the system (attributes, spells, template and unit rules, statuses, the
        situations) with what the odds do with it."""
        return []

    @abstractmethod
    def attack_kinds(self, element: Any) -> list[tuple[str, int]]:
        """The attacks ``element`` can make: (kind, index among that kind's weapons)."""

    def actions(self, attack: str | None = None) -> list[frozenset[str]]:
        """The attack kinds that fire together in one activation (one set per action)."""
        return [frozenset({attack})] if attack else [frozenset({"melee"}), frozenset({"ranged"})]

    def attack(
        self,
        attacker: Any,
        kind: str | tuple[str, int],
        target: Any,
        situation: frozenset[str] | set[str] | tuple[str, ...] = frozenset(),
        distance: int | None = None,
        strict: bool = True,
    ) -> AttackResult:
        """Exact odds of one attack of ``attacker`` on ``target`` (MatchupError when it cannot be made):
        the attack and the situation checked here, the odds from :meth:`resolve`."""
        return self.attack_checked(
            attacker, kind, target, check_situation(self.situations, situation), distance, strict
        )

    def attack_checked(
        self,
        attacker: Any,
        kind: str | tuple[str, int],
        target: Any,
        situation: frozenset[str],
        distance: int | None = None,
        strict: bool = True,
    ) -> AttackResult:
        """:meth:`attack` for a situation already checked by ``model.odds.check_situation`` (a matchup
        of two armies checks it once, not once per attack)."""
        key, index = self.pick_attack(attacker, kind)
        try:
            return self.resolve(AttackContext(attacker, key, index, target, frozenset(situation), distance, strict))
        except MatchupTooLarge as exc:  # named here: the system's model does not know where it is
            raise MatchupTooLarge(f"{attacker.name!r}, {key} attack {index + 1}: {exc}") from None

    @abstractmethod
    def resolve(self, attack: AttackContext) -> AttackResult:
        """The odds of one checked attack: the system's attack model."""

    def matchup_key(self, element: Any) -> Any:
        """A key equal for two elements whose odds are the same (army runs reuse the work)."""
        return element.model_dump_json(exclude={"count"})

    def matchup_attack_key(self, element: Any, kind: tuple[str, int]) -> Any:
        """A key equal for two attackers whose attack ``kind`` (one of ``attack_kinds``) has the
        same odds against any target (what that attack reads from its attacker)."""
        return (self.matchup_key(element), kind)

    def matchup_target_key(self, element: Any) -> Any:
        """A key equal for two elements whose odds as a *target* are the same (what an attack
        reads from the element it hits: often much less than ``matchup_key``)."""
        return self.matchup_key(element)

    def pick_attack(self, attacker: Any, kind: str | tuple[str, int]) -> tuple[str, int]:
        """``kind`` (a kind, its first weapon, or (kind, index)) checked against the attacker's attacks, with a
        message naming both."""
        key = (kind, 0) if isinstance(kind, str) else kind
        kinds = self.attack_kinds(attacker)
        if key not in kinds:
            has = ", ".join(sorted({k for k, _i in kinds})) or "none"
            raise MatchupError(f"{attacker.name!r} has no {key[0]} attack (its attacks: {has})")
        return key
