"""``warbench``: a command runs headless, files open the window, and anything else is said to be an
unknown command (never a window waiting on a file that is not there)."""

from __future__ import annotations

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
