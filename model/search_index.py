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

import functools
import operator
from collections.abc import Callable, Collection, Iterable, Sequence
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
    ``str.split`` cuts them) and :meth:`beginning` those whose text starts with one. Nothing is worked
    out before it is asked for: the word index when first needed, and the words holding or starting
    with each one- or two-character piece the first time that piece is looked up (a list's first
    search, one letter, needs a few of them, not the thousands a vocabulary has)."""

    def __init__(self, texts: Sequence[str], words: dict[str, int] | None = None) -> None:
        """``texts``: read only by :attr:`exact`, :meth:`beginning` and, without ``words``, to index
        the words. ``words``: each word of the texts and the entries using it, when the caller knows
        them."""
        self.texts = texts
        self.size = len(texts)
        if words is not None:
            self.__dict__["_words"] = words  # the cached property, known
        self._with: dict[str, list[str]] = {}  # one or two characters -> the words holding them
        self._held: dict[str, int] = {}  # one or two characters -> the entries holding them
        self._starting: dict[str, list[str]] = {}  # one or two characters -> the words starting so
        self._started: dict[str, int] = {}  # one or two characters -> the entries with a word starting so
        self._begun: dict[str, int] = {}  # one or two characters -> the entries whose text starts so

    @cached_property
    def exact(self) -> dict[str, int]:
        """Each whole text: the entries having it."""
        exact: dict[str, int] = {}
        for p, text in enumerate(self.texts):
            exact[text] = exact.get(text, 0) | 1 << p
        return exact

    @cached_property
    def _words(self) -> dict[str, int]:
        words: dict[str, int] = {}
        for p, text in enumerate(self.texts):
            bit = 1 << p
            for word in set(text.split()):
                words[word] = words.get(word, 0) | bit
        return words

    def respelled(self, texts: Sequence[str], respell: Callable[[str], str]) -> Texts:
        """The index of ``texts``, each of which is this index's text with every word respelled by
        ``respell`` (and the words it leaves empty dropped): made from this index's vocabulary, not by
        reading the texts again."""
        words: dict[str, int] = {}
        for word, mask in self._words.items():
            if new := respell(word):
                words[new] = words.get(new, 0) | mask
        return Texts(texts, words)

    def _entries(self, words: Iterable[str]) -> int:
        """The entries using any of ``words``."""
        return functools.reduce(operator.or_, map(self._words.__getitem__, words), 0)

    def _holders(self, piece: str) -> list[str]:
        """The words holding ``piece`` (one or two characters)."""
        found = self._with.get(piece)
        if found is None:
            # a pair's words are among those holding either character (the first is known from the keystroke
            # before; the rarer when both are known)
            among: Collection[str] = self._words.keys()
            if len(piece) == 2:
                known = [self._with[c] for c in piece if c in self._with]
                among = min(known, key=len) if known else self._holders(piece[0])
            found = self._with[piece] = [word for word in among if piece in word]
        return found

    def _starters(self, piece: str) -> list[str]:
        """The words starting with ``piece`` (one or two characters)."""
        found = self._starting.get(piece)
        if found is None:
            among = self._words if len(piece) == 1 else self._starters(piece[0])
            found = self._starting[piece] = [word for word in among if word.startswith(piece)]
        return found

    def word(self, word: str) -> int:
        """The entries whose text has ``word`` as one of its words."""
        return self._words.get(word, 0)

    def holding(self, piece: str) -> int:
        """The entries whose text holds ``piece`` (no spaces in it)."""
        if len(piece) <= 2:
            mask = self._held.get(piece)
            if mask is None:
                mask = self._held[piece] = self._entries(self._holders(piece))
            return mask
        # the words holding the piece's rarest two characters, then those holding all of it
        rarest = min((self._holders(piece[i : i + 2]) for i in range(len(piece) - 1)), key=len)
        return self._entries(word for word in rarest if piece in word)

    def starting(self, piece: str) -> int:
        """The entries with a word starting with ``piece`` (no spaces in it)."""
        if len(piece) > 2:
            return self._entries(word for word in self._starters(piece[:2]) if word.startswith(piece))
        mask = self._started.get(piece)
        if mask is None:
            mask = self._started[piece] = self._entries(self._starters(piece))
        return mask

    @cached_property
    def _by_head(self) -> dict[str, list[tuple[str, int]]]:
        """Each text's first character: the texts starting with it, and the entries having each."""
        by_head: dict[str, list[tuple[str, int]]] = {}
        for text, mask in self.exact.items():
            by_head.setdefault(text[:1], []).append((text, mask))
        return by_head

    def beginning(self, piece: str) -> int:
        """The entries whose text starts with ``piece``."""
        if len(piece) <= 2:
            mask = self._begun.get(piece)
            if mask is None:
                starting = [mask for text, mask in self._by_head.get(piece[:1], ()) if text.startswith(piece)]
                mask = self._begun[piece] = functools.reduce(operator.or_, starting, 0)
            return mask
        texts = self.texts
        return mask_of([p for p in positions(self.beginning(piece[:2])) if texts[p].startswith(piece)], self.size)
