"""Army codes (model/army_code.py): the whole army file on one line, read back from any text around it.

The contract (game.md, "Army codes"): every text export ends with the code; a code is found anywhere in
a text; reading it gives the same army (equal after load → save); a damaged code is refused with a clear
message, never a partial army; a newer code names its version; the human force's code is at most 2,000
characters.
"""

from __future__ import annotations

import base64
import json
import tracemalloc
import zlib

import pytest

from tests.helpers import army_data, element
from warbench.model.army_code import VERSION, ArmyCodeError, army_code, army_from_code, find_code, pack, wrap
from warbench.model.fileio import ArmyFileError, army_bytes, army_from_data, load_army
from warbench.model.limits import MAX_CODE_BYTES, MAX_CODE_UNITS, MAX_FILE_BYTES
from warbench.model.resources import examples_dir
from warbench.model.textexport import FORMATS, army_text

EXAMPLES = sorted(examples_dir().glob("*.army.json"))
HUMAN_FORCE = examples_dir() / "human-force.army.json"


def _homebrew_army():
    data = army_data(elements=[element(name="Rocketeer", attributes=["rocket-pod"])], name="Homebrew Army")
    data["homebrew"] = {
        "attributes": [{"id": "rocket-pod", "name": "Rocket Pod", "cost": {"kind": "flat", "points": 6}}]
    }
    return army_from_data(data)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_comes_back_byte_identical(path):
    army = load_army(path)
    code = army_code(army)
    assert "\n" not in code and code.startswith(f"WARBENCH{VERSION}-")
    assert army_bytes(army_from_code(code)) == army_bytes(army)


def test_homebrew_travels_in_the_code():
    army = _homebrew_army()
    back = army_from_code(army_code(army))
    assert back.homebrew == army.homebrew and back.homebrew  # the section itself, not only its use
    assert army_bytes(back) == army_bytes(army)


def test_the_human_force_code_is_at_most_2000_characters():
    code = army_code(load_army(HUMAN_FORCE))
    print(f"human force code: {len(code)} characters")
    assert len(code) <= 2000


def test_a_code_uses_no_character_any_markup_reads():
    code = army_code(load_army(HUMAN_FORCE))
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567-") | set("0123456789")
    assert code.count("-") == 2 and "--" not in code


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_text_export_ends_with_the_code_and_gives_the_army_back(fmt):
    army = _homebrew_army()
    text = army_text(army, fmt=fmt)
    code = army_code(army)
    assert text.rstrip("\n").splitlines()[-1] in (code, f"`{code}`", f"[code]{code}[/code]")
    assert army_bytes(army_from_code(text)) == army_bytes(army)


def test_a_code_is_found_in_a_forum_post_wrapped_and_quoted_by_a_chat():
    army = load_army(HUMAN_FORCE)
    code = army_code(army)
    lines = [code[i : i + 70] for i in range(0, len(code), 70)]
    post = "Hi all, my list for Saturday:\n\n> " + "\n> ".join(lines) + "\n\nC&C welcome -- Bob (WARBENCH fan)"
    assert army_bytes(army_from_code(post)) == army_bytes(army)
    broken = "see " + "\u200b".join(code[i : i + 40] for i in range(0, len(code), 40)) + ". thanks"
    assert army_bytes(army_from_code(broken)) == army_bytes(army)
    assert find_code(post) == post[post.index("WARBENCH1") : post.index("\n\nC&C")]


def test_a_name_holding_a_code_cannot_stand_in_for_the_army():
    """A shared file whose name holds another army's code: the export's own code is what is read."""
    other = army_code(load_army(HUMAN_FORCE))
    army = army_from_data(army_data(elements=[element(name=other)], name=other))
    for fmt in FORMATS:
        assert army_from_code(army_text(army, fmt=fmt)).name == other


def _refused(text: str, *words: str) -> str:
    with pytest.raises(ArmyCodeError) as info:
        army_from_code(text, "post.txt")
    message = "\n".join(info.value.problems)
    assert info.value.source == "post.txt" and len(info.value.problems) == 1
    for word in words:
        assert word in message, message
    return message


def test_no_code_is_said_so():
    _refused("just a list, no code: WARBENCH is great", "no army code found", "WARBENCH1-")


@pytest.mark.parametrize("where", [12, 300, -3])
def test_one_changed_character_is_refused(where):
    """In the payload or in the checksum: the checksum no longer matches."""
    code = army_code(load_army(HUMAN_FORCE))
    at = where % len(code)
    damaged = code[:at] + ("B" if code[at] != "B" else "C") + code[at + 1 :]
    _refused(damaged, "damaged", "checksum does not match", "copy the whole code again")


@pytest.mark.parametrize("keep", [0.5, 0.99])
def test_a_code_cut_short_is_refused(keep):
    code = army_code(load_army(HUMAN_FORCE))
    _refused(f"my list {code[: int(len(code) * keep)]}\nthanks", "damaged", "cut short")


def test_a_code_whose_data_was_cut_before_it_was_made_is_refused():
    """Its checksum matches (it was worked out after the cut), but its data ends too soon."""
    code = army_code(load_army(HUMAN_FORCE))
    payload = code.split("-")[1]
    packed = base64.b32decode(payload + "=" * (-len(payload) % 8))
    _refused(wrap(packed[:-20]), "damaged", "cannot be unpacked")
    _refused(wrap(packed + b"extra"), "damaged", "cannot be unpacked")


def test_a_newer_code_names_its_version():
    code = army_code(load_army(HUMAN_FORCE)).replace("WARBENCH1-", "WARBENCH7-")
    _refused(f"from the future: {code}", "version 7", "newer than version 1", "newer Warbench")


def test_a_code_of_version_0_is_damaged():
    code = army_code(load_army(HUMAN_FORCE)).replace("WARBENCH1-", "WARBENCH0-")
    _refused(code, "damaged", "version 0 is not one any Warbench writes")


def test_a_newer_army_file_in_a_code_names_both_versions():
    data = json.loads(army_bytes(load_army(HUMAN_FORCE)))
    data["schema_version"] = 99
    with pytest.raises(ArmyFileError) as info:
        army_from_code(pack(json.dumps(data).encode()))
    assert "version 99, newer than version 1" in str(info.value)


def test_a_code_holds_nothing_a_file_could_not():
    """What a file may not hold, a code may not either: the same loader refuses it, naming the place."""
    data = army_data(elements=[element(name="Bad", count=-1)])
    with pytest.raises(ArmyFileError) as info:
        army_from_code(pack(json.dumps(data).encode()), "post.txt")
    assert info.value.source == "post.txt" and "count" in str(info.value)
    deep = pack(("[" * 5000 + "]" * 5000).encode())
    with pytest.raises(ArmyFileError, match="nested more than"):
        army_from_code(deep)


def test_a_zip_bomb_is_refused_without_holding_it():
    """A code of about 200 KB that unpacks to more than the army file limit: refused, naming the code's
    limit, and never held in memory (it is counted a chunk at a time)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    zeros = bytes(1 << 20)
    packed = b"".join(packer.compress(zeros) for _ in range(MAX_FILE_BYTES // len(zeros) + 1)) + packer.flush()
    code = wrap(packed)
    assert len(code) < 300_000
    tracemalloc.start()
    try:
        _refused(code, f"unpacks to more than {MAX_CODE_BYTES:,} bytes, the limit for an army code")
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 16 * 1024 * 1024, peak


def test_a_code_of_more_units_than_a_code_holds_is_refused_before_reading_them():
    """Issue 35: a 337,026-character code unpacked to a 100,000-unit army (CLI 32 s, 1.36 GB). A code holds
    at most MAX_CODE_UNITS units, counted before the army is validated."""
    data = army_data()
    data["units"] = data["units"] * (MAX_CODE_UNITS + 1)
    _refused(pack(json.dumps(data).encode()), f"holds {MAX_CODE_UNITS + 1:,} units", f"at most {MAX_CODE_UNITS:,}")
    data["units"] = data["units"][:MAX_CODE_UNITS]
    assert len(army_from_code(pack(json.dumps(data).encode())).units) == MAX_CODE_UNITS


def test_a_code_of_millions_of_values_is_refused_holding_little():
    """Issue 35: an 18,749-character code of one list of 6,000,000 zeros (12 MB) froze the window 23 s;
    it is refused by the code's size limit having held a chunk at a time (the window stays free)."""
    data = army_data()
    text = json.dumps(data)[:-1] + ', "x": [' + ",".join(["0"] * 6_000_000) + "]}"
    code = pack(text.encode())
    assert len(code) < 40_000
    tracemalloc.start()
    try:
        _refused(code, "unpacks to more than")
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 16 * 1024 * 1024, peak


# --- the command line: warbench text -o, warbench import ---------------------------------------------


def _import(capsys, *args: str) -> tuple[int, str, str]:
    from warbench.cli import main

    status = main(["import", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_text_saved_to_a_file_imports_to_the_same_army_file(tmp_path, capsys):
    from warbench.cli import main

    post = tmp_path / "post.txt"
    assert main(["text", str(HUMAN_FORCE), "--format", "bbcode", "-o", str(post)]) == 0
    assert "wrote" in capsys.readouterr().out
    assert post.read_text(encoding="utf-8") == army_text(load_army(HUMAN_FORCE), fmt="bbcode")
    out = tmp_path / "out.army.json"
    status, printed, err = _import(capsys, str(post), "-o", str(out))
    assert (status, err) == (0, "") and "Human Force" in printed
    assert out.read_bytes() == army_bytes(load_army(HUMAN_FORCE))


def test_import_reads_standard_input(tmp_path, capsys, monkeypatch):
    import io
    import sys

    army = _homebrew_army()
    chat = f"[21:03] bob: here you go\n[21:03] bob: {army_code(army)}\n[21:04] ann: thx".encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(chat)))
    out = tmp_path / "out.army.json"
    assert _import(capsys, "-", "-o", str(out))[0] == 0
    assert out.read_bytes() == army_bytes(army)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"no code \xff here")))
    status, _printed, err = _import(capsys, "-", "-o", str(tmp_path / "other.army.json"))
    assert status == 2 and err.startswith("warbench: standard input: no army code found")


def test_import_that_cannot_write_says_so_and_leaves_nothing(tmp_path, capsys):
    post = tmp_path / "post.txt"
    post.write_text(army_code(load_army(HUMAN_FORCE)), encoding="utf-8")
    status, _printed, err = _import(capsys, str(post), "-o", str(tmp_path / "missing" / "out.army.json"))
    assert status == 2 and "cannot write" in err and len(err.splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["post.txt"]


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda code: "no code here", "no army code found"),
        (lambda code: code[:100] + ("C" if code[100] != "C" else "D") + code[101:], "damaged"),
        (lambda code: code[:-20], "damaged"),
        (lambda code: code.replace("WARBENCH1-", "WARBENCH2-"), "version 2, newer than version 1"),
    ],
    ids=["none", "changed", "cut", "newer"],
)
def test_import_refuses_with_one_line_and_writes_nothing(tmp_path, capsys, make, said):
    post = tmp_path / "post.txt"
    post.write_text(make(army_code(load_army(HUMAN_FORCE))), encoding="utf-8")
    out = tmp_path / "out.army.json"
    status, printed, err = _import(capsys, str(post), "-o", str(out))
    assert (status, printed) == (2, "")
    assert len(err.splitlines()) == 1 and err.startswith(f"warbench: {post}: ") and said in err, err
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["post.txt"]


def test_import_never_replaces_a_file_unless_forced(tmp_path, capsys):
    post = tmp_path / "post.txt"
    post.write_text(army_code(load_army(HUMAN_FORCE)), encoding="utf-8")
    out = tmp_path / "mine.army.json"
    out.write_text("my own army", encoding="utf-8")
    status, _printed, err = _import(capsys, str(post), "-o", str(out))
    assert status == 2 and "already exists" in err and "--force" in err
    assert out.read_text(encoding="utf-8") == "my own army"
    assert _import(capsys, str(post), "-o", str(out), "--force")[0] == 0
    assert out.read_bytes() == army_bytes(load_army(HUMAN_FORCE))


def test_import_is_a_command_not_a_file_for_the_window():
    from warbench.launcher import wants_gui

    assert not wants_gui(["import", "post.txt", "-o", "a.army.json"])
