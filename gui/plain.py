"""User text is data, never markup: what an army file, a file name or the player wrote is shown as the
characters it is, in every label, tool tip and message box.

Qt reads a label's or a tool tip's text as HTML whenever ``Qt.mightBeRichText`` guesses so (a tag
anywhere in its first line), and HTML can read an image from any path (a FIFO freezes the window,
``/dev/zero`` kills it), show links and restyle the text. So:

- a label that can show user text is made with :func:`label` (plain text; a label that needs markup is
  made with :func:`rich_label` and escapes every piece of user text with :func:`html.escape`);
- a menu item named by user text is set to :func:`action_text` of it;
- a tool tip that holds user text is set to :func:`tip` of it: always rich text, with the text escaped
  and its line breaks and spaces kept, so it looks exactly like the plain text it is;
- every message box goes through :mod:`gui.dialogs`, which shows its texts as plain text.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget


def tip(text: str) -> str:
    """``text`` as a tool tip that shows it character for character (empty: no tool tip)."""
    return f"<p style='white-space:pre-wrap'>{escape(text, quote=False)}</p>" if text else ""


#: how much of a name a label that wraps shows before "…" (its tool tip holds the whole name)
NAME_CHARS = 80


def short(text: str, chars: int = NAME_CHARS) -> str:
    """``text`` cut to ``chars`` characters, the last one "…" (as it is when it fits): a pasted
    10,000-character name takes a line or two of a label that wraps, never the whole panel."""
    return text if len(text) <= chars else text[: chars - 1] + "…"


def action_text(text: str) -> str:
    """``text`` as a menu item's text: an ``&`` in a name is shown, not read as the item's mnemonic."""
    return text.replace("&", "&&")


def label(text: str = "", parent: QWidget | None = None) -> QLabel:
    """A label that shows its text as text, whatever it holds."""
    widget = QLabel(text, parent)
    widget.setTextFormat(Qt.TextFormat.PlainText)
    return widget


def rich_label(html: str = "", parent: QWidget | None = None) -> QLabel:
    """A label that shows ``html`` (its user text escaped by the caller) and never opens a link itself."""
    widget = QLabel(html, parent)
    widget.setTextFormat(Qt.TextFormat.RichText)
    widget.setOpenExternalLinks(False)
    return widget
