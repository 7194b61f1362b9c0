"""The registry of rule systems, discovered from their data folders.

A system is a folder ``resources/<id>/`` (or one under a folder listed in ``WARBENCH_SYSTEM_PATH``)
holding a ``system.json`` whose ``"module"`` names the module defining it: a bare name is a file
``<name>.py`` in the data folder if there is one (how a system on the system path brings its code),
else a package of this one (``model/systems/<name>/``, one file a facet); a dotted name is imported as
written. ``"order"`` places it in menus and ``"default": true`` marks the system new armies use. Systems are
created on first use; this registry is the only code that imports a system's module by name.
"""

from __future__ import annotations

import re
import sys
from functools import cache
from importlib import import_module
from importlib.util import module_from_spec, spec_from_file_location
from types import ModuleType
from typing import Any

from warbench.model.resources import (
    ResourcesError,
    load_system_file,
    read_json,
    resources_dir,
    system_dir,
    system_folders,
)
from warbench.model.systems.base import RuleSystem


class UnknownSystem(KeyError):
    def __str__(self) -> str:
        return f"{self.args[0]!r} is not a known system (one of: {', '.join(system_ids())})"


@cache
def system_ids() -> tuple[str, ...]:
    """Every system id, in the order menus show them (``order`` in system.json, then id)."""
    own = {folder.name: read_json(folder / "system.json") for folder in system_folders()}
    if not own:  # a broken install or a wrong WARBENCH_RESOURCES: say so rather than offer no systems
        raise ResourcesError(f"no rule systems (folders with a system.json) in {resources_dir()}")
    return tuple(sorted(own, key=lambda sid: (own[sid].get("order", 1000), sid)))


@cache
def default_system() -> str:
    """The system new armies use: the one whose system.json says ``"default": true``."""
    ids = system_ids()
    marked = [sid for sid in ids if load_own(sid).get("default")]
    return marked[0] if marked else ids[0]


def load_own(system_id: str) -> dict[str, Any]:
    """A system's own system.json, without what it inherits."""
    return dict(read_json(system_dir(system_id) / "system.json"))


@cache
def get_system(system_id: str) -> RuleSystem:
    if system_id not in system_ids():
        raise UnknownSystem(system_id)
    module = _system_module(system_id, load_system_file(system_id)["module"])
    system: RuleSystem = module.SYSTEM_CLASS(system_id)
    return system


def _system_module(system_id: str, name: str) -> ModuleType:
    """The module ``name`` of system ``system_id``: a file ``<name>.py`` in its data folder (a system on
    ``WARBENCH_SYSTEM_PATH`` brings its own code), else a dotted name as written, else ours."""
    beside = system_dir(system_id) / f"{name}.py"
    if "." not in name and beside.is_file():
        qualified = "warbench_system_" + re.sub(r"\W", "_", system_id)
        if qualified in sys.modules and getattr(sys.modules[qualified], "__file__", None) == str(beside):
            return sys.modules[qualified]
        spec = spec_from_file_location(qualified, beside)
        if spec is None or spec.loader is None:
            raise ResourcesError(f"{beside}: not a Python module")
        module = module_from_spec(spec)
        sys.modules[qualified] = module  # before running it: pydantic and dataclasses look their module up
        spec.loader.exec_module(module)
        return module
    return import_module(name if "." in name else f"{__name__}.{name}")


def system_for(army: Any) -> RuleSystem:
    """The system that prices ``army``: its rule system with the army's homebrew entries."""
    from warbench.model.homebrew import homebrew_of

    return get_system(army.system).with_homebrew(homebrew_of(army))


def system_names() -> dict[str, str]:
    return {sid: load_system_file(sid)["name"] for sid in system_ids()}


def rediscover() -> None:
    """Forget the discovered systems (after ``WARBENCH_SYSTEM_PATH`` or the folders changed)."""
    for cached in (system_ids, default_system, get_system):
        cached.cache_clear()


def __getattr__(name: str) -> Any:
    # SYSTEM_IDS and DEFAULT_SYSTEM read like constants but come from the data folders
    if name == "SYSTEM_IDS":
        return system_ids()
    if name == "DEFAULT_SYSTEM":
        return default_system()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
