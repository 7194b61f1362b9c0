"""gui/i18n.py: the window's counts in Qt's plural forms, in English and German."""

from __future__ import annotations

from warbench.gui.i18n import COUNTED


def test_counts_take_the_languages_plural_form(app):
    """ "1 element", "2 elements" (the English .qm's forms), not "1 element(s)" or a choice made in code."""
    assert (COUNTED.elements(1), COUNTED.elements(2)) == ("1 element", "2 elements")
    assert COUNTED.pages_laid_out("Army sheet", 1) == "Army sheet: 1 page laid out…"
    assert COUNTED.dice_cut("[1, 2", 1000).endswith("(1,000 dice; every face is in the History)")
    assert COUNTED.dice_cut("[1", 1).endswith("(1 die; every face is in the History)")


def test_counts_in_german(german):
    assert (COUNTED.elements(1), COUNTED.elements(3)) == ("1 Element", "3 Elemente")
    assert COUNTED.pages_laid_out("Armeeliste", 12) == "Armeeliste: 12 Seiten gesetzt…"
    assert COUNTED.dice_cut("[1, 2", 1000).endswith("(1.000 Würfel; jedes Ergebnis steht im Verlauf)")
