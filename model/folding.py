"""Text folded for comparison: lower case without accents (what search and the cost lines' rule lookup
compare). Its own module so that the start-up, which looks up cost lines, does not load the search."""

from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """Lower case without accents: 'Zoë' → 'zoe'."""
    if text.isascii():  # nearly every text: nothing to decompose, and casefold is lower
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
