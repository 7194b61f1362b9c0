"""The personal library: your homebrew entries and saved designs, as plain JSON files.

Layout of the library folder (the GUI passes the app-data folder it gets from
Qt; headless callers get ``$WARBENCH_LIBRARY``, else ``$XDG_DATA_HOME`` or
``~/.local/share`` + ``/warbench/library``)::

    homebrew/<system>.json          {"format": "warbench-homebrew", "version": 1, "system": ..., "homebrew": {...}}
    designs/<system>/<name>.json    {"format": "warbench-design", "version": 1, "system": ..., "kind": "unit"
                                     or "element", "name": ..., "design": {...}, "homebrew": {...}}

A design carries the homebrew entries it uses, so each file is safe to copy to
another machine. Every file is written atomically; a file that cannot be read is
reported by name and never overwritten.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from filelock import FileLock, Timeout

from warbench.model.cost_lines import Points
from warbench.model.fileio import ArmyFileError, atomic_write, named_lines, read_army_bytes
from warbench.model.homebrew import HOMEBREW_FIELD, HomebrewError, homebrew_of, is_empty, section_lists
from warbench.model.limits import (
    MAX_DEPTH,
    TOO_MANY_VALUES,
    LimitError,
    check_tree,
    nested_too_deep,
    parse_constant,
    parse_float,
    parse_int,
    too_many_values,
)
from warbench.model.rules import slug

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.systems.base import RuleSystem

HOMEBREW_FORMAT = "warbench-homebrew"
DESIGN_FORMAT = "warbench-design"
VERSION = 1
#: the file in the library folder two processes lock in turn while one changes the library (filelock: flock on
#: POSIX, msvcrt.locking on Windows; the file stays, the lock ends with the process)
LOCK_NAME = ".lock"
#: seconds to wait for another process's lock before giving up (a library write takes milliseconds)
LOCK_WAIT_SECONDS = 10.0


class LibraryError(ValueError):
    """A library file that cannot be read or written; the message names it."""


def default_dir() -> Path:
    """The library folder for callers without Qt."""
    if os.environ.get("WARBENCH_LIBRARY"):
        return Path(os.environ["WARBENCH_LIBRARY"])
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "warbench" / "library"


def _read(path: Path, fmt: str) -> dict[str, Any]:
    """A library file, read as an army file is (model/fileio.py, model/limits.py): a regular file only (a
    FIFO, a link to /dev/zero or a folder is refused before reading), at most MAX_FILE_BYTES, numbers
    finite and within bounds, nesting and texts within the limits. Every problem is a LibraryError naming
    the file."""
    try:
        raw = read_army_bytes(path)
    except ArmyFileError as exc:
        problem = exc.problems[0]
        raise LibraryError(problem if str(path) in problem else f"{path}: {problem}") from None
    if too_many_values(raw):
        raise LibraryError(f"{path}: {TOO_MANY_VALUES}")
    data: Any = None
    try:
        text = raw.decode("utf-8")
        data = json.loads(text, parse_int=parse_int, parse_float=parse_float, parse_constant=parse_constant)
        check_tree(data)
    except UnicodeDecodeError as exc:
        raise LibraryError(f"{path}: not UTF-8 text (bad byte at offset {exc.start})") from None
    except (json.JSONDecodeError, RecursionError) as exc:
        # Python 3.11 raises RecursionError on '[' x 1,000, 3.12 says "Expecting value": the nesting either way
        if isinstance(exc, json.JSONDecodeError) and not nested_too_deep(text, exc.pos):
            raise LibraryError(f"{path}: not a JSON file ({exc})") from None
        raise LibraryError(f"{path}: nested more than {MAX_DEPTH} levels deep; the limit is {MAX_DEPTH}") from None
    except LimitError as exc:
        raise LibraryError(f"{path}: {'; '.join(named_lines(exc.problems, data))}") from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise LibraryError(f"{path}: not a {fmt} file")
    if not isinstance(data.get("version"), int) or data["version"] > VERSION:
        raise LibraryError(f"{path}: version {data.get('version')!r} is newer than {VERSION}; use a newer Warbench")
    return data


def _write(path: Path, data: dict[str, Any]) -> None:
    """Write a library file atomically; a folder that cannot be made (read-only, a file in the way), a full
    disk or a number that is not finite is a LibraryError naming the file, and the old file is kept."""
    try:
        text = json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    except ValueError:  # a number that is not finite: JSON has none, and no reader would open the file
        raise LibraryError(f"{path}: cannot write: a number is not finite (infinity or NaN)") from None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text.encode("utf-8"))
    except OSError as exc:
        raise LibraryError(f"{path}: cannot write: {exc.strerror or exc}") from None


def merge_sections(base: Any, extra: Any) -> tuple[dict[str, Any], list[str]]:
    """``base`` with the entries of ``extra`` it lacks (by id); also the ids that clash (same id, other definition)."""
    out = {k: list(v) if isinstance(v, list) else v for k, v in dict(base or {}).items()}
    clashes = []
    for key in dict.fromkeys([*section_lists(out), *section_lists(extra)]):
        mine = {e.get("id"): e for e in out.get(key) or [] if isinstance(e, dict)}
        for entry in (extra or {}).get(key) or []:
            if not isinstance(entry, dict):
                continue
            if entry.get("id") not in mine:
                out.setdefault(key, []).append(entry)
                mine[entry.get("id")] = entry
            elif mine[entry.get("id")] != entry:
                clashes.append(str(entry.get("id")))
    return out, clashes


def section_subset(section: Any, attribute_ids: Iterable[str], spell_ids: Iterable[str]) -> dict[str, Any]:
    """The entries of ``section`` with the given ids (those a design or a unit uses): spells from its
    ``spells``, attributes (or what the system lists as such: weapons, templates) from its other lists."""
    attributes, spells = set(attribute_ids), set(spell_ids)
    out: dict[str, Any] = {}
    for key in section_lists(section):
        ids = spells if key == "spells" else attributes
        found = [e for e in section[key] if isinstance(e, dict) and e.get("id") in ids]
        if found:
            out[key] = found
    return out


def used_homebrew(army: Army[Any, Any], system: RuleSystem, units: Iterable[Any]) -> dict[str, Any]:
    """The army's homebrew entries that ``units`` (of that army) use."""
    attrs, spells = set(), set()
    for unit in units:
        for element in unit.elements:
            attrs |= set(system.reference.attribute_ids(element))
            spells |= set(system.reference.spell_ids(element))
    return section_subset(homebrew_of(army), attrs, spells)


@dataclass
class Design:
    path: Path
    system: str
    kind: str  # "unit" or "element"
    name: str
    design: dict[str, Any]
    homebrew: dict[str, Any]


class Library:
    def __init__(self, root: str | os.PathLike[str] | None = None):
        self.root = Path(root) if root is not None else default_dir()

    @contextmanager
    def _changing(self) -> Iterator[None]:
        """Hold the library's lock while a change reads, alters and writes its files: two Warbench processes
        adding entries or designs at once keep them all (without it, 59 of 100 entries and 82 of 100 designs)."""
        with ExitStack() as stack:
            try:
                self.root.mkdir(parents=True, exist_ok=True)
                stack.enter_context(FileLock(self.root / LOCK_NAME, timeout=LOCK_WAIT_SECONDS, mode=0o600))
            except Timeout:
                raise LibraryError(
                    f"{self.root}: another Warbench has held the library's lock for over {LOCK_WAIT_SECONDS:g} seconds"
                ) from None
            except OSError as exc:
                raise LibraryError(f"{self.root}: cannot write to the library: {exc.strerror or exc}") from None
            yield

    # --- homebrew entries ------------------------------------------------------------------
    def homebrew_path(self, system_id: str) -> Path:
        return self.root / "homebrew" / f"{system_id}.json"

    def homebrew(self, system_id: str) -> dict[str, Any]:
        """The library's homebrew section for a system ({} when there is none yet)."""
        path = self.homebrew_path(system_id)
        if not path.exists():
            return {}
        section = _read(path, HOMEBREW_FORMAT).get("homebrew")
        return section if isinstance(section, dict) else {}

    def new_homebrew(self, system_id: str, section: Any) -> dict[str, Any]:
        """The entries of ``section`` the library lacks or holds with another definition."""
        mine = self.homebrew(system_id)
        out = {}
        for key in section_lists(section):
            have = [e for e in mine.get(key) or [] if isinstance(e, dict)]
            fresh = [e for e in (section or {}).get(key) or [] if isinstance(e, dict) and e not in have]
            if fresh:
                out[key] = fresh
        return out

    def add_homebrew(self, system: RuleSystem, section: Any) -> list[str]:
        """Put ``section``'s entries in the library (an entry with the same id is replaced); their names."""
        with self._changing():
            return self._add_homebrew(system, section)

    def _add_homebrew(self, system: RuleSystem, section: Any) -> list[str]:
        mine = self.homebrew(system.id)
        names = []
        for key in section_lists(section):
            entries = [e for e in mine.get(key) or [] if isinstance(e, dict)]
            for entry in (section or {}).get(key) or []:
                entries = [e for e in entries if e.get("id") != entry.get("id")] + [entry]
                names.append(entry.get("name", entry.get("id")))
            if entries:
                mine[key] = entries
        try:
            if system.root.homebrew is not None:  # never store what an army could not load
                system.root.homebrew.homebrew_entries(mine)
        except HomebrewError as exc:
            raise HomebrewError(named_lines(exc.problems, {HOMEBREW_FIELD: mine})) from None
        _write(
            self.homebrew_path(system.id),
            {"format": HOMEBREW_FORMAT, "version": VERSION, "system": system.id, "homebrew": mine},
        )
        return names

    # --- designs -----------------------------------------------------------------------------
    def designs_dir(self, system_id: str) -> Path:
        return self.root / "designs" / system_id

    def designs(self, system_id: str) -> tuple[list[Design], list[str]]:
        """The system's designs by name, and one problem line per file that could not be read."""
        found, problems = [], []
        folder = self.designs_dir(system_id)
        if folder.exists() and not folder.is_dir():
            problems.append(f"{folder}: not a folder, so the library keeps no designs for {system_id}")
        for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
            try:
                data = _read(path, DESIGN_FORMAT)
                if data.get("kind") not in ("unit", "element") or not isinstance(data.get("design"), dict):
                    raise LibraryError(f"{path}: not a unit or element design")
                found.append(
                    Design(
                        path,
                        data.get("system", system_id),
                        data["kind"],
                        str(data.get("name") or path.stem),
                        data["design"],
                        homebrew if isinstance(homebrew := data.get("homebrew"), dict) else {},
                    )
                )
            except LibraryError as exc:
                problems.append(str(exc))
        found.sort(key=lambda d: d.name.casefold())
        return found, problems

    def save_design(self, army: Army[Any, Any], system: RuleSystem, kind: str, obj: Any) -> Path:
        """Save a unit or an element of ``army`` (with the homebrew entries it uses) as a new design file."""
        if kind == "unit":
            homebrew = used_homebrew(army, system, [obj])
        else:
            homebrew = section_subset(
                homebrew_of(army), system.reference.attribute_ids(obj), system.reference.spell_ids(obj)
            )
        data = {
            "format": DESIGN_FORMAT,
            "version": VERSION,
            "system": system.id,
            "kind": kind,
            "name": obj.name,
            "design": obj.model_dump(mode="json"),
        }
        if homebrew:
            data["homebrew"] = homebrew
        with self._changing():
            path = _free_path(self.designs_dir(system.id), slug(obj.name) or kind)
            _write(path, data)
        return path

    def rename_design(self, design: Design, name: str) -> Path:
        """Give a design another name (the design's and its unit's or element's, so it is inserted under that
        name); its file moves to the new name's slug, numbered when taken, keeping every other field.
        Returns the new path."""
        name = name.strip()
        if not name:
            raise LibraryError(f"{design.path}: a design needs a name")
        with self._changing():
            return self._rename_design(design, name)

    def _rename_design(self, design: Design, name: str) -> Path:
        data = _read(design.path, DESIGN_FORMAT)
        data["name"] = name
        if isinstance(data.get("design"), dict):
            data["design"]["name"] = name
        path = _free_path(design.path.parent, slug(name) or str(data.get("kind") or "design"), keep=design.path)
        _write(path, data)
        if path != design.path:
            try:
                design.path.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                raise LibraryError(
                    f"{design.path}: renamed as {path.name}, but this old file could not be removed: "
                    f"{exc.strerror or exc}"
                ) from None
        return path

    def delete_design(self, design: Design) -> None:
        """Remove a design's file (nothing to do when it is already gone)."""
        try:
            design.path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise LibraryError(f"{design.path}: cannot delete: {exc.strerror or exc}") from None


def _free_path(folder: Path, stem: str, keep: Path | None = None) -> Path:
    """``folder/stem.json``, or ``stem-2.json``… when another file has that name (``keep`` may)."""
    path, n = folder / f"{stem}.json", 1
    while path.exists() and path != keep:
        n += 1
        path = folder / f"{stem}-{n}.json"
    return path


def design_for_army(design: Design, army: Army[Any, Any]) -> tuple[dict[str, Any], Any, Any]:
    """(the army's homebrew with the design's entries, the system for it, the design validated under it).

    Raises ArmyFileError naming what does not fit (another system, a clashing homebrew id, a bad design)."""
    from pydantic import ValidationError

    from warbench.model.fileio import named_problems, validation_problems
    from warbench.model.systems import get_system

    if design.system != army.system:
        raise ArmyFileError([f"{design.name} is a {design.system} design; this army is {army.system}"])
    try:  # the army file's limits (numbers within bounds and finite, texts), named by the design's fields
        check_tree({"design": design.design, HOMEBREW_FIELD: design.homebrew})
    except LimitError as exc:
        raise ArmyFileError([f"{design.name}: {p}" for p in exc.problems]) from None
    merged, clashes = merge_sections(homebrew_of(army), design.homebrew)
    if clashes:
        raise ArmyFileError(
            [f"homebrew {', '.join(clashes)}: the army defines it differently from the design {design.name}"]
        )
    try:
        system = get_system(army.system).with_homebrew(None if is_empty(merged) else merged)
    except HomebrewError as exc:
        raise ArmyFileError(exc.problems, shown=named_lines(exc.problems, {HOMEBREW_FIELD: merged})) from None
    model = system.schema.unit_model if design.kind == "unit" else system.schema.element_model
    try:
        obj = model.model_validate(design.design)
    except ValidationError as exc:
        problems = [f"{design.name}: {p}" for p in validation_problems(exc)]
        raise ArmyFileError(problems, shown=named_problems(exc, design.design, names=(design.name,))) from None
    return merged, system, obj


def importable_units(source: Army[Any, Any], army: Army[Any, Any]) -> list[tuple[Any, Any, dict[str, Any]]]:
    """(unit, its points under ``army``'s options or None, the homebrew entries it needs) for each unit of
    ``source``, an army of the same system. Raises ArmyFileError when the systems differ."""
    from warbench.model.costing import price_army
    from warbench.model.systems import system_for

    if source.system != army.system:
        raise ArmyFileError(
            [f"that army is {source.system}; this one is {army.system}: units cannot move between them"]
        )
    system = system_for(source)
    cost = price_army(source.model_copy(update={"options": army.options}), system)
    return [(unit, uc.cost, used_homebrew(source, system, [unit])) for unit, uc in zip(source.units, cost.units)]


def design_cost(design: Design, army: Army[Any, Any]) -> Points | None:
    """The design's points under the army's options (unit: its total; element: cost each), or None."""
    from warbench.model.costing import price_element

    _merged, system, obj = design_for_army(design, army)
    elements = obj.elements if design.kind == "unit" else [obj]
    total: Points = 0
    for element in elements:
        _lines, points, _found = price_element(element, army.options, system)
        if points is None:
            return None
        total += points * (system.schema.element_count(element) if design.kind == "unit" else 1)
    return total
