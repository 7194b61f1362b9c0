"""``warbench verify`` and ``warbench check``: a list checked against its printout, and an event's lists
checked at once (model/organiser.py; shared/spec/organiser.md; docs/organiser.md). They never import Qt."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from warbench.model.limits import escape_line
from warbench.output import Progress, error, json_text, out

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.organiser import Checked

COMMANDS = ("verify", "check")


def _limit(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of points") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is below 0")
    return value


def add_parsers(sub: Any, want: Any) -> None:
    """The subparsers of :data:`COMMANDS` (``want(command)``: whether to build that one)."""
    if want("verify"):
        verify = sub.add_parser(
            "verify", help="a list's fingerprint, system and total: check a printout against the list it claims"
        )
        verify.add_argument(
            "list", metavar="FILE|CODE", help="an .army.json file, a text holding an army code, the code itself, or -"
        )
        verify.add_argument("--against", metavar="FP", help="the fingerprint printed on the list; exit 1 unless equal")
        verify.add_argument("--limit", type=_limit, metavar="N", help="the points limit (default: the army's own)")
        verify.add_argument("--json", action="store_true", help="print the verify JSON contract")
    if want("check"):
        check = sub.add_parser(
            "check", help="check every army file and army code under the paths against an event's rules"
        )
        check.add_argument(
            "paths", nargs="+", metavar="PATH", help="army files, folders, texts holding army codes (mail, posts)"
        )
        check.add_argument("--system", metavar="ID", help="the event's system (`warbench systems` lists them)")
        check.add_argument("--limit", type=_limit, metavar="N", help="the event's points limit (default: each army's)")
        check.add_argument("--no-homebrew", action="store_true", help="a list holding homebrew fails")
        check.add_argument("--strict", action="store_true", help="the system's own warnings fail a list too")
        check.add_argument(
            "--report", metavar="FILE", help="write the report to FILE.csv, FILE.json or FILE.html (by its suffix)"
        )
        check.add_argument("--json", action="store_true", help="print the JSON report instead of the table")


def _read_list(given: str) -> Army[Any, Any]:
    """The army ``given`` names: the code in it, standard input's (``-``), or a file's (an army file when its
    name ends in .json or its text starts with {, else the code in its text)."""
    from warbench.model.army_code import army_from_code, find_code, read_text
    from warbench.model.fileio import parse_army, read_army_bytes

    if given == "-":
        return army_from_code(read_text("-"), "standard input")
    if find_code(given) is not None:
        return army_from_code(given, "the army code given")
    raw = read_army_bytes(given)
    if given.lower().endswith(".json") or raw.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
        return parse_army(raw, given)
    return army_from_code(raw.decode("utf-8", "replace"), given)


def cmd_verify(args: argparse.Namespace) -> int:
    """0 when the list is within its limit and (with --against) has the fingerprint printed; 1 when not;
    2 when it cannot be read or --against is no fingerprint."""
    from warbench.model.cost_lines import points_text
    from warbench.model.fingerprint import typed_fingerprint
    from warbench.model.organiser import verify

    against = None
    if args.against is not None:
        against = typed_fingerprint(args.against)
        if against is None:
            error(f"--against: {args.against!r} is not a fingerprint (8 letters and digits)")
            return 2
    found = verify(_read_list(args.list), args.limit)
    matches = against is None or against == found.fingerprint
    if args.json:
        out(json_text(found.as_json()) + "\n", escape=False)
    else:
        out(f"fingerprint  {found.fingerprint}\nsystem       {found.system}\n")
        if found.total is not None:
            within = {True: "within", False: "over", None: "no limit"}[found.within_limit]
            limit = f" (limit {points_text(found.limit)}: {within})" if found.limit is not None else ""
            out(f"total        {points_text(found.total)} {found.currency}{limit}\n")
        if against is not None:
            out(f"against      {against}: {'matches' if matches else 'DIFFERS: this is not the printed list'}\n")
    return 0 if matches and found.within_limit is not False else 1


def _table(checked: Checked) -> None:
    from warbench.model.check_report import summary

    system_width = max((len(row.system) for row in checked.rows), default=1)
    for row in checked.rows:  # each a line of its own, whatever a name or a file's name holds
        result = "ok  " if row.passes else "FAIL"
        total = row.total if row.total is not None else "-"
        line = f"{result}  {row.fingerprint or '-':8}  {total:>6}  {row.system or '-':{system_width}}  {row.source}"
        out(escape_line(line + (f"  “{row.name}”" if row.name else "")) + "\n", escape=False)
        for problem in row.problems:
            out(escape_line(f"      - {problem}") + "\n", escape=False)
        if row.duplicate_of:
            out(escape_line(f"      same list as {row.duplicate_of}") + "\n", escape=False)
    out(summary(checked) + "\n")


def cmd_check(args: argparse.Namespace) -> int:
    """0 when every list passes, 1 when any fails or cannot be read, 2 on bad arguments."""
    from warbench.model.check_report import FORMATS, report
    from warbench.model.fileio import atomic_write
    from warbench.model.organiser import EventRules, check, check_rules_problems

    rules = EventRules(args.system, args.limit, not args.no_homebrew, args.strict)
    problems = check_rules_problems(rules)
    fmt = args.report.rsplit(".", 1)[-1].lower() if args.report else None
    if fmt is not None and (fmt not in FORMATS or "." not in args.report):
        problems.append(f"--report: {args.report!r} must end in .csv, .json or .html")
    if problems:
        for problem in problems:
            error(f"check: {problem}")
        return 2
    progress = Progress("check") if sys.stderr.isatty() else None
    checked = check(args.paths, rules, progress, [args.report] if args.report else [])
    if progress is not None:
        progress.done()
    if args.json:
        out(json_text(checked.as_json()) + "\n", escape=False)
    else:
        _table(checked)
    if args.report:
        assert fmt is not None
        try:
            atomic_write(args.report, report(checked, fmt).encode("utf-8"))
        except OSError as exc:
            error(f"{args.report}: cannot write: {exc.strerror or exc}")
            return 2
        error(f"wrote {args.report}")
    return 0 if checked.passed else 1


HANDLERS = {"verify": cmd_verify, "check": cmd_check}
