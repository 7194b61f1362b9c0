"""Every modal question the app asks, in one place, so tests can answer them. Every box shows its texts as
plain text (:func:`message_box`): a name or a file name in it is data, never markup (``gui/plain.py``)."""

from __future__ import annotations

from html import escape
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QUrl, qVersion
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QSpinBox,
    QWidget,
)

from warbench.gui.repair_list import RepairListDialog
from warbench.model import __version__
from warbench.model.systems import default_system, get_system, system_ids, system_names

if TYPE_CHECKING:
    from warbench.model.repair import Repair

ARMY_FILTER = str(QT_TRANSLATE_NOOP("dialogs", "Army files (*.army.json);;JSON files (*.json);;All files (*)"))
ARMY_OR_GAME_FILTER = str(
    QT_TRANSLATE_NOOP(
        "dialogs",
        "Armies and games (*.army.json *.game.json);;Army files (*.army.json);;Game files (*.game.json);;"
        "JSON files (*.json);;All files (*)",
    )
)
Button = QMessageBox.StandardButton


def message_box(
    parent: QWidget | None, icon: QMessageBox.Icon, title: str, text: str, buttons: Button = Button.NoButton
) -> QMessageBox:
    """A message box that shows ``text`` (and its informative text) as plain text: Qt would read a text
    that looks like HTML as HTML, reading an ``<img>``'s file in the GUI thread and showing links."""
    box = QMessageBox(icon, title, text, buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)  # the informative text's format too
    return box


def _ask(
    parent: QWidget | None,
    icon: QMessageBox.Icon,
    title: str,
    text: str,
    buttons: Button,
    default: Button,
    informative: str = "",
) -> Button:
    """The button clicked in a plain-text box of ``buttons`` (``QMessageBox.question`` and its kin would read
    the text as HTML); NoButton when the box was closed without one."""
    box = message_box(parent, icon, title, text, buttons)
    box.setInformativeText(informative)
    box.setDefaultButton(default)
    box.exec()
    clicked = box.clickedButton()  # Esc clicks the escape button
    answer = box.standardButton(clicked) if clicked is not None else Button.NoButton
    box.deleteLater()
    return answer


def ask_unsaved(parent: QWidget, name: str) -> str:
    """'save', 'discard' or 'cancel'."""
    answer = _ask(
        parent,
        QMessageBox.Icon.Warning,
        QCoreApplication.translate("dialogs", "Unsaved changes"),
        QCoreApplication.translate("dialogs", "“{name}” has unsaved changes.").format(name=name),
        Button.Save | Button.Discard | Button.Cancel,
        Button.Save,
        QCoreApplication.translate("dialogs", "Save them before closing?"),
    )
    return {Button.Save: "save", Button.Discard: "discard"}.get(answer, "cancel")


def ask_recover(parent: QWidget | None, description: str) -> str:
    """'recover', 'discard' or 'later' for an autosaved copy found at start-up."""
    box = message_box(
        parent,
        QMessageBox.Icon.Question,
        QCoreApplication.translate("dialogs", "Recover unsaved work"),
        QCoreApplication.translate(
            "dialogs", "Warbench found unsaved work from a session that did not close normally:\n\n{description}"
        ).format(description=description),
    )
    recover = box.addButton(QCoreApplication.translate("dialogs", "Recover"), QMessageBox.ButtonRole.AcceptRole)
    discard = box.addButton(QCoreApplication.translate("dialogs", "Discard"), QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(QCoreApplication.translate("dialogs", "Decide later"), QMessageBox.ButtonRole.RejectRole)
    box.exec()
    clicked = box.clickedButton()
    return "recover" if clicked is recover else "discard" if clicked is discard else "later"


def _choose(
    parent: QWidget | None,
    icon: QMessageBox.Icon,
    title: str,
    text: str,
    choices: list[tuple[str, QMessageBox.ButtonRole, str]],
    default: int,
    otherwise: str,
) -> str:
    """The answer of the button clicked in a plain-text box of ``choices`` — (label, role, answer) — and a
    Cancel button, ``choices[default]`` the default (-1: Cancel); ``otherwise`` for Cancel or Esc."""
    box = message_box(parent, icon, title, text)
    buttons = [box.addButton(label, role) for label, role, _answer in choices]
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(buttons[default] if default >= 0 else cancel)
    box.exec()
    clicked = box.clickedButton()
    return next((answer for b, (_l, _r, answer) in zip(buttons, choices) if clicked is b), otherwise)


def ask_changed_on_disk(parent: QWidget | None, path: str) -> str:
    """'overwrite', 'save_as' or 'cancel' (the default) when the file to save changed on disk since
    this window opened or saved it."""
    return _choose(
        parent,
        QMessageBox.Icon.Warning,
        QCoreApplication.translate("dialogs", "File changed on disk"),
        QCoreApplication.translate(
            "dialogs",
            "{path}\n\nThis file changed on disk since this window opened or saved it (another window, "
            "another Warbench or another program saved it). Overwrite replaces that version with this one.",
        ).format(path=path),
        [
            (QCoreApplication.translate("dialogs", "Overwrite"), QMessageBox.ButtonRole.DestructiveRole, "overwrite"),
            (QCoreApplication.translate("dialogs", "Save As…"), QMessageBox.ButtonRole.AcceptRole, "save_as"),
        ],
        -1,
        "cancel",
    )


def ask_add_homebrew(parent: QWidget | None, army_name: str, names: list[str]) -> bool:
    """Whether to copy an opened army's homebrew entries into the personal library."""
    more = QCoreApplication.translate("dialogs", " and {count} more").format(count=len(names) - 12)
    shown = ", ".join(names[:12]) + (more if len(names) > 12 else "")
    answer = _ask(
        parent,
        QMessageBox.Icon.Question,
        QCoreApplication.translate("dialogs", "Homebrew entries"),
        QCoreApplication.translate(
            "dialogs",
            "“{army}” defines homebrew entries your library does not have:\n\n{entries}\n\n"
            "Add them to your library, so your next army can use them?",
        ).format(army=army_name, entries=shown),
        Button.Yes | Button.No,
        Button.No,
    )
    return answer == Button.Yes


#: what Warbench bundles or runs on: (distribution, what it is, its licence), shown in Help ▸ About
LIBRARIES = (
    ("PySide6-Essentials", str(QT_TRANSLATE_NOOP("dialogs", "Qt for Python, the window toolkit")), "LGPL-3.0"),
    ("pydantic", str(QT_TRANSLATE_NOOP("dialogs", "rules data and army file validation")), "MIT"),
    ("reportlab", str(QT_TRANSLATE_NOOP("dialogs", "PDF army sheets and cards")), "BSD"),
    ("rapidfuzz", str(QT_TRANSLATE_NOOP("dialogs", "typo-forgiving search")), "MIT"),
    (
        "pypdfium2",
        str(QT_TRANSLATE_NOOP("dialogs", "PDFium, print preview and printing")),
        "Apache-2.0 or BSD-3-Clause",
    ),
)
#: the fonts in resources/fonts, embedded in every PDF: (family, licence)
FONTS = (
    ("DejaVu Sans", str(QT_TRANSLATE_NOOP("dialogs", "Bitstream Vera licence, DejaVu changes in the public domain"))),
    ("Droid Sans Fallback", "Apache License 2.0"),
)


def library_version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return QCoreApplication.translate("dialogs", "not installed")


def ask_text(parent: QWidget | None, title: str, label: str, text: str) -> str | None:
    """A line of text (None when cancelled)."""
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setLabelText(label)
    dialog.setTextEchoMode(QLineEdit.EchoMode.Normal)
    dialog.setTextValue(text)
    for shown in dialog.findChildren(QLabel):  # the label names what is renamed: plain text
        shown.setTextFormat(Qt.TextFormat.PlainText)
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    value = dialog.textValue()
    dialog.deleteLater()
    return value if accepted else None


def ask_delete(parent: QWidget | None, title: str, question: str) -> bool:
    """Whether to delete something that no undo brings back (No is the default)."""
    answer = _ask(
        parent,
        QMessageBox.Icon.Question,
        title,
        QCoreApplication.translate("dialogs", "{question}\n\nThis cannot be undone.").format(question=question),
        Button.Yes | Button.No,
        Button.No,
    )
    return answer == Button.Yes


def about_text() -> str:
    def tr(text: str) -> str:
        return escape(QCoreApplication.translate("dialogs", text))

    libraries = "".join(
        f"<tr><td>{escape(name)} {escape(library_version(name))}</td><td>{tr(what)}</td><td>{escape(licence)}</td></tr>"
        for name, what, licence in LIBRARIES
    )
    fonts = "".join(f"<tr><td>{escape(name)}</td><td colspan=2>{tr(licence)}</td></tr>" for name, licence in FONTS)
    about = QCoreApplication.translate("dialogs", "Army builder and rules reference for point-buy tabletop wargames.")
    free = QCoreApplication.translate(
        "dialogs",
        "Warbench is free software under the MIT licence. It embeds the DejaVu fonts "
        "(Bitstream Vera licence, changes in the public domain) and Droid Sans Fallback "
        "(Apache License 2.0); their licence texts ship beside them in the fonts folder.",
    )
    libraries_title = QCoreApplication.translate("dialogs", "Libraries")
    fonts_title = QCoreApplication.translate("dialogs", "Fonts")
    return (
        f"<h3>Warbench {__version__}</h3><p>{escape(about)}</p><p>{escape(free)}</p>"
        f"<p><b>{escape(libraries_title)}</b> (Qt {escape(qVersion())})</p>"
        f"<table cellspacing=0 cellpadding=2>{libraries}</table>"
        f"<p><b>{escape(fonts_title)}</b></p><table cellspacing=0 cellpadding=2>{fonts}</table>"
    )


def show_about(parent: QWidget) -> None:
    """The About box: the application icon (the window's), the version and the licences."""
    QMessageBox.about(parent, QCoreApplication.translate("dialogs", "About Warbench"), about_text())


def show_error(parent: QWidget | None, title: str, text: str) -> None:
    _ask(parent, QMessageBox.Icon.Critical, title, text, Button.Ok, Button.Ok)


def ask_open_with_repairs(parent: QWidget | None, title: str, text: str) -> bool:
    """A file cannot open as it is, but its repairs can (model/repair.py): whether to see them (the button
    Open with Repairs…) or not (Close, the default)."""
    box = message_box(parent, QMessageBox.Icon.Critical, title, text)
    repairs = box.addButton(
        QCoreApplication.translate("dialogs", "Open with Repairs…"), QMessageBox.ButtonRole.ActionRole
    )
    repairs.setAccessibleName(
        QCoreApplication.translate("dialogs", "Open with Repairs: see what would be dropped or changed")
    )
    close = box.addButton(QMessageBox.StandardButton.Close)
    box.setDefaultButton(close)
    box.setEscapeButton(close)
    box.exec()
    clicked = box.clickedButton()
    box.deleteLater()
    return clicked is repairs


def accept_repairs(parent: QWidget | None, source: str, repairs: list[Repair]) -> bool:
    """Whether to open the repaired army, having seen every repair (gui/repair_list.py)."""
    dialog = RepairListDialog(source, repairs, parent)
    try:
        return dialog.exec() == QDialog.DialogCode.Accepted
    finally:
        dialog.deleteLater()


def open_path(parent: QWidget, folder: str, games: bool = False) -> str:
    """An army file to open (``games``: or a game file, which the window plays)."""
    if games:
        title = QCoreApplication.translate("dialogs", "Open army or game")
        return _open_path(parent, title, folder, ARMY_OR_GAME_FILTER)
    return _open_path(parent, QCoreApplication.translate("dialogs", "Open army"), folder, ARMY_FILTER)


def choose_folder(parent: QWidget, title: str, folder: str) -> str:
    """A folder chosen starting from ``folder``; "" when cancelled."""
    return QFileDialog.getExistingDirectory(parent, title, folder)


def _open_path(parent: QWidget, title: str, folder: str, filters: str) -> str:
    """A file to open from ``folder`` (``filters`` as marked for translation); "" when cancelled."""
    return QFileDialog.getOpenFileName(parent, title, folder, QCoreApplication.translate("dialogs", filters))[0]


def _save_json_path(parent: QWidget, title: str, suggested: str, filters: str, suffix: str) -> str:
    """A file to save to, ``suffix`` added to a name that does not end in .json; "" when cancelled."""
    path = QFileDialog.getSaveFileName(parent, title, suggested, filters)[0]
    if path and not path.endswith(".json"):
        path += suffix
    return path


def save_path(parent: QWidget, suggested: str) -> str:
    return _save_json_path(
        parent,
        QCoreApplication.translate("dialogs", "Save army as"),
        suggested,
        QCoreApplication.translate("dialogs", ARMY_FILTER),
        ".army.json",
    )


def export_path(parent: QWidget, title: str, suggested: str) -> str:
    path = QFileDialog.getSaveFileName(
        parent, title, suggested, QCoreApplication.translate("dialogs", "PDF files (*.pdf)")
    )[0]
    if path and not path.lower().endswith(".pdf"):
        path += ".pdf"
    return path


REPORT_FILTER = str(QT_TRANSLATE_NOOP("dialogs", "Web page (*.html);;Spreadsheet, CSV (*.csv);;JSON (*.json)"))


def report_path(parent: QWidget, suggested: str) -> str:
    """Where to save a check's report (its suffix says its format: .html, .csv or .json); "" when cancelled."""
    path, chosen = QFileDialog.getSaveFileName(
        parent,
        QCoreApplication.translate("dialogs", "Save the report"),
        suggested,
        QCoreApplication.translate("dialogs", REPORT_FILTER),
    )
    if path and path.rsplit(".", 1)[-1].lower() not in ("html", "csv", "json"):
        path += ".csv" if "csv" in chosen else ".json" if "json" in chosen else ".html"
    return path


def ask_open_pdf(parent: QWidget, path: str) -> bool:
    answer = _ask(
        parent,
        QMessageBox.Icon.Question,
        QCoreApplication.translate("dialogs", "Export finished"),
        QCoreApplication.translate("dialogs", "Saved {path}.\n\nOpen it now?").format(path=path),
        Button.Open | Button.Close,
        Button.Open,
    )
    return answer == Button.Open


def open_externally(path: str) -> bool:
    """Open a file or folder with the desktop's handler; False when none took it."""
    return QDesktopServices.openUrl(QUrl.fromLocalFile(path))


def ask_show_folder(parent: QWidget, path: str) -> bool:
    """No viewer opened ``path``: say so, and offer its folder instead."""
    answer = _ask(
        parent,
        QMessageBox.Icon.Question,
        QCoreApplication.translate("dialogs", "No PDF viewer"),
        QCoreApplication.translate(
            "dialogs",
            "No application opened {path}.\n\nInstall a PDF viewer, or open the file from its folder. Show the folder?",
        ).format(path=path),
        Button.Open | Button.Close,
        Button.Open,
    )
    return answer == Button.Open


def new_army(parent: QWidget) -> tuple[str, str, int | None] | None:
    """(system id, name, points limit or None), or None when cancelled."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(QCoreApplication.translate("dialogs", "New army"))
    form = QFormLayout(dialog)
    system = QComboBox()
    system.setAccessibleName(QCoreApplication.translate("dialogs", "Rule system"))
    for sid, name in system_names().items():
        system.addItem(name, sid)
    system.setCurrentIndex(system_ids().index(default_system()))
    name_edit = QLineEdit(QCoreApplication.translate("dialogs", "New army"))
    name_edit.setAccessibleName(QCoreApplication.translate("dialogs", "Name"))
    limit = QSpinBox()
    limit.setAccessibleName(QCoreApplication.translate("dialogs", "Points limit"))
    limit.setRange(0, 100_000)
    limit.setSingleStep(50)
    limit.setValue(1000)
    limit.setSpecialValueText(QCoreApplication.translate("dialogs", "no limit"))
    form.addRow(QCoreApplication.translate("dialogs", "Rule system"), system)
    form.addRow(QCoreApplication.translate("dialogs", "Name"), name_edit)
    form.addRow(QCoreApplication.translate("dialogs", "Points limit"), limit)

    def follow_system(_index: int) -> None:
        has_points = get_system(system.currentData()).pricing.has_points
        limit.setEnabled(has_points)
        limit.setToolTip("" if has_points else QCoreApplication.translate("dialogs", "This system has no points"))

    system.currentIndexChanged.connect(follow_system)
    follow_system(system.currentIndex())
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    form.addRow(buttons)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return (
        system.currentData(),
        name_edit.text().strip() or QCoreApplication.translate("dialogs", "New army"),
        (limit.value() or None) if limit.isEnabled() else None,
    )


GAME_FILTER = str(QT_TRANSLATE_NOOP("dialogs", "Game files (*.game.json);;JSON files (*.json);;All files (*)"))
LOG_TYPES = (
    (str(QT_TRANSLATE_NOOP("dialogs", "Plain text (*.txt)")), "plain", ".txt"),
    (str(QT_TRANSLATE_NOOP("dialogs", "Markdown (*.md)")), "markdown", ".md"),
)


def ask_opponent(parent: QWidget | None, army_name: str) -> str:
    """'file' (an opponent's army file), 'copy' (the army against a copy of itself) or 'cancel'."""
    return _choose(
        parent,
        QMessageBox.Icon.Question,
        QCoreApplication.translate("dialogs", "New game"),
        QCoreApplication.translate("dialogs", "A game of “{name}” against which army?").format(name=army_name)
        + "\n\n"
        + QCoreApplication.translate(
            "dialogs", "The game keeps its own copies of both armies: editing them later changes nothing in it."
        ),
        [
            (QCoreApplication.translate("dialogs", "Opponent's Army File…"), QMessageBox.ButtonRole.AcceptRole, "file"),
            (QCoreApplication.translate("dialogs", "A Copy of This Army"), QMessageBox.ButtonRole.AcceptRole, "copy"),
        ],
        0,
        "cancel",
    )


def open_game_path(parent: QWidget, folder: str) -> str:
    return _open_path(parent, QCoreApplication.translate("dialogs", "Open game"), folder, GAME_FILTER)


def save_game_path(parent: QWidget, suggested: str) -> str:
    return _save_json_path(
        parent,
        QCoreApplication.translate("dialogs", "Save game as"),
        suggested,
        QCoreApplication.translate("dialogs", GAME_FILTER),
        ".game.json",
    )


def typed_save_path(
    parent: QWidget, title: str, suggested: str, types: tuple[tuple[str, str, str], ...]
) -> tuple[str, str]:
    """(file to write, format) from a save dialog offering ``types`` — (filter, format, suffix added to a
    name without one) — the format the type picked; ("", "") when cancelled."""
    path, chosen = QFileDialog.getSaveFileName(parent, title, suggested, ";;".join(t[0] for t in types))
    if not path:
        return "", ""
    _filter, fmt, suffix = next((t for t in types if t[0] == chosen), types[0])
    return (path if Path(path).suffix else path + suffix), fmt


def log_path(parent: QWidget, suggested: str) -> tuple[str, str]:
    """(file to write, "plain" or "markdown") for Export Log…; ("", "") when cancelled."""
    types = tuple((QCoreApplication.translate("dialogs", shown), fmt, suffix) for shown, fmt, suffix in LOG_TYPES)
    return typed_save_path(parent, QCoreApplication.translate("dialogs", "Export game log"), suggested, types)
