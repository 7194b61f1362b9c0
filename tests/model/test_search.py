"""Reference search: matching, ranking, accents, highlighting."""

from __future__ import annotations

from model.search import Entry, highlight_spans, reference_entries, search
from model.systems import get_system

ENTRIES = reference_entries(get_system("fow-special-ops"))


def names(query: str) -> list[str]:
    return [e.name for e in search(ENTRIES, query)]


def test_name_matches_rank_first():
    assert names("fly")[:2] == ["Fly", "Flying"]
    assert names("sticky")[0] == "Sticky"


def test_every_word_must_match():
    assert names("morale leader") == ["Morale modifiers", "Command"]  # Command: tag "leader", summary "Morale"
    assert names("zzzz") == []


def test_accent_and_case_insensitive():
    entries = [Entry("attribute", "a", "Élan", "Moves with élan"), Entry("attribute", "b", "Brave", "x")]
    assert [e.id for e in search(entries, "ELAN")] == ["a"]
    assert [e.id for e in search(entries, "élan")] == ["a"]


def test_tags_and_summaries_match():
    morale = names("morale")
    assert morale[0] == "Morale modifiers" and {"Brave", "Command", "Fearsome", "Terrify"} <= set(morale)
    assert names("recovery")[:1] and "Tough" in names("recovery")


def test_empty_query_lists_everything_by_name():
    everything = names("")
    assert len(everything) == len(ENTRIES) and everything == sorted(everything, key=str.casefold)


def test_highlight_spans_map_back_to_original_text():
    text = "Zoë's Flying Fox"
    spans = highlight_spans(text, "zoe fly")
    assert [text[b:e] for b, e in spans] == ["Zoë", "Fly"]
    assert highlight_spans("nothing here", "") == []
