"""Reading and writing army files.

A bad file never half-loads: every problem is collected, with the JSON path it
concerns, and reported at once in an ``ArmyFileError``. Saving writes a
temporary file in the same folder and atomically replaces the old file.
"""

from __future__ import annotations

import codecs
import json
import marshal
import os
import re
import secrets
import stat
import tempfile
import time
from operator import is_, itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError
from pydantic_core import from_json

from warbench.model.army import FORMAT, SCHEMA_VERSION, Army
from warbench.model.errors import describe_error, json_path
from warbench.model.homebrew import HOMEBREW_FIELD, HomebrewError
from warbench.model.limits import (
    MAX_FILE_BYTES,
    MAX_STRING,
    MAX_UNITS,
    MAX_VALUES,
    NESTED_TOO_DEEP,
    TOO_MANY_VALUES,
    LimitError,
    Unsure,
    ValueLimit,
    check_tree,
    count_problems,
    escape_control,
    excerpt,
    has_long_number,
    nested_too_deep,
    parse_constant,
    parse_float,
    parse_int,
    refused_whole,
    sized,
    too_many_values,
    version_text,
    written_problems,
)
from warbench.model.migrations import migrate
from warbench.model.processes import alive
from warbench.model.systems import UnknownSystem, get_system, system_ids

if TYPE_CHECKING:
    from warbench.model.systems.base import RuleSystem


class ArmyFileError(Exception):
    """The file could not be read; ``problems`` holds one line per problem, each led by its JSON path;
    ``shown`` the same problems as the player reads them (:func:`named_problems`), for messages."""

    def __init__(self, problems: list[str], source: str = "", shown: list[str] | None = None):
        self.problems = [_one_line(p) for p in problems]
        self.shown = [_one_line(p) for p in shown] if shown else self.problems
        self.source = source
        super().__init__("\n".join(problems))


#: longest problem line; a longer one is cut (values are quoted as short excerpts anyway)
MAX_PROBLEM_CHARS = 300


def _one_line(problem: str) -> str:
    problem = escape_control(problem).replace("\n", "\\n").replace("\t", "\\t")
    if len(problem) > MAX_PROBLEM_CHARS:
        problem = f"{problem[:MAX_PROBLEM_CHARS]}… ({len(problem):,} characters)"
    return problem


def validation_problems(exc: ValidationError) -> list[str]:
    return [f"{json_path(e['loc'])}: {describe_error(e)}" for e in exc.errors(include_url=False)]


def named_problems(exc: ValidationError, data: Any, prefix: str = "", names: tuple[str, ...] = ()) -> list[str]:
    """:func:`validation_problems` as the player reads them: a problem inside a unit or element is named
    by what the player sees, with its JSON path beside it ("Tactical Squad ▸ Sergeant: die 'd7' is not a
    die (use one of …) — at units[0].elements[1].die"). ``data``: what failed validation; ``prefix``: its
    JSON path in the army file; ``names``: the player's names of where it sits ("Tactical Squad")."""
    out = []
    for error in exc.errors(include_url=False):
        path, message = prefix + json_path(error["loc"]), describe_error(error)
        place, rest = player_place(data, error["loc"], names)
        if not place:
            out.append(f"{path}: {message}")
            continue
        out.append(f"{place}: {_said(rest, message)} — at {path}")
    return out


def _said(rest: tuple[Any, ...], message: str) -> str:
    """``message`` about the field at ``rest`` within a named place: "die 'd7' is not a die", "cost is missing"."""
    field = json_path(rest) if rest else ""
    if field and message == "required field is missing":
        return f"{field} is missing"
    if not field or message.startswith(f"{rest[-1]} "):  # "cost kind 'nope' is unknown" names its field
        return message
    return f"{field} {message}"


#: the JSON path that begins a problem line ("homebrew.attributes[0].cost", "units[2].name") and the rest
_PATH_FIRST = re.compile(r"((?:[A-Za-z_]\w*|\[\d+\])(?:\.[A-Za-z_]\w*|\[\d+\])*): (.*)", re.DOTALL)


def named_lines(problems: list[str], data: Any) -> list[str]:
    """Problem lines that begin with their JSON path (the homebrew section's, the limits') as the player
    reads them, the path beside: "Homebrew attribute “Storm Shield”: cost is missing — at
    homebrew.attributes[0].cost", "Tactical Squad ▸ Sergeant: name text of … — at
    units[1].elements[0].name". A line whose path names no unit, element or homebrew entry is kept."""
    out = []
    for problem in problems:
        split = path_first(problem)
        if split is None:
            out.append(problem)
            continue
        loc, message = split
        path = json_path(loc)
        place, rest = _homebrew_place(data, loc) if loc[:1] == (HOMEBREW_FIELD,) else player_place(data, loc)
        if not place:
            out.append(problem)
            continue
        out.append(f"{place}: {_said(rest, message)} — at {path}")
    return out


def path_first(problem: str) -> tuple[tuple[Any, ...], str] | None:
    """(the JSON path a problem line begins with, as a ``loc``; the rest of the line), or None when it
    begins with no path ("homebrew.attributes[0].cost: …" → (("homebrew", "attributes", 0, "cost"), "…"))."""
    match = _PATH_FIRST.fullmatch(problem)
    if match is None:
        return None
    path, message = match.groups()
    return tuple(int(p) if p.isdigit() else p for p in re.findall(r"(\w+)", path)), message


def _homebrew_place(data: Any, loc: tuple[Any, ...]) -> tuple[str, tuple[Any, ...]]:
    """("Homebrew attribute “Storm Shield”", the rest of ``loc``) for a path into the homebrew section."""
    if len(loc) < 3 or not isinstance(loc[1], str) or not isinstance(loc[2], int):
        return "", loc
    entry = _child(_child(_child(data, HOMEBREW_FIELD), loc[1]), loc[2])
    kind = loc[1].removesuffix("s")
    name = entry.get("name") if isinstance(entry, dict) else None
    shown = shown_name(name, "")
    return (f"Homebrew {kind} “{shown}”" if shown else f"Homebrew {kind} {loc[2] + 1}"), loc[3:]


#: longest unit or element name quoted in a problem
NAME_CHARS = 40


def player_place(data: Any, loc: tuple[Any, ...], names: tuple[str, ...] = ()) -> tuple[str, tuple[Any, ...]]:
    """Where ``loc`` points, as the player sees it ("Tactical Squad ▸ Sergeant", the unit and element
    names, or "unit 2" where a name is missing), and the rest of ``loc`` within that element."""
    place = list(names)
    node, rest = data, tuple(loc)
    while len(rest) >= 2 and rest[0] in ("units", "elements") and isinstance(rest[1], int):
        node = _child(_child(node, rest[0]), rest[1])
        if node is None:
            break
        name = node.get("name") if isinstance(node, dict) else getattr(node, "name", None)
        place.append(shown_name(name, f"{'unit' if rest[0] == 'units' else 'element'} {rest[1] + 1}"))
        rest = rest[2:]
    return " ▸ ".join(place), rest


def shown_name(name: Any, fallback: str) -> str:
    """A unit's or element's name as a problem quotes it: spaces tidied, at most :data:`NAME_CHARS`
    characters; ``fallback`` ("unit 2") when it has none."""
    name = " ".join(name.split()) if isinstance(name, str) else ""
    return (name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…") if name else fallback


def _child(node: Any, key: Any) -> Any:
    if isinstance(key, int):
        return node[key] if isinstance(node, (list, tuple)) and 0 <= key < len(node) else None
    if isinstance(node, dict):
        return node.get(key)
    return getattr(node, key, None) if node is not None else None


def parse_army(raw: bytes | str, source: str = "") -> Army[Any, Any]:
    """Parse, migrate and validate an army file's bytes."""
    text = army_text(raw, source)
    if too_many_values(raw):  # before any parsing: 6,000,000 values took 7 s and 1.1 GB to refuse after it
        raise ArmyFileError([TOO_MANY_VALUES], source)
    quick = _read_quickly(raw.removeprefix(codecs.BOM_UTF8) if isinstance(raw, bytes) else text)
    if quick is not None:
        return army_from_data(quick[0], source, quick[1])
    data: Any = None  # what a limit problem is named against (None: it broke while parsing)
    try:
        data = json.loads(text, parse_int=parse_int, parse_float=parse_float, parse_constant=parse_constant)
        check_tree(data)
    except json.JSONDecodeError as exc:
        raise ArmyFileError(
            [NESTED_TOO_DEEP if nested_too_deep(text, exc.pos) else json_problem(exc)], source
        ) from None
    except LimitError as exc:
        version = refused_whole(data.get("schema_version")) if isinstance(data, dict) else None
        if version is not None and data.get("format") == FORMAT:  # a version from the future, not a bad number
            raise ArmyFileError([newer_version(version)], source) from None
        raise ArmyFileError(exc.problems, source, named_lines(exc.problems, data)) from None
    except RecursionError:
        raise ArmyFileError([NESTED_TOO_DEEP], source) from None
    return army_from_data(data, source)


def json_problem(exc: json.JSONDecodeError) -> str:
    """The problem line of JSON that cannot be parsed: "not valid JSON: … at line 43 column 7"."""
    what = exc.msg.removesuffix(" at")  # "Invalid control character at": json's own "at" would double ours
    return f"not valid JSON: {what} at line {exc.lineno} column {exc.colno}"


def army_text(raw: bytes | str, source: str = "") -> str:
    """An army file's text: its bytes as UTF-8 (a byte order mark dropped); ArmyFileError when it is
    empty, not UTF-8 or over :data:`MAX_FILE_BYTES`."""
    if isinstance(raw, bytes):
        if not raw.strip():
            raise ArmyFileError(["file is empty"], source)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ArmyFileError(
                [f"file is not UTF-8 text (bad byte at offset {exc.start}); is it an army file?"], source
            ) from None
    else:
        text = raw
    if not text.strip():
        raise ArmyFileError(["file is empty"], source)
    if len(text) > MAX_FILE_BYTES:
        raise ArmyFileError([f"file holds {len(text):,} characters; the limit is {MAX_FILE_BYTES:,}"], source)
    return text


#: each unit's element design keys, with the unit to confirm them (one entry per unit, in order)
Designs = list[tuple[Any, list[bytes]]]


def _read_quickly(utf8: bytes | str) -> tuple[Any, Designs] | None:
    """The army file's JSON read by pydantic-core's reader (in Rust: about twice as fast as ``json.loads``
    with the limit hooks, and it refuses NaN, Infinity, lone surrogates, over 4,300 digits and deep
    nesting itself), when nothing in it comes near a limit; with each element's design key. None when
    it cannot vouch for the file: :func:`parse_army` then reads it with the hooks and ``check_tree``,
    which name every problem exactly as they always did."""
    try:
        data = from_json(utf8, allow_inf_nan=False)
    except (ValueError, TypeError):  # TypeError: a str holding a lone surrogate (it cannot be UTF-8)
        return None
    designs: Designs = []
    floats: list[float] = []
    try:
        values = _sized_by_design(data, designs, floats)
    except (Unsure, ValueError):
        return None
    if values > MAX_VALUES:
        return None
    if floats and has_long_number(utf8 if isinstance(utf8, bytes) else utf8.encode("utf-8")):
        return None
    return data, designs


def _design_key(element: Any) -> bytes:
    """Equal for two elements of equal content (the same values, types and key order), in C."""
    return marshal.dumps(element, 2)  # version 2: no back-references, so shared strings change nothing


def _sized_by_design(data: Any, designs: Designs, floats: list[float]) -> int:
    """:func:`model.limits.sized` of an army file's JSON, looking at each element design once: copies of
    a design hold the same values, so they pass or fail alike (their keys are kept in ``designs``)."""
    units = data.get("units") if type(data) is dict else None
    if type(units) is not list:
        return sized(data, 0, floats)
    if len(units) > MAX_UNITS:
        raise Unsure
    count = sized({k: v for k, v in data.items() if k != "units"}, 0, floats) + 1  # the units list
    elements = 0
    by_key: dict[bytes, int] = {}
    for unit in units:
        if type(unit) is not dict or type(unit.get("elements")) is not list:
            count += sized(unit, 2, floats)
            continue
        count += 1
        for key, value in unit.items():  # the unit at depth 2: its fields at 3, its elements at 4
            if type(key) is not str or len(key) > MAX_STRING:
                raise Unsure
            if type(value) is str and value.isascii() and len(value) <= MAX_STRING:
                count += 1
            elif key != "elements":
                count += sized(value, 3, floats)
            else:
                keys = list(map(_design_key, value))
                designs.append((unit, keys))
                elements += len(keys)
                count += 1
                for element, design in zip(value, keys):
                    size = by_key.get(design)
                    if size is None:
                        size = by_key[design] = sized(element, 4, floats)
                    count += size
    if count_problems(len(units), elements):
        raise Unsure
    return count


def army_from_data(data: Any, source: str = "", designs: Designs | None = None) -> Army[Any, Any]:
    system, version = army_envelope(data, source)
    migrated = migrate(data, version, system)
    if migrated is not data:
        data, designs = migrated, None  # new element objects: their keys are not known
    try:
        system = system.with_homebrew(data.get(HOMEBREW_FIELD))
    except HomebrewError as exc:
        raise ArmyFileError(exc.problems, source, named_lines(exc.problems, data)) from None
    try:
        return validate_army(system, data, designs)
    except ValidationError as exc:
        raise ArmyFileError(validation_problems(exc), source, named_problems(exc, data)) from None


def newer_version(version: str) -> str:
    """The problem line of an army file of a newer schema version (``version``: its digits, any number)."""
    return (
        f"schema_version: the file is version {version_text(version)}, newer than version {SCHEMA_VERSION} that this "
        f"Warbench reads; open it with a newer Warbench"
    )


def army_envelope(data: Any, source: str = "") -> tuple[RuleSystem, int]:
    """The system and schema version an army file's JSON names; ArmyFileError when it is no army file
    this Warbench reads (not an object, another format, a newer version, an unknown system)."""
    if not isinstance(data, dict):
        raise ArmyFileError([f"(top level): must be a JSON object, found {type(data).__name__}"], source)
    problems = []
    if data.get("format") != FORMAT:
        problems.append(f"format: must be {FORMAT!r} (found {excerpt(data.get('format'))})")
    version = data.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        problems.append(f"schema_version: must be a whole number ≥ 0 (found {excerpt(version)})")
    elif version > SCHEMA_VERSION:
        problems.append(newer_version(f"{version}"))
    try:
        system = get_system(data.get("system"))
    except UnknownSystem as exc:
        problems.append(f"system: {exc}")
        system = None
    except TypeError:
        problems.append(f"system: must be one of {', '.join(system_ids())}")
        system = None
    if problems:
        raise ArmyFileError(problems, source)
    assert system is not None and isinstance(version, int)  # no problems: both were checked
    return system, version


def validate_army(system: RuleSystem, data: dict[str, Any], designs: Designs | None = None) -> Army[Any, Any]:
    """``data`` as the system's army model. Each element design (equal element content) is validated
    once and its copies share that one immutable element object (real armies repeat their squads:
    a 5,000-unit army of the sample lists holds 30 designs; army states are never changed in place,
    edits replace what they change). ``designs``: keys already worked out (:func:`_read_quickly`).
    A file with any problem is validated again as a whole, so the problems and their paths are
    exactly pydantic's."""
    try:
        shared = _with_designs(system.schema.element_model, data, designs or [])
        if shared is not None:
            army: Army[Any, Any] = system.schema.army_model.model_validate(shared)
            return army
    except (ValidationError, ValueError):
        pass
    whole: Army[Any, Any] = system.schema.army_model.model_validate(data)
    return whole


def _with_designs(element_model: type[BaseModel], data: dict[str, Any], designs: Designs) -> dict[str, Any] | None:
    """``data`` with every element replaced by a validated model (None: a design is invalid, or the
    file is not shaped so that this helps; the whole is then validated as it is)."""
    units = data.get("units")
    if not isinstance(units, list):
        return None
    if len(designs) != len(units) or not all(map(is_, map(itemgetter(0), designs), units)):
        if not all(isinstance(u, dict) and isinstance(u.get("elements"), list) for u in units):
            return None
        designs = [(u, list(map(_design_key, u["elements"]))) for u in units]  # ValueError: not plain data
    models: dict[bytes, Any] = {}
    for unit, keys in designs:
        for element, key in zip(unit["elements"], keys):
            if key not in models:
                models[key] = element_model.model_validate(element)
    model_of = models.__getitem__
    return {**data, "units": [{**unit, "elements": list(map(model_of, keys))} for unit, keys in designs]}


def read_army_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a regular file of at most MAX_FILE_BYTES, checked before reading.

    Devices (/dev/zero), FIFOs (which would block), sockets and folders are refused.
    """
    shown = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except ValueError:  # an embedded NUL
        raise ArmyFileError(["the file name holds a NUL character"], shown) from None
    except OSError as exc:
        raise ArmyFileError([f"cannot read {shown}: {exc.strerror or exc}"], shown) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a device, pipe or socket)"
            raise ArmyFileError([f"cannot read {shown}: it is {kind}"], shown)
        if info.st_size > MAX_FILE_BYTES:
            raise ArmyFileError(
                [f"file is {info.st_size:,} bytes; the limit for an army file is {MAX_FILE_BYTES:,} bytes"], shown
            )
        chunks, total, values = [], 0, ValueLimit()
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
            total += len(chunk)
            if total > MAX_FILE_BYTES:  # it grew while we read
                raise ArmyFileError([f"file is over {MAX_FILE_BYTES:,} bytes, the limit for an army file"], shown)
            if values.over(chunks):  # refused as soon as it is read: no more of it read, nothing parsed
                raise ArmyFileError([TOO_MANY_VALUES], shown)
        return b"".join(chunks)
    except OSError as exc:
        raise ArmyFileError([f"cannot read {shown}: {exc.strerror or exc}"], shown) from None
    finally:
        os.close(fd)


def load_army(path: str | os.PathLike[str]) -> Army[Any, Any]:
    return parse_army(read_army_bytes(path), str(path))


def dump_army(army: Army[Any, Any]) -> str:
    # allow_nan=False: never write Infinity or NaN, which no JSON reader (Warbench included) opens
    return json.dumps(army.model_dump(mode="json"), indent=2, ensure_ascii=False, allow_nan=False) + "\n"


#: what tells whether a file changed since this window read or wrote it: (device, inode, size, mtime in ns)
FileStamp = tuple[int, int, int, int]


def file_stamp(path: str | os.PathLike[str]) -> FileStamp | None:
    """The stamp of the file ``path`` names (through symbolic links); None when there is none. Another
    save replaces the file (a new inode); another program writing in place changes its size or time."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


def write_target(path: str | os.PathLike[str]) -> Path:
    """Where saving to ``path`` writes: through a symbolic link to its target, keeping the link."""
    path = Path(path)
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _temp_pattern(target: Path | None = None) -> re.Pattern[str]:
    """Our temporaries beside ``target``: ``.NAME.PID.XXXXXXXX.tmp`` (older versions: ``.NAME.XXXXXXXX.tmp``);
    without a target, those of every file (only with a process id: the older naming is too loose to tell)."""
    if target is None:
        return re.compile(r"\..+\.(\d+)\.[a-z0-9_]{8}\.tmp", re.DOTALL)
    return re.compile(rf"\.{re.escape(target.name)}\.(?:(\d+)\.)?[a-z0-9_]{{8}}\.tmp")


#: a temporary without a process id is stale once it is this old (seconds)
STALE_SECONDS = 60


def remove_stale_temporaries(path: str | os.PathLike[str]) -> list[Path]:
    """Remove temporaries of our own naming left in ``path``'s folder by saves that were killed: those of
    ``path`` and of every other file there (an army, a game, an autosaved copy or an export that may never
    be saved again, so that its own next save would never come to remove them).

    A temporary whose writing process is still running is left alone (another Warbench may be
    saving): one whose process id names a zombie, or a process started after the temporary was last
    written (the id was reused), is not (:func:`model.processes.alive`). Only regular files of this
    user are removed. Returns what was removed; never raises.
    """
    target = write_target(path)
    own, anyone = _temp_pattern(target), _temp_pattern()
    removed: list[Path] = []
    try:
        names = os.listdir(target.parent)
    except OSError:
        return removed
    for name in names:
        match = own.fullmatch(name) or anyone.fullmatch(name)
        if not match:
            continue
        candidate = target.parent / name
        try:
            info = candidate.lstat()
            if not stat.S_ISREG(info.st_mode) or (hasattr(os, "getuid") and info.st_uid != os.getuid()):
                continue  # a link, a folder, another user's file: not ours to remove
            if match[1] is not None:
                pid = int(match[1])
                if pid != os.getpid() and alive(pid, info.st_mtime):  # our own: no save of it runs now
                    continue
            elif time.time() - info.st_mtime < STALE_SECONDS:
                continue
            candidate.unlink()
            removed.append(candidate)
        except (OSError, ValueError):
            continue
    return removed


def _is_special(path: Path) -> bool:
    """``path`` exists and is neither a regular file nor a folder (a device, a pipe, a socket)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def atomic_write(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder.

    The old file is only replaced once the new one is completely on disk, and the
    folder is synced after the rename (:func:`fsync_dir`); on any failure the old file
    is left untouched and the temporary file is removed. Where the system can (Linux), the
    temporary has no name while it is written: a save killed then leaves nothing behind; it is
    named (``.NAME.PID.XXXXXXXX.tmp``) only to be renamed over ``path`` at once. A symbolic link
    is written through (its target is replaced, the link kept). Temporaries left by
    earlier, killed saves in the same folder are removed first (:func:`remove_stale_temporaries`).
    A path that is not a
    regular file (``/dev/null``, ``/dev/stdout``, a named pipe) is written into, never
    replaced: renaming over it would put a file where the device or pipe was.
    """
    path = write_target(path)
    if _is_special(path):
        with open(path, "wb") as fh:
            fh.write(data)
        return
    remove_stale_temporaries(path)
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask()
    prefix = f".{path.name}.{os.getpid()}."
    fd, tmp = _unnamed_temporary(path.parent)
    if fd < 0:
        fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.chmod(fh.fileno() if os.chmod in os.supports_fd else tmp, mode)
            os.fsync(fh.fileno())
            tmp = tmp or _name_temporary(fh.fileno(), path.parent, prefix)
        os.replace(tmp, path)  # named only for this: a kill between the two leaves a temporary
    except BaseException:
        try:
            if tmp:
                os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_dir(path.parent)


def _unnamed_temporary(folder: Path) -> tuple[int, str]:
    """An open file in ``folder`` that has no name (Linux's O_TMPFILE), with "" for its name; (-1, "")
    where the system or the folder's file system cannot make one (then a named temporary is used)."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag or not os.path.isdir("/proc/self/fd"):
        return -1, ""
    try:
        return os.open(folder, flag | os.O_WRONLY | getattr(os, "O_CLOEXEC", 0), 0o600), ""
    except OSError:  # EOPNOTSUPP, EISDIR (an old kernel), EINVAL: the file system has none
        return -1, ""


def _name_temporary(fd: int, folder: Path, prefix: str) -> str:
    """Give the unnamed file ``fd`` a temporary's name in ``folder`` (a fresh one: never another's)."""
    into = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        for _ in range(100):
            name = f"{prefix}{secrets.token_hex(4)}.tmp"
            try:  # linkat(AT_SYMLINK_FOLLOW), which os.link only calls given a folder's descriptor
                os.link(f"/proc/self/fd/{fd}", name, dst_dir_fd=into, follow_symlinks=True)
                return str(folder / name)
            except FileExistsError:
                continue
    finally:
        os.close(into)
    raise FileExistsError(f"no free temporary name in {folder}")


def fsync_dir(folder: str | os.PathLike[str]) -> None:
    """Make a rename in ``folder`` survive a power cut: fsync the folder itself (POSIX). Where a folder
    cannot be opened or synced (Windows; some file systems refuse with EINVAL) this does nothing."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def failure_text(exc: BaseException) -> str:
    """One short line saying why a save failed, for the user."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    if isinstance(exc, ArmyFileError):
        return "; ".join(exc.problems)
    return _one_line(f"{type(exc).__name__}: {exc}")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def army_bytes(army: Army[Any, Any]) -> bytes:
    """The army as file bytes; ArmyFileError (naming the problem) when it cannot be written as JSON."""
    try:
        data = dump_army(army).encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ArmyFileError(
            [f"text holds an invalid character {exc.object[exc.start]!r} that cannot be saved"]
        ) from None
    except ValueError as exc:
        if "Out of range float" in str(exc):
            raise ArmyFileError(
                ["a number in the army is not finite (infinity or NaN): JSON cannot hold it, so it is not saved"]
            ) from None
        raise ArmyFileError([f"the army cannot be written as JSON: {exc}"]) from None
    except RecursionError as exc:
        raise ArmyFileError([f"the army cannot be written as JSON: {exc}"]) from None
    problems = written_problems(data)
    if problems:  # never write what would be refused when opened
        raise ArmyFileError(problems)
    return data


def save_army(army: Army[Any, Any], path: str | os.PathLike[str]) -> None:
    atomic_write(path, army_bytes(army))
