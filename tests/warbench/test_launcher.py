"""``warbench``: a command runs headless, files open the window, and anything else is said to be an
unknown command (never a window waiting on a file that is not there)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from warbench import launcher
from warbench.model.resources import examples_dir

HUMAN = str(examples_dir() / "human-force.army.json")


@pytest.fixture
def windows(monkeypatch) -> list[list[str]]:
    opened: list[list[str]] = []
    monkeypatch.setattr(launcher, "run_gui", lambda argv: opened.append(argv) or 0)
    return opened


@pytest.mark.parametrize("argv", [["UNKNOWN", "--help"], ["UNKNOWN"], ["costs", HUMAN]])
def test_an_unknown_command_is_said_to_be_one(windows, capsys, argv):
    with pytest.raises(SystemExit) as done:
        launcher.main(argv)
    assert done.value.code == 2
    assert f"invalid choice: {argv[0]!r}" in capsys.readouterr().err
    assert windows == []


@pytest.mark.parametrize(
    "argv",
    [[], [HUMAN], [HUMAN, "--help"], ["new.army.json"], ["armies/missing"], ["--smoke-test"]],
)
def test_files_and_window_options_open_the_window(windows, argv):
    assert launcher.main(argv) == 0
    assert windows == [argv]


def test_an_existing_file_without_a_suffix_is_a_file(windows, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "army").write_bytes(b"{}")
    assert launcher.main(["army"]) == 0
    assert windows == [["army"]]


def test_the_commands_are_imported_without_cycle_collection():
    """The cyclic garbage collector makes no pass while the model loads (nothing it would free), then leaves what
    loaded out of its passes (gc.freeze), and is on again for what comes after."""
    code = """
import gc, json, sys
passes = []
gc.callbacks.append(lambda phase, info: phase == "start" and passes.append("pydantic" in sys.modules))
import warbench.launcher
gc.callbacks.clear()
print(json.dumps({"with the model": sum(passes), "frozen": gc.get_freeze_count() > 1000, "on": gc.isenabled()}))
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(proc.stdout) == {"with the model": 0, "frozen": True, "on": True}
