"""Embedded fonts and markup-safe text.

DejaVu Sans covers Latin, Greek, Cyrillic and many symbols; Droid Sans Fallback
covers CJK. ``markup`` escapes a user string for reportlab's Paragraph markup and
switches to the fallback font for the characters DejaVu lacks.
"""

from __future__ import annotations

from functools import cache, lru_cache
from xml.sax.saxutils import escape

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from model.resources import ResourcesError, resources_dir

REGULAR, BOLD, FALLBACK = "WarbenchSans", "WarbenchSans-Bold", "WarbenchFallback"
CONDENSED, CONDENSED_BOLD = "WarbenchSansCondensed", "WarbenchSansCondensed-Bold"
_FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    CONDENSED: "DejaVuSansCondensed.ttf",
    CONDENSED_BOLD: "DejaVuSansCondensed-Bold.ttf",
    FALLBACK: "DroidSansFallbackFull.ttf",
}


@cache
def register() -> None:
    folder = resources_dir() / "fonts"
    for name, filename in _FILES.items():
        try:
            pdfmetrics.registerFont(TTFont(name, str(folder / filename)))
        except (OSError, TTFError) as exc:
            raise ResourcesError(f"{folder / filename}: font missing or damaged ({exc})") from None
    for family, regular, bold in ((REGULAR, REGULAR, BOLD), (CONDENSED, CONDENSED, CONDENSED_BOLD)):
        addMapping(family, 0, 0, regular)
        addMapping(family, 1, 0, bold)
        addMapping(family, 0, 1, regular)
        addMapping(family, 1, 1, bold)
    addMapping(FALLBACK, 0, 0, FALLBACK)
    addMapping(FALLBACK, 1, 0, FALLBACK)


@cache
def _covered(font: str) -> frozenset[int]:
    register()
    return frozenset(pdfmetrics.getFont(font).face.charToGlyph)  # type: ignore[attr-defined]  # TTFont's face, not in the stubs


def markup(text: object) -> str:
    """``text`` escaped for Paragraph markup, with uncovered characters in the fallback font.

    Every user string must pass through here: ``<img src=...>`` or ``<font size=500>``
    in an army name then prints as those characters, never as markup.
    """
    text = "" if text is None else str(text)
    main, fallback = _covered(REGULAR), _covered(FALLBACK)
    out: list[str] = []
    run: list[str] = []
    in_fallback = False
    for ch in text:
        wants_fallback = ord(ch) not in main and ord(ch) in fallback
        if wants_fallback != in_fallback and run:
            out.append(_wrap("".join(run), in_fallback))
            run = []
        in_fallback = wants_fallback
        run.append(ch)
    if run:
        out.append(_wrap("".join(run), in_fallback))
    return "".join(out)


@lru_cache(maxsize=65536)
def fits_plain(text: str, font: str, size: float, width: float) -> bool:
    """True when ``text`` can be drawn as a plain one-line string in ``font`` within ``width``."""
    covered = _covered(REGULAR)
    return (
        all(ord(ch) in covered for ch in text)
        and "\n" not in text
        and pdfmetrics.stringWidth(text, font, size) <= width
    )


def _wrap(chunk: str, fallback: bool) -> str:
    safe = escape(chunk)
    return f'<font name="{FALLBACK}">{safe}</font>' if fallback else safe
