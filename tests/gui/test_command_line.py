"""The window's command line (``warbench-gui``, or ``warbench`` with files): help and version without a
window, and every file named opened."""

from __future__ import annotations

import os

import pytest

from warbench.gui import app as app_module
from warbench.model import __version__
from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"
ALIEN = examples_dir() / "alien-force.army.json"


def _no_window(argv=None):
    raise AssertionError("Qt was started: a window would have opened")


@pytest.mark.parametrize(("option", "expected"), [("--help", "usage:"), ("--version", f"warbench {__version__}")])
def test_help_and_version_print_and_exit_before_any_window(monkeypatch, capsys, option, expected):
    monkeypatch.setattr(app_module, "application", _no_window)
    with pytest.raises(SystemExit) as done:
        app_module.main([str(HUMAN), option])
    assert done.value.code == 0
    assert expected in capsys.readouterr().out


def test_qt_options_are_left_to_qt_and_not_refused():
    assert app_module.file_arguments(["-reverse", str(HUMAN)]) == [str(HUMAN)]


def test_every_file_named_at_the_first_launch_opens(app, qtbot, answers):
    before = list(app_module._more_windows)
    window = app_module.create_window([str(HUMAN), str(ALIEN)])
    qtbot.addWidget(window)
    opened = [w for w in app_module._more_windows if w not in before]
    try:
        assert window.document.army.name == "Human Force"
        assert [w.document.army.name for w in opened] == ["Alien Force"]
        assert os.path.samefile(opened[0].document.path, ALIEN)
    finally:
        for w in opened:
            w.document.undo_stack.setClean()
            w.close()


@pytest.mark.parametrize(
    "command", [["-m", "warbench"], ["-c", "from warbench.gui.app import run; raise SystemExit(run())"]]
)
def test_without_a_display_the_window_says_so_and_exits_2(tmp_path, command):
    """Issue 39: ``warbench`` (and ``warbench-gui``) with no display and no arguments aborted in Qt (exit 134,
    a hint about libxcb-cursor0); one line pointing to ``warbench --help``, exit 2."""
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["XDG_CONFIG_HOME"] = str(tmp_path)
    done = subprocess.run([sys.executable, *command], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("warbench: no display") and "warbench --help" in done.stderr
    assert done.stderr.count("\n") == 1


def test_a_display_or_a_named_platform_opens_the_window():
    assert app_module.no_display([], {"DISPLAY": ":0"}) == ""
    assert app_module.no_display([], {"WAYLAND_DISPLAY": "wayland-0"}) == ""
    assert app_module.no_display([], {"QT_QPA_PLATFORM": "offscreen"}) == ""
    assert app_module.no_display(["-platform", "offscreen"], {}) == ""
    assert app_module.no_display([], {}).startswith("warbench: no display")
