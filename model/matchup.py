"""Exact attack odds between elements ("matchups"), for every rule system.

The dice of each system live in its module (its combat facet, ``Combat.attack``); this module
holds what every system shares: the result of one attack, the distribution of a
unit's whole activation, the army × army pairs and matrix, and the JSON contract
of ``warbench matchup --json`` (``shared/spec/army-file.md``, "The matchup
contract"). Every probability is a ``fractions.Fraction``; nothing is sampled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any

from warbench.model.odds import (
    ATTACKS_TEXT,
    MAX_ATTACKS,
    ZERO,
    AttackResult,
    MatchupError,
    MatchupTooLarge,
    NotApplied,
    Situation,
    Ways,
    _binomial_ways,
    _fractions,
    _power,
    _product,
    _thin_ways,
    _ways,
    at_least,
    binomial,
    check_attacks,
    check_situation,
    convolve,
    drop_inapplicable,
    first_number,
    fraction_text,
    not_applied,
    percent_text,
    thin,
)

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.systems.base import RuleSystem
    from warbench.model.systems.combat import Combat

    pass

#: the odds of one attack (``model.odds``) are named here too, where callers have always found them
__all__ = [
    "ZERO",
    "MatchupError",
    "MatchupTooLarge",
    "MAX_ATTACKS",
    "ATTACKS_TEXT",
    "Situation",
    "AttackResult",
    "fraction_text",
    "percent_text",
    "check_situation",
    "NotApplied",
    "not_applied",
    "drop_inapplicable",
    "at_least",
    "first_number",
    "Ways",
    "check_attacks",
    "binomial",
    "thin",
    "convolve",
]


@dataclass
class Activation:
    """One unit's activation with one action against one target element."""

    results: list[tuple[Any, AttackResult]]  # (attacker element, result), one per weapon
    hits: list[Fraction]  # P(k hits)
    damage: list[Fraction]  # P(k damage units)

    @property
    def expected_hits(self) -> Fraction:
        return sum((k * p for k, p in enumerate(self.hits)), Fraction(0))

    @property
    def expected_damage(self) -> Fraction:
        return sum((k * p for k, p in enumerate(self.damage)), Fraction(0))


def check_activation(results: Iterable[tuple[str, int, AttackResult]]) -> None:
    """Refuse an activation of more than :data:`MAX_ATTACKS` attacks (each counted once per unit of damage it
    can do), naming the element and weapon that make the most of them."""
    total, most, worst = 0, -1, ""
    for name, count, result in results:
        n = count * result.shots * (len(result.per_attack) - 1 or 1)
        total += n
        if n > most:
            most = n
            each = len(result.per_attack) - 1
            worst = f"{name!r}, {result.weapon} ({result.attack}): {count:,} × {result.shots:,} attacks" + (
                f", up to {each:,} damage each" if each > 1 else ""
            )
    if total > MAX_ATTACKS:
        raise MatchupTooLarge(f"{worst}: {total:,} attacks in one activation; {ATTACKS_TEXT}")


def _name(element: Any) -> str:
    return str(getattr(element, "name", "an element"))


def activation(results: Sequence[tuple[Any, int, AttackResult]]) -> Activation:
    """The exact distribution of hits and damage when every (element, count, result) attacks:
    count × shots independent attacks each (refused over :data:`MAX_ATTACKS`: :func:`check_activation`).
    Worked out in whole numbers over one denominator (Fractions only at the end)."""
    check_activation((_name(e), c, r) for e, c, r in results)
    one: Ways = ([1], 1)
    hits, damage, pooled = one, one, one  # pooled: hits that add up to damage (hits_per_damage > 1)
    per, q = 1, Fraction(1)
    for _element, count, result in results:
        n = count * result.shots
        hits = _product(hits, _binomial_ways(n, result.p_hit))
        if result.hits_per_damage > 1:
            per, q = result.hits_per_damage, result.damage_given_hits
            if q:
                pooled = _product(pooled, _binomial_ways(n, result.p_hit))
        elif result.outcomes is None:
            damage = _product(damage, _binomial_ways(n, result.p_damage))
        else:
            damage = _product(damage, _power(_ways(result.outcomes), n))
    if per > 1:
        values, total = pooled
        casualties = [0] * ((len(values) - 1) // per + 1)
        for h, w in enumerate(values):
            casualties[h // per] += w
        damage = _product(damage, _thin_ways((casualties, total), q) if q != 1 else (casualties, total))
    return Activation([(e, r) for e, _c, r in results], _fractions(hits), _fractions(damage))


def expected_damage(results: Iterable[tuple[int, AttackResult]]) -> Fraction:
    """Σ count × shots × P(damage): the activation's expected damage units, without the distribution."""
    results = list(results)
    if any(r.hits_per_damage > 1 for _c, r in results):
        return activation([(None, c, r) for c, r in results]).expected_damage
    return sum((count * r.shots * r.mean_damage for count, r in results), Fraction(0))


# --- an army against an army ----------------------------------------------------------


def _elements(army: Army[Any, Any]) -> list[tuple[str, Any]]:
    return [(unit.name, element) for unit in army.units for element in unit.elements]


class Memo:
    """Attack results of one army-against-army run: elements the odds cannot tell apart (the
    same trooper in several squads) are worked out once, keyed by the combat facet's ``matchup_key``; a
    system without one (``system.combat is None``) has no attacks."""

    def __init__(self, system: RuleSystem, situation: Iterable[str] = ()):
        self.system = system
        self.combat = system.combat
        #: checked once here (MatchupError for a name the system does not have), not again per attack
        self.situation = check_situation(self.combat.situations if self.combat else (), situation)
        self.keys: dict[int, Any] = {}
        self.target_keys: dict[int, Any] = {}
        self.attack_keys: dict[tuple[int, tuple[str, int]], Any] = {}
        self.unit_keys: dict[int, Any] = {}
        self.targets: dict[int, dict[Any, Any]] = {}
        self.results: dict[tuple[Any, ...], AttackResult | None] = {}
        self.kinds: dict[int, list[tuple[str, int]]] = {}
        self.dealt: dict[tuple[Any, ...], Fraction] = {}

    def attack_kinds(self, element: Any) -> list[tuple[str, int]]:
        kinds = self.kinds.get(id(element))
        if kinds is None:
            kinds = self.kinds[id(element)] = self.odds.attack_kinds(element) if self.combat else []
        return kinds

    @property
    def odds(self) -> Combat[Any]:
        """The system's combat facet (what the keys and the odds come from: asked only where it has one)."""
        if self.combat is None:
            raise MatchupError(f"{self.system.name} has no attack model")
        return self.combat

    def action_damage(self, attacker: Any, action: frozenset[str], target: Any) -> list[AttackResult]:
        """The results of every attack of ``attacker`` that fires in ``action`` against ``target``."""
        return [
            r
            for kind in self.attack_kinds(attacker)
            if kind[0] in action and (r := self.attack(attacker, kind, target)) is not None
        ]

    def key(self, element: Any) -> Any:
        k = self.keys.get(id(element))
        if k is None:
            k = self.keys[id(element)] = self.odds.matchup_key(element)
        return k

    def unit_key(self, unit: Any) -> Any:
        """The attacking unit's elements as the odds read them (with their counts)."""
        k = self.unit_keys.get(id(unit))
        if k is None:
            count = self.system.schema.element_count
            k = self.unit_keys[id(unit)] = tuple((self.key(e), count(e)) for e in unit.elements)
        return k

    def distinct_targets(self, unit: Any) -> dict[Any, Any]:
        """One element of ``unit`` per target key (the others take the same damage)."""
        targets = self.targets.get(id(unit))
        if targets is None:
            targets = self.targets[id(unit)] = {}
            for element in unit.elements:
                targets.setdefault(self.target_key(element), element)
        return targets

    def target_key(self, element: Any) -> Any:
        k = self.target_keys.get(id(element))
        if k is None:
            k = self.target_keys[id(element)] = self.odds.matchup_target_key(element)
        return k

    def attack(self, attacker: Any, kind: tuple[str, int], target: Any) -> AttackResult | None:
        attack_key = self.attack_keys.get((id(attacker), kind))
        if attack_key is None:
            attack_key = self.attack_keys[(id(attacker), kind)] = self.odds.matchup_attack_key(attacker, kind)
        key = (attack_key, self.target_key(target))
        if key not in self.results:
            try:
                result = self.odds.attack_checked(attacker, kind, target, self.situation, strict=False)
            except MatchupTooLarge:
                raise
            except MatchupError:
                result = None
            self.results[key] = result
        return self.results[key]


def pairs(
    system: RuleSystem,
    army: Army[Any, Any],
    opponent: Army[Any, Any],
    attack: str | None = None,
    situation: Iterable[str] = (),
    memo: Memo | None = None,
) -> list[dict[str, Any]]:
    """The contract's ``pairs``: attacker element × target element × attack (``situation`` is read when no
    ``memo`` of the same run is given)."""
    return list(iter_pairs(system, army, opponent, attack, memo or Memo(system, situation)))


def iter_pairs(
    system: RuleSystem, army: Army[Any, Any], opponent: Army[Any, Any], attack: str | None, memo: Memo
) -> Iterator[dict[str, Any]]:
    """:func:`pairs` one at a time (``warbench matchup`` writes each as it comes: 2,000 units a side are
    millions of pairs)."""
    reroll_key = memo.combat.matchup_reroll_key if memo.combat else ""
    for a_unit, attacker in _elements(army):
        kinds = memo.attack_kinds(attacker)
        if attack is not None:
            kinds = [k for k in kinds if k[0] == attack]
        for t_unit, target in _elements(opponent):
            for kind, index in kinds:
                result = memo.attack(attacker, (kind, index), target)
                if result is None:
                    continue
                pair = {
                    "attacker": {"unit": a_unit, "element": attacker.name},
                    "target": {"unit": t_unit, "element": target.name},
                    "attack": kind,
                    "situation": result.situation,
                    "p_hit": fraction_text(result.p_hit),
                    "p_damage": fraction_text(result.p_damage),
                    "damage": result.damage,
                    "modifiers": list(result.modifiers),
                    "weapon": result.weapon,
                    "shots": result.shots,
                    "left_to_table": list(result.left_to_table),
                }
                if result.forbidden_by:
                    pair["forbidden_by"] = result.forbidden_by
                if result.harmless_by:
                    pair["harmless_by"] = result.harmless_by
                if result.readings:
                    pair["readings"] = list(result.readings)
                if result.also:
                    pair["also"] = {name: fraction_text(p) for name, p in result.also.items()}
                if result.hits_per_damage > 1:
                    pair["hits_per_damage"] = result.hits_per_damage
                if result.outcomes is not None:
                    pair["damage_per_attack"] = [fraction_text(p) for p in result.outcomes]
                if result.reroll:
                    pair["reroll_name"] = memo.odds.reroll_name
                    pair["reroll"] = {
                        who: {"p_hit": fraction_text(h), "p_damage": fraction_text(d)}
                        for who, (h, d) in result.reroll.items()
                    }
                    if reroll_key:  # the same odds under the key older versions wrote, for their readers
                        pair[reroll_key] = pair["reroll"]
                yield pair


def unit_vs_unit(system: RuleSystem, unit: Any, target_unit: Any, attack: str | None, memo: Memo) -> Fraction:
    """Expected damage units one activation of ``unit`` does to ``target_unit``: the best action
    (each action's weapons all fire at one element of the target unit, the most hurt one)."""
    best = ZERO
    if memo.combat is None:  # a system without an attack model: no attacks, no damage
        return best
    unit_key = memo.unit_key(unit)
    for target_key, target in memo.distinct_targets(target_unit).items():
        here = memo.dealt.get((unit_key, target_key, attack))
        if here is None:
            here = memo.dealt[(unit_key, target_key, attack)] = _best_action(system, unit, target, attack, memo)
        if here > best:
            best = here
    return best


def _best_action(system: RuleSystem, unit: Any, target: Any, attack: str | None, memo: Memo) -> Fraction:
    """The most damage one action of ``unit`` is expected to do to ``target``."""
    best = ZERO
    for action in memo.odds.actions(attack):
        dealt: list[tuple[int, AttackResult]] = []
        pooled = False
        total = ZERO
        named: list[tuple[str, int, AttackResult]] = []
        for attacker in unit.elements:
            count = system.schema.element_count(attacker)
            for result in memo.action_damage(attacker, action, target):
                dealt.append((count, result))
                named.append((attacker.name, count, result))
                pooled = pooled or result.hits_per_damage > 1
                if not pooled:
                    value = memo.dealt.get((id(result), count))
                    if value is None:
                        value = memo.dealt[(id(result), count)] = count * result.shots * result.mean_damage
                    total += value
        check_activation(named)  # the bound the window's distribution holds, though the mean alone costs less
        here = expected_damage(dealt) if pooled else total
        if here > best:
            best = here
    return best


def matrix(
    system: RuleSystem,
    army: Army[Any, Any],
    opponent: Army[Any, Any],
    attack: str | None = None,
    situation: Iterable[str] = (),
    memo: Memo | None = None,
) -> dict[str, Any]:
    """Attacker unit × target unit expected damage per activation (``situation`` is read when no ``memo`` of
    the same run is given)."""
    memo = memo or Memo(system, situation)
    rows = [[unit_vs_unit(system, u, t, attack, memo) for t in opponent.units] for u in army.units]
    return {
        "attackers": [u.name for u in army.units],
        "targets": [t.name for t in opponent.units],
        "expected_damage": rows,
    }


def matchup_json(
    system: RuleSystem,
    army: Army[Any, Any],
    opponent: Army[Any, Any],
    attack: str | None = None,
    situation: Iterable[str] = (),
) -> dict[str, Any]:
    memo = Memo(system, situation)
    grid = matrix(system, army, opponent, attack, memo=memo)
    grid["expected_damage"] = [[fraction_text(v) for v in row] for row in grid["expected_damage"]]
    found = pairs(system, army, opponent, attack, memo=memo)
    return {"system": system.id, "pairs": found, "matrix": grid, **rules_named(found)}


def rules_named(found: Iterable[dict[str, Any]]) -> dict[str, list[str]]:
    """Every rule the pairs name, once each in the order met: ``left_to_table`` (with its reason),
    ``forbidden_by`` (a rule that makes an attack's odds 0) and ``readings`` (a reading the system picked)."""
    named: dict[str, dict[str, None]] = {"left_to_table": {}, "forbidden_by": {}, "readings": {}}
    for pair in found:
        _name_rules(named, pair)
    return {key: list(values) for key, values in named.items()}


def _name_rules(named: dict[str, dict[str, None]], pair: dict[str, Any]) -> None:
    named["left_to_table"].update(dict.fromkeys(pair.get("left_to_table", ())))
    if pair.get("forbidden_by"):
        named["forbidden_by"][pair["forbidden_by"]] = None
    named["readings"].update(dict.fromkeys(pair.get("readings", ())))


class Streamed(list[Any]):
    """A list JSON writers (``model.jsontext``) write item by item while the items are worked out: it is
    never held whole. ``first`` is the first item (None: none), ``rest`` makes the others."""

    #: model.jsontext.chunks writes it item by item at any depth
    streamed = True

    def __init__(self, first: Any, rest: Iterator[Any]):
        super().__init__()
        self._first, self._rest = first, rest

    def __bool__(self) -> bool:
        return self._first is not None

    def __len__(self) -> int:
        return int(self._first is not None)  # only whether it is empty: the writers ask nothing else

    def __iter__(self) -> Iterator[Any]:
        if self._first is not None:
            yield self._first
            yield from self._rest


def streamed(items: Iterator[Any]) -> Streamed:
    return Streamed(next(items, None), items)


class Later(list[Any]):
    """A list whose items are worked out when a writer reaches it (the rules the streamed pairs named)."""

    def __init__(self, make: Callable[[], list[Any]]):
        super().__init__()
        self._make = make

    def _items(self) -> list[Any]:
        if not super().__len__():
            self.extend(self._make())
        return list(super().__iter__())

    def __bool__(self) -> bool:
        return bool(self._items())

    def __len__(self) -> int:
        return len(self._items())

    def __iter__(self) -> Iterator[Any]:
        return iter(self._items())


def prime(system: RuleSystem, army: Army[Any, Any], opponent: Army[Any, Any], attack: str | None, memo: Memo) -> None:
    """Work out every distinct attack and unit-against-unit activation once, before anything is written: a
    matchup over an activation's bound (``MatchupTooLarge``) is refused before the first line, and what is
    streamed afterwards only reads ``memo``. Its cost grows with the distinct designs, not the units."""
    if memo.combat is None:
        return
    attackers = {memo.unit_key(unit): unit for unit in army.units}
    targets = {tuple(memo.distinct_targets(unit)): unit for unit in opponent.units}
    for unit in attackers.values():
        for target in targets.values():
            unit_vs_unit(system, unit, target, attack, memo)
    elements = {memo.key(e): e for unit in army.units for e in unit.elements}
    target_elements = {memo.target_key(e): e for unit in opponent.units for e in unit.elements}
    for attacker in elements.values():
        for kind in memo.attack_kinds(attacker):
            if attack is None or kind[0] == attack:
                for target in target_elements.values():
                    memo.attack(attacker, kind, target)


def matchup_stream(
    system: RuleSystem,
    army: Army[Any, Any],
    opponent: Army[Any, Any],
    attack: str | None = None,
    situation: Iterable[str] = (),
    progress: Callable[[str, int, int], None] | None = None,
) -> dict[str, Any]:
    """:func:`matchup_json`'s object with its pairs and the matrix's rows worked out as a writer reaches them
    (``model.jsontext.chunks`` writes it item by item: the same text, in memory that does not grow with the
    pairs); every refusal is raised here, before anything is written (:func:`prime`). ``progress(what,
    done, total)`` is told how far the pairs and rows have come."""
    memo = Memo(system, situation)
    prime(system, army, opponent, attack, memo)
    named: dict[str, dict[str, None]] = {"left_to_table": {}, "forbidden_by": {}, "readings": {}}
    targets = sum(len(unit.elements) for unit in opponent.units)
    kinds = sum(
        sum(1 for kind, _i in memo.attack_kinds(e) if attack is None or kind == attack)
        for unit in army.units
        for e in unit.elements
    )

    def each_pair() -> Iterator[dict[str, Any]]:
        for done, pair in enumerate(iter_pairs(system, army, opponent, attack, memo), 1):
            _name_rules(named, pair)
            if progress is not None:
                progress("pairs", done, kinds * targets)  # at most: an attack the rules forbid is no pair
            yield pair

    def each_row() -> Iterator[list[str]]:
        for done, unit in enumerate(army.units, 1):
            yield [fraction_text(unit_vs_unit(system, unit, t, attack, memo)) for t in opponent.units]
            if progress is not None:
                progress("units", done, len(army.units))

    grid = {
        "attackers": [u.name for u in army.units],
        "targets": [t.name for t in opponent.units],
        "expected_damage": streamed(each_row()),
    }
    rules = {key: Later(partial(list, named[key])) for key in named}
    return {"system": system.id, "pairs": streamed(each_pair()), "matrix": grid, **rules}


def format_rules(data: dict[str, Any]) -> str:
    """The plain output's lines under the matrix: the rules left to the table, those forbidding an attack,
    the readings picked (empty when the pairs name none)."""
    lines = []
    for key, title in (
        ("forbidden_by", "Forbidden (odds 0)"),
        ("left_to_table", "Left to the table"),
        ("readings", "Readings"),
    ):
        if data.get(key):
            lines.append(f"{title}:")
            lines += [f"  - {text}" for text in data[key]]
    return "\n".join(lines)


def format_matrix(grid: dict[str, Any], width: int = 12) -> str:
    """The matrix as a plain-text table (expected damage per activation, 2 decimals)."""
    return "\n".join(matrix_lines(grid, width))


def matrix_lines(grid: dict[str, Any], width: int = 12) -> Iterator[str]:
    """:func:`format_matrix`'s lines one at a time (a streamed matrix's rows as they are worked out)."""

    def cut(text: str) -> str:
        return text if len(text) <= width else text[: width - 1] + "…"

    yield " " * (width + 2) + " ".join(f"{cut(t):>{width}}" for t in grid["targets"])
    for name, row in zip(grid["attackers"], grid["expected_damage"], strict=True):
        cells = " ".join(f"{float(Fraction(v)):>{width}.2f}" for v in row)
        yield f"{cut(name):<{width}}  {cells}"
