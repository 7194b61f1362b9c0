"""The search's word index: each lookup gives the entries a plain reading of every text gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from warbench.model.search_index import Texts, flags, mask_of, positions

#: few letters, so that pieces of text are often found, and the spaces and punctuation search meets
LETTERS = "abcé-' "
texts_ = st.lists(st.text(alphabet=LETTERS, max_size=24), min_size=1, max_size=40)
pieces = st.text(alphabet=LETTERS.replace(" ", ""), min_size=1, max_size=5)


def brute(texts: list[str], test) -> int:
    return sum(1 << p for p, text in enumerate(texts) if test(text))


@settings(max_examples=300, deadline=None)
@given(texts_, pieces)
def test_lookups_find_what_reading_every_text_finds(texts, piece):
    index = Texts(texts)
    assert index.holding(piece) == brute(texts, lambda t: piece in t)
    assert index.starting(piece) == brute(texts, lambda t: any(w.startswith(piece) for w in t.split()))
    assert index.beginning(piece) == brute(texts, lambda t: t.startswith(piece))
    assert index.word(piece) == brute(texts, lambda t: piece in t.split())
    assert index.exact.get(piece, 0) == brute(texts, lambda t: t == piece)


@settings(max_examples=200, deadline=None)
@given(texts_, st.lists(pieces, min_size=1, max_size=6))
def test_lookups_one_after_another_find_what_reading_every_text_finds(texts, typed):
    """One index asked piece after piece, each piece's every prefix as typed: what one lookup
    remembers (the words holding or starting with one or two characters) never misleads a later one."""
    index = Texts(texts)
    for piece in typed:
        for end in range(1, len(piece) + 1):
            part = piece[:end]
            assert index.holding(part) == brute(texts, lambda t, part=part: part in t), part
            assert index.starting(part) == brute(
                texts, lambda t, part=part: any(w.startswith(part) for w in t.split())
            ), part
            assert index.beginning(part) == brute(texts, lambda t, part=part: t.startswith(part)), part


@given(st.sets(st.integers(min_value=0, max_value=1500)))
def test_positions_and_masks_convert_both_ways(found):
    ordered = sorted(found)
    mask = mask_of(ordered, 1501)
    assert mask == sum(1 << p for p in ordered)
    assert positions(mask) == ordered
    assert [p for p, flag in enumerate(flags(mask)) if flag] == ordered


def respell(word: str) -> str:
    return word.replace("-", "").replace("'", "").replace("é", "e")


@settings(max_examples=200, deadline=None)
@given(texts_, pieces)
def test_a_respelled_index_is_the_index_of_the_respelled_texts(texts, piece):
    """An index made from another's vocabulary (the canonical texts from the folded ones) answers as
    one made by reading the respelled texts."""
    respelled = [" ".join(w for w in map(respell, text.split()) if w) for text in texts]
    made, read = Texts(texts).respelled(respelled, respell), Texts(respelled)
    assert made.exact == read.exact
    for lookup in ("holding", "starting", "beginning", "word"):
        assert getattr(made, lookup)(piece) == getattr(read, lookup)(piece), lookup
