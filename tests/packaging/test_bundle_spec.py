"""The PyInstaller bundle (packaging/warbench.spec, built by `make bundle`, not in CI: minutes of CPU):
what it leaves out and its two programs, read from the spec; and which program bundle_main.py runs."""

from __future__ import annotations

import ast
import importlib.util
import runpy
import sys
import tempfile
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
SPEC = ast.parse((ROOT / "packaging" / "warbench.spec").read_text(encoding="utf-8"))


def assigned(name: str) -> ast.expr:
    (value,) = [
        node.value
        for node in SPEC.body
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == [name]
    ]
    return value


def programs() -> dict[str, dict[str, ast.expr]]:
    """Each EXE(...) of the spec by its name: its keyword arguments."""
    calls = [n for n in ast.walk(SPEC) if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "EXE"]
    found = {}
    for call in calls:
        keywords = {k.arg: k.value for k in call.keywords if k.arg}
        found[ast.literal_eval(keywords["name"])] = keywords
    return found


def dev_modules(extra: str) -> set[str]:
    """The top-level modules the extra's own distributions install (mypyc's runtime, loaded only by mypy's
    compiled modules, and stub-only packages, which nothing imports, aside)."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    names = {canonicalize_name(Requirement(line).name) for line in extras[extra]}
    return {
        module
        for module, dists in packages_distributions().items()
        if names & {canonicalize_name(d) for d in dists}
        and module.isidentifier()
        and not module.startswith("__")  # __pycache__ of a top-level module, listed on 3.12+
        and not module.endswith("__mypyc")
    }


@pytest.mark.parametrize(("extra", "sample"), [("test", "pytest"), ("dev", "mypy")])
def test_dev_tools_stay_out_of_the_bundle(extra, sample):
    """The modules of the test and dev extras are excluded from the bundle (DEV_TOOLS). Listing an extra's
    modules needs it installed: the suite itself needs only the test extra (issue 39), so the dev extra's
    check says so and skips where it is not (``make test`` and CI install it)."""
    if importlib.util.find_spec(sample) is None:
        pytest.skip(f"the {extra} extra is not installed (pip install -e '.[{extra}]'): its modules cannot be listed")
    excluded = set(ast.literal_eval(assigned("DEV_TOOLS")))
    assert sample in dev_modules(extra)  # the extra is installed: the check checks
    assert sorted(dev_modules(extra) - excluded) == []


def test_the_window_program_has_no_console_and_both_have_the_icon():
    made = programs()
    assert set(made) == {"warbench", "warbench-gui"}
    assert ast.literal_eval(made["warbench"]["console"]) is True  # the commands print to it
    assert ast.literal_eval(made["warbench-gui"]["console"]) is False
    for keywords in made.values():
        assert getattr(keywords["icon"], "id", None) == "ICON"
    join = assigned("ICON")
    assert isinstance(join, ast.Call)
    icon = ROOT.joinpath(*(ast.literal_eval(arg) for arg in join.args[1:]))
    assert icon.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(("executable", "runs"), [("warbench-gui.exe", "window"), ("warbench", "launcher")])
def test_bundle_main_runs_the_program_named(monkeypatch, executable, runs):
    import warbench.gui.app
    import warbench.launcher

    monkeypatch.setattr(warbench.gui.app, "run", lambda: "window")
    monkeypatch.setattr(warbench.launcher, "main", lambda: "launcher")
    monkeypatch.setattr(sys, "executable", str(Path("dist", "warbench", executable)))
    with pytest.raises(SystemExit) as done:
        runpy.run_path(str(ROOT / "packaging" / "bundle_main.py"), run_name="__main__")
    assert done.value.code == runs


def _spec_datas(monkeypatch) -> list[tuple[str, str]]:
    """The spec run as PyInstaller runs it, with PyInstaller's calls stubbed: the (file, folder) pairs it
    hands to Analysis as ``datas``."""
    import types

    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_data_files = hooks.collect_dynamic_libs = hooks.collect_submodules = lambda *_a, **_k: []
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    analysed: dict = {}

    def analysis(*_args, **kwargs):
        analysed.update(kwargs)
        return types.SimpleNamespace(scripts=[], binaries=[], datas=[], pure=[])

    stubs = {"Analysis": analysis, "PYZ": lambda *a, **k: None, "EXE": lambda *a, **k: None}
    dist = Path(tempfile.mkdtemp(prefix="warbench-spec-"))  # where the spec links warbench-gui to warbench
    (dist / "warbench").mkdir()
    stubs |= {"COLLECT": lambda *a, **k: None, "SPECPATH": str(ROOT / "packaging"), "DISTPATH": str(dist)}
    spec = ROOT / "packaging" / "warbench.spec"
    exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"), stubs)  # noqa: S102 (our own spec)
    return analysed["datas"]


def test_the_bundle_ships_our_translations_and_qts_own_for_each_language(monkeypatch):
    """A German desktop sees German menus and German Save/Cancel buttons: warbench_de.qm in the resources
    and Qt's qtbase_de.qm where QLibraryInfo (gui/i18n.py) finds it in the bundle, PySide6/Qt/translations."""
    datas = _spec_datas(monkeypatch)
    shipped = {(Path(file).name, Path(folder).as_posix()) for file, folder in datas}
    languages = sorted(p.stem.removeprefix("warbench_") for p in (ROOT / "resources" / "i18n").glob("warbench_*.qm"))
    assert "de" in languages
    for lang in languages:
        assert (f"warbench_{lang}.qm", "warbench/resources/i18n") in shipped
        assert (f"qtbase_{lang}.qm", "PySide6/Qt/translations") in shipped
    assert all(Path(file).is_file() for file, _folder in datas if file.endswith(".qm"))


BUNDLE = ROOT / "dist" / "warbench"
BUILT = ROOT / "build" / "pyinstaller" / "warbench"
#: what the one-folder bundle may weigh (issue 39: 241 MB with the test tools' rich and pygments, Pillow's
#: codecs, Qt's 99 translations, the libraries' symbols and the Python code twice; 184 MB after)
MOST_BYTES = 200 * 1024 * 1024


def test_the_built_bundle_is_at_most_200_mb_and_holds_no_dev_module():
    """Over the bundle ``make bundle`` last built here (its table of contents: every module in the programs'
    archive and every file collected). Building takes minutes, so CI does not: without one, this says so."""
    if not (BUNDLE / "_internal").is_dir() or not (BUILT / "PYZ-00.toc").is_file():
        pytest.skip("no bundle built in this checkout (make bundle): the spec's own checks above still run")
    files = [p for p in BUNDLE.rglob("*") if p.is_file() and not p.is_symlink()]
    assert sum(p.stat().st_size for p in files) <= MOST_BYTES
    _archive, modules = ast.literal_eval((BUILT / "PYZ-00.toc").read_text(encoding="utf-8"))
    collected = ast.literal_eval((BUILT / "COLLECT-00.toc").read_text(encoding="utf-8"))
    tops = {name.split(".")[0] for name, *_rest in modules}
    tops |= {Path(entry[0]).parts[0] for entry in collected[0] if isinstance(entry, tuple)}
    banned = set(ast.literal_eval(assigned("DEV_TOOLS")))
    assert sorted(tops & banned) == []
    assert "warbench" in tops and "PySide6" in tops  # the contents were read
    translations = BUNDLE / "_internal" / "PySide6" / "Qt" / "translations"
    ours = sorted(p.name.replace("warbench_", "qtbase_") for p in (ROOT / "resources" / "i18n").glob("warbench_*.qm"))
    assert sorted(p.name for p in translations.glob("qtbase_*.qm")) == ours  # de, and en for the plural forms
