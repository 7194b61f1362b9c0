"""``warbench desktop install|uninstall``: the freedesktop integration for the user, from the installed
package (no repository needed): the menu entry, the AppStream metainfo, the icons and the file types of
army files (``*.army.json``) and game files (``*.game.json``), under ``$XDG_DATA_HOME`` (``~/.local/share``).

The files live in ``resources/desktop/`` (the wheel carries them). The entry's ``Exec=`` names the
``warbench-gui`` beside the running interpreter (the one pip or pipx installed with this Warbench),
quoted as the Desktop Entry Specification says, so a folder with a space or a quote in its name works; the
written entry is checked with ``desktop-file-validate`` where it is installed, and the desktop's caches
(``update-mime-database``, ``update-desktop-database``) are refreshed where their tools are.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

from warbench.output import error

APP_ID = "io.github.warbench.warbench"
ICON_SIZES = (16, 32, 48, 64, 128, 256)
#: characters that make an Exec argument need quotes (Desktop Entry Specification, "The Exec key")
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
#: characters that must be escaped with a backslash inside a quoted Exec argument
_ESCAPED = set('"`$\\')


class DesktopError(Exception):
    """One line saying what could not be done."""


def add_parser(sub: argparse._SubParsersAction) -> None:
    desktop = sub.add_parser(
        "desktop", help="add Warbench to the desktop's menu and file types (Linux), or take it away again"
    )
    desktop.add_argument("action", choices=("install", "uninstall"))
    desktop.add_argument(
        "--data-home", metavar="DIR", help="where to install (default: $XDG_DATA_HOME, else ~/.local/share)"
    )
    desktop.add_argument(
        "--exec", dest="program", metavar="PATH", help="the program the menu entry runs (default: this warbench-gui)"
    )


def cmd_desktop(args: argparse.Namespace) -> int:
    data = Path(args.data_home) if args.data_home else data_home()
    try:
        if args.action == "install":
            written = install(data, Path(args.program) if args.program else gui_program())
            print(
                f"installed {len(written)} files under {data}: Warbench is in the menu, for *.army.json and *.game.json"
            )
        else:
            removed = uninstall(data)
            print(f"removed {len(removed)} files from {data}")
    except (DesktopError, OSError) as exc:
        error(f"desktop {args.action}: {exc}")
        return 1
    return 0


def data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def gui_program() -> Path:
    """The ``warbench-gui`` this Warbench was installed with (beside the interpreter, as pip and pipx put it)."""
    folder = Path(sys.executable).parent
    for name in ("warbench-gui", "warbench-gui.exe"):
        if (folder / name).is_file():
            return (folder / name).absolute()
    found = shutil.which("warbench-gui")
    if found is None:
        raise DesktopError("no warbench-gui program beside this Python or on PATH; name one with --exec PATH")
    return Path(found).absolute()


def exec_argument(program: Path) -> str:
    """``program`` as the first argument of an ``Exec=`` value: quoted where it holds a reserved character,
    with ``"``, `````, ``$`` and ``\\`` escaped inside the quotes; then every backslash doubled, as a string
    value of a desktop file is read (the specification's two levels of escaping)."""
    text = str(program)
    if any(ch in _RESERVED for ch in text):
        text = '"' + "".join("\\" + ch if ch in _ESCAPED else ch for ch in text) + '"'
    return text.replace("\\", "\\\\")


def _source() -> Path:
    from warbench.model.resources import resources_dir

    return resources_dir() / "desktop"


def _targets(data: Path) -> dict[Path, Path | None]:
    """Each installed file and the shipped file it is a copy of (None: the entry, written with its Exec)."""
    source, icons = _source(), _source().parent / "icons"
    targets: dict[Path, Path | None] = {
        data / "applications" / f"{APP_ID}.desktop": None,
        data / "metainfo" / f"{APP_ID}.metainfo.xml": source / f"{APP_ID}.metainfo.xml",
        data / "mime" / "packages" / f"{APP_ID}.xml": source / f"{APP_ID}.mime.xml",
        data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg": icons / "warbench.svg",
    }
    for size in ICON_SIZES:
        targets[data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"] = (
            icons / f"warbench-{size}.png"
        )
    return targets


def entry_text(program: Path) -> str:
    """The desktop entry, its ``Exec=`` naming ``program``."""
    lines = (_source() / f"{APP_ID}.desktop").read_text(encoding="utf-8").splitlines()
    written = [f"Exec={exec_argument(program)} %F" if line.startswith("Exec=") else line for line in lines]
    return "\n".join(written) + "\n"


def install(data: Path, program: Path) -> list[Path]:
    """Every file put in place under ``data``; DesktopError when the entry does not validate."""
    written = []
    for target, shipped in _targets(data).items():
        target.parent.mkdir(parents=True, exist_ok=True)
        if shipped is None:
            target.write_text(entry_text(program), encoding="utf-8")
            _validate(target)
        else:
            shutil.copyfile(shipped, target)
        written.append(target)
    _refresh(data)
    return written


def uninstall(data: Path) -> list[Path]:
    removed = [target for target in _targets(data) if target.exists()]
    for target in removed:
        target.unlink()
    _refresh(data)
    return removed


def _validate(entry: Path) -> None:
    if shutil.which("desktop-file-validate") is None:
        return
    checked = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True, check=False)
    problems = (checked.stdout + checked.stderr).strip()
    if checked.returncode != 0 or problems:
        entry.unlink()
        raise DesktopError(f"the menu entry does not validate, so it was not installed: {problems}")


def _refresh(data: Path) -> None:
    """The desktop's caches of file types and entries, where their tools are installed."""
    for tool, folder in (("update-mime-database", data / "mime"), ("update-desktop-database", data / "applications")):
        if shutil.which(tool) is not None and folder.is_dir():
            subprocess.run([tool, str(folder)], capture_output=True, check=False)
