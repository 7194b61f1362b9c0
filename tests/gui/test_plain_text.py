"""User text is data, never markup (issue 26, item 1): a name, a rule text or a file name that looks like HTML
is shown as the characters it is in every label, tool tip and message box, so a shared army file never reads
a file, shows a link or restyles the window. Qt reads a text as HTML whenever ``Qt.mightBeRichText`` guesses
so; an ``<img>`` then reads its ``src`` in the GUI thread (a FIFO freezes the window, /dev/zero kills it)."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterable

import pytest
from PySide6.QtCore import QModelIndex, QTimer
from PySide6.QtGui import QAction, Qt, QTextDocument
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDialog,
    QHeaderView,
    QLabel,
    QMessageBox,
    QTextEdit,
    QWidget,
)

from tests.helpers import army_data, element
from warbench.gui import dialogs, plain
from warbench.gui.docks import DOCKS
from warbench.model.repair import Repair

#: what a stranger's army file calls everything: an image read from a path, a link and bold text
HOSTILE = '<img src="/nonexistent/warbench.png"><a href="https://example.invalid/">link</a><b>B</b>'
#: the part of it no text of Warbench's own holds: where it is in a text Qt reads as HTML, the text is markup
RAW = "<img"

# the real questions, kept before the ``answers`` fixture answers them for the window tests
REAL = {name: getattr(dialogs, name) for name in ("ask_add_homebrew", "show_error")}


def _rich(text: str, fmt: Qt.TextFormat) -> bool:
    """Whether Qt renders ``text`` in ``fmt`` as markup."""
    return fmt != Qt.TextFormat.PlainText and (fmt != Qt.TextFormat.AutoText or Qt.mightBeRichText(text))


def _tip_problem(where: str, tip: object) -> list[str]:
    text = tip if isinstance(tip, str) else ""
    return [f"tool tip of {where} is markup: {text[:70]!r}"] if RAW in text and _rich(text, Qt.AutoText) else []


def _model_problems(where: str, view: QAbstractItemView) -> list[str]:
    model = view.model()
    if model is None:
        return []
    out: list[str] = []

    def columns(parent: QModelIndex) -> int:
        try:
            return model.columnCount(parent)
        except TypeError:  # a list model keeps columnCount private: one column
            return 1

    for section in range(columns(QModelIndex())):
        out += _tip_problem(f"{where} header", model.headerData(section, Qt.Horizontal, Qt.ToolTipRole))

    def walk(parent: QModelIndex) -> None:
        for row in range(model.rowCount(parent)):
            for column in range(columns(parent)):
                out.extend(_tip_problem(f"{where} row {row}", model.index(row, column, parent).data(Qt.ToolTipRole)))
            try:
                children = model.hasChildren(model.index(row, 0, parent))
            except TypeError:  # a list or table model has no children
                children = False
            if children:
                walk(model.index(row, 0, parent))

    walk(QModelIndex())
    return out


def _document_problems(where: str, document: QTextDocument) -> list[str]:
    """An image or a link of the hostile text among the fragments a text view shows."""
    out = []
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fmt = it.fragment().charFormat()
            if fmt.isImageFormat() or "example.invalid" in fmt.anchorHref():
                out.append(f"{where} shows markup: {it.fragment().text()[:40]!r}")
            it += 1
        block = block.next()
    return out


def markup_problems(widgets: Iterable[QWidget], actions: Iterable[QAction] = ()) -> list[str]:
    """Every place among ``widgets`` (their items, tool tips and documents) and ``actions`` where the hostile
    text is read as markup."""
    out: list[str] = []
    for widget in widgets:
        where = f"{type(widget).__name__} {widget.objectName()!r}"
        out += _tip_problem(where, widget.toolTip())
        if isinstance(widget, QLabel):
            rich = _rich(widget.text(), widget.textFormat())
            if RAW in widget.text() and rich:
                out.append(f"{where} shows markup: {widget.text()[:70]!r}")
            if rich and widget.openExternalLinks():
                out.append(f"{where} opens links")
        elif isinstance(widget, QComboBox):
            for i in range(widget.count()):
                out += _tip_problem(f"{where} item {i}", widget.itemData(i, Qt.ToolTipRole))
        elif isinstance(widget, QAbstractItemView) and not isinstance(widget, QHeaderView):
            out += _model_problems(where, widget)
        elif isinstance(widget, QTextEdit):
            out += _document_problems(where, widget.document())
    for action in actions:
        out += _tip_problem(f"action {action.text()!r}", action.toolTip())
    return sorted(set(out))


# --- the helper --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [HOSTILE, "&lt;b&gt; & <b>", "two  spaces\nand a line <i>break</i>", "a 'quote' \""])
def test_a_tip_shows_its_text_character_for_character(qapp, text):
    document = QTextDocument()
    document.setHtml(plain.tip(text))
    assert Qt.mightBeRichText(plain.tip(text))  # the tip is always read as HTML, so it is always escaped
    assert document.toPlainText() == text
    assert _document_problems("tip", document) == []
    assert plain.tip("") == ""  # no tool tip


# --- message boxes -----------------------------------------------------------------------------------------

QUESTIONS: dict[str, Callable[[], object]] = {
    "ask_unsaved": lambda: dialogs.ask_unsaved(None, HOSTILE),
    "ask_recover": lambda: dialogs.ask_recover(None, HOSTILE),
    "ask_changed_on_disk": lambda: dialogs.ask_changed_on_disk(None, HOSTILE),
    "ask_opponent": lambda: dialogs.ask_opponent(None, HOSTILE),
    "ask_add_homebrew": lambda: dialogs.ask_add_homebrew(None, HOSTILE, [HOSTILE]),
    "ask_text": lambda: dialogs.ask_text(None, "Rename design", f"New name for “{HOSTILE}”:", HOSTILE),
    "ask_delete": lambda: dialogs.ask_delete(None, "Delete design", f"Delete “{HOSTILE}” from your library?"),
    "show_error": lambda: dialogs.show_error(None, "Cannot open army", f"{HOSTILE}\n\n{HOSTILE}"),
    "ask_open_with_repairs": lambda: dialogs.ask_open_with_repairs(None, "Cannot open army", f"{HOSTILE}\n\n{HOSTILE}"),
    "accept_repairs": lambda: dialogs.accept_repairs(None, HOSTILE, [Repair(*[HOSTILE] * 5)]),
    "ask_open_pdf": lambda: dialogs.ask_open_pdf(None, HOSTILE),
    "ask_show_folder": lambda: dialogs.ask_show_folder(None, HOSTILE),
}


def _answer_next_box(found: list[str], seen: list[QWidget]) -> None:
    """When the next modal box shows, note its markup problems and the box, and close it."""

    def check() -> None:
        box = QApplication.activeModalWidget()
        if box is None:  # not shown yet
            QTimer.singleShot(10, check)
            return
        seen.append(box)
        found.extend(markup_problems([box, *box.findChildren(QWidget)]))
        box.reject() if isinstance(box, QDialog) else box.close()

    QTimer.singleShot(0, check)


@pytest.mark.parametrize("question", QUESTIONS)
def test_every_message_box_shows_user_text_as_text(qapp, question):
    found: list[str] = []
    seen: list[QWidget] = []
    _answer_next_box(found, seen)
    QUESTIONS[question]()
    assert seen, "no box was shown"
    assert found == []
    shown = [label.text() for label in seen[0].findChildren(QLabel)]
    assert any(HOSTILE in text for text in shown)  # the text as it is, not left out


def _press_in_next_box(button: QMessageBox.StandardButton | None) -> None:
    """When the next box shows, click ``button`` in it (None: press Esc)."""

    def press() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, press)
        elif button is None:
            QTest.keyClick(box, Qt.Key.Key_Escape)
        else:
            box.button(button).click()

    QTimer.singleShot(0, press)


@pytest.mark.parametrize(
    ("ask", "button", "answer"),
    [
        (lambda: dialogs.ask_delete(None, "Delete", "Delete it?"), QMessageBox.StandardButton.Yes, True),
        (lambda: dialogs.ask_delete(None, "Delete", "Delete it?"), None, False),
        (lambda: dialogs.ask_unsaved(None, "army"), QMessageBox.StandardButton.Discard, "discard"),
        (lambda: dialogs.ask_unsaved(None, "army"), None, "cancel"),
        (lambda: dialogs.ask_open_pdf(None, "a.pdf"), QMessageBox.StandardButton.Open, True),
        (lambda: dialogs.ask_add_homebrew(None, "army", ["Banner"]), None, False),
    ],
)
def test_the_plain_boxes_answer_as_the_buttons_say(qapp, ask, button, answer):
    _press_in_next_box(button)
    assert ask() == answer


# --- a file the GUI thread must never read -----------------------------------------------------------------


class Fifo:
    """A FIFO, with a writer that counts every time something opens it to read (and feeds it, so no read
    blocks): a text that reads an image from its path shows up in ``reads``."""

    def __init__(self, path):
        self.path = str(path)
        os.mkfifo(self.path)
        self.reads = 0
        self._stop = False
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while True:
            fd = os.open(self.path, os.O_WRONLY)  # waits for a reader
            if self._stop:
                os.close(fd)
                return
            self.reads += 1
            try:
                os.write(fd, b"not an image")
            except BrokenPipeError:
                pass
            os.close(fd)

    def close(self) -> None:
        self._stop = True
        os.close(os.open(self.path, os.O_RDONLY | os.O_NONBLOCK))  # lets the waiting writer see the stop
        self._thread.join(5)


@pytest.fixture
def fifo(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a relative src is read from the working folder
    made = Fifo(tmp_path / "fifo")
    yield made
    made.close()


def _hostile_army(name: str) -> dict:
    data = army_data(name=name, elements=[element(name="Bannerman", attributes=["banner"])])
    data["homebrew"] = {"attributes": [{"id": "banner", "name": "Banner", "cost": {"kind": "flat", "points": 1}}]}
    return data


def test_an_army_named_as_an_image_is_not_read_when_it_offers_its_homebrew(qtbot, make_window, monkeypatch, fifo):
    monkeypatch.setattr(dialogs, "ask_add_homebrew", REAL["ask_add_homebrew"])
    window = make_window()
    path = fifo.path + "-army.army.json"
    with open(path, "w", encoding="utf-8") as file:
        json.dump(_hostile_army(f'<img src="{fifo.path}">Army'), file)
    found: list[str] = []
    seen: list[QWidget] = []
    _answer_next_box(found, seen)
    assert window.open_file(path, ask=False)
    assert len(seen) == 1 and found == []
    assert fifo.reads == 0


def test_a_file_named_as_an_image_is_not_read_when_it_cannot_open(qtbot, make_window, monkeypatch, fifo):
    monkeypatch.setattr(dialogs, "show_error", REAL["show_error"])
    window = make_window()
    name = '<img src="fifo">.army.json'  # a file name holds no "/": the src is read from the working folder
    with open(name, "w", encoding="utf-8") as file:
        file.write("{not json")
    found: list[str] = []
    seen: list[QWidget] = []
    _answer_next_box(found, seen)
    assert not window.open_file(os.path.abspath(name), ask=False)
    assert len(seen) == 1 and found == []
    assert fifo.reads == 0


# --- the whole window, everything named by a stranger ------------------------------------------------------


def _everything_hostile() -> dict:
    weapon = {"die": "d8"}
    data = army_data(
        name=HOSTILE + " army",
        elements=[
            element(
                name=HOSTILE + " element",
                die="d8",
                move=4,
                melee={**weapon, "name": HOSTILE + " sword"},
                ranged={**weapon, "name": HOSTILE + " rifle", "range": 12},
                attributes=["hostile", "needy", "magic"],
                spells=["hostile-spell"],
            ),
            element(name=HOSTILE + " target", count=2),
        ],
    )
    data["units"][0].update(name=HOSTILE + " unit", notes=HOSTILE)
    data["homebrew"] = {
        "attributes": [
            {"id": "hostile", "name": HOSTILE, "text": HOSTILE, "cost": {"kind": "flat", "points": 1}},
            {"id": "absent", "name": HOSTILE + " absent", "text": HOSTILE, "cost": {"kind": "flat", "points": 1}},
            {
                "id": "needy",
                "name": HOSTILE + " needy",
                "text": HOSTILE,
                "cost": {"kind": "percent", "percent": 10},
                "restrictions": {"requires_any": ["absent"]},
            },
        ],
        "spells": [{"id": "hostile-spell", "name": HOSTILE, "difficulty": 2, "range": 12, "text": HOSTILE}],
    }
    return data


def _window_problems(window) -> list[str]:
    QApplication.processEvents()
    return markup_problems(QApplication.allWidgets(), window.findChildren(QAction))


def test_every_widget_and_tool_tip_shows_a_strangers_names_as_text(qtbot, make_window, answers, tmp_path):
    path = tmp_path / (HOSTILE.replace("/", "_") + ".army.json")  # a file name as hostile as a file name can be
    path.write_text(json.dumps(_everything_hostile()), encoding="utf-8")
    window = make_window()
    assert window.open_file(path, ask=False)
    window.select(0, 0)
    for dock in DOCKS:
        window.reference.show_dock(dock.key)
    for browser in (window.reference.attribute_browser, window.reference.spell_browser):
        browser.select("hostile" if browser is window.reference.attribute_browser else "hostile-spell")
    window.reference.quick_lookup()  # Ctrl+K: the homebrew entries among the matches, the first one shown
    window.reference.lookup.input.setText("link")
    assert HOSTILE in window.reference.lookup.detail.toPlainText()  # shown as the characters it is
    found = _window_problems(window)
    window.reference.lookup.close()
    answers.open_path = str(path)
    window.reference.matchup_panel.open_button.click()  # the same stranger as the opponent
    assert window.reference.matchup_panel.source.currentIndex() == 1
    window.reference.matchup_panel.tabs.setCurrentIndex(1)  # the matrix: unit against unit
    window.select(0, None)  # the unit: the cost panel lists its elements
    found += _window_problems(window)
    window.document.rename_unit(0, HOSTILE + " renamed")  # Undo names the edit
    window.start.show_start_page()  # the recent files
    found += _window_problems(window)
    assert sorted(set(found)) == [], "\n".join(sorted(set(found)))
    # and the names are there, as they are
    assert any(HOSTILE in label.text() for label in window.findChildren(QLabel))


def test_import_units_names_the_file_as_text(qtbot, window, answers, monkeypatch, tmp_path):
    from warbench.gui import library

    path = tmp_path / (HOSTILE.replace("/", "_") + ".army.json")
    path.write_text(json.dumps(_everything_hostile()), encoding="utf-8")
    assert window.open_file(path, ask=False)
    answers.open_path = str(path)
    found: list[str] = []
    notes: list[str] = []

    def exec_(dialog) -> int:
        found.extend(markup_problems([dialog, *dialog.findChildren(QWidget)]))
        notes.extend(label.text() for label in dialog.findChildren(QLabel))
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(library.PickDialog, "exec", exec_)
    window.library.import_units_action.trigger()
    assert any(path.name in note for note in notes)
    assert found == []
