"""A Python that runs Warbench as it runs once installed, for the start-up benchmarks.

The development venv installs the project in editable mode: every interpreter it starts runs
setuptools' editable finder from a ``.pth`` file first (it imports pathlib, importlib.util and more:
about 16-19 ms on the 2-core machine, before the first line of the program). An installed Warbench
(the wheel, pipx, the bundle) has no such finder. This builds, once, a throwaway venv of the same
interpreter whose ``.pth`` file only names folders: the development venv's site-packages (whose own
``.pth`` files are then not run) and a folder of links laid out as the wheel lays out the project.
The bare baselines run in it too, so both sides of every ratio start alike.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import sysconfig
import tempfile
import tomllib
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def packages() -> dict[str, str]:
    """Top-level import name -> folder of this checkout, as pyproject.toml's [tool.setuptools] maps them."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    return {name: config["package-dir"].get(name, name) for name in config["packages"] if "." not in name}


@cache
def installed_python() -> str:
    """The interpreter of a venv where Warbench is importable as installed (no editable finder)."""
    folder = Path(tempfile.mkdtemp(prefix="warbench-installed-"))
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder / "venv")], check=True)
    python = folder / "venv" / "bin" / "python"
    links = folder / "links"
    links.mkdir()
    for name, source in packages().items():
        (links / name).symlink_to(ROOT / source, target_is_directory=True)
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    (Path(site) / "warbench-bench.pth").write_text(
        "".join(f"{f}\n" for f in (links, *dependencies())), encoding="utf-8"
    )
    return str(python)


def dependencies() -> list[str]:
    """The folders Warbench's dependencies are imported from here: this venv's site-packages, and the one
    a ``.pth`` file of it names (a venv of Debian's python3 sharing another venv's packages)."""
    found = [sysconfig.get_path("purelib")]
    for name in ("pydantic", "PySide6", "reportlab", "rapidfuzz"):
        spec = importlib.util.find_spec(name)
        folder = str(Path(spec.origin).parent.parent) if spec and spec.origin else None
        if folder and folder not in found:
            found.append(folder)
    return found


def editable_finder_ms(env: dict[str, str], runs: int = 7) -> tuple[float, float]:
    """Median wall ms of ``python -c pass`` in the development venv and as installed (the difference is
    what the editable install adds to every start)."""
    import statistics
    import time

    def median(python: str) -> float:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([python, "-c", "pass"], check=True, env=env)
            times.append(time.perf_counter() - start)
        return statistics.median(times) * 1000

    return median(sys.executable), median(installed_python())


if __name__ == "__main__":  # a quick look: where the two start
    dev, installed = editable_finder_ms(dict(os.environ))
    print(f"python -c pass: development venv {dev:.0f} ms, as installed {installed:.0f} ms")
