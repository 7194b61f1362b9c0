"""What a table pack shows, gathered from the model: each part is what the window, the PDFs and the other
commands show, never worked out a second time.

- the unit cards: the PDF cards' content (``model.pdf.cards``: stat line, lines, cost, the rules each uses),
  each rule's text once, in the glossary, which the cards link to;
- the glossary: the attributes and spells the army uses and the core rules tables it needs at the game, as
  the cards deck picks them, with the search's own entries (``model.search.Entry``) and spellings;
- the dice: the system's everyday rolls (``Reference.dice_presets``) and N dice of each of its dice, as
  totals and as dice at least a target, each with the exact distribution ``model.dice`` gives
  (``warbench roll --odds``'s percentages);
- the odds: the matchup's pairs and matrix (``warbench matchup --json``) as percentages;
- the tracker: each element's rows (:mod:`model.pack.state`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from warbench.model.cost_lines import points_text
from warbench.model.costing import price_army
from warbench.model.dice import distribution, parse, percent
from warbench.model.i18n import attack as attack_kind
from warbench.model.i18n import decimal, number
from warbench.model.i18n import label as data_label
from warbench.model.matchup import MatchupError, matchup_json, percent_text
from warbench.model.pack import state as pack_state
from warbench.model.pdf.cards import _tables_needed, _unit_cards
from warbench.model.search import COMPOUND_MIN, FEW, FUZZY_CUTOFF, FUZZY_LIMIT, FUZZY_MIN, SPELLINGS, Entry
from warbench.model.usertext import LINE_BREAK, one_line

if TYPE_CHECKING:
    from fractions import Fraction

    from warbench.model.army import Army
    from warbench.model.systems.base import RuleSystem

#: most dice of one kind the roller offers; most sides for which it offers "each at least" targets
MOST_DICE = 10
MOST_TOTALS = 4
MOST_TARGET_SIDES = 12
#: most attacking elements × target elements whose odds the page lists (40 × 40; the largest example
#: army's is 13 × 13): a larger army's would make a page of megabytes, and ``warbench matchup`` lists them
MOST_ELEMENT_PAIRS = 1600


def lines(value: Any) -> str:
    """A note from a file as the page shows it: its line breaks kept (as ``\n``), no control or
    direction-reordering characters, no army code; the template escapes it."""
    return "\n".join(text(line) for line in LINE_BREAK.split(str(value)))


def text(value: Any) -> str:
    """A text from a file as the page shows it: one line, no control or direction-reordering characters, no
    army code (``model.usertext.one_line``); the template escapes it."""
    return one_line(str(value))


@dataclass
class CardRule:
    name: str
    detail: str
    anchor: str  # the glossary entry's id in the page


@dataclass
class UnitCard:
    title: str
    subtitle: str
    columns: tuple[str, ...] = ()
    values: tuple[str, ...] = ()
    lines: list[str] = field(default_factory=list)
    rules: list[CardRule] = field(default_factory=list)
    notes: str = ""  # the unit's notes, on its first element's card


@dataclass
class GlossaryEntry:
    anchor: str
    kind: str  # attribute | spell | table
    name: str
    detail: str
    summary: str
    columns: tuple[str, ...] = ()
    rows: list[tuple[str, ...]] = field(default_factory=list)
    tags: tuple[str, ...] = ()


def glossary(army: Army[Any, Any], system: RuleSystem) -> tuple[list[GlossaryEntry], dict[tuple[str, str], str]]:
    """The rules the army uses (its attributes and spells, by name) and the core tables it needs at the game,
    and the anchor of each (kind, id)."""
    cat = system.catalogue
    used: dict[tuple[str, str], None] = {}
    for unit in army.units:
        for element in unit.elements:
            used.update(dict.fromkeys(system.presentation.card_rule_ids(element)))
    entries: list[GlossaryEntry] = []
    anchors: dict[tuple[str, str], str] = {}
    for kind, rule_id in sorted(used, key=lambda k: (k[0] != "attribute", _name(system, *k).casefold())):
        anchor = anchors[kind, rule_id] = f"g{len(anchors) + 1}"
        if kind == "spell":
            spell = cat.spells[rule_id]
            entries.append(
                GlossaryEntry(
                    anchor, "spell", text(spell.name), text(spell.described(2)), text(spell.summary), tags=("spell",)
                )
            )
        else:
            attr = cat.attributes[rule_id]
            tags = tuple(map(text, attr.tags))
            entries.append(
                GlossaryEntry(anchor, "attribute", text(attr.name), text(attr.cost.text), text(attr.summary), tags=tags)
            )
    for table in _tables_needed(army, system, build_time=False):
        anchor = anchors["table", table.id] = f"g{len(anchors) + 1}"
        rows = [tuple(map(text, row)) for row in table.rows]
        columns, tags = tuple(map(text, table.columns)), tuple(map(text, table.tags))
        entries.append(GlossaryEntry(anchor, "table", text(table.name), "", text(table.summary), columns, rows, tags))
    return entries, anchors


def _name(system: RuleSystem, kind: str, rule_id: str) -> str:
    cat = system.catalogue
    return cat.spells[rule_id].name if kind == "spell" else cat.attribute_name(rule_id)


def search_entries(entries: list[GlossaryEntry]) -> list[Entry]:
    """The glossary as the window's search reads it (``model.search.reference_entries``' texts)."""
    out = []
    for g in entries:
        summary = g.summary + (" " + " ".join(" ".join(r) for r in g.rows) if g.kind == "table" else "")
        detail = "rules" if g.kind == "table" else g.detail
        out.append(Entry(g.kind, g.anchor, g.name, summary, g.tags, detail))
    return out


def search_data(entries: list[GlossaryEntry]) -> dict[str, Any]:
    """What the page's search reads: each entry's texts and the search's constants and spellings."""
    return {
        "entries": [[e.id, e.name, list(e.tags), e.summary] for e in search_entries(entries)],
        "spellings": SPELLINGS,
        "few": FEW,
        "fuzzy_min": FUZZY_MIN,
        "fuzzy_cutoff": FUZZY_CUTOFF,
        "fuzzy_limit": FUZZY_LIMIT,
        "compound_min": COMPOUND_MIN,
    }


def unit_cards(army: Army[Any, Any], system: RuleSystem, anchors: dict[tuple[str, str], str]) -> list[UnitCard]:
    """Each element's card: the PDF card's content, its rules linking to the glossary."""
    cards = []
    notes = [lines(unit.notes.strip()) if i == 0 else "" for unit in army.units for i, _e in enumerate(unit.elements)]
    for (card, ids), note in zip(_unit_cards(army, system, price_army(army, system)), notes, strict=True):
        columns, values = (card.table[0], card.table[1][0]) if card.table else ((), ())
        rules = [
            CardRule(text(name), text(detail), anchors[rule])
            for (name, detail, _summary), rule in zip(card.rules, ids, strict=True)
            if rule in anchors
        ]
        cards.append(
            UnitCard(
                text(card.title),
                text(card.subtitle),
                tuple(map(text, columns)),
                tuple(map(text, values)),
                [text(line) for line in card.paragraphs],
                rules,
                note,
            )
        )
    return cards


def _distribution(expression: str) -> dict[str, Any]:
    """``expression``'s exact odds as ``warbench roll --odds`` prints them."""
    dist = distribution(expression)
    return {
        "low": dist.low,
        "exactly": [percent(p) for _v, p in dist.items()],
        "at_least": [percent(dist.at_least(v)) for v, _p in dist.items()],
        "mean": f"{float(dist.mean):.3f}",
    }


def _term(expression: str) -> dict[str, Any]:
    """The one dice term of ``expression`` as the page rolls it."""
    term = parse(expression).terms[0]
    return {"count": term.count, "sides": term.sides, "compare": term.compare, "target": term.target}


def dice(system: RuleSystem) -> dict[str, Any]:
    """The roller's rolls: the system's presets, and for each of its dice 1 to :data:`MOST_DICE` of them each
    at least a target (dice of up to :data:`MOST_TARGET_SIDES` sides) and 1 to :data:`MOST_TOTALS` summed;
    every expression with its exact odds, by its text (``str(parse(...))``)."""
    presets = []
    sides: set[int] = {6}
    odds: dict[str, dict[str, Any]] = {}
    for label, expression, _target in system.reference.dice_presets():
        expr = parse(expression)
        if len(expr.terms) != 1 or expr.terms[0].is_constant or expr.terms[0].keep:
            continue
        key = str(expr)
        presets.append({"label": label, "expression": key, **_term(key)})
        odds[key] = _distribution(key)
        sides.add(expr.terms[0].sides)
    check = system.reference.dice_check
    if check is not None:
        sides.update(check.dice)
    for s in sorted(sides):
        for n in range(1, MOST_TOTALS + 1):
            odds.setdefault(f"{n}d{s}", _distribution(f"{n}d{s}"))
        if s <= MOST_TARGET_SIDES:
            for n in range(1, MOST_DICE + 1):
                for t in range(2, s + 1):
                    odds.setdefault(f"{n}d{s}>={t}", _distribution(f"{n}d{s}>={t}"))
    return {
        "presets": presets,
        "sides": sorted(sides),
        "most_dice": MOST_DICE,
        "most_totals": MOST_TOTALS,
        "most_target_sides": MOST_TARGET_SIDES,
        "odds": odds,
    }


def _percent(fraction_text: str) -> str:
    from fractions import Fraction

    return decimal(percent_text(Fraction(fraction_text)))


def odds(system: RuleSystem, army: Army[Any, Any], opponent: Army[Any, Any]) -> dict[str, Any]:
    """The matchup of ``army`` against ``opponent`` (``warbench matchup --json``) as the page shows it: per
    attacking element its attacks on each target element, and the units' expected damage per activation."""
    counts = sum(len(u.elements) for u in army.units), sum(len(u.elements) for u in opponent.units)
    if counts[0] * counts[1] > MOST_ELEMENT_PAIRS:
        return {"error": "", "too_many": counts, "attackers": [], "matrix": None}
    try:
        data = matchup_json(system, army, opponent)
    except MatchupError as exc:
        return {"error": text(exc), "too_many": None, "attackers": [], "matrix": None}
    attackers: list[tuple[str, list[dict[str, str]]]] = []
    for pair in data["pairs"]:  # each attacker's pairs come together
        who = text(f"{pair['attacker']['unit']} / {pair['attacker']['element']}")
        if not attackers or attackers[-1][0] != who:
            attackers.append((who, []))
        weapon = pair.get("weapon") or pair["attack"]
        kind = attack_kind(pair["attack"])  # the page's language (the weapon: a rule's name)
        attackers[-1][1].append(
            {
                "attack": text(kind if weapon == pair["attack"] else f"{kind}: {weapon}"),
                "target": text(f"{pair['target']['unit']} / {pair['target']['element']}"),
                "p_hit": _percent(pair["p_hit"]),
                "p_damage": _percent(pair["p_damage"]),
                "p_hit_exact": str(pair["p_hit"]),
                "p_damage_exact": str(pair["p_damage"]),
                "damage": text(data_label(pair.get("damage", ""))),
                "shots": str(pair.get("shots", "")),
            }
        )
    grid = data["matrix"]
    matrix = {
        "attackers": [text(a) for a in grid["attackers"]],
        "targets": [text(t) for t in grid["targets"]],
        "rows": [[number(_fraction(v), 2) for v in row] for row in grid["expected_damage"]],
    }
    return {
        "error": "",
        "too_many": None,
        "attackers": [{"name": who, "pairs": p} for who, p in attackers],
        "matrix": matrix,
        "left_to_table": [text(t) for t in data.get("left_to_table", [])],
        "forbidden_by": [text(t) for t in data.get("forbidden_by", [])],
    }


def _fraction(value: str) -> Fraction:
    from fractions import Fraction

    return Fraction(value)


def tracker(army: Army[Any, Any], system: RuleSystem) -> list[dict[str, Any]]:
    """Each unit's elements with their tracker rows (:mod:`model.pack.state`) and morale line."""
    return [
        {
            "name": text(unit.name),
            "morale": text(system.play.play_unit_morale(unit)),
            "elements": [
                {"name": text(element.name), "rows": [r.as_json() for r in pack_state.rows(system, element)]}
                for element in unit.elements
            ],
        }
        for unit in army.units
    ]


def points(army: Army[Any, Any], system: RuleSystem) -> tuple[str, str]:
    """The army's cost and limit as the sheet writes them."""
    cost = price_army(army, system)
    limit = getattr(army, "points_limit", None)
    return ("" if cost.total is None else points_text(cost.total)), "" if limit is None else points_text(limit)
