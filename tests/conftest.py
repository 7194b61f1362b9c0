import os
import shutil
import tempfile

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Keep Qt's settings and app-data folders (autosave) away from the user's own.
_SANDBOX = tempfile.mkdtemp(prefix="warbench-tests-")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_SANDBOX, "config")
os.environ["XDG_DATA_HOME"] = os.path.join(_SANDBOX, "data")
os.environ["XDG_CACHE_HOME"] = os.path.join(_SANDBOX, "cache")
os.environ.setdefault("XDG_RUNTIME_DIR", os.path.join(_SANDBOX, "runtime"))
os.makedirs(os.environ["XDG_RUNTIME_DIR"], mode=0o700, exist_ok=True)
# English texts and numbers whatever the machine's desktop language (tests compare English texts);
# tests/gui/test_translations.py switches to German on purpose
os.environ["LC_ALL"] = "C.UTF-8"
os.environ["LANGUAGE"] = "en"


@pytest.fixture
def sandbox_dirs():
    """Empty settings and app-data folders for one test."""
    for key in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        shutil.rmtree(os.environ[key], ignore_errors=True)
    yield os.environ["XDG_CONFIG_HOME"], os.environ["XDG_DATA_HOME"]


@pytest.fixture
def toy_system(monkeypatch):
    """The toy sixth system (tests/toy_system/toy-tanks: its data and its module, nothing else) found
    through WARBENCH_SYSTEM_PATH."""
    from pathlib import Path

    from warbench.model.systems import rediscover

    monkeypatch.setenv("WARBENCH_SYSTEM_PATH", str(Path(__file__).parent / "toy_system"))
    rediscover()
    yield "toy-tanks"
    monkeypatch.delenv("WARBENCH_SYSTEM_PATH")
    rediscover()
