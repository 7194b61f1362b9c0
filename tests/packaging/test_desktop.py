"""Desktop integration: the freedesktop files validate, and ``warbench desktop install|uninstall`` (which
``make install-desktop`` runs) puts them under, and takes them from, the user's data folder from the
installed package alone, with an ``Exec=`` GLib reads whatever the program's path holds (issue 39)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from warbench.desktop import APP_ID, ICON_SIZES, exec_argument, install, uninstall
from warbench.gui.app import APP_ID as WINDOW_APP_ID
from warbench.model import __version__

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = ROOT / "resources" / "desktop"


def _run(*command: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False, timeout=120, env=env)


def _needs(*tools: str) -> None:
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed (CI installs them: .ci/run)")


def test_the_window_names_the_entry_it_ships():
    assert WINDOW_APP_ID == APP_ID and (DESKTOP / f"{APP_ID}.desktop").is_file()


def test_validators_accept_the_files():
    _needs("desktop-file-validate", "appstreamcli")
    desktop = _run("desktop-file-validate", str(DESKTOP / f"{APP_ID}.desktop"))
    assert desktop.returncode == 0 and not desktop.stdout.strip(), desktop.stdout
    metainfo = _run("appstreamcli", "validate", "--no-net", "--pedantic", str(DESKTOP / f"{APP_ID}.metainfo.xml"))
    assert metainfo.returncode == 0, metainfo.stdout
    # not even a pedantic note (the id had capitals: cid-contains-uppercase-letter)
    notes = [line for line in metainfo.stdout.splitlines() if line.startswith(("P:", "W:", "E:"))]
    assert notes == [], metainfo.stdout


def test_the_metainfo_names_the_packages_licence_and_a_release_of_the_changelog():
    import tomllib

    metainfo = (DESKTOP / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8")
    licence = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["license"]
    assert f"<project_license>{licence}</project_license>" in metainfo
    assert '<translation type="qt">warbench</translation>' in metainfo and 'xml:lang="de"' in metainfo
    assert "play" in metainfo
    # the newest release is this version, dated as the changelog's heading for it ("## 0.1.0 (2026-12-05)")
    release = re.search(r'<release version="([^"]+)" date="([^"]+)"', metainfo)
    assert release is not None and release[1] == __version__
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"\n## {release[1]} ({release[2]})\n" in changelog


@pytest.mark.parametrize("folder", ["bin", "a b/My Games", 'it\'s $HOME \\ `x` "q"'])
def test_install_and_uninstall_under_the_data_folder(tmp_path, folder):
    """The entry, metainfo, both file types and every icon; an Exec= that desktop-file-validate and GLib
    accept and that runs the program (a folder with a space made an entry GLib refused)."""
    program = str(tmp_path / folder / "warbench-gui")
    Path(program).parent.mkdir(parents=True)
    Path(program).write_text("#!/bin/sh\n", encoding="utf-8")
    Path(program).chmod(0o755)  # GLib lists an entry only when its program exists
    data = tmp_path / "share"
    written = install(data, Path(program))
    entry = (data / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert f"Exec={exec_argument(Path(program))} %F" in entry
    assert "MimeType=application/x-warbench-army+json;application/x-warbench-game+json;" in entry
    mime = (data / "mime" / "packages" / f"{APP_ID}.xml").read_text(encoding="utf-8")
    assert '<glob pattern="*.army.json"' in mime and '<glob pattern="*.game.json"' in mime
    assert (data / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    for size in ICON_SIZES:
        png = data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert png.read_bytes().startswith(b"\x89PNG")
    assert len(written) == 4 + len(ICON_SIZES)
    if shutil.which("desktop-file-validate"):
        assert _run("desktop-file-validate", str(data / "applications" / f"{APP_ID}.desktop")).stdout == ""
    _glib_runs(data, program)
    assert len(uninstall(data)) == len(written)
    assert [p for p in data.rglob(f"{APP_ID}*") if p.is_file()] == []


def _exec_words(value: str) -> list[str]:
    """An Exec= value's arguments as the Desktop Entry Specification reads them: the string's escapes first
    (``\\\\`` is one backslash), then words split at spaces, a double-quoted word's ``\\`` escaping the
    character after it."""
    text = value.replace("\\\\", "\\")
    words, word, quoted, at = [], "", False, 0
    while at < len(text):
        ch = text[at]
        if quoted and ch == "\\":
            at += 1
            word += text[at]
        elif ch == '"':
            quoted = not quoted
        elif ch == " " and not quoted:
            words.append(word)
            word = ""
        else:
            word += ch
        at += 1
    return [*words, word]


def _glib_runs(data: Path, program: str) -> None:
    """The installed entry's command line is ``program`` then the files, and GLib lists it for both types."""
    entry = (data / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    value = next(line for line in entry.splitlines() if line.startswith("Exec="))[len("Exec=") :]
    assert _exec_words(value) == [program, "%F"]
    if shutil.which("gio") is None:
        return
    env = {**os.environ, "XDG_DATA_HOME": str(data), "XDG_DATA_DIRS": str(data)}
    for kind in ("army", "game"):
        shown = _run("gio", "mime", f"application/x-warbench-{kind}+json", env=env)
        assert f"{APP_ID}.desktop" in shown.stdout, shown.stdout + shown.stderr


def test_xdg_mime_finds_both_file_types_and_warbench_for_them(tmp_path):
    _needs("xdg-mime", "update-mime-database")
    data = tmp_path / "share"
    install(data, Path("/opt/warbench/warbench-gui"))
    env = {
        **os.environ,
        "XDG_DATA_HOME": str(data),
        "XDG_DATA_DIRS": f"{data}:/usr/share",
        "XDG_CURRENT_DESKTOP": "X-Generic",
    }
    for kind in ("army", "game"):
        sample = tmp_path / f"sample.{kind}.json"
        sample.write_text("{}", encoding="utf-8")
        found = _run("xdg-mime", "query", "filetype", str(sample), env=env)
        assert found.stdout.strip() == f"application/x-warbench-{kind}+json", found.stdout + found.stderr
        _run("xdg-mime", "default", f"{APP_ID}.desktop", f"application/x-warbench-{kind}+json", env=env)
        default = _run("xdg-mime", "query", "default", f"application/x-warbench-{kind}+json", env=env)
        assert default.stdout.strip() == f"{APP_ID}.desktop", default.stdout + default.stderr


def test_the_command_installs_from_the_package_and_says_where(tmp_path):
    data = tmp_path / "a folder"
    done = _run(sys.executable, "-m", "warbench", "desktop", "install", "--data-home", str(data))
    assert done.returncode == 0 and str(data) in done.stdout, done.stderr
    entry = (data / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert "warbench-gui" in entry
    gone = _run(sys.executable, "-m", "warbench", "desktop", "uninstall", "--data-home", str(data))
    assert gone.returncode == 0 and f"removed {4 + len(ICON_SIZES)} files" in gone.stdout


def test_make_install_desktop_runs_the_command(tmp_path):
    data = tmp_path / "share"
    installed = _run("make", "-s", "install-desktop", f"DATA_HOME={data}", "EXEC=/opt/warbench/warbench-gui")
    assert installed.returncode == 0, installed.stderr
    entry = (data / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert "Exec=/opt/warbench/warbench-gui %F" in entry
    assert _run("make", "-s", "uninstall-desktop", f"DATA_HOME={data}").returncode == 0
    assert [p for p in data.rglob(f"{APP_ID}*") if p.is_file()] == []
