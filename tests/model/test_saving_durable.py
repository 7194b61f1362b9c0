"""A save survives a power cut (the folder is synced after the rename) and the temporaries of killed
saves are recognised and removed even when the killed writer's process id still answers: a zombie not
yet collected by its parent, or a later process that got the same id. Nothing that is not ours goes."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time

import pytest

from tests.helpers import army_data, element
from warbench.model.fileio import army_from_data, atomic_write, load_army, remove_stale_temporaries, save_army

linux_proc = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="told apart through /proc")


def _army(name="Saved"):
    return army_from_data(army_data(elements=[element()], name=name))


@pytest.mark.skipif(os.name == "nt", reason="a folder cannot be opened for fsync on Windows")
def test_the_folder_is_synced_after_the_rename(tmp_path, monkeypatch):
    synced: list[str] = []
    real_fsync = os.fsync

    def fsync(fd):
        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    replaced = os.replace

    def replace(src, dst):
        synced.append("rename")
        replaced(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    atomic_write(tmp_path / "a.army.json", b"{}")
    assert synced == ["file", "rename", "folder"]


def _temporary(folder, pid: int, written_at: float | None = None):
    temp = folder / f".a.army.json.{pid}.abcd1234.tmp"
    temp.write_bytes(b"x" * 2_000_000)  # a 2 MB army, cut short
    if written_at is not None:
        os.utime(temp, (written_at, written_at))
    return temp


@linux_proc
def test_a_temporary_of_a_killed_writer_not_yet_collected_is_removed(tmp_path):
    path = tmp_path / "a.army.json"
    save_army(_army("Old"), path)
    zombie = subprocess.Popen([sys.executable, "-c", "pass"])
    try:
        for _ in range(500):  # until it has exited (not collected: a zombie)
            with open(f"/proc/{zombie.pid}/stat", encoding="ascii") as fh:
                if fh.read().rsplit(")", 1)[1].split()[0] == "Z":
                    break
            time.sleep(0.01)
        temp = _temporary(tmp_path, zombie.pid)
        assert remove_stale_temporaries(path) == [temp]
    finally:
        zombie.wait()


@linux_proc
def test_a_temporary_whose_process_id_was_reused_is_removed(tmp_path):
    path = tmp_path / "a.army.json"
    later = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        temp = _temporary(tmp_path, later.pid, written_at=time.time() - 3600)  # killed an hour ago
        save_army(_army("New"), path)
        assert not temp.exists()
        assert load_army(path).name == "New"
    finally:
        later.kill()
        later.wait()


def test_a_temporary_with_process_id_0_is_not_taken_for_a_live_writer(tmp_path):
    temp = _temporary(tmp_path, 0)
    assert remove_stale_temporaries(tmp_path / "a.army.json") == [temp]  # kill(0, 0) names a process group


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs to give a file to another user")
def test_a_temporary_of_another_user_is_left_alone(tmp_path):
    temp = _temporary(tmp_path, 2**22 + 12345)
    os.chown(temp, 12345, 12345)
    assert remove_stale_temporaries(tmp_path / "a.army.json") == []
    assert temp.exists()


KILLED_WHILE_WRITING = r"""
import os, signal, sys
from warbench.model.fileio import atomic_write
def fsync(fd):  # the whole army written, not yet renamed over the old file: killed
    os.kill(os.getpid(), signal.SIGKILL)
os.fsync = fsync
atomic_write(sys.argv[1], b"x" * 2_000_000)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="an unnamed temporary needs Linux's O_TMPFILE")
def test_a_save_killed_while_writing_leaves_no_temporary(tmp_path):
    """After 200 SIGKILLs during saves a 2 MB temporary was left beside the army: it had a name from the
    moment it was created, so every kill left one until a later save of the same file removed it."""
    path = tmp_path / "a.army.json"
    save_army(_army("Old"), path)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    done = subprocess.run([sys.executable, "-c", KILLED_WHILE_WRITING, str(path)], cwd=root, check=False)
    assert done.returncode == -9  # it was killed in the middle of the save
    assert [p.name for p in tmp_path.iterdir()] == ["a.army.json"]
    assert load_army(path).name == "Old"


@pytest.mark.parametrize("name", ["g.game.json", "3f2a9c.army.json", "a.army.json.meta", "sheet.pdf"])
def test_a_killed_saves_temporary_of_any_file_in_the_folder_is_removed(tmp_path, name):
    """A game file, an autosaved copy (a new name each session), its side file, an export: a killed save of
    one that is never saved again left its temporary forever; the next save or open in its folder removes it."""
    stray = tmp_path / f".{name}.{2**22 + 12345}.abcd1234.tmp"  # above Linux's largest pid_max: never alive
    stray.write_bytes(b"x" * 1000)
    live = tmp_path / f".{name}.{os.getppid()}.abcd1234.tmp"  # a save running in another process
    live.write_bytes(b"being written")
    assert remove_stale_temporaries(tmp_path / "a.army.json") == [stray]
    assert live.exists()
