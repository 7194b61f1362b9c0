"""Screenshots for the README: ``xvfb-run -s "-screen 0 1920x1080x24" .venv/bin/python packaging/screenshots.py``.

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

from warbench.gui.app import application, create_window  # noqa: E402

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


@shot("attributes.png")
def attributes(window):
    window.reference.show_dock("attributes")
    window.reference.attribute_browser.search.setText("morale")
    window.reference.attribute_browser.select("brave")


@shot("spells.png")
def spells(window):
    window.reference.show_dock("spells")
    window.reference.spell_browser.search.setText("range")


@shot("dice.png")
def dice(window):
    window.reference.show_dock("dice")
    panel = window.reference.dice_panel
    panel.target.setValue(12)
    panel.roll_expression("4d6kh3")


@shot("lookup.png")
def lookup(window):
    window.reference.quick_lookup()
    window.reference.lookup.input.setText("scatter")
    window.reference.lookup.results.setCurrentRow(0)


def _system_shot(example: str, dock: str | None = None):
    def prepare(window):
        window.open_file(ROOT / "resources" / "examples" / example, ask=False)
        window.select(0, 0)
        window.reference.attribute_browser.search.clear()
        for d in window.reference.docks.values():
            d.hide()
        if dock:
            window.reference.show_dock(dock)

    return prepare


shot("builder-fubar.png")(_system_shot("fubar-rifle-platoon.army.json"))
shot("builder-duke-it-out.png")(_system_shot("duke-it-out-brick-brigade.army.json", "attributes"))
shot("builder-2d6-skirmish.png")(_system_shot("2d6-dust-raiders.army.json", "dice"))
shot("builder-fow-universal-1.7.png")(_system_shot("universal-1.7-example-units.army.json"))


@shot("matchup.png")
def matchup(window):
    """The Matchup dock alone: the Tactical Squad against Alien Ravagers from an opponent file, flank."""
    from warbench.model.fileio import load_army

    examples = ROOT / "resources" / "examples"
    window.open_file(examples / "human-force.army.json", ask=False)
    window.select(1, None)
    panel = window.reference.show_dock("matchup")
    panel.set_opponent(load_army(examples / "alien-force.army.json"), examples / "alien-force.army.json")
    panel.target.setCurrentIndex(next(i for i in range(panel.target.count()) if "Ravager" in panel.target.itemText(i)))
    panel.action.setCurrentIndex(panel.action.findText("Ranged"))
    panel.set_situation({"flank"})
    return window.reference.docks["matchup"]  # the panel, not the whole window


def _play_shot(size: tuple[int, int]):
    """The play view at ``size``: the Human Force against the Alien Force, one attack applied, the next one
    rolled and shown (seeded dice)."""

    def prepare(window):
        import random

        from warbench.gui.game_document import GameDocument
        from warbench.model.fileio import load_army
        from warbench.model.game import Ref

        examples = ROOT / "resources" / "examples"
        window.open_file(examples / "human-force.army.json", ask=False)
        for d in window.reference.docks.values():
            d.hide()
        window.resize(*size)
        window.play.play_rng = random.Random(7)
        human, alien = load_army(examples / "human-force.army.json"), load_army(examples / "alien-force.army.json")
        window.play.install_game(GameDocument.new(human, alien, window))
        view, doc = window.play.play_view, window.play.game_document
        doc.apply(doc.roll(Ref(0, 1, 0), Ref(1, 1, 0), "ranged", seed=11))
        view.vp[0].setValue(2)
        view.roll_initiative()
        view.sides[0].tree.setCurrentIndex(view.sides[0].model.element_index(Ref(0, 2, 0)))
        view.attack.select_weapon("ranged", "Plasma Cannon")
        view.attack.select_target(Ref(1, 1, 0))
        view.attack.roll()

    return prepare


shot("play-1024x700.png")(_play_shot((1024, 700)))
shot("play-1920x1080.png")(_play_shot((1920, 1080)))


def main() -> None:
    """Every shot, or those whose names start with one of the arguments (``play-``)."""
    app = application([])
    window = create_window([])
    window.resize(1580, 900)
    window.show()
    out = ROOT / "docs"
    out.mkdir(exist_ok=True)
    wanted = sys.argv[1:]
    queue = [(name, fn) for name, fn in SHOTS if not wanted or name.startswith(tuple(wanted))]

    def next_shot():
        if not queue:
            window.document.undo_stack.setClean()
            if window.play.game_document is not None:
                window.play.game_document.modified = False
            app.quit()
            return
        name, prepare = queue.pop(0)
        part = prepare(window)  # the widget to take, where it is not the whole window

        def take():
            window.statusBar().clearMessage()  # no "Opened /home/…" of the machine that took them
            widget = part or (window.reference.lookup if window.reference.lookup.isVisible() else window)
            widget.grab().save(str(out / name))
            window.reference.lookup.hide()
            print(out / name)
            next_shot()

        QTimer.singleShot(400, take)

    QTimer.singleShot(300, next_shot)
    app.exec()


if __name__ == "__main__":
    main()
