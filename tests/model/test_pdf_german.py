"""The German PDFs (the model's language set to German, as the window does): the army sheet (its QR code's
caption and fingerprint footer), the roster summary, the reference cards, the balance page and the game tracker
(its table rolls' line) carry no English word the program wrote itself. Each is made in English and in
German from the same army; a word both show is allowed only when it is data: the army's (names, notes),
or the rule system's (its data files, catalogue, weapon tables and rule texts, quoted as the documents
print them)."""

from __future__ import annotations

import datetime as dt
import io
import re
from dataclasses import replace
from typing import Any

import pytest
from pydantic import BaseModel
from pypdf import PdfReader

from warbench.model import i18n
from warbench.model.fileio import load_army
from warbench.model.pdf.documents import PrintOptions, document
from warbench.model.pdf.qr import printed_code
from warbench.model.pdf.summary import checksum
from warbench.model.resources import examples_dir
from warbench.model.systems import system_for

WORD = re.compile(r"[^\W\d_]{2,}")
OPTIONS = PrintOptions(date=dt.date(2026, 1, 1), tick_boxes=True)


def _options(example: str) -> PrintOptions:
    """The options, with the army file's bytes (the roster summary prints their SHA-256)."""
    return replace(OPTIONS, source=(examples_dir() / example).read_bytes())


def _text(kind: str, example: str, language: str) -> str:
    i18n.use(language)
    try:
        data = document(kind).build(load_army(examples_dir() / example), _options(example), None)
    finally:
        i18n.use("en")
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def _strings(root: Any, into: set[str]) -> set[str]:
    if isinstance(root, str):
        into.add(root)
    elif isinstance(root, BaseModel):
        _strings(root.model_dump(), into)
    elif isinstance(root, dict):
        for key, value in root.items():
            _strings(key, into)
            _strings(value, into)
    elif isinstance(root, (list, tuple, set, frozenset)):
        for item in root:
            _strings(item, into)
    elif hasattr(root, "__dict__") and not isinstance(root, type):
        _strings(vars(root), into)
    return into


def _data_words(example: str) -> set[str]:
    """The words of the army and of its rule system's data: they stay as they are in every language."""
    army = load_army(examples_dir() / example)
    system = system_for(army)
    found = _strings(army, set())
    _strings([system.name, system.data, list(system.catalogue.attributes.values())], found)
    _strings([list(system.catalogue.spells.values()), list(system.catalogue.tables.values())], found)
    _strings([getattr(system, "weapons", {}), getattr(system, "templates", {})], found)  # its tables' entries
    found |= {entry.cost.text for entry in system.catalogue.attributes.values()}  # as the rulebook prints it
    found |= {printed_code(army).fingerprint, checksum(_options(example).source or b"")}  # the army's own codes
    return {word for text in found for word in WORD.findall(text)}


def english_in_german(kind: str, example: str) -> list[str]:
    english, german = _text(kind, example, "en"), _text(kind, example, "de")
    same = set(WORD.findall(english)) & set(WORD.findall(german))
    return sorted(same - _data_words(example) - SAME_IN_GERMAN - COMMANDS)


#: our words whose German is the English (the catalogue says so: "Name", "Init"), our name, and the commands and
#: file named (the summary's "sha256sum", the QR caption's "warbench import", the balance page's docs/balance.md)
SAME_IN_GERMAN = {
    "Warbench",
    "Name",
    "Init",
    "INIT",
    "FP",
    "DAC",
    "Element",
    "Details",
    "QR",
    "SHA",
    "pt",
    "Text",
    "log",
}
COMMANDS = {"warbench", "import", "verify", "sha", "sum", "docs", "balance", "md"}


EXAMPLES = [
    "duke-it-out-brick-brigade.army.json",
    "human-force.army.json",
    "fubar-rifle-platoon.army.json",
    "2d6-dust-raiders.army.json",
    "universal-1.7-example-units.army.json",
]


@pytest.mark.parametrize("kind", ["sheet", "tracker"])
@pytest.mark.parametrize("example", EXAMPLES)
def test_the_german_sheet_and_tracker_have_no_english_of_ours(kind, example):
    assert english_in_german(kind, example) == []


@pytest.mark.parametrize("example", EXAMPLES)
def test_the_german_cards_have_no_english_of_ours(example):
    assert english_in_german("cards", example) == []


@pytest.mark.parametrize("kind", ["summary", "balance"])
@pytest.mark.parametrize("example", EXAMPLES)
def test_the_german_summary_and_balance_page_have_no_english_of_ours(kind, example):
    assert english_in_german(kind, example) == []


def test_the_qr_caption_footer_and_roll_line_are_german():
    """The parts merged after the first German PDFs: the sheet's QR caption and fingerprint footer, the
    tracker's table-roll line, the balance page's headings (their English checked too: the same as before)."""
    sheet, tracker = _text("sheet", EXAMPLES[1], "de"), _text("tracker", EXAMPLES[1], "de")
    assert "Listen-Fingerabdruck" in sheet and "als QR-Code" in sheet and "fingerprint" not in sheet
    assert "Moral hält: bei 3 Verlusten" in tracker and "Morale holds" not in tracker
    english = _text("tracker", EXAMPLES[1], "en")
    assert "Morale holds: 3 lost " in english
    assert "Aktivierung: d6 braucht" in _text("tracker", "fubar-rifle-platoon.army.json", "de")
    balance = _text("balance", EXAMPLES[1], "de")
    assert "Einheit / Element" in balance and "Wert (log. Skala)" in balance and "Seite 1" in balance
    assert "Unit / element" in _text("balance", EXAMPLES[1], "en")


def test_the_check_can_fail():
    """An English page (the model left in English) is all "the same": the check finds our words."""
    english = _text("tracker", EXAMPLES[0], "en")
    found = set(WORD.findall(english)) - _data_words(EXAMPLES[0])
    assert {"Round", "Tick", "tracker"} <= found
