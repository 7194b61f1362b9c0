"""Warbench in German: every string of gui/ has a finished translation with the same placeholders, the
committed .ts and .qm are those ``make translations`` makes, and a window opened under de_DE shows no
English text of ours in its menus, panels and dialogs (Qt's own buttons included); numbers follow QLocale."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QDialog,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QTableWidget,
    QWidget,
)

from gui import i18n, settings

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "resources" / "i18n"
TS = I18N / "warbench_de.ts"
PLACEHOLDER = re.compile(r"\{\w*\}|%n")


def _tool(name: str) -> str:
    """pyside6-lupdate / pyside6-lrelease: installed with PySide6-Essentials, beside this Python."""
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    assert found, f"{name} not found (it comes with PySide6-Essentials)"
    return found


def messages(path: Path = TS) -> list[tuple[str, str, ET.Element]]:
    """(context, source, its <translation>) for every message of a .ts file."""
    found = []
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            found.append((name, message.findtext("source") or "", message.find("translation")))
    return found


def _forms(translation: ET.Element) -> list[str]:
    forms = [form.text or "" for form in translation.iter("numerusform")]
    return forms or [translation.text or ""]


def test_every_string_has_a_finished_german_translation():
    unfinished = [
        (context, source)
        for context, source, translation in messages()
        if translation is None or translation.get("type") or not all(f.strip() for f in _forms(translation))
    ]
    assert len(messages()) > 250  # the walk below relies on these: menus, panels, dialogs
    assert unfinished == []


def test_no_string_counts_with_a_qt_plural():
    """English has no .qm: "%n line(s)" would show as "3 line(s)". A count is two strings chosen in code."""
    assert [source for _c, source, _t in messages() if "%n" in source] == []


def test_translations_keep_placeholders_and_one_accelerator():
    wrong = []
    for context, source, translation in messages():
        for form in _forms(translation):
            if set(PLACEHOLDER.findall(form)) != set(PLACEHOLDER.findall(source)):
                wrong.append((context, source, form))
            if source.replace("&&", "").count("&") != form.replace("&&", "").count("&"):
                wrong.append((context, source, form))
    assert wrong == []


def test_the_ts_holds_every_string_of_the_sources(tmp_path):
    """lupdate over gui/ into a fresh file finds the same strings as the committed .ts (run
    ``make translations`` after adding or changing a string)."""
    fresh = tmp_path / "fresh.ts"
    subprocess.run(
        [
            _tool("pyside6-lupdate"),
            "-locations",
            "none",
            *sorted(map(str, (ROOT / "gui").glob("*.py"))),
            "-ts",
            str(fresh),
        ],
        check=True,
        capture_output=True,
    )
    assert {(c, s) for c, s, _ in messages(fresh)} == {(c, s) for c, s, _ in messages()}


def test_the_shipped_qm_is_built_from_the_ts(tmp_path):
    built = tmp_path / "warbench_de.qm"
    subprocess.run([_tool("pyside6-lrelease"), str(TS), "-qm", str(built)], check=True, capture_output=True)
    assert built.read_bytes() == (I18N / "warbench_de.qm").read_bytes()


@pytest.fixture
def german(app):
    assert QLocale().name() != "de_DE"  # the test session is in English (tests/conftest.py)
    i18n.install(app, QLocale(QLocale.Language.German, QLocale.Country.Germany))
    yield
    i18n.install(app)  # back to the session's language


def _texts(root: QWidget) -> list[tuple[str, str]]:
    """(where, text) for what ``root`` shows a player: titles, labels, buttons, tips, placeholders, headers,
    accessible names, and every menu's actions."""
    found = [("title", root.windowTitle())]
    for w in (root, *root.findChildren(QWidget)):
        try:
            found += _shown_by(w)
        except RuntimeError:  # PySide6 6.9 may list a menu whose C++ object is gone (rebuilt since): not shown
            continue
    for action in root.findChildren(QAction):  # also those of a menu whose wrapper PySide6 6.9 lost
        found += [
            (f"action {action.objectName()!r}", action.text()),
            (f"action {action.objectName()!r}", action.toolTip()),
        ]
    return found


def _shown_by(w: QWidget) -> list[tuple[str, str]]:
    """(where, text) for one widget and its actions."""
    found: list[tuple[str, str]] = []
    where = f"{type(w).__name__} {w.objectName()!r}"
    found += [(where, w.toolTip()), (where, w.accessibleName())]
    if isinstance(w, (QLabel, QAbstractButton)):
        found.append((where, w.text()))
    if isinstance(w, QGroupBox):
        found.append((where, w.title()))
    if isinstance(w, QLineEdit):
        found.append((where, w.placeholderText()))
    if isinstance(w, QTableWidget):
        for col in range(w.columnCount()):
            header = w.horizontalHeaderItem(col)
            found.append((where, header.text() if header else ""))
    if isinstance(w, QMenu):
        found.append((where, w.title()))
    for action in w.actions():
        found += [
            (f"action {action.objectName()!r}", action.text()),
            (f"action {action.objectName()!r}", action.toolTip()),
        ]
        menu = action.menu()
        if menu is not None:
            found.append(("menu", menu.title()))
    return found


def _rule_terms(system) -> set[str]:
    """What the rule system names (its reference panels, its element fields): rule data, kept in English."""
    specs = list(system.element_form)
    specs += [child for spec in specs for child in spec.children]
    return {*system.reference_titles, *(spec.label for spec in specs)}


def _english(found: list[tuple[str, str]], rule_terms: set[str] = frozenset()) -> list[tuple[str, str]]:
    """The texts that are one of our English strings whose German differs (a translation not used), the
    rule system's own terms aside."""
    english = {
        source.replace("&", "")
        for _c, source, translation in messages()
        if "{" not in source and "%n" not in source and _forms(translation)[0] != source
    } - rule_terms
    return sorted({(where, text) for where, text in found if text.replace("&", "") in english})


def test_window_panels_and_dialogs_show_no_english_under_german(qtbot, german, loaded, monkeypatch):
    from gui.reference import QuickLookup
    from gui.shortcuts import ShortcutsDialog

    assert loaded.file_menu.title() == "&Datei" and loaded.save_action.text() == "&Speichern"
    found = []
    for selected in ((0, None), (0, 0)):
        loaded.select(*selected)
        for key in loaded.docks:
            loaded.show_dock(key)
        for root in (loaded, *loaded.docks.values()):
            found += _texts(root)
    loaded.show_start_page()
    found += _texts(loaded)
    dialogs: list[QDialog] = [ShortcutsDialog(loaded), QuickLookup(loaded), loaded.print_preview()]
    for dialog in dialogs:
        found += _texts(dialog)
    assert len(found) > 500
    left = _english(found, _rule_terms(loaded.document.system))
    assert not left, "\n".join(map(str, left))


def test_the_check_can_fail_it_finds_english_in_an_english_window(qtbot, loaded):
    assert ("action 'save'", "&Save") in _english(_texts(loaded))


def test_qt_own_buttons_and_numbers_are_german(qtbot, german):
    box = QMessageBox()
    box.setStandardButtons(QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard)
    assert box.button(QMessageBox.StandardButton.Save).text() == "Speichern"
    assert i18n.chance(Fraction(1, 2)) == "50,0\u00a0%"
    assert i18n.number(Fraction(7, 1), 2) == "7,00"


def test_english_numbers_stay_as_they_were(app):
    assert i18n.chance(Fraction(7, 12)) == "58.3%" and i18n.number(7, 2) == "7.00"


def test_the_language_setting_overrides_the_desktop_and_the_menu_sets_it(qtbot, window, sandbox_dirs):
    assert i18n.chosen().name() == QLocale.system().name()  # no setting: the desktop's
    menu = window.findChild(QMenu, "language_menu")
    assert [a.text() for a in menu.actions()] == ["System default", "English", "Deutsch"]
    assert menu.actions()[0].isChecked()
    menu.actions()[2].trigger()
    assert settings.LANGUAGE.read() == "de" and i18n.chosen().language() == QLocale.Language.German
    assert "starts again" in window.statusBar().currentMessage()
    settings.LANGUAGE.write("xx")  # not one of ours: the desktop's
    assert i18n.chosen().name() == QLocale.system().name()


def test_numbers_round_as_the_cli_does(qtbot, german):
    assert i18n.chance(Fraction(5, 16)) == "31,2\u00a0%"  # 31.25: as model.matchup.percent_text rounds it
    assert i18n.number(-1.5, 1) == "-1,5"


def test_a_refused_keystroke_is_said_in_german_with_german_numbers(qtbot, german):
    from PySide6.QtWidgets import QSpinBox

    from gui.text_limits import number_message

    spin = QSpinBox()
    spin.setAccessibleName("Punkte")
    spin.setRange(0, 100_000)
    assert number_message(spin) == "Punkte nimmt ganze Zahlen von 0 bis 100.000."


def test_the_play_view_and_the_game_menu_are_german(qtbot, german, make_window, monkeypatch):
    """Table mode under de_DE (user trial: all of it was English): its buttons, menus, lists, the attack, the
    dice and the log; the rules' own words (states, situations, steps) stay as the system names them."""
    import random

    from PySide6.QtCore import Qt

    from gui import dialogs
    from model.resources import examples_dir

    monkeypatch.setattr(dialogs, "ask_opponent", lambda parent, name: "copy")
    w = make_window()
    w.play_rng = random.Random(3)
    assert w.open_file(examples_dir() / "fubar-rifle-platoon.army.json")
    w.play_action.trigger()
    view = w.play_view
    assert w.game_menu.title() == "&Spiel" and view.next_round_button.text() == "&Nächste Runde"
    assert view.round_label.text() == "Runde 1"
    assert view.sides[0].model.headerData(0, Qt.Orientation.Horizontal) == "Einheit / Element"
    panel = view.attack
    assert panel.title() == "Angriff" and panel.odds.text().startswith("P(Treffer) ")
    rolled = panel.roll()
    assert rolled is not None and "würfelt" in panel.rolls.item(0).text()
    panel.apply()
    view.roll_initiative()
    assert view.initiative_label.text().endswith(" beginnt") and "Seite A d6" in view.initiative_label.text()
    view.next_round()
    log = [view.log_model.data(view.log_model.index(row)) for row in range(view.log_model.rowCount())]
    assert log[-1].startswith("3. R1: Runde 1 → 2"), log
    assert panel.outcome.text().startswith("Angewendet: ")
    found = _texts(w) + [("log", line) for line in log]
    left = _english(found, _rule_terms(w.document.system))
    assert not left, "\n".join(map(str, left))


@pytest.mark.parametrize("example", ["human-force", "fubar-rifle-platoon", "duke-it-out-brick-brigade"])
def test_the_german_play_view_fits_a_1024x700_screen(qtbot, german, make_window, monkeypatch, example):
    """Its longer words (Zurück zum Aufbauen, Wiederholen...) made the play view's top row 1,103 pixels wide."""
    from gui import dialogs
    from model.resources import examples_dir
    from tests.gui.conftest import SMALL

    monkeypatch.setattr(dialogs, "ask_opponent", lambda parent, name: "copy")
    w = make_window()
    assert w.open_file(examples_dir() / f"{example}.army.json")
    w.play_action.trigger()
    hint = w.minimumSizeHint()
    assert hint.width() <= SMALL[0] and hint.height() <= SMALL[1], hint
    assert "P(Schaden)" in w.play_view.attack.odds.text()
