"""The play view's words for what the game model holds: a step of the log, a roll of the dice, an element's
state, a count, in the window's language (``model.game_log`` words the same for the exported log and the
command line, in English). The rules' own words (a roll's step, a state's fields, a weapon) stay as the
system names them: rule data is not translated."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from warbench.gui import i18n
from warbench.model.game_log import attack_name, element_name, faces, opposed, with_total
from warbench.model.i18n import attack as attack_word
from warbench.model.i18n import label as data_label
from warbench.model.i18n import pgettext
from warbench.model.i18n_data import state_name
from warbench.model.table_roll import outcome_name, roll_name

if TYPE_CHECKING:
    from warbench.model.game import Game
    from warbench.model.game_attack import AttackOutcome
    from warbench.model.game_file import LogEntry

SIDE_NAMES: tuple[str, ...] = cast(
    tuple, (QT_TRANSLATE_NOOP("play_text", "Side A"), QT_TRANSLATE_NOOP("play_text", "Side B"))
)


def side_name(side: int) -> str:
    """ "Side A" or "Side B", in the window's language."""
    return QCoreApplication.translate("play_text", SIDE_NAMES[side])


class Counts(QObject):
    """The counts' plural forms (Qt's numerus forms: lupdate reads them from ``self.tr`` only)."""

    def hits(self, n: int) -> str:
        return self.tr("%Ln hit(s)", "", n)

    def shots(self, n: int) -> str:
        return self.tr("%Ln shot(s)", "", n)

    def figures(self, n: int) -> str:
        return self.tr("%Ln figure(s)", "", n)


_COUNTS = Counts()


def hits(n: int) -> str:
    """ "1 hit", "3 hits"."""
    return _COUNTS.hits(n)


def shots(n: int) -> str:
    return _COUNTS.shots(n)


def figures(n: int) -> str:
    """ "1 figure", "8 figures"."""
    return _COUNTS.figures(n)


TOTALS_SHOWN = 8  # the totals a distribution lists at most (the rest said as one "or more")
TAIL = Fraction(1, 100)  # the totals left that are said as one "or more" once they come to less than this


def distribution(outcome: AttackOutcome) -> str:
    """ "0: 12.0% · 1: 41.0% · 2: 30.5% · 3+: 16.5%": each total damage of the whole attack with its chance,
    the unlikely tail said as one "or more"."""
    dist = outcome.distribution
    said, left = [], Fraction(1)
    for k, p in enumerate(dist):
        if k == len(dist) - 1 or (k >= 1 and left - p < TAIL and k + 1 < len(dist)) or k == TOTALS_SHOWN:
            if k == len(dist) - 1:
                said.append(f"{i18n.whole(k)}: {i18n.chance(p)}")
            else:
                said.append(
                    QCoreApplication.translate("play_text", "{n}+: {chance}").format(
                        n=i18n.whole(k), chance=i18n.chance(left)
                    )
                )
            break
        said.append(f"{i18n.whole(k)}: {i18n.chance(p)}")
        left -= p
    return " · ".join(said)


def damage(n: int) -> str:
    return QCoreApplication.translate("play_text", "{n} damage").format(n=i18n.whole(n))


def effects(found: dict[str, int]) -> str:
    """ ", snared 1" for each effect (the rules' names) an attack had."""
    return "".join(f", {name} {i18n.whole(count)}" for name, count in found.items())


def odds(label: str, value: str) -> str:
    """``P(hit) 2/3 (66.7%)`` from an exact fraction's text."""
    return f"{label} {value} ({i18n.chance(Fraction(value))})"


def need(text: str) -> str:
    """A roll's need as the model writes it ("4+", "3 or less"), in the window's language."""
    if text.endswith(" or less"):
        return QCoreApplication.translate("play_text", "{n} or less").format(n=text.removesuffix(" or less"))
    return text


def roll(data: dict[str, Any]) -> str:
    """One roll of an attack: what was rolled for whom, against what, and what it came to."""
    step = pgettext("step", str(data.get("step", "")))  # the rules' step ("hit"), in the window's language
    pair = opposed(data)
    if pair is not None:
        (mine, my_total), (theirs, their_total) = pair
        said = (
            QCoreApplication.translate("play_text", "tie, rolled again")
            if data.get("tie")
            else QCoreApplication.translate("play_text", "attacker wins")
            if data.get("success")
            else QCoreApplication.translate("play_text", "target wins")
        )
        return QCoreApplication.translate(
            "play_text", "{step}: attacker {dice} {mine}, target {dice} {theirs}: {outcome}"
        ).format(
            step=step,
            dice=data.get("dice", ""),
            mine=with_total(mine, my_total),
            theirs=with_total(theirs, their_total),
            outcome=said,
        )
    outcome = (
        QCoreApplication.translate("play_text", "success")
        if data.get("success")
        else QCoreApplication.translate("play_text", "failure")
    )
    effect = data.get("effect")
    if effect:
        outcome = f"{outcome} ({effect})"
    again = QCoreApplication.translate("play_text", " (re-rolled)") if data.get("reroll") else ""
    return QCoreApplication.translate(
        "play_text", "{step}: {dice} rolled {total}, needs {need}: {outcome}{again}"
    ).format(
        step=step,
        dice=data.get("dice", ""),
        total=faces(data),
        need=need(str(data.get("need", ""))),
        outcome=outcome,
        again=again,
    )


def set_by_hand(game: Game, entry: LogEntry) -> str:
    """A ruling: the fields of the state set by hand, named as the play view names them (translated), each
    with its value before and after ("figures 9 → 4")."""
    said = [
        f"{data_label(state_name(key))} {state_value(change.before.get(key))} → {state_value(change.after.get(key))}"
        for change in entry.changes
        for key in sorted(change.after)
        if change.after.get(key) != change.before.get(key)
    ]
    return QCoreApplication.translate("play_text", "{element}: {fields} set by hand").format(
        element=element_name(game, entry.target),
        fields=", ".join(said) or QCoreApplication.translate("play_text", "state"),
    )


def state_value(value: Any) -> str:
    """A value of a state as the play view shows it: yes or no, a number in the locale's digits, a word of the
    rules in the window's language, else its JSON."""
    if isinstance(value, bool):
        return (
            QCoreApplication.translate("play_text", "yes") if value else QCoreApplication.translate("play_text", "no")
        )
    if isinstance(value, int):
        return i18n.whole(value)
    if isinstance(value, str):
        return data_label(value)
    return json.dumps(value, ensure_ascii=False)


def table_roll(game: Game, entry: LogEntry) -> str:
    """A unit's table roll (``model.table_rolls``): its kind and outcome, identifiers in the log, shown in the
    window's language."""
    extra = entry.model_extra or {}
    return QCoreApplication.translate("play_text", "{unit}: {roll} roll, {outcome}").format(
        unit=element_name(game, entry.target),
        roll=roll_name(str(extra.get("roll", ""))),
        outcome=outcome_name(str(extra.get("outcome", ""))),
    )


def step(game: Game, entry: LogEntry) -> str:
    """One line for a step of the log, naming the elements (their REFs and names)."""
    if entry.action == "next-round":
        before = entry.round_before or 0
        return QCoreApplication.translate("play_text", "round {before} → {after}").format(
            before=before, after=before + 1
        )
    if entry.action == "set":
        return set_by_hand(game, entry)
    if entry.action == "initiative":
        return initiative(entry.model_dump(mode="json"))
    if entry.action == "roll":
        return table_roll(game, entry)
    return _attack_step(game, entry)


def _attack_step(game: Game, entry: LogEntry) -> str:
    """An attack's line: the attack in the window's words, the figures of a whole-element attack."""
    attack = attack_name(
        attack_word(entry.attack or ""),
        attack_word(entry.weapon or "") if entry.weapon == entry.attack else data_label(entry.weapon or ""),
    )
    whole = (entry.model_extra or {}).get("figures")  # a whole-element attack: its figures said
    if isinstance(whole, int) and not isinstance(whole, bool) and whole > 1:
        attack = QCoreApplication.translate("play_text", "{attack} ({figures})").format(
            attack=attack, figures=figures(whole)
        )
    return QCoreApplication.translate("play_text", "{attacker} {attack} → {target}: {hits}, {damage}{effects}").format(
        attacker=element_name(game, entry.attacker),
        attack=attack,
        target=element_name(game, entry.target),
        hits=hits(entry.hits or 0),
        damage=damage(entry.damage or 0),
        effects=effects(entry.effects),
    )


def figure_roll(data: dict[str, Any]) -> str:
    """:func:`roll`, after the figure that rolled it in a whole-element attack ("Figure 2: hit: …")."""
    number = data.get("figure")
    if isinstance(number, int) and not isinstance(number, bool):
        return QCoreApplication.translate("play_text", "Figure {number}: {roll}").format(
            number=i18n.whole(number), roll=roll(data)
        )
    return roll(data)


def initiative(data: dict[str, Any]) -> str:
    """An initiative roll: every die of each side, and who goes first."""
    parts = []
    for throw in data.get("rolls", ()):
        side = "ab".index(throw["side"]) if throw.get("side") in ("a", "b") else 0
        face = (throw.get("rolled") or [0])[0]
        total = throw.get("total") if isinstance(throw.get("total"), int) else face
        tie = QCoreApplication.translate("play_text", " (tie)") if throw.get("tie") else ""
        parts.append(f"{side_name(side)} {throw.get('dice', '')} {with_total(face, total)}{tie}")
    for side, why in data.get("lost", {}).items():
        parts.append(
            QCoreApplication.translate("play_text", "{side} loses the initiative: {reason}").format(
                side=side_name("ab".index(side)), reason=data_label(str(why))
            )
        )
    first = data.get("first")
    winner = side_name("ab".index(first)) if first in ("a", "b") else "?"
    return QCoreApplication.translate("play_text", "Initiative: {rolls}; {side} goes first").format(
        rolls=" · ".join(parts), side=winner
    )


def state(fresh: dict[str, Any], state: dict[str, Any]) -> str:
    """An element's state in a few words: counts against what they started at, the flags that are on, the
    lists that hold something; a field at its starting value of nothing (0, false, empty) is left out. The
    fields are the rules' (their names stay as the system gives them)."""
    if "figures" in state and not state["figures"]:
        return QCoreApplication.translate("play_text", "removed")
    parts = []
    for key, value in state.items():
        name = data_label(state_name(key))  # the rules' word, translated (model/i18n.py)
        start = fresh.get(key)
        if isinstance(value, bool):
            if value:
                parts.append(name)
        elif isinstance(value, int):
            if isinstance(start, int) and not isinstance(start, bool) and start > 0:
                parts.append(f"{name} {i18n.whole(value)}/{i18n.whole(start)}")
            elif value:
                parts.append(f"{name} {i18n.whole(value)}")
        elif isinstance(value, list):
            if value:
                parts.append(f"{name}: {', '.join(_value_text(v) for v in value)}")
        elif value is not None and value != start:
            parts.append(f"{name} {_value_text(value)}")
    return " · ".join(parts) or QCoreApplication.translate("play_text", "ready")


def _value_text(value: Any) -> str:
    if isinstance(value, dict):
        return " ".join(str(v) for v in value.values() if v is not None)
    return str(value)
