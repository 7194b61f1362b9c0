"""Screenshots for the README: ``xvfb-run -s "-screen 0 1400x900x24" .venv/bin/python packaging/screenshots.py``.

Opens the real window on the X server (Qt's xcb platform) with a sample army and
writes PNGs into docs/.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp())  # no personal settings in the shots
os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp())

from PySide6.QtCore import QTimer  # noqa: E402

from gui.app import application, create_window  # noqa: E402

SHOTS: list = []


def shot(name: str):
    def register(fn):
        SHOTS.append((name, fn))
        return fn
    return register


@shot("builder.png")
def builder(window):
    window.open_file(ROOT / "resources" / "examples" / "human-force.army.json", ask=False)
    window.select(3, 0)  # Hover APC: a vehicle with a transport payload


def main() -> None:
    app = application([])
    window = create_window([])
    window.resize(1380, 860)
    window.show()
    out = ROOT / "docs"
    out.mkdir(exist_ok=True)
    queue = list(SHOTS)

    def next_shot():
        if not queue:
            window.document.undo_stack.setClean()
            app.quit()
            return
        name, prepare = queue.pop(0)
        prepare(window)
        QTimer.singleShot(400, lambda: (window.grab().save(str(out / name)), print(out / name), next_shot()))

    QTimer.singleShot(300, next_shot)
    app.exec()


if __name__ == "__main__":
    main()
