"""The army as a plain-text table (``warbench cost FILE``)."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from warbench.model.columns import SheetColumn
from warbench.model.cost_lines import Points, points_text
from warbench.model.costing import ArmyCost
from warbench.model.errata import published_differences
from warbench.model.i18n import N_
from warbench.model.limits import escape_control
from warbench.model.systems.presentation import counted
from warbench.model.usertext import one_line

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.systems.base import RuleSystem

GENERIC_COLUMNS = (SheetColumn(N_("Cost"), 1.1), SheetColumn(N_("Qty"), 0.9), SheetColumn(N_("Total"), 1.2))
NO_POINTS_COLUMNS = (SheetColumn(N_("Points"), 1.2),)  # systems without points: only what the player entered


def generic_columns(system: RuleSystem) -> tuple[SheetColumn, ...]:
    return GENERIC_COLUMNS if system.pricing.has_points else NO_POINTS_COLUMNS


def table_columns(system: RuleSystem) -> tuple[SheetColumn, ...]:
    """Every column of the army table: the system's own, then the generic Cost / Qty / Total."""
    return tuple(system.presentation.columns) + generic_columns(system)


def _fmt(value: Points | None) -> str:
    return points_text(value)


def sheet_rows(army: Army[Any, Any], cost: ArmyCost, system: RuleSystem) -> list[tuple[str, list[list[str]]]]:
    """(unit name, rows) pairs; each row is the system's cells plus Cost, Qty, Total."""
    out: list[tuple[str, list[list[str]]]] = []
    for unit, unit_cost in zip(army.units, cost.units):
        rows = [
            system.presentation.sheet_cells(element)
            + (
                [_fmt(ec.cost_each), str(ec.count), _fmt(ec.total)]
                if system.pricing.has_points
                else [_fmt(ec.cost_each)]
            )
            for element, ec in zip(unit.elements, unit_cost.elements)
        ]
        out.append((unit.name, rows))
    return out


def points_against_limit(total: Points | None, limit: int | None, currency: str) -> str:
    """ "996 / 1000 pts", or "996 pts" without a limit; "" where the system has no points."""
    if total is None:
        return ""
    return points_text(total) + (f" / {limit}" if limit is not None else "") + f" {currency}"


def force_summary(army: Army[Any, Any], cost: ArmyCost, system: RuleSystem) -> str:
    """What a force without points is measured by: the system's figures, else its unit count."""
    count = len(army.units)
    return system.presentation.figures_text(cost.figures) if cost.figures else counted(count, "units")


def total_line(army: Army[Any, Any], cost: ArmyCost, system: RuleSystem) -> str:
    cur = system.presentation.currency
    if cost.total is None:
        return f"Total: {force_summary(army, cost, system)} (this system has no points)"
    text = f"Total: {points_against_limit(cost.total, army.points_limit, cur)}"
    if army.points_limit is not None:
        diff = cost.total - army.points_limit
        text += f" ({f'over by {points_text(diff)}' if diff > 0 else f'{points_text(-diff)} {cur} to spare'})"
    published = (army.model_extra or {}).get("published_total")
    if published is not None:
        text += f"   [published total: {published}]"
    return text


def _one_line(text: str) -> str:
    """A name as the cost table prints it: control characters shown as escapes (``\\x1b``, as everywhere on the
    command line: docs/limits.md), line breaks as ``⏎``, direction overrides as ``�``."""
    return one_line(escape_control(text))


def format_cost_table(army: Army[Any, Any], cost: ArmyCost, system: RuleSystem) -> str:
    layout = table_columns(system)
    columns = [column.title for column in layout]
    wrapped_groups = _wrapped_groups(sheet_rows(army, cost, system), layout)
    widths = _widths(columns, wrapped_groups)
    numeric = set(range(len(columns) - len(generic_columns(system)), len(columns)))

    def render(cells: list[str]) -> str:
        return "  ".join(
            c.rjust(widths[i]) if i in numeric else c.ljust(widths[i]) for i, c in enumerate(cells)
        ).rstrip()

    rule = "-" * len(render(columns))
    # names are one line each (model/usertext.py): a name can forge no line of the table, nor send a
    # terminal escape
    out = [f"{_one_line(army.name)} — {system.name}", rule, render(columns), rule]
    for (unit_name, wrapped_rows), unit_cost in zip(wrapped_groups, cost.units):
        out.append(f"[{unit_name}]")
        for cells in wrapped_rows:
            for k in range(max(len(lines) for lines in cells)):
                out.append(render([lines[k] if k < len(lines) else "" for lines in cells]))
        if unit_cost.cost is not None:
            out.append(f"{'unit subtotal: ' + points_text(unit_cost.cost):>{len(rule)}}")
    out += [rule, total_line(army, cost, system)]
    out += _published_and_warnings(army, cost)
    return "\n".join(out)


def _wrapped_groups(
    groups: list[tuple[str, list[list[str]]]], layout: tuple[SheetColumn, ...]
) -> list[tuple[str, list[list[list[str]]]]]:
    """Each unit's name (one line) and rows, each cell wrapped to its column's width (its lines)."""
    wrapped_groups: list[tuple[str, list[list[list[str]]]]] = []
    for unit_name, rows in groups:
        wrapped = []
        for row in rows:
            cells = [textwrap.wrap(_one_line(c), col.wrap or 1000) or [""] for col, c in zip(layout, row)]
            wrapped.append(cells)
        wrapped_groups.append((_one_line(unit_name), wrapped))
    return wrapped_groups


def _widths(columns: list[str], wrapped_groups: list[tuple[str, list[list[list[str]]]]]) -> list[int]:
    """Each column's width: its title's or its longest line's."""
    widths = [len(c) for c in columns]
    for _, wrapped_rows in wrapped_groups:
        for cells in wrapped_rows:
            for i, lines in enumerate(cells):
                widths[i] = max(widths[i], *(len(x) for x in lines))
    return widths


def _published_and_warnings(army: Army[Any, Any], cost: ArmyCost) -> list[str]:
    """The table's last lines: published costs that differ, then the warnings (or that there are none)."""
    out = []
    differences = published_differences(army, cost)
    if differences:
        out.append("Published costs that differ (see resources/<system>/errata.json):")
        out.extend(f"  - {line}" for line in differences)
    if cost.warnings:
        out.append("")
        out.append(f"Warnings ({len(cost.warnings)}):")
        out.extend(f"  - {_one_line(str(w))}" for w in cost.warnings)
    else:
        out.append("valid, 0 warnings")
    return out
