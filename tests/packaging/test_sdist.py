"""The source distribution holds the whole project: every file git tracks (tests, desktop files, docs,
build scripts), but for CI's own script. Built with the setuptools backend from a copy of the tracked
files (a few seconds)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOT_SHIPPED = {".gitignore", ".ci/run"}  # git's and CI's own
MADE_BY_SETUPTOOLS = {"PKG-INFO", "setup.cfg"}


def tracked() -> set[str]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60)
    return {name for name in listed.stdout.decode("utf-8").split("\0") if name and (ROOT / name).is_file()}


def test_sdist_holds_every_tracked_file(tmp_path):
    source, out = tmp_path / "source", tmp_path / "dist"
    files = tracked()
    for name in files:
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    build = "import sys; from setuptools import build_meta; print(build_meta.build_sdist(sys.argv[1]))"
    done = subprocess.run(
        [sys.executable, "-c", build, str(out)], cwd=source, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    with tarfile.open(out / done.stdout.split()[-1]) as sdist:
        members = {m.name.split("/", 1)[1] for m in sdist.getmembers() if m.isfile()}
    shipped = {name for name in members if name not in MADE_BY_SETUPTOOLS and ".egg-info/" not in name}
    assert sorted(files - NOT_SHIPPED - shipped) == []  # missing from the sdist
    assert sorted(shipped - files) == []  # in the sdist but not the project's (build leftovers)
    assert "resources/desktop/io.github.warbench.warbench.desktop" in shipped
