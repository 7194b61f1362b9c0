"""What the headless commands (:mod:`warbench.cli`, :mod:`warbench.game_cli`) write to a terminal: text with
control characters escaped, and JSON text safe for a terminal. Both commands import it; it imports neither."""

from __future__ import annotations

import re
import sys
from json.encoder import encode_basestring
from typing import Any

from warbench.model import jsontext
from warbench.model.limits import BIDI, escape_control

#: characters JSON allows raw but a terminal may obey (DEL, C1 controls such as CSI, the bidirectional marks
#: that reorder a line) or cannot encode
_JSON_UNSAFE = re.compile(rf"[\x7f-\x9f\u2028\u2029\ud800-\udfff{BIDI}]")

#: characters of JSON text gathered before each write to stdout
WRITE_CHARS = 1 << 16


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match[0]):04x}"


def terminal_safe_string(text: str) -> str:
    """A JSON string safe for a terminal: control characters as JSON escapes (the value is unchanged).

    ``encode_basestring`` already escapes C0 controls, so ASCII text without DEL needs nothing more
    (``str.isascii`` is known without reading the text)."""
    encoded = encode_basestring(text)
    if text.isascii() and "\x7f" not in text:
        return encoded
    return _JSON_UNSAFE.sub(_json_escape, encoded)


def json_text(data: Any) -> str:
    """JSON text safe for a terminal (:func:`terminal_safe_string`)."""
    return jsontext.dumps(data, encode=terminal_safe_string)


def out(text: str, escape: bool = True) -> None:
    """Write to stdout with control characters escaped, in UTF-8 when the console's encoding cannot hold a name."""
    if escape:
        text = escape_control(text)
    try:
        sys.stdout.write(text)
    except UnicodeEncodeError:
        sys.stdout.flush()
        sys.stdout.buffer.write(text.encode("utf-8", "backslashreplace"))


#: what starts every line the commands write to stderr, so a line in a script's log says who wrote it
PREFIX = "warbench: "


def error(line: str) -> None:
    """One line to stderr, prefixed with ``warbench: ``, its control characters escaped (a name from a file
    cannot move the cursor or recolour the terminal)."""
    print(PREFIX + escape_control(line.removeprefix(PREFIX)), file=sys.stderr)


class Progress:
    """How far a long job has come, on one line of a terminal's stderr (never in the output itself), at most
    five times a second; ``done`` clears the line."""

    def __init__(self, job: str) -> None:
        self.job, self.shown, self.width = job, 0.0, 0

    def __call__(self, what: str, done: int, total: int) -> None:
        import time

        now = time.monotonic()
        if now - self.shown < 0.2:
            return
        self.shown = now
        line = f"{self.job}: {what} {done:,} of {total:,}"
        sys.stderr.write("\r" + line.ljust(self.width))
        sys.stderr.flush()
        self.width = len(line)

    def done(self) -> None:
        if self.width:
            sys.stderr.write("\r" + " " * self.width + "\r")
            sys.stderr.flush()
