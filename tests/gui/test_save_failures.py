"""Every failure of Save or autosave reaches the user; opening cleans up after killed saves."""

from __future__ import annotations

import json
import os

from tests.helpers import army_data, element
from warbench.gui import document as document_module
from warbench.model.fileio import dump_army, load_army
from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"


def _copy_of_human(tmp_path):
    path = tmp_path / "human.army.json"
    path.write_bytes(HUMAN.read_bytes())
    return path


def test_unexpected_save_failure_is_shown_and_work_kept(window, answers, tmp_path, monkeypatch):
    path = _copy_of_human(tmp_path)
    window.open_file(path, ask=False)
    window.document.add_unit("Unsaved")

    def explode(army, target):
        raise ValueError("Circular reference detected (depth exceeded)")

    monkeypatch.setattr(document_module, "save_army", explode)
    assert window.files.save() is False
    assert answers.errors[-1][0] == "Could not save"
    assert "ValueError: Circular reference" in answers.errors[-1][1]
    assert window.document.modified and window.document.army.units[-1].name == "Unsaved"
    assert load_army(path).name == "Human Force"


def test_army_that_cannot_be_encoded_is_refused_visibly(window, answers, tmp_path):
    data = army_data(elements=[element()])
    data["pasted"] = "bad \ud800"
    from warbench.gui.document import ArmyDocument
    from warbench.model.fileio import army_from_data

    window._install_document(ArmyDocument(army_from_data(data), None, window))
    window.document.add_unit("More")
    answers.save_path = str(tmp_path / "out.army.json")
    assert window.files.save() is False
    assert answers.errors[-1][0] == "Could not save" and "invalid character" in answers.errors[-1][1]
    assert not (tmp_path / "out.army.json").exists()
    assert window.autosaver.tick() is False
    assert answers.errors[-1][0] == "Autosave failed" and "invalid character" in answers.errors[-1][1]
    window.document.undo_stack.setClean()


def test_autosave_failure_is_shown_once_and_in_the_status_bar(window, answers, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the autosave folder should be")
    window.autosaver.copy = blocker / "copy.army.json"
    window.document.add_unit("Unsaved")
    assert window.autosaver.tick() is False
    assert window.autosaver.tick() is False
    failures = [e for e in answers.errors if e[0] == "Autosave failed"]
    assert len(failures) == 1  # a dialog once, not every minute
    assert "Autosave failed" in window.statusBar().currentMessage()
    window.autosaver.copy = tmp_path / "copy.army.json"
    assert window.autosaver.tick() is True
    assert "works again" in window.statusBar().currentMessage()


def test_opening_removes_temporaries_of_a_killed_save(window, answers, tmp_path):
    path = _copy_of_human(tmp_path)
    stale = tmp_path / f".{path.name}.{2**22 + 7}.abcd1234.tmp"
    stale.write_text(dump_army(load_army(path))[:100])
    assert window.open_file(path, ask=False)
    assert not stale.exists()


def test_a_file_over_the_limits_is_refused_at_open(window, answers, tmp_path):
    path = tmp_path / "deep.army.json"
    data = army_data(elements=[element()])
    data["extra"] = 0
    path.write_text(json.dumps(data).replace('"extra": 0', '"extra": ' + "[" * 300 + "]" * 300))
    assert window.open_file(path, ask=False) is False
    assert answers.errors[-1][0] == "Cannot open army" and "nested more than 64" in answers.errors[-1][1]
    assert os.listdir(tmp_path) == ["deep.army.json"]
