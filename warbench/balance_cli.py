"""``warbench balance`` (``shared/spec/balance.md``) and ``warbench reprice``: the balance lab headless."""

from __future__ import annotations

import argparse
from typing import Any

from warbench.model.fileio import load_army, save_army
from warbench.output import error, json_text, out


def add_parsers(sub: Any, want: Any) -> None:
    if want("balance"):
        balance = sub.add_parser("balance", help="value per point of every element against a pool (exact odds × costs)")
        balance.add_argument("file", help="the army whose elements are judged (.army.json)")
        balance.add_argument(
            "--pool",
            metavar="FILE|DIR",
            action="append",
            default=[],
            help="an army file or a folder of them, the opponents (repeatable; default: the system's examples)",
        )
        balance.add_argument(
            "--library",
            action="store_true",
            help="add your library's designs of the system to the pool ($WARBENCH_LIBRARY, else the data folder's)",
        )
        balance.add_argument("--json", action="store_true", help="print the balance JSON contract (exact fractions)")
    if want("reprice"):
        reprice = sub.add_parser("reprice", help="price an army under another edition of its game, element by element")
        reprice.add_argument("file", help="an .army.json file")
        reprice.add_argument("--system", required=True, metavar="OTHER", help="the other edition's system id")
        reprice.add_argument("-o", "--output", help="write the converted army to this file (replaced atomically)")
        reprice.add_argument("--json", action="store_true", help="print the comparison as JSON")


def _fail(command: str, message: str) -> int:
    error(f"{command}: {message}")
    return 2


def _pool(paths: list[str], system_id: str, with_library: bool) -> list[Any]:
    """The pool's armies (the system's examples without ``--pool`` or ``--library``); ArmyFileError names a bad
    file, each library design left out is a line on stderr."""
    from warbench.model.balance import BalanceError, PoolArmy, example_pool, library_pool, pool_files
    from warbench.model.library import Library

    pool = [PoolArmy(str(path), load_army(path)) for path in pool_files(paths)]
    if with_library:
        library = Library()
        designs, problems = library_pool(library, system_id)
        for line in problems:
            error(f"balance: library: {line}")
        if designs is None:
            raise BalanceError(f"{library.designs_dir(system_id)}: the library has no {system_id} designs")
        pool.append(designs)
    return pool if paths or with_library else example_pool(system_id)


def cmd_balance(args: argparse.Namespace) -> int:
    from warbench.model.balance import BalanceError, balance, format_report
    from warbench.model.matchup import MatchupError
    from warbench.model.systems import system_for

    army = load_army(args.file)
    system = system_for(army)
    try:
        report = balance(army, system, _pool(args.pool, army.system, args.library))
    except (BalanceError, MatchupError) as exc:
        return _fail("balance", str(exc))
    if args.json:
        out(json_text(report.as_json()) + "\n", escape=False)
    else:
        out(format_report(report) + "\n")
    return 0


def cmd_reprice(args: argparse.Namespace) -> int:
    from warbench.model.reprice import RepriceError, format_repriced, reprice

    army = load_army(args.file)
    try:
        result = reprice(army, args.system)
    except RepriceError as exc:
        return _fail("reprice", str(exc))
    if args.json:
        out(json_text(result.as_json()) + "\n", escape=False)
    else:
        out(format_repriced(result) + "\n")
    if args.output:
        save_army(result.army, args.output)
        error(f"wrote {args.output} ({result.other})")
    return 0
