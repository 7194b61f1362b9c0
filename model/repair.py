"""Open with repairs: an army file the loader refuses, opened without what it cannot read, every change listed.

:func:`repair_army` reads the file as the loader does; where the loader names a value it refuses (an
unknown die, an attribute id that is not the system's), the smallest thing holding that value is
changed: a field that has a default gets it, else the nearest list item holding the value (an
attribute, a weapon's element, a unit) is dropped. A file whose JSON breaks off is read up to its last
complete unit. Each change is a :class:`Repair` (the value's JSON path in the file, the value, what
was done, the loader's own reason), so the player can accept the list or refuse it.

What the loader refuses for safety is never repaired: a file over a limit (size, nesting, numbers,
text length, counts), not UTF-8, not an army file of a known system or version. A repaired army is a
new army: it is never written over the file it came from (the caller opens it unsaved).
"""

from __future__ import annotations

import json
import marshal
import re
import types
from dataclasses import dataclass
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails

from warbench.model.army import Army
from warbench.model.errors import describe_error, json_path
from warbench.model.fileio import (
    MAX_PROBLEM_CHARS,
    ArmyFileError,
    army_envelope,
    army_text,
    json_problem,
    parse_army,
    path_first,
    player_place,
    validate_army,
)
from warbench.model.homebrew import HOMEBREW_FIELD, HomebrewError
from warbench.model.limits import (
    MAX_DEPTH,
    NESTED_TOO_DEEP,
    TOO_MANY_VALUES,
    LimitError,
    check_tree,
    excerpt,
    nested_too_deep,
    parse_constant,
    parse_float,
    parse_int,
    too_many_values,
)
from warbench.model.migrations import migrate


@dataclass(frozen=True)
class Repair:
    """One value the repaired army does not hold as the file wrote it."""

    path: str  #: where the value is in the file ("units[1].elements[0].ranged.die")
    value: str  #: the value, shown safely and cut when long ("'d7'")
    change: str  #: what was done: "set to its default, 1", "dropped" (the value), "units[1] dropped" (what holds it)
    reason: str  #: why: the loader's own message ("'d7' is not a die (use one of d4, …)")
    place: str = ""  #: where, as the player names it ("Tactical Squad ▸ Tactical Troop"; "" at army level)

    def line(self) -> str:
        """The repair as one line: path, value, what was done, why."""
        where = f"{self.path} ({self.place})" if self.place else self.path
        return _cut(f"{where}: {self.value} — {self.change} — {self.reason}")


def _cut(text: str) -> str:
    text = text.replace("\n", "\\n")
    return text if len(text) <= MAX_PROBLEM_CHARS else text[:MAX_PROBLEM_CHARS] + "…"


Loc = tuple[Any, ...]
#: more rounds of repairs than this means something keeps failing: refuse (each round only removes)
MAX_ROUNDS = MAX_DEPTH + 4


def repair_army(
    raw: bytes | str, source: str = "", refused: ArmyFileError | None = None
) -> tuple[Army[Any, Any], list[Repair]]:
    """The army of a file's bytes with every value the loader refuses repaired, and the list of repairs
    (empty when the file opens as it is). ArmyFileError (the loader's problems, and why no repair helps)
    when nothing can be salvaged or the file is refused for safety. ``refused``: the loader's refusal of
    these bytes when the caller has it (else it is worked out when needed)."""
    text = army_text(raw, source)  # not UTF-8, empty, too big: refused as the loader refuses it
    return _Repairer(raw, text, source, refused).run()


class _Unrepairable(Exception):
    """No repair helps: ``why`` says so."""

    def __init__(self, why: str):
        self.why = why


class _Repairer:
    def __init__(self, raw: bytes | str, text: str, source: str, refused: ArmyFileError | None):
        self.raw, self.text, self.source, self.loader = raw, text, source, refused
        self.repairs: list[Repair] = []
        #: the file's index of each item of a list items were dropped from (by id of the list, with the list)
        self.indices: dict[int, tuple[list[Any], list[int]]] = {}

    def run(self) -> tuple[Army[Any, Any], list[Repair]]:
        try:
            data = self.read()
            check_tree(data)
            system, version = army_envelope(data)
            data = migrate(data, version, system)
            system = self.homebrew(data, system)
            return self.validate(data, system), self.repairs
        except (LimitError, ArmyFileError, RecursionError):
            raise self.refused() from None  # a limit, or no army file: refused for safety, as the loader does
        except _Unrepairable as exc:
            refused = self.refused()
            problems = [*refused.problems, f"cannot repair: {exc.why}"]
            raise ArmyFileError(problems, refused.source, [*refused.shown, problems[-1]]) from None

    def refused(self) -> ArmyFileError:
        """The loader's refusal of the file, as it words it."""
        if self.loader is not None:
            return self.loader
        try:
            parse_army(self.raw, self.source)
        except ArmyFileError as exc:
            return exc
        return ArmyFileError(["the file opens as it is only in part"], self.source)  # never: the loader is stricter

    # --- the JSON -----------------------------------------------------------------------------
    def read(self) -> Any:
        if too_many_values(self.text):  # a limit: refused before parsing, never salvaged
            raise LimitError([TOO_MANY_VALUES])
        try:
            return json.loads(self.text, parse_int=parse_int, parse_float=parse_float, parse_constant=parse_constant)
        except json.JSONDecodeError as exc:
            if nested_too_deep(self.text, exc.pos):  # a limit, on every Python: refused, never salvaged
                raise LimitError([NESTED_TOO_DEEP]) from None
            return _Salvage(self.text, exc, self.repairs).army()

    # --- the homebrew section -----------------------------------------------------------------
    def homebrew(self, data: dict[str, Any], system: Any) -> Any:
        for _round in range(MAX_ROUNDS):
            try:
                return system.with_homebrew(data.get(HOMEBREW_FIELD))
            except HomebrewError as exc:
                problems = exc.problems
            dropped: dict[Loc, str] = {}
            for problem in problems:
                loc, why = path_first(problem) or ((HOMEBREW_FIELD,), problem)
                target = loc[:3] if len(loc) >= 3 and isinstance(loc[2], int) else loc[:2]
                if target and target[0] == HOMEBREW_FIELD and _node(data, target) is not _MISSING:
                    dropped.setdefault(target, why)
                    self.note(data, loc, _node(data, loc), f"{self.path(data, target)} dropped", why)
                else:
                    dropped.setdefault((HOMEBREW_FIELD,), why)
                    self.note(data, (HOMEBREW_FIELD,), data.get(HOMEBREW_FIELD), "homebrew section dropped", why)
            self.remove(data, dropped)
        raise _Unrepairable("the homebrew section keeps failing")

    # --- validation ---------------------------------------------------------------------------
    def validate(self, data: dict[str, Any], system: Any) -> Army[Any, Any]:
        model = system.schema.army_model
        for _round in range(MAX_ROUNDS):
            errors = _element_errors(data, system.schema.element_model)
            if not errors:
                try:
                    return validate_army(system, data)
                except ValidationError as exc:
                    errors = [(e["loc"], e) for e in exc.errors(include_url=False)]
            changes: dict[Loc, str] = {}
            for at, error in errors:
                loc = _in_data(data, at)
                target, default = _target(model, data, loc)
                if not target:
                    raise _Unrepairable(f"{json_path(loc)}: {describe_error(error)} (the army itself needs it)")
                changes.setdefault(target, "")
                what = "" if target == loc else f"{self.path(data, target)} "  # the value itself: no need to say
                if isinstance(target[-1], int):
                    change = f"{what}dropped"
                else:
                    change = f"{what}set to its default, {_shown_default(default)}"
                self.note(data, loc, error.get("input"), change, describe_error(error))
            self.remove(data, changes)
        raise _Unrepairable("the army keeps failing validation")

    # --- bookkeeping --------------------------------------------------------------------------
    def path(self, data: Any, loc: Loc) -> str:
        """``loc`` in ``data`` as the file's JSON path (indices as they are in the file)."""
        out: list[Any] = []
        node = data
        for part in loc:
            if isinstance(part, int) and isinstance(node, list):
                kept = self.indices.get(id(node))
                out.append(kept[1][part] if kept is not None and kept[0] is node else part)
            else:
                out.append(part)
            node = _child(node, part)
        return json_path(tuple(out))

    def note(self, data: Any, loc: Loc, value: Any, change: str, reason: str) -> None:
        place, _rest = player_place(data, loc)
        shown = excerpt(value) if value is not _MISSING else "(missing)"
        self.repairs.append(Repair(self.path(data, loc), shown, change, reason, place))

    def remove(self, data: Any, targets: dict[Loc, str]) -> None:
        """Drop each list item and field of ``targets`` (a field with a default: read as its default). Every
        place is found before anything changes; each list is rebuilt once (a list of 100,000 bad units is
        not shifted 100,000 times)."""
        places = [(_node(data, target[:-1]), target[-1]) for target in targets]
        lists: dict[int, tuple[list[Any], set[int]]] = {}
        for parent, key in places:
            if isinstance(parent, dict):
                parent.pop(key, None)
            elif isinstance(parent, list) and isinstance(key, int):
                lists.setdefault(id(parent), (parent, set()))[1].add(key)
        for items, gone in lists.values():
            kept = self.indices.get(id(items))
            was = kept[1] if kept is not None and kept[0] is items else range(len(items))
            self.indices[id(items)] = (items, [i for n, i in enumerate(was) if n not in gone])
            items[:] = [item for n, item in enumerate(items) if n not in gone]


def _element_errors(data: dict[str, Any], element_model: type[BaseModel]) -> list[tuple[Loc, ErrorDetails]]:
    """The validation errors of the army's elements, each element design (equal content) validated once:
    a big army repeats a few designs, and validating it whole each round would take seconds."""
    units = data.get("units")
    if not isinstance(units, list):
        return []
    by_design: dict[bytes, list[ErrorDetails]] = {}
    found: list[tuple[Loc, ErrorDetails]] = []
    for i, unit in enumerate(units):
        elements = unit.get("elements") if isinstance(unit, dict) else None
        if not isinstance(elements, list):
            continue
        for j, element in enumerate(elements):
            key = marshal.dumps(element, 2)
            errors = by_design.get(key)
            if errors is None:
                try:
                    element_model.model_validate(element)
                    errors = by_design[key] = []
                except ValidationError as exc:
                    errors = by_design[key] = exc.errors(include_url=False)
            found.extend((("units", i, "elements", j, *e["loc"]), e) for e in errors)
    return found


_MISSING = object()


def _child(node: Any, key: Any) -> Any:
    if isinstance(key, int):
        return node[key] if isinstance(node, list) and 0 <= key < len(node) else _MISSING
    return node.get(key, _MISSING) if isinstance(node, dict) else _MISSING


def _node(data: Any, loc: Loc) -> Any:
    for part in loc:
        data = _child(data, part)
    return data


def _in_data(data: Any, loc: Loc) -> Loc:
    """A pydantic error's ``loc`` without the parts that are not in the data (a union's tag); a last
    field that is missing is kept."""
    out: list[Any] = []
    node = data
    for i, part in enumerate(loc):
        child = _child(node, part)
        if child is _MISSING:
            if i == len(loc) - 1 and isinstance(node, dict):
                out.append(part)  # a required field that is missing
            elif isinstance(part, str):
                continue  # a union's tag or a validator's name: not a place in the file
            break
        out.append(part)
        node = child
    return tuple(out)


def _target(model: type[BaseModel], data: Any, loc: Loc) -> tuple[Loc, Any]:
    """What to change for a bad value at ``loc``: the nearest field holding it that has a default (with
    the default), or the nearest list item holding it (to drop). ``()``: nothing but the army holds it."""
    for k in range(len(loc), 0, -1):
        part = loc[k - 1]
        if isinstance(part, int):
            return loc[:k], None
        field = _field(model, loc[:k])
        if field is not None and not field.is_required() and isinstance(_node(data, loc[: k - 1]), dict):
            return loc[:k], field.get_default(call_default_factory=True)
    return (), None


def _field(model: type[BaseModel], loc: Loc) -> FieldInfo | None:
    """The pydantic field the path ``loc`` names from ``model`` (None: it names none)."""
    kind: Any = model
    field: FieldInfo | None = None
    for part in loc:
        kind = _plain(kind)
        if isinstance(part, int):
            args = get_args(kind)
            if get_origin(kind) is not list or not args:
                return None
            kind, field = args[0], None
        elif isinstance(kind, type) and issubclass(kind, BaseModel) and part in kind.model_fields:
            field = kind.model_fields[part]
            kind = field.annotation
        else:
            return None
    return field


def _plain(kind: Any) -> Any:
    """``kind`` without ``Annotated`` and ``| None``: the one type a value of it holds."""
    while True:
        origin = get_origin(kind)
        if origin is Annotated:
            kind = get_args(kind)[0]
        elif origin is Union or origin is types.UnionType:
            members = [a for a in get_args(kind) if a is not type(None)]
            if len(members) != 1:
                return kind
            kind = members[0]
        else:
            return kind


def _shown_default(value: Any) -> str:
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json")
    try:
        return excerpt(json.dumps(value, ensure_ascii=False))[1:-1]
    except (TypeError, ValueError):
        return excerpt(value)


class _Salvage:
    """An army file's JSON that breaks off (or breaks) somewhere: the army's fields read one at a time,
    its units one at a time, each by the standard library's reader (in C), up to the last complete one.
    Linear in the file's length: each character is read once, and a unit that breaks is not read again."""

    _SPACE = re.compile(r"[ \t\n\r]*")

    def __init__(self, text: str, error: json.JSONDecodeError, repairs: list[Repair]):
        self.text = text
        self.why = json_problem(error)
        self.repairs = repairs
        self.decoder = json.JSONDecoder(parse_int=parse_int, parse_float=parse_float, parse_constant=parse_constant)
        self.pos = 0

    def army(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if not self.expect("{"):
            raise _Unrepairable("the file does not begin as an army file (a JSON object)")
        while True:
            if self.expect("}"):
                self.trailing()
                return data
            start, key = self.pos, None
            try:
                key, self.pos = self.decoder.raw_decode(self.text, self.pos)
                if not isinstance(key, str) or not self.expect(":"):
                    key = None
                    raise ValueError
                self.skip()
                if key == "units" and self.text.startswith("[", self.pos):
                    data[key] = []
                    self.units(data[key])
                else:
                    data[key], self.pos = self.decoder.raw_decode(self.text, self.pos)
            except ValueError:
                self.lost(json_path((key,)) if key is not None else "(top level)", start)
                return data
            except _BrokeOff:
                return data
            if not self.expect(",") and not self.text.startswith("}", self._after_space()):
                self.lost("(top level)", self.pos)
                return data

    def units(self, units: list[Any]) -> None:
        self.pos += 1  # the "["
        if self.expect("]"):
            return
        while True:
            self.skip()
            start = self.pos
            try:
                unit, self.pos = self.decoder.raw_decode(self.text, self.pos)
            except ValueError:
                self.lost(f"units[{len(units)}]", start, units)
                raise _BrokeOff from None
            units.append(unit)
            if self.expect("]"):
                return
            if not self.expect(","):
                self.lost(f"units[{len(units)}]", self.pos, units)
                raise _BrokeOff

    def lost(self, path: str, start: int, units: list[Any] | None = None) -> None:
        """Note that the file from ``start`` to its end is not read."""
        rest = self.text[start:]
        if not rest.strip():
            value, change = "(the end of the file)", "the army closed where the file ends"
        else:
            line = self.text.count("\n", 0, start) + 1
            column = start - (self.text.rfind("\n", 0, start) + 1) + 1
            value = f"{len(rest):,} characters from line {line} column {column}"
            name = _UNIT_NAME.match(rest)
            if units is not None and name:
                value += f" (unit {excerpt(name[1])})"
            kept = "" if units is None else f" (the {len(units):,} unit{'' if len(units) == 1 else 's'} before it kept)"
            change = f"dropped, with the rest of the file{kept}"
        self.repairs.append(Repair(path, value, change, self.why))

    def trailing(self) -> None:
        end = self._after_space()
        if end < len(self.text):
            self.lost("(after the army)", end)

    def expect(self, char: str) -> bool:
        self.skip()
        if self.text.startswith(char, self.pos):
            self.pos += 1
            return True
        return False

    def skip(self) -> None:
        self.pos = self._after_space()

    def _after_space(self) -> int:
        match = self._SPACE.match(self.text, self.pos)
        return match.end() if match else self.pos


#: the name a unit's text begins with ('{"name": "Tactical Squad", …')
_UNIT_NAME = re.compile(r'\{\s*"name"\s*:\s*"((?:[^"\\\n]|\\.)*)"')


class _BrokeOff(Exception):
    """The units list breaks off: what follows is not read."""
