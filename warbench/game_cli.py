"""``warbench game``: play a game headless (``docs/game-file.md``; the contract in the README).

``new`` starts a game file from one or two army files; ``state`` prints it; ``attack`` rolls one attack
(``--apply`` applies it); ``undo``, ``redo``, ``next-round``, ``initiative`` and ``set`` change it;
``import-pack`` brings a side to its table pack's exported state and ``export-pack`` prints that state for
the pack. Every change is logged and written atomically; a bad file, reference, attack or situation exits 2
with one line and leaves the file as it was.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from warbench.model.fileio import failure_text
from warbench.model.game_log import attack_name, labelled
from warbench.model.limits import escape_line, excerpt
from warbench.model.systems.base import counted
from warbench.output import error, json_text, out

if TYPE_CHECKING:
    from warbench.model.game import Game
    from warbench.model.game_attack import AttackOutcome

# model.game and model.game_file (the game file's pydantic models) are imported by the `game` command
# only: every other command (``warbench cost`` first) starts without them (~30 ms)


def add_parser(sub: Any) -> None:
    game = sub.add_parser("game", help="play a game: attacks rolled and applied, rounds, undo (a .game.json file)")
    actions = game.add_subparsers(dest="game_command", metavar="ACTION", required=True)
    new = actions.add_parser("new", help="start a game file from one or two army files")
    new.add_argument("army", help="the first side's army (.army.json)")
    new.add_argument("opponent", nargs="?", help="the second side's army (default: a copy of the first)")
    new.add_argument("-o", "--output", required=True, help="the game file to write (.game.json)")
    state = actions.add_parser("state", help="print the round, every element's state and the log")
    state.add_argument("file")
    state.add_argument("--json", action="store_true", help="print the state JSON contract")
    attack = actions.add_parser("attack", help="roll one attack; --apply applies it to the target")
    attack.add_argument("file")
    attack.add_argument(
        "--attacker",
        required=True,
        metavar="REF",
        help="SIDE:UNIT/ELEMENT (a or b; digits: a 1-based index, else an exact name)",
    )
    attack.add_argument("--target", required=True, metavar="REF")
    attack.add_argument("--attack", required=True, metavar="KIND", help="the attack kind, as warbench matchup names it")
    attack.add_argument("--weapon", metavar="NAME", help="the weapon of that kind (default: the first)")
    attack.add_argument("--situation", metavar="S", action="append", default=[], help="a situation (repeatable)")
    attack.add_argument("--seed", type=int, help="repeatable dice (default: a fresh seed, logged)")
    attack.add_argument("--apply", action="store_true", help="apply the outcome to the target, logged and undoable")
    attack.add_argument(
        "--reroll",
        choices=("attacker", "target"),
        help="that side spends its once-per-game re-roll (the matchup's reroll odds); tracked in its state",
    )
    attack.add_argument(
        "--all",
        action="store_true",
        help="every figure of the attacker that may attack makes its attack, as one step (its distribution printed)",
    )
    attack.add_argument("--json", action="store_true", help="print the attack JSON contract")
    for name, text in (("undo", "undo the last step"), ("redo", "redo the last step undone")):
        actions.add_parser(name, help=text).add_argument("file")
    actions.add_parser("next-round", help="next round: activations cleared, durations ticked down").add_argument("file")
    initiative = actions.add_parser(
        "initiative", help="roll for initiative as the system's rules say (logged, undoable): who goes first"
    )
    initiative.add_argument("file")
    initiative.add_argument(
        "--modifier",
        metavar="SIDE=N",
        action="append",
        default=[],
        help="a scenario modifier to a side's roll (a=1, b=-1; where the rules have them)",
    )
    initiative.add_argument("--seed", type=int, help="repeatable dice (default: a fresh seed, logged)")
    initiative.add_argument("--json", action="store_true", help="print the roll as JSON")
    pack_in = actions.add_parser(
        "import-pack", help="bring a side to the state a table pack exported (its Export text), logged and undoable"
    )
    pack_in.add_argument("file")
    pack_in.add_argument("state", help="a text holding the pack's exported state; - reads standard input")
    pack_in.add_argument("--side", choices=("a", "b"), default="a", help="the side the pack is of (default: a)")
    pack_out = actions.add_parser("export-pack", help="print a side's state for its table pack's Import")
    pack_out.add_argument("file")
    pack_out.add_argument("--side", choices=("a", "b"), default="a", help="the side to export (default: a)")
    _add_roll_parsers(actions)
    put = actions.add_parser("set", help="set a field of an element's state by hand (a ruling), undoable")
    put.add_argument("file")
    put.add_argument("ref", metavar="REF")
    put.add_argument("field")
    put.add_argument("value", help="a JSON value: true, 3, [] ...")


def _add_roll_parsers(actions: Any) -> None:
    """``rolls`` (the table rolls offered now, with their exact odds) and ``roll`` (one made, logged)."""
    rolls = actions.add_parser(
        "rolls", help="the rolls the rules call for now (activation, morale, rally), with their exact odds"
    )
    rolls.add_argument("file")
    rolls.add_argument("--unit", metavar="SIDE:UNIT", help="every roll this unit may make now (default: those due)")
    rolls.add_argument("--json", action="store_true", help="print the rolls as JSON")
    roll = actions.add_parser("roll", help="make a unit's table roll: applied, logged and undoable")
    roll.add_argument("file")
    roll.add_argument("--unit", required=True, metavar="SIDE:UNIT", help="a or b, then a 1-based index or a name")
    roll.add_argument("--roll", required=True, metavar="KIND", help="activation, morale, rally (as `rolls` lists)")
    roll.add_argument("--seed", type=int, help="repeatable dice (default: a fresh seed, logged)")
    roll.add_argument("--json", action="store_true", help="print the roll as JSON")


def _open(path: str) -> Game:
    from warbench.model.game import Game
    from warbench.model.game_file import load_game

    return Game(*load_game(path))


def cmd_game(args: argparse.Namespace) -> int:
    from warbench.model.game_file import GameFileError

    try:
        return _run(args)
    except GameFileError as exc:
        error(f"game {args.game_command}: {escape_line(str(exc))}")
        return 2
    except OSError as exc:  # the game file could not be written: the old one is as it was
        error(f"game {args.game_command}: cannot write the game file: {failure_text(exc)}")
        return 1


def _run(args: argparse.Namespace) -> int:
    from warbench.model.game import describe, new_game
    from warbench.model.game_file import GameFileError, save_game

    command = args.game_command
    if command == "new":
        from warbench.model.fileio import load_army

        first = load_army(args.army)
        game = new_game(first, load_army(args.opponent) if args.opponent else None)
        save_game(game.file, args.output)
        return _say([f"{args.output}: {first.name} against {game.armies[1].name}, round 1"])
    game = _open(args.file)
    if command in ("import-pack", "export-pack"):
        return _pack(game, args)
    if command == "state":
        return _show(game.state_json(), args.json, _print_state)
    if command == "attack":
        out = _attack(game, args)
        if args.apply and out["applied"]:
            save_game(game.file, args.file)
            out = _with_due(game, out)
        return _show(out, args.json, _print_attack)
    if command in ("rolls", "roll"):
        return _rolls(game, args)
    if command == "initiative":
        out = game.initiative(_modifiers(args.modifier), args.seed)
        save_game(game.file, args.file)
        return _show(out, args.json, _print_initiative)
    if command == "set":
        try:
            value = json.loads(args.value)
        except ValueError:  # JSONDecodeError, or a number of more digits than int() reads (4,300)
            raise GameFileError(f'value {excerpt(args.value)}: not a JSON value (true, 3, "text", [] ...)') from None
        entry = game.set_state(args.ref, args.field, value)
    else:
        entry = {"undo": game.undo, "redo": game.redo, "next-round": game.next_round}[command]()
    save_game(game.file, args.file)
    return _say([f"{command}: {describe(entry, game)}; round {game.file.round}"])


def _pack(game: Game, args: argparse.Namespace) -> int:
    """``import-pack``: the side brought to a table pack's state and the game saved; ``export-pack``: the
    side's state printed as the pack's Import reads it."""
    from warbench.model.game_file import save_game
    from warbench.model.pack.state import apply_state, game_state, parse_state

    side = "ab".index(args.side)
    if args.game_command == "export-pack":
        out(game_state(game, side) + "\n", escape=False)
        return 0
    data = parse_state(_read_state(args.state), "standard input" if args.state == "-" else args.state)
    steps = apply_state(game, side, data)
    save_game(game.file, args.file)
    logged = counted(steps, "steps")
    return _say([f"import-pack: side {args.side} at the pack's state, {logged} logged; round {game.file.round}"])


def _read_state(path: str) -> str:
    from warbench.model.army_code import read_text
    from warbench.model.fileio import ArmyFileError
    from warbench.model.game_file import GameFileError

    try:
        return read_text(path)
    except ArmyFileError as exc:
        raise GameFileError(exc.shown[0] if exc.shown else str(exc)) from None


def _attack(game: Game, args: argparse.Namespace) -> dict[str, Any]:
    """Roll the attack the arguments ask for (and apply it with ``--apply``): the contract's object."""
    from warbench.model.game_attack import AttackOrder

    order = AttackOrder(
        game.ref(args.attacker),
        game.ref(args.target),
        args.attack,
        args.weapon,
        tuple(args.situation),
        args.reroll,
        whole=args.all,
    )
    outcome = game.attack(order, args.seed)
    if args.apply and not outcome.refused:
        outcome = game.apply(outcome)
    return attack_json(outcome)


def attack_json(outcome: AttackOutcome) -> dict[str, Any]:
    """The contract's ``attack --json`` object of ``outcome`` (docs/game-file.md): the one place it is made."""
    from warbench.model.matchup import fraction_text

    order = outcome.order
    out: dict[str, Any] = {}
    for role, ref, (unit, element) in zip(("attacker", "target"), (order.attacker, order.target), outcome.names):
        out.update({role: ref.text, f"{role}_unit": unit, f"{role}_element": element})
    out.update(
        attack=order.kind,
        weapon=outcome.weapon,
        situation=outcome.situation,
        p_hit=fraction_text(outcome.p_hit),
        p_damage=fraction_text(outcome.p_damage),
        damage_is=outcome.damage_is,
        shots=outcome.shots,
    )
    if order.whole:
        out["figures"] = outcome.figures
        out["distribution"] = {str(k): fraction_text(p) for k, p in enumerate(outcome.distribution)}
    if outcome.not_applied:
        out["not_applied"] = outcome.not_applied
    if outcome.harmless_by:  # it may hit, but cannot harm this target: the rule named
        out["harmless_by"] = outcome.harmless_by
    out.update(outcome.state_odds)  # (the hits the target already carries...)
    if outcome.refused:
        out.update(rolls=[], hits=0, damage=0, refused=outcome.refused, applied=False)
        return {**out, "target_state": outcome.target_before}
    if outcome.reroll:
        out["reroll"] = outcome.reroll
    out.update(seed=outcome.seed, rolls=outcome.rolls, hits=outcome.hits, damage=outcome.damage)
    if outcome.attacker_after.get("figures") != outcome.attacker_before.get("figures"):
        out["attacker_state"] = outcome.attacker_after
    return {**out, "effects": outcome.effects, "applied": outcome.applied, "target_state": outcome.target_after}


def _with_due(game: Game, out: dict[str, Any]) -> dict[str, Any]:
    """The attack's output with the rolls the rules now call for (a unit's Morale at 25% lost...), if any."""
    from warbench.model.table_rolls import due_rolls

    due = due_rolls(game)
    return {**out, "rolls_due": due} if due else out


def _rolls(game: Game, args: argparse.Namespace) -> int:
    from warbench.model.game_file import save_game
    from warbench.model.table_rolls import due_rolls, make_roll, offered_rolls, unit_ref

    if args.game_command == "rolls":
        found = offered_rolls(game, *unit_ref(game, args.unit)) if args.unit else due_rolls(game)
        return _show({"round": game.file.round, "rolls": found}, args.json, _print_rolls)
    out = make_roll(game, args.unit, args.roll, args.seed)
    save_game(game.file, args.file)
    return _show(_with_due(game, out), args.json, _print_roll)


def _roll_head(roll: dict[str, Any]) -> str:
    odds = ", ".join(f"{name} {p}" for name, p in roll["odds"].items() if p != "0")
    mods = "".join(f", {m['label']} {m['value']:+d}" for m in roll["modifiers"])
    return f"{roll['unit']} {roll['unit_name']}: {roll['roll']} {roll['dice']} needs {roll['need']}{mods} ({odds})"


def _print_rolls(data: dict[str, Any]) -> list[str]:
    lines = [
        f"round {data['round']}: " + ("no roll due" if not data["rolls"] else counted(len(data["rolls"]), "rolls"))
    ]
    for roll in data["rolls"]:
        lines.append(f"  {_roll_head(roll)}")
        lines += [f"    due: {roll['due']}"] if roll.get("due") else []
    return lines


def _print_roll(out: dict[str, Any]) -> list[str]:
    from warbench.model.game_log import roll_line

    lines = [_roll_head(out), *(f"  {roll_line(roll)}" for roll in out["rolls"])]
    lines.append(f"{out['outcome']}: {out['effect']}" if out["effect"] else out["outcome"])
    return [*lines, *(f"due: {_roll_head(roll)}" for roll in out.get("rolls_due", ()))]


#: a whole number as a modifier is written: ASCII digits (str.isdigit also holds for "²", which int() refuses)
_WHOLE = re.compile(r"[+-]?[0-9]{1,9}")


def _modifiers(given: list[str]) -> tuple[int, int]:
    """``a=1``, ``b=-2`` (each side at most once) as the two sides' modifiers."""
    from warbench.model.game_file import GameFileError

    found = [0, 0]
    for text in given:
        side, _, number = text.partition("=")
        if side not in ("a", "b") or not _WHOLE.fullmatch(number):
            raise GameFileError(f"modifier {excerpt(text)}: not SIDE=N (SIDE a or b, N a whole number such as 1 or -1)")
        found["ab".index(side)] += int(number)
    return found[0], found[1]


def _show(data: dict[str, Any], as_json: bool, plain: Callable[[dict[str, Any]], list[str]]) -> int:
    """``data`` as JSON or as plain lines, both safe for a terminal whatever names a file holds."""
    if not as_json:
        return _say(plain(data))
    out(json_text(data) + "\n", escape=False)
    return 0


def _say(lines: list[str]) -> int:
    """``lines`` to stdout, each one line safe for a terminal (:func:`escape_line`): a name or a log's field
    from a stranger's file can neither drive the terminal, reorder the line nor forge another."""
    out("".join(f"{escape_line(line)}\n" for line in lines), escape=False)
    return 0


def _print_state(data: dict[str, Any]) -> list[str]:
    lines = [f"round {data['round']}"]
    for letter, side in zip("ab", data["sides"], strict=True):
        lines.append(f"{letter}: {side['army']}  ({', '.join(f'{k} {v}' for k, v in side['figures'].items())})")
        for u, unit in enumerate(side["units"], 1):
            for e, element in enumerate(unit["elements"], 1):
                fields = ", ".join(f"{k} {json.dumps(v, ensure_ascii=False)}" for k, v in element["state"].items())
                lines.append(f"  {letter}:{u}/{e} {unit['name']} / {element['name']}: {fields}")
    return [*lines, f"{counted(len(data['log']), 'steps')} in the log"]


def _print_initiative(out: dict[str, Any]) -> list[str]:
    from warbench.model.game_log import roll_line

    lines = [f"initiative, round {out['round']}: {out['rule']}"]
    lines += [f"  {side}: {text}" for side, text in out.get("bonus_from", {}).items()]
    lines += [f"  {side} loses the initiative: {why}" for side, why in out.get("lost", {}).items()]
    lines += [f"  {roll_line(roll)}" for roll in out["rolls"]]
    return [*lines, f"{out['first']} goes first"]


def _figure(roll: dict[str, Any]) -> str:
    """ "figure 2: " before a roll of a whole-element attack."""
    return f"figure {roll['figure']}: " if "figure" in roll else ""


def _distribution(out: dict[str, Any]) -> str:
    """ "0 12.5%, 1 41.2%, …": each total of a whole-element attack with its chance."""
    from fractions import Fraction

    return ", ".join(f"{k} {float(Fraction(p)) * 100:.1f}%" for k, p in out["distribution"].items())


def _print_attack(out: dict[str, Any]) -> list[str]:
    attacker = labelled(out["attacker"], out["attacker_unit"], out["attacker_element"])
    target = labelled(out["target"], out["target_unit"], out["target_element"])
    lines = [
        f"{attacker} {attack_name(out['attack'], out['weapon'])} → {target}: "
        f"p_hit {out['p_hit']}, p_damage {out['p_damage']} ({out['damage_is']}), {counted(out['shots'], 'shots')}"
    ]
    lines += [f"not applied: {reason}" for reason in out.get("not_applied", {}).values()]
    if out.get("refused"):
        return [*lines, f"refused: {out['refused']}"]
    from warbench.model.game_log import roll_line

    lines += [f"  {_figure(roll)}{roll_line(roll)}" for roll in out["rolls"]]
    if "distribution" in out:
        lines.append(f"{counted(out['figures'], 'figures')} attacked; {out['damage_is']}: {_distribution(out)}")
    applied = " (applied)" if out["applied"] else " (not applied)"
    return [
        *lines,
        f"hits {out['hits']}, damage {out['damage']}{applied}",
        *(f"due: {_roll_head(r)}" for r in out.get("rolls_due", ())),
    ]
