"""Reading and writing army files: round trips, aliases, migrations, refusals, atomic saves."""

from __future__ import annotations

import json
import os
import stat

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks._armies import big_army_data
from tests.helpers import army_data, element
from warbench.model.army import SCHEMA_VERSION
from warbench.model.fileio import (
    ArmyFileError,
    army_from_data,
    dump_army,
    load_army,
    parse_army,
    save_army,
    validate_army,
)
from warbench.model.limits import MAX_WHOLE
from warbench.model.migrations import STEPS, migrate
from warbench.model.resources import examples_dir
from warbench.model.systems import get_system


def test_unknown_fields_survive_at_every_level(tmp_path):
    data = army_data(
        elements=[
            element(
                ranged={"name": "Gun", "die": "d6", "range": 12, "barrel_colour": "red"},
                attributes=[{"id": "brave", "why": "hero"}],
            )
        ]
    )
    data["tournament"] = {"round": 3}
    data["options"] = {"ranged_base_dac": 2, "house_rule": True}
    data["units"][0]["banner"] = "eagle"
    data["units"][0]["elements"][0]["painted"] = True
    path = tmp_path / "a.army.json"
    save_army(army_from_data(data), path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["tournament"] == {"round": 3}
    assert saved["options"]["house_rule"] is True
    assert saved["units"][0]["banner"] == "eagle"
    el = saved["units"][0]["elements"][0]
    assert el["painted"] is True and el["ranged"]["barrel_colour"] == "red"
    assert el["attributes"] == [{"id": "brave", "why": "hero"}]
    assert el["melee"] is None  # written as null, as the spec shows


@pytest.mark.parametrize("path", sorted(examples_dir().glob("*.army.json")), ids=lambda p: p.name)
def test_examples_round_trip_unchanged(path):
    army = load_army(path)
    assert json.loads(dump_army(army)) == json.loads(path.read_text(encoding="utf-8"))
    assert dump_army(parse_army(dump_army(army))) == dump_army(army)


@pytest.mark.parametrize(
    "spelling,canonical",
    [
        ("Heavy Armour", "heavy-armor"),
        ("anti-flier", "anti-flyer"),
        ("heavy-ranged-weapons", "heavy-ranged-weapon"),
        ("Arc-Artillery", "arcing-artillery"),
        ("Exhaustible Weapon", "exhaustible"),
        ('Template 4"', "template-4"),
        ("Template: Flame", "template-flame"),
        ("Hit Point", "hit-points"),
        ("Sponsons", "sponson"),
        ("FLYING", "flying"),
    ],
)
def test_aliases_load_and_save_canonical(spelling, canonical):
    params = {"hit-points": {"count": 1}, "sponson": {"die": "d6", "range": 6}}.get(canonical, {})
    gun = {"name": "G", "die": "d6", "range": 6}
    army = army_from_data(army_data(elements=[element(ranged=gun, attributes=[{"id": spelling, **params}])]))
    assert json.loads(dump_army(army))["units"][0]["elements"][0]["attributes"][0]["id"] == canonical


def test_upper_case_die_is_normalised():
    army = army_from_data(army_data(elements=[element(die="D8")]))
    assert army.units[0].elements[0].die == "d8"


def test_every_older_version_has_a_migration_step():
    assert sorted(STEPS) == list(range(SCHEMA_VERSION))
    data = dict(army_data(elements=[element()]), schema_version=0)
    for version in range(SCHEMA_VERSION):  # each step takes version n to exactly n + 1
        data = STEPS[version](data)
        assert data["schema_version"] == version + 1
    assert data["schema_version"] == SCHEMA_VERSION and army_from_data(data).units[0].elements


def test_version_0_migrates_names_to_ids():
    v0 = {
        "format": "warbench-army",
        "schema_version": 0,
        "system": "fow-special-ops",
        "name": "Old",
        "units": [{"name": "U", "elements": [dict(element(), attributes=["Heavy Armour", "Brave"], spells=["Zap"])]}],
    }
    army = army_from_data(v0)
    assert army.schema_version == 1
    el = army.units[0].elements[0]
    assert [a.id for a in el.attributes] == ["heavy-armor", "brave"] and el.spells == ["zap"]
    assert army.options.ranged_base_dac == 1


def test_migrate_step_is_pure():
    v0 = {"schema_version": 0, "system": "fow-special-ops", "units": [{"elements": [{"attributes": ["Brave"]}]}]}
    out = migrate(v0, 0)
    assert v0["units"][0]["elements"][0]["attributes"] == ["Brave"]
    assert out["units"][0]["elements"][0]["attributes"] == [{"id": "brave"}] and out["schema_version"] == 1


def test_future_version_is_refused_naming_both_versions():
    with pytest.raises(ArmyFileError) as info:
        army_from_data(dict(army_data(), schema_version=7))
    assert info.value.problems == [
        "schema_version: the file is version 7, newer than version 1 that this Warbench reads; "
        "open it with a newer Warbench"
    ]


@pytest.mark.parametrize(("version", "shown"), [("1000000000000", "1000000000000"), ("9" * 5000, "of 5,000 digits")])
def test_a_far_newer_version_is_refused_as_a_version_not_a_bad_number(version, shown):
    """Issue 35: a schema_version of 10**12 was refused for its digits, naming neither version."""
    raw = json.dumps(army_data(elements=[element()])).replace('"schema_version": 1', f'"schema_version": {version}')
    with pytest.raises(ArmyFileError) as info:
        parse_army(raw.encode())
    assert info.value.problems == [
        f"schema_version: the file is version {shown}, newer than version 1 that this Warbench reads; "
        "open it with a newer Warbench"
    ]


def test_all_problems_reported_at_once():
    data = army_data(elements=[element(die="d7", count=0), element(attributes=["flyingg"])])
    with pytest.raises(ArmyFileError) as info:
        army_from_data(data)
    assert info.value.problems == [
        "units[0].elements[0].count: must be at least 1 (found 0)",
        "units[0].elements[0].die: 'd7' is not a die (use one of d4, d6, d8, d10, d12, d20)",
        "units[0].elements[1].attributes[0].id: 'flyingg' is not an attribute of this system",
    ]


@pytest.mark.parametrize(
    "attribute,message",
    [
        ({"id": "hit-points", "count": 0}, "Hit Points needs 'count', a whole number ≥ 1 (found 0)"),
        ({"id": "hit-points"}, "Hit Points needs 'count', a whole number ≥ 1 (found None)"),
        ({"id": "multi-shot", "shots": 5}, "Multi-shot needs 'shots', the total rate of fire 2, 3 or 4 (found 5)"),
        ({"id": "sponson", "range": 6}, "Sponson needs 'die'"),
        ({"id": "jump"}, "Jump needs 'range' in whole inches"),
        ({"id": "transport", "payloads": [["d6", "d9"]]}, "Transport 'payloads': 'd9' is not a die"),
        ({"id": "activate", "target": "nothing"}, "Activate needs 'target'"),
        (
            {"id": "exhaustible", "weapon": "melee"},
            "Exhaustible Weapon 'weapon' must be one of ranged, extra-weapon, sponson, turret",
        ),
    ],
)
def test_bad_attribute_parameters(attribute, message):
    with pytest.raises(ArmyFileError) as info:
        army_from_data(army_data(elements=[element(attributes=[attribute])]))
    [problem] = info.value.problems
    assert problem.startswith("units[0].elements[0].attributes[0]: ") and message in problem


def test_save_replaces_atomically_and_keeps_old_file_on_failure(tmp_path, monkeypatch):
    path = tmp_path / "army.army.json"
    path.write_text("old contents", encoding="utf-8")
    army = army_from_data(army_data(elements=[element()]))

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="No space left"):
        save_army(army, path)
    assert path.read_text(encoding="utf-8") == "old contents"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["army.army.json"]  # no temporary file left behind
    monkeypatch.undo()
    save_army(army, path)
    assert load_army(path).name == "Test Army"


def test_save_keeps_file_permissions(tmp_path):
    path = tmp_path / "a.army.json"
    path.write_text("{}", encoding="utf-8")
    path.chmod(0o640)
    save_army(army_from_data(army_data()), path)
    assert path.stat().st_mode & 0o777 == 0o640


names = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=30)


@settings(max_examples=60, deadline=None)
@given(
    name=names,
    unit=names,
    count=st.integers(1, 500),
    move=st.integers(0, 40),
    die=st.sampled_from(["d4", "d6", "d8", "d10", "d12", "d20"]),
    extra=st.dictionaries(
        st.text("abcxyz_", min_size=1, max_size=8).filter(lambda k: k not in element()),
        st.integers(-MAX_WHOLE, MAX_WHOLE) | st.text(max_size=5),  # numbers within the bound (model/limits.py)
        max_size=3,
    ),
)
def test_any_army_round_trips(name, unit, count, move, die, extra):
    data = army_data(elements=[dict(element(name=unit, count=count, move=move, die=die), **extra)], name=name)
    army = army_from_data(data)
    again = parse_army(dump_army(army).encode("utf-8"))
    assert again == army
    assert again.units[0].elements[0].model_extra == extra


def test_each_design_is_validated_once_and_loads_as_full_validation_does():
    """Equal elements share one validated object; the army is what validating it whole gives."""
    data = big_army_data(80)
    data["units"][7]["elements"][0]["extra_field"] = {"kept": [1, 2.5, "x"]}  # one design differs
    army = parse_army(json.dumps(data))
    whole = get_system(data["system"]).schema.army_model.model_validate(data)
    assert army.model_dump() == whole.model_dump()
    assert dump_army(army) == dump_army(whole)
    elements = [e for u in army.units for e in u.elements]
    assert len({id(e) for e in elements}) < len(elements)
    assert validate_army(get_system(data["system"]), data).model_dump() == whole.model_dump()


def test_a_bad_copy_of_a_design_is_reported_at_its_own_place():
    data = big_army_data(60)
    data["units"][41]["elements"][0]["count"] = -3
    data["units"][50]["name"] = ""
    with pytest.raises(ArmyFileError) as err:
        parse_army(json.dumps(data))
    assert any(p.startswith("units[41].elements[0].count:") for p in err.value.problems)
    assert any(p.startswith("units[50].name:") for p in err.value.problems)


def test_a_plain_big_file_is_read_without_the_careful_walk(monkeypatch):
    """pydantic-core's reader and the quick look by design vouch for a plain file: no check_tree walk."""
    import warbench.model.fileio as fileio

    data = big_army_data(60)
    whole = get_system(data["system"]).schema.army_model.model_validate(data)

    def careful(_data):
        raise AssertionError("the careful walk ran")

    monkeypatch.setattr(fileio, "check_tree", careful)
    army = parse_army(json.dumps(data).encode())
    assert dump_army(army) == dump_army(whole)


#: JSON texts that come near a limit, or break one, or are refused by one reader and not the other
_EDGES = [
    "9" * 30,
    "-" + "9" * 30,
    "9" * 31,
    "9" * 5000,
    "1." + "0" * 58,  # 60 characters: allowed
    "1." + "0" * 59,  # 61: refused
    "1.5",
    "1e308",
    "1.7976931348623159e308",
    "-1e400",
    "1E+0400",
    "NaN",
    "-Infinity",
    '"\\ud800"',
    '"x\\udfff"',
    '"\\ud83d\\ude00"',
    '"\\u0000\\u001f"',
    '"\x01"',
    '"é ▸ ü"',
    "[" * 63 + "]" * 63,
    "[" * 64 + "]" * 64,
    "[" * 300 + "]" * 300,
    '{"a": ' * 62 + "1" + "}" * 62,
    '{"a": ' * 63 + "1" + "}" * 63,
    '"' + "x" * 100_000 + '"',
    '"' + "x" * 100_001 + '"',
    "[1,]",
    "01",
    "true",
    "null",
]


def _read_both_ways(raw: bytes | str) -> tuple[tuple, tuple]:
    """What parse_army makes of ``raw`` with its quick reader, and with the careful reading alone."""
    import warbench.model.fileio as fileio

    def outcome():
        try:
            return "loaded", dump_army(parse_army(raw))
        except ArmyFileError as exc:
            return "refused", exc.problems, exc.shown

    quick = outcome()
    original = fileio._read_quickly
    fileio._read_quickly = lambda _text: None
    try:
        return quick, outcome()
    finally:
        fileio._read_quickly = original


@pytest.mark.parametrize("system", ["fow-special-ops", "duke-it-out"])
@pytest.mark.parametrize("where", ["top", "unit", "element", "weapon", "key"])
@pytest.mark.parametrize("token", _EDGES)
def test_the_quick_reading_gives_what_the_careful_reading_gives(token, where, system):
    """Whatever the file holds, reading it quickly loads the same army or names the same problems as
    json.loads with the limit hooks and check_tree (the reading of every earlier version)."""

    data = army_data(system, [element(ranged={"name": "Gun", "die": "d6", "range": 12}), element(name="F")])
    data["units"].append(json.loads(json.dumps(data["units"][0])))
    spot = {"top": data, "unit": data["units"][1], "element": data["units"][1]["elements"][0]}.get(where)
    spot = spot if spot is not None else data["units"][0]["elements"][0]["ranged"]
    if where == "key":
        raw = json.dumps(data).replace('"name": "F"', f'"name": "F", {token}: 1' if token.startswith('"') else "")
    else:
        spot["odd"] = "@@"
        raw = json.dumps(data).replace('"@@"', token)
    quick, careful = _read_both_ways(raw.encode())
    assert quick == careful


@pytest.mark.parametrize("token", ['"A \ud800"', '"\udfff"', '"\ud83d\ude00"', '"ok"'])
def test_text_handed_over_as_a_string_reads_as_its_bytes_would(token):
    """parse_army takes str as well as bytes. A str may hold a raw lone surrogate (no bytes can): it is
    refused with the element named, as the careful reading names it, never a crash of the quick reader."""

    data = army_data("fow-special-ops", [element(name="@@")])
    raw = json.dumps(data, ensure_ascii=False).replace('"@@"', token)
    quick, careful = _read_both_ways(raw)
    assert quick == careful
    if "\ud800" in token or "\udfff" in token:
        assert quick[0] == "refused" and "surrogate" in quick[1][0]


@pytest.mark.parametrize("text", ["[" * 1000, '{"units": ' + '[{"a": ' * 40, "[" * 65 + "]" * 64])
def test_nesting_past_the_limit_is_named_so_on_every_python(text):
    """3.11's JSON reader raises RecursionError on '[' × 1,000 where 3.12's says "Expecting value": the
    problem is the nesting either way, and a repair never tries to salvage it."""
    from warbench.model.limits import NESTED_TOO_DEEP
    from warbench.model.repair import repair_army

    with pytest.raises(ArmyFileError) as caught:
        parse_army(text)
    assert caught.value.problems == [NESTED_TOO_DEEP]
    with pytest.raises(ArmyFileError) as repaired:
        repair_army(text, "deep.army.json")
    assert repaired.value.problems == [NESTED_TOO_DEEP]


def test_a_shallow_text_that_does_not_parse_is_named_by_the_reader():
    with pytest.raises(ArmyFileError) as caught:
        parse_army('[[1, "]]]]]]", 2')
    (problem,) = caught.value.problems
    assert problem.startswith("not valid JSON:")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_or_device_is_written_into_not_replaced(tmp_path):
    """``warbench sheet army -o /dev/null`` once renamed a temporary over /dev/null (run as root, /dev/null
    became a regular file): a path that is not a regular file is written into."""
    from warbench.model.fileio import atomic_write

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)  # a reader, so opening to write does not block
    try:
        atomic_write(pipe, b"%PDF-1.4 tiny")
        assert stat.S_ISFIFO(pipe.lstat().st_mode)
        assert os.read(reader, 100) == b"%PDF-1.4 tiny"
    finally:
        os.close(reader)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]  # no temporary left beside it
