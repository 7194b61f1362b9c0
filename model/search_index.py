"""Which entries' texts hold a piece of text, without reading every text at each keystroke.

A search asks, for each query word, which entries' names, tags or summaries hold it. Reading every
summary for each keystroke costs about half a millisecond for 1,200 entries, and scoring each of the
thousand entries a one-letter query matches costs three. Here the entries of a list are numbered
(their positions) and a set of them is a *mask*, an ``int`` with bit ``p`` set for position ``p``:
intersecting, joining and removing sets of entries are then single integer operations.

:class:`Texts` indexes one text of every entry by its whitespace-separated words: a piece of text
without spaces is held by a text exactly when it is held by one of its words, and the entries share
their vocabulary (1,238 entries use about 8,000 distinct words), so the index is built word by word,
not character by character.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from functools import cached_property
from itertools import compress

#: a mask's binary digits (``bin``) as the bytes 0 and 1
_DIGITS = bytes.maketrans(b"01", b"\x00\x01")
#: the bytes 0 and 1 as binary digits
_BITS = bytes.maketrans(b"\x00\x01", b"01")


def positions(mask: int) -> list[int]:
    """The positions in ``mask``, in order."""
    if mask.bit_count() <= 32:  # few: bit by bit
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
    return list(compress(range(mask.bit_length()), flags(mask)))


def flags(mask: int) -> bytes:
    """A byte a position, 1 for those in ``mask`` and 0 for the others (up to its highest)."""
    return bin(mask)[:1:-1].encode().translate(_DIGITS)  # lowest bit first


def mask_of(found: list[int], size: int) -> int:
    """The mask of the positions ``found`` (each below ``size``)."""
    if len(found) <= 32:
        mask = 0
        for p in found:
            mask |= 1 << p
        return mask
    marks = bytearray(size)
    for p in found:
        marks[p] = 1
    return int(marks.translate(_BITS)[::-1], 2)


class Texts:
    """One text of each entry (by position), indexed by its words.

    ``exact`` maps each whole text to the entries having it; :meth:`holding` gives the entries whose
    text holds a piece of text, :meth:`starting` those with a word starting with one (words as
    ``str.split`` cuts them) and :meth:`beginning` those whose text starts with one. Each lookup table
    is made the first time it is needed."""

    def __init__(self, texts: list[str], words: dict[str, int] | None = None) -> None:
        """``words``: each word of the texts and the entries using it, when the caller knows them."""
        self.texts = texts
        self.size = len(texts)
        exact: dict[str, int] = {}
        for p, text in enumerate(texts):
            exact[text] = exact.get(text, 0) | 1 << p
        self.exact = exact
        if words is None:
            words = {}
            for p, text in enumerate(texts):
                bit = 1 << p
                for word in set(text.split()):
                    words[word] = words.get(word, 0) | bit
        self._words = words

    def respelled(self, texts: list[str], respell: Callable[[str], str]) -> Texts:
        """The index of ``texts``, each of which is this index's text with every word respelled by
        ``respell`` (and the words it leaves empty dropped): made from this index's vocabulary, not by
        reading the texts again."""
        words: dict[str, int] = {}
        for word, mask in self._words.items():
            if new := respell(word):
                words[new] = words.get(new, 0) | mask
        return Texts(texts, words)

    @cached_property
    def _pieces(self) -> tuple[dict[str, int], dict[str, list[str]]]:
        """Each one- and two-character piece of a word: the entries with it; each two-character piece:
        the words with it (for longer pieces)."""
        pieces: dict[str, int] = {}
        holders: dict[str, list[str]] = {}
        add = operator.add
        for word, mask in self._words.items():
            pairs = set(map(add, word, word[1:]))
            for piece in pairs.union(word):
                pieces[piece] = pieces.get(piece, 0) | mask
            for pair in pairs:
                holders.setdefault(pair, []).append(word)
        return pieces, holders

    @cached_property
    def _starts(self) -> tuple[dict[str, int], dict[str, list[str]]]:
        """Each word's first one or two characters: the entries with a word starting so, and the words."""
        starts: dict[str, int] = {}
        starters: dict[str, list[str]] = {}
        for word, mask in self._words.items():
            for start in {word[:1], word[:2]}:
                starts[start] = starts.get(start, 0) | mask
            starters.setdefault(word[:2], []).append(word)
        return starts, starters

    @cached_property
    def _heads(self) -> dict[str, int]:
        """Each text's first one or two characters: the entries whose text starts so."""
        heads: dict[str, int] = {}
        for text, mask in self.exact.items():
            for head in {text[:1], text[:2]}:
                heads[head] = heads.get(head, 0) | mask
        return heads

    def word(self, word: str) -> int:
        """The entries whose text has ``word`` as one of its words."""
        return self._words.get(word, 0)

    def holding(self, piece: str) -> int:
        """The entries whose text holds ``piece`` (no spaces in it)."""
        pieces, holders = self._pieces
        if len(piece) <= 2:
            return pieces.get(piece, 0)
        # the words holding the piece's rarest two characters, then those holding all of it
        mask = 0
        for word in min((holders.get(piece[i : i + 2], ()) for i in range(len(piece) - 1)), key=len):
            if piece in word:
                mask |= self._words[word]
        return mask

    def starting(self, piece: str) -> int:
        """The entries with a word starting with ``piece`` (no spaces in it)."""
        starts, starters = self._starts
        if len(piece) <= 2:
            return starts.get(piece, 0)
        mask = 0
        for word in starters.get(piece[:2], ()):
            if word.startswith(piece):
                mask |= self._words[word]
        return mask

    def beginning(self, piece: str) -> int:
        """The entries whose text starts with ``piece``."""
        if len(piece) <= 2:
            return self._heads.get(piece, 0)
        texts = self.texts
        return mask_of([p for p in positions(self._heads.get(piece[:2], 0)) if texts[p].startswith(piece)], self.size)
