"""The list fingerprint (model/fingerprint.py; shared/spec/organiser.md): 8 characters of [0-9A-Z] from the
army's canonical content, equal for equal armies whatever the file's formatting or key order, another for
any change of content."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from warbench.model.army_code import army_code, army_from_code
from warbench.model.fileio import ArmyFileError, army_bytes, load_army, parse_army
from warbench.model.fingerprint import ALPHABET, LENGTH, fingerprint, typed_fingerprint
from warbench.model.resources import examples_dir

EXAMPLES = sorted(examples_dir().glob("*.army.json"))
RAW = {path.name: path.read_bytes() for path in EXAMPLES}


def _shuffled(value: Any, rng: random.Random) -> Any:
    """``value`` with every object's keys in another order (lists keep theirs: their order is content)."""
    if isinstance(value, dict):
        keys = list(value)
        rng.shuffle(keys)
        return {k: _shuffled(value[k], rng) for k in keys}
    if isinstance(value, list):
        return [_shuffled(v, rng) for v in value]
    return value


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Every text, number and truth value in ``value`` with its path."""
    if isinstance(value, dict):
        return [leaf for k, v in value.items() for leaf in _leaves(v, (*path, k))]
    if isinstance(value, list):
        return [leaf for i, v in enumerate(value) for leaf in _leaves(v, (*path, i))]
    return [(path, value)] if value is not None else []


def _changed(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    return value + "x"


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_a_fingerprint_is_eight_characters_of_digits_and_capitals(path):
    found = fingerprint(load_army(path))
    assert len(found) == LENGTH == 8
    assert set(found) <= set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") and set(found) <= set(ALPHABET)


def test_the_examples_have_different_fingerprints():
    found = {fingerprint(load_army(path)) for path in EXAMPLES}
    assert len(found) == len(EXAMPLES)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(RAW)), seed=st.integers(0, 2**32 - 1), indent=st.sampled_from([None, 0, 1, 4, "\t"]))
def test_reformatting_and_reordering_keys_keeps_the_fingerprint(name, seed, indent):
    raw = RAW[name]
    rng = random.Random(seed)
    tree = _shuffled(json.loads(raw), rng)
    spaced = rng.random() < 0.5
    separators = (" ,\r\n", " :  ") if spaced else None
    text = json.dumps(tree, indent=indent, ensure_ascii=rng.random() < 0.5, separators=separators)
    if spaced:
        text = "\ufeff\n  " + text + "\n\n"
    assert fingerprint(parse_army(text.encode("utf-8"))) == fingerprint(parse_army(raw))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_re_saved_and_coded_armies_keep_the_fingerprint(path):
    army = load_army(path)
    again = parse_army(army_bytes(army))
    assert fingerprint(again) == fingerprint(army) == fingerprint(army_from_code(army_code(army)))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(RAW)), pick=st.integers(0, 10**9))
def test_any_change_of_content_changes_the_fingerprint(name, pick):
    original = parse_army(RAW[name])
    data = json.loads(army_bytes(original))
    leaves = [leaf for leaf in _leaves(data) if leaf[0][:1] not in (("format",), ("schema_version",))]
    where, value = leaves[pick % len(leaves)]
    _set(data, where, _changed(value))
    try:
        changed = parse_army(json.dumps(data).encode("utf-8"))
    except ArmyFileError:
        assume(False)  # a change the system refuses (a die of d7) is no army to fingerprint
        return
    assume(changed.model_dump() != original.model_dump())  # a value the model reads as the same (1 and 1.0)
    assert fingerprint(changed) != fingerprint(original), where


@pytest.mark.parametrize(
    ("field", "value"),
    [("name", "Another name"), ("points_limit", 1234), ("points_limit", None)],
)
def test_the_name_and_the_points_limit_are_content(field, value):
    army = load_army(examples_dir() / "human-force.army.json")
    changed = army.model_copy(update={field: value})
    assert getattr(changed, field) != getattr(army, field)
    assert fingerprint(changed) != fingerprint(army)


def test_a_count_or_die_changed_in_the_file_changes_it():
    data = json.loads(RAW["human-force.army.json"])
    before = fingerprint(parse_army(json.dumps(data)))
    data["units"][0]["elements"][0]["count"] += 1
    counted = fingerprint(parse_army(json.dumps(data)))
    data["units"][0]["elements"][0]["die"] = "d8" if data["units"][0]["elements"][0]["die"] != "d8" else "d10"
    assert len({before, counted, fingerprint(parse_army(json.dumps(data)))}) == 3


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("ABCD1234", "ABCD1234"),
        ("abcd-1234", "ABCD1234"),
        ("  AB CD 12 34 ", "ABCD1234"),
        ("OIL0ABCD", "0110ABCD"),
        ("ABCD123", None),
        ("ABCD12345", None),
        ("ABCDU234", None),
        ("ABCD!234", None),
    ],
)
def test_a_typed_fingerprint_reads_as_printed(typed, expected):
    assert typed_fingerprint(typed) == expected
