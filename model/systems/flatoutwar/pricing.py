"""Flat Out War's pricing facet (``model.systems.pricing``): DAC, points and percentages, and the checks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warbench.model.cost_lines import Line, Points
from warbench.model.i18n import _
from warbench.model.systems.base import Finding
from warbench.model.systems.flatoutwar.entries import FowAttribute, fow
from warbench.model.systems.flatoutwar.models import AttributeRef, FowElement, FowOptions, is_whole, payload_text
from warbench.model.systems.pricing import Pricing

if TYPE_CHECKING:
    from warbench.model.systems.flatoutwar import FlatOutWar  # noqa: F401 (the type argument of the facet's base)


def _ceil_div(value: Points, step: int) -> int:
    return int(-(-value // step))


class FowPricing(Pricing["FlatOutWar"]):
    """Flat Out War's pricing facet: DAC, points and percentages, and the checks (``model.systems.pricing``)."""

    def dac(self, die: str) -> int:
        dac: int = self.system.dice[die]["dac"]
        return dac

    def weapon_dac(self, kind: str, range_inches: int, options: FowOptions) -> tuple[int, str]:
        """DAC count of a ranged-type weapon, and how it was reached."""
        rule = self.system.weapons[kind]
        base = options.ranged_base_dac if rule["dac"] == "ranged_base_dac" else rule["dac"]
        steps = _ceil_div(range_inches, rule["per_inches"])
        return base + steps, _('{base} DAC + {steps} DAC for {inches}" at 1 per {per}"').format(
            base=base, steps=steps, inches=range_inches, per=rule["per_inches"]
        )

    def _weapon_line(self, label: str, die: str, range_inches: int, kind: str, options: Any) -> Line:
        n, how = self.weapon_dac(kind, range_inches, options)
        return Line(
            label,
            n * self.dac(die),
            _("{how} = {n} DAC of {die} × {dac}").format(how=how, n=n, die=die, dac=self.dac(die)),
        )

    def price_element(self, element: FowElement, options: FowOptions) -> list[Line]:
        weapon_points: dict[str, list[Points]] = {}
        lines = self._profile_lines(element, options, weapon_points)
        attribute_lines, deferred = self._attribute_lines(element, options, weapon_points)
        late = self._price_exhaustible_and_activate(element, deferred, weapon_points, attribute_lines)
        subtotal = sum(line.points for line in lines) + sum(line.points for line in attribute_lines.values())
        subtotal += self._price_percent(element, deferred, late, subtotal, attribute_lines)
        self._price_hit_points(element, deferred, subtotal, attribute_lines)
        for i in sorted(attribute_lines):
            line = attribute_lines[i]
            if self.system._attrs[element.attributes[i].id].homebrew:
                line = Line(_("[homebrew] {item}").format(item=line.item), line.points, line.detail)
            lines.append(line)
        return lines

    def _profile_lines(
        self, element: FowElement, options: FowOptions, weapon_points: dict[str, list[Points]]
    ) -> list[Line]:
        """The base die, the melee and ranged weapons (the ranged one's points kept in ``weapon_points``) and
        the move: 1 DAC per 2"."""
        lines = [Line(_("base {die}").format(die=element.die), self.system.dice[element.die]["base"])]
        if element.melee:
            n = self.system.weapons["melee"]["dac"]
            lines.append(
                Line(
                    _("{weapon} {die} (melee)").format(
                        weapon=element.melee.name or _("melee weapon"), die=element.melee.die
                    ),
                    n * self.dac(element.melee.die),
                    _("{n} DAC of {die} × {dac}").format(n=n, die=element.melee.die, dac=self.dac(element.melee.die)),
                )
            )
        if element.ranged:
            r = element.ranged
            name = r.name or _("ranged weapon")
            line = self._weapon_line(f'{name} {r.die}, {r.range}"', r.die, r.range, "ranged", options)
            lines.append(line)
            weapon_points["ranged"] = [line.points]
        if element.move:
            n = _ceil_div(element.move, 2)
            lines.append(
                Line(
                    _('move {inches}"').format(inches=element.move),
                    n * self.dac(element.die),
                    _('{n} DAC of {die} × {dac} (1 DAC per 2")').format(
                        n=n, die=element.die, dac=self.dac(element.die)
                    ),
                )
            )
        return lines

    def _attribute_lines(
        self, element: FowElement, options: FowOptions, weapon_points: dict[str, list[Points]]
    ) -> tuple[dict[int, Line], list[int]]:
        """Each attribute's line by its index, those priced on their own (free ones at 0; weapons' points kept
        in ``weapon_points``); the indexes of those priced from others (Activate, Hit Points, Exhaustible,
        percent), deferred."""
        free = set(options.free_attributes)
        attribute_lines: dict[int, Line] = {}
        deferred: list[int] = []
        for index, ref in enumerate(element.attributes):
            attr = self.system._attrs[ref.id]
            if ref.id in free:
                attribute_lines[index] = Line(
                    _("{name} (free: every element in the game has it)").format(name=attr.name), 0
                )
            elif attr.cost.kind in ("activate", "hit_points", "exhaustible", "percent"):
                deferred.append(index)
            else:
                line = self._price_attribute(element, ref, attr, options)
                attribute_lines[index] = line
                if attr.cost.kind == "weapon":
                    weapon_points.setdefault(ref.id, []).append(line.points)
        return attribute_lines, deferred

    def _price_exhaustible_and_activate(
        self,
        element: FowElement,
        deferred: list[int],
        weapon_points: dict[str, list[Points]],
        attribute_lines: dict[int, Line],
    ) -> list[int]:
        """Exhaustible (of its weapon's points) and Activate (of its target's) priced into ``attribute_lines``;
        the indexes of the Activates of a percent entry, priced once the percent entry is."""
        late: list[int] = []
        for index in deferred:
            ref = element.attributes[index]
            attr = self.system._attrs[ref.id]
            if attr.cost.kind == "exhaustible":
                attribute_lines[index] = self._price_exhaustible(ref, attr, weapon_points)
            elif attr.cost.kind == "activate":
                if self._targets_percent(element, ref):
                    late.append(index)
                else:
                    attribute_lines[index] = self._price_activate(element, ref, attr, attribute_lines)
        return late

    def _price_percent(
        self,
        element: FowElement,
        deferred: list[int],
        late: list[int],
        subtotal: Points,
        attribute_lines: dict[int, Line],
    ) -> Points:
        """Percent entries, of the cost before any of them and before Hit Points, then the Activates of them;
        the points they add."""
        added: Points = 0
        for index in deferred:
            attr = self.system._attrs[element.attributes[index].id]
            if attr.cost.kind == "percent":
                each = _ceil_div(subtotal * attr.cost.percent, 100)
                attribute_lines[index] = Line(
                    f"{attr.name} ({attr.cost.percent}% of {subtotal})",
                    each,
                    f"{attr.cost.percent}% of {subtotal} = {subtotal * attr.cost.percent / 100:g}, rounded up",
                )
                added += each
        for index in late:
            ref = element.attributes[index]
            line = self._price_activate(element, ref, self.system._attrs[ref.id], attribute_lines)
            attribute_lines[index] = line
            added += line.points
        return added

    def _price_hit_points(
        self, element: FowElement, deferred: list[int], subtotal: Points, attribute_lines: dict[int, Line]
    ) -> None:
        """Hit Points: each a percentage of the element's cost with every other entry."""
        for index in deferred:
            ref = element.attributes[index]
            attr = self.system._attrs[ref.id]
            if attr.cost.kind == "hit_points":
                count = ref.param("count", 1)
                each = _ceil_div(subtotal * attr.cost.percent, 100)
                attribute_lines[index] = Line(
                    f"{attr.name} ×{count}",
                    count * each,
                    f"{attr.cost.percent}% of {subtotal} = {each} (rounded up) per hit point",
                )

    def _targets_percent(self, element: FowElement, ref: AttributeRef) -> bool:
        target = self.system.catalogue.attributes.get(ref.param("target"))
        return target is not None and fow(target).cost.kind == "percent"

    def _price_attribute(self, element: FowElement, ref: AttributeRef, attr: FowAttribute, options: Any) -> Line:
        rule = attr.cost
        if rule.kind == "flat":
            return Line(attr.name, rule.points)
        if rule.kind == "none":
            return Line(attr.name, 0, rule.note)
        if rule.kind == "dac":
            return self._price_dac(element, ref, attr)
        if rule.kind == "per_inches":
            return self._price_per_inches(element, ref, attr)
        if rule.kind == "weapon":
            die, inches = ref.param("die"), ref.param("range", 0)
            label = f'{attr.name}: {ref.param("name") or "weapon"} {die}, {inches}"'
            return self._weapon_line(label, die, inches, "extra", options)
        if rule.kind == "weapon_dac":
            return self._price_weapon_dac(element, ref, attr)
        if rule.kind == "multi_shot":
            return self._price_multi_shot(element, ref, attr, options)
        if rule.kind == "transport":
            return self._price_transport(ref, attr)
        raise AssertionError(f"unpriced cost kind {rule.kind}")  # pragma: no cover

    def _price_dac(self, element: FowElement, ref: AttributeRef, attr: FowAttribute) -> Line:
        """DAC of a die (the base's or a weapon's), once or per the attribute's count."""
        rule = attr.cost
        die = self._rule_die(element, rule.die)
        if die is None:
            return Line(attr.name, 0, _("no {die} weapon to price").format(die=rule.die))
        n = rule.dac * (ref.param(rule.per_param, 1) if rule.per_param else 1)
        label = f"{attr.name} {ref.param(rule.per_param)}" if rule.per_param else attr.name
        return Line(
            _("{label} ({n} DAC of {die})").format(label=label, n=n, die=die),
            n * self.dac(die),
            f"{n} × {self.dac(die)}",
        )

    def _price_per_inches(self, element: FowElement, ref: AttributeRef, attr: FowAttribute) -> Line:
        """DAC per so many inches, rounded up (Loose Cohesion: the type's default, free for vehicles where
        they are loose by default)."""
        rule = attr.cost
        default = rule.default
        if ref.id == "loose-cohesion":
            default = self.system.loose_default[element.type]
            if self.system.vehicles_loose_by_default and element.type == "vehicle":
                return Line(
                    f"{attr.name} (vehicles are loose by default)",
                    0,
                    f'vehicles have loose cohesion at {default}" without paying for it',
                )
        inches = ref.param(rule.param, default)
        die = self._rule_die(element, rule.die)
        if die is None:
            return Line(f'{attr.name} {inches}"', 0, f"no {rule.die} weapon to price")
        n = rule.dac * _ceil_div(inches, rule.inches)
        return Line(
            f'{attr.name} {inches}" ({n} DAC of {die})',
            n * self.dac(die),
            f'{rule.dac} DAC per {rule.inches}", rounded up: {n} × {self.dac(die)}',
        )

    def _price_weapon_dac(self, element: FowElement, ref: AttributeRef, attr: FowAttribute) -> Line:
        """DAC of the ranged weapon's die, once or per the attribute's count."""
        rule = attr.cost
        weapon = element.ranged
        if weapon is None:
            return Line(attr.name, 0, _("no ranged weapon to reduce"))
        times = ref.param(rule.per_param, 1) if rule.per_param else 1
        n = rule.dac * times
        label = f"{attr.name} {times}" if rule.per_param else attr.name
        return Line(
            _("{label} ({n} DAC of {die})").format(label=label, n=n, die=weapon.die),
            n * self.dac(weapon.die),
            f"{n} × {self.dac(weapon.die)}",
        )

    def _price_multi_shot(self, element: FowElement, ref: AttributeRef, attr: FowAttribute, options: Any) -> Line:
        """Each extra shot costs the ranged weapon again, as an extra weapon."""
        weapon = element.ranged
        shots = ref.param("shots", 2)
        if weapon is None:
            return Line(f"{attr.name} {shots}×", 0, _("no ranged weapon to fire more often"))
        n, how = self.weapon_dac("extra", weapon.range, options)
        extra = shots - 1
        return Line(
            f"{attr.name} {shots}× ({extra} extra shot{'s' if extra > 1 else ''})",
            extra * n * self.dac(weapon.die),
            f"{extra} × ({how}) of {weapon.die}",
        )

    def _price_transport(self, ref: AttributeRef, attr: FowAttribute) -> Line:
        """1 DAC of each passenger's die, for the costliest payload."""
        payloads = ref.param("payloads", [])
        costs = [sum(self.dac(d) for d in payload) for payload in payloads]
        best = max(range(len(costs)), key=costs.__getitem__)
        shown = payload_text(payloads[best])
        detail = "1 DAC of each passenger's die" + (f"; costliest of {len(costs)} payloads" if len(costs) > 1 else "")
        return Line(f"{attr.name} ({shown})", costs[best], detail)

    @staticmethod
    def _rule_die(element: FowElement, which: str) -> str | None:
        if which == "base":
            return element.die
        weapon = element.ranged if which == "ranged" else element.melee
        return weapon.die if weapon else None

    def _price_exhaustible(self, ref: AttributeRef, attr: FowAttribute, weapon_points: dict[str, list[Points]]) -> Line:
        target = ref.param("weapon", "ranged")
        points = weapon_points.get(target)
        if not points:
            return Line(f"{attr.name} ({target})", 0, f"no {target} weapon to make exhaustible")
        full = points[0]
        reduced = _ceil_div(full, attr.cost.divisor)
        return Line(
            f"{attr.name} ({target} {full} ÷ {attr.cost.divisor} → {reduced})",
            reduced - full,
            f"weapon costs {full}; ÷ {attr.cost.divisor} rounded up = {reduced}",
        )

    def _price_activate(
        self, element: FowElement, ref: AttributeRef, attr: FowAttribute, priced: dict[int, Line]
    ) -> Line:
        target = ref.param("target")
        name = self.system.catalogue.attribute_name(target)
        for index, other in enumerate(element.attributes):
            if other.id == target and index in priced:
                full = priced[index].points
                if full <= 0:
                    return Line(f"{attr.name}: {name}", 0, f"{name} costs {full}; nothing to halve")
                kept = _ceil_div(full * (100 - attr.cost.percent), 100)
                return Line(
                    f"{attr.name}: {name} ({full} → {kept})",
                    kept - full,
                    f"{name} at {100 - attr.cost.percent}% of {full}, rounded up",
                )
        return Line(f"{attr.name}: {name}", 0, f"the element does not have {name}")

    def check_element(self, element: FowElement, options: FowOptions) -> list[Finding]:
        found: list[Finding] = []
        if element.move % 2:
            said = _('MOVE {inches}" is not a multiple of 2; it is priced as {priced}"').format(
                inches=element.move, priced=element.move + 1
            )
            found.append(("move", said))
        ids = [ref.id for ref in element.attributes]
        seen: set[str] = set()
        for ref in element.attributes:
            attr = self.system._attrs[ref.id]
            if ref.id in seen and not attr.repeatable:
                found.append((ref.id, _("{name} is listed more than once; each copy is priced").format(name=attr.name)))
            seen.add(ref.id)
            found.extend(self._check_restrictions(element, ref, attr, ids))
        if element.spells and "magic" not in ids:
            found.append(("magic", _("has spells but not the Magic attribute")))
        if "magic" in ids:
            used = sum(self.system.catalogue.spells[s].budget_cost for s in element.spells)
            if used > self.system.magic_budget:
                names = ", ".join(map(self.system.spell_name, element.spells))
                found.append(
                    (
                        "magic",
                        _("spells ({names}) total difficulty -{used}, over the Magic budget of -{budget}").format(
                            names=names, used=used, budget=self.system.magic_budget
                        ),
                    )
                )
        return found

    def _check_restrictions(
        self, element: FowElement, ref: AttributeRef, attr: FowAttribute, ids: list[str]
    ) -> list[Finding]:
        rules = attr.restrictions
        name_of = self.system.catalogue.attribute_name
        found: list[Finding] = [
            (attr.id, message) for _short, message in self.system._restriction_problems(attr, element, ids)
        ]
        for param, limit in rules.max_param.items():
            value = ref.param(param)
            if is_whole(value) and value > limit:
                said = _("{name} {param} {value} is over the maximum of {limit}").format(
                    name=attr.name, param=param, value=value, limit=limit
                )
                found.append((attr.id, said))
        if attr.cost.kind == "activate":
            target = ref.param("target")
            if target not in ids:
                said = _("{name} switches {target}, which the element does not have").format(
                    name=attr.name, target=name_of(target)
                )
                found.append((attr.id, said))
        if attr.cost.kind == "exhaustible":
            target = ref.param("weapon", "ranged")
            if (target == "ranged" and element.ranged is None) or (target != "ranged" and target not in ids):
                found.append(
                    (attr.id, _("{name} needs a {weapon} weapon to apply to").format(name=attr.name, weapon=target))
                )
        return found
