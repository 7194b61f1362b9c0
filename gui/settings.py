"""Persistent settings, each declared once with its type, default and bounds.

A value outside its bounds, or of the wrong kind, reads as the default and is named on stderr (once
a session for each value).
The settings file (``<config>/Warbench/Warbench.ini``) is only handed to QSettings when it is a regular
file of at most :data:`MAX_SETTINGS_BYTES`: a FIFO would block start-up, a device would never end.
Otherwise this session keeps its settings in memory, says so once, and leaves the file alone.
"""

from __future__ import annotations

import os
import re
import stat
import sys
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QByteArray, QCoreApplication, QSettings, QStandardPaths

ORGANIZATION = APPLICATION = "Warbench"

MAX_SETTINGS_BYTES = 1 << 20  # the file; ours holds a few kilobytes
MAX_TEXT = 4096  # a remembered path or name (PATH_MAX on Linux)
MAX_BYTES = 256 * 1024  # a saved window geometry or state
MAX_RECENT = 8

_said: set[str] = set()


def _note(key: str, text: str) -> None:
    """``text`` on stderr, once per ``key`` for the session."""
    if key not in _said:
        _said.add(key)
        print(f"Warbench settings: {text}", file=sys.stderr, flush=True)


@dataclass(frozen=True)
class Setting:
    key: str
    default: Any
    kind: type
    low: int | None = None  # bounds of an int setting, both included
    high: int | None = None

    def read(self) -> Any:
        value = store().value(self.key, self.default)
        checked = self._checked(value)
        if checked is _BAD:
            shown = _shown(value)
            _note(f"{self.key}={shown}", f"{self.key} holds {shown}, not {self._wanted()}; using {self.default!r}")
            return self.default
        return checked

    def _wanted(self) -> str:
        if self.kind is int:
            return f"a whole number from {self.low} to {self.high}"
        return {list: "a short list of paths", QByteArray: "saved window data", bool: "true or false"}.get(
            self.kind, f"text of at most {MAX_TEXT} characters"
        )

    def _checked(self, value: Any) -> Any:
        if self.kind is list:
            return _checked_list(value)
        if self.kind is QByteArray:
            return value if isinstance(value, QByteArray) and value.size() <= MAX_BYTES else QByteArray()
        if self.kind is bool:
            return _checked_bool(value)
        if self.kind is int:
            return _checked_int(value, self.low, self.high)
        return value if isinstance(value, str) and _text_ok(value) else _BAD

    def write(self, value: Any) -> None:
        store().setValue(self.key, value)


_BAD = object()


def _checked_list(value: Any) -> Any:
    """A short list of paths (one text read as a list of it; nothing as none), or _BAD."""
    if value in (None, ""):
        return []
    items = value if isinstance(value, list) else [value]
    if len(items) > MAX_RECENT * 4 or not all(isinstance(v, str) and _text_ok(v) for v in items):
        return _BAD
    return [str(v) for v in items][:MAX_RECENT]


def _checked_bool(value: Any) -> Any:
    """True or false (as the settings file writes them: "true", "1", "false", "0"), or _BAD."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "1", "false", "0"):
        return value.lower() in ("true", "1")
    return _BAD


def _checked_int(value: Any, low: int | None, high: int | None) -> Any:
    """A whole number from ``low`` to ``high`` (of at most 20 characters), or _BAD."""
    try:
        number = int(value) if isinstance(value, (int, str)) and len(str(value)) <= 20 else None
    except ValueError:
        number = None
    if number is None or (low is not None and number < low):
        return _BAD
    return _BAD if high is not None and number > high else number


def _text_ok(text: str) -> bool:
    return len(text) <= MAX_TEXT and "\0" not in text


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}… ({len(text):,} characters)"


class Store(Protocol):
    def value(self, key: str, default: Any = None) -> Any: ...
    def setValue(self, key: str, value: Any) -> None: ...


class MemoryStore:
    """This session's settings, when the settings file cannot be used: kept until Warbench quits."""

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}

    def value(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    def setValue(self, key: str, value: Any) -> None:  # noqa: N802 - QSettings' name
        self.values[key] = value


_memory: dict[str, MemoryStore] = {}


def settings_path() -> Path:
    """Where QSettings keeps Warbench's settings (IniFormat, UserScope), worked out without opening it."""
    if os.name == "nt":
        base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
        base = os.environ.get("APPDATA") or base
    else:
        base = os.environ.get("XDG_CONFIG_HOME", "")
        if not os.path.isabs(base):
            base = os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / ORGANIZATION / f"{APPLICATION}.ini"


def unusable(path: Path) -> str | None:
    """Why the settings file at ``path`` must not be read, or None (a regular file of sane size, or none yet).
    Opened without blocking and looked at through its descriptor, as army files are."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        return "it is a folder"
    except OSError as exc:
        return f"it cannot be opened ({exc.strerror or exc})"
    try:
        info = os.fstat(fd)
    finally:
        os.close(fd)
    if stat.S_ISDIR(info.st_mode):
        return "it is a folder"
    if not stat.S_ISREG(info.st_mode):
        return "it is not a regular file (a pipe, device or socket)"
    if info.st_size > MAX_SETTINGS_BYTES:
        return f"it is {info.st_size:,} bytes, over the {MAX_SETTINGS_BYTES:,} a settings file may be"
    return None


#: the settings file object that the reads and writes inside :func:`batched` share, by path
_batch: dict[str, QSettings] = {}


@contextmanager
def batched() -> Iterator[None]:
    """Reads and writes inside share one settings file object, written to disk once at the end. Each
    ``QSettings`` that changed something replaces and syncs the file when it goes: 5-15 ms on the busy
    2-core machine, twice for an opened file (Open Recent, the last folder) on the way to ready."""
    path = str(settings_path())
    if path in _batch:
        yield
        return
    _batch[path] = QSettings(path, QSettings.Format.IniFormat)
    try:
        yield
    finally:
        _batch.pop(path).sync()


def store() -> QSettings | MemoryStore:
    path = settings_path()
    why = unusable(path)
    if why is None:
        _memory.pop(str(path), None)
        shared = _batch.get(str(path))
        return shared if shared is not None else QSettings(str(path), QSettings.Format.IniFormat)
    _note(
        f"file:{path}:{why}",
        f"{path} is not read: {why}. Warbench starts with default settings and keeps changes for this session only.",
    )
    return _memory.setdefault(str(path), MemoryStore())


GEOMETRY = Setting("window/geometry", QByteArray(), QByteArray)
WINDOW_STATE = Setting("window/state", QByteArray(), QByteArray)
SPLITTER = Setting("window/splitter", QByteArray(), QByteArray)
RECENT_FILES = Setting("files/recent", [], list)
LAST_FOLDER = Setting("files/last_folder", "", str)
EXPORT_FOLDER = Setting("export/folder", "", str)
PAPER = Setting("export/paper", "a4", str)
LANDSCAPE = Setting("export/landscape", False, bool)
MERGE_IDENTICAL = Setting("export/merge_identical", False, bool)
CARDS_PER_PAGE = Setting("export/cards_per_page", 9, int, 1, 100)
TICK_BOXES = Setting("export/tick_boxes", False, bool)
BUILD_TIME_CARDS = Setting("export/build_time_cards", False, bool)  # cards for building an army (costing)
AUTOSAVE_SECONDS = Setting("files/autosave_seconds", 60, int, 10, 3600)  # 10 s to an hour
REOPEN_LAST = Setting("files/reopen_last", True, bool)  # start with the last army (else the start page)
LANGUAGE = Setting("view/language", "", str)  # "" follows the desktop; else a code of gui.i18n.LANGUAGES


def documents_folder() -> str:
    """The player's documents folder (their home when the platform names none that exists)."""
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return folder if folder and os.path.isdir(folder) else os.path.expanduser("~")


def army_folder() -> str:
    """Where Open and Save As start: the folder of the last army opened or saved, else the documents
    folder — never the working directory (the source tree when started by ``make run``)."""
    folder = LAST_FOLDER.read()
    return folder if folder and os.path.isdir(folder) else documents_folder()


def export_folder() -> str:
    """Where an export starts: the folder of the last export, else :func:`army_folder`."""
    folder = EXPORT_FOLDER.read()
    return folder if folder and os.path.isdir(folder) else army_folder()


#: the longest name (UTF-8 bytes, before its suffix) a file dialog suggests: room for the suffix and a save's
#: temporary name within the 255 bytes file systems allow
MAX_NAME_BYTES = 120
#: what no file name holds on some system: separators, Windows' reserved characters
_UNSAFE = re.compile(r'[\\/:*?"<>|]')
_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"{port}{n}" for port in ("COM", "LPT") for n in range(10))}


def file_name(name: str, fallback: str) -> str:
    """``name`` (an army's name, a code's, a file's stem: data, never a path) made one plain file name: no
    separator, no "..", no control or format character, no leading dot, at most ``MAX_NAME_BYTES``, never a
    name Windows reserves; ``fallback`` when nothing is left."""
    text = "".join(" " if unicodedata.category(c)[0] == "C" else c for c in name)
    text = re.sub(r"\.{2,}", ".", _UNSAFE.sub("_", " ".join(text.split())))
    text = text.encode("utf-8")[:MAX_NAME_BYTES].decode("utf-8", "ignore").strip(" .")
    if not text or text.split(".")[0].strip().upper() in _RESERVED:
        return fallback
    return text


def file_stem(path: Path | None, name: str) -> str:
    """What a file of a document is named after: its file's name without ``.army.json``/``.game.json``/``.json``
    (``path``), else ``name`` (the army's)."""
    if path is None:
        return name
    return path.name.removesuffix(".army.json").removesuffix(".game.json").removesuffix(".json")


def suggested_path(folder: str, name: str, suffix: str, fallback: str = "") -> str:
    """Where a Save As or Export dialog starts: ``folder`` (:func:`army_folder` or :func:`export_folder`, the
    player's) and :func:`file_name` of ``name`` with ``suffix`` — never a folder or a name a file or a code
    planted (an army named "/x/planted" or "../../x"); ``fallback`` (else "army") for a name with nothing left."""
    fallback = fallback or QCoreApplication.translate("settings", "army")
    return str(Path(folder) / (file_name(name, fallback) + suffix))


def remove_recent(path: str) -> list[str]:
    recent = [p for p in RECENT_FILES.read() if p != path]
    RECENT_FILES.write(recent)
    return recent


def add_recent(path: str) -> list[str]:
    recent = [p for p in RECENT_FILES.read() if p != path]
    recent.insert(0, path)
    del recent[MAX_RECENT:]
    RECENT_FILES.write(recent)
    return recent
