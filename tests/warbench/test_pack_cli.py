"""``warbench pack`` and ``warbench game import-pack`` / ``export-pack`` (warbench/cli.py, warbench/game_cli.py)."""

from __future__ import annotations

import json

from warbench.cli import main
from warbench.model.resources import examples_dir

FUBAR = examples_dir() / "fubar-rifle-platoon.army.json"
HUMAN = examples_dir() / "human-force.army.json"


def test_pack_writes_the_page_and_import_reads_the_army_back(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LANG", "C.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    page = tmp_path / "army.html"
    assert main(["pack", str(HUMAN), str(examples_dir() / "alien-force.army.json"), "-o", str(page)]) == 0
    assert f"wrote {page}" in capsys.readouterr().out
    html = page.read_text(encoding="utf-8")
    assert '<html lang="en"' in html and "Alien Force" in html
    assert main(["import", str(page), "-o", str(tmp_path / "back.army.json")]) == 0
    assert json.loads((tmp_path / "back.army.json").read_text()) == json.loads(HUMAN.read_text())


def test_pack_speaks_the_language_asked_for_or_the_environments(tmp_path, monkeypatch):
    page = tmp_path / "army.html"
    monkeypatch.setenv("LANGUAGE", "de_DE")
    assert main(["pack", str(FUBAR), "-o", str(page)]) == 0
    assert '<html lang="de"' in page.read_text(encoding="utf-8")
    assert main(["pack", str(FUBAR), "-o", str(page), "--language", "en"]) == 0
    assert '<html lang="en"' in page.read_text(encoding="utf-8")


def test_pack_refuses_an_opponent_of_another_system(tmp_path, capsys):
    page = tmp_path / "army.html"
    assert main(["pack", str(HUMAN), str(FUBAR), "-o", str(page)]) == 2
    assert "cannot face" in capsys.readouterr().err
    assert not page.exists()


def test_game_export_pack_and_import_pack(tmp_path, capsys):
    game = tmp_path / "g.game.json"
    assert main(["game", "new", str(FUBAR), "-o", str(game)]) == 0
    capsys.readouterr()
    assert main(["game", "export-pack", str(game), "--side", "b"]) == 0
    state = json.loads(capsys.readouterr().out)
    state["units"][1][0]["figures"] = 1
    state["vp"] = [5, 0]
    (tmp_path / "s.txt").write_text(json.dumps(state), encoding="utf-8")
    assert main(["game", "import-pack", str(game), str(tmp_path / "s.txt"), "--side", "b"]) == 0
    assert "side b at the pack's state, 1 step logged; round 1" in capsys.readouterr().out
    saved = json.loads(game.read_text())
    assert saved["sides"][1]["state"][1][0]["figures"] == 1 and saved["vp"] == [0, 5]
    assert main(["game", "undo", str(game)]) == 0
    assert json.loads(game.read_text())["sides"][1]["state"][1][0]["figures"] == 3


def test_game_import_pack_refuses_with_one_line_and_the_file_unchanged(tmp_path, capsys):
    game = tmp_path / "g.game.json"
    assert main(["game", "new", str(FUBAR), "-o", str(game)]) == 0
    before = game.read_bytes()
    (tmp_path / "other.txt").write_text(
        '{"format":"warbench-pack-state","version":1,"army":"x","round":1,"vp":[0,0],"units":[]}', encoding="utf-8"
    )
    capsys.readouterr()
    assert main(["game", "import-pack", str(game), str(tmp_path / "other.txt")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("warbench: game import-pack: the state is of another army") and err.count("\n") == 1
    assert main(["game", "import-pack", str(game), str(tmp_path / "missing.txt")]) == 2
    assert game.read_bytes() == before
