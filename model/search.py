"""Instant search over reference entries (attributes, spells, rule tables).

Search forgives, in three steps:

1. Every query word must match the name, the tags or the summary, ignoring case and accents.
   Name matches rank above tag matches, which rank above summary matches; exact and prefix
   name matches rank highest.
2. A word found nowhere is tried again *folded* (:func:`canon`): hyphens, spaces and other
   punctuation dropped, British spellings made American, so "reroll" finds "re-roll",
   "armour" finds "Armor" and "heavyarmor" finds "Heavy armour". These rank a little lower.
3. Only when steps 1-2 find fewer than :data:`FEW` entries, each query word of at least
   :data:`FUZZY_MIN` letters is also read as the entry-name and tag words it is close to
   (RapidFuzz's normalised Indel similarity, at least :data:`FUZZY_CUTOFF`), so "flyng"
   and "teleprt" still find Flying and Teleport. Such matches come after every exact one.

The folded texts and vocabulary of an entry are worked out once (:attr:`Entry._folded`). A list's
texts are indexed by word (:mod:`model.search_index`) the first time it is searched, so a keystroke
scores all entries at once with a few operations on sets of them, never entry by entry: under a
millisecond over every system's entries and 1,000 homebrew ones (``benchmarks/search.py``).
"""

from __future__ import annotations

import functools
import operator
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import compress
from typing import TYPE_CHECKING, overload

from warbench.model.folding import fold as fold
from warbench.model.search_index import Texts, flags, mask_of, positions

if TYPE_CHECKING:
    from warbench.model.systems.base import RuleSystem

#: below this many exact results the fuzzy fallback adds close spellings
FEW = 3
#: shortest query word read fuzzily (shorter ones are still being typed)
FUZZY_MIN = 4
#: least RapidFuzz ratio (0-100) for a vocabulary word to stand in for a query word
FUZZY_CUTOFF = 78
#: most stand-ins per query word
FUZZY_LIMIT = 4

#: British spellings (stems, matched anywhere in a word) and the American ones they fold to
SPELLINGS = {
    "armour": "armor",
    "colour": "color",
    "honour": "honor",
    "favour": "favor",
    "behaviour": "behavior",
    "valour": "valor",
    "vigour": "vigor",
    "rigour": "rigor",
    "rumour": "rumor",
    "humour": "humor",
    "labour": "labor",
    "harbour": "harbor",
    "neighbour": "neighbor",
    "odour": "odor",
    "splendour": "splendor",
    "defence": "defense",
    "offence": "offense",
    "licence": "license",
    "pretence": "pretense",
    "centre": "center",
    "metre": "meter",
    "litre": "liter",
    "theatre": "theater",
    "calibre": "caliber",
    "fibre": "fiber",
    "sabre": "saber",
    "sceptre": "scepter",
    "spectre": "specter",
    "sombre": "somber",
    "lustre": "luster",
    "manoeuvre": "maneuver",
    "manoeuvr": "maneuver",
    "manoeuver": "maneuver",
    "grey": "gray",
    "plough": "plow",
    "mould": "mold",
    "smoulder": "smolder",
    "catalogue": "catalog",
    "programme": "program",
    "aeroplane": "airplane",
    "aluminium": "aluminum",
    "jewellery": "jewelry",
    "sceptic": "skeptic",
    "travell": "travel",
    "cancell": "cancel",
    "fuell": "fuel",
    "levell": "level",
    "modell": "model",
    "signall": "signal",
    "labell": "label",
    "channell": "channel",
    "duell": "duel",
    "marshall": "marshal",
    "practise": "practice",
    **{
        f"{stem}is": f"{stem}iz"
        for stem in (
            "organ",
            "recogn",
            "special",
            "immobil",
            "neutral",
            "mobil",
            "stabil",
            "minim",
            "maxim",
            "random",
            "priorit",
            "character",
            "real",
            "util",
            "optim",
            "author",
            "memor",
            "summar",
            "visual",
            "energ",
            "magnet",
            "hypnot",
            "terror",
            "weapon",
            "militar",
            "mesmer",
            "vapor",
            "ional",  # rationalise, nationalise…
        )
    },
    "analys": "analyz",
    "paralys": "paralyz",
    "catalys": "catalyz",
}
_SPELLING = re.compile("|".join(sorted(map(re.escape, SPELLINGS), key=len, reverse=True)))
_NOT_A_LETTER = re.compile(r"[\W_]+")
_WORD = re.compile(r"\w+")


def _spell(folded: str) -> str:
    return _SPELLING.sub(lambda m: SPELLINGS[m.group()], folded)


def canon(text: str) -> str:
    """Folded, American spelling, letters and digits only: 'Re-roll' → 'reroll', 'Armour' → 'armor'."""
    return _NOT_A_LETTER.sub("", _spell(fold(text)))


@lru_cache(maxsize=1 << 16)
def _canonical_word(folded: str) -> str:
    """The canonical form of one word of folded text ("" when nothing is left of it); remembered, as
    the entries share their words (1,238 entries' 42,000 summary words are 2,100 distinct ones)."""
    return _NOT_A_LETTER.sub("", _spell(folded))


def _tokens(folded: str) -> list[str]:
    """The canonical form of each space-separated word of folded text (empty ones dropped)."""
    return [t for t in map(_canonical_word, folded.split()) if t]


def _pairs(tokens: list[str]) -> str:
    """Each two neighbouring words written as one, each after a space: where "heavyarmor" starts."""
    return "".join(f" {a}{b}" for a, b in zip(tokens, tokens[1:]))


@dataclass(frozen=True)
class Entry:
    kind: str  # attribute | spell | table
    id: str
    name: str
    summary: str
    tags: tuple[str, ...] = ()
    detail: str = ""  # cost rule, a spell's first stat... shown beside the name

    @property
    def key(self) -> tuple[str, str]:
        return self.kind, self.id

    @cached_property
    def _folded(self) -> _Folded:
        """The folded texts search compares against, worked out once per entry."""
        return _folded(self)


@dataclass(eq=False)
class _Folded:
    """An entry's texts as search compares them. The canonical ones (:func:`canon` word by word, words
    separated by spaces) of the tags and summary, and the compounds, are worked out when first read: a
    list is indexed from its vocabulary (:meth:`model.search_index.Texts.respelled`), so most entries'
    are never needed, and the first search of a list costs only the folding."""

    name: str
    words: tuple[str, ...]
    tags: str
    summary: str
    starts: str  # " " before each word of the name: " w" in starts ⇔ a name word starts with w
    cname: str
    cname_whole: str  # the canonical name as one word: "Heavy Armour" → "heavyarmor"
    pname: str  # two neighbouring name words written as one (:func:`_pairs`): compounds typed without a space
    tag_list: tuple[str, ...]  # each tag, folded

    @cached_property
    def _tag_tokens(self) -> list[list[str]]:
        return [_tokens(tag) for tag in self.tag_list]

    @cached_property
    def ctags(self) -> str:
        return " ".join(t for tokens in self._tag_tokens for t in tokens)

    @cached_property
    def ptags(self) -> str:
        return "".join(_pairs(tokens) for tokens in self._tag_tokens)

    @cached_property
    def _summary_tokens(self) -> list[str]:
        return _tokens(self.summary)

    @cached_property
    def csummary(self) -> str:
        return " ".join(self._summary_tokens)

    @cached_property
    def psummary(self) -> str:
        return _pairs(self._summary_tokens)

    @cached_property
    def vocabulary(self) -> dict[str, None]:
        """Canonical name and tag words (in order): what a typo may have meant."""
        return dict.fromkeys(t for t in (*self.cname.split(), *self.ctags.split()) if len(t) > 2)


#: shortest canonical query word also looked for as two words written as one ("reroll", "heavyarmor")
COMPOUND_MIN = 6


@lru_cache(maxsize=4096)
def _folded(entry: Entry) -> _Folded:
    name = fold(entry.name)
    words = tuple(_WORD.findall(name))
    name_tokens = _tokens(name)
    tag_list = tuple(map(fold, entry.tags))
    return _Folded(
        name=name,
        words=words,
        tags=" ".join(tag_list),
        summary=fold(entry.summary),
        starts=" " + " ".join(words),
        cname=" ".join(name_tokens),
        cname_whole="".join(name_tokens),
        pname=_pairs(name_tokens),
        tag_list=tag_list,
    )


def query_words(query: str) -> list[str]:
    return re.findall(r"[\w+\-\"']+", fold(query))


def _query(query: str) -> list[tuple[str, str]]:
    """Each query word with its canonical form (``""`` when nothing is left of it)."""
    return [(word, _NOT_A_LETTER.sub("", _spell(word))) for word in query_words(query)]


def score(entry: Entry, words: list[str]) -> int:
    """0 when some word does not match; otherwise higher is better."""
    return _score(entry._folded, [(w, _NOT_A_LETTER.sub("", _spell(w))) for w in words])


def _word_score(f: _Folded, word: str, canonical: str) -> int:
    """How well one query word matches: exactly (100 … 10), else canonically (90 … 8), else 0."""
    compound = len(canonical) >= COMPOUND_MIN
    return _name_score(f, word, canonical, compound) or _text_score(f, word, canonical, compound)


def _name_score(f: _Folded, word: str, canonical: str, compound: bool) -> int:
    """How well one query word matches the name: the whole name (100), a word's start (60 at the name's, 45),
    within it (30), the canonical name whole (90) or within it (50 at its start, 25); else 0."""
    if f.name == word:
        return 100
    if " " + word in f.starts:
        return 60 if f.name.startswith(word) else 45
    if word in f.name:
        return 30
    if canonical:
        if f.cname_whole == canonical:
            return 90
        if canonical in f.cname or (compound and " " + canonical in f.pname):
            return 50 if f.cname_whole.startswith(canonical) else 25
    return 0


def _text_score(f: _Folded, word: str, canonical: str, compound: bool) -> int:
    """How well one query word matches the tags (20, canonically 15) or the summary (10, canonically 8); else 0."""
    if word in f.tags:
        return 20
    if canonical and (canonical in f.ctags or (compound and " " + canonical in f.ptags)):
        return 15
    if word in f.summary:
        return 10
    if canonical and (canonical in f.csummary or (compound and " " + canonical in f.psummary)):
        return 8
    return 0


def _score(f: _Folded, words: list[tuple[str, str]]) -> int:
    total = 0
    for word, canonical in words:
        points = _word_score(f, word, canonical)
        if not points:
            return 0
        total += points
    return total


@dataclass(frozen=True)
class Found:
    """What a search found, best first, and the vocabulary words that stood in for mistyped query
    words (empty unless the fuzzy fallback ran): the words to highlight besides the query's own."""

    entries: list[Entry]
    stand_ins: tuple[str, ...] = ()


def search(entries: list[Entry], query: str) -> list[Entry]:
    """Entries matching every word of ``query``, best first (all entries, by name, when empty);
    when fewer than :data:`FEW` match, close spellings of the query's words follow (see the module)."""
    return find(entries, query).entries


def find(entries: list[Entry], query: str) -> Found:
    """:func:`search`, also telling which words stood in for mistyped ones."""
    words = _query(query)
    index = _index(entries)
    if not words:
        return Found([e for _f, e in index.folded])
    found = index.ranked(words)
    if len(found) >= FEW:
        return Found(found)
    choices = _stand_ins(index.words(), words)
    if choices is None:
        return Found(found)
    more = _fuzzy(index, choices, set(map(id, found)))
    return Found(found + more, tuple(c for options in choices for _w, c, _s in options[1:]) if more else ())


class _Column(Sequence[str]):
    """One text of each entry, read when asked for (the canonical tags and summary are worked out
    only for the entries whose text a search reads)."""

    def __init__(self, folded: list[_Folded], text: str) -> None:
        self._folded, self._text = folded, text

    def __len__(self) -> int:
        return len(self._folded)

    @overload
    def __getitem__(self, at: int) -> str: ...
    @overload
    def __getitem__(self, at: slice) -> list[str]: ...
    def __getitem__(self, at: int | slice) -> str | list[str]:
        if isinstance(at, slice):
            return [getattr(f, self._text) for f in self._folded[at]]
        return str(getattr(self._folded[at], self._text))


class _Texts:
    """The texts :func:`_word_score` reads, of every entry of an index (by position), indexed
    (:class:`model.search_index.Texts`), so that one query word's score is found for all entries at
    once, a few integer operations on masks, instead of entry by entry."""

    def __init__(self, folded: list[_Folded]) -> None:
        self.size = len(folded)
        self.pairs = _Column(folded, "pname"), _Column(folded, "ptags"), _Column(folded, "psummary")
        self.name, self.starts = Texts([f.name for f in folded]), Texts([f.starts for f in folded])
        self.tags, self.summary = Texts([f.tags for f in folded]), Texts([f.summary for f in folded])
        # the canonical texts are the folded ones word by word made canonical (:func:`_tokens`)
        self.cname = self.name.respelled([f.cname for f in folded], _canonical_word)
        self.ctags = self.tags.respelled(_Column(folded, "ctags"), _canonical_word)
        self.csummary = self.summary.respelled(_Column(folded, "csummary"), _canonical_word)
        self.cwhole = Texts([f.cname_whole for f in folded], {})  # whole names only: no words needed

    def tiers(self, word: str, canonical: str, alive: int) -> list[tuple[int, int]]:
        """(points, entries) for one query word, the entries among ``alive`` it matches grouped by
        the points :func:`_word_score` gives them (each entry in the first test that applies)."""
        out: list[tuple[int, int]] = []
        left = alive

        def take(points: int, mask: int) -> int:
            """Give ``points`` to the entries of ``mask`` still left; return them."""
            nonlocal left
            mask &= left
            if mask:
                out.append((points, mask))
                left &= ~mask
            return mask

        take(100, self.name.exact.get(word, 0))
        starting = take(45, self.starts.starting(word))  # 60 for the name's own start
        if starting:
            self._promote(out, 60, starting & self.name.beginning(word))
        take(30, self.name.holding(word))
        compound = len(canonical) >= COMPOUND_MIN
        if canonical:
            take(90, self.cwhole.exact.get(canonical, 0))
            inside = take(25, self._holding(self.cname, 0, canonical, compound, left))  # 50 at its start
            if inside:
                self._promote(out, 50, inside & self.cwhole.beginning(canonical))
        take(20, self.tags.holding(word))
        if canonical:
            take(15, self._holding(self.ctags, 1, canonical, compound, left))
        take(10, self.summary.holding(word))
        if canonical:
            take(8, self._holding(self.csummary, 2, canonical, compound, left))
        return out

    @staticmethod
    def _promote(out: list[tuple[int, int]], points: int, mask: int) -> None:
        """Move the entries ``mask`` (of the last group of ``out``) into a group of ``points``."""
        if mask:
            last, rest = out[-1]
            out[-1:] = [(last, rest & ~mask), (points, mask)]

    def _holding(self, texts: Texts, pairs: int, canonical: str, compound: bool, left: int) -> int:
        """The entries whose canonical text holds ``canonical``, or, ``compound``, where two of its
        neighbouring words written as one start with it ("heavyarmor")."""
        mask = texts.holding(canonical)
        if not compound:
            return mask
        # a compound is a whole word and the start of the next one: those entries, then the exact test
        maybe = 0
        for cut in range(1, len(canonical)):
            first = texts.word(canonical[:cut])
            if first & left:
                maybe |= first & texts.starting(canonical[cut:])
        maybe &= left & ~mask
        if maybe:
            text, piece = self.pairs[pairs], " " + canonical
            mask |= mask_of([p for p in positions(maybe) if piece in text[p]], self.size)
        return mask


_FIRST = operator.itemgetter(0)


@dataclass
class _Index:
    """An entry list as searched: a copy of the list (to tell a changed or different list from the one
    indexed), its (folded, entry) pairs sorted by folded name (so a stable sort by score alone ranks
    ties by name) and, once a fuzzy search needed it, its vocabulary."""

    entries: list[Entry]
    folded: list[tuple[_Folded, Entry]]
    _by_word: dict[str, list[int]] | None = None
    _texts: _Texts | None = None
    _ordered: list[Entry] = field(default_factory=list)  # the entries of ``folded``

    def texts(self) -> _Texts:
        """The entries' texts indexed by word, built on the first call (:func:`prepare` builds them ahead)."""
        if self._texts is None:
            self._texts = _Texts([f for f, _e in self.folded])
            self._ordered = [e for _f, e in self.folded]
        return self._texts

    def ranked(self, words: list[tuple[str, str]]) -> list[Entry]:
        """The entries matching every word (with its canonical form), best first, equal scores in name
        order: :func:`_score` of each entry, worked out on sets of entries."""
        texts = self.texts()
        totals = {0: (1 << len(self.folded)) - 1}  # score so far -> the entries with it
        for word, canonical in words:
            tiers = texts.tiers(word, canonical, functools.reduce(operator.or_, totals.values()))
            scored: dict[int, int] = {}
            for total, mask in totals.items():
                for points, tier in tiers:
                    if both := mask & tier:
                        scored[total + points] = scored.get(total + points, 0) | both
            if not scored:
                return []
            totals = scored
        found: list[Entry] = []
        for total in sorted(totals, reverse=True):
            found += compress(self._ordered, flags(totals[total]))
        return found

    def by_word(self) -> dict[str, list[int]]:
        """Each name and tag word (canonical) → the positions in ``folded`` of the entries using it."""
        if self._by_word is None:
            self._by_word = {}
            for position, (f, _e) in enumerate(self.folded):
                for word in f.vocabulary:
                    self._by_word.setdefault(word, []).append(position)
        return self._by_word

    def words(self) -> list[str]:
        """The vocabulary a typo is read against."""
        return list(self.by_word())


#: the last few entry lists searched, by ``id`` of the list
_INDEXES: dict[int, _Index] = {}


def _index(entries: list[Entry]) -> _Index:
    known = _INDEXES.get(id(entries))
    if known is not None and len(known.entries) == len(entries) and all(map(operator.is_, known.entries, entries)):
        return known
    if len(_INDEXES) >= 8:
        del _INDEXES[next(iter(_INDEXES))]
    folded = sorted(((e._folded, e) for e in entries), key=lambda fe: fe[0].name)
    index = _INDEXES[id(entries)] = _Index(list(entries), folded)
    return index


def prepare(entries: list[Entry]) -> None:
    """Build now what the first search of ``entries`` would (the entries folded, their texts indexed by
    word), so that it costs what any later keystroke does: the window calls it at idle after start."""
    _index(entries).texts()


def is_prepared(entries: list[Entry]) -> bool:
    """Whether ``entries`` is indexed (its next search builds nothing)."""
    known = _INDEXES.get(id(entries))
    return known is not None and known._texts is not None and all(map(operator.is_, known.entries, entries))


def _fuzzy(index: _Index, choices: list[list[tuple[str, str, float]]], exclude: set[int]) -> list[Entry]:
    """Entries whose name or tags use, for every query word that has stand-ins, one of them (or the word
    itself), and match the other words; best first, then by name."""
    by_word = index.by_word()
    positions: set[int] | None = None
    for options in choices:
        if len(options) > 1:
            using = {p for _w, c, _s in options for p in by_word.get(c, ())}
            positions = using if positions is None else positions & using
    scored = []
    for position in sorted(positions or ()):
        f, e = index.folded[position]
        if id(e) in exclude:
            continue
        total = 0.0
        for options in choices:
            best = max(_word_score(f, w, c) * weight for w, c, weight in options)
            if not best:
                break
            total += best
        else:
            scored.append((-total, e))
    return [e for _s, e in sorted(scored, key=_FIRST)]


def _stand_ins(vocabulary: list[str], words: list[tuple[str, str]]) -> list[list[tuple[str, str, float]]] | None:
    """For each query word: itself and the close vocabulary words, as (word, canonical, weight);
    None when no word has a stand-in."""
    from rapidfuzz import fuzz, process  # only here: importing it costs the window's start ~25 ms CPU

    choices = []
    for word, canonical in words:
        options = [(word, canonical, 1.0)]
        if len(canonical) >= FUZZY_MIN:
            close = process.extract(
                canonical, vocabulary, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF, limit=FUZZY_LIMIT
            )
            options += [(match, match, similarity / 100) for match, similarity, _i in close if match != canonical]
        choices.append(options)
    return None if all(len(options) == 1 for options in choices) else choices


def highlight_spans(text: str, query: str, also: tuple[str, ...] = ()) -> list[tuple[int, int]]:
    """(start, end) of every occurrence of a query word in ``text``, accent- and case-insensitively;
    a word written otherwise in ``text`` ("reroll" for "re-roll", "armour" for "Armor") is marked
    where its folded spelling occurs. ``also``: more words to mark (the stand-ins of a fuzzy match)."""
    words = [w for w in (*query_words(query), *also) if w]
    if not words:
        return []
    # fold character by character so positions map back onto the original text
    flat_chars: list[str] = []
    where: list[int] = []  # where[k]: the character of ``text`` that flat_chars[k] came from
    for i, ch in enumerate(text):
        for c in fold(ch) or ch:
            flat_chars.append(c)
            where.append(i)
    flat = "".join(flat_chars)
    canonical, canonical_where = _canon_with_positions(flat, where)
    spans = []
    for word in words:
        hits = [(where[m.start()], where[m.end() - 1] + 1) for m in re.finditer(re.escape(word), flat)]
        folded = _NOT_A_LETTER.sub("", _spell(word))
        if not hits and folded:
            hits = [
                (canonical_where[m.start()], canonical_where[m.end() - 1] + 1)
                for m in re.finditer(re.escape(folded), canonical)
            ]
        spans += hits
    spans.sort()
    merged: list[tuple[int, int]] = []
    for b, e in spans:
        if merged and b <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((b, e))
    return merged


def _canon_with_positions(flat: str, where: list[int]) -> tuple[str, list[int]]:
    """:func:`canon` of folded text, with the original position of each character kept."""
    chars: list[str] = []
    positions: list[int] = []
    last = 0
    for m in _SPELLING.finditer(flat):
        chars += flat[last : m.start()]
        positions += where[last : m.start()]
        spelled = SPELLINGS[m.group()]
        chars += spelled
        # the last letter stands for the end of the British spelling ("armor" marks all of "armour")
        positions += [where[min(m.start() + k, m.end() - 1)] for k in range(len(spelled) - 1)] + [where[m.end() - 1]]
        last = m.end()
    chars += flat[last:]
    positions += where[last:]
    kept = [k for k, c in enumerate(chars) if not _NOT_A_LETTER.match(c)]
    return "".join(chars[k] for k in kept), [positions[k] for k in kept]


#: (catalogue, kind) -> that catalogue's entries of the kind, by ``id`` of the catalogue (a catalogue edited
#: in homebrew is a new object): the browsers, the quick lookup and the attribute picker search one list,
#: indexed once (at idle after start, :func:`prepare`)
_SHARED: dict[tuple[int, str | None], tuple[object, list[Entry]]] = {}


def entries_of(system: RuleSystem, kind: str | None = None) -> list[Entry]:
    """:func:`reference_entries` of ``system`` (of one ``kind`` when given) sorted by name, the same list
    object as long as the system's catalogue is the same one: search indexes a list once."""
    cat = system.catalogue
    known = _SHARED.get((id(cat), kind))
    if known is not None and known[0] is cat:
        return known[1]
    if len(_SHARED) >= 12:
        del _SHARED[next(iter(_SHARED))]
    entries = [e for e in reference_entries(system) if kind is None or e.kind == kind]
    entries.sort(key=lambda e: e.name.casefold())
    _SHARED[id(cat), kind] = cat, entries
    return entries


def reference_entries(system: RuleSystem) -> list[Entry]:
    """Every searchable entry of a system: attributes, spells and rule tables."""
    cat = system.catalogue
    out = [Entry("attribute", a.id, a.name, a.summary, a.tags, a.cost.text) for a in cat.attributes.values()]
    out += [Entry("spell", s.id, s.name, s.summary, ("spell",), s.described(1)) for s in cat.spells.values()]
    out += [
        Entry("table", t.id, t.name, t.summary + " " + " ".join(" ".join(r) for r in t.rows), t.tags, "rules")
        for t in cat.tables.values()
    ]
    return out
