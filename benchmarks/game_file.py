"""The largest game file Warbench accepts (MAX_LOG_STEPS steps: attacks, rulings by hand, new rounds),
and the refusals of hostile ones, read by the model and opened in the window (docs/limits.md, issue 35).

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/game_file.py   (about half a minute)
Goals: the largest accepted game opens in <= 1 s in the command line (whole process: farm-bench) and
<= 2 s in the window; every refusal within 1 s.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._sandbox import qt_sandbox  # noqa: E402

qt_sandbox()

from warbench.model.fileio import load_army  # noqa: E402
from warbench.model.game import Game, new_game  # noqa: E402
from warbench.model.game_attack import AttackOrder  # noqa: E402
from warbench.model.game_file import GameFileError, game_bytes, parse_game, save_game  # noqa: E402
from warbench.model.limits import MAX_LOG_STEPS, MAX_VALUES  # noqa: E402
from warbench.model.resources import examples_dir  # noqa: E402


def largest_game() -> Game:
    """A Human Force game of MAX_LOG_STEPS steps: each round an attack, a ruling by hand and a new round."""
    game = new_game(load_army(examples_dir() / "human-force.army.json"))
    turn = 0
    while len(game.file.log) < MAX_LOG_STEPS - 2:
        game.apply(game.attack(AttackOrder(game.ref("a:1/1"), game.ref("b:2/1"), "melee"), seed=turn))
        game.set_state("b:2/1", "figures", 8)  # the target stands up again: the attacks go on
        game.next_round()
        turn += 1
    while len(game.file.log) < MAX_LOG_STEPS:
        game.next_round()
    return game


def timed(what: str, work) -> None:
    started = time.perf_counter()
    work()
    print(f"{what}: {time.perf_counter() - started:.2f} s")


def refused(raw: bytes) -> None:
    try:
        parse_game(raw)
    except GameFileError:
        return
    raise AssertionError("accepted")


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="warbench-bench-"))
    game = largest_game()
    path = folder / "largest.game.json"
    save_game(game.file, path)
    raw = path.read_bytes()
    print(f"largest accepted game: {len(game.file.log):,} steps, {len(raw) / 1e6:.1f} MB")
    timed("model: read it (parse_game)", lambda: parse_game(raw))
    timed("model: write it (game_bytes, read back included)", lambda: game_bytes(game.file))
    data = json.loads(raw)
    over = dict(data, log=data["log"] + data["log"][:1])
    timed("refused: one step over the limit", lambda: refused(json.dumps(over).encode()))
    zeros = raw[:-2] + b', "x": [' + b",".join([b"0"] * (MAX_VALUES + 1)) + b"]}"
    timed(f"refused: {len(zeros) / 1e6:.0f} MB of one list of zeros", lambda: refused(zeros))

    from warbench.gui.app import application
    from warbench.gui.main_window import MainWindow

    app = application([])
    window = MainWindow(autosave_ms=3_600_000)
    window.resize(1024, 700)
    window.show()
    app.processEvents()

    def open_it() -> None:
        assert window.play.open_game(path)
        app.processEvents()

    timed("window: open it", open_it)
    document = window.play.game_document
    timed("window: undo", lambda: (document.undo(), app.processEvents()))
    timed("window: redo", lambda: (document.redo(), app.processEvents()))
    document.modified = False
    window.close()


if __name__ == "__main__":
    main()
