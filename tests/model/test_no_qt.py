"""The model and the headless CLI never import Qt."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from warbench.model.resources import examples_dir


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True)


def test_model_and_every_submodule_import_without_qt():
    run = _run("""
        import importlib, pkgutil, sys
        import warbench.model
        names = [m.name for m in pkgutil.walk_packages(warbench.model.__path__, "warbench.model.")]
        for name in names:
            importlib.import_module(name)
        assert len(names) >= 10, names
        loaded = [m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6")]
        print(len(names), loaded)
        sys.exit(1 if loaded else 0)
    """)
    assert run.returncode == 0, run.stdout + run.stderr


def test_cli_works_with_pyside6_unimportable():
    army = examples_dir() / "human-force.army.json"
    run = _run(f"""
        import sys
        sys.modules["PySide6"] = None  # any import of PySide6 now raises ImportError
        from warbench.launcher import main
        for args in (["cost", {str(army)!r}, "--json"], ["cost", {str(army)!r}], ["schema"], ["systems"],
                     ["sheet", {str(army)!r}, "-o", "/dev/null"], ["cards", {str(army)!r}, "-o", "/dev/null"]):
            assert main(args) == 0, args
    """)
    assert run.returncode == 0, run.stderr
    assert '"total": 996' in run.stdout


def test_blocking_pyside6_really_blocks():
    """The guard above would be worthless if the GUI could still start."""
    run = _run("""
        import sys
        sys.modules["PySide6"] = None
        from warbench.launcher import main
        main([])
    """)
    assert run.returncode != 0 and "PySide6" in run.stderr and "ModuleNotFoundError" in run.stderr
