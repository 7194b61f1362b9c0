"""pyproject.toml lists the packages by name (resources/ is mapped to warbench_resources, which rules
out automatic discovery): a new sub-package left off the list would be missing from the wheel."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESOURCES = ROOT / "resources"


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def _data_files() -> list[Path]:
    """Every file under resources/ that ships (the package's own __init__.py and byte code aside)."""
    return sorted(
        p
        for p in RESOURCES.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.relative_to(RESOURCES).parts != ("__init__.py",)
    )


def test_every_package_ships_in_the_wheel():
    config = _config()
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for top in ("model", "gui", "warbench")
        for init in (ROOT / top).rglob("__init__.py")
    }
    code = {name for name in config["packages"] if not name.startswith("warbench_resources")}
    assert code == on_disk
    assert config["package-dir"] == {"warbench_resources": "resources"}
    assert (RESOURCES / "__init__.py").is_file()


def test_data_folders_python_could_import_are_listed_so_setuptools_does_not_warn():
    """setuptools prints "Package would be ignored" for a folder of package data whose name Python
    could import (fonts, icons, fubar...) when it is not in ``packages``; folders with a hyphen
    (fow-special-ops) cannot be packages and ship through warbench_resources' own patterns."""
    importable = {
        ".".join(("warbench_resources", *folder.relative_to(RESOURCES).parts))
        for folder in {p.parent for p in _data_files()}
        if folder != RESOURCES and all(part.isidentifier() for part in folder.relative_to(RESOURCES).parts)
    }
    listed = {name for name in _config()["packages"] if name.startswith("warbench_resources.")}
    assert listed == importable


def _shipped(config: dict, resources: Path = RESOURCES) -> set[Path]:
    """The data files package-data's patterns take, matched as setuptools matches them: each pattern
    is a glob relative to its package's folder, and ``*`` never crosses a folder."""
    return {
        path
        for name in config["packages"]
        if name.startswith("warbench_resources")
        for pattern in config["package-data"].get(name, ())
        for path in resources.joinpath(*name.split(".")[1:]).glob(pattern)
        if path.is_file()
    }


def test_every_data_file_matches_a_package_data_pattern():
    shipped = _shipped(_config())
    unshipped = [path.relative_to(ROOT).as_posix() for path in _data_files() if path not in shipped]
    assert not unshipped, f"no package-data pattern ships {unshipped}"


def test_a_file_in_a_deeper_folder_is_not_taken_for_shipped(tmp_path):
    """ "*/*.json" takes fow-special-ops/attributes.json, not fow-special-ops/extra/x.json (fnmatch's "*"
    crosses folders, so a test matching with it passed for a file the wheel leaves out)."""
    resources = tmp_path / "resources"
    (resources / "fow-special-ops" / "extra").mkdir(parents=True)
    (resources / "fow-special-ops" / "attributes.json").write_text("{}", encoding="utf-8")
    (resources / "fow-special-ops" / "extra" / "x.json").write_text("{}", encoding="utf-8")
    config = {"packages": ["warbench_resources"], "package-data": {"warbench_resources": ["*/*.json"]}}
    assert _shipped(config, resources) == {resources / "fow-special-ops" / "attributes.json"}
