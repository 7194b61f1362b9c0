"""Instant search over reference entries (attributes, spells, rule tables).

Case- and accent-insensitive; every query word must match the name, the tags or
the summary. Name matches rank above tag matches, which rank above summary
matches; exact and prefix name matches rank highest.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache


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


@dataclass(frozen=True)
class _Folded:
    name: str
    words: tuple[str, ...]
    tags: str
    summary: str


@lru_cache(maxsize=4096)
def _folded(entry: Entry) -> _Folded:
    name = fold(entry.name)
    return _Folded(name, tuple(re.findall(r"\w+", name)), fold(" ".join(entry.tags)), fold(entry.summary))


def query_words(query: str) -> list[str]:
    return re.findall(r"[\w+\-\"']+", fold(query))


def score(entry: Entry, words: list[str]) -> int:
    """0 when some word does not match; otherwise higher is better."""
    f = _folded(entry)
    total = 0
    for word in words:
        if f.name == word:
            total += 100
        elif any(w.startswith(word) for w in f.words):
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
    if not words:
        return sorted(entries, key=lambda e: fold(e.name))
    scored = [(score(e, words), e) for e in entries]
    return [e for s, e in sorted(((s, e) for s, e in scored if s), key=lambda se: (-se[0], fold(se[1].name)))]


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
