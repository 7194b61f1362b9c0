"""The wheel works anywhere: built from a copy of the tree, installed into a fresh virtual
environment, and run from an empty temporary folder (no source tree, no WARBENCH_RESOURCES).

Slow (about a minute: it installs PySide6 into the new venv), and part of ``make test`` so CI runs it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import warbench.model

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "resources" / "examples" / "human-force.army.json"
_NOT_SOURCE = shutil.ignore_patterns(
    ".venv", ".git", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis", "out"
)


class Installed:
    def __init__(self, root: Path):
        self.bin = root / "venv" / ("Scripts" if os.name == "nt" else "bin")
        self.work = root / "work"
        self.work.mkdir()
        self.env = {k: v for k, v in os.environ.items() if k not in ("WARBENCH_RESOURCES", "PYTHONPATH")}
        self.env["QT_QPA_PLATFORM"] = "offscreen"
        self.wheel = Path()

    def run(self, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
        command = [str(self.bin / args[0]), *args[1:]]
        print("$", " ".join(args))
        done = subprocess.run(
            command, cwd=self.work, env=env or self.env, capture_output=True, text=True, timeout=120, check=False
        )
        print(done.stdout.rstrip()[:400], done.stderr.rstrip()[:400], f"(exit {done.returncode})", sep="\n")
        return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    root = tmp_path_factory.mktemp("wheel")
    source = root / "source"
    shutil.copytree(ROOT, source, ignore=_NOT_SOURCE)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    subprocess.run([*pip, "wheel", "--no-deps", "-q", "-w", root / "dist", source], check=True, capture_output=True)
    (wheel,) = (root / "dist").glob("warbench-*.whl")
    subprocess.run([sys.executable, "-m", "venv", root / "venv"], check=True)
    env = Installed(root)
    subprocess.run(
        [env.bin / "python", "-m", "pip", "install", "-q", "--disable-pip-version-check", wheel],
        check=True,
        capture_output=True,
    )
    shutil.copy(EXAMPLE, env.work / "army.army.json")
    env.wheel = wheel
    return env


def test_installed_package_is_not_the_source_tree(installed):
    done = installed.run("python", "-c", "import warbench.model, warbench.resources; print(warbench.model.__file__)")
    assert done.returncode == 0, done.stderr
    assert str(installed.bin.parent) in done.stdout and str(ROOT) not in done.stdout


def test_the_wheel_installs_one_package_named_warbench(installed):
    with zipfile.ZipFile(installed.wheel) as wheel:
        tops = {name.split("/")[0] for name in wheel.namelist() if not name.split("/")[0].endswith(".dist-info")}
        names = wheel.namelist()
    assert tops == {"warbench"}
    assert {"warbench/model/costing.py", "warbench/gui/main_window.py", "warbench/resources/__init__.py"} <= set(names)


def test_a_package_of_the_users_named_model_or_gui_does_not_matter(installed):
    """The wheel used to install top-level packages named model and gui: a user's own ``model`` package
    earlier on the path broke ``warbench --version``."""
    for name in ("model", "gui"):
        (installed.work / name).mkdir(exist_ok=True)
        (installed.work / name / "__init__.py").write_text("raise ImportError('the user's own package')\n")
    env = {**installed.env, "PYTHONPATH": str(installed.work)}
    done = installed.run("warbench", "--version", env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"warbench {warbench.model.__version__}"
    assert installed.run("warbench", "cost", "army.army.json", env=env).returncode == 0


def test_version_from_one_place(installed):
    done = installed.run("warbench", "--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"warbench {warbench.model.__version__}"


def test_headless_commands_from_any_folder(installed):
    systems = installed.run("warbench", "systems")
    assert systems.returncode == 0, systems.stderr
    assert "fow-special-ops" in systems.stdout and "fubar" in systems.stdout
    cost = installed.run("warbench", "cost", "army.army.json", "--json")
    assert cost.returncode == 0, cost.stderr
    assert '"total"' in cost.stdout
    for command in ("sheet", "cards"):
        done = installed.run("warbench", command, "army.army.json", "-o", f"{command}.pdf")
        assert done.returncode == 0, done.stderr
        assert (installed.work / f"{command}.pdf").read_bytes().startswith(b"%PDF-")
    assert installed.run("warbench", "schema").returncode == 0
    pack = installed.run("warbench", "pack", "army.army.json", "-o", "army.html")  # its template is in the wheel
    assert pack.returncode == 0, pack.stderr
    assert (installed.work / "army.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_gui_starts(installed):
    done = installed.run("warbench-gui", "--smoke-test")
    assert done.returncode == 0, done.stderr
    assert "window ready" in done.stdout


def test_broken_data_is_reported_not_hung(installed, tmp_path):
    env = dict(installed.env, WARBENCH_RESOURCES=str(tmp_path))  # an empty data folder
    cli = installed.run("warbench", "systems", env=env)
    assert cli.returncode == 1
    assert "data files are missing or damaged" in cli.stderr and "Traceback" not in cli.stderr
    gui = installed.run("warbench-gui", "--smoke-test", env=env)  # the timeout fails the test if it hangs
    assert gui.returncode == 1
    assert "Warbench could not start" in gui.stderr and "no rule systems" in gui.stderr
