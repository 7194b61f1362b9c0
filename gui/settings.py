"""Persistent settings, each declared once with its type and default."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QByteArray, QSettings

ORGANIZATION = APPLICATION = "Warbench"


@dataclass(frozen=True)
class Setting:
    key: str
    default: Any
    kind: type

    def read(self) -> Any:
        value = store().value(self.key, self.default)
        if self.kind is list:
            if value in (None, ""):
                return []
            return [str(v) for v in (value if isinstance(value, list) else [value])]
        if self.kind is QByteArray:
            return value if isinstance(value, QByteArray) else QByteArray()
        if self.kind is bool and isinstance(value, str):
            return value.lower() in ("true", "1")
        try:
            return self.kind(value)
        except (TypeError, ValueError):
            return self.default

    def write(self, value: Any) -> None:
        store().setValue(self.key, value)


def store() -> QSettings:
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION)


GEOMETRY = Setting("window/geometry", QByteArray(), QByteArray)
WINDOW_STATE = Setting("window/state", QByteArray(), QByteArray)
SPLITTER = Setting("window/splitter", QByteArray(), QByteArray)
RECENT_FILES = Setting("files/recent", [], list)
LAST_FOLDER = Setting("files/last_folder", "", str)
EXPORT_FOLDER = Setting("export/folder", "", str)
PAPER = Setting("export/paper", "a4", str)
LANDSCAPE = Setting("export/landscape", False, bool)
MERGE_IDENTICAL = Setting("export/merge_identical", False, bool)
CARDS_PER_PAGE = Setting("export/cards_per_page", 9, int)
PRINT_DOCUMENT = Setting("print/document", "sheet", str)  # what Print Preview and Print… show first
AUTOSAVE_SECONDS = Setting("files/autosave_seconds", 60, int)
REOPEN_LAST = Setting("files/reopen_last", True, bool)  # start with the last army (else the start page)
MAX_RECENT = 8


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
