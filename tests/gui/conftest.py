from __future__ import annotations

import random

import pytest

from warbench.gui import dialogs
from warbench.gui.app import application


class Answers:
    """Records every modal question and answers it as the test says; nothing can block."""

    def __init__(self):
        self.unsaved = "cancel"
        self.recover = "later"
        self.save_path = ""
        self.open_path = ""
        self.new_army = None
        self.export_path = ""
        self.open_pdf = False
        self.opened: list[str] = []
        self.viewer_works = True
        self.show_folder = False
        self.errors: list[tuple[str, str]] = []
        self.asked: list[str] = []
        self.add_homebrew = False
        self.text: str | None = None  # ask_text's answer (None: cancelled)
        self.delete = False
        self.changed_on_disk = "cancel"  # ask_changed_on_disk's answer: "overwrite", "save_as" or "cancel"
        self.open_with_repairs = False  # ask_open_with_repairs's answer (the box also counts as an error shown)
        self.accept_repairs = False  # accept_repairs's answer
        self.repairs: list[list] = []  # the repairs each accept_repairs was shown


@pytest.fixture
def answers(monkeypatch, sandbox_dirs):
    a = Answers()
    monkeypatch.setattr(dialogs, "ask_unsaved", lambda parent, name: a.asked.append(f"unsaved:{name}") or a.unsaved)
    monkeypatch.setattr(dialogs, "ask_recover", lambda parent, text: a.asked.append(f"recover:{text}") or a.recover)
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, text: a.errors.append((title, text)))
    monkeypatch.setattr(dialogs, "save_path", lambda parent, suggested: a.save_path)
    monkeypatch.setattr(
        dialogs,
        "ask_open_with_repairs",
        lambda parent, title, text: a.errors.append((title, text)) or a.asked.append("repairs?") or a.open_with_repairs,
    )
    monkeypatch.setattr(
        dialogs, "accept_repairs", lambda parent, source, repairs: a.repairs.append(repairs) or a.accept_repairs
    )
    monkeypatch.setattr(dialogs, "open_path", lambda parent, folder, games=False: a.open_path)
    monkeypatch.setattr(dialogs, "new_army", lambda parent: a.new_army)
    monkeypatch.setattr(
        dialogs, "export_path", lambda parent, title, suggested: a.asked.append(f"export:{suggested}") or a.export_path
    )
    monkeypatch.setattr(dialogs, "ask_open_pdf", lambda parent, path: a.open_pdf)
    monkeypatch.setattr(
        dialogs,
        "ask_add_homebrew",
        lambda parent, army, names: a.asked.append(f"homebrew:{army}:{', '.join(names)}") or a.add_homebrew,
    )
    monkeypatch.setattr(dialogs, "ask_text", lambda parent, title, label, text: a.asked.append(title) or a.text)
    monkeypatch.setattr(dialogs, "ask_delete", lambda parent, title, question: a.asked.append(question) or a.delete)
    monkeypatch.setattr(
        dialogs,
        "ask_changed_on_disk",
        lambda parent, path: a.asked.append(f"changed:{path}") or a.changed_on_disk,
        raising=False,
    )
    monkeypatch.setattr(dialogs, "open_externally", lambda path: a.opened.append(path) or a.viewer_works)
    monkeypatch.setattr(
        dialogs, "ask_show_folder", lambda parent, path: a.asked.append(f"show_folder:{path}") or a.show_folder
    )
    return a


@pytest.fixture
def app(qapp):
    return application([])


SMALL = (1016, 664)  # a 1024x700 screen less the window frame


@pytest.fixture
def make_window(qtbot, app, answers):
    """Makes shown main windows (no autosave tick during a test; ``kwargs`` go to MainWindow); each is left clean
    at teardown, so closing never asks."""
    from warbench.gui.main_window import MainWindow

    made = []

    def make(**kwargs):
        w = MainWindow(autosave_ms=3_600_000, **kwargs)
        qtbot.addWidget(w)
        w.resize(*SMALL)  # room for the builder and a docked panel (the offscreen screen is only 800x600)
        w.show()
        made.append(w)
        return w

    yield make
    for w in made:
        w.document.undo_stack.setClean()  # let teardown close without asking
        if w.play.game_document is not None:
            w.play.game_document.modified = False  # a game's unsaved changes too: or its window stays open, shown


@pytest.fixture
def window(make_window):
    return make_window()


@pytest.fixture
def loaded(make_window):
    """A window with the Human Force example open (seeded dice)."""
    from warbench.model.resources import examples_dir

    w = make_window(dice_rng=random.Random(42))
    w.open_file(examples_dir() / "human-force.army.json")
    return w


@pytest.fixture
def active(loaded):
    """The Human Force window (``loaded``), active: for the tests that send keys to it."""
    loaded.activateWindow()
    return loaded


@pytest.fixture
def counted(qtbot, app, answers, monkeypatch):
    """A window whose views count their refreshes, and whose tree model counts resets and repaints."""
    from collections import Counter

    from tests.gui.helpers import HUMAN, VIEWS
    from warbench.gui.main_window import MainWindow

    calls: Counter = Counter()
    for key, cls in VIEWS.items():
        original = cls.refresh

        def refresh(self, *args, _original=original, _key=key):
            calls[_key] += 1
            return _original(self, *args)

        monkeypatch.setattr(cls, "refresh", refresh)
    w = MainWindow(autosave_ms=3_600_000)
    qtbot.addWidget(w)
    w.show()
    assert w.open_file(HUMAN)

    def count_model():
        model = w.tree_model
        model.modelReset.connect(lambda: calls.update(["reset"]))
        model.dataChanged.connect(lambda *_: calls.update(["dataChanged"]))
        for kind in ("rowsInserted", "rowsRemoved", "rowsMoved", "layoutChanged"):
            getattr(model, kind).connect(lambda *_, _kind=kind: calls.update([_kind]))

    count_model()
    w.documentReplaced.connect(count_model)
    w.calls = calls
    yield w
    w.document.undo_stack.setClean()


@pytest.fixture
def restore_palette(app):
    """The application's palette as it was, after a test that changes it."""
    from PySide6.QtWidgets import QApplication

    before = QApplication.palette()
    yield
    app.setProperty("warbenchDarkPalette", False)
    app.setPalette(before)


@pytest.fixture
def game_answers(monkeypatch, answers):
    """The game's questions answered as the test says (``answers`` answers the rest)."""
    answers.opponent = "copy"
    answers.game_path = ""
    answers.log = ("", "")
    monkeypatch.setattr(
        dialogs, "ask_opponent", lambda parent, name: answers.asked.append("opponent") or answers.opponent
    )
    monkeypatch.setattr(dialogs, "save_game_path", lambda parent, suggested: answers.game_path)
    monkeypatch.setattr(dialogs, "open_game_path", lambda parent, folder: answers.game_path)
    monkeypatch.setattr(dialogs, "log_path", lambda parent, suggested: answers.log)
    return answers


@pytest.fixture
def german(app):
    """The window in German (Qt's and Warbench's translators, the model's catalogue), as on a German desktop."""
    from PySide6.QtCore import QLocale

    from warbench.gui import i18n

    i18n.install(app, QLocale(QLocale.Language.German, QLocale.Country.Germany))
    yield
    i18n.install(app)  # back to the session's language
