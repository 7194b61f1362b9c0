"""pyproject.toml lists the packages by name (model/, gui/ and resources/ are mapped to warbench.model,
warbench.gui and warbench.resources, which rules out automatic discovery): a new sub-package left off the
list would be missing from the wheel."""

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
    # the repository's top-level folders, installed inside the one package warbench (rglob does not follow
    # the links warbench/model, warbench/gui, warbench/resources)
    installed_as = {"model": "warbench.model", "gui": "warbench.gui", "warbench": "warbench"}
    on_disk = {
        ".".join((name, *init.parent.relative_to(ROOT / top).parts))
        for top, name in installed_as.items()
        for init in (ROOT / top).rglob("__init__.py")
    }
    code = {name for name in config["packages"] if not name.startswith("warbench.resources")}
    assert code == on_disk
    mapped = ("warbench.model", "warbench.gui", "warbench.resources")
    assert config["package-dir"] == {name: name.removeprefix("warbench.") for name in mapped}
    assert (RESOURCES / "__init__.py").is_file()


def test_the_links_in_warbench_are_the_folders_the_wheel_maps():
    """In a checkout, warbench/model, warbench/gui and warbench/resources are links to the top-level folders
    the wheel installs under those names, so a checkout imports what the wheel installs."""
    for package, folder in _config()["package-dir"].items():
        link = ROOT / Path(*package.split("."))
        assert link.is_symlink() and link.resolve() == (ROOT / folder).resolve(), package


def test_data_folders_python_could_import_are_listed_so_setuptools_does_not_warn():
    """setuptools prints "Package would be ignored" for a folder of package data whose name Python
    could import (fonts, icons, fubar...) when it is not in ``packages``; folders with a hyphen
    (fow-special-ops) cannot be packages and ship through warbench.resources' own patterns."""
    importable = {
        ".".join(("warbench.resources", *folder.relative_to(RESOURCES).parts))
        for folder in {p.parent for p in _data_files()}
        if folder != RESOURCES and all(part.isidentifier() for part in folder.relative_to(RESOURCES).parts)
    }
    listed = {name for name in _config()["packages"] if name.startswith("warbench.resources.")}
    assert listed == importable


def _shipped(config: dict, resources: Path = RESOURCES) -> set[Path]:
    """The data files package-data's patterns take, matched as setuptools matches them: each pattern
    is a glob relative to its package's folder, and ``*`` never crosses a folder."""
    return {
        path
        for name in config["packages"]
        if name.startswith("warbench.resources")
        for pattern in config["package-data"].get(name, ())
        for path in resources.joinpath(*name.split(".")[2:]).glob(pattern)
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
    config = {"packages": ["warbench.resources"], "package-data": {"warbench.resources": ["*/*.json"]}}
    assert _shipped(config, resources) == {resources / "fow-special-ops" / "attributes.json"}
