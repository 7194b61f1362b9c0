"""pyproject.toml lists the packages by name (resources/ is mapped to warbench_resources, which rules
out automatic discovery): a new sub-package left off the list would be missing from the wheel."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_ships_in_the_wheel():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("model", "gui", "warbench")
        for init in (ROOT / top).rglob("__init__.py")
    }
    assert set(config["packages"]) == on_disk | {"warbench_resources"}
    assert config["package-dir"] == {"warbench_resources": "resources"}
    assert (ROOT / "resources" / "__init__.py").is_file()
