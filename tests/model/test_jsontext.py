"""warbench.model.jsontext writes exactly what json.dumps(indent=2, ensure_ascii=False) writes."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warbench.model import jsontext
from warbench.model.costing import price_army
from warbench.model.fileio import load_army
from warbench.model.resources import examples_dir
from warbench.model.systems import system_for

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text()
)
keys = st.text() | st.integers() | st.booleans() | st.none() | st.floats(allow_nan=False)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner) | st.dictionaries(keys, inner, max_size=5),
    max_leaves=40,
)


def reference(value) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


@settings(max_examples=300, deadline=None)
@given(values)
def test_same_text_as_json_dumps(value):
    expected = reference(value)
    assert jsontext.dumps(value) == expected
    for depth in (0, 1, 2, 5):
        assert "".join(jsontext.chunks(value, depth=depth)) == expected


def test_special_values_and_edge_cases():
    for value in ([], {}, [[]], {"a": {}}, [math.nan, math.inf, -math.inf, -0.0, 1e300], 'é\u2028"\\\n', True, 0):
        assert jsontext.dumps(value) == reference(value)


def test_cost_json_of_every_example_army():
    for path in sorted(examples_dir().glob("*.army.json")):
        army = load_army(path)
        data = price_army(army, system_for(army)).as_json()
        assert "".join(jsontext.chunks(data)) == reference(data)


@pytest.mark.parametrize("bad", [{1, 2}, object(), {"a": [b"bytes"]}, {(1, 2): 3}])
def test_what_json_refuses_is_refused(bad):
    with pytest.raises(TypeError):
        reference(bad)
    with pytest.raises(TypeError):
        jsontext.dumps(bad)


@settings(max_examples=100, deadline=None)
@given(values, st.lists(st.integers(min_value=0, max_value=3), min_size=1, max_size=6))
def test_a_dict_met_again_is_written_the_same(value, depths):
    """One dict object met several times, at one depth or several (its text is remembered per depth)."""
    shared = {"shared": value, "n": 1}
    document: object = shared
    for depth in depths:
        for _ in range(depth):
            document = [document]
        document = {"a": shared, "b": [shared, document, shared], "c": document}
    expected = reference(document)
    assert jsontext.dumps(document) == expected
    assert "".join(jsontext.chunks(document)) == expected


@settings(max_examples=100, deadline=None)
@given(values)
def test_every_string_and_key_goes_through_the_given_encoder(value):
    """``encode`` writes each string and string key; the rest of the text is json.dumps's."""

    def marked(node):
        if isinstance(node, str):
            return f"<{node}>"
        if isinstance(node, (list, tuple)):
            return [marked(item) for item in node]
        if isinstance(node, dict):
            return {(f"<{k}>" if isinstance(k, str) else k): marked(v) for k, v in node.items()}
        return node

    def encode(text: str) -> str:
        return json.dumps(f"<{text}>", ensure_ascii=False)

    expected = reference(marked(value))
    assert jsontext.dumps(value, encode=encode) == expected
    for depth in (0, 1, 2):
        assert "".join(jsontext.chunks(value, depth=depth, encode=encode)) == expected
