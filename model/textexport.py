"""The army as text for forums and chats (``warbench text``, Edit ▸ Copy army as text).

One line per element (count, name, the system's short phrases, cost each and
the line's total), units with subtotals, the total against the limit. Three
flavours: plain text, Markdown and BBCode; names are escaped for the markup
and Unicode is kept as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from model.cost_lines import Points, points_text
from model.costing import UnitCost, price_army
from model.report import force_summary, points_against_limit

if TYPE_CHECKING:
    from model.army import Army
    from model.costing import ArmyCost
    from model.systems.base import RuleSystem

FORMATS = ("plain", "markdown", "bbcode")


@dataclass
class _Row:
    count: int
    name: str
    parts: list[str]
    each: int | float | None

    def key(self) -> tuple[str, tuple[str, ...], int | float | None]:
        return (self.name, tuple(self.parts), self.each)


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~])")  # what changes inline Markdown


def _escape(text: str, fmt: str) -> str:
    if fmt == "markdown":
        return _MD_SPECIAL.sub(r"\\\1", text)
    if fmt == "bbcode" and "[" in text:
        return f"[noparse]{text}[/noparse]"
    return text


def _bold(text: str, fmt: str) -> str:
    if fmt == "markdown":
        return f"**{text}**"
    if fmt == "bbcode":
        return f"[b]{text}[/b]"
    return text


def _rows(unit: Any, unit_cost: UnitCost, system: RuleSystem, merge: bool) -> list[_Row]:
    rows: list[_Row] = []
    for element, ec in zip(unit.elements, unit_cost.elements):
        row = _Row(ec.count, element.name, system.text_parts(element), ec.cost_each)
        same = next((r for r in rows if r.key() == row.key()), None) if merge else None
        if same is not None:
            same.count += row.count
        else:
            rows.append(row)
    return rows


def _money(value: Points, currency: str) -> str:
    return f"{points_text(value)} {currency}"


def army_text(army: Army[Any, Any], system: RuleSystem | None = None, fmt: str = "plain", merge: bool = False) -> str:
    """``army`` as text in ``fmt`` (one of ``FORMATS``); ``merge`` joins identical elements of a unit."""
    if fmt not in FORMATS:
        raise ValueError(f"{fmt!r} is not a text format (one of {', '.join(FORMATS)})")
    if system is None:
        from model.systems import system_for

        system = system_for(army)
    cost = price_army(army, system)
    cur = system.currency

    def esc(text: str) -> str:
        return _escape(text, fmt)

    out: list[str] = []
    total = points_against_limit(cost.total, army.points_limit, cur) or force_summary(army, cost, system)
    if fmt == "markdown":
        out += [f"# {esc(army.name)}", f"*{esc(system.name)}* · **{esc(total)}**"]
    elif fmt == "bbcode":
        out += [f"[size=150][b]{esc(army.name)}[/b][/size]", f"[i]{esc(system.name)}[/i] · [b]{esc(total)}[/b]"]
    else:
        out += [army.name, f"{system.name} · {total}"]
    for unit, unit_cost in zip(army.units, cost.units):
        subtotal = f" ({_money(unit_cost.cost, cur)})" if unit_cost.cost is not None else ""
        out.append("")
        if fmt == "markdown":
            out.append(f"## {esc(unit.name)}{esc(subtotal)}")
        elif fmt == "bbcode":
            out += [f"[b]{esc(unit.name)}[/b]{esc(subtotal)}", "[list]"]
        else:
            out.append(f"{unit.name}{subtotal}")
        for row in _rows(unit, unit_cost, system, merge):
            head = _bold(f"{points_text(row.count)}× {esc(row.name)}", fmt)
            line = f"{head}: {esc(', '.join(row.parts))}" if row.parts else head
            if row.each is not None:
                price = (
                    f"{_money(row.each, cur)}"
                    if row.count == 1
                    else f"{points_text(row.each)} each = {points_text(row.each * row.count)}"
                )
                line += f" — {esc(price if row.count == 1 else price + ' ' + cur)}"
            prefix = {"markdown": "- ", "bbcode": "[*]", "plain": "  "}[fmt]
            out.append(prefix + line)
        if fmt == "bbcode":
            out.append("[/list]")
    out.append("")
    summary = _total_line(army, cost, system)
    out.append(_bold(esc(summary), fmt))
    if cost.warnings:
        out.append(esc(f"{len(cost.warnings)} warning{'s' if len(cost.warnings) != 1 else ''}:"))
        out += [("- " if fmt != "bbcode" else "[*]") + esc(str(w)) for w in cost.warnings]
    return "\n".join(out) + "\n"


def _total_line(army: Army[Any, Any], cost: ArmyCost, system: RuleSystem) -> str:
    cur = system.currency
    if cost.total is None:
        return f"Total: {force_summary(army, cost, system)}"
    text = f"Total: {points_against_limit(cost.total, army.points_limit, cur)}"
    if army.points_limit is not None:
        diff = cost.total - army.points_limit
        text += f" ({f'over by {points_text(diff)}' if diff > 0 else f'{points_text(-diff)} {cur} to spare'})"
    return text
