"""Names that print like other names: a small confusable skeleton and a mixed-script test.

A homebrew entry named "Flyіng" with a Cyrillic і (U+0456) prints exactly like a system's own "Flying"
(``model/homebrew_checks.py`` warns about it). :func:`skeleton` maps a name to a form in which such
look-alikes are equal, after the idea of Unicode's UTS #39 skeleton, with a compact table instead of
its full data file (no library that ships that table is a dependency of this project):

1. NFKC, which folds compatibility forms: fullwidth ``Ｆ``, mathematical ``𝐅``, the Roman numeral ``ⅼ``,
   ligatures;
2. every format character dropped (category Cf: zero-width spaces and joiners, soft hyphens, direction
   marks), every run of spaces made one space;
3. each character of :data:`LOOK_ALIKES` replaced by the Latin letter it is drawn like: the Cyrillic,
   Greek and Armenian letters that have Latin twins, dotless i, the digits 0 and 1, the capital I and
   the vertical bar (drawn like l in most sans-serif fonts);
4. case folded, and ``rn`` made ``m`` (in small print the two are one shape). The capital I is mapped
   to l before the fold, so "FIying" is "Flying"; "FLYING" is not (it reads as another spelling, and
   the file's reader refuses a name that differs from a built-in one only in case).

Two names with the same skeleton may be taken one for the other by a reader. Accents are kept ("Flýing"
is not "Flying": the accent shows). :func:`mixed_scripts` names the scripts of a word that mixes
alphabets (Latin with Cyrillic, Greek, Armenian...): a name a player typed on one keyboard has one per
word. Chinese, Japanese and Korean words, which mix Han with kana or Hangul by nature, count as one.
"""

from __future__ import annotations

import re
import unicodedata

#: characters drawn like a Latin letter, and that letter (lower case; I and | are drawn like l)
LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "с": "c", "ԁ": "d", "е": "e", "һ": "h", "і": "i", "ј": "j", "к": "k", "ӏ": "l",
        "м": "m", "п": "n", "о": "o", "р": "p", "ԛ": "q", "г": "r", "ѕ": "s", "т": "t", "ѵ": "v",
        "ԝ": "w", "х": "x", "у": "y", "А": "a", "В": "b", "С": "c", "Е": "e", "Н": "h", "І": "l", "Ј": "j",
        "К": "k", "М": "m", "О": "o", "Р": "p", "Ԛ": "q", "Ѕ": "s", "Т": "t", "Ѵ": "v", "Ԝ": "w", "Х": "x",
        "У": "y", "Ү": "y", "Ӏ": "l", "ё": "ë", "ї": "ï",
        # Greek
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
        "υ": "u", "χ": "x", "γ": "y", "ϲ": "c", "ϳ": "j", "Α": "a", "Β": "b", "Ε": "e", "Ζ": "z", "Η": "h",
        "Ι": "l", "Κ": "k", "Μ": "m", "Ν": "n", "Ο": "o", "Ρ": "p", "Τ": "t", "Υ": "y", "Χ": "x", "Ϲ": "c",
        # Armenian
        "օ": "o", "ս": "u", "ո": "n", "հ": "h", "ց": "g", "զ": "q", "Ս": "u", "Օ": "o",
        # Latin and common characters drawn like letters
        "ı": "i", "ɑ": "a", "ɡ": "g", "ɩ": "i", "ʏ": "y", "ǀ": "l", "I": "l", "|": "l", "1": "l", "0": "o",
    }
)  # fmt: skip
_SPACES = re.compile(r"\s+")
#: letters that belong to a script (modifier letters such as the apostrophe ʼ belong to every one)
_LETTERS = {"Lu", "Ll", "Lt", "Lo"}
#: scripts that one word of Chinese, Japanese or Korean mixes by nature (the first word of a letter's
#: Unicode name)
_EAST_ASIAN = {"CJK", "HIRAGANA", "KATAKANA", "KATAKANA-HIRAGANA", "HANGUL", "BOPOMOFO", "IDEOGRAPHIC"}


def skeleton(name: str) -> str:
    """``name`` in a form where names that look alike are equal (see the module's docstring)."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    text = _SPACES.sub(" ", text).strip().translate(LOOK_ALIKES)
    # the table maps to letters that fold to themselves, so NFC after the fold keeps "ë" one character
    return unicodedata.normalize("NFC", text.casefold()).replace("rn", "m")


def _script(ch: str) -> str:
    """The script of a letter, as the first word of its Unicode name says it ("LATIN", "CYRILLIC")."""
    word = unicodedata.name(ch, "").split(" ", 1)[0]
    return "East Asian" if word in _EAST_ASIAN else word.capitalize()


def mixed_scripts(name: str) -> tuple[str, ...]:
    """The scripts of the first word of ``name`` whose letters are of more than one, in the order they
    come (``("Latin", "Cyrillic")`` for "Flyіng"); ``()`` when each word is of one script."""
    for word in re.findall(r"\w+", unicodedata.normalize("NFKC", name)):
        scripts = dict.fromkeys(_script(ch) for ch in word if unicodedata.category(ch) in _LETTERS)
        if len(scripts) > 1:
            return tuple(scripts)
    return ()


def differences(name: str, like: str) -> list[str]:
    """The characters of ``name`` that ``like`` does not have, each with its code point and Unicode name
    ("і is U+0456 CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I"); an invisible one is called so."""
    out: list[str] = []
    for ch in dict.fromkeys(name):
        if ch not in like:
            visible = ch.isprintable() and not unicodedata.category(ch).startswith(("C", "Z"))
            shown = ch if visible else "an invisible character"
            out.append(f"{shown} is U+{ord(ch):04X} {unicodedata.name(ch, 'character')}")
    return out
