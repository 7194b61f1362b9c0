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


def _reference_search(entries, query):
    """The plain definition: score every entry word by word, best first, then by folded name."""
    import re

    from model.search import fold, query_words

    words = query_words(query)
    if not words:
        return sorted(entries, key=lambda e: fold(e.name))

    def points(e):
        name, tags, summary = fold(e.name), fold(" ".join(e.tags)), fold(e.summary)
        total = 0
        for word in words:
            if name == word:
                total += 100
            elif any(w.startswith(word) for w in re.findall(r"\w+", name)):
                total += 60 if name.startswith(word) else 45
            elif word in name:
                total += 30
            elif word in tags:
                total += 20
            elif word in summary:
                total += 10
            else:
                return 0
        return total

    scored = [(points(e), e) for e in entries]
    return [e for s, e in sorted(((s, e) for s, e in scored if s), key=lambda se: (-se[0], fold(se[1].name)))]


def test_fast_search_gives_the_plain_definitions_results():
    from model.search import Entry, reference_entries, search
    from model.systems import get_system, system_ids

    entries = [e for sid in system_ids() for e in reference_entries(get_system(sid))]
    entries.append(Entry("attribute", "zoe", "Zoë's Héavy Re-roll", "Shields the unit.", ("homebrew",)))
    queries = ["", "f", "fl", "flying", "heavy armor", "ARMOUR", "re-roll", "zoe", "zoë heavy", "d6", "'", "x y z", "e"]
    for query in queries:
        assert search(entries, query) == _reference_search(entries, query), query
