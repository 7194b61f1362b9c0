"""Every text field in the window holds at most ``model.limits.MAX_STRING`` characters, and Tab leaves
every table (the application's style applies both rules to each widget it polishes).

The limit is the one the army file is read with (model/limits.py, docs/limits.md), so
whatever can be typed or pasted can be saved and opened again. The application's style
applies it to every line edit and plain-text editor as it polishes it, before it is
first shown (dialogs, inline renames and table cells included). Typing or pasting past the limit
is cut at the limit and the user is told, next to the field and in the status bar,
how much was left out.

Qt counts UTF-16 code units, Python counts characters: an emoji is 2 for Qt, 1 in the
file, so a field Qt holds to the limit always fits the file's limit.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QDoubleSpinBox,
    QLineEdit,
    QMainWindow,
    QPlainTextEdit,
    QProxyStyle,
    QSpinBox,
    QTextEdit,
    QToolTip,
    QWidget,
)

from warbench.gui import i18n
from warbench.model.limits import MAX_STRING

_LIMITED = "_warbench_text_limit"


def limit_message(cut: int | None = None) -> str:
    what = (
        QCoreApplication.translate("text_limits", "{count} characters were left out: ").format(count=i18n.whole(cut))
        if cut
        else ""
    )
    return what + QCoreApplication.translate(
        "text_limits", "a text holds at most {count} characters (the limit an army file is read with)."
    ).format(count=i18n.whole(MAX_STRING))


def field_name(widget: QWidget) -> str:
    """The field's accessible name ("Move"), or "This field"."""
    from PySide6.QtGui import QAccessible  # only once a limit is met: making the class costs the start ~4 ms

    interface = QAccessible.queryAccessibleInterface(widget)
    return (interface.text(QAccessible.Text.Name) if interface is not None else "") or QCoreApplication.translate(
        "text_limits", "This field"
    )


def rounded_message(spin: QSpinBox, typed: int, value: int) -> str:
    """Said when a typed number is rounded to the field's steps: "Move goes in steps of 2: 5 became 6."."""
    return QCoreApplication.translate("text_limits", "{field} goes in steps of {step}: {typed} became {value}.").format(
        field=field_name(spin), step=i18n.whole(spin.singleStep()), typed=i18n.whole(typed), value=i18n.whole(value)
    )


def number_message(spin: QAbstractSpinBox) -> str:
    """What a number field takes, said when a keystroke in it is refused: "Count takes whole numbers
    from 1 to 999."."""
    name = field_name(spin)
    if isinstance(spin, QDoubleSpinBox):
        low, high = i18n.number(spin.minimum(), spin.decimals()), i18n.number(spin.maximum(), spin.decimals())
        template = QCoreApplication.translate("text_limits", "{name} takes numbers from {low} to {high}{steps}.")
    elif isinstance(spin, QSpinBox):
        low, high = i18n.whole(spin.minimum()), i18n.whole(spin.maximum())
        template = QCoreApplication.translate("text_limits", "{name} takes whole numbers from {low} to {high}{steps}.")
    else:
        return QCoreApplication.translate("text_limits", "{name} does not take that.").format(name=name)
    if spin.specialValueText():
        low = f"{low} ({spin.specialValueText()})"
    steps = QCoreApplication.translate("text_limits", ", in steps of {step}").format(step=i18n.whole(spin.singleStep()))
    return template.format(name=name, low=low, high=high, steps=steps if getattr(spin, "steps_only", False) else "")


def tell(widget: QWidget, message: str) -> None:
    """Say ``message`` beside ``widget`` and in its window's status bar."""
    QToolTip.showText(widget.mapToGlobal(widget.rect().bottomLeft()), message, widget)
    window = widget.window()
    if isinstance(window, QMainWindow):
        window.statusBar().showMessage(message, 10_000)


def limit_line_edit(edit: QLineEdit) -> None:
    if edit.property(_LIMITED):
        return
    edit.setProperty(_LIMITED, True)
    limit = min(edit.maxLength(), MAX_STRING) if edit.maxLength() < 32767 else MAX_STRING
    if limit != edit.maxLength():
        position = edit.cursorPosition()
        edit.setMaxLength(limit)  # Qt sets the text again, which puts the cursor at its end
        edit.setCursorPosition(position)  # a field filled before it was shown keeps showing its start
    spin = edit.parent()
    if isinstance(spin, QAbstractSpinBox):  # a refused keystroke there is a letter, not a long text
        edit.inputRejected.connect(lambda: tell(spin, number_message(spin)))
    else:
        edit.inputRejected.connect(lambda: tell(edit, limit_message()))


def limit_text_edit(edit: QPlainTextEdit | QTextEdit) -> None:
    """Cut what is typed or pasted past the limit off the inserted text (never the text already there)."""
    if edit.property(_LIMITED):
        return
    edit.setProperty(_LIMITED, True)
    document = edit.document()

    def trim(position: int, _removed: int, added: int) -> None:
        excess = document.characterCount() - 1 - MAX_STRING  # characterCount counts a final paragraph end
        if excess <= 0 or not added:
            return
        end = min(position + added, document.characterCount() - 1)
        start = max(position, end - excess)
        if 0xDC00 <= ord(document.characterAt(start) or " ") <= 0xDFFF and start > position:
            start -= 1  # never half an emoji
        cursor = QTextCursor(document)
        cursor.joinPreviousEditBlock()  # undone together with the paste that it trims
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        left_out = len(cursor.selectedText())  # in characters, as the file counts them
        cursor.removeSelectedText()
        cursor.endEditBlock()
        tell(edit, limit_message(left_out))

    document.contentsChange.connect(trim)
    if document.characterCount() - 1 > MAX_STRING:  # set before it was shown
        trim(0, 0, document.characterCount() - 1)


class LimitingStyle(QProxyStyle):
    """The application's own style, drawing exactly as before, that also limits each text field it
    polishes (once per widget, before it is first shown) and lets Tab leave each table, list and tree
    (the arrows move inside it: Qt's tables took Tab cell by cell and never let it go).

    A style hook rather than an application-wide event filter: such a filter runs Python for every event
    of every widget, which cost about 100 ms of the start-up and a share of every repaint after an edit."""

    def polish(self, target) -> None:  # one Python method serves QStyle's three overloads
        super().polish(target)
        if isinstance(target, QLineEdit):
            limit_line_edit(target)
        elif isinstance(target, (QPlainTextEdit, QTextEdit)) and not target.isReadOnly():
            limit_text_edit(target)
        elif isinstance(target, QAbstractItemView):
            target.setTabKeyNavigation(False)

    def name(self) -> str:
        """The name of the style that draws ("fusion", "windowsvista"...), for code that asks."""
        return self.baseStyle().name()


_style: LimitingStyle | None = None


def set_style(app: QApplication, key: str) -> None:
    """Draw with the style ``key`` ("Fusion"), text fields still limited: use this, not
    ``QApplication.setStyle``, which would drop the limit for every field shown after it."""
    global _style
    _style = LimitingStyle(key)
    app.setStyle(_style)
    app.setProperty(_LIMITED, True)


def install(app: QCoreApplication | None = None) -> None:
    """Apply the limit to every text field the application shows from now on (once per application):
    the application's style is wrapped in a :class:`LimitingStyle` of the same kind."""
    target = app if app is not None else QApplication.instance()
    if isinstance(target, QApplication) and not target.property(_LIMITED):
        set_style(target, target.style().name())
