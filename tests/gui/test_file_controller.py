"""Open, save and export (gui/file_controller.py): where the dialogs start, recent files, examples never overwritten."""

from __future__ import annotations

from tests.gui.helpers import (
    HUMAN,
    documents_folder,
)
from warbench.gui import dialogs, settings
from warbench.model.resources import examples_dir


def test_export_without_a_viewer_says_so_and_offers_the_folder(qtbot, active, answers, tmp_path):
    answers.export_path = str(tmp_path / "sheet.pdf")
    answers.open_pdf = True
    answers.viewer_works = False
    answers.show_folder = True
    assert active.files.export_document("sheet")
    assert answers.opened == [answers.export_path, str(tmp_path.resolve())]
    assert f"show_folder:{answers.export_path}" in answers.asked
    assert answers.errors and "PDF is in" in answers.errors[0][1]  # nothing opened the folder either


def test_a_missing_file_leaves_open_recent(qtbot, active, answers, tmp_path):
    gone = tmp_path / "gone.army.json"
    gone.write_bytes(HUMAN.read_bytes())
    assert active.open_file(gone)
    assert str(gone.resolve()) in settings.RECENT_FILES.read()
    gone.unlink()
    action = next(a for a in active.files.recent_menu.actions() if a.data() == str(gone.resolve()))
    active.document.undo_stack.setClean()
    action.trigger()
    assert answers.errors and "gone.army.json" in answers.errors[-1][1]
    assert str(gone.resolve()) not in settings.RECENT_FILES.read()
    assert all(a.data() != str(gone.resolve()) for a in active.files.recent_menu.actions())


def test_the_first_save_as_starts_in_the_documents_folder(qtbot, window, monkeypatch, tmp_path):
    docs = documents_folder(tmp_path)
    monkeypatch.chdir(tmp_path)  # started from a source tree (make run): never offered
    suggested: list[str] = []
    monkeypatch.setattr(dialogs, "save_path", lambda parent, path: suggested.append(path) or "")
    window.document.army.name = "Iron Legion"
    assert not window.files.save_as()
    assert suggested == [str(docs / "Iron Legion.army.json")]


def test_a_remembered_folder_still_wins_over_the_documents_folder(qtbot, window, monkeypatch, tmp_path):
    documents_folder(tmp_path)
    used = tmp_path / "armies"
    used.mkdir()
    settings.LAST_FOLDER.write(str(used))
    suggested: list[str] = []
    monkeypatch.setattr(dialogs, "save_path", lambda parent, path: suggested.append(path) or "")
    monkeypatch.setattr(dialogs, "open_path", lambda parent, folder, games=False: suggested.append(folder) or "")
    window.files.save_as()
    window.open_dialog()
    assert suggested == [str(used / f"{window.document.army.name}.army.json"), str(used)]


def test_the_first_export_starts_in_the_documents_folder(qtbot, loaded, answers, monkeypatch, tmp_path):
    docs = documents_folder(tmp_path)
    settings.LAST_FOLDER.write("")  # never saved anywhere (the example's folder was remembered on open)
    monkeypatch.chdir(tmp_path)
    assert not loaded.files.export_document("cards")
    assert answers.asked[-1] == f"export:{docs / 'human-force-cards.pdf'}"


def test_an_opened_example_is_never_overwritten(qtbot, loaded, answers, monkeypatch, tmp_path):
    """Ctrl+S on the Human Force example wrote the shipped file (user trial): Save asks for a name in the
    player's folder, and a name among the examples is refused."""

    docs = documents_folder(tmp_path)
    example = examples_dir() / "human-force.army.json"
    shipped = example.read_bytes()
    assert loaded.document.path == example
    loaded.document.edit_army("Rename army", name="My Humans")
    suggested: list[str] = []
    monkeypatch.setattr(dialogs, "save_path", lambda parent, path: suggested.append(path) or str(example))
    assert not loaded.files.save()
    assert suggested == [str(docs / "human-force.army.json")]  # the player's folder, not the examples'
    assert example.read_bytes() == shipped and answers.errors and loaded.document.modified
    mine = tmp_path / "mine.army.json"
    monkeypatch.setattr(dialogs, "save_path", lambda parent, path: str(mine))
    assert loaded.files.save() and mine.exists() and example.read_bytes() == shipped


def test_a_broken_file_is_explained_by_unit_and_element(qtbot, app, answers, window, tmp_path):
    import json

    data = json.loads(HUMAN.read_text(encoding="utf-8"))
    ui = next(i for i, u in enumerate(data["units"]) if u["name"] == "Tactical Squad")
    ei = next(i for i, e in enumerate(data["units"][ui]["elements"]) if e["name"] == "Sergeant")
    data["units"][ui]["elements"][ei]["die"] = "d7"
    bad = tmp_path / "bad.army.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    window.open_file(bad)
    (title, text) = answers.errors[-1]
    assert "Tactical Squad ▸ Sergeant: die 'd7' is not a die" in text
    assert f"— at units[{ui}].elements[{ei}].die" in text
