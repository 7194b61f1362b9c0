"""The table pack's own words (model/pack/words.py): every language has every word, with the same placeholders."""

from __future__ import annotations

import re

from warbench.model.pack.words import LANGUAGES, WORDS, language_from_environment


def test_every_language_has_every_word_with_its_placeholders():
    assert tuple(WORDS) == LANGUAGES
    for language, words in WORDS.items():
        assert words.keys() == WORDS["en"].keys(), language
        for key, text in words.items():
            assert set(re.findall(r"\{\w+\}", text)) == set(re.findall(r"\{\w+\}", WORDS["en"][key])), (language, key)
            assert text.strip()


def test_the_language_follows_the_environment_as_gettext_reads_it():
    assert language_from_environment({"LANG": "de_DE.UTF-8"}) == "de"
    assert language_from_environment({"LANGUAGE": "de:en", "LANG": "en_GB.UTF-8"}) == "de"
    assert language_from_environment({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE"}) == "en"
    assert language_from_environment({"LC_MESSAGES": "C"}) == "en"
    assert language_from_environment({}) == "en"
