"""Hangul and emoji print in an embedded font; a character no font has prints as its code point,
and the PDF names it in a note, never a blank box."""

from __future__ import annotations

import copy
import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from warbench.model.fileio import load_army
from warbench.model.pdf import fonts
from warbench.model.pdf.cards import build_cards
from warbench.model.pdf.sheet import SheetOptions, build_sheet
from warbench.model.resources import examples_dir

DIO = json.loads((examples_dir() / "duke-it-out-brick-brigade.army.json").read_text(encoding="utf-8"))
KOREAN, EMOJI = "한국어 전사", "🎲😀⚔"
NO_FONT = "\U0001fae0"  # MELTING FACE (Unicode 14): no embedded font has it


def _army(tmp_path, army_name: str, unit_name: str, element_name: str):
    data = copy.deepcopy(DIO)
    data["name"] = army_name
    data["units"][0]["name"] = unit_name
    data["units"][0]["elements"][0]["name"] = element_name
    path = tmp_path / "a.army.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return load_army(path)


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def _fonts(pdf: bytes) -> set[str]:
    names = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    return names


@pytest.mark.parametrize("build", [lambda a: build_sheet(a, SheetOptions()), build_cards], ids=["sheet", "cards"])
def test_hangul_and_emoji_print_in_embedded_fonts(tmp_path, build):
    army = _army(tmp_path, f"{KOREAN} {EMOJI} army", f"{KOREAN} unit", f"{EMOJI} tank")
    pdf = build(army)
    text = _text(pdf)
    assert KOREAN in text and EMOJI in text  # the characters themselves, not boxes or blanks
    assert "NanumSquareR" in _fonts(pdf) and "Symbola" in _fonts(pdf)
    assert "Missing characters" not in text and "[U+" not in text


@pytest.mark.parametrize("build", [lambda a: build_sheet(a, SheetOptions()), build_cards], ids=["sheet", "cards"])
def test_a_character_no_font_has_is_marked_and_named_in_a_note(tmp_path, build):
    army = _army(tmp_path, f"Melting {NO_FONT} army", "Ctrl \x1b[2J unit", f"{KOREAN} {NO_FONT}")
    text = " ".join(_text(build(army)).split())
    assert "Melting [U+1FAE0] army" in text and "Ctrl [U+001B][2J unit" in text
    assert "Missing characters: 2 characters in this army have no glyph" in text
    assert "[U+001B] control character; [U+1FAE0] melting face" in text
    assert KOREAN in text


def test_every_character_goes_to_a_font_that_has_it_or_is_marked():
    samples = [chr(c) for c in [*range(0x20, 0x3000, 7), *range(0xAC00, 0xD7A4, 97), *range(0x1F300, 0x1FB00, 3)]]
    for ch in samples:
        font = fonts.font_for(ch)
        if font in ("drop", "missing"):
            continue
        assert ord(ch) in fonts._covered(font or fonts.REGULAR) or ch.isspace(), hex(ord(ch))
    assert fonts.font_for("한") == fonts.HANGUL and fonts.font_for("🎲") == fonts.SYMBOLS
    assert fonts.font_for("中") == fonts.FALLBACK and fonts.font_for(NO_FONT) == "missing"


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=40))
def test_markup_never_leaves_a_character_without_a_glyph(text):
    out = fonts.markup(text)
    missing = fonts.missing_in([text])
    for code in missing:
        assert fonts.marker(code) in out
        assert chr(code) not in out
    # printed_length counts the markers, so the sheet's cut measures what is printed
    assert fonts.printed_length(text) == len(text) + sum(
        (len(fonts.marker(ord(ch))) - 1) for ch in text if ord(ch) in missing
    )


def test_emoji_copied_from_the_pdf_are_the_same_characters(tmp_path):
    """reportlab wrote U+1F3B2 as <1F3B2> in the ToUnicode map, which readers took as U+1F3B."""
    army = _army(tmp_path, "🎲🛡", "unit", "element")
    text = _text(build_sheet(army, SheetOptions()))
    assert "🎲🛡" in text and "\u1f3b" not in text
