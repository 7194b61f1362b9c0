"""What the start-up and every repaint cost: no Python runs for the events of widgets that do not ask
for it (an application-wide Python event filter runs for every event of every widget)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QLabel, QLineEdit, QVBoxLayout, QWidget

ROOT = Path(__file__).resolve().parents[2]
GUI = str(ROOT / "gui")

#: a cold start as ``warbench [FILE]`` makes it, until the window is ready: which modules were loaded, and whose
#: source PySide6 read (its ``__feature__`` check reads every module an import statement names once it is loaded)
START = r"""
import json, linecache, os, sys
from warbench.gui.app import application, create_window
import warbench.gui.main_window
from PySide6.QtCore import QTimer
read = list(linecache.cache)  # once every window module is loaded
app = application([])
window = create_window(sys.argv[1:], deferred=True)
def ready():
    made = [name for name in ("QAccessible",) if name in vars(sys.modules["PySide6.QtGui"])]  # Qt classes
    libraries = None  # the shared libraries loaded, where /proc tells (Linux, as in CI)
    if os.path.exists("/proc/self/maps"):
        with open("/proc/self/maps", encoding="utf-8") as maps:
            libraries = sorted({line.split()[-1].rsplit("/", 1)[-1] for line in maps if ".so" in line})
    print(json.dumps({"modules": sorted(sys.modules), "read": read, "made": made, "libraries": libraries}))
    QTimer.singleShot(0, app.quit)
window.ready.connect(ready)
window.show()
app.exec()
"""


def test_no_python_runs_for_the_events_of_a_plain_widget(qtbot, app):
    box = QWidget()
    qtbot.addWidget(box)
    layout = QVBoxLayout(box)
    label = QLabel("Tactical Squad")
    layout.addWidget(label)
    box.show()
    QCoreApplication.processEvents()
    ran: list[str] = []

    def profile(frame, event, _arg):
        if event == "call" and frame.f_code.co_filename.startswith(GUI):
            ran.append(f"{frame.f_code.co_filename}:{frame.f_code.co_name}")

    sys.setprofile(profile)
    try:
        for _ in range(3):
            label.setText(label.text() + "!")
            box.repaint()
            QCoreApplication.sendEvent(label, QEvent(QEvent.Type.User))
            QCoreApplication.processEvents()
    finally:
        sys.setprofile(None)
    assert ran == []


def test_a_text_field_made_after_start_up_is_still_limited(qtbot, app):
    from warbench.model.limits import MAX_STRING

    box = QWidget()
    qtbot.addWidget(box)
    field = QLineEdit(box)
    assert field.maxLength() == 32767  # Qt's own default until the field is polished
    box.show()
    field.ensurePolished()
    assert field.maxLength() == MAX_STRING


@pytest.mark.parametrize("files", [[], [str(ROOT / "resources" / "examples" / "human-force.army.json")]])
def test_a_cold_start_loads_only_what_the_window_shows(tmp_path, files):
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "c"), "XDG_DATA_HOME": str(tmp_path / "d")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    out = subprocess.run(
        [sys.executable, "-c", START, *files],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    started = json.loads(out.stdout.splitlines()[-1])
    modules = set(started["modules"])
    assert "warbench.model.army" in modules and "PySide6.QtWidgets" in modules  # it did start
    never = {
        "warbench.gui.dialogs",
        "warbench.gui.print_preview",
        "warbench.gui.reference",
        "warbench.gui.dice_panel",
        "warbench.gui.matchup_panel",
    }
    never |= {
        "reportlab",
        "rapidfuzz",
        "warbench.model.pdf.sheet",
        "warbench.model.textexport",
        "warbench.model.clipboard",
    }
    never |= {
        "warbench.gui.game_autosave",
        "warbench.model.game_file",
    }  # no game's copy to offer back: no game-file code
    assert modules & never == set()
    # pydantic was loaded before PySide6, so PySide6 did not read its ~100 modules' source
    assert [name for name in started["read"] if "pydantic" in name] == []
    # nor those of the model, loaded before PySide6 too, which the window's modules name, nor the window's own
    # (gui/feature_check.py)
    ours = tuple(str(ROOT / folder) for folder in ("model", "gui", "warbench"))  # warbench/model: the link
    assert [name for name in started["read"] if name.startswith(ours)] == []
    # PySide6 makes a class (and its enums) when it is first named: none the start does not use
    assert started["made"] == []
    # the window's icon is drawn from PNGs: Qt's SVG icon plug-in is not loaded (nor, on Qt 6.11, the SVG module:
    # 1.2 MB); on Qt 6.9 (the minimum-versions run) the SVG image-format plug-in and module load at start anyway,
    # for something other than the icon, so only the icon engine's plug-in is checked
    if started["libraries"] is not None:  # a system without /proc cannot tell
        assert "libqsvgicon.so" not in started["libraries"]


def test_the_style_can_change_and_text_fields_stay_limited(qtbot, app):
    from warbench.gui.text_limits import set_style
    from warbench.model.limits import MAX_STRING

    drawn_by = app.style().name()
    assert drawn_by  # the name of the style that draws, as before the limit was added
    set_style(app, "Fusion")
    try:
        assert app.style().name().lower() == "fusion"
        box = QWidget()
        qtbot.addWidget(box)
        field = QLineEdit(box)
        box.show()
        field.ensurePolished()
        assert field.maxLength() == MAX_STRING
    finally:
        set_style(app, drawn_by)


def test_the_window_s_modules_load_without_cycle_collection():
    """No pass of the cyclic garbage collector while the model, PySide6 and the start's modules load (it would free
    nothing: they last as long as the window), which are then left out of its passes (model.collector.lasting)."""
    code = """
import gc, json, sys
passes = []
gc.callbacks.append(lambda phase, info: phase == "start" and passes.append("pydantic" in sys.modules))
import warbench.gui.app
gc.callbacks.clear()
print(json.dumps({"with the model": sum(passes), "frozen": gc.get_freeze_count() > 10_000, "on": gc.isenabled()}))
"""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert json.loads(proc.stdout) == {"with the model": 0, "frozen": True, "on": True}, proc.stderr


def test_the_start_page_names_no_army_in_the_title(make_window):
    """Issue 39: on the start page the title said "New army (not saved)", an army the page does not show."""
    window = make_window()
    window.start.show_start_page()
    assert window.windowTitle() == "Warbench" and not window.isWindowModified()
    window.start.new_army_of("fubar")
    assert window.windowTitle().endswith("(not saved)[*] — Warbench")
    window.start.show_start_page()
    assert window.windowTitle() == "Warbench"
