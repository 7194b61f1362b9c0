"""The layers, checked statically by import-linter (every import statement, even ones never run).

- ``warbench`` (the launcher) above ``gui`` above ``model``; ``model`` never imports Qt.
- The system modules don't import each other (they may share ``model.systems.common``/``base``).
- Nothing imports a system module by name except the registry, which does so from system.json; nothing
  outside ``model.systems`` imports a system's helper modules (its attack model, its entry shapes...)
  either, and each helper belongs to one system.
- ``model.costing`` and ``model.systems.base`` don't import each other in a circle.
- Inside ``model``, the layers of ``MODEL_LAYERS`` (top to bottom: output, services, io, systems, core): a module
  imports only from its own layer or the ones below it, counting imports inside functions (grimp sees them);
  every module of ``model`` is in one layer (a new one must be placed); imports under ``if TYPE_CHECKING:``
  (annotations) count too.

The system modules are the ones the registry discovers, so a new system is covered without editing
this file. ``python -m tests.test_import_contract`` prints the report.
"""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import grimp

import gui
import model
import warbench
from model.resources import load_system_file
from model.systems import system_ids

ROOTS = ("warbench", "gui", "model")
#: the modules of model.systems every system shares (the registry, the core, the facets' bases); the others
#: belong to one system each
SHARED_SYSTEM_MODULES = (
    "model.systems",
    "model.systems.base",
    "model.systems.common",
    "model.systems.presentation",
    "model.systems.combat",
    "model.systems.reference",
    "model.systems.homebrew",
    "model.systems.pricing",
    "model.systems.facet",
    "model.systems.schema",
)


#: the layers inside ``model``, top to bottom: a module imports only from its own layer or those below it
#: (the interfaces, ``warbench`` and ``gui``, are above all of them: ``ROOTS``). CONTRIBUTING.md draws them.
MODEL_LAYERS = (
    ("output", ("pdf", "textexport")),
    (
        "services",
        (
            "clipboard",
            "costing",
            "edits",
            "element_rules",
            "errata",
            "game",
            "game_log",
            "homebrew_checks",
            "homebrew_edits",
            "library",
            "matchup",
            "report",
            "rules_coverage",
            "search",
            "search_index",
        ),
    ),
    ("io", ("army_code", "fileio", "game_file", "locking", "migrations", "processes", "repair")),
    ("systems", ("systems",)),
    (
        "core",
        (
            "army",
            "attack_steps",
            "changes",
            "collector",
            "columns",
            "cost_lines",
            "dice",
            "die_check",
            "errors",
            "findings",
            "folding",
            "forms",
            "homebrew",
            "jsontext",
            "limits",
            "lookalike",
            "odds",
            "play",
            "resources",
            "rules",
            "usertext",
        ),
    ),
)


def system_modules() -> list[str]:
    names = {load_system_file(sid)["module"] for sid in system_ids()}
    return sorted(f"model.systems.{n}" for n in names if "." not in n)


def system_owned() -> list[str]:
    """The system modules and their helper modules (``fow_attack``, ``fow_entries``...): every module of
    ``model.systems`` but the shared ones."""
    return [m for m in all_modules() if m.startswith("model.systems.") and m not in SHARED_SYSTEM_MODULES]


def all_modules() -> list[str]:
    found = []
    for package in (warbench, gui, model):
        found.append(package.__name__)
        found += [m.name for m in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")]
    return sorted(found)


def _list(names) -> str:
    return "\n".join(f"    {n}" for n in names)


def contracts() -> str:
    """The import-linter configuration (INI form)."""
    systems = system_modules()
    owned = system_owned()
    outside = [m for m in all_modules() if m not in owned and m != "model.systems"]
    return f"""[importlinter]
root_packages =
{_list(ROOTS)}
include_external_packages = True

[importlinter:contract:layers]
name = The launcher is above the GUI, which is above the Qt-free model
type = layers
layers =
{_list(ROOTS)}

[importlinter:contract:no-qt]
name = The model never imports Qt
type = forbidden
source_modules =
    model
forbidden_modules =
    PySide6
    shiboken6

[importlinter:contract:systems-independent]
name = Rule systems don't import each other
type = independence
modules =
{_list(systems)}

[importlinter:contract:systems-by-registry]
name = Only the registry (model.systems) names a system module, and only a system its helpers
type = forbidden
source_modules =
{_list(outside)}
forbidden_modules =
{_list(owned)}
"""


def layer_contract(layers=MODEL_LAYERS) -> str:
    """The import-linter configuration of the layers inside ``model`` (INI form)."""
    lines = "\n".join(f"    {' : '.join(modules)}" for _name, modules in layers)
    return f"""[importlinter]
root_packages =
    model

[importlinter:contract:model-layers]
name = Inside model: output above services above io above systems above core
type = layers
containers =
    model
exhaustive = True
layers =
{lines}
"""


def lint(tmp: Path, config_text: str | None = None) -> subprocess.CompletedProcess:
    config = tmp / "importlinter.ini"
    config.write_text(contracts() if config_text is None else config_text, encoding="utf-8")
    command = Path(sys.executable).with_name("lint-imports")
    return subprocess.run(
        [str(command), "--config", str(config), "--no-cache"],
        capture_output=True,
        text=True,
        cwd=Path(model.__path__[0]).parent,
    )


def test_import_contracts_are_kept(tmp_path):
    run = lint(tmp_path)
    print(run.stdout)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "4 kept, 0 broken" in run.stdout


def test_the_layers_inside_the_model_are_kept(tmp_path):
    run = lint(tmp_path, layer_contract())
    print(run.stdout)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 kept, 0 broken" in run.stdout


def test_an_upward_import_inside_the_model_is_reported(tmp_path):
    """The layers can fail: with core above the systems, the systems' imports of core modules are upward."""
    swapped = (*MODEL_LAYERS[:3], MODEL_LAYERS[4], MODEL_LAYERS[3])
    run = lint(tmp_path, layer_contract(swapped))
    assert run.returncode != 0 and "BROKEN" in run.stdout, run.stdout


def test_every_model_module_is_in_one_layer():
    placed = [m for _name, modules in MODEL_LAYERS for m in modules]
    assert len(placed) == len(set(placed))
    assert set(placed) == {m.name for m in pkgutil.iter_modules(model.__path__)}


def test_the_contracts_see_every_system_and_layer():
    # a sixth system adds its module: the five's are there, whatever else is
    assert {
        "model.systems.dukeitout",
        "model.systems.flatoutwar",
        "model.systems.fubar",
        "model.systems.skirmish2d6",
    } <= set(system_modules())
    assert {"gui.main_window", "warbench.cli", "warbench.launcher", "model.systems.base"} <= set(all_modules())
    assert {"model.systems.fow_attack", "model.systems.fow_entries", "model.systems.fubar"} <= set(system_owned())
    shared = set(SHARED_SYSTEM_MODULES) - {"model.systems", "model.systems.base"}
    assert not shared & set(system_owned())


def test_each_helper_module_belongs_to_one_system():
    """A system's helper (its attack model, the shape of its entries) is imported by that system only: one
    system reaching into another's rules through a helper would escape the independence contract."""
    graph = grimp.build_graph("model")
    systems = set(system_modules())
    owners = {h: graph.find_downstream_modules(h) & systems for h in set(system_owned()) - systems}
    assert owners["model.systems.fow_entries"] == {"model.systems.flatoutwar"}
    assert {h: o for h, o in owners.items() if len(o) != 1} == {}


def test_a_broken_contract_is_reported(tmp_path, monkeypatch):
    """The check can fail: a contract the code breaks (gui below model) is reported as broken."""
    monkeypatch.setattr(sys.modules[__name__], "ROOTS", ("warbench", "model", "gui"))
    run = lint(tmp_path)
    assert run.returncode != 0 and "BROKEN" in run.stdout, run.stdout


def test_costing_and_the_system_base_are_not_a_circle():
    graph = grimp.build_graph("model")
    assert graph.find_shortest_chain(importer="model.costing", imported="model.systems.base") is not None
    assert graph.find_shortest_chain(importer="model.systems.base", imported="model.costing") is None


if __name__ == "__main__":  # pragma: no cover
    import tempfile

    result = lint(Path(tempfile.mkdtemp()))
    layers = lint(Path(tempfile.mkdtemp()), layer_contract())
    print(result.stdout, result.stderr, layers.stdout, layers.stderr)
    sys.exit(result.returncode or layers.returncode)
