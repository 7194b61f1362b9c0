"""Warbench in German: every string of gui/ has a finished translation with the same placeholders, the
committed .ts and .qm are those ``make translations`` makes, and a window opened under de_DE shows no
English text of ours in its menus, panels and dialogs (Qt's own buttons included); numbers follow QLocale.

A string never wrapped in tr() is in no .ts: the walk of every window, panel, menu, dialog and message box,
made once in English and once in German, finds each text shown the same in both that is not user or rule
data, a name, a key or a number (``test_no_text_is_shown_the_same_in_english_and_german``)."""

from __future__ import annotations

import dataclasses
import html
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest
from pydantic import BaseModel
from PySide6.QtCore import QAbstractListModel, QLocale, QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDialog,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QStatusBar,
    QTabBar,
    QTableView,
    QTreeView,
    QWidget,
)

from warbench.gui import dialogs as dialogs_module
from warbench.gui import i18n, settings
from warbench.gui.docks import DOCKS

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


EN_TS = I18N / "warbench_en.ts"
#: a plural chosen by hand ("1 page" if n == 1 else "{n} pages"): no other language's plural rules fit it
HAND_PLURAL = re.compile(r"""(\bone|\btr\("[^"]*"\)) if [\w().]+ (==|!=) 1 else|'s' \* \(""")


def test_counts_use_qt_numerus_forms_and_english_has_them():
    """A count is one string with Qt's numerus forms (``self.tr("%n page(s)", "", n)``): German has two forms,
    other languages more. English ships a .qm holding only those (``lupdate -pluralonly``), so an English
    window shows "3 pages", not "3 page(s)"; every numerus message of the German file is in it, finished."""
    numerus = {(c, s) for c, s, t in messages() if t is not None and list(t.iter("numerusform"))}
    assert len(numerus) >= 8
    english = {(c, s): _forms(t) for c, s, t in messages(EN_TS)}
    assert set(english) == numerus
    assert all(len(forms) == 2 and all(f.strip() and "(s)" not in f for f in forms) for forms in english.values())
    by_hand = [
        f"{path.name}:{n}"
        for path in sorted((ROOT / "gui").glob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HAND_PLURAL.search(line)
    ]
    assert by_hand == []


def test_the_shipped_english_qm_is_built_from_its_ts(tmp_path):
    built = tmp_path / "warbench_en.qm"
    subprocess.run([_tool("pyside6-lrelease"), str(EN_TS), "-qm", str(built)], check=True, capture_output=True)
    assert built.read_bytes() == (I18N / "warbench_en.qm").read_bytes()


def test_english_counts_read_as_english(qtbot, app):
    from warbench.gui.play_text import hits, shots

    assert (hits(1), hits(3), shots(1), shots(2)) == ("1 hit", "3 hits", "1 shot", "2 shots")


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
    """lupdate over gui/ and the print documents' titles (model/pdf/documents.py) into a fresh file finds the
    same strings as the committed .ts (run ``make translations`` after adding or changing a string)."""
    fresh = tmp_path / "fresh.ts"
    subprocess.run(
        [
            _tool("pyside6-lupdate"),
            "-locations",
            "none",
            *sorted(map(str, (ROOT / "gui").glob("*.py"))),
            str(ROOT / "model" / "pdf" / "documents.py"),
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
    if isinstance(w, (QTableView, QTreeView)) and w.model() is not None:  # their column headers
        model = w.model()
        columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount(QModelIndex())  # (private there)
        found += [(where, str(model.headerData(c, Qt.Orientation.Horizontal) or "")) for c in range(columns)]
    if isinstance(w, QComboBox):
        found += [(where, w.itemText(i)) for i in range(w.count())]
    if isinstance(w, QTabBar):
        found += [(where, w.tabText(i)) for i in range(w.count())]
    if isinstance(w, QDockWidget):
        found.append((where, w.windowTitle()))
    if isinstance(w, QMenu):
        found.append((where, w.title()))
    for action in w.actions():
        found += [
            (f"action {action.objectName()!r}", action.text()),
            (f"action {action.objectName()!r}", action.toolTip()),
        ]
    return found  # each menu is a child widget: its title is read as such (not via QAction.menu(), see gui/menus.py)


def _actions(system) -> list[frozenset[str]]:
    """The Matchup's actions: the combat facet's (none without an attack model)."""
    return system.combat.actions() if system.combat else []


def _rule_terms(system) -> set[str]:
    """What the rule system names (its reference panels, its element fields): rule data, kept in English."""
    specs = list(system.schema.element_form)
    specs += [child for spec in specs for child in spec.children]
    return {*system.reference.reference_titles, *(spec.label for spec in specs)}


def _english(found: list[tuple[str, str]], rule_terms: set[str] = frozenset()) -> list[tuple[str, str]]:
    """The texts that are one of our English strings whose German differs (a translation not used), the
    rule system's own terms aside, and those German also says as English does in another place ("&Markdown"
    is German too, though "Markdown" alone is "Markdown-Text")."""
    plain = [
        (source.replace("&", ""), _forms(translation)[0].replace("&", "")) for _c, source, translation in messages()
    ]
    same_in_german = {source for source, german in plain if german == source}
    english = (
        {source for source, german in plain if "{" not in source and "%n" not in source and german != source}
        - rule_terms
        - same_in_german
    )
    return sorted({(where, text) for where, text in found if text.replace("&", "") in english})


def _panels(window) -> list[tuple[str, str]]:
    """What the window and every panel show with a unit selected, then an element."""
    found = []
    for selected in ((0, None), (0, 0)):
        window.select(*selected)
        for key in window.reference.docks:
            window.reference.show_dock(key)
        for root in (window, *window.reference.docks.values()):
            found += _texts(root)
    return found


def test_window_panels_and_dialogs_show_no_english_under_german(qtbot, german, loaded, monkeypatch):
    from warbench.gui.reference import QuickLookup
    from warbench.gui.shortcuts import ShortcutsDialog

    assert loaded.commands.file_menu.title() == "&Datei" and loaded.commands.save_action.text() == "Armee &speichern"
    found = _panels(loaded)
    loaded.start.show_start_page()
    found += _texts(loaded)
    dialogs: list[QDialog] = [ShortcutsDialog(loaded), QuickLookup(loaded), loaded.files.print_preview()]
    for dialog in dialogs:
        found += _texts(dialog)
    assert len(found) > 500
    left = _english(found, _data(loaded, set()) | PROPER_NAMES)  # rule and user data stay as they are
    assert not left, "\n".join(map(str, left))


def test_the_check_can_fail_it_finds_english_in_an_english_window(qtbot, loaded):
    assert ("action 'save'", "&Save Army") in _english(_texts(loaded))


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

    from warbench.gui.text_limits import number_message

    spin = QSpinBox()
    spin.setAccessibleName("Punkte")
    spin.setRange(0, 100_000)
    assert number_message(spin) == "Punkte nimmt ganze Zahlen von 0 bis 100.000."


# --- strings never wrapped: shown the same in English and in German ------------------------------------------

SHOW_MESSAGE = QStatusBar.showMessage  # as Qt has it (the walk records each message, then shows it)
#: the dialogs module's functions as written (the ``answers`` fixture replaces them with recorders)
REAL_DIALOGS = {name: getattr(dialogs_module, name) for name in dir(dialogs_module) if not name.startswith("_")}
#: names that are the same in every language: ours, the libraries', fonts' and licences' (the About box)
PROPER_NAMES = {
    "Warbench",
    "Qt",
    *(part for row in dialogs_module.LIBRARIES for part in (row[0], row[2])),
    *(row[0] for row in dialogs_module.FONTS),
    "Apache License 2.0",
    "OK",  # Qt's button, "OK" in German too
    "Markdown",
    "BBCode",
}
#: key names as QKeySequence shows them ("Ctrl+Shift+Z", "F1", "Strg+Umschalt+Z")
KEYS = re.compile(r"(?:\b(?:Ctrl|Strg|Shift|Umschalt|Alt|Meta)\+)+\S+|\bF\d{1,2}\b|\b(?:Del|Esc|Tab|PgUp|PgDown)\b")
WORD = re.compile(r"[^\W\d_]{2,}")
TAG = re.compile(r"<[^>]*>")  # a rich-text tip's markup (gui/plain.py)


def _strings(root: object, into: set[str], depth: int = 0) -> set[str]:
    """Every string inside ``root`` (pydantic models, dataclasses, containers): data, not our words."""
    if depth > 15:
        return into
    if isinstance(root, str):
        into.add(root)
    elif isinstance(root, BaseModel):
        _strings(root.model_dump(), into, depth + 1)
    elif dataclasses.is_dataclass(root) and not isinstance(root, type):
        for field in dataclasses.fields(root):
            _strings(getattr(root, field.name), into, depth + 1)
    elif isinstance(root, dict):
        for key, value in root.items():
            _strings(key, into, depth + 1)
            _strings(value, into, depth + 1)
    elif isinstance(root, (list, tuple, set, frozenset)):
        for item in root:
            _strings(item, into, depth + 1)
    return into


def _data(window, extra: set[str]) -> set[str]:
    """User data (the army, the example armies' names) and rule data (every system's names, the open system's
    data files, catalogue and class-level terms): shown as they are in every language."""
    import json

    from warbench.model.resources import examples_dir
    from warbench.model.systems import system_names

    system = window.document.system
    found = _strings(window.document.army, set(extra))
    _strings(
        [
            system.name,
            system.presentation.short_name,
            system.presentation.currency,
            system.data,
            list(system_names().values()),
        ],
        found,
    )
    _strings(list(system.catalogue.attributes.values()) + list(system.catalogue.spells.values()), found)
    _strings(list(system.catalogue.tables.values()), found)
    found |= {a.cost.text for a in system.catalogue.attributes.values()}  # "special (no cost)"
    facets = [system.presentation, system.pricing, system.reference, system.play, system.combat, system.homebrew]
    for cls in (c for owner in (system, *filter(None, facets)) for c in type(owner).__mro__):
        for name, value in vars(cls).items():
            if not name.startswith("__") and isinstance(value, (str, tuple, list, dict, frozenset)):
                _strings(value, found)
    _strings(
        [
            _rule_terms(system),
            list(system.schema.element_form),
            system.schema.options_form,
            system.homebrew.homebrew_kinds() if system.homebrew else (),
            system.reference.dice_check,
        ],
        found,
    )
    _strings(system.reference.dice_presets(), found)
    found |= {name.replace("-", " ").capitalize() for action in _actions(system) for name in action}  # Matchup
    document = window.document
    _strings(document.cost.warnings, found)  # warnings worked out by the model (its cost lines are translated)
    found |= {e.name for u in document.cost.units for e in u.elements} | {u.name for u in document.cost.units}
    for element in (e for unit in document.army.units for e in unit.elements):  # "needs Amphibious or Waterborne"
        found |= {system.reference.unmet_requirement(entry, element) or "" for entry in system.catalogue.attributes}
    for ui, unit in enumerate(document.army.units):
        for ei in range(len(unit.elements)):
            published = document.published_difference(ui, ei)
            if published is not None:
                found |= {
                    published.summary(system.presentation.currency),
                    published.explanation(),
                    published.explanation(False),
                }
    for example in examples_dir().glob("*.army.json"):
        found.add(json.loads(example.read_text(encoding="utf-8"))["name"])
    found |= {text.lower() for text in found}  # "Weapons 1: barrels": a field's label, lower-cased
    # a system's label with a German of its own is shown in German (a unit the player named "Armour" aside)
    return (found - _translated_data()) | _strings(document.army, set())


def _translated_data() -> set[str]:
    """The rule systems' words (labels, states, situations, panel titles) the model's German catalogue
    translates (model/i18n_data.py, resources/i18n/model_de.po): never allowed to show in English."""
    import gettext

    from warbench.model.i18n_data import all_words

    with (I18N / "model_de.mo").open("rb") as file:
        german = gettext.GNUTranslations(file)
    words = {word for word in all_words() if german.gettext(word) != word}
    return words | {word.lower() for word in words}


def _same_in_german() -> set[str]:
    """The parts around the placeholders of our strings whose German is the English ("{name}: {value}")."""
    return {
        part.replace("&", "")
        for _c, source, translation in messages()
        if _forms(translation)[0] == source
        for part in PLACEHOLDER.split(source)
        if WORD.search(part)
    }


def _untranslated(text: str, allowed: re.Pattern) -> bool:
    """Whether ``text`` has a word left once every allowed phrase (data, names, keys) is taken out."""
    rest = allowed.sub(" ", html.unescape(TAG.sub(" ", text)))  # "Run, Duck & Weave": data with its "&"
    rest = KEYS.sub(" ", allowed.sub(" ", rest.replace("&", "")))
    return bool(WORD.search(rest))


#: an example army of each other rule system: its panels and homebrew dialogs are walked too
OTHER_SYSTEMS = (
    "2d6-dust-raiders.army.json",
    "duke-it-out-brick-brigade.army.json",
    "fubar-rifle-platoon.army.json",
    "universal-1.7-example-units.army.json",
)


def _walk_everything(window, answers, monkeypatch, tmp_path, data: set[str]) -> list[tuple[str, str]]:
    """(where, text) for what a player can see: the window with an army open (every panel, a unit and an
    element selected), the start page, every menu and the tree's context menu, and every dialog and message
    box of ours, each built and read instead of shown (``exec`` is patched: nothing waits)."""
    from PySide6.QtWidgets import QFileDialog, QInputDialog

    from tests.helpers import damaged_example
    from warbench.gui.code_import import ImportTextDialog
    from warbench.gui.homebrew import HomebrewDialog
    from warbench.gui.library import PickDialog
    from warbench.gui.reference import QuickLookup
    from warbench.gui.repair_list import RepairListDialog
    from warbench.gui.shortcuts import ShortcutsDialog
    from warbench.model.repair import repair_army
    from warbench.model.resources import examples_dir

    found: list[tuple[str, str]] = []
    answers.errors.clear()

    def read(self, *_args) -> int:
        found.extend(_texts(self))
        return 0

    def read_file_dialog(_parent, caption, _folder="", filters="", *_args, **_kwargs):
        found.extend([("file dialog", caption), *(("file type", f) for f in filters.split(";;"))])
        return "", ""

    for cls in (QDialog, QMessageBox, QInputDialog):
        monkeypatch.setattr(cls, "exec", read)
    monkeypatch.setattr(QMenu, "exec", read)
    monkeypatch.setattr(QMenu, "popup", read)
    monkeypatch.setattr(
        QStatusBar, "showMessage", lambda bar, text, *a: found.append(("status", text)) or SHOW_MESSAGE(bar, text, *a)
    )
    monkeypatch.setattr(QFileDialog, "getSaveFileName", read_file_dialog)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", read_file_dialog)
    monkeypatch.setattr(
        QMessageBox, "about", lambda _parent, title, html: found.extend([("about", title), *_html_lines(html)])
    )

    window.open_file(examples_dir() / "human-force.army.json")
    found += _panels(window)
    found += _texts(window.commands.tree_menu())
    system = window.document.system
    lookup = QuickLookup(window)
    lookup.open_for(system)
    found += _texts(lookup)
    for row in range(lookup.results.count()):
        found.append(("lookup result", lookup.results.item(row).text()))
    made: list[QDialog] = [ShortcutsDialog(window), window.files.print_preview(), ImportTextDialog(window)]
    made += [
        HomebrewDialog(system, {}, kind, None, False, window)
        for kind in (system.homebrew.homebrew_kinds() if system.homebrew else ())
    ]
    made.append(PickDialog("Insert from Library", [("Alpha Squad", "3 elements", 1)], multi=True, parent=window))
    tmp_path.mkdir()
    bad = damaged_example(tmp_path)[0]
    repairs = repair_army(bad.read_bytes())[1]
    made.append(RepairListDialog(str(bad), repairs, window))
    for dialog in made:
        found += _texts(dialog)
    for row in range(made[-1].findChild(QTableView).model().rowCount()):
        table = made[-1].findChild(QTableView).model()
        found += [("repair", str(table.index(row, col).data())) for col in range(table.columnCount())]
    real = REAL_DIALOGS
    real["ask_unsaved"](window, "Human Force")
    real["ask_recover"](window, "Human Force")
    real["ask_changed_on_disk"](window, str(bad))
    real["ask_add_homebrew"](window, "Human Force", ["Alpha"])
    real["ask_delete"](window, "Delete", "Delete Alpha?")
    real["ask_open_pdf"](window, str(bad))
    real["ask_show_folder"](window, str(bad))
    real["ask_open_with_repairs"](window, "Cannot open army", str(bad))
    real["accept_repairs"](window, str(bad), repairs)
    real["show_about"](window)
    real["new_army"](window)
    real["open_path"](window, str(tmp_path))
    real["save_path"](window, str(tmp_path))
    real["export_path"](window, "Export", str(tmp_path))
    monkeypatch.setattr(dialogs_module, "typed_save_path", real["typed_save_path"])
    window.text_export.export_text()
    data |= _data(window, set())
    window.select(0, 0)
    edits = ("copy", "paste", "duplicate", "move_down", "add_unit", "add_element", "delete", "rename")
    for action in (*(getattr(window.commands, f"{name}_action") for name in edits), *window.findChildren(QAction)):
        if action.objectName().startswith(("copy_text_", "save_design", "insert_design", "import_units")) or (
            action.objectName() in edits
        ):
            action.trigger()  # each edit's undo text, each refusal's or report's status message
            found.append(("undo", window.commands.undo_action.text()))
    data |= _data(window, set())  # the model's words on the army as edited
    window.document.undo_stack.setClean()  # the next armies open without asking
    for example in OTHER_SYSTEMS:
        window.open_file(examples_dir() / example)
        found += _panels(window)
        other = window.document.system
        kinds = other.homebrew.homebrew_kinds() if other.homebrew else ()
        found += [t for kind in kinds for t in _texts(HomebrewDialog(other, {}, kind, None, False))]
        data |= _data(window, set())
    window.open_file(bad, ask=False)  # refused: its error box, the offer of repairs (recorded by ``answers``)
    window.start.show_start_page()
    found += _texts(window)
    found += [("message", text) for pair in answers.errors for text in pair]
    return found


def _html_lines(html: str) -> list[tuple[str, str]]:
    from PySide6.QtGui import QTextDocument

    document = QTextDocument()
    document.setHtml(html)
    return [("about", line) for line in document.toPlainText().splitlines() if line.strip()]


def _english_in_both(english, german, allowed_words: set[str]) -> list[tuple[str, str]]:
    """What German shows exactly as English does and is not data, a name, a key or a number."""
    shown_in_english = {text for _where, text in english}
    same = {(where, text) for where, text in german if text in shown_in_english}
    texts = "\n".join(html.unescape(TAG.sub(" ", text)) for _where, text in same)
    found = sorted((s for s in allowed_words if s.strip() and (s in texts or s in texts.replace("&", ""))), key=len)
    allowed = re.compile("|".join(rf"(?<!\w){re.escape(s)}(?!\w)" for s in reversed(found)) or "(?!)")
    return sorted((where, text) for where, text in same if _untranslated(text, allowed))


@pytest.fixture
def both_languages(app, make_window, answers, monkeypatch, tmp_path):
    """(English walk, German walk, allowed words): the same windows and dialogs made once in each language."""
    from tests.helpers import damaged_example
    from warbench.model.repair import repair_army

    english = _walk_everything(make_window(), answers, monkeypatch, tmp_path / "en", set())
    data: set[str] = set()
    i18n.install(app, QLocale(QLocale.Language.German, QLocale.Country.Germany))
    try:
        german_window = make_window()
        german = _walk_everything(german_window, answers, monkeypatch, tmp_path / "de", data)
    finally:
        i18n.install(app)
    paths = {str(tmp_path / lang / "bad.army.json") for lang in ("en", "de")} | {
        str(tmp_path / "en"),
        str(tmp_path / "de"),
    }
    repairs = _strings(repair_army(damaged_example(tmp_path)[0].read_bytes())[1], set())  # the model's words
    from warbench.model.resources import examples_dir

    test_input = {
        "Cannot open army",
        "Delete",
        "Delete Alpha?",
        "Insert from Library",
        "Alpha Squad",
        "Export",
    }
    for example in ("human-force.army.json", *OTHER_SYSTEMS):  # the recent files
        test_input |= {example, str(examples_dir() / example), str((examples_dir() / example).resolve())}
    test_input |= set(i18n.LANGUAGES.values())
    allowed = data | paths | PROPER_NAMES | repairs | test_input | _same_in_german()
    return english, german, allowed


def test_no_text_is_shown_the_same_in_english_and_german(qtbot, both_languages):
    english, german, allowed = both_languages
    assert len(german) > 800
    # the check can fail: a text left in English is found, data and names with our German are not
    unwrapped = ("QLabel 'x'", "Unwrapped text")
    assert unwrapped in _english_in_both([*english, unwrapped], [*german, unwrapped], allowed)
    shown = ("title", "Human Force — Warbench")
    assert _english_in_both([*english, shown], [*german, shown], allowed) == _english_in_both(english, german, allowed)
    left = _english_in_both(english, german, allowed)
    assert not left, f"{len(left)} texts not translated:\n" + "\n".join(map(str, left))


def test_new_units_and_elements_are_named_in_german(qtbot, german, loaded):
    """The names Warbench gives are the player's to keep: in the player's language ("Einheit 4" and its
    first element, "Neues Element"), not the model's English."""
    loaded.commands.add_unit_action.trigger()
    unit = loaded.document.army.units[-1]
    assert unit.name == f"Einheit {len(loaded.document.army.units)}"
    assert [e.name for e in unit.elements] == ["Neues Element"]
    loaded.commands.add_element_action.trigger()
    assert loaded.document.army.units[-1].elements[-1].name == "Neues Element 2"
    assert loaded.document.undo_stack.undoText() == "Element zu " + unit.name + " hinzufügen"


@pytest.mark.parametrize("key", [d.key for d in DOCKS])
def test_german_panels_fit_their_dock_at_1024x700(qtbot, german, loaded, key):
    """German words are longer: a panel whose narrowest layout is wider than its dock at 1024x700 is cut at
    the right (the Attributes panel's "In dieser Armee verwendet", the dice panel's re-roll box)."""
    from PySide6.QtWidgets import QScrollArea

    loaded.select(0, 0)
    loaded.reference.show_dock(key)
    dock = loaded.reference.docks[key]
    scroll = dock.widget()
    assert isinstance(scroll, QScrollArea) and not dock.isFloating()
    qtbot.waitUntil(lambda: scroll.viewport().width() > 0)
    assert scroll.widget().minimumSizeHint().width() <= scroll.viewport().width(), dock.windowTitle()


def test_key_names_and_the_browsers_tables_are_said_in_german(qtbot, german, loaded):
    """Tool tips name keys as the desktop does ("Strg+E", not "Ctrl+E"); a screen reader hears the
    attribute table as "Eigenschaften" (its name was the English of the browser's kind)."""
    assert loaded.commands.add_element_action.toolTip() == "Element hinzufügen (Strg+E)"
    assert loaded.reference.attribute_browser.table.accessibleName() == "Eigenschaften"
    assert loaded.reference.spell_browser.table.accessibleName() == "Zauber"


def test_copies_and_copied_text_are_named_in_german(qtbot, german, loaded):
    """A duplicate's name is the player's to keep ("Assault Troop (Kopie)"); the status names the text format
    as a player calls it ("als Markdown-Text"), not by the code's key ("markdown")."""
    loaded.select(0, 0)
    loaded.commands.duplicate_action.trigger()
    assert loaded.document.army.units[0].elements[1].name == "Assault Troop (Kopie)"
    loaded.select(0, None)
    loaded.commands.duplicate_action.trigger()
    assert loaded.document.army.units[1].name == "Assault Squad (Kopie)"
    loaded.commands.copy_army_text("markdown")
    assert loaded.statusBar().currentMessage().startswith("Human Force als Markdown-Text kopiert")


def test_why_another_launchs_file_is_refused_is_said_in_german(qtbot, german, tmp_path):
    """The running window's status line names each refused file's reason (gui/single_instance.py)."""
    from warbench.gui.single_instance import usable

    assert [usable(5), usable("relative.army.json"), usable(str(tmp_path / "gone")), usable(str(tmp_path))] == [
        "kein Text",
        "kein absoluter Pfad",
        "keine solche Datei",
        "keine reguläre Datei",
    ]


@pytest.mark.qt_log_ignore("QPainter::begin")
def test_a_printer_that_fails_is_said_in_german(qtbot, german, tmp_path):
    """Print failed's message (gui/pdf_pages.py) in the player's language."""
    from PySide6.QtPrintSupport import QPrinter

    from warbench.gui.pdf_pages import _painting

    printer = QPrinter()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "no such folder" / "sheet.pdf"))
    with pytest.raises(OSError, match="^Drucken auf .*sheet.pdf nicht möglich$"), _painting(printer):
        pass


def test_the_play_view_and_the_game_menu_are_german(qtbot, german, make_window, monkeypatch):
    """Table mode under de_DE (user trial: all of it was English): its buttons, menus, lists, the attack, the
    dice and the log; the rules' own words (states, situations, steps) stay as the system names them."""
    import random

    from PySide6.QtCore import Qt

    from warbench.gui import dialogs
    from warbench.model.resources import examples_dir

    monkeypatch.setattr(dialogs, "ask_opponent", lambda parent, name: "copy")
    w = make_window()
    w.play.play_rng = random.Random(3)
    assert w.open_file(examples_dir() / "fubar-rifle-platoon.army.json")
    w.play.play_action.trigger()
    view = w.play.play_view
    assert w.play.game_menu.title() == "&Spiel" and view.next_round_button.text() == "&Nächste Runde"
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
    from tests.gui.conftest import SMALL
    from warbench.gui import dialogs
    from warbench.model.resources import examples_dir

    monkeypatch.setattr(dialogs, "ask_opponent", lambda parent, name: "copy")
    w = make_window()
    assert w.open_file(examples_dir() / f"{example}.army.json")
    w.play.play_action.trigger()
    hint = w.minimumSizeHint()
    assert hint.width() <= SMALL[0] and hint.height() <= SMALL[1], hint
    assert "P(Schaden)" in w.play.play_view.attack.odds.text()


def test_the_game_dialogs_are_german(qtbot, german, monkeypatch):
    """New game's question, Open/Save game and Export game log: titles, buttons and file types."""
    from PySide6.QtWidgets import QFileDialog

    from warbench.gui import dialogs

    shown: list[str] = []

    def exec_box(box):
        shown.extend([box.windowTitle(), box.text(), *(b.text() for b in box.buttons())])
        return 0

    def file_dialog(parent, title, folder, filters, *rest):
        shown.extend([title, filters])
        return "", ""

    monkeypatch.setattr(QMessageBox, "exec", exec_box)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(file_dialog))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(file_dialog))
    assert dialogs.ask_opponent(None, "Rote Kompanie") == "cancel"
    dialogs.open_game_path(None, "")
    dialogs.save_game_path(None, "spiel.game.json")
    dialogs.log_path(None, "spiel.txt")
    text = "\n".join(shown)
    for german_text in ("Neues Spiel", "„Rote Kompanie“", "Armeedatei des Gegners…", "Spiel öffnen", "Spieldateien"):
        assert german_text in text
    assert "Spielprotokoll exportieren" in text and "Reiner Text (*.txt)" in text
    assert not re.search(r"\b(Game|Opponent|Plain text|files|against|Open|Save|Export)\b", text), text


def test_every_alt_key_of_the_german_play_view_presses_one_thing(qtbot, german, make_window, monkeypatch):
    """User trial 2: Alt+A was Zurück zum Aufbauen's, Auf Ziel anwenden's and the Ansicht menu's; Alt+S Setzen's
    and the Spiel menu's."""
    from tests.gui.test_play_view import clashing_mnemonics
    from warbench.gui import dialogs
    from warbench.model.resources import examples_dir

    monkeypatch.setattr(dialogs, "ask_opponent", lambda parent, name: "copy")
    w = make_window()
    assert w.open_file(examples_dir() / "fubar-rifle-platoon.army.json")
    w.play.play_action.trigger()
    assert clashing_mnemonics(w) == {}


def test_one_decimal_separator_on_a_german_screen(qtbot, german, make_window):
    """The tree, the cost panel and the header (the model's numbers, model/i18n.py) write "1,5" as the spin
    boxes (QLocale) write "3,0"; the points are "Pkt." (user trial: "1.5" beside "3,0", "pts")."""
    from PySide6.QtWidgets import QDoubleSpinBox

    from warbench.model.resources import examples_dir

    w = make_window()
    assert w.open_file(examples_dir() / "duke-it-out-brick-brigade.army.json")
    model = w.tree_model
    rows = [model.index(r, 0) for r in range(model.rowCount())]
    shown = [str(model.index(r.row(), c).data()) for r in rows for c in range(model.columnCount())]
    assert "1,5" in shown and "2,5" in shown and not any(re.fullmatch(r"\d+\.\d+", text) for text in shown)
    w.select(2, 0)  # PsychoMite: 1.5 points
    spin = w.findChild(QDoubleSpinBox, "field_points")
    assert spin.text() == "1,5"
    texts = [label.text() for label in w.findChildren(QLabel)]
    assert any("1,5 Pkt." in text for text in texts) and not any(re.search(r"\d\.\d|\bpts\b", t) for t in texts)


def test_a_records_field_adds_a_whole_german_sentence(qtbot, german, make_window):
    """ "Waffe hinzufügen", not "weapon hinzufügen" (``tr("Add {what}")`` around a lower-cased label)."""
    from warbench.model.resources import examples_dir

    w = make_window()
    assert w.open_file(examples_dir() / "duke-it-out-brick-brigade.army.json")
    w.select(0, 0)
    buttons = [b.text() for b in w.findChildren(QAbstractButton) if b.objectName() == "add_weapons"]
    assert buttons == ["Waffe hinzufügen"]
    removes = [b.accessibleName() for b in w.findChildren(QAbstractButton) if b.objectName() == "remove_weapons_0"]
    assert removes == ["Waffe 1 entfernen"]


def test_the_rules_texts_show_as_quotations_in_german(qtbot, german, loaded):
    """A rule's text stays as the document prints it (English), visibly a quotation: in italics."""
    from warbench.gui.reference import entry_html

    system = loaded.document.system
    entry_id, attribute = next(iter(system.catalogue.attributes.items()))
    html_text = entry_html(system, "attribute", entry_id, "")
    assert f"<p><i>{html.escape(attribute.summary, quote=False)}</i></p>" in html_text
    from warbench.model import i18n as model_i18n

    model_i18n.use("en")
    try:
        assert "<i>" + html.escape(attribute.summary, quote=False) not in entry_html(system, "attribute", entry_id, "")
    finally:
        model_i18n.use("de")
