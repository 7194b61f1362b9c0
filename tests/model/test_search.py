"""Reference search: matching, ranking, accents, highlighting."""

from __future__ import annotations

import functools
import re
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from warbench.model.search import SPELLINGS, Entry, canon, find, fold, highlight_spans, reference_entries, search
from warbench.model.systems import get_system, system_ids

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


@given(st.text())
def test_fold_is_lower_case_without_accents_for_any_text(text):
    """:func:`fold` takes a short cut for ASCII text; it reads every text as the definition does."""
    decomposed = unicodedata.normalize("NFKD", text)
    assert fold(text) == "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def test_highlight_spans_map_back_to_original_text():
    text = "Zoë's Flying Fox"
    spans = highlight_spans(text, "zoe fly")
    assert [text[b:e] for b, e in spans] == ["Zoë", "Fly"]
    assert highlight_spans("nothing here", "") == []


def _canonical(text):
    for british, american in sorted(SPELLINGS.items(), key=lambda kv: -len(kv[0])):
        text = text.replace(british, american)  # (the stems never overlap one another)
    return re.sub(r"[\W_]", "", text)


@functools.cache
def _forms(text):
    """The canonical words of folded text, and each two neighbours written as one."""
    words = [w for w in (_canonical(w) for w in text.split()) if w]
    return words, [a + b for a, b in zip(words, words[1:])]


_fold_once = functools.lru_cache(maxsize=None)(fold)  # the reference is slow: many queries read each text


def _reference_search(entries, query):
    """The plain definition: score every entry word by word (exactly, else canonically: no punctuation,
    American spelling, two neighbouring words as one), best first, then by folded name. No fuzzy step:
    the queries below find at least FEW entries or nothing close."""
    from warbench.model.search import query_words

    canonical, forms, fold = _canonical, _forms, _fold_once

    def found(c, text):
        words, pairs = forms(text)
        return any(c in w for w in words) or (len(c) >= 6 and any(p.startswith(c) for p in pairs))

    words = query_words(query)
    if not words:
        return sorted(entries, key=lambda e: fold(e.name))

    def points(e):
        name, summary = fold(e.name), fold(e.summary)
        tags = fold(" ".join(e.tags))
        total = 0
        for word in words:
            c = canonical(word)
            if name == word:
                total += 100
            elif any(w.startswith(word) for w in re.findall(r"\w+", name)):
                total += 60 if name.startswith(word) else 45
            elif word in name:
                total += 30
            elif c and "".join(forms(name)[0]) == c:
                total += 90
            elif c and found(c, name):
                total += 50 if "".join(forms(name)[0]).startswith(c) else 25
            elif word in tags:
                total += 20
            elif c and any(found(c, fold(tag)) for tag in e.tags):
                total += 15
            elif word in summary:
                total += 10
            elif c and found(c, summary):
                total += 8
            else:
                return 0
        return total

    scored = [(points(e), e) for e in entries]
    return [e for s, e in sorted(((s, e) for s, e in scored if s), key=lambda se: (-se[0], fold(se[1].name)))]


def test_fast_search_gives_the_plain_definitions_results():
    from warbench.model.search import Entry, reference_entries, search
    from warbench.model.systems import get_system, system_ids

    entries = [e for sid in system_ids() for e in reference_entries(get_system(sid))]
    entries.append(Entry("attribute", "zoe", "Zoë's Héavy Re-roll", "Shields the unit.", ("homebrew",)))
    queries = ["", "f", "fl", "flying", "heavy armor", "ARMOUR", "re-roll", "zoe", "zoë heavy", "d6", "'", "x y z", "e"]
    queries += ["reroll", "re roll", "armoured", "heavyarmor", "flame thrower", "flamethrower", "sca", "colour"]
    for query in queries:
        assert search(entries, query) == _reference_search(entries, query), query


def test_each_keystroke_ranks_as_the_plain_definition():
    """The indexed search (sets of entries as bit masks, words looked up instead of every text read)
    ranks as the plain definition at every keystroke of many queries, over every system's entries and
    made-up homebrew ones: one- and two-letter words that match nearly everything, compounds typed as
    one word, British spellings, punctuation, several words."""
    from benchmarks.search import QUERIES, homebrew

    entries = [e for sid in system_ids() for e in reference_entries(get_system(sid))]
    entries += homebrew(entries, 150)
    entries += [
        Entry("attribute", "zoe", "Zoë's Héavy Re-roll", "Shields the unit.", ("homebrew", "re-roll")),
        Entry("attribute", "ft", "Flame-thrower", "Burns the armoured colour-guard.", ("flame thrower",)),
        Entry("attribute", "hv", "Heavy Armour", "Armour saves on a 4+.", ()),
    ]
    typed = [*QUERIES, "heavyarmor", "flamethrower", "re-roll", "armoured", "colourguard", "zoë heavy", "d6 +1"]
    typed += ["the unit", "'s", "x y z", "rerolls", "shieldsthe"]
    queries = sorted({query[:end] for query in typed for end in range(1, len(query) + 1)})
    for query in queries:
        expected = _reference_search(entries, query)
        found = search(entries, query)
        assert found[: len(expected)] == expected, query
        assert len(found) == len(expected) or len(expected) < 3, query  # more only from the typo fallback


# --- search that forgives ----------------------------------------------------------------------

ALL = [e for sid in system_ids() for e in reference_entries(get_system(sid))]


def test_hyphens_and_spaces_fold_together():
    lucky = next(e for e in ENTRIES if e.name == "Lucky")
    assert "re-roll" in lucky.summary
    assert lucky in search(ENTRIES, "reroll") and lucky in search(ENTRIES, "re-roll")
    entries = [Entry("attribute", "ft", "Flame-thrower", "Burns."), Entry("attribute", "x", "Flame", "Hot.")]
    assert [e.id for e in search(entries, "flamethrower")] == ["ft"]
    assert [e.id for e in search(entries, "flame thrower")] == ["ft"]
    # two words typed as one ("heavyarmor") find the name with its space
    assert names("heavyarmor")[0] == "Heavy Armor"


def test_british_and_american_spellings_fold_together():
    assert names("armour")[0] == "Heavy Armor" or "Heavy Armor" in names("armour")[:3]
    american = [Entry("attribute", "a", "Armor", "Saves."), Entry("attribute", "c", "Camouflage", "Colored.")]
    british = [Entry("attribute", "a", "Armour", "Saves."), Entry("attribute", "c", "Camouflage", "Coloured.")]
    assert [e.id for e in search(american, "armour")] == ["a"]
    assert [e.id for e in search(british, "armor")] == ["a"]
    assert [e.id for e in search(american, "colour")] == ["c"]
    assert [e.id for e in search(british, "defense")] == []  # nothing said of defence here
    assert canon("Manoeuvre, Armoured Centre") == "maneuverarmoredcenter"


def test_case_and_accents_fold_together():
    entries = [Entry("attribute", "n", "Naïve Rôle-play", "x")]
    assert [e.id for e in search(entries, "NAIVE roleplay")] == ["n"]


def test_exact_matches_rank_above_folded_ones():
    entries = [Entry("attribute", "plain", "Reroll", "x"), Entry("attribute", "hyph", "Re-roll", "x")]
    assert [e.id for e in search(entries, "reroll")] == ["plain", "hyph"]
    assert [e.id for e in search(entries, "re-roll")] == ["hyph", "plain"]


def test_typos_find_flying_and_teleport():
    for typo, name in (("flyng", "Flying"), ("teleprt", "Teleport"), ("morle", "Morale modifiers")):
        found = find(ALL, typo)
        assert found.entries and found.entries[0].name == name, typo
        assert found.stand_ins, typo  # the fallback ran and says which word it read
    assert [e.name for e in search(ENTRIES, "flyng")] == ["Flying"]


def test_fuzzy_is_only_the_fallback():
    # an exact query finds what it says; fuzzy stand-ins do not crowd in
    assert find(ALL, "flying").stand_ins == ()
    assert all("fly" in fold(e.name + e.summary + " ".join(e.tags)) for e in search(ENTRIES, "flying"))
    # short words are still being typed: no guessing from three letters
    assert find(ENTRIES, "zqx").entries == []
    # nothing close: nothing found
    assert search(ALL, "xylophone") == []


def test_highlight_marks_what_the_folded_query_found():
    text = "Once per game, re-roll one die; Heavy Armour for Zoë"
    spans = highlight_spans(text, "reroll armor zoe")
    assert [text[b:e] for b, e in spans] == ["re-roll", "Armour", "Zoë"]
    assert [text[b:e] for b, e in highlight_spans(text, "heavyarmor")] == ["Heavy Armour"]
    fox = "Flying Fox"
    assert [fox[b:e] for b, e in highlight_spans(fox, "flyng", ("flying",))] == ["Flying"]


def test_search_sees_a_changed_entry_list():
    entries = [Entry("attribute", "a", "Alpha", "x")]
    assert [e.id for e in search(entries, "alpha")] == ["a"]
    entries[0] = Entry("attribute", "b", "Alphabet", "x")  # same list, same length, new entry
    assert [e.id for e in search(entries, "alpha")] == ["b"]
    entries.append(Entry("attribute", "c", "Alpha", "x"))
    assert [e.id for e in search(entries, "alpha")] == ["c", "b"]


def test_prepare_builds_what_the_first_search_would():
    from warbench.model.search import entries_of, is_prepared, prepare

    entries = [e for e in reference_entries(get_system("fow-special-ops")) if e.kind == "spell"]
    assert not is_prepared(entries)
    prepare(entries)
    assert is_prepared(entries)
    assert search(entries, "fire") == search(list(entries), "fire")  # the same ranking as a fresh list's
    assert not is_prepared(entries[1:])
    shared = entries_of(get_system("fow-special-ops"), "spell")
    assert shared is entries_of(get_system("fow-special-ops"), "spell")  # one list per catalogue and kind
    assert {e.key for e in shared} == {e.key for e in entries}
