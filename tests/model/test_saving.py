"""Saving: through symbolic links, stale temporaries of killed saves, armies that cannot be written."""

from __future__ import annotations

import os
import time

import pytest

from tests.helpers import army_data, element
from warbench.model.fileio import (
    ArmyFileError,
    army_from_data,
    dump_army,
    load_army,
    remove_stale_temporaries,
    save_army,
)


def _army(name="Saved"):
    return army_from_data(army_data(elements=[element()], name=name))


def test_saving_through_a_symlink_keeps_the_link(tmp_path):
    real = tmp_path / "real" / "a.army.json"
    real.parent.mkdir()
    save_army(_army("Old"), real)
    link = tmp_path / "link.army.json"
    link.symlink_to(real)
    save_army(_army("New"), link)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert load_army(real).name == "New"
    assert sorted(p.name for p in real.parent.iterdir()) == ["a.army.json"]


def test_saving_through_a_relative_symlink_chain(tmp_path):
    save_army(_army("Old"), tmp_path / "target.army.json")
    (tmp_path / "mid.army.json").symlink_to("target.army.json")
    (tmp_path / "top.army.json").symlink_to("mid.army.json")
    save_army(_army("New"), tmp_path / "top.army.json")
    assert (tmp_path / "top.army.json").is_symlink() and (tmp_path / "mid.army.json").is_symlink()
    assert load_army(tmp_path / "target.army.json").name == "New"


def _dead_pid() -> int:
    return 2**22 + 12345  # above Linux's largest pid_max: never alive


def test_stale_temporaries_of_a_killed_save_are_removed_on_the_next_save(tmp_path):
    path = tmp_path / "a.army.json"
    save_army(_army("Old"), path)
    stale = [
        tmp_path / f".a.army.json.{_dead_pid()}.abcd1234.tmp",
        tmp_path / f".a.army.json.{os.getpid()}.zz_x9999.tmp",
    ]
    old_style = tmp_path / ".a.army.json.k3j4h5g6.tmp"
    for p in [*stale, old_style]:
        p.write_bytes(b"x" * 1000)
    an_hour_ago = time.time() - 3600
    os.utime(old_style, (an_hour_ago, an_hour_ago))
    others = [tmp_path / ".b.army.json.1.abcd1234.tmp", tmp_path / "notes.tmp", tmp_path / ".a.army.json.1.abc.tmp"]
    for p in others:
        p.write_bytes(b"keep")
    save_army(_army("New"), path)
    assert not any(p.exists() for p in [*stale, old_style])
    assert all(p.exists() for p in others)  # not ours, or not our naming
    assert load_army(path).name == "New"


def test_a_live_writers_temporary_is_left_alone(tmp_path):
    path = tmp_path / "a.army.json"
    live = tmp_path / f".a.army.json.{os.getppid()}.abcd1234.tmp"
    live.write_bytes(b"being written")
    fresh_old_style = tmp_path / ".a.army.json.k3j4h5g6.tmp"
    fresh_old_style.write_bytes(b"maybe being written")
    assert remove_stale_temporaries(path) == []
    assert live.exists() and fresh_old_style.exists()


def test_an_army_that_cannot_be_encoded_is_a_file_error_not_a_crash(tmp_path):
    data = army_data(elements=[element()])
    data["pasted"] = "bad \ud800"  # unknown fields are kept as they are
    army = army_from_data(data)
    path = tmp_path / "a.army.json"
    save_army(_army("Old"), path)
    with pytest.raises(ArmyFileError, match="invalid character"):
        save_army(army, path)
    assert load_army(path).name == "Old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.army.json"]


def test_what_loads_saves(tmp_path):
    raw = dump_army(_army("Round trip"))
    path = tmp_path / "a.army.json"
    path.write_text(raw, encoding="utf-8")
    save_army(load_army(path), path)
    assert path.read_text(encoding="utf-8") == raw
