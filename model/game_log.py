"""A game's log as text to keep or post (the window's Export Log): one line per step, every die of an
attack under it, in plain text or Markdown. What the game file took from an army (unit, element and weapon
names) goes through ``model/usertext.py``: it stays on its line and opens no markup."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from warbench.model import usertext
from warbench.model.systems.base import counted

if TYPE_CHECKING:
    from warbench.model.game import Game
    from warbench.model.game_file import LogEntry

LOG_FORMATS = ("plain", "markdown")
#: a roll's ``need`` ("4+"), as the log holds it: ASCII digits (a file may hold "²+", which int() refuses)
_NEED = re.compile(r"(-?[0-9]{1,9})\+")


def element_names(game: Game, ref_text: str | None) -> tuple[str, str] | None:
    """The unit's and the element's names of a REF of the game (``Game.ref``: the one reading of a REF), None
    when it names nothing there."""
    if not ref_text:
        return None
    try:
        return game.names(game.ref(ref_text))
    except ValueError:
        return None


def element_name(game: Game, ref_text: str | None) -> str:
    """``b:2/1 Ravagers — Ravager`` for a REF of the game (the REF alone when it names nothing there)."""
    names = element_names(game, ref_text)
    return f"{ref_text} {names[0]} — {names[1]}" if names else ref_text or ""


def labelled(ref_text: str, unit: str, element: str) -> str:
    """``b:1/1 (Ravagers / Trooper)``: an element by its REF and its names, as the command line prints it."""
    return f"{ref_text} ({unit} / {element})"


def ref_label(game: Game, ref_text: str | None) -> str:
    """:func:`labelled` for a REF of the game (the REF alone when it names nothing there)."""
    names = element_names(game, ref_text)
    return labelled(ref_text or "", *names) if names else ref_text or ""


def attack_name(kind: str | None, weapon: str | None) -> str:
    """The attack as a player names it: "ranged (Rifle)", and "melee" once where the weapon is its kind."""
    return f"{kind}" if not weapon or weapon == kind else f"{kind} ({weapon})"


def step_line(game: Game, entry: LogEntry) -> str:
    """One line for a step of the log, naming the elements (their REFs and names)."""
    if entry.action == "next-round":
        return f"round {entry.round_before} → {(entry.round_before or 0) + 1}"
    if entry.action == "set":
        fields = sorted({k for c in entry.changes for k in c.after if c.after.get(k) != c.before.get(k)})
        return f"{element_name(game, entry.target)}: {', '.join(fields) or 'state'} set by hand"
    if entry.action == "initiative":
        return f"initiative: {entry.first} goes first"
    if entry.action == "roll":  # a unit's table roll (model.table_rolls): "a:2 Ravagers: morale failed"
        extra = entry.model_extra or {}
        names = element_names(game, entry.target)
        unit = (entry.target or "").split("/")[0] + (f" {names[0]}" if names else "")
        return f"{unit}: {extra.get('roll', 'roll')} {extra.get('outcome', '')}".rstrip()
    effects = "".join(f", {k} {v}" for k, v in entry.effects.items())
    attack = attack_name(entry.attack, entry.weapon)
    whole = (entry.model_extra or {}).get("figures")  # a whole-element attack (``--all``): its figures said
    if isinstance(whole, int) and not isinstance(whole, bool) and whole > 1:
        attack += f" ({counted(whole, 'figures')})"
    return (
        f"{element_name(game, entry.attacker)} {attack} → {element_name(game, entry.target)}: "
        f"{counted(entry.hits, 'hits')}, {entry.damage} damage{effects}"
    )


def opposed(roll: dict[str, Any]) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """An opposed roll's two dice, ((attacker's die, its total), (target's die, its total)), or None for a
    roll of one side's dice: the attacker's die is the first rolled, its total the roll's ``total``; the
    target's total is one short of the ``need`` (the attacker must beat it)."""
    rolled, need = roll.get("rolled"), _NEED.fullmatch(str(roll.get("need", "")))
    if not (isinstance(rolled, list) and len(rolled) == 2 and need) or "outcome" in roll:
        return None  # (a table roll, which names its outcome, sums its dice)
    total = roll.get("total")
    return (rolled[0], total if isinstance(total, int) else rolled[0]), (rolled[1], int(need[1]) - 1)


def roll_line(roll: dict[str, Any]) -> str:
    """One roll of an attack: its dice, what they showed, the total against the need; an opposed roll (a
    roll-off) says what each side rolled and who won."""
    if "side" in roll:  # an initiative roll: one side's die
        added = roll.get("bonus", 0) + roll.get("modifier", 0)
        face = (roll.get("rolled") or [0])[0]
        tie = ": tie, rolled again" if roll.get("tie") else ""
        return f"{roll.get('step', '')}: {roll['side']} {roll.get('dice', '')} {with_total(face, face + added)}{tie}"
    mark = "tie, rolled again" if roll.get("tie") else "success" if roll.get("success") else "failure"
    pair = opposed(roll)
    if pair is not None:
        (mine, my_total), (theirs, their_total) = pair
        won = "tie, rolled again" if roll.get("tie") else "attacker wins" if roll.get("success") else "target wins"
        return (
            f"{roll.get('step', '')}: attacker {roll.get('dice', '')} {with_total(mine, my_total)}, "
            f"target {roll.get('dice', '')} {with_total(theirs, their_total)}: {won}"
        )
    return f"{roll.get('step', '')}: {roll.get('dice', '')} rolled {faces(roll)}, needs {roll.get('need', '')}: {mark}"


def faces(roll: dict[str, Any]) -> str:
    """What a roll's dice showed and what they came to: "4", "3 (+1 = 4)", "3 + 5 = 8", "3 + 5 (-1 = 7)"."""
    rolled = roll.get("rolled")
    dice = [d for d in rolled if isinstance(d, int)] if isinstance(rolled, list) else []
    if not dice:
        return str(roll.get("total", ""))
    total = roll["total"] if isinstance(roll.get("total"), int) else sum(dice)
    if len(dice) == 1:
        return with_total(dice[0], total)
    shown = " + ".join(map(str, dice))
    return f"{shown} = {total}" if sum(dice) == total else f"{shown} ({total - sum(dice):+d} = {total})"


def with_total(face: int, total: int) -> str:
    """ "5", or "4 (+1 = 5)": a die and what its modifier made of it."""
    return str(face) if face == total else f"{face} ({total - face:+d} = {total})"


def log_text(game: Game, fmt: str = "plain") -> str:
    """Every step of the log in order, with the rolls of each attack."""
    esc = usertext.markdown if fmt == "markdown" else usertext.plain
    armies = " against ".join(esc(usertext.name(army.name)) for army in game.armies)  # as the army's text export
    lines = [f"# {armies}" if fmt == "markdown" else armies, ""]
    for number, entry in enumerate(game.file.log, 1):
        head = esc(usertext.one_line(step_line(game, entry)))
        lines.append(f"{number}. round {entry.round}: {head}")
        for roll in entry.rolls:
            figure = f"figure {roll['figure']}: " if type(roll.get("figure")) is int else ""  # a whole-element attack
            lines.append(f"    - {figure}{esc(usertext.one_line(roll_line(roll)))}")
    lines.append(f"\nround {game.file.round}, {counted(len(game.file.log), 'steps')}")
    return "\n".join(lines) + "\n"
