"""Issue 26, items 6 and 9: library files from a stranger (a design copied from a forum) and two Warbench
processes writing the library at once. Reads that hung on the old code run in a subprocess with a timeout
(and a memory limit), so they fail rather than hang."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from tests.helpers import army_data, element
from warbench.model.library import DESIGN_FORMAT, Library, LibraryError, _write

SYSTEM = "fow-special-ops"


def design_text(design: str = '{"name": "D", "elements": []}') -> str:
    return (
        f'{{"format": "{DESIGN_FORMAT}", "version": 1, "system": "{SYSTEM}", "kind": "unit", "name": "D", '
        f'"design": {design}}}'
    )


def run(code: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter limited to 1 GiB of memory, killed after ``timeout`` seconds."""

    def limit() -> None:  # a read of /dev/zero must not take the machine's memory
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=limit,
        cwd=os.getcwd(),
    )


@pytest.mark.skipif(os.name != "posix", reason="FIFOs, /dev/zero and resource limits are POSIX")
@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_design_that_is_not_a_regular_file_is_named_not_read(tmp_path, kind):
    """A FIFO with no writer blocked the library for ever; a link to /dev/zero read until MemoryError."""
    folder = tmp_path / "designs" / SYSTEM
    folder.mkdir(parents=True)
    (folder / "good.json").write_text(design_text(), encoding="utf-8")
    bad = folder / "bad.json"
    if kind == "fifo":
        os.mkfifo(bad)
    else:
        bad.symlink_to("/dev/zero")
    done = run(
        f"""
        from warbench.model.library import Library
        found, problems = Library({str(tmp_path)!r}).designs({SYSTEM!r})
        print([d.name for d in found]); print(problems)
        """,
        timeout=30,
    )
    assert done.returncode == 0, done.stderr
    names, problems = done.stdout.splitlines()
    assert names == "['D']" and "bad.json" in problems and "not a regular file" in problems


def test_a_design_nested_100000_deep_is_named_not_a_recursion_error(tmp_path):
    folder = tmp_path / "designs" / SYSTEM
    folder.mkdir(parents=True)
    (folder / "deep.json").write_text(design_text("[" * 100_000 + "]" * 100_000), encoding="utf-8")
    found, problems = Library(tmp_path).designs(SYSTEM)
    assert found == [] and len(problems) == 1
    assert "deep.json" in problems[0] and "nested more than 64 levels" in problems[0]


def test_infinity_in_a_design_or_a_homebrew_file_is_refused_when_read(tmp_path):
    """Item 6: 1e400 read as infinity, and an army given it was saved with Infinity (no reader opens that)."""
    lib = Library(tmp_path)
    folder = lib.designs_dir(SYSTEM)
    folder.mkdir(parents=True)
    unit = json.dumps(army_data(SYSTEM, [element("E")])["units"][0]).replace('"count": 1', '"count": 1e400')
    (folder / "inf.json").write_text(design_text(unit), encoding="utf-8")
    found, problems = lib.designs(SYSTEM)
    assert found == [] and "inf.json" in problems[0] and "number 1e400 is out of bounds" in problems[0]
    path = lib.homebrew_path(SYSTEM)
    path.parent.mkdir()
    cost = '{"kind": "flat", "points": 1e400}'
    path.write_text(
        f'{{"format": "warbench-homebrew", "version": 1, "system": "{SYSTEM}", "homebrew": {{"attributes": '
        f'[{{"id": "pod", "name": "Pod", "cost": {cost}}}]}}}}',
        encoding="utf-8",
    )
    with pytest.raises(LibraryError, match="cost.points number 1e400 is out of bounds"):
        lib.homebrew(SYSTEM)


def test_a_number_that_is_not_finite_is_never_written(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("old", encoding="utf-8")
    with pytest.raises(LibraryError, match="not finite"):
        _write(path, {"points": float("inf")})
    assert path.read_text(encoding="utf-8") == "old"


def test_a_file_where_the_library_needs_a_folder_is_a_library_error(tmp_path):
    """designs/<system> a file, or the library folder itself a file: an uncaught NotADirectoryError before."""
    from warbench.model.fileio import army_from_data
    from warbench.model.systems import system_for

    army = army_from_data(army_data(SYSTEM, [element("E")]))
    system = system_for(army)
    (tmp_path / "designs").mkdir()
    (tmp_path / "designs" / SYSTEM).write_text("in the way", encoding="utf-8")
    lib = Library(tmp_path)
    with pytest.raises(LibraryError, match="cannot write"):
        lib.save_design(army, system, "unit", army.units[0])
    found, problems = lib.designs(SYSTEM)
    assert found == [] and problems == [
        f"{tmp_path / 'designs' / SYSTEM}: not a folder, so the library keeps no designs for {SYSTEM}"
    ]
    blocked = Library(tmp_path / "designs" / SYSTEM / "library")  # its parent is a file
    with pytest.raises(LibraryError, match="cannot write to the library"):
        blocked.add_homebrew(
            system, {"attributes": [{"id": "pod", "name": "Pod", "cost": {"kind": "flat", "points": 1}}]}
        )


def test_two_processes_writing_at_once_keep_every_entry_and_design(tmp_path):
    """Each of two processes adds 50 homebrew entries and saves 50 designs; without the lock 59/100 entries
    and 82/100 designs were left."""
    code = f"""
        import sys
        from warbench.model.fileio import army_from_data
        from warbench.model.library import Library
        from warbench.model.systems import system_for
        from tests.helpers import army_data, element

        who = sys.argv[1]
        army = army_from_data(army_data({SYSTEM!r}, [element("E")]))
        system = system_for(army)
        lib = Library({str(tmp_path)!r})
        for i in range(50):
            name = f"{{who}}-{{i}}"
            entry = {{"id": name, "name": name, "cost": {{"kind": "flat", "points": 1}}}}
            lib.add_homebrew(system, {{"attributes": [entry]}})
            lib.save_design(army, system, "unit", army.units[0])
        """
    procs = [
        subprocess.Popen([sys.executable, "-c", textwrap.dedent(code), who], stderr=subprocess.PIPE, text=True)
        for who in ("a", "b")
    ]
    for proc in procs:
        _out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    lib = Library(tmp_path)
    assert len(lib.homebrew(SYSTEM)["attributes"]) == 100
    found, problems = lib.designs(SYSTEM)
    assert len(found) == 100 and problems == []


def test_an_unclosed_nesting_past_the_limit_is_named_so_on_every_python(tmp_path):
    """Python 3.12's JSON reader says "Expecting value" where 3.11 raised RecursionError: the nesting either way."""
    from warbench.model.library import LibraryError, _read
    from warbench.model.limits import MAX_DEPTH

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 1000, encoding="utf-8")
    with pytest.raises(LibraryError, match=f"nested more than {MAX_DEPTH} levels deep"):
        _read(deep, "warbench-library")


def test_a_lock_held_too_long_by_another_process_is_a_library_error_naming_it(tmp_path, monkeypatch):
    """Another Warbench holding the library's lock past the wait: a LibraryError that says so, not a hang or a
    traceback; the lock file stays (it is never removed, so two processes never lock two different files)."""
    import warbench.model.library as library_module

    lock_path = tmp_path / library_module.LOCK_NAME
    holder = subprocess.Popen(
        [sys.executable, "-c", f"import filelock, sys, time\nwith filelock.FileLock({str(lock_path)!r}):\n"
         "    print('held', flush=True)\n    time.sleep(30)"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        monkeypatch.setattr(library_module, "LOCK_WAIT_SECONDS", 0.2)
        with pytest.raises(LibraryError, match="another Warbench has held the library's lock for over 0.2 seconds"):
            Library(tmp_path).rename_design(object(), "x")  # type: ignore[arg-type]
    finally:
        holder.kill()
        holder.communicate()  # reaps it and closes its pipe
    assert lock_path.is_file()
