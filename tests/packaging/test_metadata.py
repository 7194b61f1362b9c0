"""The package's classifiers name the Python versions the suite runs on: requires-python's floor (the
default python3 of CI) and each version .ci/run runs it on besides."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PREFIX = "Programming Language :: Python :: 3."


def test_python_classifiers_are_the_versions_ci_tests():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    classified = {
        c.removeprefix("Programming Language :: Python :: ") for c in project["classifiers"] if c.startswith(PREFIX)
    }
    floor = re.fullmatch(r">=(3\.\d+)", project["requires-python"])
    assert floor is not None, project["requires-python"]
    loop = re.search(r"^for version in ([0-9. ]+); do$", (ROOT / ".ci" / "run").read_text(encoding="utf-8"), re.M)
    assert loop is not None, ".ci/run has no loop over Python versions"
    assert classified == {floor.group(1), *loop.group(1).split()}
    assert "Programming Language :: Python :: 3 :: Only" in project["classifiers"]
