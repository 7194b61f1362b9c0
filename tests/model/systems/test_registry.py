"""The registry finds systems in their data folders; nothing lists them in code."""

from __future__ import annotations

import json

import pytest

from warbench.model import systems
from warbench.model.resources import resources_dir
from warbench.model.systems import default_system, get_system, load_own, rediscover, system_ids


@pytest.fixture
def extra_system(tmp_path, monkeypatch):
    """A copy of FUBAR's data under a new id in a folder on WARBENCH_SYSTEM_PATH."""
    folder = tmp_path / "fubar-copy"
    folder.mkdir()
    data = json.loads((resources_dir() / "fubar" / "system.json").read_text(encoding="utf-8"))
    data.update(id="fubar-copy", name="FUBAR (copy)", order=0.5)
    (folder / "system.json").write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setenv("WARBENCH_SYSTEM_PATH", str(tmp_path))
    rediscover()
    yield "fubar-copy"
    monkeypatch.delenv("WARBENCH_SYSTEM_PATH")
    rediscover()


def test_systems_come_from_the_data_folders_in_their_declared_order():
    folders = sorted(p.name for p in resources_dir().iterdir() if (p / "system.json").is_file())
    assert sorted(system_ids()) == folders
    orders = [load_own(sid).get("order", 1000) for sid in system_ids()]
    assert orders == sorted(orders)
    assert load_own(default_system()).get("default") is True
    assert systems.SYSTEM_IDS == system_ids()  # the old constant's name still answers


def test_a_folder_on_the_system_path_is_a_system(extra_system):
    assert system_ids()[0] == extra_system  # order 0.5 puts it first
    system = get_system(extra_system)
    assert system.name == "FUBAR (copy)"
    assert type(system) is type(get_system("fubar"))
    assert default_system() == "fow-special-ops"


def test_an_unknown_system_names_the_known_ones():
    with pytest.raises(KeyError) as caught:
        get_system("no-such-game")
    assert "no-such-game" in str(caught.value) and "fubar" in str(caught.value)
