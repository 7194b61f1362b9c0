"""Desktop integration: the freedesktop files validate, and `make install-desktop` /
`make uninstall-desktop` put them under (and take them from) the user's data folder."""

from __future__ import annotations

import subprocess
from pathlib import Path

from warbench.gui.app import APP_ID

ROOT = Path(__file__).resolve().parents[2]
LINUX = ROOT / "packaging" / "linux"
SIZES = (16, 32, 48, 64, 128, 256)


def _run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False, timeout=120)


def test_validators_accept_the_files():
    desktop = _run("desktop-file-validate", str(LINUX / f"{APP_ID}.desktop"))
    assert desktop.returncode == 0 and not desktop.stdout.strip(), desktop.stdout
    metainfo = _run("appstreamcli", "validate", "--no-net", str(LINUX / f"{APP_ID}.metainfo.xml"))
    assert metainfo.returncode == 0, metainfo.stdout


def test_install_and_uninstall_under_the_data_folder(tmp_path):
    data = tmp_path / "share"
    installed = _run("make", "-s", "install-desktop", f"DATA_HOME={data}", "EXEC=/opt/warbench/warbench-gui")
    assert installed.returncode == 0, installed.stderr
    entry = (data / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert "Exec=/opt/warbench/warbench-gui %F" in entry
    assert "MimeType=application/x-warbench-army+json;" in entry
    assert (data / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert '<glob pattern="*.army.json"' in (data / "mime" / "packages" / f"{APP_ID}.xml").read_text(encoding="utf-8")
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    for size in SIZES:
        png = data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert png.read_bytes().startswith(b"\x89PNG")
    removed = _run("make", "-s", "uninstall-desktop", f"DATA_HOME={data}")
    assert removed.returncode == 0, removed.stderr
    left = [p for p in data.rglob(f"{APP_ID}*") if p.is_file()]
    assert left == []
