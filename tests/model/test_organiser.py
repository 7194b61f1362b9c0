"""Checking an event's lists (model/organiser.py; shared/spec/organiser.md): one row a list, from army files and
from army codes in texts; every bad file a row saying why, never an exception; the event's rules; duplicates."""

from __future__ import annotations

import json
import os
import random
import shutil

import pytest

from tests.fuzz import mutate
from tests.helpers import army_data, element
from warbench.model import organiser
from warbench.model.army_code import army_code, iter_codes
from warbench.model.fileio import army_bytes, army_from_data, load_army
from warbench.model.fingerprint import fingerprint
from warbench.model.limits import MAX_FILE_BYTES
from warbench.model.organiser import EventRules, check, verify
from warbench.model.resources import examples_dir
from warbench.model.textexport import army_text

EXAMPLES = sorted(examples_dir().glob("*.army.json"))
HUMAN = examples_dir() / "human-force.army.json"  # 996 of 1000 pts, fow-special-ops
ALIEN = examples_dir() / "alien-force.army.json"  # 1002 of 1000 pts: over its own limit


def _homebrew_army():
    data = army_data(elements=[element(name="Rocketeer", attributes=["rocket-pod"])], name="Homebrew Army")
    data["homebrew"] = {
        "attributes": [{"id": "rocket-pod", "name": "Rocket Pod", "cost": {"kind": "flat", "points": 6}}]
    }
    return army_from_data(data)


def _by_source(checked):
    return {row.source: row for row in checked.rows}


def test_every_example_is_one_row_with_its_fingerprint_and_total(tmp_path):
    for path in EXAMPLES:
        shutil.copy(path, tmp_path)
    checked = check([str(tmp_path)])
    rows = _by_source(checked)
    assert len(rows) == len(EXAMPLES)
    for path in EXAMPLES:
        row, army = rows[str(tmp_path / path.name)], load_army(path)
        assert (row.name, row.system, row.fingerprint) == (army.name, army.system, fingerprint(army))
    assert rows[str(tmp_path / HUMAN.name)].total == "996"
    assert rows[str(tmp_path / HUMAN.name)].passes
    assert not rows[str(tmp_path / ALIEN.name)].passes  # over its own limit
    assert all(row.duplicate_of == "" for row in checked.rows)


def test_the_same_list_twice_names_the_other(tmp_path):
    shutil.copy(HUMAN, tmp_path / "a.army.json")
    (tmp_path / "b.army.json").write_text(json.dumps(json.loads(HUMAN.read_bytes()), indent=None))  # reformatted
    (tmp_path / "post.txt").write_text("my list:\n\n" + army_text(load_army(HUMAN), _system(HUMAN), "bbcode"))
    rows = _by_source(check([str(tmp_path)]))
    a, b = str(tmp_path / "a.army.json"), str(tmp_path / "b.army.json")
    post = next(source for source in rows if source.startswith(str(tmp_path / "post.txt:")))
    assert rows[a].duplicate_of == b and rows[b].duplicate_of == a and rows[post].duplicate_of == a
    assert all(row.passes for row in rows.values())  # a duplicate is reported, not failed


def _system(path):
    from warbench.model.systems import system_for

    return system_for(load_army(path))


def test_codes_in_a_text_are_rows_named_by_their_line(tmp_path):
    human, alien = load_army(HUMAN), load_army(ALIEN)
    lines = ["From: a player", "", "> quoted: " + army_code(human), "text", army_code(alien), "WARBENCH1-DAMAGED-00"]
    (tmp_path / "mail.eml").write_text("\n".join(lines))
    rows = check([str(tmp_path / "mail.eml")]).rows
    assert [row.source for row in rows] == [f"{tmp_path / 'mail.eml'}:{n}" for n in (3, 5, 6)]
    assert [row.name for row in rows] == [human.name, alien.name, ""]
    assert "damaged" in rows[2].problems[0] and rows[2].fingerprint == ""
    assert rows[0].code is not None and rows[0].path == str(tmp_path / "mail.eml")


def test_iter_codes_finds_each_code_without_copying_the_text():
    code = army_code(load_army(HUMAN))
    text = f"a {code} b\n{code[:40]}\n c {code}"
    found = list(iter_codes(text))
    assert [start for start, _ in found] == [2, text.index(code[:40], 3), text.rindex(code)]
    assert found[0][1] == code == found[2][1] and found[1][1] == "WARBENCH1-"


def test_a_text_under_a_folder_without_a_code_is_left_out_but_named_is_reported(tmp_path):
    (tmp_path / "notes.txt").write_text("no list here")
    shutil.copy(HUMAN, tmp_path)
    checked = check([str(tmp_path)])
    assert [row.source for row in checked.rows] == [str(tmp_path / HUMAN.name)] and checked.skipped == 1
    named = check([str(tmp_path / "notes.txt")])
    assert not named.rows[0].passes and "no army file or army code" in named.rows[0].problems[0]


def test_hidden_files_and_folders_are_not_read(tmp_path):
    (tmp_path / ".git").mkdir()
    shutil.copy(HUMAN, tmp_path / ".git" / "x.army.json")
    shutil.copy(HUMAN, tmp_path / ".hidden.army.json")
    assert check([str(tmp_path)]).rows == []


def test_bad_files_are_rows_saying_why_never_fatal(tmp_path):
    (tmp_path / "broken.army.json").write_text('{"format": "warbench-army",')
    (tmp_path / "latin1.army.json").write_bytes(b'{"name": "Caf\xe9"}')
    (tmp_path / "empty.json").write_bytes(b"")
    with open(tmp_path / "huge.army.json", "wb") as fh:  # sparse: nothing is written, its size is over the limit
        fh.truncate(MAX_FILE_BYTES + 1)
    os.mkfifo(tmp_path / "pipe.army.json")  # reading would block: refused as not a regular file
    missing = str(tmp_path / "missing.army.json")
    rows = _by_source(check([str(tmp_path), missing]))
    reasons = {os.path.basename(source): " ".join(row.problems) for source, row in rows.items()}
    assert "not valid JSON" in reasons["broken.army.json"]
    assert "not UTF-8" in reasons["latin1.army.json"]
    assert "empty" in reasons["empty.json"]
    assert "limit for an army file" in reasons["huge.army.json"]
    assert "not a regular file" in reasons["pipe.army.json"]
    assert "No such file" in reasons["missing.army.json"]
    assert all(row.problems[0].startswith("cannot be read") for row in rows.values())


def test_hostile_files_of_the_fuzz_set_are_each_one_row(tmp_path):
    rng = random.Random(42)
    raws = [path.read_bytes() for path in EXAMPLES]
    for n in range(60):
        (tmp_path / f"hostile-{n:03}.army.json").write_bytes(mutate(rng.choice(raws), rng))
    checked = check([str(tmp_path)])
    assert len(checked.rows) == 60
    for row in checked.rows:
        assert row.fingerprint or (row.problems and row.problems[0].startswith("cannot be read"))


def test_a_text_holds_at_most_so_many_codes(tmp_path, monkeypatch):
    monkeypatch.setattr(organiser, "MAX_TEXT_CODES", 3)
    code = army_code(load_army(HUMAN))
    (tmp_path / "spam.txt").write_text("\n".join([code] * 10))
    rows = check([str(tmp_path / "spam.txt")]).rows
    assert len(rows) == 4 and rows[-1].problems == [
        "the text holds over 3 army codes; the rest of the text was not read"
    ]
    assert rows[-1].source == f"{tmp_path / 'spam.txt'}:4"


def test_a_text_of_bombs_stops_after_so_many_refused(tmp_path, monkeypatch):
    from tests.fuzz import bomb, wrap

    monkeypatch.setattr(organiser, "MAX_TEXT_REFUSED", 5)
    (tmp_path / "bombs.txt").write_text("\n".join([wrap(bomb(0))] * 50))
    rows = check([str(tmp_path / "bombs.txt")]).rows
    assert len(rows) == 6 and all("unpacks to more than" in row.problems[0] for row in rows[:5])
    assert rows[-1].problems == ["5 army codes in the text cannot be read; the rest of the text was not read"]


def test_a_text_holds_so_many_units_in_its_codes(tmp_path, monkeypatch):
    monkeypatch.setattr(organiser, "MAX_TEXT_UNITS", 12)  # the human force has 5 units
    code = army_code(load_army(HUMAN))
    (tmp_path / "many.txt").write_text("\n".join([code] * 10))
    rows = check([str(tmp_path / "many.txt")]).rows
    assert [row.name for row in rows[:3]] == ["Human Force"] * 3 and len(rows) == 4
    assert "over 12 units" in rows[-1].problems[0]


def test_the_event_system_limit_and_homebrew(tmp_path):
    shutil.copy(HUMAN, tmp_path)
    shutil.copy(examples_dir() / "fubar-rifle-platoon.army.json", tmp_path)
    homebrew = tmp_path / "homebrew.army.json"
    homebrew.write_bytes(army_bytes(_homebrew_army()))
    rows = _by_source(check([str(tmp_path)], EventRules(system="fow-special-ops", limit=990, homebrew=False)))
    human, fubar, brew = (rows[str(tmp_path / n)] for n in (HUMAN.name, "fubar-rifle-platoon.army.json", homebrew.name))
    assert human.problems == ["996 pts is over the event's limit of 990 pts by 6"]
    assert fubar.problems == ["it is a fubar army; the event plays fow-special-ops"]
    assert brew.problems == ["it holds homebrew (Rocket Pod); the event allows none"]
    allowed = _by_source(check([str(tmp_path)], EventRules(limit=1000)))
    assert all(row.passes for row in allowed.values())


def test_the_problems_are_german_in_a_german_window_and_english_for_the_command_line(tmp_path):
    """The window (its model language German) says the problems in German; ``warbench check`` keeps English."""
    from warbench.model import i18n

    shutil.copy(HUMAN, tmp_path)
    shutil.copy(ALIEN, tmp_path)
    shutil.copy(examples_dir() / "fubar-rifle-platoon.army.json", tmp_path)
    (tmp_path / "notes.txt").write_text("no code here")
    rules = EventRules(system="fow-special-ops", limit=990)
    i18n.use("de")
    try:
        german = _by_source(check([str(tmp_path)], rules))
        own = check([str(tmp_path / ALIEN.name)]).rows[0]
        unread = check([str(tmp_path / "notes.txt")]).rows[0]
    finally:
        i18n.use("en")
    assert german[str(tmp_path / HUMAN.name)].problems == ["996 Pkt. liegt um 6 über dem Turnierlimit von 990 Pkt."]
    fubar = german[str(tmp_path / "fubar-rifle-platoon.army.json")].problems
    assert fubar[0] == "sie ist eine Armee für fubar; das Turnier spielt fow-special-ops"
    assert own.problems == ["1002 Pkt. liegt um 2 über dem eigenen Limit von 1000 Pkt."]
    assert unread.problems == ["enthält keine Armeedatei und keinen Armeecode (ein Code beginnt mit WARBENCH1-)"]
    english = check([str(tmp_path / ALIEN.name)]).rows[0]
    assert english.problems == ["1002 pts is over its own limit of 1000 pts by 2"]


def test_the_event_limit_replaces_the_army_own(tmp_path):
    shutil.copy(ALIEN, tmp_path)  # 1002 pts, its own limit 1000
    own = check([str(tmp_path)]).rows[0]
    assert own.problems == ["1002 pts is over its own limit of 1000 pts by 2"]
    assert check([str(tmp_path)], EventRules(limit=1500)).rows[0].passes


def test_warnings_are_reported_and_fail_a_list_only_when_strict(tmp_path):
    data = army_data(elements=[element(name="Slow", move=99)], limit=None)
    army = army_from_data(data)
    (tmp_path / "w.army.json").write_bytes(army_bytes(army))
    from warbench.model.costing import price_army
    from warbench.model.systems import system_for

    warnings = [str(w) for w in price_army(army, system_for(army)).warnings]
    assert warnings, "the test army should have a warning"
    relaxed = check([str(tmp_path)]).rows[0]
    assert relaxed.passes and relaxed.warnings == warnings
    strict = check([str(tmp_path)], EventRules(strict=True)).rows[0]
    assert strict.problems == [f"warning: {w}" for w in warnings] and strict.warnings == []


def test_progress_counts_the_files(tmp_path):
    for path in EXAMPLES[:3]:
        shutil.copy(path, tmp_path)
    seen = []
    check([str(tmp_path)], progress=lambda what, done, total: seen.append((what, done, total)))
    assert seen == [("files", 1, 3), ("files", 2, 3), ("files", 3, 3)]


def test_verify_says_fingerprint_system_total_and_limit():
    army = load_army(HUMAN)
    found = verify(army)
    assert found.as_json() == {
        "fingerprint": fingerprint(army),
        "system": "fow-special-ops",
        "total": "996",
        "within_limit": True,
    }
    assert verify(army, 900).within_limit is False
    fubar = verify(load_army(examples_dir() / "fubar-rifle-platoon.army.json"), 900)
    assert fubar.total is None and fubar.within_limit is None


@pytest.mark.parametrize(
    ("rules", "problem"),
    [(EventRules(system="nope"), "--system"), (EventRules(limit=-1), "--limit")],
)
def test_bad_rules_are_named(rules, problem):
    assert organiser.check_rules_problems(rules)[0].startswith(problem)
    assert organiser.check_rules_problems(EventRules(system="fubar", limit=0)) == []


def test_a_folder_that_cannot_be_listed_is_a_row(tmp_path, monkeypatch):
    """As a folder of another user's (the suite may run as root, who reads every folder): os.walk's error."""

    def walk(top, onerror=None):
        onerror(PermissionError(13, "Permission denied", str(tmp_path / "theirs")))
        yield str(tmp_path), [], [HUMAN.name]

    shutil.copy(HUMAN, tmp_path)
    monkeypatch.setattr(organiser.os, "walk", walk)
    rows = check([str(tmp_path)]).rows
    assert [row.source for row in rows] == [str(tmp_path / HUMAN.name), str(tmp_path / "theirs")]
    assert rows[1].problems == ["cannot be read: cannot read the folder: Permission denied"]
