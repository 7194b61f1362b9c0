"""Is a design worth its points? The balance lab (``warbench balance``, the window's Balance panel).

One calculation: every figure here comes from the exact odds of the system's combat facet as
:mod:`model.matchup` reads them (:class:`model.matchup.Memo`, the pairs ``warbench matchup --json`` lists)
and from the costs of :mod:`model.costing`; there is no second odds model. The public contract is
``shared/spec/balance.md``: for every element of an army,

- ``deals``: the mean, over the pool's elements T, of the best ``shots × p_damage`` of this element's
  attacks on T (0 where none can harm T);
- ``takes``: the mean, over the pool's elements A, of the best ``shots × p_damage`` of A's attacks on it.

The rest is the project's own (``docs/balance.md``):

- ``lasts``: the activations of the pool it is expected to survive, ``health / takes`` (``health``: the damage
  units that remove it, the odds' ``damage_to_remove``); None where the pool cannot harm it.
- ``value``: ``deals × lasts``, the damage it is expected to deal over its life against the pool.
- per point: each measure divided by the element's points (None without points, or at 0 points).
- the curve: for each measure, ``measure = c × points ** b`` fitted by least squares on the logarithms over
  the pool's own elements (each against the same pool); ``ratio`` is the element's measure over what the
  curve predicts for its points, and a ratio of :data:`CHEAP` or more flags it too cheap, :data:`DEAR` or
  less too dear, with the cost lines that weigh most in its points.
- ``effects``: the system's own measures, as its combat facet's odds name them: every effect of the results'
  ``also`` (stuns, vehicles destroyed...) and :data:`MEAN_DAMAGE`, every unit of damage counted (an attack
  can take several Body points, hits can pool into casualties), each the mean over the pool of the best
  ``shots × count``, like ``deals``.

Every measure is an exact :class:`fractions.Fraction` (written as the matchup writes them: ``"7/12"``); the
curve's constants and the ratios are floats (a logarithm is not a fraction).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from warbench.model.cost_lines import Line, Points, points_text
from warbench.model.costing import price_army
from warbench.model.i18n import N_, _, whole
from warbench.model.matchup import AttackResult, Memo, fraction_text
from warbench.model.systems import system_for

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.costing import ArmyCost
    from warbench.model.library import Library
    from warbench.model.systems.base import RuleSystem

ZERO = Fraction(0)
#: a measure this many times what the curve predicts for its points: the design is too cheap
CHEAP = 1.5
#: ... this fraction of it or less: too dear
DEAR = 2 / 3
#: a ratio this near a threshold counts as on it (the curve is worked out in floats)
ROUNDING = 1e-9
#: the cost lines named beside a flag (the heaviest first)
DRIVING_LINES = 3
#: the measures the curve is fitted for, in the report's order
MEASURES = ("deals", "lasts", "value")


class BalanceError(ValueError):
    """A balance report that cannot be made as asked: the message names what and where."""


class BalanceTooLarge(BalanceError):
    """More pairs of designs than a caller's bound (the window's, :data:`WINDOW_PAIRS`)."""


#: new (design, pool design) pairs the window works out at once: about 1 s (benchmarks/balance.py: 40,000
#: distinct pairs, 631 ms CPU); a pool or an army of thousands of distinct designs is the command line's
WINDOW_PAIRS = 60_000


@dataclass(frozen=True)
class PoolArmy:
    """One army of the pool and where it came from (its file, or a name for an army made in memory)."""

    source: str
    army: Army[Any, Any]


@dataclass(frozen=True)
class Curve:
    """``measure = c × points ** b`` over the pool (None: fewer than one usable point, nothing fitted)."""

    measure: str
    c: float
    b: float
    fitted: int  # the pool's elements it was fitted on

    def predict(self, points: float) -> float:
        return float(self.c * points**self.b)

    def as_json(self) -> dict[str, Any]:
        return {"c": round(self.c, 6), "b": round(self.b, 6), "fitted": self.fitted}


@dataclass
class Design:
    """One element's balance: its points, the contract's ``deals`` and ``takes``, and what follows."""

    unit: str
    element: str
    points: Points | None
    deals: Fraction
    takes: Fraction
    health: int = 1
    effects: dict[str, Fraction] = field(default_factory=dict)
    lines: tuple[Line, ...] = ()
    attacks: int = 0  # the attacks it has (0: it can attack nothing at all)
    ratios: dict[str, float | None] = field(default_factory=dict)
    flags: list[str] = field(default_factory=list)
    codes: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # the flags as (code, values)

    @property
    def lasts(self) -> Fraction | None:
        """The pool's activations it is expected to survive (None: the pool cannot harm it)."""
        return Fraction(self.health) / self.takes if self.takes else None

    @property
    def value(self) -> Fraction | None:
        """The damage it is expected to deal over its life (None: it lasts for ever and deals some)."""
        lasts = self.lasts
        if lasts is None:
            return ZERO if not self.deals else None
        return self.deals * lasts

    def measure(self, name: str) -> Fraction | None:
        return {"deals": self.deals, "lasts": self.lasts, "value": self.value}[name]

    def per_point(self, name: str) -> Fraction | None:
        """``name`` (a :data:`MEASURES`) per point: None without points, at 0 points or with no measure."""
        value = self.measure(name)
        if value is None or not self.points or self.points < 0:
            return None
        return value / _fraction(self.points)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "unit": self.unit,
            "element": self.element,
            "points": None if self.points is None else str(self.points),
            "deals": fraction_text(self.deals),
            "takes": fraction_text(self.takes),
            "health": self.health,
            "lasts": _text(self.lasts),
            "value": _text(self.value),
            "per_point": {name: _text(self.per_point(name)) for name in MEASURES},
            "ratio": {name: None if r is None else round(r, 4) for name, r in self.ratios.items()},
            "flags": list(self.flags),
            "cost_lines": [line.as_json() for line in driving_lines(self.lines)],
        }
        if self.effects:
            out["effects"] = {name: fraction_text(p) for name, p in self.effects.items()}
        return out


@dataclass
class Report:
    """The balance of every element of an army against a pool (``warbench balance --json``)."""

    system: str
    measure: str  # what one unit of damage is, as the odds' results name it (``AttackResult.damage``)
    files: list[str]
    pool_elements: int
    designs: list[Design]
    pool: list[Design]  # the pool's own elements against the pool: what the curves are fitted on
    curves: dict[str, Curve | None]

    def as_json(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "measure": self.measure,
            "pool": {
                "files": list(self.files),
                "elements": self.pool_elements,
                "curve": {name: None if c is None else c.as_json() for name, c in self.curves.items()},
            },
            "elements": [design.as_json() for design in self.designs],
        }


def points_label(value: float) -> str:
    """A points axis's end as a chart says it ("6", "93", "1.5"), a value read back from a logarithm rounded."""
    value = round(value, 2)
    return points_text(int(value) if value.is_integer() else value)


def _fraction(points: Points) -> Fraction:
    return Fraction(points) if isinstance(points, int) else Fraction(str(points))


def _text(value: Fraction | None) -> str | None:
    return None if value is None else fraction_text(value)


def driving_lines(lines: Iterable[Line]) -> list[Line]:
    """The cost lines that weigh most in an element's points (by their size, the first listed first)."""
    ranked = sorted(enumerate(lines), key=lambda item: (-abs(item[1].points), item[0]))
    return [line for _i, line in ranked[:DRIVING_LINES] if line.points]


# --- the pool -----------------------------------------------------------------------------------------


def pool_files(paths: Sequence[str | Path]) -> list[Path]:
    """The army files of ``paths`` (a folder: every ``*.army.json`` in it, sorted), BalanceError for a path
    that is neither."""
    found: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found += sorted(p for p in path.glob("*.army.json") if p.is_file())
        elif path.is_file():
            found.append(path)
        else:
            raise BalanceError(f"{given}: no such army file or folder")
    return found


def example_pool(system_id: str) -> list[PoolArmy]:
    """The example armies Warbench ships for ``system_id`` (``resources/examples``), by file name; a file that
    does not load is left out (the examples are checked by their own tests)."""
    from warbench.model.fileio import ArmyFileError, load_army
    from warbench.model.resources import examples_dir

    found = []
    for path in sorted(examples_dir().glob("*.army.json")):
        try:
            army = load_army(path)
        except ArmyFileError:
            continue
        if army.system == system_id:
            found.append(PoolArmy(str(path), army))
    return found


def library_pool(library: Library, system_id: str) -> tuple[PoolArmy | None, list[str]]:
    """The personal library's designs of ``system_id`` as one pool army (an element design a unit of its own),
    and a line per design left out (a file that cannot be read, a homebrew entry clashing with another
    design's, a design its system refuses); None when no design is left."""
    from warbench.model.fileio import ArmyFileError, army_from_data
    from warbench.model.library import merge_sections

    designs, problems = library.designs(system_id)
    homebrew: dict[str, Any] = {}
    kept: list[tuple[str, dict[str, Any]]] = []
    for design in designs:
        merged, clashes = merge_sections(homebrew, design.homebrew)
        if clashes:
            problems.append(f"{design.path}: homebrew {', '.join(clashes)} defined otherwise by another design")
            continue
        unit = design.design if design.kind == "unit" else {"name": design.name, "elements": [design.design]}
        try:  # each design checked alone first: one the system refuses is named, never the whole library
            army_from_data(_library_army(system_id, [unit], design.homebrew), str(design.path))
        except ArmyFileError as exc:
            problems += [f"{design.path}: {line}" for line in exc.shown]
            continue
        homebrew = merged
        kept.append((str(design.path), unit))
    if not kept:
        return None, problems
    army = army_from_data(_library_army(system_id, [unit for _path, unit in kept], homebrew), str(library.root))
    return PoolArmy(str(library.designs_dir(system_id)), army), problems


def _library_army(system_id: str, units: list[dict[str, Any]], homebrew: dict[str, Any]) -> dict[str, Any]:
    from warbench.model.army import SCHEMA_VERSION

    data: dict[str, Any] = {
        "format": "warbench-army",
        "schema_version": SCHEMA_VERSION,
        "system": system_id,
        "name": "Library",
        "units": units,
    }
    if homebrew:
        data["homebrew"] = homebrew
    return data


def check_pool(system: RuleSystem, pool: Sequence[PoolArmy]) -> None:
    """Every pool army of ``system`` (BalanceError naming the first that is not), and at least one element."""
    for member in pool:
        if member.army.system != system.id:
            raise BalanceError(
                _("{source}: a {system} army cannot be in the pool of a {own} army").format(
                    source=member.source, system=member.army.system, own=system.id
                )
            )
    if not any(unit.elements for member in pool for unit in member.army.units):
        where = ", ".join(member.source for member in pool) or _("no army files")
        raise BalanceError(
            _("the pool has no elements ({where}): give army files of {system} with some").format(
                where=where, system=system.id
            )
        )


# --- the odds, through the matchup --------------------------------------------------------------------


#: the effect that counts every unit of damage an attack does (one attack can do several, hits can pool)
MEAN_DAMAGE = "mean damage"
#: effects, by name: their expected count in one activation
Effects = dict[str, Fraction]
#: no effect (one object: counted once by ``_design``)
NO_EFFECTS: Effects = {}
#: what one activation of an attacker does to a target at best: expected damage, the target's health, effects
Best = tuple[Fraction, int, Effects]


def mean_damage(result: AttackResult) -> Fraction:
    """The units of damage one attack is expected to do: its ``p_damage``, or where one attack can do several its
    mean (``outcomes``), or where hits pool (several a unit) its share of one (``p_hit × damage_given_hits /
    hits_per_damage``)."""
    if result.hits_per_damage > 1:
        return result.p_hit * result.damage_given_hits / result.hits_per_damage
    return result.mean_damage


class Odds:
    """The best ``shots × p_damage`` of one element's attacks on another, as the matchup's pairs give it,
    worked out once per (attacker design, target design) (:class:`model.matchup.Memo`'s keys); beside it the
    best expected count of each effect the system's odds name (``AttackResult.also``, :data:`MEAN_DAMAGE`)."""

    def __init__(
        self, system: RuleSystem, best: dict[tuple[Any, Any], Any] | None = None, units: dict[str, None] | None = None
    ):
        """``best``, ``units``: those of an earlier run of the same system (keyed by content, never by object)."""
        if system.combat is None:
            raise BalanceError(_("{system} has no attack model: no balance to work out").format(system=system.name))
        self.memo = Memo(system)
        self.best: dict[tuple[Any, Any], Best] = {} if best is None else best
        #: by the id of a result the memo holds (so never reused while this lives)
        self.expected: dict[int, tuple[Fraction, Effects]] = {}
        #: the effects of two results at best, by the ids of theirs (one object per pair of them)
        self.merged: dict[tuple[int, int], tuple[Effects, Effects, Effects]] = {}
        #: what one unit of damage is, as the odds' results name it (``AttackResult.damage``), in the order met
        self.units: dict[str, None] = {} if units is None else units

    def pair(self, attacker: Any, target: Any, key: tuple[Any, Any] | None = None) -> Best:
        """(best expected damage, the target's health, each effect's best expected count) of one activation
        (``key``: the attacker's ``matchup_key`` and the target's ``matchup_target_key``, when known)."""
        key = key or (self.memo.key(attacker), self.memo.target_key(target))
        found = self.best.get(key)
        if found is None:
            found = self.best[key] = self._work_out(attacker, target)
        return found

    def _work_out(self, attacker: Any, target: Any) -> Best:
        best, health = ZERO, 0
        effects = NO_EFFECTS
        for kind in self.memo.attack_kinds(attacker):
            result = self.memo.attack(attacker, kind, target)
            if result is None:  # an attack the matchup lists no pair for
                continue
            health = max(health, result.damage_to_remove)
            damage, counts = self._expected(result)
            best = max(best, damage)
            effects = self._merge(effects, counts)
        return best, health, effects

    def _merge(self, a: Effects, b: Effects) -> Effects:
        """Each effect's larger count of ``a`` and ``b`` (the same object for the same two)."""
        if not b or a is b:
            return a
        if not a:
            return b
        found = self.merged.get((id(a), id(b)))
        if found is None:  # a and b are kept with it: their ids are never reused while it lives
            both = {name: max(a.get(name, ZERO), b.get(name, ZERO)) for name in dict.fromkeys([*a, *b])}
            found = self.merged[(id(a), id(b))] = (a, b, both)
        return found[2]

    def _expected(self, result: AttackResult) -> tuple[Fraction, Effects]:
        """``shots × p_damage`` and each effect's ``shots × count`` of one attack result (the memo shares
        one result among every pair of equal odds: worked out once each)."""
        found = self.expected.get(id(result))
        if found is None:
            self.units[result.damage] = None
            effects = {name: result.shots * p for name, p in result.also.items() if p}
            if mean := mean_damage(result):
                effects[MEAN_DAMAGE] = result.shots * mean
            found = self.expected[id(result)] = (result.shots * result.p_damage, effects or NO_EFFECTS)
        return found


def _elements(army: Army[Any, Any]) -> list[tuple[str, Any]]:
    return [(unit.name, element) for unit in army.units for element in unit.elements]


#: one design of the pool: an element, its copies, its ``matchup_key`` and ``matchup_target_key``
Group = tuple[Any, int, Any, Any]


def _grouped(odds: Odds, pool: Sequence[Any]) -> list[Group]:
    """The pool's elements, one per design as the odds read it (attacking and attacked), with its copies."""
    groups: dict[tuple[Any, Any], list[Any]] = {}
    for element in pool:
        key = (odds.memo.key(element), odds.memo.target_key(element))
        if key in groups:
            groups[key][1] += 1
        else:
            groups[key] = [element, 1, *key]
    return [(element, copies, key, target_key) for element, copies, key, target_key in groups.values()]


def _design(odds: Odds, unit: str, element: Any, pool: Sequence[Group], n: int) -> Design:
    """One element against every element of the pool (``pool`` its designs with their copies, ``n`` elements
    in all, never 0): the contract's means. The copies of each value (by object: equal results are shared) are
    counted first and multiplied once: Fraction arithmetic is what such a run spends its time on."""
    dealt: dict[int, list[Any]] = {}
    taken: dict[int, list[Any]] = {}
    effects: dict[int, list[Any]] = {}
    health = 0
    key, target_key = odds.memo.key(element), odds.memo.target_key(element)
    for other, copies, other_key, other_target_key in pool:
        out = odds.pair(element, other, (key, other_target_key))
        back = odds.pair(other, element, (other_key, target_key))
        for counted, value in ((dealt, out[0]), (taken, back[0]), (effects, out[2])):
            entry = counted.get(id(value))
            if entry is None:
                counted[id(value)] = [value, copies]
            else:
                entry[1] += copies
        if back[1] > health:
            health = back[1]
    totals: Effects = {}
    for values, copies in effects.values():
        for name, value in values.items():
            totals[name] = totals.get(name, ZERO) + value * copies
    return Design(
        unit,
        element.name,
        None,
        _mean(dealt, n),
        _mean(taken, n),
        health or 1,
        {name: total / n for name, total in totals.items()},
        attacks=len(odds.memo.attack_kinds(element)),
    )


def _mean(counted: dict[int, list[Any]], n: int) -> Fraction:
    return sum((value * copies for value, copies in counted.values() if value), ZERO) / n


def designs_of(
    odds: Odds,
    army: Army[Any, Any],
    system: RuleSystem,
    pool: Sequence[Group],
    n: int,
    seen: dict[tuple[Any, Any], Design] | None = None,
    cost: ArmyCost | None = None,
) -> list[Design]:
    """Every element of ``army`` (in army order) against the pool (its designs with their copies, ``n``
    elements in all), with its points and cost lines (``cost``: the army's, when the caller has it); copies of
    one design are worked out once (``seen``: designs already worked out against this pool, kept between
    calls)."""
    seen = {} if seen is None else seen
    cost = price_army(army, system) if cost is None else cost
    priced = [(e.cost_each, e.breakdown) for unit in cost.units for e in unit.elements]
    found = []
    for (unit, element), (points, lines) in zip(_elements(army), priced, strict=True):
        key = (odds.memo.key(element), odds.memo.target_key(element))
        known = seen.get(key)
        if known is None:
            known = seen[key] = _design(odds, unit, element, pool, n)
        found.append(replace(known, unit=unit, element=element.name, points=points, lines=lines))
    return found


# --- the curve ----------------------------------------------------------------------------------------


def fit(measure: str, designs: Iterable[Design]) -> Curve | None:
    """``measure = c × points ** b`` by least squares on the logarithms, over the designs with points and a
    measure above 0; with one such design, or all at one price, ``b = 1`` (value in proportion to points) and
    ``c`` their geometric mean per point. None when no design has both."""
    xs, ys = [], []
    for design in designs:
        value = design.measure(measure)
        if design.points and design.points > 0 and value:
            xs.append(math.log(design.points))
            ys.append(math.log(value))
    if not xs:
        return None
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    if sxx < 1e-12:
        return Curve(measure, math.exp(my - mx), 1.0, n)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx
    return Curve(measure, math.exp(my - b * mx), b, n)


#: the flags in words (the report's ``flags``), by code; the window says them in its own words from the codes
FLAG_TEXT = {
    "no-attack": "has no attack: it can attack nothing",
    "harms-nothing": "can harm nothing in the pool",
    "unharmed": "nothing in the pool can harm it",
    "no-points": "has no points: no value per point",
    "zero-points": "costs {points} points: no value per point",
    "cheap": "{measure} {ratio}× what its points predict: too cheap",
    "dear": "{measure} {ratio}× what its points predict: too dear",
}


def judge(design: Design, curves: dict[str, Curve | None]) -> None:
    """The design's ratio to each curve and its flags (``codes``: a :data:`FLAG_TEXT` code and its values;
    ``flags``: the same in words, "deals 1.9× what its points predict: too cheap")."""
    design.ratios, design.codes = {}, []
    if design.attacks == 0:
        design.codes.append(("no-attack", {}))
    elif not design.deals:
        design.codes.append(("harms-nothing", {}))
    if not design.takes:
        design.codes.append(("unharmed", {}))
    if design.points is None:
        design.codes.append(("no-points", {}))
    elif design.points <= 0:
        design.codes.append(("zero-points", {"points": design.points}))
    else:
        for name, curve in curves.items():
            value = design.measure(name)
            ratio = None if curve is None or value is None else float(value) / curve.predict(float(design.points))
            design.ratios[name] = ratio
            if ratio is not None and value and (ratio >= CHEAP - ROUNDING or ratio <= DEAR + ROUNDING):
                verdict = "cheap" if ratio >= CHEAP - ROUNDING else "dear"
                design.codes.append((verdict, {"measure": name, "ratio": ratio}))
    design.flags = [FLAG_TEXT[code].format(**_shown(values)) for code, values in design.codes]


def _shown(values: dict[str, Any]) -> dict[str, Any]:
    return {key: f"{value:.2g}" if key == "ratio" else value for key, value in values.items()}


# --- the report ---------------------------------------------------------------------------------------


class Lab:
    """One pool of one system, its curves worked out once, judging army after army (the window's panel keeps
    one while the player edits: only a changed design is worked out again)."""

    def __init__(self, system: RuleSystem, pool: Sequence[PoolArmy], max_pairs: int | None = None):
        """``max_pairs``: refuse (BalanceTooLarge) to work out more new (design, pool design) pairs than this in
        one go (the window's bound, :data:`WINDOW_PAIRS`; the command line has none)."""
        check_pool(system, pool)
        self.system = system
        self.max_pairs = max_pairs
        self.files = [member.source for member in pool]
        self.best: dict[tuple[Any, Any], Any] = {}
        self.seen: dict[tuple[Any, Any], Design] = {}
        self.units: dict[str, None] = {}
        odds = Odds(system, self.best, self.units)
        targets = [element for member in pool for _unit, element in _elements(member.army)]
        self.n = len(targets)
        self.grouped = _grouped(odds, targets)
        self._check(len(self.grouped))
        # each pool army priced by its own system (its own homebrew), its odds read by this one's
        self.pool = [
            design
            for member in pool
            for design in designs_of(odds, member.army, system_for(member.army), self.grouped, self.n, self.seen)
        ]
        self.curves = {name: fit(name, self.pool) for name in MEASURES}
        for design in self.pool:
            judge(design, self.curves)

    def report(self, army: Army[Any, Any], cost: ArmyCost | None = None) -> Report:
        """The balance of every element of ``army`` (of this lab's system) against the pool."""
        odds = Odds(self.system, self.best, self.units)
        if self.max_pairs is not None:
            keys = {(odds.memo.key(element), odds.memo.target_key(element)) for _unit, element in _elements(army)}
            self._check(len(keys - self.seen.keys()))
        designs = designs_of(odds, army, self.system, self.grouped, self.n, self.seen, cost)
        for design in designs:
            judge(design, self.curves)
        measure = "; ".join(self.units) or N_("damage")
        return Report(self.system.id, measure, list(self.files), self.n, designs, self.pool, self.curves)

    def _check(self, designs: int) -> None:
        pairs = designs * len(self.grouped)
        if self.max_pairs is not None and pairs > self.max_pairs:
            raise BalanceTooLarge(
                _(
                    "{designs} designs against {pool} designs of the pool are {pairs} pairs to work out, more than "
                    "the {most} this works out at once: use warbench balance, which has no such bound"
                ).format(
                    designs=whole(designs),
                    pool=whole(len(self.grouped)),
                    pairs=whole(pairs),
                    most=whole(self.max_pairs),
                )
            )


def balance(army: Army[Any, Any], system: RuleSystem, pool: Sequence[PoolArmy]) -> Report:
    """The balance of every element of ``army`` against ``pool`` (BalanceError: a pool of another system,
    an empty pool, a system without odds; MatchupTooLarge: an activation over the odds' bound)."""
    return Lab(system, pool).report(army)


def format_report(report: Report) -> str:
    """The plain output: a line per element (points, deals, takes, value per point, flags)."""
    lines = [
        f"{report.system}: {report.pool_elements:,} pool elements from {len(report.files):,} files; "
        f"damage counted as {report.measure}",
        f"{'unit / element':<36} {'points':>7} {'deals':>8} {'takes':>8} {'value':>9} {'value/pt':>9}",
    ]
    for d in report.designs:
        name = f"{d.unit} / {d.element}"
        name = name if len(name) <= 36 else name[:35] + "…"
        lines.append(
            f"{name:<36} {'-' if d.points is None else d.points!s:>7} {_num(d.deals):>8} {_num(d.takes):>8} "
            f"{_num(d.value, '∞'):>9} {_num(d.per_point('value'), '-'):>9}"
        )
        lines += [f"    {flag}" for flag in d.flags]
        if any("predict" in flag for flag in d.flags):
            lines += [f"      cost: {line.item} {line.points}" for line in driving_lines(d.lines)]
    return "\n".join(lines)


def _num(value: Fraction | None, none: str = "-") -> str:
    return none if value is None else f"{float(value):.3f}"
