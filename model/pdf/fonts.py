"""Embedded fonts and markup-safe text.

DejaVu Sans covers Latin, Greek, Cyrillic and many symbols; Droid Sans Fallback
covers Chinese and Japanese; Nanum Square covers Korean (all 11,172 Hangul
syllables); Symbola covers the emoji and symbols of Unicode 9. ``markup``
escapes a user string for reportlab's Paragraph markup and switches to the
first font that has each character. A character no font has is never printed
as a blank: it becomes a visible marker naming its code point ("[U+1FAE0]"),
and the PDF adds a note listing those characters (``missing_note``).

The Korean and symbol fonts are read only when a text needs them, so an army
in Latin script pays nothing for them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache
from xml.sax.saxutils import escape

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics, ttfonts

from warbench.model.resources import ResourcesError, resources_dir

REGULAR, BOLD, FALLBACK = "WarbenchSans", "WarbenchSans-Bold", "WarbenchFallback"
CONDENSED, CONDENSED_BOLD = "WarbenchSansCondensed", "WarbenchSansCondensed-Bold"
HANGUL, SYMBOLS = "WarbenchHangul", "WarbenchSymbols"
_FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    CONDENSED: "DejaVuSansCondensed.ttf",
    CONDENSED_BOLD: "DejaVuSansCondensed-Bold.ttf",
    FALLBACK: "DroidSansFallbackFull.ttf",
}
#: fonts read on first use, each tried in this order after DejaVu and Droid Sans Fallback
_LATER = {HANGUL: "NanumSquareR.ttf", SYMBOLS: "Symbola.ttf"}
FALLBACKS = (FALLBACK, HANGUL, SYMBOLS)

#: the colour of the note that lists the characters no font has
MISSING_COLOUR = "#c62828"
#: invisible characters that only join or select the look of their neighbours (ZWJ in 👨‍👩‍👧,
#: the emoji variation selector): dropped, as a renderer without that feature would
_INVISIBLE = frozenset([0x200C, 0x200D, *range(0xFE00, 0xFE10)])
_MAIN, _DROP, _MISSING = "", "drop", "missing"
#: the line and paragraph separators (U+2028, U+2029): DejaVu's glyph for them is blank, and a Paragraph
#: takes them for a space, so a name holding one would print as two words or one; each prints as its
#: marker ("[U+2029]") and is named in the note, as a control character is (``\x1b`` prints "[U+001B]")
_SEPARATORS = frozenset([0x2028, 0x2029])

_missing: ContextVar[set[int] | None] = ContextVar("warbench_missing_glyphs", default=None)


def _register(name: str, filename: str) -> None:
    path = resources_dir() / "fonts" / filename
    try:
        pdfmetrics.registerFont(ttfonts.TTFont(name, str(path)))
    except (OSError, ttfonts.TTFError) as exc:
        raise ResourcesError(f"{path}: font missing or damaged ({exc})") from None
    addMapping(name, 0, 0, name)
    addMapping(name, 1, 0, name)
    addMapping(name, 0, 1, name)
    addMapping(name, 1, 1, name)


_reportlab_cmap = ttfonts.makeToUnicodeCMap
_ASTRAL = re.compile(r"^(<[0-9A-F]{2}> )<([0-9A-F]{5,6})>$", re.M)


def _to_unicode_cmap(fontname: str, subset: list[int]) -> str:
    """reportlab's ToUnicode CMap, with characters beyond U+FFFF written as UTF-16 surrogate pairs.

    reportlab writes U+1F3B2 as ``<1F3B2>``, which PDF readers take as U+1F3B: copying,
    searching or extracting an emoji from the PDF gave another character."""
    return _ASTRAL.sub(
        lambda m: f"{m[1]}<{chr(int(m[2], 16)).encode('utf-16-be').hex().upper()}>", _reportlab_cmap(fontname, subset)
    )


@cache
def register() -> None:
    ttfonts.makeToUnicodeCMap = _to_unicode_cmap
    for name, filename in _FILES.items():
        _register(name, filename)
    for family, regular, bold in ((REGULAR, REGULAR, BOLD), (CONDENSED, CONDENSED, CONDENSED_BOLD)):
        addMapping(family, 0, 0, regular)
        addMapping(family, 1, 0, bold)
        addMapping(family, 0, 1, regular)
        addMapping(family, 1, 1, bold)


@cache
def _covered(font: str) -> frozenset[int]:
    register()
    if font in _LATER:
        _register(font, _LATER[font])
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)  # type: ignore[attr-defined]  # TTFont's face, not in the stubs


@lru_cache(maxsize=65536)
def font_for(ch: str) -> str:
    """The font that prints ``ch``: "" for the main font, a fallback's name, "drop" for an
    invisible joiner, or "missing" when no embedded font has it."""
    code = ord(ch)
    if code in _SEPARATORS:
        return _MISSING  # a font's glyph for them is blank: marked as a control character is
    if code in _covered(REGULAR) or ch in "\n\r\t ":
        return _MAIN
    if code in _INVISIBLE:
        return _DROP
    if not unicodedata.category(ch).startswith("C") or unicodedata.category(ch) == "Co":
        for font in FALLBACKS:
            if code in _covered(font):
                return font
    return _MISSING


def marker(code: int) -> str:
    """What a character no font has is printed as."""
    return f"[U+{code:04X}]"


def markup(text: object) -> str:
    """``text`` escaped for Paragraph markup, each character in the first font that has it.

    Every user string must pass through here: ``<img src=...>`` or ``<font size=500>``
    in an army name then prints as those characters, never as markup. A character
    no font has prints as its marker and is recorded for ``missing_note``.
    """
    text = "" if text is None else str(text)
    if text.isascii() and text.isprintable():  # the common case: all in the main font
        return escape(text)
    out: list[str] = []
    run: list[str] = []
    current = _MAIN
    for ch in text:
        font = font_for(ch)
        if font == _DROP:
            continue
        if font != current and run:
            out.append(_wrap("".join(run), current))
            run = []
        current = font
        run.append(ch)
    if run:
        out.append(_wrap("".join(run), current))
    return "".join(out)


def missing_in(texts: Iterable[object]) -> set[int]:
    """The code points in ``texts`` that no embedded font has."""
    found: set[int] = set()
    for text in texts:
        text = "" if text is None else str(text)
        if not (text.isascii() and text.isprintable()):
            found.update(ord(ch) for ch in set(text) if font_for(ch) == _MISSING)
    return found


def printed_length(text: str) -> int:
    """Characters ``text`` prints as: a missing character prints as its marker."""
    if text.isascii() and text.isprintable():
        return len(text)
    return len(text) + sum(len(marker(ord(ch))) - 1 for ch in text if font_for(ch) == _MISSING)


@contextmanager
def collect_missing() -> Iterator[set[int]]:
    """Within the block, ``markup`` adds each character it could not print to the set yielded."""
    found: set[int] = set()
    token = _missing.set(found)
    try:
        yield found
    finally:
        _missing.reset(token)


def missing_note(codes: Iterable[int], most: int = 24) -> str:
    """One plain sentence naming the characters no font has, by code point and Unicode name."""
    codes = sorted(set(codes))
    if not codes:
        return ""
    names = [f"{marker(c)} {_name(c)}" for c in codes[:most]]
    more = f", and {len(codes) - most:,} more" if len(codes) > most else ""
    many = len(codes) != 1
    return (
        f"Missing characters: {len(codes):,} character{'s' * many} in this army "
        f"{'have' if many else 'has'} no glyph in Warbench's fonts and "
        f"{'are printed as their code points' if many else 'is printed as its code point'}: "
        + "; ".join(names)
        + more
        + "."
    )


def _name(code: int) -> str:
    ch = chr(code)
    if unicodedata.category(ch) == "Cc":
        return "control character"
    return unicodedata.name(ch, "unnamed character").lower()


@lru_cache(maxsize=65536)
def fits_plain(text: str, font: str, size: float, width: float) -> bool:
    """True when ``text`` can be drawn as a plain one-line string in ``font`` within ``width``."""
    covered = _covered(REGULAR)
    return (
        all(ord(ch) in covered and ord(ch) not in _SEPARATORS for ch in text)
        and "\n" not in text
        and pdfmetrics.stringWidth(text, font, size) <= width
    )


def _wrap(chunk: str, font: str) -> str:
    if font == _MISSING:
        found = _missing.get()
        if found is not None:
            found.update(map(ord, chunk))
        return "".join(marker(ord(ch)) for ch in chunk)  # in the text's own colour: legible on any band
    safe = escape(chunk)
    return f'<font name="{font}">{safe}</font>' if font else safe
