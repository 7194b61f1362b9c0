"""The headless ``warbench`` commands (cost, sheet, cards, text, import, pack, roll, matchup, schema, systems;
balance and reprice in :mod:`warbench.balance_cli`, verify and check in :mod:`warbench.check_cli`).

They never import Qt; :mod:`warbench.launcher`, above both layers, opens the window when no command
is given.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from warbench import balance_cli, check_cli, desktop, game_cli
from warbench.model import __version__, jsontext
from warbench.model.collector import no_cycle_collection
from warbench.model.fileio import ArmyFileError, load_army, parse_army, read_army_bytes
from warbench.model.limits import escape_control, escape_line
from warbench.model.pdf.documents import (
    Document,
    PrintOptions,
    Refused,
    command_arguments,
    sheet_date,
)
from warbench.model.pdf.documents import commands as print_commands
from warbench.model.pdf.documents import document as print_document
from warbench.model.resources import ResourcesError
from warbench.output import WRITE_CHARS, Progress, error, json_text, out, terminal_safe_string

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.systems.base import RuleSystem

COMMANDS = (
    "cost",
    "schema",
    "systems",
    *print_commands(),
    "roll",
    "text",
    "matchup",
    "balance",
    "reprice",
    "import",
    "pack",
    "game",
    "desktop",
    *check_cli.COMMANDS,
)
GUI_OPTIONS = ("--smoke-test",)  # passed to the window (gui.app)


def _parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; ``only``: with that command's subparser alone (the others cost ~7 ms
    to build, a tenth of what ``warbench cost`` of one unit takes past the floor)."""

    def want(command: str) -> bool:
        return only is None or command == only

    parser = argparse.ArgumentParser(
        prog="warbench",
        description="Army builder and rules reference for point-buy wargames. "
        "Run without a command to open the window.",
    )
    parser.add_argument("--version", action="version", version=f"warbench {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    if want("cost"):
        cost = sub.add_parser("cost", help="price an army file")
        cost.add_argument("file", help="an .army.json file")
        cost.add_argument("--json", action="store_true", help="print the cost JSON contract instead of a table")
        cost.add_argument(
            "--repair",
            action="store_true",
            help="price what can be read of a file the loader refuses: list each value dropped or changed (on "
            "stderr), then the cost; the file is not changed",
        )
    if want("schema"):
        schema = sub.add_parser("schema", help="print the army file's (or the game file's) JSON Schema")
        schema.add_argument("file_kind", nargs="?", choices=("army", "game"), default="army", metavar="army|game")
        schema.add_argument(
            "--system", default=None, help="rule system whose element shape to show (default: the default system)"
        )
    if want("systems"):
        sub.add_parser("systems", help="list the rule systems")
    for command, documents in print_commands().items():
        if want(command):
            _print_parser(sub, command, documents)
    if want("text"):
        text = sub.add_parser("text", help="print the army as text for forums and chats")
        text.add_argument("file", help="an .army.json file")
        text.add_argument("--format", choices=("plain", "markdown", "bbcode"), default="plain")
        text.add_argument("--merge", action="store_true", help="merge identical elements of a unit into one line")
        _language_option(text)
        text.add_argument(
            "-o", "--output", help="write the text to this file (replaced atomically) instead of printing it"
        )
    if want("import"):
        imp = sub.add_parser("import", help="write the army of the army code in a text (a forum post, a chat log)")
        imp.add_argument(
            "file", help="a text holding an army code (the end of `warbench text`); - reads standard input"
        )
        imp.add_argument("-o", "--output", required=True, help="the .army.json file to write")
        imp.add_argument("--force", action="store_true", help="replace the output file if it exists")
    if want("roll"):
        roll = sub.add_parser("roll", help="roll dice (3d6+2, 4d6kh3, 2d20kl1, 10d6>=4) and show exact odds")
        roll.add_argument("expression")
        roll.add_argument("--odds", action="store_true", help="print the exact distribution, mean and chances")
        roll.add_argument("--seed", type=int, help="repeatable rolls (default: the system's secure RNG)")
    if want("matchup"):
        matchup = sub.add_parser(
            "matchup", help="exact attack odds: attacker unit × target unit expected damage per activation"
        )
        matchup.add_argument("file", help="the attacking army (.army.json)")
        matchup.add_argument("opponent", nargs="?", help="the target army (default: the same file)")
        matchup.add_argument(
            "--attack", metavar="KIND", help="keep one attack kind (melee, ranged or the system's own)"
        )
        matchup.add_argument(
            "--situation",
            metavar="NAME",
            action="append",
            default=[],
            help="a situational modifier, named as the army's system names it (repeatable; a wrong name lists them)",
        )
        matchup.add_argument("--json", action="store_true", help="print the matchup JSON contract (exact fractions)")
    if want("pack"):
        _pack_parser(sub)
    balance_cli.add_parsers(sub, want)
    if want("game"):
        game_cli.add_parser(sub)
    if want("desktop"):
        desktop.add_parser(sub)
    check_cli.add_parsers(sub, want)
    return parser


def _pack_parser(sub: Any) -> None:
    pack = sub.add_parser(
        "pack",
        help="write the army's table pack: one offline HTML page for a phone (cards, rules, dice, odds, tracker)",
    )
    pack.add_argument("file", help="an .army.json file")
    pack.add_argument("opponent", nargs="?", help="the army its odds are against (default: its own)")
    pack.add_argument("-o", "--output", required=True, help="the .html file to write (replaced atomically)")
    pack.add_argument(
        "--language",
        choices=("en", "de"),
        default=None,
        help="the page's own words (default: the environment's LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en)",
    )


def _language_option(parser: argparse.ArgumentParser) -> None:
    """``--language``: the document's own words (headings, columns, units) and decimal point; English by default."""
    from warbench.model.i18n import DECIMAL_POINTS

    parser.add_argument(
        "--language",
        choices=sorted(DECIMAL_POINTS),
        default="en",
        help="the language of the document's own words and numbers (default: en)",
    )


def _print_parser(sub: Any, command: str, documents: tuple[Document, ...]) -> None:
    """A command printing ``documents`` (model/pdf/documents.py): the first without a flag, the others by theirs."""
    parser = sub.add_parser(command, help=documents[0].help)
    parser.add_argument("file", help="an .army.json file")
    parser.add_argument("-o", "--output", required=True, help="PDF file to write (replaced atomically)")
    _language_option(parser)
    for argument in command_arguments(documents):
        if argument.field:  # kept under its PrintOptions field's name
            parser.add_argument(argument.flag, dest=argument.field, **argument.keywords)
        else:  # the flag choosing a document: its help is the document's
            help_text = print_document(argument.keywords["const"]).help
            parser.add_argument(argument.flag, **argument.keywords, help=help_text)


def _load(path: str) -> tuple[Army[Any, Any], RuleSystem]:
    from warbench.model.systems import system_for

    army = load_army(path)
    return army, system_for(army)


def _load_repaired(path: str) -> tuple[Army[Any, Any], RuleSystem]:
    """The army of ``path`` with what the loader refuses repaired (:mod:`model.repair`), each repair
    written to stderr as one line; ArmyFileError when nothing can be salvaged."""
    from warbench.model.repair import repair_army
    from warbench.model.systems import system_for

    army, repairs = repair_army(read_army_bytes(path), path)
    source = escape_control(path)
    for repair in repairs:
        error(f"{source}: repaired: {repair.line()}")
    if repairs:
        error(f"{source}: {len(repairs):,} repairs; the file itself is unchanged")
    return army, system_for(army)


def cmd_cost(args: argparse.Namespace) -> int:
    with no_cycle_collection():
        return _cost(args)


def _cost(args: argparse.Namespace) -> int:
    from warbench.model.costing import price_army
    from warbench.model.report import format_cost_table

    army, system = _load_repaired(args.file) if args.repair else _load(args.file)
    cost = price_army(army, system)
    if args.json:
        # json.dumps(..., indent=2) text, made faster and written some units at a time: a 50,000-unit
        # army's cost JSON is never one string in memory
        pending: list[str] = []
        size = 0
        for chunk in jsontext.chunks(cost.as_json(), encode=terminal_safe_string):
            pending.append(chunk)
            size += len(chunk)
            if size > WRITE_CHARS:
                out("".join(pending), escape=False)
                pending, size = [], 0
        out("".join(pending) + "\n", escape=False)
    else:
        out(format_cost_table(army, cost, system) + "\n")
    return 0


def _write_pdf(path: str, data: bytes) -> int:
    from warbench.model.fileio import atomic_write

    try:
        atomic_write(path, data)
    except OSError as exc:
        error(f"{path}: cannot write: {exc.strerror or exc}")
        return 1
    print(f"wrote {path} ({len(data):,} bytes)")
    return 0


def cmd_print(args: argparse.Namespace) -> int:
    """``sheet``, ``cards``, ``tracker``: the document the command (and its flag) names, with its options."""
    doc = print_document(getattr(args, "document", None) or print_commands()[args.command][0].key)
    source = read_army_bytes(args.file)
    army = parse_army(source, args.file)
    chosen = {a.field: getattr(args, a.field) for a in doc.arguments if a.field}
    if "date" in chosen:
        chosen["date"] = chosen["date"] or sheet_date(army)
    options = PrintOptions(**chosen, source=source, source_name=Path(args.file).name)
    try:
        data = doc.build(army, options)
    except Refused as exc:
        error(f"{args.file}: {exc}")
        return 1
    status = _write_pdf(args.output, data)
    if status == 0 and doc.note is not None:
        print(doc.note(options))
    return status


def cmd_text(args: argparse.Namespace) -> int:
    from warbench.model.textexport import army_text

    army, system = _load(args.file)
    text = army_text(army, system, args.format, merge=args.merge)
    if args.output:
        return _write_pdf(args.output, text.encode("utf-8"))
    out(text)
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from warbench.model.army_code import import_code

    army = import_code(args.file, args.output, args.force)
    out(escape_line(f"wrote {args.output}: {army.name} ({army.system}, {len(army.units)} units)") + "\n", escape=False)
    return 0


def cmd_pack(args: argparse.Namespace) -> int:
    from warbench.model import i18n
    from warbench.model.pack import PackError, build_pack
    from warbench.model.pack.words import language_from_environment

    army, _system = _load(args.file)
    opponent = _load(args.opponent)[0] if args.opponent else None
    language = args.language or language_from_environment()
    i18n.use(language)  # the model's words on the page (cost lines, states) in the page's language
    try:
        data = build_pack(army, opponent, language)
    except PackError as exc:
        error(f"{args.opponent}: {exc}")
        return 2
    return _write_pdf(args.output, data)


def cmd_roll(args: argparse.Namespace) -> int:
    import random

    from warbench.model.dice import DiceError, distribution, parse, percent, roll

    try:
        expr = parse(args.expression)
        result = roll(expr, random.Random(args.seed) if args.seed is not None else None)
        dist = distribution(expr) if args.odds else None
    except DiceError as exc:
        error(f"{args.expression}: {exc}")
        return 2
    print(f"{expr}: {result.total}   ({result.details})")
    if dist is not None:
        print(f"mean {float(dist.mean):.3f}; range {dist.low} to {dist.high}")
        print(f"{'value':>6}  {'exactly':>8}  {'at least':>8}")
        for value, p in dist.items():
            mark = "  <- rolled" if value == result.total else ""
            print(f"{value:>6}  {percent(p):>8}  {percent(dist.at_least(value)):>8}{mark}")
    return 0


def cmd_matchup(args: argparse.Namespace) -> int:
    from warbench.model.matchup import MatchupError, format_rules, matchup_stream, matrix_lines

    army, system = _load(args.file)
    opponent = army
    if args.opponent:
        opponent, other = _load(args.opponent)
        if other.id != system.id:
            error(f"{args.opponent}: a {other.id} army cannot face a {system.id} army")
            return 2
    try:
        combat = system.combat
        if args.attack and not any(
            kind == args.attack
            for unit in army.units
            for e in unit.elements
            for kind, _i in (combat.attack_kinds(e) if combat else [])
        ):
            raise MatchupError(f"no element of {army.name!r} has a {args.attack} attack")
        progress = Progress("matchup") if sys.stderr.isatty() else None
        data = matchup_stream(system, army, opponent, args.attack, args.situation, progress)
    except MatchupError as exc:
        error(f"matchup: {exc}")
        return 2
    # written as it is worked out: the first lines at once, memory that does not grow with the pairs
    if args.json:
        block: list[str] = []  # written about 64 KB at a time
        for chunk in jsontext.chunks(data, depth=2, encode=terminal_safe_string):
            block.append(chunk)
            if len(block) >= 256:
                out("".join(block), escape=False)
                block.clear()
        out("".join(block) + "\n", escape=False)
    else:
        situation = ", ".join(sorted(set(args.situation))) or "none"
        out(
            f"{army.name} → {opponent.name}: expected damage per activation "
            f"({system.presentation.short_name}; situation: {situation})\n"
        )
        for line in matrix_lines(data["matrix"]):
            out(line + "\n")
        list(data["pairs"])  # the rules the pairs name (the plain output lists them, not the pairs)
        if rules := format_rules(data):
            out(rules + "\n")
    if progress is not None:
        progress.done()
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    from warbench.model.systems import default_system, get_system

    if args.file_kind == "game":
        from warbench.model.game_file import game_schema

        out(json_text(game_schema()) + "\n", escape=False)
        return 0
    army_model = get_system(args.system or default_system()).schema.army_model
    out(json_text(army_model.model_json_schema()) + "\n", escape=False)
    return 0


def cmd_systems(args: argparse.Namespace) -> int:
    from warbench.model.systems import system_names

    for sid, name in system_names().items():
        print(f"{sid:20} {name}")
    return 0


def parse(argv: list[str]) -> argparse.Namespace:
    # a known command first: only its subparser is built (its usage, help and errors are the same)
    only = argv[0] if argv and argv[0] in COMMANDS else None
    return _parser(only).parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """The headless commands (``warbench.launcher`` opens the window when no command is given)."""
    args = parse(list(sys.argv[1:] if argv is None else argv))
    if args.command is None:
        _parser().print_help(sys.stderr)
        return 2
    return run(args)


def run(args: argparse.Namespace) -> int:
    handler = {
        "cost": cmd_cost,
        "schema": cmd_schema,
        "systems": cmd_systems,
        **{command: cmd_print for command in print_commands()},
        "roll": cmd_roll,
        "text": cmd_text,
        "matchup": cmd_matchup,
        "balance": balance_cli.cmd_balance,
        "reprice": balance_cli.cmd_reprice,
        "import": cmd_import,
        "pack": cmd_pack,
        "game": game_cli.cmd_game,
        "desktop": desktop.cmd_desktop,
        **check_cli.HANDLERS,
    }[args.command]
    try:
        from warbench.model import i18n

        i18n.use(getattr(args, "language", None) or "en")  # English unless a document command asks (--language)
        status = handler(args)
        sys.stdout.flush()
        return status
    except ArmyFileError as exc:
        source = escape_control(exc.source)
        for problem in exc.shown:
            error(f"{source}: {problem}" if source else problem)
        return 2
    except BrokenPipeError:
        # the reader went away (`warbench cost a.json | head -1`): stop quietly as Unix tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except ResourcesError as exc:
        error(f"Warbench's own data files are missing or damaged: {exc}")
        error("reinstall Warbench (or fix WARBENCH_RESOURCES if you set it)")
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
