"""JSON text exactly as ``json.dumps(value, indent=2, ensure_ascii=False)`` writes it, several times faster.

The standard library only uses its C encoder without ``indent``; with it, every value goes
through nested Python generators, which made the cost JSON of a 5,000-unit army take seconds.
Here one recursive function writes into a list, with the scalar cases inline. A dict object met
a second time at the same depth (the cost JSON shares one dict between the copies of a design)
is written once and its text reused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from json.encoder import encode_basestring
from typing import Any

_INDENT = "  "


def _float(value: float) -> str:
    if value != value:
        return "NaN"
    if value == float("inf"):
        return "Infinity"
    if value == float("-inf"):
        return "-Infinity"
    return float.__repr__(value)


#: how a string is written: ``encode_basestring`` (json.dumps's own) or one that also escapes more
Encode = Callable[[str], str]


def _scalar(value: object, enc: Encode) -> str | None:
    """The text of a scalar, or None for a container."""
    if isinstance(value, str):
        return enc(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return _float(value)
    if isinstance(value, (list, tuple, dict)):
        return None
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


def _key(key: object, enc: Encode) -> str:
    if isinstance(key, str):
        return enc(key)
    if isinstance(key, float):
        return encode_basestring(_float(key))
    if key is True or key is False or key is None:
        return encode_basestring({True: "true", False: "false", None: "null"}[key])
    if isinstance(key, int):
        return encode_basestring(int.__repr__(key))
    raise TypeError(f"keys must be str, int, float, bool or None, not {key.__class__.__name__}")


#: texts of dicts by id: (the dict, its level, its text once it was met twice)
_Memo = dict[int, tuple[object, int, "str | None"]]


def _write(value: object, out: list[str], level: int, memo: _Memo, enc: Encode) -> None:
    kind = type(value)
    if kind is not dict and kind is not list:
        text = _scalar(value, enc)
        if text is not None:
            out.append(text)
            return
    if not value:
        out.append("{}" if isinstance(value, dict) else "[]")
        return
    if type(value) is dict:
        seen = memo.get(id(value))
        if seen is not None and seen[0] is value and seen[1] == level:
            if seen[2] is not None:
                out.append(seen[2])
                return
            start = len(out)
            _write_container(value, out, level, memo, enc)
            text = "".join(out[start:])
            del out[start:]
            out.append(text)
            memo[id(value)] = (value, level, text)
            return
        memo[id(value)] = (value, level, None)
    _write_container(value, out, level, memo, enc)


def _write_container(value: Any, out: list[str], level: int, memo: _Memo, enc: Encode) -> None:
    append = out.append
    inner = "\n" + _INDENT * (level + 1)
    between = "," + inner
    if isinstance(value, dict):
        append("{" + inner)
        first = True
        for key, item in value.items():
            if first:
                first = False
            else:
                append(between)
            append(enc(key) if type(key) is str else _key(key, enc))
            kind = type(item)
            if kind is str:
                append(": " + enc(item))
            elif kind is int:
                append(": " + int.__repr__(item))
            elif kind is dict or kind is list:
                append(": ")
                _write(item, out, level + 1, memo, enc)
            else:
                append(": ")
                text = _scalar(item, enc)
                if text is None:
                    _write(item, out, level + 1, memo, enc)
                else:
                    append(text)
        append("\n" + _INDENT * level + "}")
    else:
        append("[" + inner)
        first = True
        for item in value:
            if first:
                first = False
            else:
                append(between)
            kind = type(item)
            if kind is str:
                append(enc(item))
            elif kind is int:
                append(int.__repr__(item))
            elif kind is dict or kind is list:
                _write(item, out, level + 1, memo, enc)
            else:
                text = _scalar(item, enc)
                if text is None:
                    _write(item, out, level + 1, memo, enc)
                else:
                    append(text)
        append("\n" + _INDENT * level + "]")


def chunks(
    value: object, level: int = 0, depth: int = 2, memo: _Memo | None = None, encode: Encode = encode_basestring
) -> Iterator[str]:
    """The same text in pieces, down to ``depth`` levels of containers (the items of the
    top-level lists and dicts, and theirs): a huge document is never one string in memory.
    A list marked ``streamed`` (its items worked out as they are written) is written item by item
    at any depth, and none of its items is kept. ``encode`` writes each string (and key), quotes included."""
    memo = {} if memo is None else memo
    if (
        (depth <= 0 and not getattr(value, "streamed", False))
        or not isinstance(value, (dict, list, tuple))
        or not value
    ):
        out: list[str] = []
        _write(value, out, level, memo, encode)
        yield "".join(out)
        return
    inner = "\n" + _INDENT * (level + 1)
    if isinstance(value, dict):
        yield "{"
        for i, (key, item) in enumerate(value.items()):
            yield (inner if i == 0 else "," + inner) + _key(key, encode) + ": "
            yield from chunks(item, level + 1, depth - 1, memo, encode)
        yield "\n" + _INDENT * level + "}"
    else:
        fresh = getattr(value, "streamed", False)  # items made as they are written share nothing: the memo
        yield "["  # would only keep every one of them alive
        for i, item in enumerate(value):
            yield inner if i == 0 else "," + inner
            yield from chunks(item, level + 1, depth - 1, {} if fresh else memo, encode)
        yield "\n" + _INDENT * level + "]"


def dumps(value: object, encode: Encode = encode_basestring) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)`` (``encode``: as in :func:`chunks`)."""
    out: list[str] = []
    _write(value, out, 0, {}, encode)
    return "".join(out)
