"""One roll the rules call for at the table besides an attack (a unit's activation, morale, rally): its dice,
the total it needs after its named modifiers, what each result does, and its exact odds.

A system's turn facet (``model.systems.play.TableTurn.play_unit_rolls``) says which rolls a unit may or must
make now; ``model.table_rolls`` rolls one, applies it (the system's ``play_roll_result``) and logs it like an
attack. Every probability is a ``fractions.Fraction`` worked out over every face of the dice: nothing is
sampled.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any

from warbench.model.i18n import NP_, _, pgettext

#: the catalogue's context of a table roll's kind ("morale") and outcome ("failed") names: identifiers in the
#: game file and the command line's JSON, shown in the model's language by :func:`roll_name` and :func:`outcome_name`
ROLL = "table roll"
#: the outcomes every roll has: it reached its need, or not
PASSED = NP_("table roll", "passed")
FAILED = NP_("table roll", "failed")
#: the rules' rolls' kinds as the log's steps name them (a logged roll's ``step`` is its kind: the play view shows
#: it like an attack's step, ``pgettext("step", ...)``)
STEPS = (NP_("step", "activation"), NP_("step", "morale"), NP_("step", "rally"))
#: dice one table roll sums (the rules' rolls use one or two)
MAX_DICE = 3


def roll_name(kind: str) -> str:
    """A roll's kind ("morale", its identifier) in the model's language ("Moral"); the kind itself when the
    catalogue has none (a third-party system's own roll)."""
    return pgettext(ROLL, kind) if kind else kind


def outcome_name(outcome: str) -> str:
    """A roll's outcome ("failed", its identifier) in the model's language ("nicht bestanden")."""
    return pgettext(ROLL, outcome) if outcome else outcome


@dataclass(frozen=True)
class TableRoll:
    """A roll of ``dice`` d``sides`` summed, plus the ``modifiers`` (label, value), against ``need`` (or more).

    ``floor``: a modified total at or below it gives ``floor_outcome`` (a unit broken), whatever the dice;
    ``natural``: outcomes a sum of the dice gives before any modifier (double ones, an unmodified 6 or 1). ``effects``
    says what each outcome does at the table, in the rules' words; ``due`` why the rules call for the roll
    now ('' for a roll the player may make when the unit's turn comes); ``readings`` the readings taken.
    ``kind`` and the outcomes are identifiers (marked ``NP_("table roll", ...)``: :func:`roll_name` shows them);
    ``due``, the modifiers' labels that are not rule names and ``effects`` are in the model's language (English
    on the command line)."""

    kind: str  # "activation", "morale", "rally"
    rule: str  # the rule in one line
    dice: int = 1
    sides: int = 6
    need: int = 4
    modifiers: tuple[tuple[str, int], ...] = ()
    natural: tuple[tuple[int, str], ...] = ()
    floor: int | None = None
    floor_outcome: str = ""
    effects: tuple[tuple[str, str], ...] = ()
    due: str = ""
    readings: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not 1 <= self.dice <= MAX_DICE or self.sides < 2:
            raise ValueError(f"a table roll sums 1 to {MAX_DICE} dice of 2 or more faces, not {self.dice}d{self.sides}")

    @property
    def modifier(self) -> int:
        return sum(value for _label, value in self.modifiers)

    @property
    def dice_text(self) -> str:
        return f"{self.dice if self.dice > 1 else ''}d{self.sides}"

    def outcome(self, faces: tuple[int, ...] | list[int]) -> str:
        """What the dice showing ``faces`` give."""
        total = sum(faces) + self.modifier
        if self.floor is not None and total <= self.floor:  # read first: a unit broken stays broken
            return self.floor_outcome
        natural = dict(self.natural)
        if sum(faces) in natural:
            return natural[sum(faces)]
        return PASSED if total >= self.need else FAILED

    def odds(self) -> dict[str, Fraction]:
        """Each outcome's exact chance, in the order :meth:`outcomes` lists them (those that cannot happen: 0)."""
        counts = dict.fromkeys(self.outcomes(), 0)
        for faces in product(range(1, self.sides + 1), repeat=self.dice):
            counts[self.outcome(faces)] += 1
        whole = self.sides**self.dice
        return {name: Fraction(n, whole) for name, n in counts.items()}

    def outcomes(self) -> list[str]:
        """Every outcome the roll can name: passed, failed, then the rules' own."""
        named = [PASSED, FAILED, *(name for _total, name in self.natural)]
        if self.floor is not None:
            named.append(self.floor_outcome)
        return list(dict.fromkeys(named))

    def effect(self, outcome: str) -> str:
        """What ``outcome`` does at the table ('' when the rules say nothing more)."""
        return dict(self.effects).get(outcome, "")

    def roll(self, rng: random.Random) -> tuple[list[int], str, dict[str, Any]]:
        """Roll it: the faces, the outcome and the roll as the log writes it (``model.attack_steps``' fields)."""
        faces = [rng.randint(1, self.sides) for _ in range(self.dice)]
        outcome = self.outcome(faces)
        logged = {
            "step": self.kind,
            "dice": self.dice_text,
            "rolled": faces,
            "total": sum(faces) + self.modifier,
            "need": f"{self.need}+",
            "success": outcome == PASSED,
            "modifier": self.modifier,
            "outcome": outcome,
        }
        return faces, outcome, logged

    def summary(self) -> str:
        """One line for the paper tracker: "activation: 2d6 needs 5+ — passed 5/6, failed 5/36, ..." (in the
        model's language)."""
        odds = ", ".join(f"{outcome_name(name)} {p}" for name, p in self.odds().items() if p)
        return _("{roll}: {dice} needs {need}+ — {odds}").format(
            roll=roll_name(self.kind), dice=self.dice_text, need=self.need, odds=odds
        )

    def as_json(self) -> dict[str, Any]:
        """The roll as ``warbench game rolls --json`` lists it: its dice, need, modifiers, exact odds and effects."""
        return {
            "roll": self.kind,
            "rule": self.rule,
            "dice": self.dice_text,
            "need": f"{self.need}+",
            "modifiers": [{"label": label, "value": value} for label, value in self.modifiers],
            "odds": {name: str(p) for name, p in self.odds().items()},
            "effects": {name: self.effect(name) for name in self.outcomes() if self.effect(name)},
            **({"due": self.due} if self.due else {}),
            **({"readings": list(self.readings)} if self.readings else {}),
        }
