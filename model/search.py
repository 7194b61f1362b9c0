"""Instant search over reference entries (attributes, spells, rule tables).

Case- and accent-insensitive; every query word must match the name, the tags or
the summary. Name matches rank above tag matches, which rank above summary
matches; exact and prefix name matches rank highest.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cached_property, lru_cache


def fold(text: str) -> str:
    """Lower case without accents: 'Zoë' → 'zoe'."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


@dataclass(frozen=True)
class Entry:
    kind: str  # attribute | spell | table
    id: str
    name: str
    summary: str
    tags: tuple[str, ...] = ()
    detail: str = ""  # cost rule, difficulty... shown beside the name

    @property
    def key(self) -> tuple[str, str]:
        return self.kind, self.id

    @cached_property
    def _folded(self) -> _Folded:
        """The folded texts search compares against, worked out once per entry."""
        return _folded(self)


@dataclass(frozen=True)
class _Folded:
    name: str
    words: tuple[str, ...]
    tags: str
    summary: str
    starts: str  # " " before each word of the name: " w" in starts ⇔ a name word starts with w
    text: str  # name, tags and summary: a word in none of them is found missing with one test


@lru_cache(maxsize=4096)
def _folded(entry: Entry) -> _Folded:
    name = fold(entry.name)
    words = tuple(re.findall(r"\w+", name))
    tags, summary = fold(" ".join(entry.tags)), fold(entry.summary)
    return _Folded(name, words, tags, summary, " " + " ".join(words), f"{name}\n{tags}\n{summary}")


def query_words(query: str) -> list[str]:
    return re.findall(r"[\w+\-\"']+", fold(query))


def score(entry: Entry, words: list[str]) -> int:
    """0 when some word does not match; otherwise higher is better."""
    return _score(entry._folded, words)


def _score(f: _Folded, words: list[str]) -> int:
    total = 0
    for word in words:
        if f.name == word:
            total += 100
        elif " " + word in f.starts:
            total += 60 if f.name.startswith(word) else 45
        elif word in f.name:
            total += 30
        elif word in f.tags:
            total += 20
        elif word in f.summary:
            total += 10
        else:
            return 0
    return total


def search(entries: list[Entry], query: str) -> list[Entry]:
    """Entries matching every word of ``query``, best first (all entries, by name, when empty)."""
    words = query_words(query)
    folded = [(e._folded, e) for e in entries]
    if not words:
        return [e for _f, e in sorted(folded, key=lambda fe: fe[0].name)]
    for word in words:  # one quick test per word and entry drops most entries before any scoring
        folded = [fe for fe in folded if word in fe[0].text]
    scored = [(_score(f, words), f.name, e) for f, e in folded]
    return [e for _s, _n, e in sorted((x for x in scored if x[0]), key=lambda x: (-x[0], x[1]))]


def highlight_spans(text: str, query: str) -> list[tuple[int, int]]:
    """(start, end) of every occurrence of a query word in ``text``, accent- and case-insensitively."""
    words = [w for w in query_words(query) if w]
    if not words:
        return []
    # fold character by character so positions map back onto the original text
    folded_chars = [fold(ch) or ch for ch in text]
    flat = "".join(folded_chars)
    starts = []
    pos = 0
    for chunk in folded_chars:
        starts.append(pos)
        pos += len(chunk)
    starts.append(pos)
    spans = []
    for word in words:
        for m in re.finditer(re.escape(word), flat):
            begin = max(i for i, s in enumerate(starts) if s <= m.start())
            end = min(i for i, s in enumerate(starts) if s >= m.end())
            spans.append((begin, end))
    spans.sort()
    merged: list[tuple[int, int]] = []
    for b, e in spans:
        if merged and b <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((b, e))
    return merged


def reference_entries(system) -> list[Entry]:
    """Every searchable entry of a system: attributes, spells and rule tables."""
    cat = system.catalogue
    out = [Entry("attribute", a.id, a.name, a.summary, a.tags, a.cost.text) for a in cat.attributes.values()]
    out += [
        Entry("spell", s.id, s.name, s.summary, ("spell",), f"difficulty {s.difficulty if s.difficulty else '-0'}")
        for s in cat.spells.values()
    ]
    out += [
        Entry("table", t.id, t.name, t.summary + " " + " ".join(" ".join(r) for r in t.rows), t.tags, "rules")
        for t in cat.tables.values()
    ]
    return out
