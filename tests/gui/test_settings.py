"""Settings a stranger (or a damaged file) wrote: values out of their declared bounds fall back to the
default, and a settings path that is not a regular file is never read — start-up goes on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from warbench.gui import settings

ROOT = Path(__file__).resolve().parents[2]


def _ini() -> Path:
    return Path(os.environ["XDG_CONFIG_HOME"]) / settings.ORGANIZATION / f"{settings.APPLICATION}.ini"


def _write_ini(text: str) -> None:
    _ini().parent.mkdir(parents=True, exist_ok=True)
    _ini().write_text(text, encoding="utf-8")


@pytest.mark.parametrize("stored", ["0", "-5", "1", "99999999999999999999", "1e400", "9" * 5000, "sixty", "60.5"])
def test_autosave_seconds_out_of_bounds_falls_back_to_the_default(app, sandbox_dirs, stored, capsys):
    _write_ini(f"[files]\nautosave_seconds={stored}\n")
    assert settings.AUTOSAVE_SECONDS.read() == settings.AUTOSAVE_SECONDS.default
    assert "files/autosave_seconds" in capsys.readouterr().err  # said, not silently changed


def test_autosave_seconds_in_bounds_is_kept(app, sandbox_dirs):
    _write_ini("[files]\nautosave_seconds=300\n")
    assert settings.AUTOSAVE_SECONDS.read() == 300


def test_a_window_starts_with_a_huge_autosave_interval(make_window, sandbox_dirs):
    from warbench.gui.main_window import MainWindow

    _write_ini("[files]\nautosave_seconds=99999999999999\n")  # was OverflowError in QTimer.setInterval
    w = MainWindow()
    try:
        assert w.autosaver.timer.interval() == settings.AUTOSAVE_SECONDS.default * 1000
    finally:
        w.close()
        w.deleteLater()


def test_overlong_text_and_lists_fall_back(app, sandbox_dirs):
    _write_ini(f"[files]\nlast_folder={'a' * 100_000}\nrecent={', '.join(['x'] * 1000)}\n")
    assert settings.LAST_FOLDER.read() == ""
    assert len(settings.RECENT_FILES.read()) <= settings.MAX_RECENT


START = """
from warbench.gui.app import application, create_window
from warbench.gui import settings
app = application([])
print("autosave", settings.AUTOSAVE_SECONDS.read(), flush=True)
settings.LAST_FOLDER.write("/somewhere")
print("folder", settings.LAST_FOLDER.read(), flush=True)
"""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_settings_file_that_is_a_fifo_does_not_hang_start_up(sandbox_dirs):
    _ini().parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(_ini())
    try:
        done = subprocess.run(
            [sys.executable, "-c", START], cwd=ROOT, capture_output=True, text=True, timeout=60, env=os.environ
        )
    except subprocess.TimeoutExpired:
        pytest.fail("start-up hung reading a FIFO as the settings file")
    finally:
        _ini().unlink()
    assert done.returncode == 0, done.stderr
    assert "autosave 60" in done.stdout and "folder /somewhere" in done.stdout  # this session's settings work
    assert "not a regular file" in done.stderr and done.stderr.count("not a regular file") == 1


def test_a_settings_path_that_is_a_folder_is_not_read(app, sandbox_dirs, capsys):
    _ini().mkdir(parents=True)
    assert settings.AUTOSAVE_SECONDS.read() == 60
    settings.REOPEN_LAST.write(False)
    assert settings.REOPEN_LAST.read() is False
    assert "a folder" in capsys.readouterr().err


def test_batched_reads_see_its_writes_and_the_file_is_written_once_at_the_end(app, sandbox_dirs):
    def on_disk() -> bool:
        return _ini().exists() and "last_folder=/a" in _ini().read_text(encoding="utf-8")

    with settings.batched():
        settings.add_recent("/a/one.army.json")
        settings.LAST_FOLDER.write("/a")
        assert settings.RECENT_FILES.read()[0] == "/a/one.army.json" and settings.LAST_FOLDER.read() == "/a"
        assert not on_disk()  # not yet written: one write for all at the end
    assert on_disk()  # for the next start


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Human Force", "Human Force"),
        ("/x/planted", "_x_planted"),
        ("../../x", "_._x"),
        ("..", "army"),
        ("", "army"),
        ("  \t ", "army"),
        (".hidden", "hidden"),
        ("a\x00b\nc\u202ed", "a b c d"),
        ("C:\\Windows\\x", "C__Windows_x"),
        ("nul.txt", "army"),
        ("é" * 300, "é" * 60),
    ],
)
def test_a_name_becomes_one_plain_file_name(name, expected):
    from warbench.gui import settings

    assert settings.file_name(name, "army") == expected
    path = settings.suggested_path("/home/me/armies", name, ".army.json")
    assert path == f"/home/me/armies/{expected}.army.json"
