"""Locating and reading Warbench's data files (rules data, fonts, example armies).

They ship as the package ``warbench.resources`` (the repository's ``resources/``
folder, mapped in pyproject.toml) and are found through ``importlib.resources``,
so an installed wheel or a frozen bundle works from any folder. For development,
``WARBENCH_RESOURCES`` may name another folder.

A system's data directory may declare ``"inherits": "<other system>"`` in a file:
entries of the parent's file are taken first, ids listed in ``"remove"`` are
dropped and entries with the same id are replaced by the child's.
"""

from __future__ import annotations

import json
import os
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

_ENV = "WARBENCH_RESOURCES"
#: extra folders (``os.pathsep``-separated) holding more system data folders, searched after resources/
_SYSTEMS_ENV = "WARBENCH_SYSTEM_PATH"
PACKAGE = "warbench.resources"


class ResourcesError(Exception):
    """Warbench's own data files are missing or damaged (a broken install, or a bad ``WARBENCH_RESOURCES``)."""


def resources_dir() -> Path:
    """The folder holding rules data, fonts and example armies."""
    override = os.environ.get(_ENV)
    if override:
        folder = Path(override)
        if not folder.is_dir():
            raise ResourcesError(f"{_ENV}={override}: no such folder")
        return folder
    return _packaged_dir()


@cache
def _packaged_dir() -> Path:
    try:
        root = resources.files(PACKAGE)
    except ModuleNotFoundError:
        raise ResourcesError(f"the package {PACKAGE} (Warbench's rules data) is not installed") from None
    if not isinstance(root, Path) or not root.is_dir():  # e.g. a zipped install: the fonts need real files
        raise ResourcesError(f"Warbench's rules data ({PACKAGE}) is not a folder on disk: {root}")
    return root


def system_roots() -> list[Path]:
    """Folders whose sub-folders holding a ``system.json`` are rule systems: resources/ first."""
    extra = [Path(p) for p in os.environ.get(_SYSTEMS_ENV, "").split(os.pathsep) if p]
    return [resources_dir(), *extra]


def system_dir(system_id: str) -> Path:
    for root in system_roots():
        if (root / system_id / "system.json").is_file():
            return root / system_id
    return resources_dir() / system_id


def system_folders() -> list[Path]:
    """Every system data folder found in :func:`system_roots` (the first of a repeated id wins)."""
    found: dict[str, Path] = {}
    for root in system_roots():
        if root.is_dir():
            for folder in sorted(root.iterdir()):
                if (folder / "system.json").is_file():
                    found.setdefault(folder.name, folder)
    return list(found.values())


def examples_dir() -> Path:
    return resources_dir() / "examples"


@cache
def read_json(path: Path) -> Any:
    """One of Warbench's own data files; a missing or unreadable one raises ``ResourcesError``."""
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ResourcesError(f"{path}: {exc.strerror if isinstance(exc, OSError) else exc}") from None


def load_entries(system_id: str, filename: str, key: str) -> list[dict[str, Any]]:
    """The list ``key`` of ``resources/<system>/<filename>``, with inheritance applied."""
    path = system_dir(system_id) / filename
    if not path.exists():
        return []
    data = read_json(path)
    own = [dict(e) for e in data.get(key, [])]
    parent = data.get("inherits")
    if not parent:
        return own
    removed = set(data.get("remove", []))
    replaced = {e["id"]: e for e in own}
    merged = []
    for entry in load_entries(parent, filename, key):
        if entry["id"] in removed:
            continue
        merged.append(replaced.pop(entry["id"], entry))
    merged.extend(e for e in own if e["id"] in replaced)
    return merged


def load_system_file(system_id: str) -> dict[str, Any]:
    """``system.json`` merged over its parent's (shallow, key by key)."""
    data = dict(read_json(system_dir(system_id) / "system.json"))
    parent = data.get("inherits")
    if parent:
        base = load_system_file(parent)
        base.update(data)
        data = base
    return data
