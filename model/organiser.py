"""Checking lists for an event (shared/spec/organiser.md, docs/organiser.md): ``warbench verify`` of one army
and ``warbench check`` of every army file and army code under some paths, against the event's rules.

Every list found is one :class:`ListRow`: its source (a file, or ``FILE:LINE`` for a code in a text), its
name, system, total and fingerprint (model/fingerprint.py), the event's rules it breaks (``problems``,
empty when it passes) and ``duplicate_of``, another source of the same fingerprint. A file that cannot be
read is a row whose problems say why: a bad file is reported, never fatal. What is read honours the army
file's limits (model/limits.py), checked while reading: a huge or hostile file is refused without being
held in memory, an army code that unpacks too far is refused at its own limit.

Which files: a file named on the command line is always read; under a folder (at any depth, hidden files
and folders left out), every file. A file whose name ends in ``.json`` is read as an army file; any other
as text (a mail, a forum post, a chat log) holding army codes, within the limits of one text's codes
(:data:`MAX_TEXT_CODES`, :data:`MAX_TEXT_REFUSED`, :data:`MAX_TEXT_UNITS`). A
text under a folder without a code is not a list and is left out (counted in :attr:`Checked.skipped`); a
text named on the command line without one is reported.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from warbench.model.army_code import army_from_code, iter_codes
from warbench.model.cost_lines import Points, points_text
from warbench.model.costing import ArmyCost, price_army
from warbench.model.fileio import ArmyFileError, parse_army, read_army_bytes, shown_name
from warbench.model.fingerprint import fingerprint
from warbench.model.homebrew import homebrew_of, is_empty, section_lists
from warbench.model.i18n import _, ngettext, whole
from warbench.model.limits import MAX_CODE_UNITS
from warbench.model.systems import system_for

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.systems.base import RuleSystem

#: army codes read from one text at most (a mailbox of an event's lists holds some dozens)
MAX_TEXT_CODES = 1_000
#: army codes of one text that cannot be read, after which the rest is not read (a decompression bomb is
#: refused in about 20 ms: a text of bombs costs 2 s at most)
MAX_TEXT_REFUSED = 100
#: units in the armies of one text's codes at most (ten codes of the most units a code holds; 2,000 units
#: read and checked take about 70 ms)
MAX_TEXT_UNITS = 10 * MAX_CODE_UNITS
#: the system's warning of a total over the army's own limit: the event's limit is checked instead
_OWN_LIMIT = "points-limit"

#: how far a long run has come: (what is counted, done, total) as :class:`warbench.output.Progress` takes it
ProgressFn = Callable[[str, int, int], None]


@dataclass(frozen=True)
class EventRules:
    """An event's rules: its system (None: any), its points limit (None: each army's own), whether homebrew
    is allowed, and whether the system's own warnings fail a list (``strict``) or are only reported."""

    system: str | None = None
    limit: int | None = None
    homebrew: bool = True
    strict: bool = False


@dataclass
class ListRow:
    """One list of a check: the report's row (:meth:`as_json`), and where it came from to open it again (the
    file ``path``; for a code in a text, the ``code`` itself)."""

    source: str
    name: str = ""
    system: str = ""
    total: str | None = None
    fingerprint: str = ""
    problems: list[str] = field(default_factory=list)
    duplicate_of: str = ""
    warnings: list[str] = field(default_factory=list)
    path: str = ""
    code: str | None = None

    @property
    def passes(self) -> bool:
        return not self.problems

    def as_json(self) -> dict[str, Any]:
        """The row as the JSON report holds it (shared/spec/organiser.md, plus ``warnings``)."""
        return {
            "source": self.source,
            "name": self.name,
            "system": self.system,
            "total": self.total,
            "fingerprint": self.fingerprint,
            "problems": list(self.problems),
            "duplicate_of": self.duplicate_of,
            "warnings": list(self.warnings),
        }


@dataclass
class Checked:
    """A check's rows, in the order the lists were found, and the texts under folders left out (no code)."""

    rules: EventRules
    rows: list[ListRow]
    skipped: int = 0

    @property
    def passed(self) -> bool:
        return all(row.passes for row in self.rows)

    def as_json(self) -> dict[str, Any]:
        return {"lists": [row.as_json() for row in self.rows]}


def total_text(total: Points | None) -> str | None:
    """An army's total as the reports write it: exactly (``str``), None for a system without points."""
    return None if total is None else str(total)


@dataclass(frozen=True)
class Verified:
    """What ``warbench verify`` says of one army (``--json``: :meth:`as_json`)."""

    fingerprint: str
    system: str
    total: Points | None
    limit: int | None
    currency: str

    @property
    def within_limit(self) -> bool | None:
        """Whether the total is within the limit; None without a limit or without points."""
        if self.total is None or self.limit is None:
            return None
        return self.total <= self.limit

    def as_json(self) -> dict[str, Any]:
        return {
            "fingerprint": self.fingerprint,
            "system": self.system,
            "total": total_text(self.total),
            "within_limit": self.within_limit,
        }


def verify(army: Army[Any, Any], limit: int | None = None) -> Verified:
    """The army's fingerprint, system and total, and whether it is within ``limit`` (None: the army's own)."""
    system = system_for(army)
    cost = price_army(army, system)
    limit = army.points_limit if limit is None else limit
    return Verified(fingerprint(army), army.system, cost.total, limit, system.presentation.currency)


def event_problems(army: Army[Any, Any], system: RuleSystem, cost: ArmyCost, rules: EventRules) -> list[str]:
    """The event's rules ``army`` breaks, one sentence each (its warnings too when the rules are strict)."""
    problems = []
    if rules.system is not None and army.system != rules.system:
        problems.append(
            _("it is a {system} army; the event plays {event}").format(system=army.system, event=rules.system)
        )
    limit = army.points_limit if rules.limit is None else rules.limit
    total, currency = cost.total, system.presentation.currency
    if total is not None and limit is not None and total > limit:
        over = (
            _("{total} {currency} is over the event's limit of {limit} {currency} by {over}")
            if rules.limit is not None
            else _("{total} {currency} is over its own limit of {limit} {currency} by {over}")
        )
        problems.append(
            over.format(
                total=points_text(total), currency=currency, limit=points_text(limit), over=points_text(total - limit)
            )
        )
    if not rules.homebrew and not is_empty(homebrew_of(army)):
        section = homebrew_of(army)
        entries = [e for key in section_lists(section) for e in section[key]]
        names = [shown_name(e.get("name") or e.get("id"), "?") for e in entries if isinstance(e, dict)]
        rest = len(names) - 5
        more = ngettext(" and {n} more", " and {n} more", rest).format(n=whole(rest)) if rest > 0 else ""
        listed = ", ".join(names[:5]) + more
        problems.append(
            _("it holds homebrew ({listed}); the event allows none").format(listed=listed or _("a homebrew section"))
        )
    if rules.strict:
        problems += [_("warning: {warning}").format(warning=w) for w in _warnings(cost)]
    return problems


def _warnings(cost: ArmyCost) -> list[str]:
    return [str(w) for w in cost.warnings if w.rule != _OWN_LIMIT]


def army_row(army: Army[Any, Any], source: str, rules: EventRules, path: str = "", code: str | None = None) -> ListRow:
    """The row of one army read from ``source``."""
    system = system_for(army)
    cost = price_army(army, system)
    problems = event_problems(army, system, cost, rules)
    return ListRow(
        source,
        army.name,
        army.system,
        total_text(cost.total),
        fingerprint(army),
        problems,
        warnings=[] if rules.strict else _warnings(cost),
        path=path,
        code=code,
    )


def refused_row(source: str, exc: ArmyFileError, path: str = "", code: str | None = None) -> ListRow:
    """The row of a list that cannot be read: its problems say why."""
    return ListRow(
        source,
        problems=[_("cannot be read: {problem}").format(problem=p) for p in exc.shown] or [_("cannot be read")],
        path=path,
        code=code,
    )


@dataclass(frozen=True)
class _Found:
    path: str
    named: bool  # named on the command line (a text without a code is then reported)
    error: str = ""  # why a folder under the paths cannot be read


def _is_army_file(path: str) -> bool:
    return path.lower().endswith(".json")


def found_files(paths: Iterable[str], leave_out: Iterable[str] = ()) -> list[_Found]:
    """The files ``paths`` name: each file itself, each folder's files at any depth (sorted, hidden names
    left out, links to folders not followed, and the files ``leave_out`` names: the report being written).
    A path that does not exist is kept: reading it says so."""
    left_out = {os.path.realpath(path) for path in leave_out}
    found = []
    for path in paths:
        if not os.path.isdir(path):
            found.append(_Found(path, True))
            continue
        unreadable: list[OSError] = []
        for folder, dirs, files in os.walk(path, onerror=unreadable.append):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            named = [os.path.join(folder, f) for f in sorted(files) if not f.startswith(".")]
            found += [_Found(f, False) for f in named if not left_out or os.path.realpath(f) not in left_out]
        found += [
            _Found(str(e.filename), True, _("cannot read the folder: {why}").format(why=e.strerror or e))
            for e in unreadable
        ]
    return found


def _file_rows(found: _Found, rules: EventRules) -> tuple[list[ListRow], bool]:
    """The rows of one file, and whether it was left out (a text under a folder without a code)."""
    path = found.path
    if found.error:
        return [refused_row(path, ArmyFileError([found.error], path), path)], False
    if _is_army_file(path):
        try:
            army = parse_army(read_army_bytes(path), path)
        except ArmyFileError as exc:
            return [refused_row(path, exc, path)], False
        return [army_row(army, path, rules, path)], False
    try:
        text = read_army_bytes(path).decode("utf-8", "replace")
    except ArmyFileError as exc:
        return [refused_row(path, exc, path)], False
    rows = list(_text_rows(text, path, rules))
    if rows or not found.named:
        return rows, not rows
    return [
        ListRow(path, problems=[_("holds no army file or army code (a code starts with WARBENCH1-)")], path=path)
    ], False


def _text_rows(text: str, path: str, rules: EventRules) -> Iterator[ListRow]:
    """The row of each army code in ``text`` (read from ``path``), named ``PATH:LINE``; reading stops, said in
    a last row, past :data:`MAX_TEXT_CODES` codes, :data:`MAX_TEXT_REFUSED` unreadable ones or
    :data:`MAX_TEXT_UNITS` units: a hostile text costs at most about what the largest army file costs."""
    line, counted, refused, units = 1, 0, 0, 0
    for n, (start, code) in enumerate(iter_codes(text)):
        line += text.count("\n", counted, start)
        counted = start
        source = f"{path}:{line}"
        stop = _text_limit(n, refused, units)
        if stop:
            yield ListRow(
                source, problems=[_("{limit}; the rest of the text was not read").format(limit=stop)], path=path
            )
            return
        try:
            army = army_from_code(code, source)
        except ArmyFileError as exc:
            refused += 1
            yield refused_row(source, exc, path, code)
            continue
        units += len(army.units)
        yield army_row(army, source, rules, path, code)


def _text_limit(codes: int, refused: int, units: int) -> str:
    """Which limit of one text's codes is reached, or ""."""
    if codes >= MAX_TEXT_CODES:
        return ngettext(
            "the text holds over {n} army code", "the text holds over {n} army codes", MAX_TEXT_CODES
        ).format(n=whole(MAX_TEXT_CODES))
    if refused >= MAX_TEXT_REFUSED:
        return ngettext(
            "{n} army code in the text cannot be read", "{n} army codes in the text cannot be read", MAX_TEXT_REFUSED
        ).format(n=whole(MAX_TEXT_REFUSED))
    if units >= MAX_TEXT_UNITS:
        return ngettext(
            "the armies of the text's codes hold over {n} unit",
            "the armies of the text's codes hold over {n} units",
            MAX_TEXT_UNITS,
        ).format(n=whole(MAX_TEXT_UNITS))
    return ""


def mark_duplicates(rows: list[ListRow]) -> None:
    """Set each row's ``duplicate_of``: for the first of a fingerprint the next of it, for the others the
    first (so every list of a fingerprint seen twice names another)."""
    first: dict[str, ListRow] = {}
    for row in rows:
        if not row.fingerprint:
            continue
        seen = first.get(row.fingerprint)
        if seen is None:
            first[row.fingerprint] = row
            continue
        row.duplicate_of = seen.source
        if not seen.duplicate_of:
            seen.duplicate_of = row.source


def check(
    paths: Iterable[str],
    rules: EventRules = EventRules(),
    progress: ProgressFn | None = None,
    leave_out: Iterable[str] = (),
) -> Checked:
    """Every list under ``paths`` checked against ``rules`` (see the module); never raises for a bad file.
    ``leave_out``: files under the folders not to read (the report of a check, written among the lists)."""
    files = found_files(paths, leave_out)
    checked = Checked(rules, [])
    for n, found in enumerate(files):
        rows, skipped = _file_rows(found, rules)
        checked.rows += rows
        checked.skipped += skipped
        if progress is not None:
            progress("files", n + 1, len(files))
    mark_duplicates(checked.rows)
    return checked


def check_rules_problems(rules: EventRules) -> list[str]:
    """What is wrong with the event's rules themselves (an unknown system, a negative limit)."""
    from warbench.model.systems import system_ids

    problems = []
    if rules.system is not None and rules.system not in system_ids():
        problems.append(f"--system: {rules.system!r} is not one of {', '.join(system_ids())}")
    if rules.limit is not None and rules.limit < 0:
        problems.append(f"--limit: {rules.limit} is below 0")
    return problems
