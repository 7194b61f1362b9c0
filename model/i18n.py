"""The model's language: the words it writes (cost lines, the play view's states and situations, the systems'
field labels, the PDFs' and text exports' headings) and how it writes a decimal number.

The model has no Qt: its translations are the standard library's ``gettext`` catalogues,
``resources/i18n/model_<code>.mo`` (compiled from ``model_<code>.po``; docs/translating.md). This module owns
the current catalogue: the window sets it from its language at start-up (``gui/i18n.py``); the command line
keeps English (its outputs are a contract). English needs no catalogue: every message is its own msgid, so
English output is exactly what it was before translation.

Code marks its words with :func:`_` (``gettext``), :func:`ngettext` for a count ("1 line", "3 lines"),
:func:`pgettext` where one English word needs a context, and :func:`N_` for a constant translated where it
is shown. A system's data labels ("Base die", "Flank") are msgids of the same catalogue (:func:`label`); the
catalogue's template lists them (``model/i18n_data.py``).
"""

from __future__ import annotations

import gettext
from decimal import Decimal
from fractions import Fraction

from warbench.model.resources import ResourcesError, resources_dir

#: the languages with a catalogue, and each one's decimal point (English: none needed)
DECIMAL_POINTS = {"en": ".", "de": ","}
#: each language's digit-group separator ("4,296" in English, "4.296" in German)
GROUP_SEPARATORS = {"en": ",", "de": "."}

_state: dict[str, gettext.NullTranslations | str] = {"catalogue": gettext.NullTranslations(), "language": "en"}


def catalogue_path(code: str) -> str:
    """Where language ``code``'s compiled catalogue is (it may be missing: English has none)."""
    return str(resources_dir() / "i18n" / f"model_{code}.mo")


def use(code: str) -> str:
    """Make language ``code`` ("de", "de_DE", "en") the model's: its catalogue and its decimal point; an unknown
    language, or one whose catalogue is missing, is English. Returns the language used."""
    language = code.replace("-", "_").split("_")[0].lower()
    catalogue: gettext.NullTranslations = gettext.NullTranslations()
    if language != "en" and language in DECIMAL_POINTS:
        try:
            with open(catalogue_path(language), "rb") as file:
                catalogue = gettext.GNUTranslations(file)
        except (OSError, ResourcesError):
            language = "en"
    else:
        language = "en"
    _state["catalogue"], _state["language"] = catalogue, language
    return language


def language() -> str:
    """The model's language code ("en", "de")."""
    return str(_state["language"])


def _catalogue() -> gettext.NullTranslations:
    catalogue = _state["catalogue"]
    assert isinstance(catalogue, gettext.NullTranslations)
    return catalogue


def _(message: str) -> str:
    """``message`` in the model's language."""
    return _catalogue().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` of a message that counts ("{count} line", "{count} lines"), in the model's language
    (German has two forms, other languages more: the catalogue's plural rule chooses)."""
    return _catalogue().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the model's language, for one English word that is translated two ways."""
    return _catalogue().pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 (the marker's usual name)
    """Marks a constant for the catalogue (read by ``xgettext``); it is translated where shown, with :func:`_`."""
    return message


def NP_(context: str, message: str) -> str:  # noqa: N802 (the marker's usual name)
    """Marks a constant with a context for the catalogue (``xgettext --keyword=NP_:1c,2``); shown with
    :func:`pgettext` (a roll's step, "hit", is ``NP_("step", "hit")``: "hit" alone counts hits)."""
    return message


def label(text: str) -> str:
    """A rule system's word (a field's label, a state, a panel's title) in the model's language; the English
    when the catalogue has none (a homebrew or third-party system's own word)."""
    return _(text) if text else text


#: the context of a unit card's stat line's words: short forms ("BEW" for "MOVE", where the form says "BEWEGUNG")
STAT = "stat"


def stat(text: str) -> str:
    """A word of a unit card's stat line (and a text export's), in its short form in the model's language."""
    return pgettext(STAT, text) if text else text


#: the context of the attacks' kinds ("melee", "spell"; "Melee" as the matchup lists them)
ATTACK = "attack"


def attack(kind: str) -> str:
    """An attack's kind in the model's language ("melee": "Nahkampf")."""
    return pgettext(ATTACK, kind) if kind else kind


def noun(word: str) -> str:
    """A system's noun for one thing ("weapon"), in the model's language: the singular of its plural entry
    ("weapon", "weapons"), the catalogue's one entry for the word."""
    return ngettext(word, word + "s", 1) if word else word


def in_sentence(text: str) -> str:
    """A label inside a sentence: English lower-cases it ("Change base die"), German keeps its nouns' capitals."""
    return mid_sentence(label(text))


def mid_sentence(shown: str) -> str:
    """Text already in the model's language, inside a sentence: lower-cased in English only."""
    return shown.lower() if language() == "en" else shown


def quoting() -> bool:
    """Whether the rules' own texts (attribute and spell summaries, rules tables, quoted from the documents in
    English) are shown as quotations: in italics where the model's language is not English."""
    return language() != "en"


def quoted(markup: str) -> str:
    """``markup`` (HTML, escaped) of a rule text as a quotation where :func:`quoting`."""
    return f"<i>{markup}</i>" if quoting() and markup else markup


def decimal_point() -> str:
    return DECIMAL_POINTS.get(language(), ".")


def decimal(text: str) -> str:
    """A number already written in English ("1.5", "-0.25") with the model's decimal point ("1,5")."""
    point = decimal_point()
    return text if point == "." else text.replace(".", point)


def whole(n: int) -> str:
    """A whole number with the model's digit groups ("4,296"; German "4.296")."""
    return f"{n:,}".replace(",", GROUP_SEPARATORS.get(language(), ","))


def number(value: int | float | Fraction | Decimal, decimals: int) -> str:
    """``value`` with ``decimals`` places, in the model's language ("31.2", "31,2")."""
    return decimal(f"{float(value):.{decimals}f}")
