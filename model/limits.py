"""Limits on what an army file may hold, and short, safe excerpts of bad values.

Every limit is far above any real army (the largest real ones hold a few hundred
elements in a file of well under a megabyte) and exists so that a hostile or
broken file is refused in well under a second, naming the limit, instead of
exhausting memory, the stack or the user's patience. See docs/limits.md.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any

#: bytes in an army file (the 100,000-unit benchmark army, at MAX_UNITS, saves to 80 MB: benchmarks/limits.py)
MAX_FILE_BYTES = 128 * 1024 * 1024
#: nesting of JSON objects and lists (a real army nests about 8 deep; homebrew entries a few more)
MAX_DEPTH = 64
#: units in an army
MAX_UNITS = 100_000
#: elements in the whole army
MAX_ELEMENTS = 200_000
#: characters in any one text value or field name (a long unit note is a few thousand)
MAX_STRING = 100_000
#: the largest number, in size, an army file may hold: a count, move, range, points, percent, limit, or any
#: other number (a real army's largest is a points limit of a few thousand). Every consumer holds it: a Qt
#: spin box holds 2**31 - 1 (2,147,483,647), a QVariant 2**63 - 1, and the prices worked out of such numbers
#: stay exact Python integers. 10**19 in a count crashed the window (SIGSEGV) and 2**31 in a points limit
#: stopped it starting (OverflowError) when the bound was 30 digits. See docs/limits.md.
MAX_WHOLE = 999_999_999
#: digits in a whole number
MAX_INT_DIGITS = len(str(MAX_WHOLE))
#: the largest number, in size, a game file may hold outside its armies and element states (which hold
#: :data:`MAX_WHOLE`): the seeds of its dice go up to 2**63 - 1, what a QVariant holds. Any larger number
#: (a state's ``figures`` of 2**63, an unknown field's) crashed the window (SIGSEGV).
MAX_GAME_WHOLE = 2**63 - 1
#: steps in a game's log and redo list together (a real game is some hundreds: 10 rounds of 200 elements a
#: side attacking once is 4,000); 400,000 steps took the command line 8-12 s and 666 MB to open
MAX_LOG_STEPS = 10_000
#: characters in the text of a number with a fraction or exponent ("0.125", "1.5e3")
MAX_NUMBER_CHARS = 60
#: JSON values (objects, lists, texts, numbers) in the whole file
MAX_VALUES = 5_000_000
#: bytes the army file in an army code may unpack to (compact JSON, about 400 bytes a unit): codes are for
#: sharing lists, so far below an army file's limit; a 337,026-character code unpacked to a 112 MB,
#: 100,000-unit army that took the command line 32 s and 1.36 GB
MAX_CODE_BYTES = 4 * 1024 * 1024
#: units in the army of an army code
MAX_CODE_UNITS = 2_000

EXCERPT_CHARS = 40

#: the invisible marks that reorder the text after them on screen (the bidirectional embeddings, overrides
#: and isolates U+202A–U+202E and U+2066–U+2069, and the direction marks): a name holding one reads as other
#: text than it holds. A character class's body, for the patterns of :func:`escape_control` and ``usertext``
BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_CONTROL = re.compile(rf"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff{BIDI}]")


class LimitError(ValueError):
    """A value breaks one of the limits; ``problems`` holds one line per problem."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


#: a JSON string or one bracket: what the nesting of a text that does not parse is read from
_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')

#: the problem line of a text nested past MAX_DEPTH
NESTED_TOO_DEEP = f"(top level): nested more than {MAX_DEPTH} levels deep; the limit is {MAX_DEPTH}"


def nested_too_deep(text: str, end: int | None = None) -> bool:
    """Whether ``text`` (up to ``end``) opens more than :data:`MAX_DEPTH` arrays and objects inside one
    another. For a text the JSON reader refused: whether that refusal is the nesting limit depends on the
    Python (3.11 raises RecursionError on ``[`` × 1,000, 3.12 "Expecting value"), the answer must not."""
    depth = 0
    for match in _STRING_OR_BRACKET.finditer(text, 0, len(text) if end is None else end):
        bracket = match.group()
        if bracket in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif bracket in "]}":
            depth -= 1
    return False


#: a JSON string once the escaped backslashes and quotes in it are gone (it then holds no quote)
_BARE_STRING = re.compile(rb'"[^"]*"')

#: the problem line of a text of more than MAX_VALUES values
TOO_MANY_VALUES = f"(top level): more than {MAX_VALUES:,} values; the limit is {MAX_VALUES:,}"


class ValueCount:
    """Counts the values of a JSON text as it is read, a chunk at a time, before anything is parsed: a text
    of more than :data:`MAX_VALUES` values is refused after reading only as much of it as holds that many.

    Each value but the first follows a comma outside a string, so ``1 + commas`` is a lower bound of the
    values (exact but for one per non-empty list or object): past the limit, the text is certainly over it.
    The work is C's: escaped backslashes and quotes removed with ``bytes.replace``, whole strings with one
    regular-expression substitution, commas counted with ``bytes.count``. A string or a run of backslashes
    cut by a chunk's end is carried on to the next chunk. Exact for valid JSON; for text that is not JSON
    the count may be anything, and the parser refuses it anyway."""

    __slots__ = ("values", "_in_string", "_carry")

    def __init__(self) -> None:
        self.values = 1  # the top-level value
        self._in_string = False
        self._carry = b""

    def feed(self, chunk: bytes) -> None:
        data = self._carry + chunk
        end = len(data.rstrip(b"\\"))
        self._carry = b"\\" if (len(data) - end) % 2 else b""  # an odd run: its last escapes the next byte
        data = data[:end].replace(b"\\\\", b"").replace(b'\\"', b"")
        if self._in_string:
            close = data.find(b'"')
            if close < 0:
                return
            data = data[close + 1 :]
            self._in_string = False
        data = _BARE_STRING.sub(b"", data)
        opened = data.find(b'"')  # a string that goes on in the next chunk
        if opened >= 0:
            data = data[:opened]
            self._in_string = True
        self.values += data.count(b",")

    @property
    def over(self) -> bool:
        return self.values > MAX_VALUES


#: the bytes :func:`too_many_values` looks at in one pass (memory for the copies it makes stays about 3× this)
_COUNT_CHUNK = 1 << 20


class ValueLimit:
    """:class:`ValueCount` for a text read a chunk at a time, counting exactly only once it may matter:
    until the chunks hold :data:`MAX_VALUES` commas in all (in C, no copy), no text can be over."""

    __slots__ = ("_commas", "_count")

    def __init__(self) -> None:
        self._commas = 0
        self._count: ValueCount | None = None

    def over(self, chunks: list[bytes]) -> bool:
        """Whether the text read so far (``chunks``, the newest last) is certainly over the limit."""
        if self._count is None:
            self._commas += chunks[-1].count(b",")
            if self._commas < MAX_VALUES:
                return False
            self._count = ValueCount()
            for chunk in chunks:
                self._count.feed(chunk)
        else:
            self._count.feed(chunks[-1])
        return self._count.over


def too_many_values(text: bytes | str) -> bool:
    """Whether the JSON ``text`` certainly holds more than :data:`MAX_VALUES` values (:class:`ValueCount`),
    a chunk at a time: it stops at the limit, and its copies never outgrow a chunk."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if data.count(b",") < MAX_VALUES:  # in C, no copy: most texts end here
        return False
    count = ValueCount()
    view = memoryview(data)
    for start in range(0, len(data), _COUNT_CHUNK):
        count.feed(bytes(view[start : start + _COUNT_CHUNK]))
        if count.over:
            return True
    return False


def escape_control(text: str) -> str:
    """``text`` with control characters (ESC, C1, ...), the bidirectional marks (:data:`BIDI`) and lone
    surrogates shown as escapes.

    Newlines and tabs are kept. Safe to write to a terminal or a one-line message.
    """
    return _CONTROL.sub(lambda m: f"\\x{ord(m[0]):02x}" if ord(m[0]) < 0x100 else f"\\u{ord(m[0]):04x}", text)


def escape_line(text: str) -> str:
    """``text`` safe for a terminal, on one line (:func:`escape_control`, its newlines and tabs as spaces): a
    name from a stranger's file may hold anything, a line break too."""
    return escape_control(text).replace("\n", " ").replace("\t", " ")


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """A short, escaped representation of ``value`` for an error message."""
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        cut = repr(value[:limit])
        return f"{cut[:-1]}…{cut[-1]} ({len(value):,} characters)"
    if isinstance(value, (dict, list)):
        return f"{type(value).__name__} of {len(value):,} items"
    shown = repr(value)
    return shown if len(shown) <= limit else shown[:limit] + f"… ({len(shown):,} characters)"


class RefusedNumber:
    """What the number hooks leave where a number breaks a limit. A hook does not know where it is in the
    file, so it does not raise: :func:`check_tree` meets this in its walk and names the place."""

    __slots__ = ("problem", "text")

    def __init__(self, problem: str, text: str = ""):
        self.problem = problem
        self.text = text  # the number as the file wrote it (a whole number's: what a version check reads)


def version_text(digits: str) -> str:
    """A version number as a message shows it: its digits, or how many there are (a version of 100,000 digits)."""
    return digits if len(digits) <= 24 else f"of {len(digits):,} digits"


def refused_whole(value: object) -> str | None:
    """The digits of a positive whole number a hook refused for its size (None for anything else): a
    ``schema_version`` of 10**12 is a version from the future, not a bad number."""
    if type(value) is RefusedNumber and value.text.isascii() and value.text.isdigit():
        return value.text
    return None


#: how the bound reads in a message
BOUND_TEXT = f"a number in an army file lies between -{MAX_WHOLE:,} and {MAX_WHOLE:,}"


def whole_number_problem(value: int) -> str | None:
    """Why the whole number ``value`` cannot be in an army file (None: it can)."""
    if -MAX_WHOLE <= value <= MAX_WHOLE:
        return None
    return f"number {excerpt(value)} is out of bounds: {BOUND_TEXT}"


def float_problem(value: float) -> str | None:
    """Why the number ``value`` cannot be in an army file: not finite, or out of bounds (None: it can)."""
    if -MAX_WHOLE <= value <= MAX_WHOLE:  # False for NaN
        return None
    if type(value) is float and not math.isfinite(value):
        return f"number {value!r} is not finite (JSON has no infinity or NaN): {BOUND_TEXT}"
    return f"number {excerpt(value)} is out of bounds: {BOUND_TEXT}"


def number_hooks(
    bound: int, bound_text: str
) -> tuple[Callable[[str], int | RefusedNumber], Callable[[str], float | RefusedNumber]]:
    """``json.loads``'s ``parse_int`` and ``parse_float`` hooks for numbers within ±``bound``: a whole number
    refused by its digits before it is converted, a float by the length of its text and its value
    (``1e400`` would become infinity)."""
    most = len(str(bound))

    def whole(text: str) -> int | RefusedNumber:
        digits = len(text.lstrip("-"))
        if digits > most:
            return RefusedNumber(f"number of {digits:,} digits; at most {most} are allowed ({bound_text})", text)
        value = int(text)
        if digits == most and not -bound <= value <= bound:
            return RefusedNumber(f"number {excerpt(value)} is out of bounds: {bound_text}", text)
        return value

    def fraction(text: str) -> float | RefusedNumber:
        if len(text) > MAX_NUMBER_CHARS:
            return RefusedNumber(f"number of {len(text):,} characters; at most {MAX_NUMBER_CHARS} are allowed")
        value = float(text)
        if not -bound <= value <= bound:
            return RefusedNumber(f"number {excerpt(text)[1:-1]} is out of bounds: {bound_text}")
        return value

    return whole, fraction


#: the army file's hooks: numbers within ±MAX_WHOLE
parse_int, parse_float = number_hooks(MAX_WHOLE, BOUND_TEXT)


def parse_constant(text: str) -> RefusedNumber:
    """``json.loads`` hook for NaN, Infinity, -Infinity: not JSON, refused."""
    return RefusedNumber(f"{text} is not a JSON number; write a finite number ({BOUND_TEXT})")


def _path(where: tuple[Any, ...]) -> str:
    parts = []
    while where:
        where, key = where
        parts.append(key)
    out = ""
    for part in reversed(parts):
        if isinstance(part, int):
            out += f"[{part}]"
            continue
        name = part if len(part) <= EXCERPT_CHARS else part[:EXCERPT_CHARS] + "…"
        out += ("." if out else "") + escape_control(name)
    return out or "(top level)"


def written_problems(data: bytes) -> list[str]:
    """Why the army file ``data`` could not be opened again (too many bytes or values), if it could not.

    Saving checks this before writing: Warbench never writes a file it would refuse to open.
    The values are counted exactly only when a cheap upper bound (commas and brackets) is over."""
    if len(data) > MAX_FILE_BYTES:
        return [
            f"the army would be a file of {len(data):,} bytes; an army file holds at most {MAX_FILE_BYTES:,} "
            "bytes (docs/limits.md), so it could not be opened again: remove units or long texts"
        ]
    if data.count(b",") + data.count(b"[") + data.count(b"{") + 1 > MAX_VALUES:
        try:
            check_tree(json.loads(data))
        except LimitError as exc:
            return [*exc.problems, "so it could not be opened again: remove units or elements"]
    return []


def count_problems(units: int, elements: int) -> list[str]:
    """One line for each count over its limit (the same check when reading a file and when editing)."""
    problems = []
    if units > MAX_UNITS:
        problems.append(f"units: {units:,} units; the limit is {MAX_UNITS:,}")
    if elements > MAX_ELEMENTS:
        problems.append(f"units: {elements:,} elements in all; the limit is {MAX_ELEMENTS:,}")
    return problems


def check_tree(data: object, max_problems: int = 10, bound: int = MAX_WHOLE, bound_text: str = BOUND_TEXT) -> None:
    """Raise LimitError when parsed JSON breaks a limit or holds text that cannot be saved.

    Walks iteratively (no recursion), so any depth is checked without touching the stack.
    """
    problems = _count_first(data)
    if problems:  # counted first: cheap, and a million units need no closer look
        raise LimitError(problems)
    count = 0
    stack: list[tuple[object, tuple[Any, ...], int]] = [(data, (), 0)]  # path as (parent path, key): O(1) to extend
    pop, push = stack.pop, stack.append
    while stack and len(problems) < max_problems:
        value, where, depth = pop()
        count += 1
        if type(value) is str:
            if not (value.isascii() and len(value) <= MAX_STRING):
                _check_text(value, where, problems)
        elif type(value) is dict:
            if depth >= MAX_DEPTH:
                problems.append(f"{_path(where)}: nested more than {MAX_DEPTH} levels deep; the limit is {MAX_DEPTH}")
                continue
            _push_fields(value, where, depth, push, problems)
        elif type(value) is list:
            if depth >= MAX_DEPTH:
                problems.append(f"{_path(where)}: nested more than {MAX_DEPTH} levels deep; the limit is {MAX_DEPTH}")
                continue
            for i, item in enumerate(value):
                push((item, (where, i), depth + 1))
        elif type(value) is int or type(value) is float:  # read without the hooks (pasted JSON...) or set by code
            if not -bound <= value <= bound:
                problems.append(f"{_path(where)}: {_number_problem(value, bound_text)}")
        elif type(value) is RefusedNumber:  # last: rare, and the walk is the careful reading's hot loop
            problems.append(f"{_path(where)}: {value.problem}")
        if count > MAX_VALUES:
            problems.append(f"(top level): more than {MAX_VALUES:,} values; the limit is {MAX_VALUES:,}")
            break
    if problems:
        raise LimitError(problems)


def _push_fields(
    value: dict[Any, Any], where: tuple[Any, ...], depth: int, push: Callable[[Any], None], problems: list[str]
) -> None:
    """:func:`check_tree`'s walk into a dict: its field names checked, its values pushed to be walked."""
    for key, item in value.items():
        if not (key.isascii() and len(key) <= MAX_STRING):
            _check_text(key, (where, key), problems, what="field name")
        push((item, (where, key), depth + 1))


def _count_first(data: object) -> list[str]:
    """The limits on units and elements an army's data breaks (:func:`count_problems`), counted before the walk."""
    if isinstance(data, dict) and isinstance(data.get("units"), list):
        units = data["units"]
        elements = sum(len(u["elements"]) for u in units if isinstance(u, dict) and isinstance(u.get("elements"), list))
        return count_problems(len(units), elements)
    return []


def _number_problem(value: float, bound_text: str = BOUND_TEXT) -> str:
    """What is wrong with a whole number or a float out of bounds (``bound_text``: which bounds)."""
    if not math.isfinite(value):
        return f"number {value!r} is not finite (JSON has no infinity or NaN): {bound_text}"
    return f"number {excerpt(value)} is out of bounds: {bound_text}"


class Unsure(Exception):
    """:func:`sized` cannot vouch for a value: read it with the hooks and :func:`check_tree`."""


#: bytes that can be part of a JSON number (``-12.5e+3``) as "0", every other byte as " "
_NUMBER_BYTES = bytes(0x30 if chr(i) in "0123456789.eE+-" else 0x20 for i in range(256))


def has_long_number(data: bytes) -> bool:
    """Whether JSON text ``data`` may hold a number longer than :data:`MAX_NUMBER_CHARS` characters
    (any run of number characters that long, in a string or not: a cautious answer, in C)."""
    return b"0" * (MAX_NUMBER_CHARS + 1) in data.translate(_NUMBER_BYTES)


def sized(value: Any, depth: int, floats: list[float], bound: int = MAX_WHOLE) -> int:
    """How many JSON values ``value`` (at ``depth``) holds, itself included, as :func:`check_tree` counts
    them; raises :class:`Unsure` where :func:`check_tree` or the number hooks could find a problem:
    a text or field name over :data:`MAX_STRING` or not UTF-8, a container at :data:`MAX_DEPTH`, a
    number beyond ±``bound`` (an army file's :data:`MAX_WHOLE`), a number a hook refused. Each float is added
    to ``floats``: the length of its text is no longer known, so the caller checks the text
    (:func:`has_long_number`). The quick look of a big army file (no path kept, no stack of tuples)."""
    kind = type(value)
    if kind is dict or kind is list:
        return _sized_container(value, kind is dict, depth, floats, bound)
    if kind is str:
        _vouch_text(value)
    elif kind is int:
        if not -bound <= value <= bound:
            raise Unsure
    elif kind is float:
        if not -bound <= value <= bound:  # False for NaN and infinity too
            raise Unsure
        floats.append(value)
    elif value is not None and kind is not bool:
        raise Unsure
    return 1


def _sized_container(value: Any, is_dict: bool, depth: int, floats: list[float], bound: int = MAX_WHOLE) -> int:
    """:func:`sized` of a dict or list: its field names vouched for, each value counted (short ASCII text at
    once, the rest by :func:`sized`)."""
    if depth >= MAX_DEPTH:
        raise Unsure
    if is_dict:
        for key in value:
            if type(key) is not str or not (key.isascii() and len(key) <= MAX_STRING):
                _vouch_text(key)
    count = 1
    for item in value.values() if is_dict else value:
        kind = type(item)
        if kind is str and item.isascii() and len(item) <= MAX_STRING:
            count += 1
        elif kind is dict or kind is list:  # straight here: one call per container
            count += _sized_container(item, kind is dict, depth + 1, floats, bound)
        else:
            count += sized(item, depth + 1, floats, bound)
    return count


def _vouch_text(text: object) -> None:
    if type(text) is not str or len(text) > MAX_STRING:
        raise Unsure
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise Unsure from None


def _check_text(text: str, where: tuple[Any, ...], problems: list[str], what: str = "text") -> None:
    if len(text) > MAX_STRING:
        problems.append(f"{_path(where)}: {what} of {len(text):,} characters; the limit is {MAX_STRING:,}")
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        problems.append(
            f"{_path(where)}: {what} holds a lone surrogate {text[exc.start]!r} (an invalid character that "
            f"cannot be saved) in {excerpt(text)}"
        )
