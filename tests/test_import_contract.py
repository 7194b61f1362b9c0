"""The layers, checked statically by import-linter (every import statement, even ones never run).

- Inside the one installed package ``warbench``: the interfaces (the launcher, the command line) above
  ``warbench.gui`` above ``warbench.model``; the model never imports Qt.
- The rule systems (each a package ``model.systems.<module>``, one file a facet) don't import each other: they
  share only the modules at the root of ``model.systems`` (the facets' bases, ``common``, ``play``).
- Nothing imports a system's package by name except the registry, which does so from system.json; nothing
  outside a system's package imports its facet modules (its combat, its entry shapes...) either.
- ``model.costing`` and ``model.systems.base`` don't import each other in a circle; no module of ``warbench``'s own
  (the launcher, the commands) or of ``warbench.gui`` is part of an import circle.
- Inside ``model``, the layers of ``MODEL_LAYERS`` (top to bottom: output, services, io, systems, core): a module
  imports only from its own layer or the ones below it, counting imports inside functions (grimp sees them);
  every module of ``model`` is in one layer (a new one must be placed); imports under ``if TYPE_CHECKING:``
  (annotations) count too.

The system modules are the ones the registry discovers, so a new system is covered without editing
this file. ``python -m tests.test_import_contract`` prints the report.
"""

from __future__ import annotations

import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import grimp

import warbench
import warbench.gui
import warbench.model
import warbench.model.systems
from warbench.model.resources import load_system_file
from warbench.model.systems import system_ids

ROOTS = ("warbench",)
#: the layers of ``warbench``, top to bottom: the interfaces (its own modules), the window, the model
TOP_LAYERS = ("launcher : __main__ : cli : game_cli : check_cli : balance_cli : desktop : output", "gui", "model")
#: the modules of model.systems every system shares, the files at its root: the registry, ``RuleSystem`` (base),
#: the facets' bases and what some systems share (common); every other module is in a system's package
SHARED_SYSTEM_MODULES = (
    "warbench.model.systems",
    "warbench.model.systems.base",
    "warbench.model.systems.common",
    "warbench.model.systems.presentation",
    "warbench.model.systems.combat",
    "warbench.model.systems.reference",
    "warbench.model.systems.homebrew",
    "warbench.model.systems.pricing",
    "warbench.model.systems.facet",
    "warbench.model.systems.schema",
    "warbench.model.systems.play",
)


#: the layers inside ``model``, top to bottom: a module imports only from its own layer or those below it
#: (the interfaces and the window are above all of them: ``TOP_LAYERS``). CONTRIBUTING.md draws them.
MODEL_LAYERS = (
    ("output", ("check_report", "pack", "pdf", "textexport")),
    (
        "services",
        (
            "balance",
            "clipboard",
            "costing",
            "edits",
            "element_rules",
            "errata",
            "game",
            "game_attack",
            "game_log",
            "homebrew_checks",
            "homebrew_edits",
            "i18n_data",
            "library",
            "matchup",
            "organiser",
            "report",
            "reprice",
            "rules_coverage",
            "search",
            "search_index",
            "table_rolls",
            "usage",
        ),
    ),
    ("io", ("army_code", "fileio", "game_file", "migrations", "processes", "repair")),
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
            "fingerprint",
            "dice",
            "die_check",
            "errors",
            "findings",
            "folding",
            "forms",
            "homebrew",
            "i18n",
            "jsontext",
            "limits",
            "lookalike",
            "odds",
            "resources",
            "rules",
            "table_roll",
            "usertext",
        ),
    ),
)


def system_modules() -> list[str]:
    names = {load_system_file(sid)["module"] for sid in system_ids()}
    return sorted(f"warbench.model.systems.{n}" for n in names if "." not in n)


def system_owned() -> list[str]:
    """The system packages and their facet modules (``flatoutwar.combat``, ``flatoutwar.entries``...): every
    module of ``model.systems`` but the shared ones."""
    return [m for m in all_modules() if m.startswith("warbench.model.systems.") and m not in SHARED_SYSTEM_MODULES]


def all_modules() -> list[str]:
    found = []
    found = [warbench.__name__]
    found += [m.name for m in pkgutil.walk_packages(warbench.__path__, "warbench.") if m.name != "warbench.resources"]
    return sorted(m for m in found if not m.startswith("warbench.resources."))


def _list(names) -> str:
    return "\n".join(f"    {n}" for n in names)


def contracts() -> str:
    """The import-linter configuration (INI form)."""
    systems = system_modules()
    owned = system_owned()
    outside = [m for m in all_modules() if m not in owned and m != "warbench.model.systems"]
    return f"""[importlinter]
root_packages =
{_list(ROOTS)}
include_external_packages = True

[importlinter:contract:layers]
name = The launcher and the command line are above the GUI, which is above the Qt-free model
type = layers
containers =
    warbench
layers =
{_list(TOP_LAYERS)}

[importlinter:contract:no-qt]
name = The model never imports Qt
type = forbidden
source_modules =
    warbench.model
forbidden_modules =
    PySide6
    shiboken6

[importlinter:contract:systems-independent]
name = Rule systems don't import each other
type = independence
modules =
{_list(systems)}

[importlinter:contract:systems-by-registry]
name = Only the registry (model.systems) names a system's package, and only a system its facet modules
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
    warbench

[importlinter:contract:model-layers]
name = Inside model: output above services above io above systems above core
type = layers
containers =
    warbench.model
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
        cwd=Path(warbench.__path__[0]).parent,
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
    assert set(placed) == {m.name for m in pkgutil.iter_modules(warbench.model.__path__)}


def test_the_contracts_see_every_system_and_layer():
    # a sixth system adds its module: the five's are there, whatever else is
    assert {
        "warbench.model.systems.dukeitout",
        "warbench.model.systems.flatoutwar",
        "warbench.model.systems.fubar",
        "warbench.model.systems.skirmish2d6",
    } <= set(system_modules())
    assert {"warbench.gui.main_window", "warbench.cli", "warbench.launcher", "warbench.model.systems.base"} <= set(
        all_modules()
    )
    assert {
        "warbench.model.systems.flatoutwar.combat",
        "warbench.model.systems.flatoutwar.entries",
        "warbench.model.systems.fubar",
        "warbench.model.systems.fubar.play",
    } <= set(system_owned())
    shared = set(SHARED_SYSTEM_MODULES) - {"warbench.model.systems", "warbench.model.systems.base"}
    assert not shared & set(system_owned())


def test_each_system_module_is_in_one_systems_package():
    """A system's facet module (its combat, the shape of its entries) lives in that system's package, so the
    independence contract (which counts a package's modules) keeps one system out of another's rules; the
    modules at the root of ``model.systems`` are the shared ones."""
    systems = system_modules()
    owners = {m: [s for s in systems if m == s or m.startswith(s + ".")] for m in system_owned()}
    assert owners["warbench.model.systems.flatoutwar.entries"] == ["warbench.model.systems.flatoutwar"]
    assert {m: o for m, o in owners.items() if len(o) != 1} == {}
    root = {m.name for m in pkgutil.iter_modules(warbench.model.systems.__path__, "warbench.model.systems.")}
    assert root - set(systems) == set(SHARED_SYSTEM_MODULES) - {"warbench.model.systems"}


def test_a_broken_contract_is_reported(tmp_path, monkeypatch):
    """The check can fail: a contract the code breaks (gui below model) is reported as broken."""
    monkeypatch.setattr(sys.modules[__name__], "TOP_LAYERS", ("launcher : __main__ : cli : game_cli", "model", "gui"))
    run = lint(tmp_path)
    assert run.returncode != 0 and "BROKEN" in run.stdout, run.stdout


def test_costing_and_the_system_base_are_not_a_circle():
    graph = grimp.build_graph("warbench")
    assert (
        graph.find_shortest_chain(importer="warbench.model.costing", imported="warbench.model.systems.base") is not None
    )
    assert graph.find_shortest_chain(importer="warbench.model.systems.base", imported="warbench.model.costing") is None
    # an edit of the homebrew section asks which elements use an entry (model.usage), never what they cost
    edits = graph.find_shortest_chain(importer="warbench.model.homebrew_edits", imported="warbench.model.costing")
    assert edits is None


#: the packages whose modules import no circle (the model's rule-system facets and its game/game log are
#: not there yet: another change untangles them)
ACYCLIC = ("warbench", "warbench.gui")


def import_cycles(graph, packages=ACYCLIC) -> list[tuple[str, ...]]:
    """Each module of ``packages`` (their own modules, not subpackages) that a module it imports imports back,
    directly or through others: the circle, from the module round to it again."""
    found = []
    for package in packages:
        modules = sorted(m for m in graph.find_children(package) if not graph.find_children(m))
        for module in modules:
            for imported in sorted(graph.find_modules_directly_imported_by(module)):
                chain = graph.find_shortest_chain(importer=imported, imported=module)
                if chain is not None:
                    found.append((module, *chain))
    return found


def test_no_module_of_the_interfaces_or_the_window_imports_itself_round_a_circle():
    """cli and game_cli share their writers through warbench.output: neither imports the other."""
    assert import_cycles(grimp.build_graph("warbench")) == []


def test_the_cycle_check_can_fail():
    graph = grimp.build_graph("warbench")
    graph.add_import(importer="warbench.output", imported="warbench.cli")
    assert ("warbench.cli", "warbench.output", "warbench.cli") in import_cycles(graph)


#: an import of the top-level folders by their own names (``import model``, ``from gui.x import y``), or a
#: module named so in a string (``monkeypatch.setattr("model.x.y", ...)``): in a checkout it would load a
#: second copy of those modules beside ``warbench.model``'s, and an installed wheel has no such package; an import
#: statement inside a string of code that a benchmark or test runs (``"from gui.app import ..."``) counts too
SHORT_NAME = re.compile(
    r"^\s*(from|import)\s+(model|gui)\b|[\"'](model|gui)\.[a-z_]+[\"'.]|([\"']|\\n)(from|import)\s+(model|gui)\b", re.M
)


def short_name_imports(text: str) -> list[str]:
    return [m.group(0).strip() for m in SHORT_NAME.finditer(text)]


def test_everything_imports_the_one_package_by_its_full_names():
    root = Path(warbench.__path__[0]).parent
    folders = ("model", "gui", "warbench", "tests", "benchmarks", "packaging")
    files = [p for folder in folders for p in (root / folder).rglob("*.py") if p != Path(__file__)]  # not its cases
    assert len(files) > 100
    found = {str(p.relative_to(root)): short_name_imports(p.read_text(encoding="utf-8")) for p in files}
    assert {name: hits for name, hits in found.items() if hits} == {}


def test_the_short_name_check_can_fail():
    assert short_name_imports("import model\nfrom gui.app import run\nx = 'model.costing'\n") == [
        "import model",
        "from gui",
        "'model.costing'",
    ]
    code = r'imports="from gui.app import application\nfrom model.resources import examples_dir"'
    assert short_name_imports(code) == ['"from gui', "\\nfrom model"]
    assert short_name_imports("import warbench.model\nfrom warbench.gui.app import run\nself.model.x\n") == []


if __name__ == "__main__":  # pragma: no cover
    import tempfile

    result = lint(Path(tempfile.mkdtemp()))
    layers = lint(Path(tempfile.mkdtemp()), layer_contract())
    print(result.stdout, result.stderr, layers.stdout, layers.stderr)
    sys.exit(result.returncode or layers.returncode)
