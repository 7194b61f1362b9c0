"""The army as text for forums and chats (``warbench text``, Edit ▸ Copy army as text).

One line per element (count, name, the system's short phrases, cost each and
the line's total), units with subtotals, the total against the limit. Three
flavours: plain text, Markdown and BBCode. Every text that comes from the army
file goes through ``model/usertext.py``: it stays on its line, pings no one,
makes no link and opens no markup (BBCode brackets become fullwidth ［ ］, Markdown
metacharacters are escaped); Unicode is otherwise kept as it is. Every text ends with the army's code
(``model/army_code.py``), the whole army file on one line: Warbench reads the army back from the post.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from warbench.model import usertext
from warbench.model.army_code import army_code
from warbench.model.cost_lines import Points, points_text
from warbench.model.costing import UnitCost, price_army
from warbench.model.i18n import N_, _, ngettext
from warbench.model.report import force_summary, points_against_limit

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.costing import ArmyCost
    from warbench.model.systems.base import RuleSystem

FORMATS = ("plain", "markdown", "bbcode")


@dataclass
class _Row:
    count: int
    name: str
    parts: list[str]
    each: int | float | None

    def key(self) -> tuple[str, tuple[str, ...], int | float | None]:
        return (self.name, tuple(self.parts), self.each)


#: user text made inert for each format (model/usertext.py)
_ESCAPE = {"plain": usertext.plain, "markdown": usertext.markdown, "bbcode": usertext.bbcode}


def _bold(text: str, fmt: str) -> str:
    if fmt == "markdown":
        return f"**{text}**"
    if fmt == "bbcode":
        return f"[b]{text}[/b]"
    return text


def _rows(unit: Any, unit_cost: UnitCost, system: RuleSystem, merge: bool) -> list[_Row]:
    rows: list[_Row] = []
    for element, ec in zip(unit.elements, unit_cost.elements):
        row = _Row(ec.count, element.name, system.presentation.text_parts(element), ec.cost_each)
        same = next((r for r in rows if r.key() == row.key()), None) if merge else None
        if same is not None:
            same.count += row.count
        else:
            rows.append(row)
    return rows


def _money(value: Points, currency: str) -> str:
    return f"{points_text(value)} {currency}"


def army_text(army: Army[Any, Any], system: RuleSystem | None = None, fmt: str = "plain", merge: bool = False) -> str:
    """``army`` as text in ``fmt`` (one of ``FORMATS``), ending with its code; ``merge`` joins identical
    elements of a unit. ArmyFileError when the army could not be saved as a file (so has no code)."""
    if fmt not in FORMATS:
        raise ValueError(f"{fmt!r} is not a text format (one of {', '.join(FORMATS)})")
    if system is None:
        from warbench.model.systems import system_for

        system = system_for(army)
    cost = price_army(army, system)
    cur = system.presentation.currency

    esc = _ESCAPE[fmt]

    def name(text: str) -> str:
        return esc(usertext.name(text))

    # the export's own words and figures (totals, prices, the currency) are written as they are; all
    # text from the file (names, the system's phrases with weapon names in them, warnings) goes through esc

    out: list[str] = []
    total = points_against_limit(cost.total, army.points_limit, cur) or force_summary(army, cost, system)
    if fmt == "markdown":
        out += [f"# {name(army.name)}", f"*{esc(system.name)}* · **{esc(total)}**"]
    elif fmt == "bbcode":
        out += [f"[size=150][b]{name(army.name)}[/b][/size]", f"[i]{esc(system.name)}[/i] · [b]{esc(total)}[/b]"]
    else:
        out += [name(army.name), f"{esc(system.name)} · {esc(total)}"]
    for unit, unit_cost in zip(army.units, cost.units):
        subtotal = f" ({_money(unit_cost.cost, cur)})" if unit_cost.cost is not None else ""
        out.append("")
        if fmt == "markdown":
            out.append(f"## {name(unit.name)}{subtotal}")
        elif fmt == "bbcode":
            out += [f"[b]{name(unit.name)}[/b]{subtotal}", "[list]"]
        else:
            out.append(f"{name(unit.name)}{subtotal}")
        for row in _rows(unit, unit_cost, system, merge):
            head = _bold(f"{points_text(row.count)}× {name(row.name)}", fmt)
            line = f"{head}: {esc(', '.join(row.parts))}" if row.parts else head
            if row.each is not None:
                price = (
                    f"{_money(row.each, cur)}"
                    if row.count == 1
                    else _("{each} each = {total}").format(
                        each=points_text(row.each), total=points_text(row.each * row.count)
                    )
                )
                line += f" — {price if row.count == 1 else price + ' ' + cur}"
            prefix = {"markdown": "- ", "bbcode": "[*]", "plain": "  "}[fmt]
            out.append(prefix + line)
        if fmt == "bbcode":
            out.append("[/list]")
    out.append("")
    summary = _total_line(army, cost, system)
    out.append(_bold(summary, fmt))
    if cost.warnings:
        out.append(ngettext("{n} warning:", "{n} warnings:", len(cost.warnings)).format(n=len(cost.warnings)))
        out += [("- " if fmt != "bbcode" else "[*]") + esc(str(w).strip()) for w in cost.warnings]
    out += ["", _(CODE_LABEL), _CODE_LINE[fmt].format(army_code(army))]
    return "\n".join(out) + "\n"


#: the line before the army's code
CODE_LABEL = N_("Army code (Warbench: File ▸ Import from Text…, or warbench import):")
#: the code's line in each format, where the format shows it as it is (its letters, digits and dashes
#: mean nothing in any markup; code keeps a forum from wrapping it or a typographer from touching it)
_CODE_LINE = {"plain": "{}", "markdown": "`{}`", "bbcode": "[code]{}[/code]"}


def _total_line(army: Army[Any, Any], cost: ArmyCost, system: RuleSystem) -> str:
    cur = system.presentation.currency
    if cost.total is None:
        return _("Total: {total}").format(total=force_summary(army, cost, system))
    text = _("Total: {total}").format(total=points_against_limit(cost.total, army.points_limit, cur))
    if army.points_limit is not None:
        diff = cost.total - army.points_limit
        said = (
            _("over by {points}").format(points=points_text(diff))
            if diff > 0
            else _("{points} {currency} to spare").format(points=points_text(-diff), currency=cur)
        )
        text += f" ({said})"
    return text
