"""Text from an army file (names of the army, its units, elements and weapons) made inert for the text
exports (``model/textexport.py``): whatever a file holds, it stays on its line, pings no one, makes no link
and opens no markup in plain text, Markdown or BBCode. Every function keeps the text readable: what is
changed is replaced by a character that looks like it, or by a visible mark.

- One line: every line break (``\\n``, ``\\r``, vertical tab, form feed, U+001C–U+001E, U+0085, U+2028,
  U+2029) becomes ``⏎``; a tab a space; every other control character, and the bidirectional overrides
  and isolates that reorder what follows them on screen (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
  U+061C), the replacement character ``�``.
- No pings: a zero-width space follows every ``@``, so ``@everyone``, ``@here`` and ``<@id>`` ping no one in
  Discord, Slack or Matrix, and ``name@host`` is no e-mail link. In plain text one follows every ``<``
  too: Discord reads ``<#id>`` as a channel link and ``<:name:id>`` as a custom emoji's picture.
- No bare links: a zero-width space after the ``:`` of ``://`` and after ``www`` before its dot (Markdown
  escapes those characters instead), so no chat or forum turns a name into a link.
- BBCode: ``[`` and ``]`` become the fullwidth ``［`` and ``］`` (U+FF3B, U+FF3D), ``<`` and ``>`` the
  fullwidth ``＜`` and ``＞``. No dialect reads a tag without ASCII brackets, and none needs an escape
  tag of its own (``[noparse]`` is unknown to phpBB, and a ``[/noparse]`` in the text closes it); the
  fullwidth ``<`` keeps HTML out of forums that read Markdown too (Discourse).
- No army codes: the dash after ``WARBENCH`` and a version number becomes ``‐`` (U+2010), so a name
  can hold no army code (``model/army_code.py``) that an import would read before the export's own.
- Markdown: a backslash before every character CommonMark and the chat dialects give a meaning inline
  (:data:`MARKDOWN_SPECIAL`), before the ``:`` of ``://`` and the dot of ``www.``, and before a
  ``-``, ``+``, ``=`` or the ``.``/``)`` of a number that starts the text (a list item's text starts a block);
  elsewhere those mean nothing and are left as they are. No text starts a line (the export writes its own
  ``#``, ``-`` or ``**`` first) and none starts with a space (names and warnings are stripped), so none
  can indent a code block.
"""

from __future__ import annotations

import re

from warbench.model.limits import BIDI

#: what a line break is to Python's ``str.splitlines``, to terminals, browsers and chat programs
LINE_BREAK = re.compile("\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
#: the visible mark a line break in a name prints as
LINE_MARK = "⏎"
#: control characters (tab and the line breaks apart) and the invisible marks that reorder text
CONTROL = re.compile(f"[\x00-\x08\x0e-\x1b\x1f\x7f-\x84\x86-\x9f{BIDI}]")
ZWSP = "\u200b"
_AT = re.compile("@")
_SCHEME = re.compile(r":(?=//)")
_WWW = re.compile(r"(?i)(www)\.")
#: what starts an army code (model/army_code.py)
_CODE_START = re.compile(r"(WARBENCH\d*)-")
#: what a backslash escapes in Markdown user text: emphasis (``*``, ``_``), code (`````), links and
#: images (``[``, ``]``: with them escaped, ``(``, ``)`` and ``!`` mean nothing), HTML and autolinks
#: (``<``, ``>``), a heading's closing ``#``, tables and spoilers (``|``), strike-through (``~``), the
#: backslash itself, and an ``&`` that starts an entity (``&#91;`` would print a bracket)
MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]#|<>~]|&(?=#?\w+;))")
#: what starts a list or a heading's underline where a text starts a line (a warning of its list)
_MARKDOWN_START = re.compile(r"^(\d{0,9})([-+=.)])")
BBCODE_SAFE = str.maketrans({"[": "［", "]": "］", "<": "＜", ">": "＞"})


def one_line(text: str) -> str:
    """``text`` on one line: line breaks as ``⏎``, tabs as spaces, other controls and direction overrides
    as ``�``; it starts no army code (:func:`no_codes`)."""
    text = LINE_BREAK.sub(LINE_MARK, text).replace("\t", " ")
    return no_codes(CONTROL.sub("\ufffd", text))


def no_codes(text: str) -> str:
    """``text`` with the dash that would start an army code as ``‐`` (U+2010)."""
    return _CODE_START.sub("\\1\u2010", text) if "WARBENCH" in text else text


def no_pings(text: str) -> str:
    """``text`` with a zero-width space after every ``@``."""
    return _AT.sub("@" + ZWSP, text) if "@" in text else text


def no_links(text: str) -> str:
    """``text`` with ``://`` and ``www.`` broken by a zero-width space (for plain text and BBCode)."""
    return _WWW.sub(rf"\1{ZWSP}.", _SCHEME.sub(":" + ZWSP, text))


def plain(text: str) -> str:
    """User text for the plain-text export (pasted into chats): one line, no pings, no bare links, no
    ``<…>`` mentions."""
    text = no_links(no_pings(one_line(text)))
    return text.replace("<", "<" + ZWSP) if "<" in text else text


def bbcode(text: str) -> str:
    """User text for a BBCode post: one line, no pings, no bare links, fullwidth brackets."""
    return no_links(no_pings(one_line(text))).translate(BBCODE_SAFE)


def markdown(text: str) -> str:
    """User text for a Markdown post: one line, no pings, every inline metacharacter and link start escaped."""
    text = MARKDOWN_SPECIAL.sub(r"\\\1", no_pings(one_line(text)))
    text = _MARKDOWN_START.sub(r"\1\\\2", text)
    return _WWW.sub(r"\1\\.", _SCHEME.sub(r"\\:", text))


def name(text: str) -> str:
    """A name as an export prints it: without the spaces around it (a name that starts with spaces would
    read as an indented line of the export's own), never empty."""
    return text.strip() or "(no name)"
