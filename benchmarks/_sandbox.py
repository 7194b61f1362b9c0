"""Qt's platform and a fresh settings and app-data folder for a benchmark that opens the window."""

from __future__ import annotations

import os
import tempfile


def qt_sandbox() -> str:
    """Offscreen unless a platform is set; settings and autosave in a new temporary folder (returned)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    folder = tempfile.mkdtemp(prefix="warbench-bench-")
    os.environ["XDG_CONFIG_HOME"] = os.path.join(folder, "config")
    os.environ["XDG_DATA_HOME"] = os.path.join(folder, "data")
    return folder
