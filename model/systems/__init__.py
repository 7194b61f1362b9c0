"""The registry of rule systems. Systems are created on first use."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from model.resources import load_system_file
from model.systems.base import RuleSystem

DEFAULT_SYSTEM = "fow-special-ops"

#: every system id, in the order menus show them
SYSTEM_IDS: tuple[str, ...] = ("fow-special-ops", "fow-universal-1.7", "fubar", "duke-it-out", "2d6-skirmish")


class UnknownSystem(KeyError):
    def __str__(self) -> str:
        return f"{self.args[0]!r} is not a known system (one of: {', '.join(SYSTEM_IDS)})"


@cache
def get_system(system_id: str) -> RuleSystem:
    if system_id not in SYSTEM_IDS:
        raise UnknownSystem(system_id)
    module = import_module(f"model.systems.{load_system_file(system_id)['module']}")
    return module.SYSTEM_CLASS(system_id)


def system_for(army) -> RuleSystem:
    """The system that prices ``army``: its rule system with the army's homebrew entries."""
    from model.homebrew import homebrew_of

    return get_system(army.system).with_homebrew(homebrew_of(army))


def system_names() -> dict[str, str]:
    return {sid: load_system_file(sid)["name"] for sid in SYSTEM_IDS}
