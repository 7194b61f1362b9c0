"""``warbench verify`` and ``warbench check`` (warbench/check_cli.py; shared/spec/organiser.md): the JSON
contracts, the exit codes (check: 0 every list passes, 1 any fails or cannot be read, 2 bad arguments) and
the report files."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import sys

import pytest

from warbench.cli import main
from warbench.model.army_code import army_code
from warbench.model.fileio import load_army
from warbench.model.fingerprint import fingerprint
from warbench.model.resources import examples_dir

HUMAN = examples_dir() / "human-force.army.json"  # 996 of 1000 pts
ALIEN = examples_dir() / "alien-force.army.json"  # 1002 of 1000 pts


def _json(capsys):
    return json.loads(capsys.readouterr().out)


def test_verify_json_is_the_contract(capsys):
    assert main(["verify", str(HUMAN), "--json"]) == 0
    assert _json(capsys) == {
        "fingerprint": fingerprint(load_army(HUMAN)),
        "system": "fow-special-ops",
        "total": "996",
        "within_limit": True,
    }


def test_verify_reads_a_code_given_as_text_a_file_of_text_or_stdin(tmp_path, capsys, monkeypatch):
    army = load_army(HUMAN)
    code = army_code(army)
    post = tmp_path / "post.txt"
    post.write_text(f"Here is my list for Saturday:\n\n{code[:50]}\n{code[50:]}\n\ncheers")
    assert main(["verify", f"my list: {code}", "--json"]) == 0
    assert _json(capsys)["fingerprint"] == fingerprint(army)
    assert main(["verify", str(post), "--json"]) == 0
    assert _json(capsys)["fingerprint"] == fingerprint(army)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(post.read_bytes())))
    assert main(["verify", "-", "--json"]) == 0
    assert _json(capsys)["fingerprint"] == fingerprint(army)


def test_verify_against_a_printed_fingerprint(capsys):
    printed = fingerprint(load_army(HUMAN))
    assert main(["verify", str(HUMAN), "--against", printed.lower()[:4] + "-" + printed[4:]]) == 0
    assert f"against      {printed}: matches" in capsys.readouterr().out
    other = fingerprint(load_army(ALIEN))
    assert main(["verify", str(HUMAN), "--against", other]) == 1
    assert "DIFFERS" in capsys.readouterr().out
    assert main(["verify", str(HUMAN), "--against", "nope"]) == 2
    assert "is not a fingerprint" in capsys.readouterr().err


def test_verify_within_a_given_limit(capsys):
    assert main(["verify", str(HUMAN), "--limit", "900", "--json"]) == 1
    assert _json(capsys)["within_limit"] is False
    assert main(["verify", str(ALIEN), "--limit", "1002"]) == 0
    assert "1002 pts (limit 1002: within)" in capsys.readouterr().out


def test_verify_of_nothing_readable_says_why(tmp_path, capsys):
    (tmp_path / "x.txt").write_text("no code here")
    assert main(["verify", str(tmp_path / "x.txt")]) == 2
    assert "no army code found" in capsys.readouterr().err


def _event(tmp_path):
    shutil.copy(HUMAN, tmp_path)
    shutil.copy(ALIEN, tmp_path)
    return str(tmp_path)


def test_check_exits_0_when_every_list_passes(tmp_path, capsys):
    assert main(["check", _event(tmp_path), "--limit", "1002", "--system", "fow-special-ops"]) == 0
    out = capsys.readouterr().out
    assert out.count("ok  ") == 2 and "2 lists: 2 pass, 0 fail" in out


def test_check_exits_1_when_a_list_fails_or_cannot_be_read(tmp_path, capsys):
    assert main(["check", _event(tmp_path)]) == 1  # the alien force is over its own limit
    assert "FAIL" in capsys.readouterr().out
    (tmp_path / "x.army.json").write_text("{")
    assert main(["check", str(tmp_path), "--limit", "1002"]) == 1
    assert "cannot be read" in capsys.readouterr().out


@pytest.mark.parametrize(
    "arguments",
    [
        ["--system", "nope"],
        ["--limit", "-5"],
        ["--limit", "many"],
        ["--report", "out.pdf"],
        ["--report", "html"],
    ],
)
def test_check_exits_2_on_bad_arguments(tmp_path, capsys, arguments):
    try:
        status = main(["check", _event(tmp_path), *arguments])
    except SystemExit as exc:  # argparse's own refusal
        status = exc.code
    assert status == 2
    assert capsys.readouterr().out == ""


def test_check_without_a_path_is_a_bad_argument(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["check"])
    assert exc.value.code == 2


@pytest.mark.parametrize("suffix", ["csv", "json", "html"])
def test_check_writes_the_report_its_suffix_names(tmp_path, capsys, suffix):
    lists = tmp_path / "lists"
    lists.mkdir()
    folder = _event(lists)
    target = tmp_path / f"report.{suffix}"
    assert main(["check", folder, "--report", str(target)]) == 1
    text = target.read_text(encoding="utf-8")
    if suffix == "json":
        assert [row["name"] for row in json.loads(text)["lists"]] == ["Alien Force", "Human Force"]
    elif suffix == "csv":
        assert [row["name"] for row in csv.DictReader(io.StringIO(text))] == ["Alien Force", "Human Force"]
    else:
        assert text.startswith("<!DOCTYPE html>") and "Alien Force" in text
    assert f"wrote {target}" in capsys.readouterr().err


def test_check_json_is_the_contract(tmp_path, capsys):
    assert main(["check", _event(tmp_path), "--json"]) == 1
    rows = _json(capsys)["lists"]
    assert [
        set(row) >= {"source", "name", "system", "total", "fingerprint", "problems", "duplicate_of"} for row in rows
    ]
    assert [row["problems"] == [] for row in rows] == [False, True]


def test_check_writes_no_progress_when_stderr_is_no_terminal(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "warbench", "check", _event(tmp_path), "--limit", "2000"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stderr == ""


def test_a_report_written_among_the_lists_is_not_read_as_one(tmp_path, capsys):
    folder = _event(tmp_path)
    report = tmp_path / "report.json"
    assert main(["check", folder, "--limit", "1002", "--report", str(report)]) == 0
    assert main(["check", folder, "--limit", "1002", "--report", str(report)]) == 0  # the report is there now
    assert len(json.loads(report.read_text(encoding="utf-8"))["lists"]) == 2


def test_check_shows_progress_on_a_terminal(tmp_path):
    """stderr a terminal: the files counted on one line, cleared at the end; stdout the same table."""
    import os
    import pty

    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "warbench", "check", _event(tmp_path), "--limit", "2000"],
            stdout=subprocess.PIPE,
            stderr=follower,
            timeout=60,
        )
        os.close(follower)
        written = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal's other end closed: all is read
                break
            if not chunk:
                break
            written += chunk
    finally:
        os.close(leader)
    assert done.returncode == 0 and b"2 lists: 2 pass, 0 fail" in done.stdout
    assert b"check: files " in written and written.rstrip(b" ").endswith(b"\r")


def test_a_name_holding_line_breaks_and_escapes_stays_on_its_line(tmp_path, capsys):
    from warbench.model.fileio import army_bytes, army_from_data

    data = load_army(HUMAN).model_dump(mode="json")
    data["name"] = "Evil\nFAIL  forged line\x1b[2J\u202e"
    (tmp_path / "evil.army.json").write_bytes(army_bytes(army_from_data(data)))
    assert main(["check", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 2 and "\x1b" not in out and "\u202e" not in out  # the row and the summary
    assert "Evil FAIL  forged line\\x1b[2J\\u202e" in out
