"""packaging/constraints-min.txt pins each run-time dependency to the floor pyproject.toml gives it, for
CI's minimum-versions run: a floor raised or lowered without the pin (or the reverse) fails here."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]


def floors(dependencies: list[str]) -> dict[str, str]:
    """Each dependency's lowest allowed version (its ``>=``), by canonical name; one floor per name
    across the lines of different Python versions."""
    found: dict[str, set[str]] = {}
    for line in dependencies:
        requirement = Requirement(line)
        lows = [spec.version for spec in requirement.specifier if spec.operator == ">="]
        assert len(lows) == 1, f"{line!r} has no single floor (>=) to test"
        found.setdefault(canonicalize_name(requirement.name), set()).update(lows)
    for name, lows in found.items():
        assert len(lows) == 1, f"{name} has different floors {sorted(lows)} for different Pythons"
    return {name: lows.pop() for name, lows in found.items()}


def pins(text: str) -> dict[str, str]:
    result = {}
    for line in text.splitlines():
        line = line.split("#")[0].strip()
        if line:
            requirement = Requirement(line)
            (spec,) = requirement.specifier
            assert spec.operator == "==", line
            result[canonicalize_name(requirement.name)] = spec.version
    return result


def test_constraints_pin_every_floor_of_pyproject():
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    pinned = pins((ROOT / "packaging" / "constraints-min.txt").read_text(encoding="utf-8"))
    assert pinned == floors(dependencies)


def test_floors_of_lines_for_different_pythons_must_agree():
    lines = ["Qt>=6.9; python_version<'3.12'", "Qt>=6.10; python_version>='3.12'", "pydantic>=2.10.6,<3"]
    with pytest.raises(AssertionError, match="different floors"):
        floors(lines)
    assert floors(lines[1:]) == {"qt": "6.10", "pydantic": "2.10.6"}
