"""Army codes: a whole army file, homebrew included, as one line of text to paste into a forum post or a
chat (every ``warbench text`` export ends with one; ``warbench import`` and File ▸ Import from Text… read
it back). See docs/army-codes.md.

A code is ``WARBENCH1-<payload>-<checksum>``:

- ``1`` is the code's version (:data:`VERSION`); a newer one is refused, naming it.
- the payload is the army file's JSON as :func:`model.fileio.army_bytes` writes it, made compact (no
  indent), compressed as raw DEFLATE (zlib, level 9) with the preset dictionary :data:`_ZDICT` (the keys
  every army file repeats), in base32 (RFC 4648, ``A``–``Z`` and ``2``–``7``) without padding. Measured
  on the ten example armies, DEFLATE is smaller than LZMA and bzip2 for armies this size (human force:
  DEFLATE 578 bytes, LZMA 598, bzip2 697; with the dictionary 504).
- the checksum is the CRC-32 of the payload's characters, as 8 hexadecimal digits.

Only letters, digits and two dashes: nothing that BBCode, Markdown, a chat program's emphasis, emoji
or link finder reads, and nothing a typographer joins into a dash. Whitespace, zero-width characters and
``>`` quote marks inside a code (a chat program that wraps long lines, a forum that quotes or breaks long
words) are skipped when reading it: none of them is ever part of a code.

Reading a code is reading a file: the JSON goes through :func:`model.fileio.parse_army` (the same limits,
migrations and refusal of a newer schema_version), after being unpacked at most to the army file's size
limit of a code (:data:`model.limits.MAX_CODE_BYTES`, far below a file's), counted before it is kept (a zip
bomb is refused without being held in memory); an army of more than :data:`model.limits.MAX_CODE_UNITS`
units is refused before it is read.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import re
import sys
import zlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from pydantic_core import from_json

from warbench.model.fileio import ArmyFileError, army_bytes, parse_army, read_army_bytes, save_army
from warbench.model.limits import MAX_CODE_BYTES, MAX_CODE_UNITS, MAX_FILE_BYTES

if TYPE_CHECKING:
    from warbench.model.army import Army

#: the code format's version; a code of a newer version is refused, naming it
VERSION = 1
PREFIX = "WARBENCH"
#: raw DEFLATE (no zlib header: the code has its own checksum)
_WBITS = -15
#: the preset dictionary of code version 1: the keys and values every army file repeats. Part of the
#: format: changing it breaks every code written before, so a new dictionary needs a new VERSION.
_ZDICT = (
    b'"attributes":[{"id":"},{"id":"count":1,"elements":[{"name":"notes":"","units":[{"name":"options":{},'
    b'"points_limit":,"name":"system":"{"format":"warbench-army","schema_version":1,"'
)
#: bytes unpacked at a time while counting what a code unpacks to
_CHUNK = 1 << 20

#: what may sit inside a code without being part of it: whitespace (a wrapped line), zero-width
#: characters and soft hyphens (forums that break long words), ``>`` (a quoted line's mark)
_SKIP = "\\s>\u00ad\u200b-\u200d\u2060\ufeff"
_START = re.compile(rf"{PREFIX}(\d{{1,9}})-")
#: the payload and the checksum; the payload one run of a character class (a repeated group would keep
#: a backtracking entry for each character: 32 MB for a code of 200,000 characters)
_REST = re.compile(rf"([A-Z2-7{_SKIP}]+)-((?:[{_SKIP}]*[0-9A-F]){{8}})")
_SKIPPED = re.compile(f"[{_SKIP}]+")


class ArmyCodeError(ArmyFileError):
    """No code, a damaged code or a code of a newer version: one line saying which."""


def army_code(army: Army[Any, Any]) -> str:
    """The army's code, one line (ArmyFileError when the army could not be saved as a file either)."""
    compact = json.dumps(json.loads(army_bytes(army)), ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return pack(compact.encode("utf-8"))


def pack(data: bytes) -> str:
    """The code of the army file text ``data`` (which is not checked: :func:`army_code` packs an army)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, _WBITS, 9, zlib.Z_DEFAULT_STRATEGY, _ZDICT)
    return wrap(packer.compress(data) + packer.flush())


def wrap(packed: bytes, version: int = VERSION) -> str:
    """A code holding the compressed bytes ``packed`` (what :func:`army_code` makes of an army)."""
    payload = base64.b32encode(packed).decode("ascii").rstrip("=")
    return f"{PREFIX}{version}-{payload}-{_checksum(payload)}"


def _checksum(payload: str) -> str:
    return f"{zlib.crc32(payload.encode('ascii')):08X}"


def find_code(text: str) -> str | None:
    """The first army code in ``text`` exactly as it is written there (line breaks and all), or None."""
    start = _START.search(text)
    if start is None:
        return None
    rest = _REST.match(text, start.end())
    return text[start.start() : rest.end()] if rest else text[start.start() : start.end()]


def iter_codes(text: str) -> Iterator[tuple[int, str]]:
    """Every army code in ``text``, in order: (where it starts, the code exactly as written there); a code
    cut short is its start alone (``WARBENCH1-``), which :func:`army_from_code` names as cut short. The
    text is never copied: a mailbox of many codes is read in one pass."""
    position = 0
    while (start := _START.search(text, position)) is not None:
        rest = _REST.match(text, start.end())
        end = rest.end() if rest else start.end()
        yield start.start(), text[start.start() : end]
        position = end


def army_from_code(text: str, source: str = "") -> Army[Any, Any]:
    """The army of the first code in ``text`` (a forum post, a chat log, the code alone).

    ArmyCodeError when there is none, it is damaged or cut short, or of a newer version; ArmyFileError
    when what it holds is not an army this Warbench opens, exactly as for a file. ``source`` names where
    the text came from in the messages."""
    start = _START.search(text)
    if start is None:
        raise ArmyCodeError([f"no army code found: a code starts with {PREFIX}{VERSION}-"], source)
    version = int(start[1])
    if version > VERSION:
        raise ArmyCodeError(
            [
                f"the army code is version {version}, newer than version {VERSION} that this Warbench reads; "
                "open it with a newer Warbench"
            ],
            source,
        )
    if version < 1:
        raise ArmyCodeError([_damaged(f"version {version} is not one any Warbench writes")], source)
    rest = _REST.match(text, start.end())
    if rest is None:
        raise ArmyCodeError(
            [_damaged("it is cut short or broken: its end, a dash and 8 checksum digits, is missing")], source
        )
    payload, checksum = _SKIPPED.sub("", rest[1]), _SKIPPED.sub("", rest[2])
    if _checksum(payload) != checksum:
        raise ArmyCodeError([_damaged("its checksum does not match (a character was changed, lost or added)")], source)
    try:
        packed = base64.b32decode(payload + "=" * (-len(payload) % 8))
    except binascii.Error:
        raise ArmyCodeError([_damaged("its length is not one a code can have")], source) from None
    unpacked = _unpack(packed, source)
    _check_units(unpacked, source)
    return parse_army(unpacked, source or "army code")


def _check_units(unpacked: bytes, source: str) -> None:
    """ArmyCodeError when the army a code holds has more than :data:`MAX_CODE_UNITS` units, counted before
    the army is read (what is not an army JSON is left for the reading to name)."""
    try:
        data = from_json(unpacked, allow_inf_nan=False)
    except ValueError:
        return
    units = data.get("units") if isinstance(data, dict) else None
    if isinstance(units, list) and len(units) > MAX_CODE_UNITS:
        raise ArmyCodeError(
            [
                f"the army code holds {len(units):,} units; a code holds at most {MAX_CODE_UNITS:,} "
                "(docs/army-codes.md): share a list that large as an army file"
            ],
            source,
        )


def _damaged(why: str) -> str:
    return f"the army code is damaged: {why}; copy the whole code again, from {PREFIX} to its last character"


def _unpack(packed: bytes, source: str) -> bytes:
    """The JSON a code's bytes unpack to: counted first without keeping it, so a small code that unpacks
    to gigabytes is refused at the army file's size limit having held only a chunk at a time."""
    counter = zlib.decompressobj(_WBITS, zdict=_ZDICT)
    size, pending = 0, packed
    try:
        while True:
            chunk = counter.decompress(pending, _CHUNK)
            size += len(chunk)
            if size > MAX_CODE_BYTES:
                raise ArmyCodeError(
                    [
                        f"the army code unpacks to more than {MAX_CODE_BYTES:,} bytes, the limit for an army "
                        "code (docs/army-codes.md): share a list that large as an army file"
                    ],
                    source,
                )
            pending = counter.unconsumed_tail
            if counter.eof or not (chunk or pending):
                break
        if not counter.eof or counter.unused_data:
            raise zlib.error("the data does not end where it should")
        keeper = zlib.decompressobj(_WBITS, zdict=_ZDICT)
        return keeper.decompress(packed) + keeper.flush()
    except zlib.error:
        raise ArmyCodeError([_damaged("what it holds cannot be unpacked")], source) from None


def import_code(source: str, target: str, replace: bool = False) -> Army[Any, Any]:
    """``warbench import``: write the army of the first code in the file ``source`` (``-``: standard input)
    to the army file ``target``, never replacing one unless ``replace``; the army written. ArmyCodeError,
    or ArmyFileError, with nothing written, when there is no army to write or it cannot be written."""
    shown = "standard input" if source == "-" else source
    if not replace and os.path.lexists(target):
        raise ArmyCodeError([f"{target} already exists; nothing was written (add --force to replace it)"], shown)
    army = army_from_code(read_text(source), shown)
    try:
        save_army(army, target)
    except OSError as exc:
        raise ArmyCodeError([f"cannot write {target}: {exc.strerror or exc}"], shown) from None
    return army


def read_text(source: str) -> str:
    """The text of the file ``source`` (``-``: standard input), at most an army file's size; a byte that is
    not UTF-8 is read as U+FFFD (a code is ASCII: the text around it may be anything)."""
    if source == "-":
        data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise ArmyCodeError(
                [f"it holds over {MAX_FILE_BYTES:,} bytes, the limit for an army file"], "standard input"
            )
    else:
        data = read_army_bytes(source)
    return data.decode("utf-8", "replace")
